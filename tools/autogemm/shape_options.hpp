// The shape-selecting flags `bench` and `shapes` share: --mnk, --shapes, --grid, --sample.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::cli {

struct ShapeOptions {
  std::vector<std::string> mnk;  // --mnk, repeatable
  std::string shapes_file;       // --shapes FILE
  std::string grid;              // --grid cudal2
  size_t sample = 0;             // --sample N: stratified subset (0: all)
};

void add_shape_options(CLI::App& sub, ShapeOptions& o);

// The shapes, in the order given (--mnk, then the file, then the grid), optionally reduced to
// a stratified sample with `seed`. Throws bench::InputError (no shapes, bad --mnk, bad file).
std::vector<Shape> resolve_shapes(const ShapeOptions& o, uint64_t seed);

}  // namespace autogemm::cli
