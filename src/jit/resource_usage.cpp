#include "jit/resource_usage.hpp"

#include <algorithm>
#include <charconv>

namespace autogemm::jit {
namespace {

// The integer just before `unit` in `line` ("... 40 bytes spill stores" -> 40), or -1.
int number_before(std::string_view line, std::string_view unit) {
  const size_t at = line.find(unit);
  if (at == std::string_view::npos || at == 0) return -1;
  size_t end = at;
  while (end > 0 && line[end - 1] == ' ') --end;
  size_t begin = end;
  while (begin > 0 && line[begin - 1] >= '0' && line[begin - 1] <= '9') --begin;
  int value = -1;
  if (begin == end) return -1;
  std::from_chars(line.data() + begin, line.data() + end, value);
  return value;
}

void take_max(int& field, int value) {
  if (value >= 0) field = std::max(field, value);
}
void take_sum(int& field, int value) {
  if (value >= 0) field = std::max(field, 0) + value;
}

}  // namespace

// Lines look like (ptxas 13):
//   ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 168 registers, used 1 barriers, 1024 bytes smem, 384 bytes cmem[0]
//   ptxas info    : (C7514) Potential Performance Loss: wgmma.mma_async instructions are
//                   serialized due to ... in the function 'autogemm_sm90_gemm'
ResourceUsage parse_ptxas_log(std::string_view log) {
  ResourceUsage u;
  while (!log.empty()) {
    const size_t nl = log.find('\n');
    const std::string_view line = log.substr(0, nl);
    log.remove_prefix(nl == std::string_view::npos ? log.size() : nl + 1);
    if (line.find("registers") != std::string_view::npos &&
        line.find("Used ") != std::string_view::npos) {
      take_max(u.registers, number_before(line, "registers"));
      take_max(u.static_smem, number_before(line, "bytes smem"));
      if (u.static_smem < 0) u.static_smem = 0;  // ptxas omits "smem" when there is none
    }
    if (line.find("C7514") != std::string_view::npos ||
        (line.find("wgmma") != std::string_view::npos &&
         line.find("serialized") != std::string_view::npos))
      u.wgmma_serialized = true;
    if (line.find("stack frame") != std::string_view::npos) {
      take_max(u.stack_frame, number_before(line, "bytes stack frame"));
      take_sum(u.spill_stores, number_before(line, "bytes spill stores"));
      take_sum(u.spill_loads, number_before(line, "bytes spill loads"));
    }
  }
  return u;
}

}  // namespace autogemm::jit
