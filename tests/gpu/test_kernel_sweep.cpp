// The sm90 kernel against the fp32 reference on random shapes: any M from 1, N and K multiples
// of 8 (most not multiples of any tile size), both B layouts, fp16 and bf16 (fp32 accumulation)
// and fp16 with fp16 accumulation, across specs that
// exercise every structural path (clusters of 2 and 4 CTAs along M and N, one or two consumers,
// cooperative or ping-pong, persistent or not, stream-K, both rasters, all three epilogues). Inputs
// are fresh N(0,1) draws and C is poisoned first.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "autogemm/autogemm.hpp"
#include "autogemm/sm90/types.cuh"
#include "core/cuda_check.hpp"
#include "gemm_checker.hpp"
#include "jit/jit.hpp"
#include "runtime/workspace.hpp"
#include "spec/fitted.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"

namespace autogemm {
namespace {

// Spec names without the dtype/layout part, which each case fills in.
const char* const kSpecTails[] = {
    "128x256x64_s4_c2x1_coop_persist_r8m_etma",
    "128x256x64_s3_c1x2_coop_persist_r4n_etmat",
    "256x128x64_s4_c1x2_coop_persist_r8m",
    "128x128x64_s6_c1x1_coop_persist_r1m",
    "64x256x64_s4_c1x1_wg1_tiles_r8m",
    "128x128x64_s5_c2x1_wg1_persist_r16n_etma",
    "256x128x64_s4_c2x1_coop_tiles_r2m_etma",
    "64x128x64_s6_c1x1_wg1_persist_r8m",
    "128x256x64_s4_c1x1_coop_persist_r8m_etma_sk",
    "256x128x64_s3_c1x1_coop_persist_r8m_etmat_sk",
    "128x128x64_s5_c2x1_pp_persist_r8m_etmat",
    "64x256x64_s4_c1x1_pp_persist_r4n_etma",
    "128x128x64_s4_c2x2_coop_persist_r8m_etma",
    "128x256x64_s4_c4x1_coop_persist_r8m_etma",
    "64x128x64_s4_c1x1_wg1_persist_r8m_etma_sk",
    "128x128x64_s4_c1x4_coop_persist_r8m_etmat",
    "192x192x64_s3_c2x1_wg3_persist_r8m_etmat_lag0",
    "192x192x64_s4_c1x1_wg3_tiles_r4n",
    "128x256x64_s3_c2x1_coop_persist_r8n_etmat_lag0",
    "192x192x64_s3_c1x1_wg3_persist_r8m_etma_sk",
    "128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0_defer",
    "256x128x64_s3_c1x2_coop_persist_r8n_etmat_defer",
    "128x128x64_s4_c1x1_wg1_persist_r4m_etmat_defer",
    "128x192x64_s3_c2x1_coop_persist_r8m_etmat_lag0_defer",
    // The deferred store through the double-buffered staging, one block per k-block (and the
    // rest after a tile shorter than its blocks).
    "256x128x64_s4_c1x2_coop_persist_r8m_etma_defer",
    "128x256x64_s4_c1x1_coop_persist_r16m_etma_defer",
    // ... in the form 53 H200 table entries run (bk 128, two stages, lag 0; notes 332-335).
    "128x256x128_s2_c1x1_coop_persist_r4m_etma_lag0_defer",
    "128x192x64_s4_c2x1_pp_persist_r8m_etmar",
    "128x128x64_s4_c1x1_coop_persist_r8m_etmar",
    // A cooperative 256x192 tile: 192 accumulators per thread (notes 119).
    "256x192x64_s3_c1x2_coop_persist_r8m_etmar",
    "128x128x64_s4_c1x1_coop_persist_r8m_etma_sk3",
    "64x128x64_s6_c1x1_wg1_persist_r8m_etmat_acc2",
    // Stream-K with clusters: every CTA of a cluster takes the same k-range.
    "128x128x64_s4_c2x1_coop_persist_r8m_etma_sk8",
    "64x128x64_s6_c1x2_wg1_persist_r8m_etmat_sk4",
    "64x64x64_s6_c2x2_wg1_persist_r8m_etma_sk",
    "128x256x64_s4_c2x1_coop_persist_r8m_etma_sk",
    // More k-blocks of MMAs in flight (lag 2-3).
    "64x64x64_s12_c1x1_wg1_persist_r8m_etma_sk8_lag3",
    "128x128x64_s4_c1x1_coop_persist_r8m_etma_lag2",
    "128x128x64_s5_c2x1_pp_persist_r8m_etmat_lag3",
    // Without programmatic dependent launch (every other spec here launches with it, and must
    // wait for the kernels that wrote A, B and C's poison).
    "128x256x64_s4_c2x1_coop_persist_r8m_etma_nopdl",
    // The first k-blocks prefetched into L2 before the PDL wait: multicast slices with bk 128
    // (N-major B slices in nn), a cluster split-K group's own k-range.
    "128x128x128_s3_c2x2_coop_persist_r8m_etma_pf2",
    "64x128x64_s6_c1x1_wg1_tiles_r8m_ck4_pf4",
    "64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk12_nopdl",
    // bk 128: two swizzle atoms of K per stage, two TMAs per operand (multicast slices too).
    "128x128x128_s3_c1x1_coop_persist_r8m_etma",
    "64x64x128_s6_c2x1_wg1_persist_r8m_etma_sk8",
    "128x256x128_s2_c1x2_coop_persist_r8m_etma",
    "64x128x128_s4_c1x1_wg1_tiles_r4n",
    // Cluster split-K: the tile's k-blocks over 2-16 CTAs of a cluster, partials summed through
    // distributed shared memory (with fp16 accumulation too: the partials are fp32).
    "64x128x64_s6_c1x1_wg1_tiles_r8m_ck4",
    "128x128x64_s4_c1x1_coop_tiles_r8n_ck2",
    "64x64x64_s8_c1x1_wg1_tiles_r8m_ck8",
    // Split N: the two warpgroups take a tile's columns (64- and 128-column halves).
    "256x128x64_s4_c1x2_coopn_persist_r8m",
    "128x256x64_s4_c2x1_coopn_persist_r8n_etmar",
    "192x128x128_s2_c1x2_coopn_persist_r8m_etmar",
};

// Specs valid for layout tn only (bn not a multiple of 64), taking every fourth tn case after
// the swap-AB ones: the row-block epilogue with 16- and 32-column store blocks.
const char* const kTnOnlyTails[] = {
    "128x176x64_s4_c2x1_pp_persist_r8m_etmar",
    "128x80x64_s4_c1x1_coop_persist_r8m_etmar",
    "64x96x64_s5_c1x1_wg1_persist_r8n_etmar",
    // Narrow tiles without swap-AB (bn 16-48) for a small N, one with bk 128.
    "128x32x64_s8_c1x1_coop_persist_r8m",
    "64x16x64_s8_c2x1_wg1_persist_r8m_sk4",
    "256x48x128_s2_c1x1_coop_persist_r8m_etmar",
    // Cooperative 256x160 and 256x176 (160-176 accumulators per thread).
    "256x160x64_s4_c2x1_coop_persist_r8n",
    "256x176x64_s4_c1x1_coop_persist_r8m",
    // Split N with bm 192 (96- and 80-column halves), with and without multicast of A.
    "192x192x64_s4_c1x2_coopn_persist_r8m",
    "192x160x64_s4_c1x1_coopn_persist_r8n_etmar",
    "256x192x64_s3_c2x1_coopn_persist_r8m",
    "192x192x32_s8_c1x1_coopn_persist_r8m",
    "192x256x64_s3_c1x1_coopn_persist_r8m_etmar",
};

// Swap-AB specs, taking every fourth case of either layout (in nn the kernel's A is the
// problem's B, M-major).
const char* const kSwapTails[] = {
    "64x8x64_s8_c1x1_wg1_persist_r8m_sk_swap",
    "64x16x64_s8_c1x1_wg1_persist_r8m_swap",
    "128x32x64_s8_c1x1_coop_persist_r8m_sk_lag0_swap",
    "64x64x64_s6_c1x1_wg1_tiles_r4n_swap",
    "64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap",
    "64x32x64_s8_c1x1_wg1_persist_r8m_sk4_swap_acc4",
    "64x32x64_s8_c2x1_wg1_persist_r8m_sk12_swap",
    "64x32x64_s16_c1x1_wg1_persist_r8m_sk12_lag3_swap",
    "64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap_nopdl",
    "64x40x64_s8_c1x1_wg1_persist_r8m_swap_nopdl",  // the third decode family's bn 40
    // The first k-blocks prefetched into L2 before the PDL wait (a hint: C must not change):
    // stream-K's first piece, a 4x1 cluster's slices.
    "128x16x64_s8_c1x1_coop_persist_r8m_sk4_swap_pf4",
    "128x32x64_s8_c4x1_coop_persist_r8m_swap_pf8",
    "64x32x128_s8_c1x1_wg1_persist_r8m_sk4_swap",
    "64x64x64_s8_c1x1_wg1_tiles_r8m_ck4_swap",
    // Multicast of the kernel's A (M-major slices of K-rows in nn), three consumers, ping-pong.
    "128x64x64_s6_c1x2_coop_persist_r8m_swap",
    "192x80x64_s5_c1x2_wg3_persist_r8m_swap",
    "128x96x64_s6_c2x2_pp_persist_r8m_swap",
    "256x40x128_s3_c1x4_coop_persist_r8m_swap",
    // Split N over the problem's M (the two warpgroups' halves of bn), up to 2 x 192 columns,
    // with stream-K too (the reduction pass is in SplitKSchedulesMatchReference: here its
    // partials may exceed the workspace, which the bench refuses by design).
    "128x192x64_s5_c2x1_coopn_persist_r8m_swap",
    "128x304x64_s4_c2x1_coopn_persist_r8m_swap",
    "128x272x64_s4_c1x2_coopn_persist_r8m_swap",  // B's 272 rows in two boxes (no split)
    "192x192x64_s3_c1x2_coopn_persist_r8n_swap",
    "128x384x64_s3_c4x1_coopn_persist_r8m_swap",
    "128x128x64_s4_c1x1_coopn_persist_r8m_sk4_swap",
    // C staged by row blocks as C's rows (the transposed row-block epilogue).
    "256x144x64_s3_c1x2_coop_persist_r8m_etmar_swap",
    "64x40x64_s8_c1x1_wg1_persist_r8m_etmar_swap",
};

std::string spec_for(int i, DType dtype, AccType acc, Layout layout) {
  // kSpecTails takes the even i (and odd ones in nn): indexed by i / 2, so every tail runs in
  // both layouts whatever the list's length (by i, a length divisible by 4 left a quarter of the
  // tails out and, an even one, the odd ones out of tn).
  const char* tail = i % 4 == 1 ? kSwapTails[(i / 4) % std::size(kSwapTails)]
                     : layout == Layout::tn && i % 4 == 3
                         ? kTnOnlyTails[(i / 4) % std::size(kTnOnlyTails)]
                         : kSpecTails[(i / 2) % std::size(kSpecTails)];
  std::string name = std::string("sm90_") + (dtype == DType::f16 ? "f16" : "bf16") +
                     (acc == AccType::f16 ? "f16_" : "f32_") + std::string(to_string(layout)) +
                     "_" + tail;
  // fp16 accumulation has one accumulator set: the same spec without the others.
  if (acc == AccType::f16) name = std::regex_replace(name, std::regex("_acc[24]"), "");
  return name;
}

uint64_t sweep_seed() {
  if (const char* s = std::getenv("AUTOGEMM_SWEEP_SEED")) return std::strtoull(s, nullptr, 10);
  return std::random_device{}();
}

// A named spec on one shape.
struct SpecCase {
  const char* spec;
  Shape shape;
};

// Runs `c` twice against the reference: plain, then scaled (alpha 0.5, beta 2 on an addend in C);
// `seed` advances with each fill.
void check_plain_and_scaled(test::GemmChecker& gc, const SpecCase& c, uint64_t& seed) {
  const KernelSpec spec = parse_name(c.spec);
  const Problem p{c.shape, spec.dtype, spec.acc, spec.layout};
  gc.prepare(p, ++seed);
  ASSERT_NO_THROW(gemm(p, c.spec, gc.a(), gc.b(), gc.c())) << c.spec;
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << c.spec;
  const auto verdict = gc.check(p);
  EXPECT_TRUE(verdict.pass) << c.spec << ": " << verdict.reason;
  gc.prepare(p, ++seed);
  gc.fill_addend(p, ++seed);
  ASSERT_NO_THROW(gemm(p, c.spec, gc.a(), gc.b(), gc.c(), Scaling{0.5f, 2.0f})) << c.spec;
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << c.spec;
  const auto scaled = gc.check(p, 0.5f, 2.0f);
  EXPECT_TRUE(scaled.pass) << c.spec << " scaled: " << scaled.reason;
}

TEST(KernelSweep, RandomShapesMatchReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const uint64_t seed = sweep_seed();
  const bool verbose = std::getenv("AUTOGEMM_SWEEP_VERBOSE") != nullptr;
  std::printf("AUTOGEMM_SWEEP_SEED=%llu\n", (unsigned long long)seed);
  std::mt19937_64 rng(seed);
  auto log_uniform = [&](int lo, int hi) {
    std::uniform_real_distribution<double> u(std::log(lo), std::log(hi + 1));
    return std::min(hi, int(std::exp(u(rng))));
  };
  auto multiple_of_8 = [&](int hi) { return 8 * std::max(1, log_uniform(8, hi) / 8); };

  constexpr int kShapes = 220;
  constexpr double kMaxFlops = 3e11;  // keeps the reference GEMM's share of the test short
  test::GemmChecker gc(int64_t(16384) * 16384);

  double worst = 0;
  std::string worst_case;
  int checked = 0;
  for (int i = 0; i < kShapes; ++i) {
    Shape sh;
    do {
      sh = {log_uniform(1, 16384), multiple_of_8(16384), multiple_of_8(16384)};
    } while (sh.flops() > kMaxFlops);
    // fp16/fp32, fp16 with fp16 accumulation, bf16/fp32 in turn.
    const DType dtype = i % 3 == 2 ? DType::bf16 : DType::f16;
    const AccType acc = i % 3 == 1 ? AccType::f16 : AccType::f32;
    for (Layout layout : {Layout::nn, Layout::tn}) {
      const std::string spec = spec_for(i + (layout == Layout::tn), dtype, acc, layout);
      const Problem p{sh, dtype, acc, layout};
      const uint64_t case_seed = rng();
      gc.prepare(p, case_seed);
      const std::string what = spec + " " + std::to_string(sh.m) + "x" + std::to_string(sh.n) +
                               "x" + std::to_string(sh.k);
      if (verbose) std::printf("case %s\n", what.c_str()), std::fflush(stdout);
      try {
        gemm(p, spec, gc.a(), gc.b(), gc.c(), nullptr);
      } catch (const Error& e) {
        ADD_FAILURE() << what << ": " << e.what();
        continue;
      }
      // A fault in the kernel is sticky: stop at once, naming the case.
      ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
      const auto verdict = gc.check(p);
      EXPECT_TRUE(verdict.pass) << what << ": " << verdict.reason;
      if (verdict.rel_err > worst) {
        worst = verdict.rel_err;
        worst_case = what;
      }
      ++checked;
    }
  }
  std::printf("checked %d cases; worst relative error %.3e (%s)\n", checked, worst,
              worst_case.c_str());
  EXPECT_EQ(checked, 2 * kShapes);
}

// Split-K and stream-K schedules on long-K shapes with few tiles: aligned split-K (every piece
// reduces a slice: units x splits clusters), unaligned stream-K (pieces straddle tiles), with
// clusters, swap-AB and several consumers, and cluster split-K; each with fp32 and fp16
// accumulation, run twice, so flags left set would show.
TEST(KernelSweep, SplitKSchedulesMatchReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::pair<const char*, Shape> cases[] = {
      {"64x32x64_s8_c1x1_wg1_persist_r8m_sk12_swap", {128, 128, 16384}},
      {"64x32x64_s8_c2x1_wg1_persist_r8m_sk12_swap", {100, 200, 8200}},
      {"64x64x64_s8_c2x2_wg1_persist_r8m_etma_sk8", {128, 256, 16384}},
      {"64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk4", {512, 512, 16384}},
      {"64x128x64_s6_c2x1_wg1_persist_r8m_etma_sk4", {250, 1000, 12000}},
      {"128x128x64_s4_c1x1_coop_persist_r8m_etma_sk4", {1000, 520, 16384}},
      {"128x128x64_s4_c1x2_coop_persist_r8m_etma_sk", {300, 696, 9000}},
      {"128x256x64_s4_c1x1_coop_persist_r8m_etma_sk", {1024, 1024, 4096}},
      {"64x16x64_s8_c1x1_wg1_persist_r8m_sk_swap", {16, 5120, 13824}},
      {"192x192x64_s3_c1x1_wg3_persist_r8m_etma_sk4", {384, 384, 20000}},
      {"64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk12_nopdl", {128, 128, 16384}},
      {"64x128x64_s6_c2x1_wg1_persist_r8m_etma_sk4_nopdl", {250, 1000, 12000}},
      // Cluster split-K: 2, 4 and 8 pieces, one and two consumers, swap-AB, edge tiles, and
      // K shorter than the pieces (ck8 of 5 k-blocks: three pieces have none).
      {"64x128x64_s6_c1x1_wg1_tiles_r8m_ck4", {512, 512, 16384}},
      {"128x128x64_s4_c1x1_coop_tiles_r8m_ck8", {250, 1000, 12000}},
      {"64x128x64_s6_c1x1_wg1_tiles_r8m_ck2_nopdl", {300, 696, 9000}},
      {"64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_swap", {64, 4096, 4096}},
      {"64x64x64_s8_c1x1_wg1_tiles_r8m_ck8", {200, 136, 320}},
      // 16 pieces: a non-portable cluster size; with K of 5 k-blocks, 11 pieces have none.
      {"64x32x64_s8_c1x1_wg1_tiles_r8m_ck16", {128, 128, 16384}},
      {"64x32x64_s8_c1x1_wg1_tiles_r8m_ck16_swap", {100, 200, 320}},
      // Two accumulator sets, three pieces empty: every set starts from zero.
      {"64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_acc2", {200, 136, 320}},
      // Split-K with a reduction pass, on the few-tile long-K shapes it is for.
      {"64x128x64_s6_c2x1_wg1_tiles_r8m_skp8", {256, 512, 12288}},
      {"64x64x64_s8_c1x1_wg1_tiles_r8m_skp4_swap", {256, 512, 12288}},
      {"128x128x64_s4_c1x1_coop_tiles_r8m_skp4", {1000, 520, 16384}},
      // Split N (two warpgroups over a tile's columns) with every kind of split-K: the pass
      // (a 64-row tile, cuBLASLt's on 512x512x16384), stream-K and aligned split-K, clusters.
      {"64x128x64_s8_c2x1_coopn_tiles_r8m_skp4", {512, 512, 16384}},
      {"64x256x64_s4_c1x1_coopn_tiles_r8m_skp6p", {250, 1000, 12000}},
      {"128x128x64_s4_c1x1_coopn_persist_r8m_etmar_sk", {300, 696, 9000}},
      {"128x192x64_s4_c2x1_coopn_persist_r8m_sk4", {1000, 520, 16384}},
      {"64x128x64_s6_c1x1_coopn_tiles_r8m_ck4", {250, 1000, 12000}},
      // Three m64 blocks a warpgroup in pieces; three of eight pieces with no k-blocks.
      {"192x128x64_s5_c1x1_coopn_tiles_r8m_skp4", {700, 520, 9000}},
      {"64x128x64_s6_c1x1_coopn_tiles_r8m_ck8", {200, 136, 320}},
      // Split N over the problem's M under swap-AB: stream-K and the reduction pass.
      {"128x192x64_s4_c2x1_coopn_persist_r8m_sk4_swap", {300, 1000, 16384}},
      {"128x256x64_s4_c1x1_coopn_tiles_r8m_skp4_swap", {520, 256, 12288}},
  };
  test::GemmChecker gc(int64_t(5120) * 13824);
  // Each with fp32 accumulation, then fp16 (its pieces hand over fp32 partials), except the
  // cases about accumulator sets, which fp16 accumulation does not have.
  for (const auto& [tail, sh] : cases)
    for (AccType acc : {AccType::f32, AccType::f16}) {
      if (acc == AccType::f16 && std::string_view(tail).find("_acc") != std::string_view::npos)
        continue;
      const Problem p{sh, DType::f16, acc, Layout::tn};
      const std::string spec =
          std::string(acc == AccType::f32 ? "sm90_f16f32_tn_" : "sm90_f16f16_tn_") + tail;
      for (int run = 0; run < 2; ++run) {
        gc.prepare(p, 1234 + run);
        // Twice back to back: under PDL (the default) the second overlaps the first's tail and
        // must still wait for it (same C, same stream-K workspace).
        ASSERT_NO_THROW(gemm(p, spec, gc.a(), gc.b(), gc.c(), nullptr)) << spec;
        ASSERT_NO_THROW(gemm(p, spec, gc.a(), gc.b(), gc.c(), nullptr)) << spec;
        ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << spec;
        const auto verdict = gc.check(p);
        EXPECT_TRUE(verdict.pass) << spec << " " << sh.m << "x" << sh.n << "x" << sh.k << " run "
                                  << run << ": " << verdict.reason;
      }
    }
}

// The scaled epilogue (C = alpha·A·B + beta·C, spec token "ab") on every store path: direct,
// TMA (two blocks, whole tile, row blocks), deferred, ping-pong, three consumers, bk 128,
// stream-K (a tail tile adding partials, and aligned split-K reducing slices), swap-AB; fp16,
// bf16 and fp16 accumulation. beta 0 must leave C unread (it holds the NaN poison); otherwise C
// holds N(0,1) values read in place. Then gemm() without a spec, through the dispatcher's pick
// and through the cuBLASLt fallback (N not a multiple of 8).
TEST(KernelSweep, ScaledEpilogueMatchesReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const SpecCase cases[] = {
      {"sm90_f16f32_nn_128x128x64_s6_c1x1_coop_persist_r1m", {1000, 520, 3000}},
      {"sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma", {777, 1096, 512}},
      {"sm90_bf16f32_nn_128x256x64_s3_c1x2_coop_persist_r4n_etmat", {1500, 2000, 1000}},
      {"sm90_f16f32_tn_128x192x64_s4_c2x1_pp_persist_r8m_etmar", {2100, 1000, 640}},
      {"sm90_f16f32_tn_192x192x64_s4_c1x2_coopn_persist_r8m", {2100, 1000, 640}},
      {"sm90_f16f16_nn_256x128x64_s4_c2x1_coopn_persist_r8m_etmar", {1000, 1800, 520}},
      {"sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0_defer", {3000, 2056, 512}},
      // The block-by-block deferred store: K 192 (three k-blocks, four blocks to store: the flush
      // path) and M cut short.
      {"sm90_f16f32_tn_256x128x64_s4_c1x2_coop_persist_r8m_etma_defer", {1000, 1032, 192}},
      {"sm90_bf16f32_nn_128x256x64_s4_c1x1_coop_persist_r16m_etma_defer", {1500, 2048, 1024}},
      // The table's bk-128 form: K 384 (three k-blocks, four blocks to store), 144 tiles.
      {"sm90_f16f32_tn_128x256x128_s2_c1x1_coop_persist_r8m_etma_lag0_defer", {2000, 2056, 384}},
      {"sm90_f16f32_tn_128x256x64_s4_c1x1_coop_persist_r8m_etma_sk", {1024, 1024, 4096}},
      {"sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk4", {512, 512, 16384}},
      {"sm90_f16f32_tn_192x192x64_s3_c1x1_wg3_persist_r8m_etma_sk", {384, 384, 20000}},
      {"sm90_f16f32_nn_128x128x128_s3_c1x1_coop_persist_r8m_etma", {999, 1280, 1024}},
      {"sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap", {16, 5120, 13824}},
      {"sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_persist_r8m_swap", {37, 3000, 1024}},
      // Swap-AB over split N: C's odd row stride (N 1001) takes the 16-bit stores, an even one
      // the paired 32-bit stores.
      {"sm90_f16f32_tn_128x304x64_s4_c2x1_coopn_persist_r8m_swap_ab", {2124, 1001, 640}},
      // B's 272 and 304 rows loaded in two boxes each (no cluster splits them); M cut short.
      {"sm90_f16f32_tn_128x272x64_s4_c1x2_coopn_persist_r8m_swap", {6989, 608, 1480}},
      {"sm90_bf16f32_nn_128x304x64_s4_c1x1_coopn_persist_r8m_swap_ab", {2124, 1000, 648}},
      {"sm90_bf16f32_nn_128x192x64_s5_c2x1_coopn_persist_r8m_swap_ab", {999, 1000, 512}},
      {"sm90_f16f16_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma", {1000, 2000, 1024}},
      {"sm90_f16f16_tn_128x256x64_s4_c1x1_coop_persist_r8m_etma_sk", {1024, 1024, 4096}},
      {"sm90_f16f16_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck4_swap", {37, 3000, 4096}},
      {"sm90_bf16f32_tn_128x32x64_s8_c1x1_coop_persist_r8m", {5000, 40, 2048}},
      {"sm90_f16f32_tn_128x128x64_s4_c1x1_coop_tiles_r8m_ck4", {1000, 520, 16384}},
      {"sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck4_swap", {37, 3000, 4096}},
      {"sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8", {250, 1000, 12000}},
      {"sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_skp4_swap", {37, 3000, 4096}},
      {"sm90_f16f32_tn_64x128x64_s8_c2x1_coopn_tiles_r8m_skp4", {250, 1000, 12000}},
      {"sm90_f16f32_nn_128x128x64_s4_c1x1_coopn_persist_r8m_sk", {1024, 1024, 4096}},
      {"sm90_f16f32_nn_64x128x64_s8_c1x1_coopn_tiles_r8m_skp4", {250, 1000, 12000}},
  };
  struct Scale {
    float alpha, beta;
  };
  const Scale scales[] = {{2.0f, 0.0f}, {0.5f, -1.5f}, {1.0f, 1.0f}};
  test::GemmChecker gc(int64_t(5120) * 13824);
  uint64_t seed = 99;
  for (const SpecCase& c : cases) {
    const KernelSpec spec = parse_name(c.spec);
    const Problem p{c.shape, spec.dtype, spec.acc, spec.layout};
    for (const Scale& sc : scales) {
      const std::string what = std::string(c.spec) + " alpha " + std::to_string(sc.alpha) +
                               " beta " + std::to_string(sc.beta);
      gc.prepare(p, ++seed);
      if (sc.beta != 0.0f) gc.fill_addend(p, ++seed);
      ASSERT_NO_THROW(gemm(p, c.spec, gc.a(), gc.b(), gc.c(), Scaling{sc.alpha, sc.beta})) << what;
      ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
      const auto verdict = gc.check(p, sc.alpha, sc.beta);
      EXPECT_TRUE(verdict.pass) << what << ": " << verdict.reason;
    }
  }
  // The same spec named with "_ab" and plain scaling: the product alone.
  {
    const Problem p{{500, 512, 256}, DType::f16, AccType::f32, Layout::tn};
    gc.prepare(p, ++seed);
    ASSERT_NO_THROW(gemm(p, "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma_ab", gc.a(),
                         gc.b(), gc.c()));
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    EXPECT_TRUE(gc.check(p).pass);
  }
  // Without a spec: the dispatcher's pick (its scaled variant), and cuBLASLt for N = 100.
  for (const Shape& sh : {Shape{300, 4096, 1024}, Shape{64, 100, 256}}) {
    const Problem p{sh, DType::f16, AccType::f32, Layout::tn};
    gc.prepare(p, ++seed);
    gc.fill_addend(p, ++seed);
    ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), Scaling{-0.75f, 0.25f}));
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    const auto verdict = gc.check(p, -0.75f, 0.25f);
    EXPECT_TRUE(verdict.pass) << choose(p).kind << " " << choose(p).spec << ": " << verdict.reason;
  }
}

