// KernelSpec: validity rules, derived quantities, names, enumeration and the default sweep.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "spec/enumerate.hpp"
#include "spec/json.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"

namespace autogemm {
namespace {

KernelSpec flagship() {
  KernelSpec s;
  s.bm = 128;
  s.bn = 256;
  s.stages = 4;
  s.consumers = 2;
  s.cluster_m = 2;
  s.cluster_n = 1;
  s.swizzle = 8;
  return s;
}

// The text of the first broken rule, "" when valid.
std::string broken(const KernelSpec& s, const DeviceLimits& l = {}) {
  return validate(s, l).value_or("");
}

TEST(Spec, FlagshipIsValidAndNamed) {
  const KernelSpec s = flagship();
  EXPECT_EQ(broken(s), "");
  EXPECT_EQ(spec_name(s), "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m");
  EXPECT_EQ(threads_per_block(s), 384);
  EXPECT_EQ(smem_bytes(s), 4 * (128 + 256) * 64 * 2 + 1024 + 4 * 16);
  EXPECT_EQ(acc_registers_per_thread(s), 128);
}

TEST(Spec, SharedMemoryRuleNamesTheBudget) {
  KernelSpec s = flagship();
  s.stages = 5;  // 5 * 49152 + 1024 + 80
  EXPECT_TRUE(broken(s).starts_with("shared memory 246864 B exceeds the 232448 B limit ("))
      << broken(s);
  // The limit is a parameter: a device with more shared memory accepts it.
  EXPECT_EQ(broken(s, DeviceLimits{.max_smem_per_block = 262144}), "");
}

// bk 128: a stage is two 64-wide swizzle atoms of K; it costs twice the shared memory per stage.
TEST(Spec, Bk128HalvesTheStages) {
  KernelSpec s = flagship();
  s.bk = 128;
  s.stages = 2;
  EXPECT_EQ(broken(s), "");
  EXPECT_EQ(smem_bytes(s), 2 * (128 + 256) * 128 * 2 + 1024 + 2 * 16);
  EXPECT_EQ(parse_name(spec_name(s)), s);
  EXPECT_NE(spec_name(s).find("128x256x128_s2"), std::string::npos) << spec_name(s);
  s.stages = 3;
  EXPECT_TRUE(broken(s).starts_with("shared memory")) << broken(s);
}

// Narrow tiles (bn 16-48) need no swap-AB; below 16 they do.
TEST(Spec, NarrowTilesWithoutSwap) {
  KernelSpec s = flagship();
  s.cluster_m = 1;
  s.bn = 16;
  EXPECT_EQ(broken(s), "");
  s.bn = 8;
  EXPECT_EQ(broken(s), "bn must be from 16 to 256 (below 16 only with swap-AB), got 8");
  s.swap_ab = true;
  s.consumers = 1;
  s.bm = 64;
  EXPECT_EQ(broken(s), "");
}

// Swap-AB in layout nn: the kernel's A is the problem's B (K x N), M-major, so any bn that is a
// multiple of 8 works, and N must be a multiple of 8 (B's rows are of N); without swap-AB nn
// widths are multiples of 64.
TEST(Spec, SwapAbInLayoutNn) {
  const KernelSpec s = parse_name("sm90_f16f32_nn_128x96x64_s6_c1x2_coop_persist_r8m_swap");
  EXPECT_EQ(broken(s), "");
  KernelSpec narrow = s;
  narrow.bn = 12;
  EXPECT_EQ(broken(narrow), "bn must be a multiple of 8 with swap-AB, got 12");
  KernelSpec plain = s;
  plain.swap_ab = false;
  plain.epilogue = Epilogue::tma_rows;
  EXPECT_NE(broken(plain).find("bn must be a multiple of 64 for layout nn"), std::string::npos)
      << broken(plain);
  const Problem ok{{5, 5120, 4096}, DType::f16, AccType::f32, Layout::nn};
  EXPECT_FALSE(validate_problem(s, ok));
  const Problem odd_n{{5, 100, 4096}, DType::f16, AccType::f32, Layout::nn};
  EXPECT_EQ(validate_problem(s, odd_n).value_or(""),
            "N = 100 must be a positive multiple of 8 (TMA needs 16-byte strides)");
  // In tn, swap-AB stores C element by element and reads B's rows of K: any N.
  KernelSpec tn = s;
  tn.layout = Layout::tn;
  EXPECT_FALSE(validate_problem(tn, Problem{{5, 100, 4096}, DType::f16, AccType::f32, Layout::tn}));
  // A compiled-in shape follows the same rule.
  KernelSpec fixed = s;
  fixed.fixed = {5, 100, 4096};
  EXPECT_NE(broken(fixed).find("K and N must be a multiple of 8"), std::string::npos)
      << broken(fixed);
  fixed.layout = Layout::tn;
  EXPECT_EQ(broken(fixed), "");
}

TEST(Spec, RegisterRule) {
  KernelSpec s = flagship();
  s.consumers = 1;  // one warpgroup holding 128 x 256 fp32
  EXPECT_NE(broken(s).find("accumulators need 256 fp32 registers per consumer thread"),
            std::string::npos)
      << broken(s);
}

TEST(Spec, EachDomainRuleHasItsText) {
  auto with = [](auto edit) {
    KernelSpec s = flagship();
    edit(s);
    return broken(s);
  };
  EXPECT_EQ(with([](KernelSpec& s) {
              s.acc = AccType::f16;
              s.dtype = DType::bf16;
            }),
            "fp16 accumulation requires fp16 data");
  EXPECT_EQ(with([](KernelSpec& s) { s.bk = 48; }),
            "bk must be 32, 64 or 128 (a 64-byte swizzle row, or one or two 128-byte swizzle rows "
            "of 16-bit elements), got 48");
  EXPECT_EQ(with([](KernelSpec& s) { s.bm = 96; }), "bm must be 64, 128, 192 or 256, got 96");
  EXPECT_EQ(with([](KernelSpec& s) { s.bn = 272; }),
            "bn must be from 16 to 256 (below 16 only with swap-AB), got 272");
  EXPECT_EQ(with([](KernelSpec& s) { s.bn = 120; }),
            "bn must be a multiple of 16 for layout tn, got 120");
  EXPECT_NE(with([](KernelSpec& s) {
              s.layout = Layout::nn;
              s.bn = 192 - 16;
            }).find("bn must be a multiple of 64 for layout nn"),
            std::string::npos);
  EXPECT_EQ(with([](KernelSpec& s) { s.stages = 1; }), "stages must be 2 to 16, got 1");
  EXPECT_EQ(with([](KernelSpec& s) { s.consumers = 4; }), "consumers must be 1, 2 or 3, got 4");
  EXPECT_EQ(with([](KernelSpec& s) { s.bm = 64; }),
            "rows per consumer bm/consumers = 32 must be a multiple of 64 (wgmma M)");
  EXPECT_EQ(with([](KernelSpec& s) { s.cluster_n = 8; }),
            "cluster must be 1, 2 or 4 CTAs per dimension and at most 8 in all, got 2x8");
  EXPECT_EQ(with([](KernelSpec& s) { s.cluster_m = 4, s.cluster_n = 4; }),
            "cluster must be 1, 2 or 4 CTAs per dimension and at most 8 in all, got 4x4");
  EXPECT_EQ(with([](KernelSpec& s) { s.swizzle = 3; }), "swizzle must be 1, 2, 4, 8 or 16, got 3");
}

// A multicast slice of a K-major tile is whole 8-row swizzle atoms: even where the rows split
// so, else 8-row boxes dealt unevenly (cuBLASLt's 128x72 tiles in 4x1 clusters, 18 rows a CTA).
TEST(Spec, UnevenMulticastSlicesAreValid) {
  EXPECT_EQ(multicast_box_rows(128, 1), 128);
  EXPECT_EQ(multicast_box_rows(64, 2), 32);
  EXPECT_EQ(multicast_box_rows(80, 2), 40);
  EXPECT_EQ(multicast_box_rows(72, 4), 8);   // 18 rows a CTA: 8-row boxes, 2+2+2+3
  EXPECT_EQ(multicast_box_rows(136, 4), 8);  // 34
  EXPECT_EQ(multicast_box_rows(8, 4), 8);    // one box; three CTAs load none
  EXPECT_EQ(multicast_box_rows(184, 2), 8);  // 92
  for (const char* name : {"sm90_f16f32_tn_128x72x64_s8_c4x1_coop_persist_r8m_swap",
                           "sm90_f16f32_nn_128x72x64_s8_c4x1_coop_persist_r8m_swap",
                           "sm90_f16f32_tn_64x88x64_s8_c4x2_wg1_persist_r8m_swap",
                           "sm90_f16f32_tn_64x144x64_s7_c4x1_wg1_persist_r8m_etmar",
                           "sm90_f16f32_tn_64x8x64_s8_c4x1_wg1_persist_r8m_swap"})
    EXPECT_FALSE(validate(parse_name(name))) << name << ": " << validate(parse_name(name)).value();
  // Without multicast the whole tile is the slice, loaded in boxes of at most TMA's 256 rows.
  KernelSpec wide = parse_name("sm90_f16f32_tn_128x304x64_s4_c4x1_coopn_persist_r8m_swap");
  EXPECT_FALSE(validate(wide));
  wide.cluster_m = 1;
  EXPECT_FALSE(validate(wide)) << validate(wide).value();
}

// A slice over 256 rows (TMA's largest box dimension) loads as the fewest equal boxes of whole
// 8-row atoms: cuBLASLt's 128x272 tile in a 1x2 cluster, over M under swap-AB, as two of 136.
TEST(Spec, WideSlicesLoadInBoxesOfAtMost256Rows) {
  EXPECT_EQ(tma_box_rows(256, 1), 256);
  EXPECT_EQ(tma_box_rows(272, 1), 136);
  EXPECT_EQ(tma_box_rows(304, 1), 152);
  EXPECT_EQ(tma_box_rows(264, 1), 88);  // 132 is not whole atoms: three boxes
  EXPECT_EQ(tma_box_rows(512, 1), 256);
  EXPECT_EQ(tma_box_rows(384, 2), 192);
  EXPECT_EQ(tma_box_rows(72, 4), 8);  // uneven slices: 8-row boxes, as multicast_box_rows
  for (const char* name : {"sm90_f16f32_tn_128x272x64_s4_c1x2_coopn_persist_r8m_swap",
                           "sm90_f16f32_tn_128x272x64_s4_c1x1_coopn_persist_r8m_swap",
                           "sm90_bf16f32_nn_128x304x64_s4_c1x1_coopn_persist_r8m_swap"})
    EXPECT_FALSE(validate(parse_name(name))) << name << ": " << validate(parse_name(name)).value();
}

TEST(Spec, CheckThrowsWithNameAndRule) {
  KernelSpec s = flagship();
  s.stages = 17;
  try {
    check(s);
    FAIL() << "no throw";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "invalid kernel spec sm90_f16f32_tn_128x256x64_s17_c2x1_coop_persist_r8m: "
                 "stages must be 2 to 16, got 17");
  }
}

TEST(Spec, ProblemRules) {
  const KernelSpec s = flagship();
  Problem p;
  p.layout = Layout::tn;
  p.shape = {1, 8, 8};
  EXPECT_FALSE(validate_problem(s, p));
  p.shape = {100, 30, 64};
  try {
    check_problem(s, p);
    FAIL() << "no throw";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "problem 100x30x64 fp16/fp32/tn: N = 30 must be a positive multiple of 8 "
                 "(TMA needs 16-byte strides)");
  }
  p.shape = {0, 64, 64};
  EXPECT_EQ(validate_problem(s, p).value_or(""), "M = 0 must be at least 1");
  p.shape = {64, 64, 4};
  EXPECT_NE(validate_problem(s, p).value_or("").find("K = 4"), std::string::npos);
  p.shape = {64, 64, 64};
  p.layout = Layout::nn;
  EXPECT_NE(validate_problem(s, p).value_or("").find("the problem is fp16/fp32/nn"),
            std::string::npos);
  // Swap-AB in tn stores C from registers for any N; through the row-block epilogue C's rows
  // are a TMA map's, in 16-byte strides.
  p.layout = Layout::tn;
  p.shape = {9210, 1001, 1880};
  const KernelSpec direct = parse_name("sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_swap");
  const KernelSpec staged =
      parse_name("sm90_f16f32_tn_128x288x64_s3_c2x1_coopn_persist_r8m_etmar_swap");
  EXPECT_FALSE(validate_problem(direct, p));
  EXPECT_EQ(validate_problem(staged, p).value_or(""),
            "N = 1001 must be a multiple of 8 for a TMA epilogue (C's rows in 16-byte strides)");
  p.shape = {9210, 1000, 1880};
  EXPECT_FALSE(validate_problem(staged, p));
}

