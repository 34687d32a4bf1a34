#!/usr/bin/env bash
# Tuning data with the fitted specs among the first proposals (proposer.hpp's kFittedSeeds): 119
# new random shapes off the grid (bench/shapes/offgrid119_train6.txt, scripts/offgrid_shapes.py
# 119 6), then the 105 of offgrid105_train.txt again (a store of their sweep-era tuning exists:
# h200_offgrid_train_state.tgz), at budget 32, without a cost model (the shipped one never saw a
# fitted spec). Stops after TUNE_SECONDS (default 480). TRAIN_SHAPES: other shape files instead
# (offgrid147_train8.txt: scripts/offgrid_shapes.py 147 8). Runs ON the device, through
# offgrid_tune.sh. Output: $OUT/fitted_train_state.tgz (store, table, log).
SHAPE_FILES="${TRAIN_SHAPES:-bench/shapes/offgrid119_train6.txt bench/shapes/offgrid105_train.txt}" \
  NAME=fitted_train TUNE_SECONDS="${TUNE_SECONDS:-480}" \
  exec bash "$(dirname "$0")/offgrid_tune.sh"