// Swap-AB with the row-block epilogue: each consumer's 64 kernel rows x its columns staged as
// C's rows and stored by one TMA box (clipped at M and N). One to three consumers, split N,
// clusters, stream-K, fp16 accumulation, bf16 and layout nn, bn down to 8; ragged M and N (N a
// multiple of 8, as C's TMA map needs); each plain and scaled (beta reads C transposed).
TEST(KernelSweep, SwapAbRowBlockEpilogueMatchesReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const SpecCase cases[] = {
      {"sm90_f16f32_tn_256x144x64_s3_c1x2_coop_persist_r8m_etmar_swap", {9210, 504, 1880}},
      {"sm90_f16f32_tn_256x144x64_s3_c1x2_coop_persist_r8m_etmar_swap", {1001, 200, 520}},
      {"sm90_f16f32_tn_128x288x64_s3_c2x1_coopn_persist_r8m_etmar_swap", {6837, 736, 1192}},
      {"sm90_f16f32_tn_192x104x64_s5_c1x2_wg3_persist_r8m_etmar_swap", {6549, 384, 2432}},
      {"sm90_f16f32_tn_128x152x64_s5_c1x1_coop_persist_r8m_etmar_swap", {777, 1096, 2056}},
      {"sm90_f16f32_tn_64x8x64_s8_c1x1_wg1_persist_r8m_etmar_swap", {5, 4096, 1024}},
      {"sm90_f16f32_tn_128x48x64_s8_c4x1_coop_persist_r8m_etmar_swap", {45, 5120, 2048}},
      {"sm90_f16f32_tn_128x64x64_s6_c1x1_coop_persist_r8m_etmar_sk_swap", {300, 1000, 8192}},
      {"sm90_f16f16_tn_128x96x64_s6_c2x1_coop_persist_r8m_etmar_swap", {1234, 2000, 1000}},
      {"sm90_bf16f32_nn_128x128x64_s5_c1x2_coop_persist_r8m_etmar_swap", {999, 1000, 512}},
      {"sm90_bf16f32_nn_128x192x64_s4_c2x1_coopn_persist_r8m_etmar_swap", {3000, 1000, 648}},
  };
  test::GemmChecker gc(int64_t(9210) * 1880);
  uint64_t seed = 1234;
  for (const SpecCase& c : cases) check_plain_and_scaled(gc, c, seed);
}

