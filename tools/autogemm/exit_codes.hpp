// Exit codes of the `autogemm` command, and the one place exceptions become them.
#pragma once

#include <CLI/CLI.hpp>
#include <exception>
#include <ostream>
#include <string>

namespace autogemm::cli {

enum ExitCode : int {
  kOk = 0,
  kFailure = 1,   // a run failed (CUDA/cuBLAS error, I/O error, ...)
  kBadInput = 2,  // bad flags, shapes, files, methods — nothing was run
  kNoGpu = 3,     // no usable CUDA GPU
};

// The exit code for an exception: InputError / CLI11 parse errors -> 2, NoGpuError -> 3,
// other errors -> 1.
int exit_code_for(const std::exception_ptr& e);

// The command line run_cli was given, as one shell-quoted string (recorded with results).
const std::string& command_line();

// Parses argv into `app` (which runs the chosen subcommand's callback) and maps any exception
// to its exit code, printing "autogemm: error: <message>" (one line) on `err`. --help prints
// help and returns 0.
int run_cli(CLI::App& app, int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace autogemm::cli
