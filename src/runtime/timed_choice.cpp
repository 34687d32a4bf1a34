#include "runtime/timed_choice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <tuple>
#include <utility>

#include "spec/fitted.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/dispatch.hpp"

namespace autogemm::runtime {

namespace {
// A whole number from 0 to `most` in `text`, `fallback` when unset or empty; else an Error
// naming the variable and what it wants.
int parse_count(const char* text, int fallback, int most, std::string_view variable,
                std::string_view wants) {
  if (text == nullptr || *text == '\0') return fallback;
  const std::string s(text);
  const bool digits =
      s.size() <= 2 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoi(s) > most)
    throw Error(fmt::format("{}='{}': want {}, a whole number from 0 to {} (unset: {})", variable,
                            s, wants, most, fallback));
  return std::stoi(s);
}
}  // namespace

int parse_autotune(const char* text) {
  return parse_count(text, 6, 16, "AUTOGEMM_AUTOTUNE",
                     "how many candidates to time on a problem's first call (0 or 1: none)");
}

int parse_trial_fixed(const char* text) {
  return parse_count(text, 2, 16, "AUTOGEMM_TRIAL_FIXED",
                     "how many of a trial's first candidates also run with the problem's shape "
                     "compiled in (0: none)");
}

int parse_trial_batch(const char* text) {
  return parse_count(text, 0, 16, "AUTOGEMM_TRIAL_BATCH",
                     "the fewest launches a trial times back to back per candidate and round "
                     "outside the large class (0: the trial's own plan)");
}

int trial_batch_floor() {
  static const int n = parse_trial_batch(std::getenv("AUTOGEMM_TRIAL_BATCH"));
  return n;
}

int trial_fixed_twins() {
  static const int n = parse_trial_fixed(std::getenv("AUTOGEMM_TRIAL_FIXED"));
  return n;
}

int autotune_candidates() {
  static const int n = parse_autotune(std::getenv("AUTOGEMM_AUTOTUNE"));
  return n;
}

void check_trial_settings() {
  autotune_candidates();
  trial_fixed_twins();
  trial_batch_floor();
}

namespace {
double flops_of(const Problem& p) {
  return 2.0 * double(p.shape.m) * double(p.shape.n) * double(p.shape.k);
}

// A, B and C in bytes (16-bit elements).
double bytes_of(const Problem& p) {
  const double m = double(p.shape.m), n = double(p.shape.n), k = double(p.shape.k);
  return 2 * (m * k + k * n + m * n);
}

// The roofline's two times for one call: 2MNK at 650 TFLOP/s, the operands' bytes at 3 TB/s.
double mma_us(const Problem& p) {
  return flops_of(p) / 650e6;
}
double memory_us(const Problem& p) {
  return bytes_of(p) / 3e6;
}

// A roofline estimate of one call: the longer of the two, at least 3 us.
double estimated_call_us(const Problem& p) {
  return std::max({mma_us(p), memory_us(p), 3.0});
}

// The large class's other families, in the fp16/fp32/tn names (with_types_of gives p's). The
// ping-pong 128x192 tiles: on 32 held-out large shapes (h200_large_offgrid_s27) the model's pick
// read 0.995x of cuBLASLt, the best of it and these two 1.017x, and the ping-pong 128x192 is the
// fastest kernel on the headline shapes (h200_defer_long_k_s29, h200_issue3_recheck_s29). The
// cooperative 256x128 in a 1x2 cluster: cuBLASLt's own large-shape tile, and the best of the
// fixed cooperative specs there; the model often ranks it high already (then it is not repeated).
// The H200 table's three most frequent large picks in their place (cluster-free 128x192 ping-pong
// and 128x256 cooperative) read the same: 0.995-1.002x gemm()'s time (h200_large_family_s40).
constexpr const char* kLargeFamilies[] = {
    "sm90_f16f32_tn_128x192x64_s4_c2x1_pp_persist_r8m_etmar",
    "sm90_f16f32_tn_128x192x64_s4_c1x1_pp_persist_r16m_etmar",
    "sm90_f16f32_tn_256x128x64_s4_c1x2_coop_persist_r8m_etma",
};
}  // namespace

bool decode_like(const Problem& p) {
  return p.shape.m <= 64 && p.shape.n >= 2048 && p.shape.k >= 2048;
}