// Row blocks staged in parts (`_etmarN`): each part a consumer's share of C's rows, stored by
// its own TMA box after the previous part's was read. Swap-AB in halves, thirds and quarters
// (wide tiles that keep their fourth stage so, a bn-256 single consumer, stream-K, a cluster,
// fp16 accumulation, bf16 nn), and without swap-AB in halves and quarters (cooperative,
// three consumers, ping-pong, split N in nn, 16-column blocks), on ragged shapes; each also
// scaled.
TEST(KernelSweep, RowBlockPartsMatchReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const SpecCase cases[] = {
      {"sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m_etmar2_swap", {9210, 504, 1880}},
      {"sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m_etmar2_swap", {1001, 200, 520}},
      {"sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_etmar3_swap", {6837, 736, 1192}},
      {"sm90_f16f32_tn_64x256x64_s5_c1x1_wg1_persist_r8m_etmar4_swap", {1000, 296, 704}},
      {"sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8m_etmar4_sk_swap", {300, 1000, 8192}},
      {"sm90_f16f16_tn_128x96x64_s6_c2x1_coop_persist_r8m_etmar2_swap", {1234, 2000, 1000}},
      {"sm90_bf16f32_nn_128x128x64_s5_c1x2_coop_persist_r8m_etmar2_swap", {999, 1000, 512}},
      {"sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m_etmar2", {504, 9208, 1880}},
      {"sm90_f16f32_tn_192x112x64_s5_c2x1_wg3_persist_r8m_etmar4", {2000, 1000, 1032}},
      {"sm90_f16f32_tn_128x192x64_s5_c2x1_pp_persist_r8m_etmar2", {2100, 1000, 640}},
      {"sm90_bf16f32_nn_128x256x64_s4_c1x2_coopn_persist_r8m_etmar2", {3000, 1000, 648}},
      {"sm90_f16f32_tn_128x176x64_s4_c1x1_coop_persist_r8m_etmar4", {777, 1096, 2056}},
  };
  test::GemmChecker gc(int64_t(9210) * 1880);
  uint64_t seed = 4321;
  for (const SpecCase& c : cases) check_plain_and_scaled(gc, c, seed);
}

