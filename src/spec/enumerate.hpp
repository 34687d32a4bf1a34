// The design space as lists: the valid specs over its core fields, and a small default sweep.
#pragma once

#include <functional>
#include <vector>

#include "spec/kernel_spec.hpp"
#include "spec/validity.hpp"

namespace autogemm {

// Optional extra condition on enumerated specs (e.g. only bm == 128, only persistent).
using SpecFilter = std::function<bool(const KernelSpec&)>;

// The valid specs for (dtype, acc, layout) over the core fields, in a fixed order: bm, bn from
// 64, stages 2-8, consumers, ping-pong, cluster, persistence, raster, swizzle, epilogue and
// stream-K, with validate() keeping what the budgets allow. The other fields keep their
// defaults (bk 64, no swap-AB, split counts, lag 1, one accumulator set, no deferred store,
// PDL): the full space is the product of these and theirs, too large to list.
std::vector<KernelSpec> enumerate_specs(DType, AccType, Layout, const SpecFilter& filter = {},
                                        const DeviceLimits& limits = {});

// A few dozen valid specs covering the space sensibly for large shapes: the starting sweep
// for the bench and the tuner's first guesses. Fixed order, no duplicates.
std::vector<KernelSpec> default_sweep(DType, AccType, Layout);

}  // namespace autogemm