TEST(SpecName, RoundTripsForEveryValidSpec) {
  size_t total = 0;
  for (DType dt : {DType::f16, DType::bf16})
    for (Layout layout : {Layout::nn, Layout::tn}) {
      const auto specs = enumerate_specs(dt, AccType::f32, layout);
      ASSERT_FALSE(specs.empty());
      std::set<std::string> names;
      for (const KernelSpec& s : specs) {
        const std::string name = spec_name(s);
        ASSERT_EQ(parse_name(name), s) << name;
        ASSERT_TRUE(names.insert(name).second) << "duplicate name " << name;
      }
      total += specs.size();
    }
  // Enough of the space is valid to be worth tuning over (a guard against a rule gone wrong).
  EXPECT_GT(total, 10000u);
}

TEST(SpecName, MalformedNamesAreRefusedWithTheToken) {
  auto error_of = [](std::string_view name) -> std::string {
    try {
      parse_name(name);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  const std::string good = "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m";
  EXPECT_EQ(error_of(good), "");
  EXPECT_NE(error_of("sm80_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m").find("token 'sm80'"),
            std::string::npos);
  EXPECT_NE(error_of("sm90_f32f32_tn_128x256x64_s4_c2x1_coop_persist_r8m").find("token 'f32f32'"),
            std::string::npos);
  EXPECT_NE(error_of("sm90_f16f32_tt_128x256x64_s4_c2x1_coop_persist_r8m").find("token 'tt'"),
            std::string::npos);
  EXPECT_NE(error_of("sm90_f16f32_tn_128x256_s4_c2x1_coop_persist_r8m").find("token '128x256'"),
            std::string::npos);
  EXPECT_NE(error_of("sm90_f16f32_tn_128x256x64_s4x_c2x1_coop_persist_r8m").find("token 's4x'"),
            std::string::npos);
  EXPECT_NE(error_of("sm90_f16f32_tn_128x256x64_s4_2x1_coop_persist_r8m").find("token '2x1'"),
            std::string::npos);
  EXPECT_NE(error_of("sm90_f16f32_tn_128x256x64_s4_c2x1_coop_always_r8m").find("token 'always'"),
            std::string::npos);
  EXPECT_NE(error_of("sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8k").find("token 'r8k'"),
            std::string::npos);
  EXPECT_NE(error_of(good + "_extra").find("token 'extra'"), std::string::npos);
  EXPECT_NE(error_of("sm90_f16f32_tn").find("expected 9 tokens"), std::string::npos);
  EXPECT_NE(error_of("").find("expected 9 tokens"), std::string::npos);
  // Aliases of a canonical name are refused, pointing at the canonical one.
  EXPECT_NE(error_of("sm90_f16f32_tn_128x256x64_s04_c2x1_coop_persist_r8m")
                .find("did you mean '" + good + "'"),
            std::string::npos);
  EXPECT_NE(error_of("sm90_f16f32_tn_128x256x64_s4_c2x1_wg2_persist_r8m").find("not canonical"),
            std::string::npos);
  // Well-formed but invalid: the rule is named.
  EXPECT_NE(error_of("sm90_f16f32_tn_128x256x64_s6_c2x1_coop_persist_r8m").find("shared memory"),
            std::string::npos);
}

TEST(SpecEnumerate, FilterAndOnlyValid) {
  const auto specs = enumerate_specs(DType::f16, AccType::f32, Layout::nn,
                                     [](const KernelSpec& s) { return s.bm == 64; });
  ASSERT_FALSE(specs.empty());
  for (const KernelSpec& s : specs) {
    EXPECT_EQ(s.bm, 64);
    EXPECT_EQ(s.bn % 64, 0);
    EXPECT_FALSE(validate(s));
  }
  // fp16 accumulation: every structural path, stream-K and cluster split-K included (their
  // partials are fp32).
  const auto f16acc = enumerate_specs(DType::f16, AccType::f16, Layout::tn);
  EXPECT_TRUE(std::ranges::any_of(f16acc, [](const KernelSpec& s) { return s.stream_k; }));
  EXPECT_TRUE(std::ranges::any_of(f16acc, [](const KernelSpec& s) { return s.cluster_k > 1; }));
}

TEST(SpecEnumerate, DefaultSweepCoversTheSpace) {
  for (Layout layout : {Layout::nn, Layout::tn}) {
    const auto sweep = default_sweep(DType::f16, AccType::f32, layout);
    EXPECT_GE(sweep.size(), 20u);
    // ~190: small enough to sweep every shape with (oracle100 takes ~5-6 minutes); 193 in tn
    // with the split-N specs.
    EXPECT_LE(sweep.size(), 195u);
    std::set<std::string> names;
    bool has_128x256 = false, has_256x128 = false, has_wg1_64 = false, has_2x1 = false,
         has_1x2 = false, has_2x2 = false;
    for (const KernelSpec& s : sweep) {
      EXPECT_FALSE(validate(s)) << spec_name(s);
      EXPECT_EQ(s.layout, layout);
      EXPECT_TRUE(names.insert(spec_name(s)).second) << spec_name(s);
      has_128x256 |= s.bm == 128 && s.bn == 256 && s.consumers == 2;
      has_256x128 |= s.bm == 256 && s.bn == 128 && s.consumers == 2;
      has_wg1_64 |= s.bm == 64 && s.consumers == 1;
      has_2x1 |= s.cluster_m == 2;
      has_1x2 |= s.cluster_n == 2;
      has_2x2 |= s.cluster_m == 2 && s.cluster_n == 2;
    }
    EXPECT_TRUE(has_128x256 && has_256x128 && has_wg1_64 && has_2x1 && has_1x2 && has_2x2);
  }
}

}  // namespace
}  // namespace autogemm

