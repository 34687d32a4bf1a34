#include "tune/heuristic.hpp"

#include <fmt/format.h>

namespace autogemm::tune {
namespace {

int64_t tiles(const Shape& s, int bm, int bn) {
  return ((s.m + bm - 1) / bm) * ((s.n + bn - 1) / bn);
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

HeuristicPick heuristic_pick(const Problem& p, const DeviceFacts& device) {
  const Shape& sh = p.shape;
  const int sms = device.sm_count;

  if (const int64_t t = tiles(sh, 128, 256); t >= sms) {
    KernelSpec s = make(p, 128, 256, 4, 2);
    s.cluster_m = 2;  // B tiles multicast to the CTA pair: halves B's L2 traffic
    return {s, fmt::format("{} 128x256 tiles fill a wave of {} SMs", t, sms)};
  }
  if (const int64_t t = tiles(sh, 128, 128); t >= sms)
    return {make(p, 128, 128, 6, 2), fmt::format("{} 128x128 tiles fill a wave of {} SMs", t, sms)};
  if (const int64_t t = tiles(sh, 128, 128); sh.k >= 2048) {
    KernelSpec s = make(p, 128, 128, 4, 2);
    s.stream_k = true;
    return {s, fmt::format("{} 128x128 tiles for {} SMs and K = {}: stream-K splits K over the "
                           "idle SMs",
                           t, sms, sh.k)};
  }
  return {make(p, 64, 128, 6, 1),
          fmt::format("{} 64x128 tiles for {} SMs and K = {}: the smallest tile gives the most "
                      "CTAs",
                      tiles(sh, 64, 128), sms, sh.k)};
}

}  // namespace autogemm::tune
