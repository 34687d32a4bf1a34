#include "tune/heuristic.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace autogemm::tune {
namespace {

int64_t tiles(const Shape& s, int bm, int bn) {
  return ((s.m + bm - 1) / bm) * ((s.n + bn - 1) / bn);
}

// Stream-K pieces per tile: each at least 32 k-blocks long and all of them together no more than
// the SMs, so the CTA finishing a tile adds a few partial tiles, not dozens (a piece of a k-block
// or two costs more in pipeline fill and fixup than it computes: 64x128x4096 took 45 us with a
// piece per SM, h200_grid_auto_tn.csv).
int sk_splits_for(int64_t tiles, int64_t k, int sms) {
  const int64_t kblocks = (k + 63) / 64;
  const int64_t by_length = std::max<int64_t>(2, kblocks / 32);
  const int64_t by_sms = std::max<int64_t>(2, sms / std::max<int64_t>(1, tiles));
  return int(std::min<int64_t>({16, by_length, by_sms}));
}

KernelSpec make(const Problem& p, int bm, int bn, int stages, int consumers) {
  KernelSpec s;
  s.dtype = p.dtype;
  s.acc = p.acc;
  s.layout = p.layout;
  s.bm = bm;
  s.bn = bn;
  s.stages = stages;
  s.consumers = consumers;
  s.cluster_m = 1;
  s.cluster_n = 1;
  s.persistent = true;
  s.raster = Raster::m;
  s.swizzle = 8;
  s.epilogue = Epilogue::tma;  // faster than direct stores on every shape class measured
  return s;
}

}  // namespace

// Rules read off the oracle's winners on the H200 (bench/results/h200/h200_oracle100_swap_tn.csv,
// h200_large187_tn.csv), stated in tiles per SM so they carry to other SM counts:
//   1. small M (<= 64), long K: swap-AB puts M on the MMA's N (8..64), stream-K
//      spreads K over the SMs the few tiles leave idle;
//   2. a wave or more of 128x192 tiles whose last wave is about as full as 128x256's: ping-pong
//      128x192 (192 accumulators per warpgroup, 2x1 cluster, row-block TMA epilogue), the best
//      measured on short and long K alike when wave fill does not decide
//      (bench/results/h200/h200_pp_wide_probe_tn.csv);
//   2b. three or more waves of 128x256 tiles: cooperative 128x256, 2x1 cluster, whole-tile TMA
//      epilogue, stages freed as soon as their MMAs finish;
//   3. one to three waves of 128x256 tiles: with short K (<= 1024) the per-tile epilogue shows,
//      so ping-pong 128x128 with a 2x1 cluster; otherwise as rule 2;
//   4. a wave of 128x128 tiles: ping-pong 128x128;
//   5. few tiles and a long K (>= 4096): stream-K on 128x128;
//   6. otherwise the smallest tile, 64x128 with one consumer, for the most CTAs.
HeuristicPick heuristic_pick(const Problem& p, const DeviceFacts& device) {
  const Shape& sh = p.shape;
  const int sms = device.sm_count;

  if (sh.m <= 64 && sh.k >= 4096) {
    KernelSpec s = make(p, 64, 8, 8, 1);
    while (s.bn < sh.m) s.bn *= 2;
    s.epilogue = Epilogue::direct;  // C is a few rows: stored from registers, transposed
    s.swap_ab = true;
    const int64_t t = tiles({sh.n, sh.m, sh.k}, 64, s.bn);
    s.stream_k = t < sms;
    if (s.stream_k) s.sk_splits = sk_splits_for(t, sh.k, sms);
    return {s, fmt::format(
                   "M = {} with K = {}: swap-AB puts M on the MMA's N (bn {}){}", sh.m, sh.k, s.bn,
                   s.stream_k ? fmt::format(", K split {} ways over idle SMs", s.sk_splits) : "")};
  }
  const int64_t t256 = tiles(sh, 128, 256), t192 = tiles(sh, 128, 192);
  // Share of the SMs' tile slots that hold a tile: 1 when the last wave is full.
  auto fill = [sms](int64_t t) { return double(t) / (double((t + sms - 1) / sms) * sms); };
  if (t192 >= sms && fill(t192) * 1.05 >= fill(t256)) {
    KernelSpec s = make(p, 128, 192, 4, 2);
    s.pingpong = true;
    s.cluster_m = 2;
    s.epilogue = Epilogue::tma_rows;
    return {s, fmt::format("{} 128x192 tiles ({:.0f}% of the last wave filled): ping-pong 128x192",
                           t192, 100 * (double(t192) / sms - double((t192 - 1) / sms)))};
  }
  if (t256 >= sms && !(t256 < 3 * sms && sh.k <= 1024)) {
    KernelSpec s = make(p, 128, 256, 3, 2);
    s.cluster_m = 2;  // B tiles multicast to the CTA pair: halves B's L2 traffic
    s.epilogue = Epilogue::tma_tile;
    s.mma_lag = 0;
    return {s,
            fmt::format("{} 128x256 tiles: {:.1f} waves of {} SMs", t256, double(t256) / sms, sms)};
  }
  if (t256 >= sms) {
    KernelSpec s = make(p, 128, 128, 5, 2);
    s.pingpong = true;
    s.cluster_m = 2;
    s.epilogue = Epilogue::tma_tile;
    return {s,
            fmt::format("{} 128x256 tiles with K = {}: ping-pong hides the epilogue", t256, sh.k)};
  }
  if (const int64_t t = tiles(sh, 128, 128); t >= sms) {
    KernelSpec s = make(p, 128, 128, 5, 2);
    s.pingpong = true;
    s.epilogue = Epilogue::tma_tile;
    return {s, fmt::format("{} 128x128 tiles fill a wave of {} SMs", t, sms)};
  }
  if (const int64_t t = tiles(sh, 128, 128); sh.k >= 4096) {
    KernelSpec s = make(p, 128, 128, 4, 2);
    s.stream_k = true;
    s.sk_splits = sk_splits_for(t, sh.k, sms);
    return {s, fmt::format("{} 128x128 tiles for {} SMs and K = {}: K split {} ways over the "
                           "idle SMs",
                           t, sms, sh.k, s.sk_splits)};
  }
  KernelSpec s = make(p, 64, 128, 6, 1);
  s.epilogue = Epilogue::tma_tile;
  return {s, fmt::format("{} 64x128 tiles for {} SMs and K = {}: the smallest tile gives the "
                         "most CTAs",
                         tiles(sh, 64, 128), sms, sh.k)};
}

}  // namespace autogemm::tune