namespace autogemm {
namespace {

TEST(Spec, StreamKSplits) {
  const KernelSpec s = parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap");
  EXPECT_TRUE(s.stream_k);
  EXPECT_EQ(s.sk_splits, 4);
  EXPECT_EQ(spec_name(s), "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap");
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk1_swap"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk04_swap"), Error);
  KernelSpec dp = s;
  dp.stream_k = false;
  ASSERT_TRUE(validate(dp));
  EXPECT_NE(validate(dp)->find("stream_k"), std::string::npos);
}

// Two cooperative warpgroups of up to 192 accumulators per thread where ptxas keeps them in
// registers: direct or row-block epilogue, nothing split, no swap-AB (notes 119). One
// warpgroup, the split paths and the other epilogues keep 128; a stream-K tail with fp16
// accumulators counts them as fp32 (it widens them to add the heads).
TEST(Spec, WideCooperativeTiles) {
  EXPECT_FALSE(validate(parse_name("sm90_f16f32_tn_256x192x64_s4_c1x2_coop_persist_r8m")));
  EXPECT_FALSE(validate(parse_name("sm90_f16f32_tn_256x192x64_s3_c1x2_coop_persist_r8m_etmar")));
  EXPECT_FALSE(validate(parse_name("sm90_f16f32_nn_256x192x64_s4_c2x1_coop_tiles_r8m")));
  EXPECT_FALSE(validate(parse_name("sm90_f16f16_tn_128x256x64_s4_c1x1_coop_persist_r8m_etma_sk")));
  EXPECT_FALSE(validate(parse_name("sm90_f16f16_tn_256x256x64_s3_c1x2_coop_persist_r8m")));
  // Swap-AB through the row-block epilogue holds them too (cuBLASLt's 256x144 in a 1x2 cluster);
  // its direct transposed stores do not (below).
  EXPECT_FALSE(
      validate(parse_name("sm90_f16f32_tn_256x144x64_s3_c1x2_coop_persist_r8m_etmar_swap")));
  for (const char* name : {"sm90_f16f32_tn_256x192x64_s3_c1x2_coop_persist_r8m_etma",
                           "sm90_f16f32_tn_256x192x64_s4_c1x2_coop_persist_r8m_sk",
                           "sm90_f16f32_tn_256x160x64_s4_c1x1_coop_persist_r8m_sk",
                           "sm90_f16f32_tn_256x192x64_s4_c1x1_coop_tiles_r8m_ck2",
                           "sm90_f16f32_tn_256x192x64_s4_c1x1_coop_tiles_r8m_skp2",
                           "sm90_f16f32_tn_256x192x64_s4_c1x2_coop_persist_r8m_swap",
                           "sm90_f16f32_tn_256x144x64_s3_c1x2_coop_persist_r8m_swap",
                           "sm90_f16f32_tn_128x192x64_s4_c1x1_wg1_persist_r8m",
                           "sm90_f16f32_tn_256x208x64_s3_c1x2_coop_persist_r8m",
                           "sm90_f16f16_tn_256x256x64_s3_c1x2_coop_persist_r8m_sk",
                           "sm90_f16f16_tn_256x160x64_s3_c1x2_coop_persist_r8m_sk"}) {
    try {
      parse_name(name);  // validates
      ADD_FAILURE() << name << " was accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("budget"), std::string::npos)
          << name << ": " << e.what();
    }
  }
}

