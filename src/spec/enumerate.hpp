// The design space as lists: every valid spec, and a small default sweep.
#pragma once

#include <functional>
#include <vector>

#include "spec/kernel_spec.hpp"
#include "spec/validity.hpp"

namespace autogemm {

// Optional extra condition on enumerated specs (e.g. only bm == 128, only persistent).
using SpecFilter = std::function<bool(const KernelSpec&)>;

// Every valid spec for (dtype, acc, layout), in a fixed order. Each field ranges over its
// design-space domain and validate() keeps what the budgets allow.
std::vector<KernelSpec> enumerate_specs(DType, AccType, Layout, const SpecFilter& filter = {},
                                        const DeviceLimits& limits = {});

// A few dozen valid specs covering the space sensibly for large shapes: the starting sweep
// for the bench and the tuner's first guesses. Fixed order, no duplicates.
std::vector<KernelSpec> default_sweep(DType, AccType, Layout);

}  // namespace autogemm
