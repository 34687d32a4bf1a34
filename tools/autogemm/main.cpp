// autogemm: the command-line program. Each subcommand is in cmd_<name>.cpp.
#include <iostream>

#include "commands.hpp"
#include "exit_codes.hpp"

int main(int argc, char** argv) {
  CLI::App app{"autogemm: per-shape GEMM kernels for Hopper, and the bench that judges them"};
  app.require_subcommand(1);
  autogemm::cli::register_info(app);
  autogemm::cli::register_bench(app);
  autogemm::cli::register_shapes(app);
  autogemm::cli::register_report(app);
  autogemm::cli::register_prebuild(app);
  autogemm::cli::register_overhead(app);
  autogemm::cli::register_db(app);
  autogemm::cli::register_dispatch(app);
  autogemm::cli::register_tune(app);
  autogemm::cli::register_trace(app);
  return autogemm::cli::run_cli(app, argc, argv, std::cout, std::cerr);
}