// The decode-like problems' other families (fp16/fp32/tn names; with_types_of gives p's): swap-AB
// 128-row tiles over the weight, bn the smallest of 16, 32, 48, 64 that holds M, split three ways
// with the reduction pass, or in a 4x1 cluster (the activations multicast; bn 32 or 64, so that
// each CTA loads an even 8-row slice of them): the tuned picks of decode.txt
// (h200_oracle_s21_decode_chosen) that the model's top six missed (h200_acceptance_s31: 3-8% faster
// there). With them, and timed under 1e8 flops too, fresh decode-like shapes ran 2.4-3.1% faster
// (h200_decode_trial_s31). Both prefetch their first four k-blocks into L2 before the PDL wait
// (`_pf4`): 0-2% faster on decode.txt and 0-0.5% on fresh decode-like shapes
// (h100_decode_pf_family_s34). Third, the tile cuBLASLt picks for some weights that fit in L2: 64
// rows unsplit, bn M rounded up to 8: 2.2-3.0% on 12 such shapes, 1.1-2.5% on 40 fresh
// decode-like ones, 0-0.3% on decode.txt (h100_decode_unsplit_s34, launched plainly then). Since
// the kernels trigger their dependents late it launches under PDL like the others, its plain
// launch a twin (with_plain_launch_twins): 0.972-0.995x gemm()'s raw time on decode.txt,
// 0.968-0.994x on decode_l2_24_s35, 0.959-1.005x on 24 fresh decode-like shapes
// (h200_trial_arms_s37). Fourth, the 128-row unsplit tile of the same bn: gemm() had run
// 1x13824x5120 with it (bn 8) at 35.8 us while M = 8 and 16 on that weight, which no family gave
// it, took 37-41 us. Where the trial picked it, gemm() ran 1.2-6.3% faster against the model's
// pick in every pair of processes on decode.txt and three fresh decode-like sets; over whole sets
// +0.3-2.2%, the other shapes level (h200_decode_family_s54).
std::vector<std::string> decode_families(const Problem& p) {
  const int64_t bn = p.shape.m <= 16 ? 16 : p.shape.m <= 32 ? 32 : p.shape.m <= 48 ? 48 : 64;
  const int64_t bn8 = std::max<int64_t>(8, (p.shape.m + 7) / 8 * 8);  // M rounded up to 8
  return {fmt::format("sm90_f16f32_tn_128x{}x64_s8_c4x1_coop_persist_r8m_swap_pf4",
                      p.shape.m <= 32 ? 32 : 64),
          fmt::format("sm90_f16f32_tn_128x{}x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4", bn),
          fmt::format("sm90_f16f32_tn_64x{}x64_s8_c1x1_wg1_persist_r8m_swap", bn8),
          fmt::format("sm90_f16f32_tn_128x{}x64_s8_c1x1_coop_persist_r8m_swap", bn8)};
}

bool long_k_small(const Problem& p) {
  return flops_of(p) < 1e8 && p.shape.k >= kLongKSmall;
}

bool worth_timing(const Problem& p) {
  return (flops_of(p) >= 1e8 || decode_like(p) || long_k_small(p)) &&
         estimated_call_us(p) <= kLongestTimedCallUs;
}

bool large_class(const Problem& p) {
  return flops_of(p) >= 1e11;
}

double winner_margin(const Problem& p) {
  return large_class(p) ? 0.02 : 0.01;
}

namespace {
// wave_fit_score of a spec already read.
std::optional<double> spec_fit_score(const Problem& p, const KernelSpec& s, int sm_count) {
  if (s.stream_k || s.split_pass > 1 || s.cluster_k > 1) return std::nullopt;
  const int64_t rows = s.swap_ab ? p.shape.n : p.shape.m;
  const int64_t cols = s.swap_ab ? p.shape.m : p.shape.n;
  return fitted_score(rows, cols, s.bm, s.bn, s.cluster_m, s.cluster_n, sm_count, 1);
}
}  // namespace

std::optional<double> wave_fit_score(const Problem& p, const std::string& spec, int sm_count) {
  try {
    return spec_fit_score(p, parse_name(spec), sm_count);
  } catch (const Error&) {
    return std::nullopt;
  }
}