// Split N ("coopn"): two cooperative warpgroups take the columns of a tile, each all bm rows,
// so bm 192 (or 64) runs with two warpgroups. Direct or row-block stores, and each
// warpgroup's columns whole swizzle periods (64-column chunks in nn).
TEST(Spec, SplitNNamesAndRules) {
  const KernelSpec s = parse_name("sm90_f16f32_tn_192x192x64_s4_c1x2_coopn_persist_r8m");
  EXPECT_TRUE(s.split_n);
  EXPECT_EQ(s.consumers, 2);
  EXPECT_EQ(consumer_rows(s), 192);
  EXPECT_EQ(consumer_cols(s), 96);
  EXPECT_EQ(acc_registers_per_thread(s), 144);
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  KernelSpec m = s;
  m.split_n = false;  // the bm split: 96 rows per warpgroup, not whole m64 blocks
  ASSERT_TRUE(validate(m));
  EXPECT_NE(validate(m)->find("multiple of 64"), std::string::npos) << *validate(m);
  EXPECT_FALSE(validate(parse_name("sm90_f16f32_nn_256x128x64_s4_c2x1_coopn_persist_r8m_etmar")));
  EXPECT_FALSE(validate(parse_name("sm90_f16f16_tn_192x160x64_s4_c1x1_coopn_persist_r8n_ab")));
  // The row-block epilogue's staging holds each warpgroup's 64 x bn/2 block.
  EXPECT_EQ(smem_bytes(parse_name("sm90_f16f32_tn_128x256x64_s4_c1x1_coopn_persist_r8m_etmar")),
            smem_bytes(parse_name("sm90_f16f32_tn_128x256x64_s4_c1x1_coop_persist_r8m")) +
                2 * 64 * 128 * 2);
  auto refused = [](KernelSpec k, const char* why) {
    k.split_n = true;
    const auto v = validate(k);
    ASSERT_TRUE(v) << spec_name(k) << " was accepted";
    EXPECT_NE(v->find(why), std::string::npos) << spec_name(k) << ": " << *v;
  };
  refused(parse_name("sm90_f16f32_tn_128x128x64_s4_c1x1_wg1_persist_r8m"), "consumers must be 2");
  refused(parse_name("sm90_f16f32_tn_128x128x64_s4_c1x1_pp_persist_r8m"), "consumers must be 2");
  refused(parse_name("sm90_f16f32_nn_128x192x64_s4_c1x1_coop_persist_r8m"), "64 in layout nn");
  // Swap-AB: the warpgroups split the problem's M (cuBLASLt's coopB tiles in our frame, notes
  // 210), stored transposed from registers; up to 2 x 256 columns, each half one wgmma N.
  KernelSpec swapped = parse_name("sm90_f16f32_tn_128x192x64_s5_c2x1_coopn_persist_r8m_swap");
  EXPECT_FALSE(validate(swapped));
  EXPECT_EQ(acc_registers_per_thread(swapped), 96);
  // Or staged by row blocks as C's rows; not through the 64x64 blocks of the other epilogues.
  swapped.epilogue = Epilogue::tma_rows;
  EXPECT_FALSE(validate(swapped));
  KernelSpec blocks = parse_name("sm90_f16f32_tn_128x64x64_s6_c1x2_coop_persist_r8m_swap");
  blocks.epilogue = Epilogue::tma;
  EXPECT_NE(validate(blocks).value_or("").find("swap-AB stores C transposed: epilogue must be "
                                               "direct or tma_rows"),
            std::string::npos);
  KernelSpec wide_swap = parse_name("sm90_f16f32_tn_128x304x64_s4_c2x1_coopn_persist_r8m_swap");
  EXPECT_FALSE(validate(wide_swap));
  EXPECT_EQ(acc_registers_per_thread(wide_swap), 152);
  wide_swap.cluster_m = 1;  // one CTA loads all 304 rows of B, as two boxes of 152
  EXPECT_FALSE(validate(wide_swap));
  wide_swap.bn = 528;
  wide_swap.cluster_m = 4;
  EXPECT_NE(validate(wide_swap).value_or("").find("bn must be from 8 to 512"), std::string::npos);
  wide_swap.bn = 400;  // 200 accumulators: over the budget
  wide_swap.cluster_m = 2;
  wide_swap.stages = 3;
  EXPECT_NE(validate(wide_swap).value_or("").find("budget"), std::string::npos);
  wide_swap.split_n = false;  // without split N one warpgroup's MMA would be 400 wide
  EXPECT_NE(validate(wide_swap).value_or("").find("bn must be from 8 to 256"), std::string::npos);
  KernelSpec wide_plain = parse_name("sm90_f16f32_tn_128x304x64_s4_c2x1_coopn_persist_r8m_swap");
  wide_plain.swap_ab = false;  // wide split N only over M (swap-AB), where the GPU tests run it
  EXPECT_NE(validate(wide_plain).value_or("").find("bn must be from 16 to 256"), std::string::npos);
  refused(parse_name("sm90_f16f32_tn_128x256x64_s3_c1x1_coop_persist_r8m_etmat_defer"), "deferred");
  // Split-K of every kind keeps each warpgroup's partial in its own register order: a 64-row
  // tile with two warpgroups (cuBLASLt's split-K tile on 512x512x16384, notes 174) is valid.
  EXPECT_FALSE(validate(parse_name("sm90_f16f32_tn_64x128x64_s8_c2x1_coopn_tiles_r8m_skp4")));
  EXPECT_FALSE(validate(parse_name("sm90_f16f32_tn_128x128x64_s4_c1x1_coopn_persist_r8m_sk")));
  EXPECT_FALSE(validate(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_coopn_tiles_r8m_ck2")));
  refused(parse_name("sm90_f16f32_tn_128x256x64_s4_c1x1_coop_persist_r8m_etma"), "epilogue");
  // Row blocks of 16 columns: 56 columns per warpgroup wrote a third of C's blocks short (the
  // GPU sweep of fitted specs found it); direct stores take any multiple of 8.
  KernelSpec narrow = parse_name("sm90_f16f32_tn_192x112x64_s5_c1x2_coopn_persist_r8m");
  EXPECT_FALSE(validate(narrow));
  narrow.epilogue = Epilogue::tma_rows;
  refused(narrow, "multiple of 32");
  refused(parse_name("sm90_f16f32_tn_128x256x64_s3_c1x1_coop_persist_r8m_etmat"), "epilogue");
  // 256 rows of 96 columns: 192 accumulators, the wide cooperative budget; 256x208 is over it.
  EXPECT_FALSE(validate(parse_name("sm90_f16f32_tn_256x192x64_s3_c1x2_coopn_persist_r8m")));
  KernelSpec wide = parse_name("sm90_f16f32_tn_256x192x64_s3_c1x2_coop_persist_r8m");
  wide.bn = 208;
  refused(wide, "budget");
  EXPECT_THROW(parse_name("sm90_f16f32_tn_192x192x64_s4_c1x2_coopN_persist_r8m"), Error);
}

TEST(Spec, AccumulatorSets) {
  const KernelSpec s = parse_name("sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_persist_r8m_sk4_swap_acc4");
  EXPECT_EQ(s.acc_sets, 4);
  EXPECT_EQ(spec_name(s), "sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_persist_r8m_sk4_swap_acc4");
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_persist_r8m_sk4_swap_acc3"), Error);
  KernelSpec f16 = s;  // fp16 accumulators: one set
  f16.acc = AccType::f16;
  f16.stream_k = false;
  f16.sk_splits = 0;
  ASSERT_TRUE(validate(f16));
  EXPECT_NE(validate(f16)->find("fp32 accumulation"), std::string::npos) << *validate(f16);
  // Sets multiply the accumulator registers: 128x128 cooperative (64 each) fits two, not four.
  // Every set needs a k16 step of the stage to start from: bk 32 has two.
  KernelSpec narrow = s;
  narrow.bk = 32;
  ASSERT_TRUE(validate(narrow));
  EXPECT_NE(validate(narrow)->find("k16 steps"), std::string::npos) << *validate(narrow);
  narrow.acc_sets = 2;
  EXPECT_FALSE(validate(narrow)) << *validate(narrow);
  KernelSpec coop = parse_name("sm90_f16f32_tn_128x128x64_s4_c1x1_coop_persist_r8m_etma_acc2");
  coop.acc_sets = 4;
  ASSERT_TRUE(validate(coop));
  EXPECT_NE(validate(coop)->find("registers"), std::string::npos);
}

TEST(Spec, PdlIsALaunchChoiceOnByDefault) {
  KernelSpec s = parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap");
  EXPECT_TRUE(s.pdl);
  s = parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap_nopdl");
  EXPECT_FALSE(s.pdl);
  EXPECT_FALSE(validate(s));
  EXPECT_EQ(spec_name(s), "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap_nopdl");
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_pdl"), Error);
}

TEST(Spec, PdlPrefetchIsAnOptionalTokenAfterPdl) {
  KernelSpec s = parse_name("sm90_f16f32_tn_128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap");
  EXPECT_EQ(s.pdl_prefetch, 0);
  s.pdl_prefetch = 4;
  const std::string name = "sm90_f16f32_tn_128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4";
  EXPECT_EQ(spec_name(s), name);
  EXPECT_EQ(parse_name(name), s);
  EXPECT_FALSE(validate(s));
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  // Before the compiled-in shape and "ab"; after "nopdl", which it cannot go with.
  const KernelSpec t =
      parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_swap_pf2_fix16x5120x5120_ab");
  EXPECT_EQ(t.pdl_prefetch, 2);
  EXPECT_TRUE(t.scaled && t.has_fixed_shape());
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_pf2_swap"), Error);
  KernelSpec no_pdl = s;
  no_pdl.pdl = false;
  ASSERT_TRUE(validate(no_pdl));
  EXPECT_NE(validate(no_pdl)->find("needs pdl"), std::string::npos);
  s.pdl_prefetch = 9;
  ASSERT_TRUE(validate(s));
  EXPECT_NE(validate(s)->find("0 to 8"), std::string::npos);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf0"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf04"), Error);
  // A JSON spec may say both; reading it refuses the pair, naming the rule.
  const nlohmann::json j = nlohmann::json(no_pdl);
  EXPECT_EQ(j.at("pdl_prefetch"), 4);
  try {
    (void)j.get<KernelSpec>();
    ADD_FAILURE() << "a prefetch without PDL was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("needs pdl"), std::string::npos) << e.what();
  }
}

