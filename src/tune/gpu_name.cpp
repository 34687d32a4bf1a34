#include "tune/gpu_name.hpp"

#include <cstdlib>

namespace autogemm::tune {

std::string sanitize_gpu_name(std::string_view name) {
  std::string out;
  bool pending_sep = false;
  for (char c : name) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum) {
      pending_sep = true;
      continue;
    }
    if (pending_sep && !out.empty()) out += '_';
    pending_sep = false;
    out += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  }
  return out.empty() ? "unknown_gpu" : out;
}

std::filesystem::path gpu_data_path(const std::filesystem::path& data_dir,
                                    std::string_view gpu_name, std::string_view suffix) {
  return data_dir / (sanitize_gpu_name(gpu_name) + std::string(suffix));
}

std::optional<std::filesystem::path> gpu_data_file(const char* env_var,
                                                   const std::filesystem::path& data_dir,
                                                   std::string_view gpu_name,
                                                   std::string_view suffix) {
  if (const char* env = std::getenv(env_var); env && *env) return std::filesystem::path(env);
  if (auto beside = gpu_data_path(data_dir, gpu_name, suffix); std::filesystem::exists(beside))
    return beside;
  return std::nullopt;
}

}  // namespace autogemm::tune
