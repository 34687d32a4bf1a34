// GPU names as file names: how a shipped tuning table is found for the GPU at hand.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace autogemm::tune {

// "NVIDIA H100 80GB HBM3" -> "nvidia_h100_80gb_hbm3": lower case, every run of characters
// other than letters and digits becomes one '_', none at either end. Stable, because shipped
// tables in data/ are named by it. An empty or all-symbol name gives "unknown_gpu".
std::string sanitize_gpu_name(std::string_view name);

// <data_dir>/<sanitized gpu_name><suffix>, e.g. data/nvidia_h200.policy.json.
std::filesystem::path gpu_data_path(const std::filesystem::path& data_dir,
                                    std::string_view gpu_name, std::string_view suffix);

// Where a per-GPU file (table, policy, cost model) comes from: the path in environment variable
// `env_var` when it is set (named explicitly, so the caller must load it), else
// gpu_data_path() when that file exists, else nullopt.
std::optional<std::filesystem::path> gpu_data_file(const char* env_var,
                                                   const std::filesystem::path& data_dir,
                                                   std::string_view gpu_name,
                                                   std::string_view suffix);

// Whose shipped data (tuning table, cost model, policy) serves the GPU at hand.
struct DataGpu {
  std::string name;  // the GPU name to look data up by
  std::string note;  // why it is another GPU's ("" when it is the GPU's own)
};

// The GPU's own name when `data_dir` has a table or cost model for it, or when a variable
// (AUTOGEMM_TABLE, AUTOGEMM_COST_MODEL) names one; else a GPU of the same chip (compute
// capability and SM count) whose data ships: the NVIDIA H200's serves the other 132-SM Hopper
// parts (H100 SXM, H100 NVL, GH200), whose SMs, clocks and caches are the same and whose memory
// is slower (so memory-bound shapes may rank specs differently); else the GPU's own name.
DataGpu data_gpu(std::string_view gpu_name, int cc_major, int cc_minor, int sm_count,
                 const std::filesystem::path& data_dir);

}  // namespace autogemm::tune
