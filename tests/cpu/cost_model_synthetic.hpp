// Synthetic experience for the cost model's tests: shapes, candidate pools, and measurements
// whose times follow a planted rule the model must learn.
//
// The rule is a roofline-style time built from what a tile scheduler cares about: waves of
// output tiles on the SM count (so padding waste and wave quantisation both cost), k-blocks per
// tile at an MMA rate that grows with the tile's data reuse, stream-K's finer units, a penalty
// for a tile aspect (bn/bm) against the output's (N/M), shallow pipelines, and a launch cost.
// Specs with a 1x2 cluster and fewer than 4 stages "fail to compile". Measured times carry 3%
// log-normal noise, as run-to-run spread does.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "spec/enumerate.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/measurement.hpp"

namespace autogemm::tune::testing {

inline constexpr int kSyntheticSms = 132;

// Uniform and normal draws from mt19937_64 by hand: std's distributions differ between
// standard libraries, and the figures the tests print should not.
class Draws {
 public:
  explicit Draws(uint64_t seed) : rng_(seed) {}
  double uniform() { return double(rng_() >> 11) * 0x1.0p-53; }
  double normal() {
    const double u1 = std::max(uniform(), 1e-300), u2 = uniform();
    return std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
  size_t below(size_t n) { return size_t(uniform() * double(n)); }

 private:
  std::mt19937_64 rng_;
};

inline int64_t cdiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

inline bool planted_failure(const KernelSpec& s) {
  return s.cluster_n == 2 && s.stages < 4;
}

// Noise-free time in microseconds.
inline double planted_us(const Problem& p, const KernelSpec& s, int sms = kSyntheticSms) {
  const int64_t rows = s.swap_ab ? p.shape.n : p.shape.m;
  const int64_t cols = s.swap_ab ? p.shape.m : p.shape.n;
  const int64_t tiles = cdiv(rows, s.bm) * cdiv(cols, s.bn), k_blocks = cdiv(p.shape.k, s.bk);
  const double reuse = double(s.bm * s.bn) / double(s.bm + s.bn) / (128.0 * 256.0 / 384.0);
  const double rate = 7.5e6 * (0.3 + 0.7 * std::min(1.0, reuse));  // flop per µs per SM
  const double k_block_us = 2.0 * s.bm * s.bn * s.bk / rate;
  const double epilogue_us = 0.02 * s.bm * s.bn / 1024.0;
  // Stream-K: k-blocks spread evenly over the SMs, plus a fix-up of partial tiles. Cluster
  // split-K: cluster_k CTAs per tile, each a share of the k-blocks, plus their reduction; split-K
  // with a reduction pass likewise with split_pass pieces, its reduction a second launch.
  const int64_t pieces = int64_t(s.cluster_k) * s.split_pass, ctas = tiles * pieces;
  const double mma_us = s.stream_k
                            ? 1.15 * double(cdiv(tiles * k_blocks, sms)) * k_block_us + 1.5
                            : double(cdiv(ctas, sms) * cdiv(k_blocks, pieces)) * k_block_us +
                                  (s.cluster_k > 1 ? 1.0 : 0.0) + (s.split_pass > 1 ? 2.0 : 0.0);
  double t = mma_us + double(cdiv(ctas, sms)) * epilogue_us;
  const double aspect = std::clamp(std::log2(double(cols) / double(rows)), -2.0, 2.0);
  t *= 1 + 0.05 * std::abs(std::log2(double(s.bn) / double(s.bm)) - aspect);
  if (s.stages < 4) t *= 1.06;
  return t + 3.0;
}

inline double planted_reference_us(const Problem& p) {
  const double flops = 2.0 * double(p.shape.m) * double(p.shape.n) * double(p.shape.k);
  return flops / (kSyntheticSms * 7.5e6 * 0.8) + 4.0;
}

// A shape with each dimension log-uniform in [2^lo, 2^14], rounded up to a multiple of 8.
inline Problem random_problem(Draws& d) {
  auto dim = [&](double lo) {
    const double v = std::exp2(lo + (14 - lo) * d.uniform());
    return int64_t(cdiv(int64_t(v), 8) * 8);
  };
  Problem p;
  p.shape = {dim(3), dim(6), dim(6)};
  p.dtype = DType::f16;
  p.acc = AccType::f32;
  p.layout = Layout::tn;
  return p;
}

// The default sweep's specs that fit `p`, in sweep order (not ranked: a constant ranking must
// not inherit a prior).
inline std::vector<KernelSpec> candidate_pool(const Problem& p) {
  std::vector<KernelSpec> out;
  for (const KernelSpec& s : default_sweep(p.dtype, p.acc, p.layout))
    if (!validate_problem(s, p)) out.push_back(s);
  return out;
}

// `per_shape` measurements (distinct specs drawn from the pool) of each of `shapes` shapes.
inline std::vector<Measurement> synthetic_rows(uint64_t seed, size_t shapes, size_t per_shape,
                                               std::vector<Problem>* problems = nullptr) {
  Draws d(seed);
  std::vector<Measurement> rows;
  for (size_t i = 0; i < shapes; ++i) {
    const Problem p = random_problem(d);
    if (problems) problems->push_back(p);
    std::vector<KernelSpec> pool = candidate_pool(p);
    for (size_t j = 0; j < per_shape && !pool.empty(); ++j) {
      const size_t pick = d.below(pool.size());
      const KernelSpec s = pool[pick];
      pool.erase(pool.begin() + long(pick));
      Measurement m;
      m.env = {"NVIDIA H200", "GPU-synthetic", "580.159.04", "13.0", "synthetic"};
      m.spec = spec_name(s);
      m.problem = p;
      m.mode = "kernel";
      m.reference_method = "cublaslt_autotune_tn";
      m.reference_median_us = planted_reference_us(p) * std::exp(0.03 * d.normal());
      if (planted_failure(s)) {
        m.status = Status::compile_error;
        m.message = "planted: 1x2 clusters need 4 stages";
      } else {
        m.median_us = planted_us(p, s) * std::exp(0.03 * d.normal());
      }
      rows.push_back(m);
    }
  }
  return rows;
}

}  // namespace autogemm::tune::testing
