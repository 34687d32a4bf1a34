// What the cost model sees of one candidate: a fixed-length vector of numbers describing a
// (problem, kernel spec, device) triple.
//
// Four kinds of numbers, the last because a tree ensemble splits on one number at a time and
// cannot multiply two of them itself:
//   - the problem: log2 M, N, K and flops, dtype/acc/layout, its arithmetic intensity;
//   - the device: SM count, shared memory per SM, L2 size, and A+B's bytes against L2;
//   - the spec, every KernelSpec field (numbers as they are, booleans 0/1, the epilogue and the
//     raster one-hot) and what validity derives from them (shared memory, registers);
//   - problem and spec together, the quantities a performance engineer reasons with: output
//     tiles, waves on the SM count and how full the last one is (in stream-K pieces where they
//     apply), the share of computed tile area lost to padding (per dimension and in all),
//     k-blocks per tile and per SM, the tile's own arithmetic intensity, tile aspect against the
//     problem's, and roofline-like estimates of the busiest SM's MMA volume and of the output it
//     stores.
// With swap-AB the kernel computes Cᵀ, so its tile's M runs along N: the joint numbers use the
// kernel's own view of rows and columns.
//
// The names are saved with a model; a model whose list differs from this build's is refused
// (cost_model.hpp), so a new KernelSpec field or feature means retraining.
#pragma once

#include <array>
#include <string_view>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"
#include "tune/heuristic.hpp"

namespace autogemm::tune {

inline constexpr size_t kNumCostFeatures = 62;
using CostFeatures = std::array<float, kNumCostFeatures>;

// The features' names, in vector order (e.g. "log2_m", "wave_fill", "epilogue_tma").
const std::array<std::string_view, kNumCostFeatures>& cost_feature_names();

// Pure: the same arguments give the same vector, bit for bit.
CostFeatures cost_features(const Problem& p, const KernelSpec& s, const DeviceFacts& device);

}  // namespace autogemm::tune