namespace {
// A large problem's wave-filling candidate (trial_candidates): the pool's best-filling spec in a
// cluster of at most kWaveFitMostClusterCtas, where it fills clearly better than every one of
// `listed`; none otherwise.
std::optional<std::string> wave_filling_candidate(const Problem& p,
                                                  const std::vector<std::string>& ranked,
                                                  const std::vector<std::string>& listed,
                                                  int sm_count) {
  double listed_best = 0;
  for (const std::string& spec : listed)
    listed_best = std::max(listed_best, wave_fit_score(p, spec, sm_count).value_or(0.0));
  // The ranking's first, under their own names, and the best-fitted swap-AB split-N tiles,
  // which the model does not rank.
  std::vector<std::pair<std::string, KernelSpec>> pool;
  for (size_t i = 0; i < std::min(ranked.size(), kWaveFitScan); ++i) {
    try {
      pool.emplace_back(ranked[i], parse_name(ranked[i]));
    } catch (const Error&) {  // a name this build does not read: not a candidate
    }
  }
  for (const KernelSpec& s : wide_swap_specs(p, sm_count, kWaveFitWideSwap))
    pool.emplace_back(spec_name(s), s);
  std::optional<std::pair<double, std::string>> best;
  for (const auto& [name, s] : pool) {
    if (s.cluster_m * s.cluster_n > kWaveFitMostClusterCtas) continue;
    const auto score = spec_fit_score(p, s, sm_count);
    if (score && (!best || *score > best->first) &&
        std::find(listed.begin(), listed.end(), name) == listed.end())
      best = std::make_pair(*score, name);
  }
  if (best && best->first >= kWaveFitGain * listed_best) return best->second;
  return std::nullopt;
}
}  // namespace

std::vector<std::string> trial_candidates(const Problem& p, const std::vector<std::string>& ranked,
                                          int count, int sm_count) {
  std::vector<std::string> out;
  if (ranked.empty()) return out;  // no ranking: the caller's pick alone
  const size_t most = size_t(std::max(count, 0));
  auto add = [&](const std::string& spec) {
    if (out.size() < most && std::find(out.begin(), out.end(), spec) == out.end())
      out.push_back(spec);
  };
  size_t next = 0;
  if (large_class(p)) {
    for (; next < ranked.size() && out.size() < (most + 1) / 2; ++next) add(ranked[next]);
    for (const char* family : kLargeFamilies)
      if (auto spec = tune::with_types_of(family, p)) add(*spec);
  } else if (decode_like(p)) {
    for (; next < ranked.size() && out.size() < (most + 1) / 2; ++next) add(ranked[next]);
    // Every family, past `count` if need be (a trial of two or more): the fourth came in after
    // the others and won as many trials (h200_decode_family_s54).
    for (const std::string& family : decode_families(p))
      if (auto spec = tune::with_types_of(family, p)) {
        if (most < 2)
          add(*spec);
        else if (std::find(out.begin(), out.end(), *spec) == out.end())
          out.push_back(*spec);
      }
  }
  for (; next < ranked.size(); ++next) add(ranked[next]);
  // A large or upper-middle problem's trial: the pool's best-filling spec too, if clearly better.
  // In the upper middle the pool is the wide swap-AB tiles only: the ranking's best-filling spec
  // gained nothing there (h200_wavefit_middle_s54), the wide tiles with row blocks 1.9%
  // (h200_wide_swap_rows_s55).
  const bool upper_middle = flops_of(p) >= kWaveFitUpperMiddleFlops && !decode_like(p);
  if ((large_class(p) || upper_middle) && most >= 2 && !out.empty())
    if (auto spec = wave_filling_candidate(p, large_class(p) ? ranked : std::vector<std::string>{},
                                           out, sm_count))
      out.push_back(*spec);
  return out;
}

namespace {

// `candidates` with, after them, the twin `make` makes of each of the first `first` (make edits a
// copy of the candidate's spec and says whether it has a twin), each once. A twin that breaks a
// rule for p is left out, as is one of a name this build does not read (the candidate itself
// fails at its launch).
template <class Make>
std::vector<std::string> with_twins(const Problem& p, std::vector<std::string> candidates,
                                    size_t first, Make make) {
  first = std::min(first, candidates.size());
  for (size_t i = 0; i < first; ++i) {
    try {
      KernelSpec s = parse_name(candidates[i]);
      if (!make(s) || validate(s) || validate_problem(s, p)) continue;
      const std::string twin = spec_name(s);
      if (std::find(candidates.begin(), candidates.end(), twin) == candidates.end())
        candidates.push_back(twin);
    } catch (const Error&) {
    }
  }
  return candidates;
}

// Makes `s` its plain-launch twin where with_plain_launch_twins gives it one (any PDL spec for
// a decode-like problem, else a split-pass spec without a cluster); false where it has none.
bool make_plain_twin(KernelSpec& s, bool decode) {
  if (!s.pdl) return false;
  // (Outside the decode-like class the twin is for the pass's blocks, which a split_last spec
  // does not launch.)
  if (!decode && (!has_reduction_pass(s) || s.cluster_m * s.cluster_n * s.cluster_k != 1))
    return false;
  s = other_launch(s);
  return true;
}

// Makes swap-AB spec `s` its row-block-epilogue twin where it has one (with_row_block_twins);
// false where it has none. The twin may still break a rule (validate says).
bool make_row_block_twin(KernelSpec& s) {
  if (!s.swap_ab || s.epilogue != Epilogue::direct || s.split_pass > 1 || s.cluster_k > 1)
    return false;
  // The staging takes shared memory: the candidate's ring kept by staging in the fewest parts
  // that fit (h200_twin_parts_s55), else the whole block with fewer stages.
  if (auto rows = as_row_blocks(s)) {
    s = *rows;
    return true;
  }
  s.epilogue = Epilogue::tma_rows;
  while (validate(s) && s.stages > 2) --s.stages;
  return true;
}

}  // namespace