// bk 32 (one 64-byte swizzle atom of K per stage, the wgmma descriptors' 64-byte mode): both B
// layouts (K-major B uses the 64-byte swizzle too, N-major B keeps the 128-byte one), clusters
// with multicast slices along both dimensions, one to three consumers, ping-pong, stream-K and
// split-K, swap-AB, narrow tiles, fp16 accumulation and bf16, on ragged shapes; each also scaled.
TEST(KernelSweep, Bk32MatchesReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const SpecCase cases[] = {
      {"sm90_f16f32_tn_128x128x32_s8_c2x1_coop_persist_r8m_etma", {1000, 1000, 1000}},
      {"sm90_f16f32_nn_128x128x32_s8_c2x1_coop_persist_r8m_etma", {1000, 1000, 1000}},
      {"sm90_f16f32_nn_128x256x32_s6_c1x2_coop_persist_r8m_etma", {777, 1536, 2056}},
      {"sm90_f16f32_tn_128x256x32_s6_c1x2_coop_persist_r4n_etmat", {2000, 3000, 520}},
      {"sm90_bf16f32_tn_64x64x32_s12_c2x2_wg1_persist_r8m_etma_sk8", {128, 256, 16384}},
      {"sm90_f16f32_tn_64x128x32_s12_c1x1_wg1_persist_r8m", {77, 1000, 72}},
      {"sm90_f16f32_tn_128x192x32_s8_c2x1_pp_persist_r8m_etmar", {2100, 1000, 640}},
      {"sm90_f16f32_tn_192x192x32_s6_c1x1_wg3_persist_r8m_etma_sk", {384, 384, 20000}},
      {"sm90_f16f32_tn_64x16x32_s16_c1x2_wg1_persist_r8m_sk4_swap", {16, 5120, 13824}},
      {"sm90_f16f32_tn_64x32x32_s16_c1x1_wg1_persist_r8m_swap", {37, 3000, 1032}},
      {"sm90_f16f32_tn_128x32x32_s12_c1x2_coop_persist_r8m", {5000, 40, 2048}},
      {"sm90_f16f16_nn_128x256x32_s6_c2x1_coop_persist_r8m_etma", {1000, 2048, 1000}},
      {"sm90_f16f32_tn_128x128x32_s8_c1x1_coop_persist_r8m_etma_fix300x696x9000", {300, 696, 9000}},
  };
  test::GemmChecker gc(int64_t(5120) * 13824);
  uint64_t seed = 3;
  for (const SpecCase& c : cases) check_plain_and_scaled(gc, c, seed);
}

