// Tiles fitted to one shape (src/spec/fitted.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "spec/fitted.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"

namespace autogemm {
namespace {

Problem tn(int64_t m, int64_t n, int64_t k) {
  Problem p;
  p.shape = {m, n, k};
  p.layout = Layout::tn;
  return p;
}

bool has(const std::vector<KernelSpec>& v, const std::string& name) {
  return std::any_of(v.begin(), v.end(), [&](const KernelSpec& s) { return spec_name(s) == name; });
}

// The same tile, warpgroups, cluster and frame, any ring depth.
bool has_tile(const std::vector<KernelSpec>& v, const std::string& name) {
  KernelSpec want = parse_name(name);
  return std::any_of(v.begin(), v.end(), [&](KernelSpec s) {
    s.stages = want.stages;
    return s == want;
  });
}

TEST(Fitted, EverySpecIsValidFitsAndIsListedOnce) {
  for (const Problem& p :
       {tn(146, 12584, 1576), tn(6907, 208, 4312), tn(10807, 64, 4936), tn(1099, 224, 12096),
        tn(1, 5120, 5120), tn(16384, 16384, 4096), tn(64, 64, 64)}) {
    const auto specs = fitted_specs(p, 132);
    ASSERT_FALSE(specs.empty()) << p.shape.m << "x" << p.shape.n << "x" << p.shape.k;
    EXPECT_LE(specs.size(), 40u);
    for (size_t i = 0; i < specs.size(); ++i) {
      EXPECT_FALSE(validate(specs[i])) << spec_name(specs[i]);
      EXPECT_FALSE(validate_problem(specs[i], p)) << spec_name(specs[i]);
      for (size_t j = 0; j < i; ++j) EXPECT_NE(specs[i], specs[j]);
      EXPECT_EQ(specs[i].layout, Layout::tn);
    }
  }
}

// Swap-AB tiles over M (the warpgroups split M): 2124 rows of C in 7 tiles of 304 (1.9 waves
// of 36 x 7 tiles), first in a 2x1 cluster (the better fitted_score: B's rows shared); valid,
// runnable, listed once; none for an empty C; nn too.
TEST(Fitted, WideSwapTilesCutMIntoWholeTiles) {
  const Problem odd = tn(2124, 4544, 11208);
  const auto specs = wide_swap_specs(odd, 132, 6);
  ASSERT_EQ(specs.size(), 6u);
  EXPECT_EQ(spec_name(specs.front()), "sm90_f16f32_tn_128x304x64_s4_c2x1_coopn_persist_r8m_swap");
  for (Problem p : {odd, tn(16384, 16384, 4096), tn(777, 9000, 3000)})
    for (Layout layout : {Layout::tn, Layout::nn}) {
      p.layout = layout;
      const auto v = wide_swap_specs(p, 132);
      ASSERT_FALSE(v.empty());
      for (size_t i = 0; i < v.size(); ++i) {
        EXPECT_TRUE(v[i].swap_ab && (v[i].split_n || v[i].bm == 256) && v[i].bn >= 128 &&
                    v[i].stages >= 4)
            << spec_name(v[i]);
        EXPECT_FALSE(validate(v[i])) << spec_name(v[i]);
        EXPECT_FALSE(validate_problem(v[i], p)) << spec_name(v[i]);
        for (size_t j = 0; j < i; ++j) EXPECT_NE(v[i], v[j]);
      }
    }
  EXPECT_TRUE(wide_swap_specs(tn(0, 4544, 11208), 132).empty());
}

// C staged as row blocks in the fewest parts that keep four stages: 9210x504x1880's one-wave tiles
// are 128x288 in thirds (2 x 144 columns) and cuBLASLt's 256x144 in halves; 128x304 (2 x 152
// columns, which no part count divides into whole 8-row periods and still fits) stays direct.
TEST(Fitted, WideSwapTilesStageRowBlocksInParts) {
  const Problem p = tn(9210, 504, 1880);
  std::vector<std::string> names;
  for (const KernelSpec& s : wide_swap_specs(p, 132, 64)) {
    names.push_back(spec_name(s));
    EXPECT_GE(s.stages, 4) << names.back();
    EXPECT_TRUE(s.bm != 256 || s.epilogue == Epilogue::tma_rows) << names.back();
  }
  auto listed = [&](const char* name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  EXPECT_EQ(names.front(), "sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_etmar3_swap");
  EXPECT_TRUE(listed("sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m_etmar2_swap"));
  EXPECT_EQ(spec_name(wide_swap_specs(tn(2124, 4544, 11208), 132, 1).front()),
            "sm90_f16f32_tn_128x304x64_s4_c2x1_coopn_persist_r8m_swap");
}

TEST(Fitted, SmallMLandsOnTheMmaNWithAWidthThatFits) {
  // M = 146 in two 80-wide columns of the swap-AB frame (cuBLASLt's 192x80 / 256x80 there), not
  // in a 192- or 256-row tile; h200_fitted_tiles_tn: 192x80 swap-AB in a 1x2 cluster, 1.31x the
  // sweep's best on 146x12584x1536.
  const auto specs = fitted_specs(tn(146, 12584, 1536), 132);
  EXPECT_TRUE(has(specs, "sm90_f16f32_tn_192x80x64_s6_c1x2_wg3_persist_r8m_swap"));
  const auto first_width = specs.front().bn;
  EXPECT_TRUE(specs.front().swap_ab);
  EXPECT_LE(first_width, 80);
}

TEST(Fitted, NarrowNSplitsEvenly) {
  // N = 208: two 112-wide tiles (cuBLASLt's 112x128 on 6907x208x4312), no 256-wide padding.
  const auto specs = fitted_specs(tn(6907, 208, 4312), 132);
  EXPECT_TRUE(std::any_of(specs.begin(), specs.end(), [](const KernelSpec& s) {
    return !s.swap_ab && s.bn == 112 && s.bm == 128;
  }));
}

TEST(Fitted, FewTilesOverLongKGetSplitPieces) {
  // 1099x224 in 128x112 tiles is 18 tiles: seven pieces fill 126 SMs (cuBLASLt splits it in
  // seven; 128x112 1x2 in seven pieces ran 1.29x the sweep's best, h200_fitted_tiles_tn).
  const auto specs = fitted_specs(tn(1099, 224, 12096), 132);
  EXPECT_TRUE(std::any_of(specs.begin(), specs.end(),
                          [](const KernelSpec& s) { return s.split_pass == 7 && s.bn == 112; }));
  // Short K: no pieces.
  for (const KernelSpec& s : fitted_specs(tn(1099, 224, 512), 132)) EXPECT_EQ(s.split_pass, 1);
}

TEST(Fitted, SplitPiecesArePieceMajorButWithSwapAb) {
  // Piece-major measured faster for the model's split picks without swap-AB, slower for the
  // weight-streaming swap-AB ones (h200_split_order_s23.md).
  size_t plain = 0, swapped = 0;
  for (const Problem& p : {tn(1099, 224, 12096), tn(24, 2560, 7296), tn(512, 512, 16384)})
    for (const KernelSpec& s : fitted_specs(p, 132)) {
      if (s.split_pass < 2) continue;
      EXPECT_EQ(s.split_piece_major, !s.swap_ab) << spec_name(s);
      ++(s.swap_ab ? swapped : plain);
    }
  EXPECT_GT(plain, 0u);
  EXPECT_GT(swapped, 0u);
}

TEST(Fitted, EmptyDimensionsFitNothing) {
  EXPECT_TRUE(fitted_specs(tn(0, 64, 64), 132).empty());
  EXPECT_TRUE(fitted_specs(tn(64, 0, 64), 132).empty());
  EXPECT_TRUE(fitted_specs(tn(64, 64, -8), 132).empty());
  EXPECT_FALSE(fitted_specs(tn(1, 8, 8), 0).empty());  // an SM count below 1 counts as one
}

TEST(Fitted, RingNoDeeperThanTwoTilesOfK) {
  // K = 64 is one k-block: two stages; long K takes the deepest ring that fits (up to 8).
  for (const KernelSpec& s : fitted_specs(tn(64, 64, 64), 132)) EXPECT_EQ(s.stages, 2);
  const auto long_k = fitted_specs(tn(146, 12584, 1536), 132);
  EXPECT_TRUE(
      std::any_of(long_k.begin(), long_k.end(), [](const KernelSpec& s) { return s.stages >= 6; }));
}

// nn without swap-AB loads B in 64-column boxes: widths of 64; with swap-AB (the kernel's A
// M-major) any multiple of 8, as in tn. Every spec is valid and runs the problem.
TEST(Fitted, LayoutNnKeepsWidthsOf64WithoutSwap) {
  Problem p = tn(4896, 352, 7480);
  p.layout = Layout::nn;
  const auto specs = fitted_specs(p, 132);
  ASSERT_FALSE(specs.empty());
  int swapped = 0;
  for (const KernelSpec& s : specs) {
    EXPECT_EQ(s.layout, Layout::nn);
    if (s.swap_ab)
      ++swapped;
    else
      EXPECT_EQ(s.bn % 64, 0) << spec_name(s);
    EXPECT_FALSE(validate(s)) << spec_name(s);
    EXPECT_FALSE(validate_problem(s, p)) << spec_name(s);
  }
  EXPECT_GT(swapped, 0);
}

// fp16 accumulation gets split-K pieces with the reduction pass too (fp32 partials).
TEST(Fitted, Fp16AccumulationSplitsToo) {
  Problem p = tn(1099, 224, 12096);
  p.acc = AccType::f16;
  const auto specs = fitted_specs(p, 132);
  ASSERT_FALSE(specs.empty());
  for (const KernelSpec& s : specs) {
    EXPECT_FALSE(validate(s)) << spec_name(s);
    EXPECT_FALSE(validate_problem(s, p)) << spec_name(s);
  }
  EXPECT_TRUE(std::any_of(specs.begin(), specs.end(),
                          [](const KernelSpec& s) { return s.split_pass > 1; }));
}

TEST(Fitted, ScoreRewardsFitAndWaveFill) {
  // 146 rows in 2 x 80 use 91% of the area, in 192 rows 76%.
  EXPECT_GT(fitted_score(12584, 146, 192, 80, 1, 1, 132),
            fitted_score(12584, 146, 192, 192, 1, 1, 132));
  // 132 tiles fill one wave; 133 need two.
  EXPECT_GT(fitted_score(132 * 128, 128, 128, 128, 1, 1, 132),
            fitted_score(133 * 128, 128, 128, 128, 1, 1, 132));
  // Clusters round the grid up to whole clusters: 44 x 3 tiles fill one wave; in 1x2 clusters
  // they pad to 44 x 4 and two waves.
  EXPECT_GT(fitted_score(44 * 128, 384, 128, 128, 1, 1, 132),
            fitted_score(44 * 128, 384, 128, 128, 1, 2, 132));
  // A 64-row tile waits for L2 unless multicast shares its operands.
  EXPECT_GT(fitted_score(352, 4896, 64, 224, 2, 2, 132),
            fitted_score(352, 4896, 64, 224, 1, 1, 132));
}

TEST(Fitted, ListsTheMeasuredWinners) {
  // The fastest fitted spec of each shape in h200_fitted_tiles_tn (1.10-1.31x the sweep's best).
  EXPECT_TRUE(has_tile(fitted_specs(tn(146, 12584, 1576), 132),
                       "sm90_f16f32_tn_256x80x64_s5_c2x2_coop_persist_r8m_swap"));
  EXPECT_TRUE(has_tile(fitted_specs(tn(299, 8536, 6984), 132),
                       "sm90_f16f32_tn_192x160x64_s4_c4x2_wg3_persist_r8m_swap"));
  // (There 64x104 in a 1x4 cluster, cuBLASLt's tile: 104 tiles; 64x96 makes 113.)
  EXPECT_TRUE(has_tile(fitted_specs(tn(10807, 64, 4936), 132),
                       "sm90_f16f32_tn_64x96x64_s8_c1x4_wg1_persist_r8m_swap"));
  EXPECT_TRUE(has_tile(fitted_specs(tn(1099, 224, 12096), 132),
                       "sm90_f16f32_tn_128x112x64_s6_c1x2_coop_tiles_r8m_skp7p"));
  // (There in a 1x4 cluster; the score ties it with 4x2 and 2x4, listed first.)
  EXPECT_TRUE(has_tile(fitted_specs(tn(4896, 352, 7480), 132),
                       "sm90_f16f32_tn_192x96x64_s5_c4x2_wg3_persist_r8m_etmar"));
}

TEST(Fitted, PrintsForReading) {
  for (const Problem& p : {tn(146, 12584, 1576), tn(299, 8536, 6984), tn(4896, 352, 7480),
                           tn(1099, 224, 12096), tn(6907, 208, 4312), tn(10807, 64, 4936)}) {
    std::printf("%lldx%lldx%lld\n", (long long)p.shape.m, (long long)p.shape.n,
                (long long)p.shape.k);
    for (const KernelSpec& s : fitted_specs(p, 132)) std::printf("  %s\n", spec_name(s).c_str());
  }
}

}  // namespace
}  // namespace autogemm