std::vector<std::string> with_row_block_twins(const Problem& p,
                                              std::vector<std::string> candidates) {
  // A decode-like problem's C is a few rows: its direct stores cost little.
  if (decode_like(p)) return candidates;
  const size_t all = candidates.size();
  return with_twins(p, std::move(candidates), all, make_row_block_twin);
}

std::vector<std::string> with_plain_launch_twins(const Problem& p,
                                                 std::vector<std::string> candidates) {
  if (large_class(p)) return candidates;  // as trial_candidates' branches
  const bool decode = decode_like(p);
  const size_t all = candidates.size();
  return with_twins(p, std::move(candidates), all,
                    [decode](KernelSpec& s) { return make_plain_twin(s, decode); });
}

namespace {

// The neighbour-order twins of split-pass spec `s` for p (with_neighbour_order_twins), valid ones
// only.
std::vector<std::string> neighbour_order_twins_of(const KernelSpec& s, const Problem& p) {
  std::vector<std::string> twins;
  for (const KernelSpec& t : neighbour_order_launches(s))
    if (!validate(t) && !validate_problem(t, p)) twins.push_back(spec_name(t));
  return twins;
}

}  // namespace

std::vector<std::string> with_neighbour_order_twins(const Problem& p,
                                                    std::vector<std::string> candidates,
                                                    int sm_count) {
  if (large_class(p) || decode_like(p)) return candidates;
  // The first split-pass candidate whose twins' pieces run in one wave gets those two twins,
  // placed by SM so that their CTAs run where a plain launch would put them: one-CTA clusters,
  // pieces major, in the two orders whose neighbours share an operand tile (h200_smid_s53).
  std::vector<std::string> twins;
  for (const std::string& name : candidates) {
    KernelSpec s;
    try {
      s = parse_name(name);
    } catch (const Error&) {
      continue;
    }
    if (!has_reduction_pass(s) ||
        split_pass_ctas(neighbour_order_launches(s)[0], p.shape) > sm_count)
      continue;
    for (const std::string& twin : neighbour_order_twins_of(s, p))
      if (std::find(candidates.begin(), candidates.end(), twin) == candidates.end())
        twins.push_back(twin);
    break;
  }
  candidates.insert(candidates.end(), twins.begin(), twins.end());
  return candidates;
}

std::vector<std::string> with_last_piece_twins(const Problem& p,
                                               std::vector<std::string> candidates, int sm_count) {
  if (!decode_like(p)) return candidates;
  const size_t all = candidates.size();
  return with_twins(p, std::move(candidates), all, [&](KernelSpec& s) {
    if (!has_reduction_pass(s) || !s.pdl || split_pass_ctas(s, p.shape) > sm_count) return false;
    s.split_last = true;
    s = without_broken_placement(s);
    return true;
  });
}

std::vector<std::string> with_fixed_twins(const Problem& p, std::vector<std::string> candidates,
                                          int twins) {
  if (large_class(p)) return candidates;
  return with_twins(p, std::move(candidates), size_t(std::max(twins, 0)), [&](KernelSpec& s) {
    if (s.has_fixed_shape()) return false;
    s.fixed = p.shape;
    return true;
  });
}

std::vector<std::string> first_call_trial(const Problem& p, const std::vector<std::string>& ranked,
                                          int sm_count) {
  return with_fixed_twins(
      p,
      with_last_piece_twins(
          p,
          with_neighbour_order_twins(
              p,
              with_row_block_twins(
                  p, with_plain_launch_twins(
                         p, trial_candidates(p, ranked, autotune_candidates(), sm_count))),
              sm_count),
          sm_count),
      trial_fixed_twins());
}