// Eight-CTA clusters (2x4 and 4x2: each CTA loads a quarter of one operand's tile and half of
// the other's, multicast to its cluster row or column) on ragged shapes with K on and off the
// 64-element lines, both B layouts, cooperative, ping-pong, three consumers and stream-K; each
// also scaled.
TEST(KernelSweep, EightCtaClustersMatchReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const SpecCase cases[] = {
      {"sm90_f16f32_tn_128x256x64_s4_c2x4_coop_persist_r8m_etma", {1000, 3000, 1000}},
      {"sm90_f16f32_tn_128x256x64_s4_c4x2_coop_persist_r8n_etma", {777, 2056, 4104}},
      {"sm90_f16f32_nn_256x128x64_s4_c2x4_coop_persist_r8m_etmar", {2100, 1000, 640}},
      {"sm90_bf16f32_tn_128x128x64_s6_c4x2_coop_persist_r8m_etma", {299, 8536, 1576}},
      {"sm90_f16f32_tn_128x192x64_s4_c2x4_pp_persist_r8m_etmar", {3000, 1400, 2256}},
      {"sm90_f16f32_tn_192x192x64_s3_c2x4_wg3_persist_r8m_etmat_lag0", {1500, 2000, 1032}},
      {"sm90_f16f32_tn_128x256x64_s4_c2x4_coop_persist_r8m_etma_sk", {300, 704, 9000}},
  };
  test::GemmChecker gc(int64_t(8536) * 1576);
  uint64_t seed = 11;
  for (const SpecCase& c : cases) check_plain_and_scaled(gc, c, seed);
}

