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
// shipped_data_file(), else nullopt.
std::optional<std::filesystem::path> gpu_data_file(const char* env_var,
                                                   const std::filesystem::path& data_dir,
                                                   std::string_view gpu_name,
                                                   std::string_view suffix);

// gpu_data_path() when that file exists, else the same path with ".gz" (a compressed copy; the
// readers decompress it, text_file.hpp) when that exists, else nullopt.
std::optional<std::filesystem::path> shipped_data_file(const std::filesystem::path& data_dir,
                                                       std::string_view gpu_name,
                                                       std::string_view suffix);

// Whose shipped data of one kind serves the GPU at hand.
struct DataGpu {
  std::string name;      // the GPU name to look the data up by
  std::string note;      // why it is another GPU's ("" when it is the GPU's own)
  std::string underlay;  // tables only: a same-chip GPU whose shipped table serves the shapes
                         // the GPU's own table lacks ("" when none)
};

// For the data of kind `suffix` (".json" the tuning table, ".costmodel.json", ".policy.json"):
// the GPU's own name when `data_dir` has that file for it, or when the kind's variable
// (AUTOGEMM_TABLE, AUTOGEMM_COST_MODEL, AUTOGEMM_POLICY) names one; else a GPU of the same chip
// (compute capability and SM count) whose file ships: the NVIDIA H200's serves the other 132-SM
// Hopper parts (H100 SXM, H100 NVL, GH200), whose SMs and caches are the same and whose memory
// and power limits differ (so the picks of memory- and power-bound shapes may differ); else the
// GPU's own name. A GPU's own table, which may hold only the shapes tuned on it, lies over the
// same chip's shipped table (`underlay`), unless AUTOGEMM_TABLE names the table. Throws Error for
// another suffix.
DataGpu data_gpu(std::string_view gpu_name, int cc_major, int cc_minor, int sm_count,
                 const std::filesystem::path& data_dir, std::string_view suffix = ".json");

}  // namespace autogemm::tune