TEST(Spec, ScaledEpilogueIsAnOptionalToken) {
  KernelSpec s = parse_name("sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma");
  EXPECT_FALSE(s.scaled);
  s.scaled = true;
  EXPECT_EQ(spec_name(s), "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma_ab");
  EXPECT_EQ(parse_name(spec_name(s)), s);
  EXPECT_FALSE(validate(s));
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  // Last of the optional tokens, like every other token in its canonical place.
  const KernelSpec t =
      parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap_nopdl_ab");
  EXPECT_TRUE(t.scaled && t.swap_ab && !t.pdl);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_ab_swap"), Error);
}

TEST(Spec, CompiledInShapeNamesAndRules) {
  const std::string name = "sm90_f16f32_tn_64x64x64_s6_c1x1_wg1_persist_r8m_etma_fix64x4096x64";
  const KernelSpec s = parse_name(name);
  EXPECT_TRUE(s.has_fixed_shape());
  EXPECT_EQ(s.fixed, (Shape{64, 4096, 64}));
  EXPECT_EQ(spec_name(s), name);
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  // Before "ab", the last token.
  KernelSpec scaled = s;
  scaled.scaled = true;
  EXPECT_EQ(spec_name(scaled), name + "_ab");
  EXPECT_EQ(parse_name(name + "_ab"), scaled);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x64x64_s6_c1x1_wg1_persist_r8m_etma_fix64x4096"),
               Error);
  // The shape obeys TMA's rules (K and, without swap-AB, N multiples of 8) and is all or nothing.
  KernelSpec bad = s;
  bad.fixed = {64, 4100, 64};
  ASSERT_TRUE(validate(bad));
  EXPECT_NE(validate(bad)->find("compiled-in shape"), std::string::npos) << *validate(bad);
  bad.fixed = {0, 4096, 64};
  EXPECT_TRUE(validate(bad));
  KernelSpec swap = parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap");
  swap.fixed = {16, 5000, 13824};  // swap-AB stores C element by element: any N
  EXPECT_FALSE(validate(swap));
  // It serves its own shape only.
  const Problem own{{64, 4096, 64}, DType::f16, AccType::f32, Layout::tn};
  EXPECT_FALSE(validate_problem(s, own));
  Problem other = own;
  other.shape.k = 128;
  ASSERT_TRUE(validate_problem(s, other));
  EXPECT_NE(validate_problem(s, other)->find("compiled for 64x4096x64 only"), std::string::npos);
}

