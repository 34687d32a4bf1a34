#include "tune/cost_features.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace autogemm::tune {
namespace {

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

// Writes values in order and, once, their names: one list states both, so they cannot drift.
class Writer {
 public:
  explicit Writer(std::array<std::string_view, kNumCostFeatures>* names) : names_(names) {}
  void operator()(std::string_view name, double value) {
    if (i_ >= kNumCostFeatures)
      throw Error("cost features: more than kNumCostFeatures (" + std::to_string(kNumCostFeatures) +
                  ") values; update cost_features.hpp");
    if (names_) (*names_)[i_] = name;
    values_[i_++] = float(value);
  }
  CostFeatures take() const {
    if (i_ != kNumCostFeatures)
      throw Error("cost features: " + std::to_string(i_) + " values, kNumCostFeatures is " +
                  std::to_string(kNumCostFeatures) + "; update cost_features.hpp");
    return values_;
  }

 private:
  std::array<std::string_view, kNumCostFeatures>* names_;
  CostFeatures values_{};
  size_t i_ = 0;
};

void write(const Problem& p, const KernelSpec& s, const DeviceFacts& device, Writer& out) {
  const double m = double(p.shape.m), n = double(p.shape.n), k = double(p.shape.k);
  const int64_t sms = std::max(1, device.sm_count);

  // The problem.
  out("log2_m", std::log2(m));
  out("log2_n", std::log2(n));
  out("log2_k", std::log2(k));
  out("log2_flops", std::log2(2 * m * n * k));
  out("dtype_bf16", p.dtype == DType::bf16);
  out("acc_fp16", p.acc == AccType::f16);
  out("layout_tn", p.layout == Layout::tn);
  const double bytes = element_bytes(p.dtype) * (m * k + n * k + m * n);
  out("log2_intensity", std::log2(2 * m * n * k / bytes));
  out("sm_count", double(sms));
  out("smem_per_sm_kib", double(device.smem_per_sm_bytes) / 1024.0);
  out("l2_mib", double(device.l2_bytes) / (1024.0 * 1024.0));
  // Whether A and B stay in L2 while the output tiles sweep over them.
  const double operand_bytes = element_bytes(p.dtype) * (m * k + n * k);
  const double l2 = double(std::max<int64_t>(1, device.l2_bytes));
  out("log2_operands_over_l2", std::log2(operand_bytes / l2));

  // The spec, field by field.
  out("bm", s.bm);
  out("bn", s.bn);
  out("bk", s.bk);
  out("stages", s.stages);
  out("consumers", s.consumers);
  out("pingpong", s.pingpong);
  out("cluster_m", s.cluster_m);
  out("cluster_n", s.cluster_n);
  out("persistent", s.persistent);
  out("raster_n", s.raster == Raster::n);
  out("swizzle", s.swizzle);
  out("epilogue_direct", s.epilogue == Epilogue::direct);
  out("epilogue_tma", s.epilogue == Epilogue::tma);
  out("epilogue_tma_tile", s.epilogue == Epilogue::tma_tile);
  out("epilogue_tma_rows", s.epilogue == Epilogue::tma_rows);
  out("stream_k", s.stream_k);
  out("sk_splits", s.sk_splits);
  out("mma_lag", s.mma_lag);
  out("swap_ab", s.swap_ab);
  out("defer_store", s.defer_store);
  out("split_pass", s.split_pass);
  out("cluster_k", s.cluster_k);
  out("multicast", s.cluster_m * s.cluster_n);
  out("acc_sets", s.acc_sets);
  out("pdl", s.pdl);
  out("smem_kib", smem_bytes(s) / 1024.0);
  out("acc_registers", acc_registers_per_thread(s));

  // The two together, in the kernel's view (swap-AB puts M along the tile's N).
  const int64_t rows = s.swap_ab ? p.shape.n : p.shape.m;
  const int64_t cols = s.swap_ab ? p.shape.m : p.shape.n;
  const int64_t bm = std::max(1, s.bm), bn = std::max(1, s.bn), bk = std::max(1, s.bk);
  const int64_t tiles_m = ceil_div(rows, bm), tiles_n = ceil_div(cols, bn);
  const int64_t tiles = tiles_m * tiles_n;
  const int64_t k_blocks = ceil_div(p.shape.k, bk);
  const int64_t full_waves = ceil_div(tiles, sms);
  out("log2_rows", std::log2(double(rows)));
  out("log2_cols", std::log2(double(cols)));
  out("log2_tiles_m", std::log2(double(tiles_m)));
  out("log2_tiles_n", std::log2(double(tiles_n)));
  out("log2_tiles", std::log2(double(tiles)));
  out("waves", double(tiles) / double(sms));
  out("full_waves", double(full_waves));
  // The units the SMs share: tiles, or with stream-K pieces of tiles along K (a k-block each,
  // or at most sk_splits per tile), or cluster split-K's cluster_k pieces (split_pass for the
  // reduction-pass split-K); k-block pieces
  // balance to within one k-block. (Cluster split-K has no feature of its own: the shipped
  // model predates it, and as pieces it reads like the split-K it resembles.)
  const int64_t pieces = s.cluster_k > 1    ? std::min<int64_t>(s.cluster_k, k_blocks)
                         : s.split_pass > 1 ? std::min<int64_t>(s.split_pass, k_blocks)
                         : !s.stream_k      ? 1
                         : s.sk_splits > 0  ? std::min<int64_t>(s.sk_splits, k_blocks)
                                            : k_blocks;
  const int64_t units = tiles * pieces, unit_waves = ceil_div(units, sms);
  out("wave_fill", s.stream_k && s.sk_splits == 0 ? std::min(1.0, double(units) / double(sms))
                                                  : double(units) / double(unit_waves * sms));
  out("padding_waste", 1.0 - double(rows) * double(cols) / double(tiles * bm * bn));
  out("waste_m", 1.0 - double(rows) / double(tiles_m * bm));
  out("waste_n", 1.0 - double(cols) / double(tiles_n * bn));
  out("log2_k_blocks", std::log2(double(k_blocks)));
  out("k_waste", 1.0 - k / double(k_blocks * bk));
  out("log2_k_blocks_per_sm", std::log2(double(tiles * k_blocks) / double(sms)));
  out("tile_intensity", double(bm * bn) / double(bm + bn));
  out("aspect_mismatch", std::log2(double(bn) / double(bm)) - std::log2(double(cols) / rows));
  // Clusters launch whole: tiles past a multiple of the cluster shape are computed for nothing.
  const int64_t cm = std::max(1, s.cluster_m), cn = std::max(1, s.cluster_n);
  out("cluster_waste",
      1.0 - double(tiles) / double(ceil_div(tiles_m, cm) * cm * ceil_div(tiles_n, cn) * cn));
  out("log2_ctas",
      std::log2(double(s.persistent ? std::min(tiles, sms)
                                    : tiles * std::max(1, s.cluster_k) * s.split_pass)));
  // Rows that do not start on a 128-byte line (K-major rows of K elements: A, and B in tn;
  // N-major rows of B in nn) cost TMA extra L2 requests: rows on 32-byte sectors about twice an
  // aligned row's, rows at an odd multiple of 16 bytes 3.4 times, and those run 21-26% and 85%
  // longer (bench/results/h200/h200_ncu_row_offsets.md). Row requests per k-block atom and CTA,
  // per MMA element: what a multicast cluster shares out and such rows multiply.
  const auto pitch = [&](int64_t elements) { return elements * element_bytes(p.dtype); };
  const auto row_requests = [](int64_t bytes) {
    return bytes % 128 == 0 ? 1.0 : bytes % 32 == 0 ? 2.0 : 3.4;
  };
  const int64_t a_pitch = pitch(p.shape.k);
  const int64_t b_pitch = pitch(p.layout == Layout::tn ? p.shape.k : p.shape.n);
  out("rows_off_lines", double(a_pitch % 128 != 0) + double(b_pitch % 128 != 0));
  out("rows_odd16", double(a_pitch % 32 != 0) + double(b_pitch % 32 != 0));
  const double requests = (double(bm) / double(cn) * row_requests(a_pitch) +
                           double(bn) / double(cm) * row_requests(b_pitch)) /
                          double(bm * bn);
  out("log2_row_requests_per_mma", std::log2(requests));
  // Roofline-like time: the MMA volume the busiest SM runs, in tile-k-block elements.
  const double busiest = double(unit_waves * ceil_div(k_blocks, pieces));
  out("log2_work", std::log2(busiest * double(bm * bn * bk)));
  // Output elements the busiest SM stores: each tile's epilogue, once per wave.
  out("log2_stores", std::log2(double(full_waves * bm * bn)));
}

}  // namespace

const std::array<std::string_view, kNumCostFeatures>& cost_feature_names() {
  static const std::array<std::string_view, kNumCostFeatures> names = [] {
    std::array<std::string_view, kNumCostFeatures> out{};
    Writer w(&out);
    write(Problem{{128, 128, 128}, DType::f16, AccType::f32, Layout::tn}, KernelSpec{}, {}, w);
    w.take();  // checks the count
    return out;
  }();
  return names;
}

CostFeatures cost_features(const Problem& p, const KernelSpec& s, const DeviceFacts& device) {
  Writer w(nullptr);
  write(p, s, device, w);
  return w.take();
}

}  // namespace autogemm::tune
