// Exit codes of the `autogemm` command, and the one place exceptions become them.
#pragma once

#include <CLI/CLI.hpp>
#include <exception>
#include <ostream>
#include <string>
#include <vector>

namespace autogemm::cli {

enum ExitCode : int {
  kOk = 0,
  kFailure = 1,      // a run failed (CUDA/cuBLAS error, I/O error, ...)
  kBadInput = 2,     // bad flags, shapes, files, methods — nothing was run
  kNoGpu = 3,        // no usable CUDA GPU
  kWorkerFault = 4,  // tune: a candidate broke the CUDA context; run again with --resume
  kGpuHang = 5,      // a GPU operation did not finish in time (a deadlocked kernel)
};

// The exit code for an exception: InputError / CLI11 parse errors -> 2, NoGpuError -> 3,
// tune::WorkerFaultError -> 4, GpuHang -> 5, other errors -> 1.
int exit_code_for(const std::exception_ptr& e);

// The command line run_cli was given, as one shell-quoted string (recorded with results).
const std::string& command_line();
// The same, unquoted: the arguments after the program name (`tune --devices` hands them on to
// its workers).
const std::vector<std::string>& command_args();

// Parses argv into `app` (which runs the chosen subcommand's callback) and maps any exception
// to its exit code, printing "autogemm: error: <message>" (one line) on `err`. --help prints
// help and returns 0. While it runs, a GPU hang (core/hang_guard.hpp) prints that line and ends
// the process at once with kGpuHang: nothing may synchronize after it, not even cleanup (a
// subcommand may install its own handler over this one, as `tune` does).
int run_cli(CLI::App& app, int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace autogemm::cli