// Multicast slices that are not whole 8-row swizzle atoms when split evenly (cuBLASLt's 128x72
// tiles in 4x1 clusters: 18 rows a CTA): the shared tile goes out as 8-row boxes, unevenly
// (72 = 2+2+2+3 atoms, 40 = 1+1+1+2, and a bn of 8 = one CTA's single atom, the others none).
// Swap-AB and not, both B layouts, bf16, bk 32 and 128, 8-CTA clusters, stream-K, the reduction
// pass and the L2 prefetch (which walks the same boxes), on edge shapes; each also scaled.
TEST(KernelSweep, UnevenMulticastSlicesMatchReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const SpecCase cases[] = {
      {"sm90_f16f32_tn_128x72x64_s8_c4x1_coop_persist_r8m_swap", {68, 10392, 1776}},
      {"sm90_f16f32_tn_128x72x64_s8_c4x1_coop_persist_r8m_swap", {70, 1000, 520}},
      {"sm90_f16f32_nn_128x72x64_s8_c4x1_coop_persist_r8m_swap", {68, 2000, 1000}},
      {"sm90_bf16f32_tn_128x72x64_s8_c4x1_wg1_persist_r8m_swap", {150, 3000, 2048}},
      {"sm90_f16f32_tn_64x88x64_s8_c4x2_wg1_persist_r8m_swap", {173, 2944, 5816}},
      {"sm90_f16f32_tn_128x40x64_s8_c4x2_coop_persist_r8m_swap", {68, 6400, 1000}},
      {"sm90_f16f32_tn_64x8x64_s8_c4x1_wg1_persist_r8m_swap", {5, 4096, 1024}},
      {"sm90_f16f32_tn_64x144x64_s7_c4x1_wg1_persist_r8m_etmar", {141, 5264, 1384}},
      {"sm90_f16f32_nn_64x144x64_s8_c4x2_wg1_persist_r8m_swap", {300, 2264, 1384}},
      {"sm90_f16f32_tn_64x184x64_s6_c2x4_wg1_persist_r8m_swap", {10279, 96, 1728}},
      {"sm90_f16f16_tn_128x72x128_s4_c4x1_coop_persist_r8m_swap", {68, 3000, 1776}},
      {"sm90_f16f32_tn_128x72x32_s12_c4x1_coop_persist_r8m_swap", {68, 3000, 1776}},
      {"sm90_f16f32_tn_128x72x64_s8_c4x1_coop_persist_r8m_sk_swap", {68, 1000, 9000}},
      {"sm90_f16f32_tn_64x136x64_s8_c4x2_wg1_tiles_r8m_skp2_swap", {810, 1080, 9440}},
      {"sm90_f16f32_tn_128x72x64_s8_c4x1_coop_persist_r8m_swap_pf4", {60, 3000, 2048}},
  };
  test::GemmChecker gc(int64_t(10392) * 1776);
  uint64_t seed = 21;
  for (const SpecCase& c : cases) check_plain_and_scaled(gc, c, seed);
}

// Every spec fitted to a shape (spec/fitted.hpp: widths off the usual steps, swap-AB with 8-wide
// steps, clusters of up to 8 CTAs, split-K pieces) on four middle off-grid shapes and two drawn
// at random (AUTOGEMM_SWEEP_SEED), tn, fp16 and bf16; the first three of each shape also scaled.
TEST(KernelSweep, FittedSpecsMatchReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  int sms = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), cudaSuccess);
  const uint64_t base = sweep_seed();
  std::printf("fitted specs: AUTOGEMM_SWEEP_SEED=%llu reproduces this run\n",
              (unsigned long long)base);
  std::mt19937_64 rng(base);
  std::vector<Problem> problems;
  for (const Shape& shape : {Shape{146, 12584, 1576}, Shape{6907, 208, 4312},
                             Shape{1099, 224, 12096}, Shape{10807, 64, 4936}})
    problems.push_back({shape, DType::f16, AccType::f32, Layout::tn});
  // Layout nn (swap-AB with the kernel's A M-major) and fp16 accumulation (split-K pieces with
  // the reduction pass).
  problems.push_back({{262, 11608, 4336}, DType::f16, AccType::f32, Layout::nn});
  problems.push_back({{1099, 224, 12096}, DType::f16, AccType::f16, Layout::tn});
  for (int i = 0; i < 2; ++i) {
    auto pick = [&](int64_t hi) { return int64_t(rng() % uint64_t(hi)) + 1; };
    problems.push_back({{pick(3000), 8 * pick(1000), 8 * pick(1000)},
                        i == 0 ? DType::bf16 : DType::f16,
                        AccType::f32,
                        Layout::tn});
  }
  // The largest operand: 10807x4936 (A above), 8000x8000 (a drawn B).
  test::GemmChecker gc(int64_t(8000) * 8000);
  uint64_t seed = base;
  size_t checked = 0;
  for (const Problem& p : problems) {
    const std::vector<KernelSpec> specs = fitted_specs(p, sms);
    ASSERT_FALSE(specs.empty()) << p.shape.m << "x" << p.shape.n << "x" << p.shape.k;
    jit::prebuild(specs, 0);  // all CPUs; failures show again below, with their error
    for (size_t i = 0; i < specs.size(); ++i) {
      const std::string name = spec_name(specs[i]);
      const std::string where = name + " on " + std::to_string(p.shape.m) + "x" +
                                std::to_string(p.shape.n) + "x" + std::to_string(p.shape.k);
      if (i < 3) {
        check_plain_and_scaled(gc, {name.c_str(), p.shape}, seed);
      } else {
        gc.prepare(p, ++seed);
        ASSERT_NO_THROW(gemm(p, name, gc.a(), gc.b(), gc.c())) << where;
        ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << where;
        const auto verdict = gc.check(p);
        EXPECT_TRUE(verdict.pass) << where << ": " << verdict.reason;
      }
      ++checked;
    }
  }
  std::printf("fitted specs: %zu checked on %zu shapes\n", checked, problems.size());
}

// Shape constants compiled in ("fixMxNxK"): the same results as the run-time kernel on ragged
// shapes, through direct, TMA and transposed stores, stream-K and split-K, bk 128, nn and
// scaled; a spec compiled for one shape refuses another.
TEST(KernelSweep, CompiledInShapesMatchReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const char* const specs[] = {
      "sm90_f16f32_tn_64x64x64_s6_c1x1_wg1_persist_r8m_etma_fix64x4096x64",
      "sm90_f16f32_tn_64x64x64_s6_c1x1_wg1_persist_r8m_fix77x1000x72",
      "sm90_f16f32_nn_128x256x64_s4_c2x1_coop_persist_r8m_etma_fix1000x1280x3000",
      "sm90_f16f32_tn_128x128x128_s3_c1x1_coop_persist_r8m_etma_sk_fix300x696x9000",
      "sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk4_fix512x512x16384",
      "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap_fix16x5120x13824",
      "sm90_bf16f32_tn_128x192x64_s4_c2x1_pp_persist_r8m_etmar_fix2100x1000x640",
      "sm90_f16f16_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma_fix1000x2000x1024",
  };
  test::GemmChecker gc(int64_t(5120) * 13824);
  uint64_t seed = 7;
  for (const char* name : specs) {
    const KernelSpec spec = parse_name(name);
    const Problem p{spec.fixed, spec.dtype, spec.acc, spec.layout};
    gc.prepare(p, ++seed);
    ASSERT_NO_THROW(gemm(p, name, gc.a(), gc.b(), gc.c())) << name;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << name;
    const auto verdict = gc.check(p);
    EXPECT_TRUE(verdict.pass) << name << ": " << verdict.reason;
    // Scaled too (the "_ab" variant of the same compiled-in shape).
    gc.prepare(p, ++seed);
    gc.fill_addend(p, ++seed);
    ASSERT_NO_THROW(gemm(p, name, gc.a(), gc.b(), gc.c(), Scaling{1.5f, -0.5f})) << name;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << name;
    const auto scaled = gc.check(p, 1.5f, -0.5f);
    EXPECT_TRUE(scaled.pass) << name << " scaled: " << scaled.reason;
    // Any other shape is refused before launch.
    Problem other = p;
    other.shape.k += 8;
    EXPECT_THROW(gemm(other, name, gc.a(), gc.b(), gc.c()), Error) << name;
  }
}

