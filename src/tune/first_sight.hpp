// Tuning on first sight (AUTOGEMM_TUNE=1): gemm() without a spec, meeting a problem that no
// tuning table holds, tunes it with a small budget and adds it to the user tuning table
// (user_table.hpp) before running it, as PyTorch's TunableOp does; later calls and later
// processes find it there.
//
// The tuning runs `autogemm tune` as a child process on the same GPU, waited for:
//   autogemm tune --mnk M_N_K --dtype D --acc A --layout L --budget B --store S
//       --gpu_device_id G --update-table T --resume
// Why a process: the tuner needs the bench harness and cuBLASLt autotuning (not part of the
// library), and a candidate kernel that faults ruins the CUDA context of the process it runs
// in; the caller's context must survive that. --resume makes a shape another process already
// tuned into this store cost nothing but the table update.
//
// Environment:
//   AUTOGEMM_TUNE          on when set to anything but "" or "0"
//   AUTOGEMM_TUNE_BUDGET   candidates measured per problem (default 8)
//   AUTOGEMM_USER_TABLE    the user table (default ~/.cache/autogemm/<gpu>.user.json)
//   AUTOGEMM_TUNE_STORE    the experience store (default: the user table's path, .sqlite)
//   AUTOGEMM_TUNE_COMMAND  the autogemm binary (default: the one built with this library, else
//                          `autogemm` on PATH)
//   AUTOGEMM_LOG           when on, the child's output is shown; otherwise it is discarded
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::tune {

class Dispatcher;

struct FirstSightConfig {
  int budget = 8;
  std::string command;  // the autogemm binary
  std::filesystem::path table, store;
  bool quiet = true;  // the child's stdout and stderr go to /dev/null
};

// AUTOGEMM_TUNE is set to anything but "" or "0".
bool first_sight_enabled();

// From the environment (above); `built_command` is the autogemm binary built beside this
// library (used when it exists). Throws Error for an AUTOGEMM_TUNE_BUDGET that is not a
// positive integer.
FirstSightConfig first_sight_config(std::string_view gpu_name, std::string_view built_command);

// The child's command line (above) for `p` on GPU `device`.
std::vector<std::string> first_sight_command(const Problem& p, int device,
                                             const FirstSightConfig& config);

// Runs `argv` and waits for it: nullopt when it exits 0, else what went wrong.
std::optional<std::string> run_and_wait(const std::vector<std::string>& argv, bool quiet);

// Sets `d` up from the environment: the user table when AUTOGEMM_TUNE is on or
// AUTOGEMM_USER_TABLE is set (a file that exists but does not load is an Error), and, when
// AUTOGEMM_TUNE is on, the tuner for GPU `device`.
void use_first_sight_from_environment(Dispatcher& d, std::string_view gpu_name, int device,
                                      std::string_view built_command);

}  // namespace autogemm::tune
