#include "tune/features.hpp"

#include <algorithm>
#include <cmath>

namespace autogemm::tune {
namespace {

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

double log2_of(double x) {
  return std::log2(std::max(x, 1e-30));
}

// Share of SM slots busy over all waves of `tiles` tiles: 1 when the last wave is full.
double wave_fill(int64_t tiles, int64_t sms) {
  return double(tiles) / double(ceil_div(tiles, sms) * sms);
}

}  // namespace

const std::array<std::string_view, kNumFeatures>& feature_names() {
  static const std::array<std::string_view, kNumFeatures> names = {
      "log2_m",
      "log2_n",
      "log2_k",
      "log2_min_mn",
      "log2_waves_128x128",
      "log2_waves_128x256",
      "wave_fill_128x128",
      "wave_fill_128x256",
      "log2_kblocks_per_sm",
      "log2_intensity",
      "log2_bytes_over_l2",
      "bf16",
      "layout_tn",
      "acc_f16",
      "log2_sms",
      "smem_per_sm",
      "log2_l2_mib",
  };
  return names;
}

Features features(const Problem& p, const DeviceFacts& device) {
  const int64_t m = std::max<int64_t>(1, p.shape.m), n = std::max<int64_t>(1, p.shape.n),
                k = std::max<int64_t>(1, p.shape.k);
  const int64_t sms = std::max(1, device.sm_count);
  const int64_t tiles128 = ceil_div(m, 128) * ceil_div(n, 128);
  const int64_t tiles256 = ceil_div(m, 128) * ceil_div(n, 256);
  // Stream-K's units of work: k-blocks of 64 over all 128x128 tiles.
  const int64_t kblocks = tiles128 * ceil_div(k, 64);
  const double md = double(m), nd = double(n), kd = double(k);
  const double bytes = 2.0 * (md * kd + nd * kd + md * nd);  // A, B and C, 16-bit elements
  const double flops = 2.0 * md * nd * kd;
  const double l2 = double(std::max<int64_t>(1, device.l2_bytes));
  // Divisors put each feature roughly in [-1, 1] over the CUDA-L2 grid (sizes 64..16384) and
  // decode (M down to 1).
  return {
      log2_of(md) / 16,
      log2_of(nd) / 16,
      log2_of(kd) / 16,
      log2_of(std::min(md, nd)) / 16,
      log2_of(double(tiles128) / double(sms)) / 8,
      log2_of(double(tiles256) / double(sms)) / 8,
      wave_fill(tiles128, sms),
      wave_fill(tiles256, sms),
      log2_of(double(kblocks) / double(sms)) / 8,
      log2_of(flops / bytes) / 12,
      log2_of(bytes / l2) / 8,
      p.dtype == DType::bf16 ? 1.0 : 0.0,
      p.layout == Layout::tn ? 1.0 : 0.0,
      p.acc == AccType::f16 ? 1.0 : 0.0,
      log2_of(double(sms)) / 8,
      double(device.smem_per_sm_bytes) / 262144.0,
      log2_of(l2 / 1048576.0) / 8,
  };
}

}  // namespace autogemm::tune