TEST(Spec, MmaLagNamesAndRules) {
  KernelSpec s = parse_name("sm90_f16f32_tn_64x64x64_s12_c1x1_wg1_persist_r8m_etma_sk8_lag3");
  EXPECT_EQ(s.mma_lag, 3);
  EXPECT_EQ(spec_name(s), "sm90_f16f32_tn_64x64x64_s12_c1x1_wg1_persist_r8m_etma_sk8_lag3");
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  s.mma_lag = 1;  // the default has no token
  EXPECT_EQ(spec_name(s), "sm90_f16f32_tn_64x64x64_s12_c1x1_wg1_persist_r8m_etma_sk8");
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x64x64_s12_c1x1_wg1_persist_r8m_etma_lag4"), Error);
  // Each k-block in flight holds a stage: the producer needs one more.
  KernelSpec shallow = parse_name("sm90_f16f32_tn_128x128x64_s3_c1x1_coop_persist_r8m_etma_lag2");
  EXPECT_FALSE(validate(shallow));
  shallow.mma_lag = 3;
  ASSERT_TRUE(validate(shallow));
  EXPECT_NE(validate(shallow)->find("stages"), std::string::npos) << *validate(shallow);
}

TEST(Spec, DeferStoreRules) {
  KernelSpec s = parse_name("sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0_defer");
  EXPECT_TRUE(s.defer_store);
  EXPECT_EQ(spec_name(s), "sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0_defer");
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  s.epilogue = Epilogue::tma;  // 64x64 blocks, one under each of the next tile's k-blocks
  EXPECT_FALSE(validate(s)) << *validate(s);
  s.epilogue = Epilogue::tma_rows;  // neither a whole tile's nor 64x64 blocks' staging
  ASSERT_TRUE(validate(s));
  EXPECT_NE(validate(s)->find("tma_tile"), std::string::npos);
  s.epilogue = Epilogue::tma_tile;
  s.mma_lag = 1;
  s.stages = 3;
  s.cluster_m = 1;
  s.stream_k = true;
  ASSERT_TRUE(validate(s));
  EXPECT_NE(validate(s)->find("stream-K"), std::string::npos);
  // 128 accumulators + 64 packed fit in 232 registers; three consumers' 96 + 48 do not fit in
  // their 152.
  // fp16 accumulators are packed already: the deferred tile takes as many registers again (a
  // 256x256 cooperative tile: 128 + 128, which spilled 380 bytes when counted as 128 + 64).
  EXPECT_FALSE(validate(parse_name("sm90_f16f16_tn_256x256x64_s3_c1x1_coop_persist_r8m_etma")));
  KernelSpec f16acc = parse_name("sm90_f16f16_tn_256x256x64_s3_c1x1_coop_persist_r8m_etma");
  f16acc.defer_store = true;
  ASSERT_TRUE(validate(f16acc));
  EXPECT_NE(validate(f16acc)->find("deferred tile"), std::string::npos) << *validate(f16acc);
  KernelSpec wide = parse_name("sm90_f16f32_tn_192x192x64_s3_c2x1_wg3_persist_r8m_etmat");
  wide.defer_store = true;
  ASSERT_TRUE(validate(wide));
  EXPECT_NE(validate(wide)->find("deferred tile"), std::string::npos) << *validate(wide);
}

// The rule `s` breaks once `change` is applied ("" when none).
std::string broken_rule(KernelSpec s, void (*change)(KernelSpec&)) {
  change(s);
  return validate(s).value_or("");
}

TEST(Spec, ClusterSplitKNamesAndRules) {
  const std::string name = "sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_ck4";
  const KernelSpec s = parse_name(name);
  EXPECT_EQ(s.cluster_k, 4);
  EXPECT_EQ(spec_name(s), name);
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  EXPECT_EQ(nlohmann::json(s)["cluster_k"], 4);
  EXPECT_EQ(parse_name("sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_swap").cluster_k, 8);
  EXPECT_EQ(parse_name("sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_tiles_r8m_ck16").cluster_k, 16);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_ck32"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_ck3"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_ck1"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_ck04"), Error);
  // Each restriction is named.
  auto rule_of = [&](void (*change)(KernelSpec&)) { return broken_rule(s, change); };
  EXPECT_NE(rule_of([](KernelSpec& c) { c.cluster_m = 2; }).find("no multicast"),
            std::string::npos);
  EXPECT_NE(rule_of([](KernelSpec& c) { c.persistent = true; }).find("not persistent"),
            std::string::npos);
  EXPECT_NE(rule_of([](KernelSpec& c) {
              c.persistent = true;
              c.stream_k = true;
            }).find("stream-K"),
            std::string::npos);
  EXPECT_NE(rule_of([](KernelSpec& c) { c.epilogue = Epilogue::tma; }).find("direct"),
            std::string::npos);
  // fp16 accumulators are exchanged as fp32 partials: valid.
  KernelSpec f16acc = s;
  f16acc.acc = AccType::f16;
  EXPECT_FALSE(validate(f16acc)) << *validate(f16acc);
  // The partial goes through the ring: 2 stages of 128x128 bk 32 (32 KB) cannot hold 64 KB.
  const std::string ring = rule_of([](KernelSpec& c) {
    c.bm = 128;
    c.consumers = 2;
    c.bk = 32;
    c.stages = 2;
  });
  EXPECT_NE(ring.find("ring"), std::string::npos) << ring;
  // The full space holds cluster split-K variants, and the sweep some.
  const auto space = enumerate_specs(DType::f16, AccType::f32, Layout::tn);
  EXPECT_TRUE(std::any_of(space.begin(), space.end(),
                          [](const KernelSpec& k) { return k.cluster_k == 8; }));
  const auto sweep = default_sweep(DType::f16, AccType::f32, Layout::tn);
  EXPECT_TRUE(std::any_of(sweep.begin(), sweep.end(),
                          [](const KernelSpec& k) { return k.cluster_k > 1 && k.swap_ab; }));
  // The sweep's reduction-pass pieces launch piece-major (h200_split_order_s23.md).
  size_t split = 0;
  for (const KernelSpec& k : sweep)
    if (k.split_pass > 1) {
      EXPECT_TRUE(k.split_piece_major) << spec_name(k);
      ++split;
    }
  EXPECT_GE(split, 8u);
}

