// How `autogemm tune --devices 0,1,...` starts its workers: the list of GPUs, and each worker's
// command line, derived from the parent's own.
//
// Why the same command line: a worker is `autogemm tune` with the user's flags (shapes, types,
// budget, policy, cost model, ...) as given, so no option needs passing twice; only what makes
// it a worker changes (its GPU, the run's queue, its id) and what only the parent does goes
// (--devices, the table export at the end).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace autogemm::tune {

// "0,1,3" -> {0, 1, 3}. Throws Error (naming the rule and the text) for an empty list, an entry
// that is not a non-negative integer, or a GPU named twice.
std::vector<int> parse_devices(std::string_view text);

// A worker's arguments (after the program name) from the parent's (`parent_args`, after the
// program name, starting with "tune"): without --devices, --gpu_device_id, --resume,
// --out-table, --update-table, --worker-timeout, --max-restarts, --worker-of and --worker-id
// (either "--flag value" or "--flag=value"; "_" spellings too), then with "--gpu_device_id <device>
// --worker-of <run> --worker-id <id>", and --resume when the parent had it or `restart` (a worker
// replacing one that died).
std::vector<std::string> worker_args(const std::vector<std::string>& parent_args, int device,
                                     const std::string& run, const std::string& worker_id,
                                     bool restart);

}  // namespace autogemm::tune
