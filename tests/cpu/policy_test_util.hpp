// Synthetic experience for the policy tests: a world whose fastest kernels follow a planted rule.
//
// The rule (what a trained policy must rediscover from measurements alone):
//   bn 256 is best when N >= 4096, bn 64 otherwise;
//   swap-AB wins when M <= 32;
//   stream-K wins when the 128x128 tiles are fewer than the SMs.
// A spec's time is a roofline-like base times a penalty per broken part of the rule, a small
// effect of the pipeline depth, and a little deterministic noise; about one candidate in twenty
// fails (a compile error), as on a real GPU.
#pragma once

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/measurement.hpp"
#include "tune_test_util.hpp"

namespace autogemm::tune::testing {

inline constexpr int kSyntheticSms = 132;

struct PlantedRule {
  static int bn(const Shape& s) { return s.n >= 4096 ? 256 : 64; }
  static bool swap_ab(const Shape& s) { return s.m <= 32; }
  static bool stream_k(const Shape& s) {
    return ((s.m + 127) / 128) * ((s.n + 127) / 128) < kSyntheticSms;
  }
  // Which of the three parts `spec` obeys for `s`.
  static bool bn_ok(const Shape& s, const KernelSpec& spec) { return spec.bn == bn(s); }
  static bool swap_ok(const Shape& s, const KernelSpec& spec) { return spec.swap_ab == swap_ab(s); }
  static bool stream_k_ok(const Shape& s, const KernelSpec& spec) {
    return spec.stream_k == stream_k(s);
  }
};

// Valid tn specs that vary the rule's fields and a few others.
inline std::vector<KernelSpec> synthetic_pool() {
  std::vector<KernelSpec> out;
  for (int bm : {64, 128})
    for (int bn : {64, 128, 256})
      for (bool swap : {false, true})
        for (bool sk : {false, true})
          for (int stages : {3, 4})
            for (Epilogue e : {Epilogue::direct, Epilogue::tma})
              for (int cm : {1, 2}) {
                KernelSpec s;
                s.layout = Layout::tn;
                s.bm = bm;
                s.bn = bn;
                s.consumers = bm == 64 ? 1 : 2;
                s.swap_ab = swap;
                s.stream_k = sk;
                s.stages = stages;
                s.epilogue = e;
                s.cluster_m = cm;
                if (!validate(s)) out.push_back(s);
              }
  return out;
}

// A log-uniform size in [lo, hi], rounded to a multiple of `align` (at least `align`).
inline int64_t log_uniform(std::mt19937_64& rng, double lo, double hi, int64_t align) {
  const double u = double(rng() >> 11) * 0x1.0p-53;
  const double v = std::exp(std::log(lo) + u * (std::log(hi) - std::log(lo)));
  return std::max<int64_t>(align, int64_t(std::llround(v / double(align))) * align);
}

// `count` distinct tn problems, M 1..16384, N and K 64..16384 (multiples of 8).
inline std::vector<Problem> synthetic_problems(size_t count, uint64_t seed,
                                               const std::vector<Problem>& avoid = {}) {
  std::mt19937_64 rng(seed);
  std::vector<Problem> out;
  while (out.size() < count) {
    const Problem p = problem(log_uniform(rng, 1, 16384, 1), log_uniform(rng, 64, 16384, 8),
                              log_uniform(rng, 64, 16384, 8));
    if (std::find(out.begin(), out.end(), p) == out.end() &&
        std::find(avoid.begin(), avoid.end(), p) == avoid.end())
      out.push_back(p);
  }
  return out;
}

inline double synthetic_time_us(const Problem& p, const KernelSpec& s, std::mt19937_64& rng) {
  const Shape& sh = p.shape;
  const double base = 3.0 + std::max(sh.flops() / 600e6,
                                     2.0 * double(sh.m * sh.k + sh.n * sh.k + sh.m * sh.n) / 4e6);
  double t = base;
  if (!PlantedRule::bn_ok(sh, s)) t *= 1.35;
  if (!PlantedRule::swap_ok(sh, s)) t *= 1.5;
  if (!PlantedRule::stream_k_ok(sh, s)) t *= 1.3;
  if (s.stages == 3) t *= 1.02;
  const double noise = double(rng() >> 11) * 0x1.0p-53;  // up to 4%: below every rule's effect
  return t * (1.0 + 0.04 * noise);
}

// `per_problem` measurements of distinct pool specs per problem, as the tuner would record them.
inline std::vector<Measurement> synthetic_measurements(const std::vector<Problem>& problems,
                                                       size_t per_problem, uint64_t seed) {
  const std::vector<KernelSpec> pool = synthetic_pool();
  std::mt19937_64 rng(seed);
  std::vector<Measurement> out;
  for (const Problem& p : problems) {
    std::vector<KernelSpec> fitting;
    for (const KernelSpec& s : pool)
      if (!validate_problem(s, p)) fitting.push_back(s);
    for (size_t i = fitting.size(); i > 1; --i) std::swap(fitting[i - 1], fitting[rng() % i]);
    fitting.resize(std::min(per_problem, fitting.size()));
    for (const KernelSpec& s : fitting) {
      const double t = synthetic_time_us(p, s, rng);
      Measurement m = sample_measurement(p, spec_name(s), t);
      m.reference_median_us = 1.1 * synthetic_time_us(p, KernelSpec{}, rng);
      if (rng() % 20 == 0) {
        m.status = Status::compile_error;
        m.message = "synthetic failure";
        m.median_us = m.p10_us = m.p90_us = m.rel_err = std::nullopt;
      }
      out.push_back(m);
    }
  }
  return out;
}

}  // namespace autogemm::tune::testing