TEST(Spec, SplitReductionPassNamesAndRules) {
  const std::string name = "sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8";
  const KernelSpec s = parse_name(name);
  EXPECT_EQ(s.split_pass, 8);
  EXPECT_EQ(spec_name(s), name);
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  EXPECT_EQ(nlohmann::json(s)["split_pass"], 8);
  EXPECT_EQ(parse_name("sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_skp4_swap").split_pass, 4);
  EXPECT_EQ(KernelSpec{}.split_pass, 1);  // old names and tables keep their meaning
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp17"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp1"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp04"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp"), Error);
  // The launch order: tile-major by default (every older name keeps its meaning), "_skpNp"
  // piece-major (notes 156-158).
  EXPECT_FALSE(s.split_piece_major);
  const std::string piece_major = "sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8p";
  const KernelSpec pm = parse_name(piece_major);
  EXPECT_TRUE(pm.split_piece_major);
  EXPECT_EQ(pm.split_pass, 8);
  EXPECT_EQ(spec_name(pm), piece_major);
  EXPECT_EQ(nlohmann::json(pm).get<KernelSpec>(), pm);
  EXPECT_EQ(nlohmann::json(pm)["split_piece_major"], true);
  EXPECT_EQ(nlohmann::json(s)["split_piece_major"], false);
  EXPECT_NE(pm, s);
  EXPECT_TRUE(parse_name("sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_skp8p_acc4_fix64x256x16384")
                  .split_piece_major);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skpp"), Error);
  for (const char* bad : {"skp1p", "skp8pp"}) {
    try {
      parse_name(std::string("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_") + bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const Error& e) {  // the message names the token as written and the rule
      EXPECT_NE(std::string(e.what()).find(std::string("'") + bad + "'"), std::string::npos)
          << e.what();
      EXPECT_NE(std::string(e.what()).find("2 to 16"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp8_p"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp8t"), Error);
  KernelSpec no_pass = parse_name("sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m");
  no_pass.split_piece_major = true;
  ASSERT_TRUE(validate(no_pass));
  EXPECT_NE(validate(no_pass)->find("split_pass > 1"), std::string::npos) << *validate(no_pass);
  // Summed by the last piece: "l" after the order ("_skpNl", "_skpNpl"); off by default, so
  // every older name keeps its pass.
  EXPECT_FALSE(s.split_last);
  EXPECT_FALSE(pm.split_last);
  EXPECT_TRUE(has_reduction_pass(s));
  for (const char* name : {"sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3l_swap",
                           "sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8pl"}) {
    const KernelSpec l = parse_name(name);
    EXPECT_TRUE(l.split_last) << name;
    EXPECT_FALSE(has_reduction_pass(l)) << name;
    EXPECT_EQ(spec_name(l), name);
    EXPECT_EQ(nlohmann::json(l).get<KernelSpec>(), l);
    EXPECT_EQ(nlohmann::json(l)["split_last"], true);
    EXPECT_FALSE(validate(l)) << *validate(l);
  }
  EXPECT_EQ(parse_name("sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8pl").split_pass, 8);
  EXPECT_TRUE(
      parse_name("sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8pl").split_piece_major);
  EXPECT_EQ(nlohmann::json(s)["split_last"], false);
  for (const char* bad : {"skp8lp", "skp1l", "skpl", "skp8ll"})
    EXPECT_THROW(parse_name(std::string("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_") + bad),
                 Error)
        << bad;
  no_pass.split_piece_major = false;
  no_pass.split_last = true;
  ASSERT_TRUE(validate(no_pass));
  EXPECT_NE(validate(no_pass)->find("split_pass > 1"), std::string::npos) << *validate(no_pass);
  // Each restriction is named.
  auto rule_of = [&](void (*change)(KernelSpec&)) { return broken_rule(s, change); };
  EXPECT_NE(rule_of([](KernelSpec& c) { c.persistent = true; }).find("not persistent"),
            std::string::npos);
  EXPECT_NE(rule_of([](KernelSpec& c) { c.cluster_m = 1, c.cluster_k = 2; }).find("cluster"),
            std::string::npos);
  EXPECT_NE(rule_of([](KernelSpec& c) { c.epilogue = Epilogue::tma; }).find("direct"),
            std::string::npos);
  // fp16 accumulation is allowed: its pieces are written as fp32 partials.
  KernelSpec f16acc = s;
  f16acc.acc = AccType::f16;
  EXPECT_FALSE(validate(f16acc)) << *validate(f16acc);
  EXPECT_NE(rule_of([](KernelSpec& c) {
              c.consumers = 2, c.bm = 128, c.pingpong = true;
            }).find("ping-pong"),
            std::string::npos);
  // The partials of every piece must fit the workspace: refused per problem, naming it.
  const Problem small{{256, 512, 12288}, DType::f16, AccType::f32, Layout::tn};
  EXPECT_FALSE(validate_problem(s, small));
  EXPECT_EQ(split_pass_ctas(s, small.shape), 4 * 4 * 8);  // 4x4 tiles (2x1 clusters), 8 pieces
  const Problem big{{4096, 4096, 1024}, DType::f16, AccType::f32, Layout::tn};
  const auto why = validate_problem(s, big);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("workspace"), std::string::npos) << *why;
  // Swap-AB counts tiles in the kernel's frame (M and N exchanged).
  KernelSpec swapped = parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_tiles_r8m_skp4_swap");
  EXPECT_EQ(split_pass_ctas(swapped, Shape{16, 5120, 4096}), 80 * 1 * 4);
  // The full space holds reduction-pass variants, and the sweep some.
  const auto space = enumerate_specs(DType::f16, AccType::f32, Layout::nn);
  EXPECT_TRUE(std::any_of(space.begin(), space.end(),
                          [](const KernelSpec& k) { return k.split_pass == 16; }));
  const auto sweep = default_sweep(DType::f16, AccType::f32, Layout::nn);
  EXPECT_TRUE(std::any_of(sweep.begin(), sweep.end(),
                          [](const KernelSpec& k) { return k.split_pass > 1; }));
}

}  // namespace
}  // namespace autogemm

