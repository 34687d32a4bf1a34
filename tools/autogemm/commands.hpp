// The `autogemm` subcommands. Each lives in its own file and adds itself to the app with one
// register_* function; main.cpp calls them in the order `autogemm --help` lists them.
#pragma once

#include <CLI/CLI.hpp>

namespace autogemm::cli {

void register_info(CLI::App& app);      // cmd_info.cpp: the GPU and library versions
void register_bench(CLI::App& app);     // cmd_bench.cpp: measure GEMMs against the baselines
void register_shapes(CLI::App& app);    // cmd_shapes.cpp: print shape sets (grid, samples)
void register_report(CLI::App& app);    // cmd_report.cpp: summarize result CSVs
void register_prebuild(CLI::App& app);  // cmd_prebuild.cpp: compile specs into the JIT cache
void register_overhead(CLI::App& app);  // cmd_overhead.cpp: host cost of a gemm() call
void register_db(CLI::App& app);        // cmd_db.cpp: export/merge tables, store stats
void register_dispatch(CLI::App& app);  // cmd_dispatch.cpp: the dispatcher's choice for a problem
void register_tune(CLI::App& app);      // cmd_tune.cpp: tune shapes, write the experience store
void register_train_policy(CLI::App& db);  // cmd_db_policy.cpp: `db train-policy`
void register_rank(CLI::App& db);          // cmd_db_rank.cpp: `db rank`
void register_trace(CLI::App& app);        // cmd_trace.cpp: per-tile cycle profile of one spec

}  // namespace autogemm::cli