// What a trial's candidates were, for its reason (timed_choice.hpp).
std::string trial_description(const Problem& p, const std::vector<std::string>& specs) {
  std::vector<KernelSpec> parsed;  // the names that are spec names
  for (const std::string& name : specs) {
    try {
      parsed.push_back(parse_name(name));
    } catch (const Error&) {  // another picker's name
    }
  }
  // A fixed-shape twin (the ranking holds no fixed specs).
  const bool twins = std::any_of(parsed.begin(), parsed.end(),
                                 [](const KernelSpec& s) { return s.has_fixed_shape(); });
  // A plain-launch twin outside the decode-like class: a spec whose twin by the trial's own rule
  // is in the list too.
  const bool plain = std::any_of(parsed.begin(), parsed.end(), [&](KernelSpec s) {
    return make_plain_twin(s, false) &&
           std::find(specs.begin(), specs.end(), spec_name(s)) != specs.end();
  });
  // Neighbour-order twins: both of a split-pass spec's, neither the spec itself, in the list too.
  const bool order = std::any_of(parsed.begin(), parsed.end(), [&](const KernelSpec& s) {
    if (!has_reduction_pass(s)) return false;
    const std::string self = spec_name(s);
    const auto twins = neighbour_order_twins_of(s, p);
    return twins.size() == 2 && std::all_of(twins.begin(), twins.end(), [&](const std::string& t) {
             return t != self && std::find(specs.begin(), specs.end(), t) != specs.end();
           });
  });
  // A row-block twin: a swap-AB spec's, by the trial's own rule, in the list beside it.
  const bool rows = std::any_of(parsed.begin(), parsed.end(), [&](KernelSpec s) {
    return make_row_block_twin(s) &&
           std::find(specs.begin(), specs.end(), spec_name(s)) != specs.end();
  });
  // A last-piece twin: a split_last spec (the ranking and the families hold none).
  const bool last =
      std::any_of(parsed.begin(), parsed.end(), [](const KernelSpec& s) { return s.split_last; });
  const std::string base =
      large_class(p)   ? "the model's top half, the large-class families and, where one fills "
                         "the SMs' waves clearly better, the best-filling tile"
      : decode_like(p) ? std::string(
                             "the model's top half and the decode families, with "
                             "plain-launch ") +
                             (last ? "and last-piece twins" : "twins")
      : plain && order
          ? "the model's top, with plain-launch and neighbour-order twins of its split-pass "
            "specs"
      : plain ? "the model's top, with plain-launch twins of its split-pass specs"
      : order ? "the model's top, with neighbour-order twins of a split-pass spec"
              : "the model's top";
  return base + (rows ? ", row-block twins of its swap-AB specs" : "") +
         (twins ? " and fixed-shape twins" : "");
}

bool l2_contested(const Problem& p, double l2_bytes) {
  // Memory-bound by estimated_call_us's roofline (every decode-like problem is, and no large one
  // is at these sizes): where the MMAs bind, the longer trial picked 0.6-1.3% slower kernels
  // (h100_middle_l2_s35).
  const double bytes = bytes_of(p);
  return memory_us(p) >= mma_us(p) && bytes >= 0.5 * l2_bytes && bytes <= 1.3 * l2_bytes;
}

TrialPlan trial_plan(const Problem& p, double l2_bytes, int batch_floor) {
  const double call_us = estimated_call_us(p);
  TrialPlan plan;
  plan.batch = std::clamp(int(std::ceil(20.0 / call_us)), 1, 16);
  plan.rounds = call_us >= 2000 ? 3 : 5;
  // A decode-like batch follows another candidate's, whose CTAs left the weight in the other
  // SMs' L2 half (with_plain_launch_twins): one untimed launch first, so the batch times the
  // steady state that back-to-back calls see. Measured (h100_trial_lead_s34): decode-like 1-5%
  // faster picks; the middle class unchanged, so not there.
  const bool decode = decode_like(p) && !large_class(p);
  plan.lead = decode ? 1 : 0;
  // And at least 4 launches a batch there: a PDL launch hides its prologue under the tail of the
  // launch before it, which back-to-back calls see and a lone launch after an event does not.
  // With batches of one, the bench ran PDL specs at 0.957x the trial's time and plain twins at
  // 0.980x, and the pick read 1.0095x the bench's fastest candidate on decode.txt and 1.026x on
  // fresh decode-like shapes; with 4, 0.995x and 1.000x, picks 1.003x and 1.010x
  // (h200_trial_batch_s49).
  if (decode) plan.batch = std::max(plan.batch, kDecodeTrialBatch);
  // Where the operands only just fit in L2, a PDL candidate reads them from L2 for several calls
  // after another's and from DRAM once its own placement has scattered them (4x8960x2048: 10.5
  // us in the old trial, 17.4 us back to back): time it after 4 launches and over 8. Measured:
  // decode-like 26-68 MB 0.964-0.972x the time (h100_trial_l2_s35), memory-bound middle-class
  // 0.980-0.988x (h100_middle_l2_s35), decode.txt 0.993x; long-K small problems of that size
  // (N under 2048) get it too, unmeasured. Such calls take ~10-30 us: 4-30 ms of trial.
  if (l2_contested(p, l2_bytes)) {
    plan.lead = 4;
    plan.batch = std::max(plan.batch, 8);
  }
  // AUTOGEMM_TRIAL_BATCH: the same for any class but the large, for whoever wants to measure it;
  // off by default, since middle-class picks read the same at 4 (h200_trial_batch_s49). Each
  // batch then costs the floor's calls: seconds of trial for a millisecond call at 16.
  if (!large_class(p)) plan.batch = std::max(plan.batch, batch_floor);
  return plan;
}

