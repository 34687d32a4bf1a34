// What the learned policy sees of a problem and a GPU: a fixed-length vector of numbers.
//
// The features are the quantities the hand-written heuristic reasons with (tiles per SM for a
// reference tile, how full the last wave is, K's depth, bytes against L2) plus the raw sizes,
// each on a log scale and divided so that it lies roughly in [-1, 1]: the policy's logits are
// linear in them, so a threshold rule ("stream-K when tiles < SMs") is one weight and a bias.
//
// The names are saved with a policy; a policy file whose list differs from this build's is
// refused, so changing a feature means a new policy format version.
#pragma once

#include <array>
#include <string_view>

#include "autogemm/types.hpp"
#include "tune/heuristic.hpp"

namespace autogemm::tune {

inline constexpr size_t kNumFeatures = 17;
using Features = std::array<double, kNumFeatures>;

// The features' names, in vector order (e.g. "log2_m", "log2_waves_128x128").
const std::array<std::string_view, kNumFeatures>& feature_names();

// Pure: the same problem and device give the same vector, bit for bit.
Features features(const Problem& p, const DeviceFacts& device);

}  // namespace autogemm::tune
