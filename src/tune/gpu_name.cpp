#include "tune/gpu_name.hpp"

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

}  // namespace autogemm::tune