Winner pick_winner(const std::vector<std::vector<double>>& times, double margin) {
  if (times.empty() || times.front().empty()) throw Error("timed choice: no times to compare");
  const size_t candidates = times.front().size();
  std::vector<double> medians(candidates);
  for (size_t i = 0; i < candidates; ++i) {
    std::vector<double> t;
    for (const auto& round : times) t.push_back(round.at(i));
    std::sort(t.begin(), t.end());
    const size_t h = t.size() / 2;
    medians[i] = t.size() % 2 ? t[h] : 0.5 * (t[h - 1] + t[h]);
  }
  Winner w{0, medians[0], medians[0], medians};
  const size_t best = size_t(std::min_element(medians.begin(), medians.end()) - medians.begin());
  if (medians[best] < medians[0] * (1 - margin)) {
    w.index = best;
    w.median_us = medians[best];
  }
  return w;
}

// One problem's trial: its candidates and the events between their batches.
struct TimedChoices::Trial {
  std::vector<std::string> specs;  // the candidates that launched, specs[0] the model's pick
  TrialPlan plan;
  // events[2 (r * specs.size() + i)] and the next one around round r's batch of candidate i;
  // the last one after all.
  std::vector<cudaEvent_t> events;
  bool enqueued = false;  // start() is done with it (before: another thread is enqueuing)
  bool finished = false;
  std::string failure;  // why there is nothing to time, when the events are gone
  // The host's time per call of each candidate (host_times), empty where not probed; counted in
  // the ranking only where plausible (host_clock_plausible).
  std::vector<double> host_us;
  bool host_counted = false;

  ~Trial() { release(); }
  void release();
};

struct TimedChoices::State {
  std::mutex mutex;
  std::map<std::tuple<int, int64_t, int64_t, int64_t, int>, std::unique_ptr<Trial>> trials;
};

namespace {

std::tuple<int, int64_t, int64_t, int64_t, int> key_of(int device, const Problem& p) {
  return {device, p.shape.m, p.shape.n, p.shape.k,
          int(p.dtype) << 8 | int(p.acc) << 4 | int(p.layout)};
}

// A failed call on our own events: its error is ours, so it is cleared (a sticky error stays).
bool ok(cudaError_t e) {
  if (e == cudaSuccess) return true;
  cudaGetLastError();
  return false;
}

// This thread's CUDA calls in the relaxed capture mode for the object's lifetime: event calls
// are "potentially unsafe" while any thread captures in the global mode, and would invalidate
// that capture.
class RelaxedCapture {
 public:
  RelaxedCapture() { swapped_ = ok(cudaThreadExchangeStreamCaptureMode(&mode_)); }
  ~RelaxedCapture() {
    if (swapped_) ok(cudaThreadExchangeStreamCaptureMode(&mode_));  // the caller's mode back
  }
  RelaxedCapture(const RelaxedCapture&) = delete;
  RelaxedCapture& operator=(const RelaxedCapture&) = delete;

 private:
  cudaStreamCaptureMode mode_ = cudaStreamCaptureModeRelaxed;
  bool swapped_ = false;
};

}  // namespace

void TimedChoices::Trial::release() {
  for (cudaEvent_t e : events)
    if (e != nullptr) ok(cudaEventDestroy(e));
  events.clear();
}

TimedChoices::TimedChoices() : state_(new State) {}

TimedChoices& TimedChoices::instance() {
  static TimedChoices* t = new TimedChoices();  // never destroyed: events outlive static teardown
  return *t;
}