// Random split-K shapes for `tails` (see the two tests below): M·N small enough for the workspace
// (the case split-K is for) and K from one k-block (most pieces empty) up, both layouts, fp16 and
// bf16, fp16 accumulation every fourth case; each call twice back to back (the second GEMM must
// wait for the first's sum before it overwrites the partials), then scaled. A shape whose partials
// outgrow the workspace is refused, naming it. With `against_pass`, each spec's twin with the
// reduction pass (its "l" dropped) runs on the same inputs, and C must match it bit for bit.
void split_sweep(const std::vector<const char*>& tails, int cases, const char* what_kind,
                 bool against_pass) {
  std::mt19937_64 rng(sweep_seed());
  auto log_uniform = [&](int lo, int hi) {
    std::uniform_real_distribution<double> u(std::log(lo), std::log(hi + 1));
    return std::min(hi, int(std::exp(u(rng))));
  };
  test::GemmChecker gc(int64_t(4096) * 16384);
  int checked = 0, identical = 0;
  double worst = 0;
  for (int i = 0; i < cases; ++i) {
    const char* tail = tails[i % tails.size()];
    const bool swap = std::string(tail).ends_with("swap");
    const Layout layout = i % 2 == 0 ? Layout::tn : Layout::nn;
    // Every fourth case accumulates in fp16 (its pieces written as fp32 partials).
    const AccType acc = i % 4 == 3 ? AccType::f16 : AccType::f32;
    const DType dtype = acc == AccType::f32 && i % 3 == 2 ? DType::bf16 : DType::f16;
    std::string spec = std::string("sm90_") + (dtype == DType::f16 ? "f16" : "bf16") +
                       (acc == AccType::f16 ? "f16_" : "f32_") + std::string(to_string(layout)) +
                       "_" + tail;
    if (acc == AccType::f16) spec = std::regex_replace(spec, std::regex("_acc[24]"), "");
    // Widths below 64 are valid in nn only under swap-AB (B loads in 64-column boxes).
    if (layout == Layout::nn && !swap &&
        (std::string(tail).starts_with("64x16x") || std::string(tail).starts_with("64x32x")))
      continue;
    const Shape sh{log_uniform(1, 2048), 8 * std::max(1, log_uniform(1, 512)),
                   8 * std::max(1, log_uniform(1, 2048))};
    const Problem p{sh, dtype, acc, layout};
    const std::string what =
        spec + " " + std::to_string(sh.m) + "x" + std::to_string(sh.n) + "x" + std::to_string(sh.k);
    if (auto why = validate_problem(parse_name(spec), p)) {  // partials past the workspace
      EXPECT_NE(why->find("workspace"), std::string::npos) << what << ": " << *why;
      EXPECT_THROW(gemm(p, spec, gc.a(), gc.b(), gc.c()), Error) << what;
      continue;
    }
    gc.prepare(p, rng());
    ASSERT_NO_THROW(gemm(p, spec, gc.a(), gc.b(), gc.c())) << what;
    ASSERT_NO_THROW(gemm(p, spec, gc.a(), gc.b(), gc.c())) << what;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
    const auto verdict = gc.check(p);
    EXPECT_TRUE(verdict.pass) << what << ": " << verdict.reason;
    worst = std::max(worst, verdict.rel_err);
    if (against_pass) {
      const size_t bytes = size_t(sh.m) * size_t(sh.n) * 2;
      std::vector<unsigned char> last(bytes), pass(bytes);
      ASSERT_EQ(cudaMemcpy(last.data(), gc.c(), bytes, cudaMemcpyDeviceToHost), cudaSuccess);
      KernelSpec twin = parse_name(spec);
      twin.split_last = false;
      ASSERT_NO_THROW(gemm(p, spec_name(twin), gc.a(), gc.b(), gc.c())) << what;
      ASSERT_EQ(cudaMemcpy(pass.data(), gc.c(), bytes, cudaMemcpyDeviceToHost), cudaSuccess);
      EXPECT_TRUE(last == pass) << what << ": C differs from the reduction pass's";
      identical += last == pass;
    }
    gc.prepare(p, rng());
    gc.fill_addend(p, rng());
    ASSERT_NO_THROW(gemm(p, spec, gc.a(), gc.b(), gc.c(), Scaling{0.5f, -1.0f})) << what;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
    const auto scaled = gc.check(p, 0.5f, -1.0f);
    EXPECT_TRUE(scaled.pass) << what << " scaled: " << scaled.reason;
    ++checked;
  }
  std::printf(
      "%s: checked %d shapes (plain and scaled), %d identical to the pass; worst "
      "relative error %.3e\n",
      what_kind, checked, identical, worst);
  EXPECT_GE(checked, cases * 5 / 9);
  // Too many partials for the workspace: 4096 x 4096 in 4 pieces is 256 MiB of fp32.
  const Problem big{{4096, 4096, 1024}, DType::f16, AccType::f32, Layout::tn};
  EXPECT_THROW(
      gemm(big, "sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp4", gc.a(), gc.b(), gc.c()),
      Error);
  EXPECT_THROW(
      gemm(big, "sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp4l", gc.a(), gc.b(), gc.c()),
      Error);
}

// Split-K with a reduction pass ("skpN"): 2-16 pieces per tile, each writing its partial, and a
// second kernel summing them: one to three consumers, clusters with multicast (four CTAs too),
// swap-AB, bk 32 and 128, PDL off (with either order), both launch orders.
TEST(KernelSweep, SplitReductionPassMatchesReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  split_sweep(
      {
          "64x128x64_s6_c1x1_wg1_tiles_r8m_skp4",
          "128x128x64_s4_c2x1_coop_tiles_r8m_skp3",
          "64x64x64_s8_c1x2_wg1_tiles_r1n_skp8",
          "192x192x64_s3_c1x1_wg3_tiles_r8m_skp2",
          "64x32x128_s6_c1x1_wg1_tiles_r8m_skp16",
          "64x128x32_s12_c2x1_wg1_tiles_r8m_skp5_acc2",
          "64x128x64_s6_c1x1_wg1_tiles_r8m_skp4_nopdl",
          "64x64x64_s8_c1x1_wg1_tiles_r8m_skp8_swap",
          "64x16x64_s8_c1x1_wg1_tiles_r8m_skp12_swap",
          "64x128x64_s9_c4x1_wg1_tiles_r8m_skp3",
          // The piece-major launch order (the reduction pass finds the pieces in the other order).
          "64x128x64_s6_c1x1_wg1_tiles_r8m_skp4p",
          "128x128x64_s4_c2x1_coop_tiles_r8m_skp3p",
          "64x64x64_s8_c1x2_wg1_tiles_r1n_skp8p",
          "64x16x64_s8_c1x1_wg1_tiles_r8m_skp12p_swap",
          "64x128x64_s9_c4x1_wg1_tiles_r8m_skp3p",
          // A piece's first k-blocks prefetched into L2 before the PDL wait.
          "128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
          // Plain launches of piece-major one-CTA orders, as 11 of the H200 table's split
          // entries run them (h200_split_launch_s52).
          "64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_nopdl",
          "128x64x64_s8_c1x1_coop_tiles_r8m_skp8p_nopdl",
          // Pieces placed by SM: one CTA per SM claiming its slot, one piece or several each.
          "64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_smid",
          "128x64x64_s8_c1x1_coop_tiles_r8m_skp8p_smid",
          "64x16x64_s8_c1x1_wg1_tiles_r8m_skp12p_swap_smid",
      },
      84, "reduction pass", false);
}

