// The learned policy's view of a KernelSpec: twelve fields, each with a finite list of values.
//
// Fields and their values (the first value of each is KernelSpec's default, so that a policy
// that has learned nothing about a field picks the default; the rest ascend):
//   bm {128, 64, 192, 256}; bn {256, 8, 16, 32, 48, ..., 240}; stages {4, 2, 3, 5, ..., 16};
//   cluster {1x1, 2x1, 1x2, 2x2, 4x1, 1x4}; warpgroups {coop, wg1, pp, wg3} (consumers and
//   ping-pong together); epilogue {direct, tma, tma_tile}; stream_k, swap_ab {false, true};
//   mma_lag {1, 0}; persistent {true, false}; raster {m, n}; swizzle {8, 1, 2, 4, 16}.
// dtype, acc and layout come from the problem and bk is fixed (64), so they are not fields.
//
// A spec with a value outside these lists (e.g. bn 24 with swap-AB) has no encoding: the
// policy gives it probability zero and training skips its measurements.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"

namespace autogemm::tune {

inline constexpr size_t kNumPolicyFields = 12;

struct PolicyField {
  std::string_view name;            // e.g. "bn"
  std::vector<std::string> values;  // value names as policy files spell them, e.g. "256"
};

// The fields above, in this order.
const std::array<PolicyField, kNumPolicyFields>& policy_fields();

// One value index per field.
using FieldChoice = std::array<int, kNumPolicyFields>;

// The value index of each of `s`'s fields, or nullopt when one lies outside its list or `s`
// sets a KernelSpec field the policy does not model (bk, say) to something but its default.
std::optional<FieldChoice> encode(const KernelSpec& s);

// The spec with these field values and the problem's dtype, acc and layout (bk 64). It may be
// invalid: the fields are chosen independently, validity is checked by the caller.
KernelSpec decode(const FieldChoice& choice, const Problem& p);

}  // namespace autogemm::tune
