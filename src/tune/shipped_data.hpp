// The dispatcher gemm() builds for a GPU from the data that ships (data/): one place, so the
// library and `autogemm dispatch --gpu` agree and a CPU test covers it.
#pragma once

#include <filesystem>
#include <string_view>

#include "tune/dispatch.hpp"

namespace autogemm::tune {

// The GPU's own tuning table over a same-chip GPU's, its cost model and its policy, each found by
// data_gpu() on its own (AUTOGEMM_TABLE, AUTOGEMM_COST_MODEL and AUTOGEMM_POLICY name files
// instead). Throws Error for a file that exists but does not load.
Dispatcher dispatcher_for_gpu(std::string_view gpu_name, int cc_major, int cc_minor, int sm_count,
                              const std::filesystem::path& data_dir);

}  // namespace autogemm::tune
