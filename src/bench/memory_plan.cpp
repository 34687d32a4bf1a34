#include "bench/memory_plan.hpp"

#include <algorithm>

namespace autogemm::bench {
namespace {
constexpr size_t kAlign = 256;
size_t round_up(size_t x) {
  return (x + kAlign - 1) / kAlign * kAlign;
}
}  // namespace

Regions plan_regions(const Shape& s, DType dtype, int outputs) {
  const size_t e = size_t(element_bytes(dtype));
  const size_t mk = size_t(s.m) * size_t(s.k), kn = size_t(s.k) * size_t(s.n),
               mn = size_t(s.m) * size_t(s.n);
  Regions r;
  r.a = 0;
  r.b_nn = r.a + round_up(mk * e);
  r.b_tn = r.b_nn + round_up(kn * e);
  r.c0 = r.b_tn + round_up(kn * e);
  r.c_stride = round_up(mn * e);
  r.ref = r.c0 + r.c_stride * size_t(std::max(outputs, 0));
  r.total = r.ref + round_up(mn * sizeof(float));
  return r;
}

int outputs_that_fit(const Shape& s, DType dtype, int outputs, size_t capacity) {
  const Regions one = plan_regions(s, dtype, 1);
  if (one.total > capacity) return 0;
  if (one.c_stride == 0) return std::max(outputs, 1);  // an empty C (M or N of 0)
  const size_t fit = 1 + (capacity - one.total) / one.c_stride;
  return int(std::min<size_t>(fit, size_t(std::max(outputs, 1))));
}

size_t plan_capacity(const std::vector<size_t>& needs, size_t free_bytes, size_t reserve_bytes) {
  const size_t usable = free_bytes > reserve_bytes ? free_bytes - reserve_bytes : 0;
  size_t best = 0;
  for (size_t n : needs)
    if (n <= usable) best = std::max(best, n);
  return best;
}

}  // namespace autogemm::bench