// Pieces placed by SM, launched many times back to back on one stream: every launch claims every
// slot once (sm_placement.cuh), whatever the grid's work (one wave of pieces, several per CTA,
// fewer pieces than SMs), so the claims must stay in step over launches of different specs. Each
// checked launch runs on new inputs after the workspace's partials were set to NaN, so a piece
// left undone, or done from the wrong slot, shows in C. A second phase empties the placement map's
// preference by pointing every SM at slot 0, so all but one CTA per launch take the fallback path
// (the claim's undo and scan).
TEST(KernelSweep, SmPlacedPiecesStayCorrectOverManyLaunches) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  test::GemmChecker gc(int64_t(4096) * 16384);
  int device = 0;
  ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
  const Workspace& ws = workspace_for(device, nullptr);  // gemm()'s default stream
  const std::pair<Shape, const char*> cases[] = {
      {{192, 1408, 4096}, "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p_smid"},
      {{1024, 1024, 2048}, "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_smid"},
      {{256, 256, 8192}, "sm90_f16f32_tn_128x64x64_s8_c1x1_coop_tiles_r8m_skp8p_smid"},
  };
  unsigned* map = ws.sm_slots + 2 + sm90::kSmSlots;
  std::vector<unsigned> recorded(sm90::kSmIds);
  uint64_t seed = 53;
  for (int phase = 0; phase < 2; ++phase) {
    if (phase == 1) {  // every SM prefers slot 0 (the map is recorded by now)
      ASSERT_EQ(cudaMemcpy(recorded.data(), map, recorded.size() * 4, cudaMemcpyDeviceToHost),
                cudaSuccess);
      ASSERT_EQ(cudaMemset(map, 0, recorded.size() * 4), cudaSuccess);
    }
    for (int round = 0; round < 2; ++round)
      for (const auto& [shape, spec] : cases) {
        const Problem p{shape, DType::f16, AccType::f32, Layout::tn};
        gc.prepare(p, ++seed);
        for (int i = 0; i < 20; ++i) ASSERT_NO_THROW(gemm(p, spec, gc.a(), gc.b(), gc.c())) << spec;
        gc.prepare(p, ++seed);
        ASSERT_EQ(cudaMemset(ws.partials, 0xff, ws.partial_bytes), cudaSuccess);  // NaN
        ASSERT_NO_THROW(gemm(p, spec, gc.a(), gc.b(), gc.c())) << spec;
        ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << spec;
        const auto verdict = gc.check(p);
        EXPECT_TRUE(verdict.pass) << spec << " phase " << phase << " round " << round << ": "
                                  << verdict.reason;
      }
  }
  ASSERT_EQ(cudaMemcpy(map, recorded.data(), recorded.size() * 4, cudaMemcpyHostToDevice),
            cudaSuccess);
  // The recorded map placed one CTA on each SM: a permutation of the grid's slots.
  int sms = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), cudaSuccess);
  std::vector<int> seen(size_t(sms), 0);
  for (int s = 0; s < sms; ++s)
    if (recorded[size_t(s)] < unsigned(sms)) ++seen[recorded[size_t(s)]];
  EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), sms) << "the placement map is no permutation";
}

// Split-K summed by each tile's last piece ("skpNl", no pass): the same shapes and structures,
// each against its pass twin bit for bit (the same sum in the same order). The counters the
// pieces count on must be zero again after every call, or the calls after it (the pass twin's,
// then the scaled one on new data) go wrong.
TEST(KernelSweep, SplitLastPieceMatchesReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  split_sweep(
      {
          "64x128x64_s6_c1x1_wg1_tiles_r8m_skp4l",
          "128x128x64_s4_c2x1_coop_tiles_r8m_skp3l",
          "64x64x64_s8_c1x2_wg1_tiles_r1n_skp8pl",
          "192x192x64_s3_c1x1_wg3_tiles_r8m_skp2l",
          "64x32x128_s6_c1x1_wg1_tiles_r8m_skp16l",
          "64x128x32_s12_c2x1_wg1_tiles_r8m_skp5l_acc2",
          "64x128x64_s6_c1x1_wg1_tiles_r8m_skp4l_nopdl",
          "64x16x64_s8_c1x1_wg1_tiles_r8m_skp12pl_swap",
          "128x16x64_s8_c1x1_coop_tiles_r8m_skp3l_swap",
          "64x128x64_s9_c4x1_wg1_tiles_r8m_skp3pl",
          "128x32x64_s8_c1x1_coop_tiles_r8m_skp3l_swap_pf4",
          "64x128x64_s8_c2x1_coopn_tiles_r8m_skp4l",
      },
      48, "last piece's sum", true);
}

// Bad input reaches the caller as an Error naming the problem, never a crash.
TEST(KernelSweep, BadInputIsRefused) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  void* buf;
  ASSERT_EQ(cudaMalloc(&buf, 1 << 20), cudaSuccess);
  const std::string spec = "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m";
  const Problem ok{{64, 64, 64}, DType::f16, AccType::f32, Layout::tn};
  char* base = static_cast<char*>(buf);
  EXPECT_THROW(gemm(ok, spec, base + 2, base, base, nullptr), Error);  // misaligned A
  EXPECT_THROW(gemm({{64, 60, 64}, DType::f16, AccType::f32, Layout::tn}, spec, base, base, base),
               Error);  // N not a multiple of 8
  EXPECT_THROW(gemm({{0, 64, 64}, DType::f16, AccType::f32, Layout::tn}, spec, base, base, base),
               Error);  // M = 0
  EXPECT_THROW(gemm({{64, 64, 64}, DType::bf16, AccType::f32, Layout::tn}, spec, base, base, base),
               Error);  // dtype mismatch
  EXPECT_THROW(gemm(ok, "sm90_f16f32_tn_128x256x64_s9_c2x1_coop_persist_r8m", base, base, base),
               Error);  // invalid spec
  EXPECT_THROW(gemm(ok, spec, nullptr, base, base), Error);
  EXPECT_THROW(gemm(ok, spec, base, base, base, Scaling{NAN, 0.0f}), Error);  // alpha not finite
  EXPECT_THROW(gemm(ok, spec, base, base, base, Scaling{1.0f, INFINITY}), Error);
  EXPECT_NO_THROW(gemm(ok, spec, base, base, base));
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  cudaFree(buf);
}

}  // namespace
}  // namespace autogemm