TimedChoices::Status TimedChoices::status(int device, const Problem& p) {
  std::lock_guard lock(state_->mutex);
  auto it = state_->trials.find(key_of(device, p));
  if (it == state_->trials.end()) return Status::none;
  return it->second->finished ? Status::finished : Status::pending;
}

bool TimedChoices::start(int device, const Problem& p, const std::vector<std::string>& specs,
                         const Launch& launch, cudaStream_t stream) {
  if (specs.empty()) throw Error("timed choice: no candidates");
  const auto key = key_of(device, p);
  Trial* claimed = nullptr;
  {
    // Claimed under the lock, enqueued outside it: launches may compile and allocate, and
    // other problems' calls poll meanwhile.
    std::lock_guard lock(state_->mutex);
    auto [it, inserted] = state_->trials.emplace(key, std::make_unique<Trial>());
    if (!inserted) return false;
    claimed = it->second.get();
  }
  Trial& t = *claimed;
  // The caller's stream is not capturing; another thread's global-mode capture must not be
  // broken by this thread's module loads, allocations or event calls.
  RelaxedCapture relaxed;
  // The trial's plan depends on the L2's size (trial_plan); 0 where the device does not say.
  int l2_bytes = 0;
  if (!ok(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device))) l2_bytes = 0;
  try {
    enqueue(t, p, specs, launch, stream, double(l2_bytes));
  } catch (...) {
    std::lock_guard lock(state_->mutex);
    if (t.specs.empty()) {
      state_->trials.erase(key);  // the pick's own failure: nothing was started
    } else {
      t.release();  // the call failed after the warm-up: no timing, and no trial left hanging
      t.failure = "the trial's call failed";
      t.enqueued = true;
    }
    throw;
  }
  std::lock_guard lock(state_->mutex);
  t.enqueued = true;
  return true;
}

bool host_probed(const Problem& p) {
  return estimated_call_us(p) <= kHostProbeMaxCallUs;
}

std::vector<double> host_times(const std::vector<std::string>& specs,
                               const std::function<void(const std::string&)>& launch) {
  // Right after the warm-up the launch queue holds the warm-up and whatever the caller enqueued
  // before, far from full for a call this short, so no launch waits for the GPU and the clock
  // reads the host's own work (were the queue full, it would read the GPU's pace draining it):
  // kHostProbeRounds rounds of kHostProbeLaunches calls per candidate, the median round.
  std::vector<std::vector<double>> rounds(specs.size());
  for (int r = 0; r < kHostProbeRounds; ++r)
    for (size_t i = 0; i < specs.size(); ++i) {
      const auto start = std::chrono::steady_clock::now();
      for (int k = 0; k < kHostProbeLaunches; ++k) launch(specs[i]);
      const std::chrono::duration<double, std::micro> took =
          std::chrono::steady_clock::now() - start;
      rounds[i].push_back(took.count() / kHostProbeLaunches);
    }
  std::vector<double> out;
  for (std::vector<double>& t : rounds) {
    std::sort(t.begin(), t.end());
    out.push_back(t[t.size() / 2]);
  }
  return out;
}

bool host_clock_plausible(const std::vector<double>& host_us) {
  return std::all_of(host_us.begin(), host_us.end(),
                     [](double us) { return us <= kHostCallMostUs; });
}

void TimedChoices::enqueue(Trial& t, const Problem& p, const std::vector<std::string>& specs,
                           const Launch& launch, cudaStream_t stream, double l2_bytes) {
  t.plan = trial_plan(p, l2_bytes, trial_batch_floor());
  // Warm-up round: loads (compiles) every candidate and leaves out one that fails; the pick's
  // failure is the call's.
  for (size_t i = 0; i < specs.size(); ++i) {
    try {
      launch(specs[i]);
      t.specs.push_back(specs[i]);
    } catch (...) {
      if (i == 0) throw;
    }
  }
  const size_t n = t.specs.size();
  if (n > 1) {
    // Events 2(rn + i) and 2(rn + i) + 1 around round r's batch of candidate i; the last one
    // after everything, for poll() to ask.
    t.events.assign(2 * size_t(t.plan.rounds) * n + 1, nullptr);
    bool recorded = true;
    for (cudaEvent_t& e : t.events) recorded = recorded && ok(cudaEventCreate(&e));
    try {
      if (recorded && host_probed(p)) {
        t.host_us = host_times(t.specs, launch);
        t.host_counted = host_clock_plausible(t.host_us);  // else the GPU's times alone
      }
      for (int r = 0; r < t.plan.rounds && recorded; ++r)
        for (size_t j = 0; j < n && recorded; ++j) {
          const size_t i = (j + size_t(r)) % n;  // each round in another order
          const size_t e = 2 * (size_t(r) * n + i);
          for (int b = 0; b < t.plan.lead; ++b) launch(t.specs[i]);
          recorded = ok(cudaEventRecord(t.events[e], stream));
          for (int b = 0; b < t.plan.batch && recorded; ++b) launch(t.specs[i]);
          recorded = recorded && ok(cudaEventRecord(t.events[e + 1], stream));
        }
      recorded = recorded && ok(cudaEventRecord(t.events.back(), stream));
      if (!recorded) t.failure = "a CUDA event could not be created or recorded";
    } catch (const std::exception& e) {
      recorded = false;
      t.failure = std::string("a launch failed: ") + e.what();
    }
    if (!recorded) t.release();  // no timing: the pick stays (poll says why)
  } else {
    t.failure = "only the pick launched";
  }
  // The call's own GEMM: the pick, as without timing (the candidates computed the same C).
  launch(t.specs.front());
}

