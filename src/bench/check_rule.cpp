#include "bench/check_rule.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace autogemm::bench {

double tolerance(DType dtype, AccType acc, int64_t k) {
  if (acc == AccType::f16) return std::max(2e-3, std::ldexp(1.0, -11) * std::sqrt(double(k)));
  return dtype == DType::bf16 ? 1e-2 : 1e-3;
}

CheckResult judge(const CompareSums& s, DType dtype, AccType acc, int64_t k) {
  CheckResult r;
  r.tolerance = tolerance(dtype, acc, k);
  r.max_abs = s.max_abs;
  r.nonfinite = s.nonfinite;
  r.rel_err = s.ref_sq > 0 ? std::sqrt(s.diff_sq / s.ref_sq) : (s.diff_sq > 0 ? INFINITY : 0.0);
  char buf[160];
  if (s.count == 0) {
    r.reason = "nothing compared";
  } else if (s.nonfinite > 0) {
    std::snprintf(buf, sizeof buf, "%llu of %llu outputs NaN/Inf (unwritten or overflow)",
                  (unsigned long long)s.nonfinite, (unsigned long long)s.count);
    r.reason = buf;
  } else if (!(r.rel_err <= r.tolerance)) {
    std::snprintf(buf, sizeof buf, "rel_err %.3g > tolerance %.3g (max abs err %.3g)", r.rel_err,
                  r.tolerance, r.max_abs);
    r.reason = buf;
  } else {
    r.pass = true;
  }
  return r;
}

}  // namespace autogemm::bench
