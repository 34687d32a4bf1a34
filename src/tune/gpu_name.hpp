// GPU names as file names: how a shipped tuning table is found for the GPU at hand.
#pragma once

#include <string>
#include <string_view>

namespace autogemm::tune {

// "NVIDIA H100 80GB HBM3" -> "nvidia_h100_80gb_hbm3": lower case, every run of characters
// other than letters and digits becomes one '_', none at either end. Stable, because shipped
// tables in data/ are named by it. An empty or all-symbol name gives "unknown_gpu".
std::string sanitize_gpu_name(std::string_view name);

}  // namespace autogemm::tune