std::optional<TimedChoices::Result> TimedChoices::poll(int device, const Problem& p) {
  std::lock_guard lock(state_->mutex);
  auto it = state_->trials.find(key_of(device, p));
  if (it == state_->trials.end() || !it->second->enqueued || it->second->finished)
    return std::nullopt;
  Trial& t = *it->second;
  const size_t n = t.specs.size();
  auto finish = [&](Result r) {
    t.finished = true;
    t.release();
    return std::optional<Result>(std::move(r));
  };
  if (t.events.empty()) return finish({t.specs.front(), "no timing: " + t.failure, false});
  RelaxedCapture relaxed;
  const cudaError_t done = cudaEventQuery(t.events.back());
  if (done == cudaErrorNotReady) return std::nullopt;  // the GPU has not got there yet
  if (done != cudaSuccess) {
    ok(done);
    return std::nullopt;  // e.g. a capture under way: ask again on a later call
  }
  std::vector<std::vector<double>> times(size_t(t.plan.rounds), std::vector<double>(n));
  for (int r = 0; r < t.plan.rounds; ++r)
    for (size_t i = 0; i < n; ++i) {
      float ms = 0;
      const size_t e = 2 * (size_t(r) * n + i);
      if (const cudaError_t failed = cudaEventElapsedTime(&ms, t.events[e], t.events[e + 1]);
          !ok(failed))
        return finish(
            {t.specs.front(), fmt::format("no timing: {}", cudaGetErrorString(failed)), false});
      times[size_t(r)][i] = 1000.0 * ms / t.plan.batch;
      // Back-to-back calls run no faster than the host issues them.
      if (t.host_counted) times[size_t(r)][i] = std::max(times[size_t(r)][i], t.host_us[i]);
    }
  const double margin = winner_margin(p);
  const Winner w = pick_winner(times, margin);
  // Every candidate's median too: why the others lost, for whoever reads the reason.
  std::string all;
  for (size_t i = 0; i < n; ++i)
    all += fmt::format("{}{} {:.2f}", i ? ", " : "", t.specs[i], w.medians_us[i]);
  // The host's times, where probed, after the medians (which already count them, unless left
  // out).
  std::string host;
  if (!t.host_us.empty()) {
    host = t.host_counted ? "; the host's us per call:"
                          : fmt::format("; the host's clock left out (a call over {:.0f} us:",
                                        kHostCallMostUs);
    for (size_t i = 0; i < n; ++i) host += fmt::format(" {}={:.2f}", t.specs[i], t.host_us[i]);
    if (!t.host_counted) host += ")";
  }
  // The pick stays unless another beat it by the margin: say so when a faster one lost by it.
  const double fastest = *std::min_element(w.medians_us.begin(), w.medians_us.end());
  const std::string kept =
      w.index == 0 && fastest < w.pick_median_us
          ? fmt::format("; the model's pick kept: none ran {:.0f}% faster", 100 * margin)
          : "";
  return finish(
      {t.specs[w.index],
       fmt::format("timed on this GPU on its first call: {:.2f} us against the model's "
                   "pick's {:.2f} us, chosen from {} candidates ({}; {} rounds of {}{}; "
                   "medians in us: {}){}{}",
                   w.median_us, w.pick_median_us, n, trial_description(p, t.specs), t.plan.rounds,
                   t.plan.batch,
                   t.plan.lead > 0
                       ? fmt::format(", {} untimed launch(es) before each batch", t.plan.lead)
                       : "",
                   all, kept, host),
       true});
}

}  // namespace autogemm::runtime
