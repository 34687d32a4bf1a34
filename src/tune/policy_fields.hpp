// The learned policy's view of a KernelSpec: twenty-one fields, each with a finite list of values.
//
// Fields and their values (the first value of each is KernelSpec's default, so that a policy
// that has learned nothing about a field picks the default; the rest ascend):
//   bm {128, 64, 192, 256}; bn {256, 8, 16, 24, ..., 248} (every multiple of 8);
//   stages {4, 2, 3, 5, ..., 16}; cluster {1x1, 2x1, 1x2, 2x2, 4x1, 1x4, 2x4, 4x2};
//   warpgroups {coop, wg1, pp, wg3, coopn} (consumers, ping-pong and split N together);
//   epilogue {direct, tma, tma_tile, tma_rows, tma_rows2, tma_rows3, tma_rows4} (the last three
//   row blocks in parts: epilogue_parts); stream_k, swap_ab {false, true};
//   mma_lag {1, 0, 2, 3}; persistent {true, false}; raster {m, n}; swizzle {8, 1, 2, 4, 16};
//   sk_splits {0, 2, 3, ..., 64}; acc_sets {1, 2, 4}; defer_store {false, true};
//   pdl {true, false}; bk {64, 128, 32}; cluster_k {1, 2, 4, 8, 16};
//   split_pass {1, 2, 3, 4, 7, 8, 16, 2p, 3p, 4p, 7p, 8p, 16p} ("p": split_piece_major);
//   split_last {false, true}; sm_placed {false, true}.
// Together they cover every value the validity rules (src/spec/validity.cpp) allow but split
// passes of other counts (5, 6, 9-15: only the fitted family's split pieces, spec/fitted.cpp, can
// have them, and such specs have no encoding); only dtype, acc and layout are not fields: they
// come from the problem. The first twelve fields are those of the first policies; sk_splits and the
// ones after it were added later, at the end, so that the older fields keep their positions (a
// policy file without them still loads: policy_file.hpp).
//
// A spec with a value outside these lists (bk 256, say) has no encoding: the policy gives it
// probability zero and training skips its measurements.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"

namespace autogemm::tune {

inline constexpr size_t kNumPolicyFields = 21;

struct PolicyField {
  std::string_view name;            // e.g. "bn"
  std::vector<std::string> values;  // value names as policy files spell them, e.g. "256"
};

// The fields above, in this order.
const std::array<PolicyField, kNumPolicyFields>& policy_fields();

// One value index per field.
using FieldChoice = std::array<int, kNumPolicyFields>;

// The value index of each of `s`'s fields, or nullopt when one lies outside its list or `s`
// sets a KernelSpec field the policy does not model to something but its default (a compiled-in
// shape and the scaled epilogue excepted: they encode as the spec without them).
std::optional<FieldChoice> encode(const KernelSpec& s);

// The spec with these field values and the problem's dtype, acc and layout. It may be invalid:
// the fields are chosen independently, validity is checked by the caller.
KernelSpec decode(const FieldChoice& choice, const Problem& p);

}  // namespace autogemm::tune