namespace autogemm {
namespace {

// split_last's counters fit the workspace's kSplitLastMaxCounters for every problem whose
// partials fit kSplitPassMaxFloats (validate_problem), over one-tile-per-CTA specs of every tile,
// consumer count and cluster, with and without swap-AB: the bound the workspace is sized by.
TEST(SpecSplitLast, CountersFitTheWorkspaceWheneverThePartialsDo) {
  const auto specs = enumerate_specs(DType::f16, AccType::f32, Layout::tn,
                                     [](const KernelSpec& s) { return !s.persistent; });
  ASSERT_FALSE(specs.empty());
  int checked = 0;
  for (size_t i = 0; i < specs.size(); i += 5)
    for (int pieces : {2, 3, 8, 16})
      for (bool swap : {false, true}) {
        KernelSpec s = specs[i];
        s.split_pass = pieces;
        s.split_last = true;
        s.swap_ab = swap;
        if (validate(s)) continue;
        for (long long m : {1LL, 7LL, 64LL, 333LL, 1024LL, 4096LL})
          for (long long n : {8LL, 136LL, 1024LL, 4096LL}) {
            const Problem p{{m, n, 4096}, DType::f16, AccType::f32, Layout::tn};
            if (validate_problem(s, p)) continue;  // partials past the workspace: refused
            EXPECT_LE(size_t(split_last_counters(s, p.shape)), kSplitLastMaxCounters)
                << spec_name(s) << " " << m << "x" << n;
            ++checked;
          }
      }
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace autogemm

namespace autogemm {
namespace {

// Pieces placed by SM ("_smid"): a one-CTA split-pass spec under PDL only; the name, its JSON and
// each refusal naming what is missing.
TEST(SpecSmPlaced, NameJsonAndRules) {
  const char* name = "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_smid";
  const KernelSpec s = parse_name(name);
  EXPECT_TRUE(s.sm_placed);
  EXPECT_EQ(spec_name(s), name);
  EXPECT_FALSE(validate(s)) << *validate(s);
  EXPECT_TRUE(has_reduction_pass(s));
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  EXPECT_EQ(nlohmann::json(s)["sm_placed"], true);
  EXPECT_FALSE(parse_name("sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p").sm_placed);
  // Before the compiled-in shape, after the prefetch.
  EXPECT_EQ(
      spec_name(parse_name(
          "sm90_f16f32_tn_128x128x64_s6_c1x1_coop_tiles_r8m_skp4p_pf2_smid_fix256x1024x16384")),
      "sm90_f16f32_tn_128x128x64_s6_c1x1_coop_tiles_r8m_skp4p_pf2_smid_fix256x1024x16384");
  auto refusal = [&](void (*change)(KernelSpec&)) {
    KernelSpec c = s;
    change(c);
    return validate(c).value_or("");
  };
  EXPECT_NE(refusal([](KernelSpec& c) { c.pdl = false; }).find("PDL"), std::string::npos);
  EXPECT_NE(refusal([](KernelSpec& c) { c.cluster_m = 2; }).find("one-CTA"), std::string::npos);
  EXPECT_NE(refusal([](KernelSpec& c) { c.split_last = true; }).find("split_last"),
            std::string::npos);
  EXPECT_NE(refusal([](KernelSpec& c) {
              c.split_pass = 1, c.split_piece_major = false;
            }).find("split_pass > 1"),
            std::string::npos);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_nopdl_smid"),
               Error);
  // Launched the other way it is a plain launch of the same order (placing needs PDL), and the
  // neighbour-order launches of a clustered split spec are placed by SM.
  EXPECT_EQ(spec_name(other_launch(s)),
            "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_nopdl");
  const auto placed = neighbour_order_launches(
      parse_name("sm90_f16f32_tn_128x128x64_s7_c2x1_coop_tiles_r4m_skp8l_nopdl"));
  EXPECT_EQ(spec_name(placed[0]), "sm90_f16f32_tn_128x128x64_s7_c1x1_coop_tiles_r8m_skp8p_smid");
  EXPECT_EQ(spec_name(placed[1]), "sm90_f16f32_tn_128x128x64_s7_c1x1_coop_tiles_r1n_skp8p_smid");
  // An edit that breaks placement's rule drops the placement instead of making an invalid spec.
  KernelSpec last = s;
  last.split_last = true;
  EXPECT_EQ(spec_name(without_broken_placement(last)),
            "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r1n_skp4pl");
  EXPECT_EQ(without_broken_placement(s), s);
  // A placed grid asks for more than half an SM's shared memory, so no SM holds two of its CTAs.
  const KernelSpec small = parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_tiles_r8m_skp12p_swap");
  KernelSpec small_placed = small;
  small_placed.sm_placed = true;
  EXPECT_LT(smem_bytes(small), kPlacedSmemFloor);
  EXPECT_EQ(smem_bytes(small_placed), kPlacedSmemFloor);
  EXPECT_EQ(smem_bytes(s), smem_bytes(other_launch(s)));  // already above the floor
  EXPECT_FALSE(validate(small_placed)) << *validate(small_placed);
}

// Row blocks staged in parts ("_etmarN"): the staging shrinks by the parts, which gives wide
// swap-AB tiles back the stage their staging took; the rules name what a part must be.
TEST(SpecEpilogueParts, NameJsonSharedMemoryAndRules) {
  const char* name = "sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m_etmar2_swap";
  const KernelSpec s = parse_name(name);
  EXPECT_EQ(s.epilogue, Epilogue::tma_rows);
  EXPECT_EQ(s.epilogue_parts, 2);
  EXPECT_EQ(spec_name(s), name);
  EXPECT_FALSE(validate(s)) << *validate(s);
  EXPECT_EQ(nlohmann::json(s).get<KernelSpec>(), s);
  EXPECT_EQ(nlohmann::json(s)["epilogue_parts"], 2);
  // Whole: four stages do not fit beside the staging; in halves they do.
  KernelSpec whole = s;
  whole.epilogue_parts = 1;
  EXPECT_NE(broken(whole).find("shared memory"), std::string::npos);
  EXPECT_EQ(smem_bytes(whole) - smem_bytes(s), 2 * 64 * 144 * 2 / 2);
  // 128x288 split N (144 columns a consumer) needs thirds: halves are 64 B too many.
  EXPECT_FALSE(
      validate(parse_name("sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_etmar3_swap")));
  KernelSpec halves = parse_name("sm90_f16f32_tn_128x288x64_s3_c2x1_coopn_persist_r8m_etmar_swap");
  halves.stages = 4;
  halves.epilogue_parts = 2;
  EXPECT_NE(broken(halves).find("shared memory"), std::string::npos);
  // Without swap-AB a part is whole warps' rows: 2 or 4 parts of the 64-row block.
  EXPECT_FALSE(validate(parse_name("sm90_f16f32_tn_192x112x64_s5_c2x1_wg3_persist_r8m_etmar4")));
  auto refusal = [&](void (*change)(KernelSpec&)) {
    KernelSpec c = s;
    change(c);
    return broken(c);
  };
  EXPECT_NE(refusal([](KernelSpec& c) { c.swap_ab = false, c.epilogue_parts = 3; }).find("not 3"),
            std::string::npos);
  EXPECT_NE(refusal([](KernelSpec& c) { c.epilogue = Epilogue::direct; }).find("must be tma_rows"),
            std::string::npos);
  EXPECT_NE(refusal([](KernelSpec& c) { c.epilogue_parts = 5; }).find("1 to 4"), std::string::npos);
  // 144 columns in 4 parts of 36 C rows: not whole 8-row periods.
  EXPECT_NE(refusal([](KernelSpec& c) { c.epilogue_parts = 4; }).find("multiple of 8"),
            std::string::npos);
  // as_row_blocks: the fewest parts that keep the stages; none where no count fits.
  KernelSpec direct = s;
  direct.epilogue = Epilogue::direct;
  direct.epilogue_parts = 1;
  EXPECT_EQ(as_row_blocks(direct), s);  // whole is over the budget at s4: halves
  EXPECT_EQ(spec_name(*as_row_blocks(
                parse_name("sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8m_swap"))),
            "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8m_etmar_swap");
  EXPECT_FALSE(
      as_row_blocks(parse_name("sm90_f16f32_tn_128x304x64_s4_c2x1_coopn_persist_r8m_swap")));
  // One part is the plain name (etmar1 is not canonical); five are out of range.
  EXPECT_THROW(parse_name("sm90_f16f32_tn_256x144x64_s3_c1x2_coop_persist_r8m_etmar1_swap"), Error);
  EXPECT_THROW(parse_name("sm90_f16f32_tn_128x144x64_s4_c1x2_coop_persist_r8m_etmar5_swap"), Error);
}

}  // namespace
}  // namespace autogemm
