// Sizing the one device allocation a run reuses for every shape. Pure C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::bench {

// Regions, each rounded up to 256 bytes: A (M×K), B row-major (K×N), B stored N×K (the same
// logical B for "tn" methods), one C (M×N) per method, and the fp32 reference C.
struct Regions {
  size_t a = 0, b_nn = 0, b_tn = 0, c0 = 0, c_stride = 0, ref = 0, total = 0;  // byte offsets
};
Regions plan_regions(const Shape& s, DType dtype, int outputs);

// How many C regions of `s` fit in `capacity` bytes beside the inputs and the reference: the
// largest n in [1, outputs], or 0 when not even one does. Fewer than `outputs` means methods share
// C regions round-robin (a sweep of ~190 specs needs 98 GiB of C alone on 16384^3, more than an
// H100 has); each method's output is checked right after it runs, so sharing keeps the gate exact.
int outputs_that_fit(const Shape& s, DType dtype, int outputs, size_t capacity);

// The allocation to make: the largest need that fits in free_bytes - reserve_bytes (so shapes
// needing more are skipped, not the whole run); 0 if none fits.
size_t plan_capacity(const std::vector<size_t>& needs, size_t free_bytes, size_t reserve_bytes);

}  // namespace autogemm::bench
