// The launch attributes a plan asks cuLaunchKernelEx for (no GPU: LaunchConfig only fills a
// struct).
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <utility>

#include "runtime/launch.hpp"
#include "runtime/workspace.hpp"
#include "spec/enumerate.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"

namespace autogemm {
namespace {

bool has(const LaunchConfig& c, CUlaunchAttributeID id) {
  for (unsigned i = 0; i < c.cfg.numAttrs; ++i)
    if (c.cfg.attrs[i].id == id) return true;
  return false;
}

LaunchPlan plan(unsigned cluster, bool pdl) {
  LaunchPlan p;
  p.grid = 4 * cluster;
  p.threads = 256;
  p.smem = 1024;
  p.cluster = cluster;
  p.pdl = pdl;
  return p;
}

// Stream-K grids hold one CTA per SM, each with a partial of its whole tile: every valid
// stream-K spec of both accumulations and layouts fits the workspace sized for 132 SMs (a
// 256x256 tile's partials would need 34.6 MB, more than it holds), and so does each one's
// split-N twin where that is valid (its two warpgroups' partials are the same bm x bn).
TEST(Workspace, EveryStreamKTileFitsOnAFullGpu) {
  const size_t have = workspace_size(132).partial_bytes;
  size_t checked = 0, split_n = 0;
  for (AccType acc : {AccType::f32, AccType::f16})
    for (Layout layout : {Layout::nn, Layout::tn})
      for (const KernelSpec& s : enumerate_specs(DType::f16, acc, layout)) {
        if (!s.stream_k) continue;
        ++checked;
        EXPECT_LE(stream_k_partial_bytes(132, s.bm, s.bn), have) << spec_name(s);
        KernelSpec n = s;
        n.split_n = true;
        if (validate(n)) continue;
        ++split_n;
        EXPECT_LE(stream_k_partial_bytes(132, n.bm, n.bn), have) << spec_name(n);
      }
  EXPECT_GT(checked, 100u);
  EXPECT_GT(split_n, 10u);
}

TEST(LaunchConfig, OneCtaClustersLaunchWithoutTheClusterAttribute) {
  const LaunchConfig with_pdl(plan(1, true), nullptr);
  EXPECT_EQ(with_pdl.cfg.numAttrs, 1u);
  EXPECT_TRUE(has(with_pdl, CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION));
  EXPECT_FALSE(has(with_pdl, CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION));
  const LaunchConfig plain(plan(1, false), nullptr);
  EXPECT_EQ(plain.cfg.numAttrs, 0u);
}

TEST(LaunchConfig, ClustersCarryTheirSizeAndPdlItsAttribute) {
  const LaunchConfig c(plan(2, true), nullptr);
  ASSERT_EQ(c.cfg.numAttrs, 2u);
  EXPECT_EQ(c.cfg.attrs[0].id, CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION);
  EXPECT_EQ(c.cfg.attrs[0].value.clusterDim.x, 2u);
  EXPECT_TRUE(has(c, CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION));
  EXPECT_EQ(c.cfg.gridDimX, 8u);
  const LaunchConfig no_pdl(plan(2, false), nullptr);
  EXPECT_EQ(no_pdl.cfg.numAttrs, 1u);
  // The occupancy query asks with the attribute even for one-CTA clusters.
  const LaunchConfig query(1, 256, 1024, 1, nullptr);
  EXPECT_TRUE(has(query, CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION));
}

TEST(SplitReducePass, StaysOnIdleSmsOnlyWhereTheyOutnumberTheGemmAndHoldItAtOnce) {
  // 64 pieces on 132 SMs leave 68 idle; at 16 blocks each they hold 1088 pass blocks.
  EXPECT_EQ(split_reduce_smem(512, 64, 132, 16), 0u);
  EXPECT_EQ(split_reduce_smem(1088, 64, 132, 16), 0u);
  EXPECT_EQ(split_reduce_smem(1089, 64, 132, 16), unsigned(kSplitReduceSmemBytes));
  // 66 pieces leave 66 idle, still as many as they use; 67 leave 65: the pass spreads, however
  // small (decode's 120 pieces leave 12 idle SMs, which would hold its 160 blocks).
  EXPECT_EQ(split_reduce_smem(128, 66, 132, 16), 0u);
  EXPECT_EQ(split_reduce_smem(128, 67, 132, 16), unsigned(kSplitReduceSmemBytes));
  EXPECT_EQ(split_reduce_smem(160, 120, 132, 16), unsigned(kSplitReduceSmemBytes));
  // 128 pieces leave 4 idle SMs: the pass spreads (at most four blocks per SM).
  EXPECT_EQ(split_reduce_smem(512, 128, 132, 16), unsigned(kSplitReduceSmemBytes));
  // A grid past the SMs leaves none idle.
  EXPECT_EQ(split_reduce_smem(1, 256, 132, 16), unsigned(kSplitReduceSmemBytes));
  // kSplitReduceSmemBytes keeps four and no more 128-thread blocks on a 228 KB SM: each block
  // also holds the entry's 1 KB of static shared memory and the 1 KB the SM reserves per block
  // (the entry is loaded with its dynamic limit raised to kSplitReduceSmemBytes, jit.cpp).
  constexpr int kSmKb = 228, kPerBlockKb = kSplitReduceSmemBytes / 1024 + 1 + 1;
  EXPECT_LE(kSplitReduceBlocksPerSm * kPerBlockKb, kSmKb);
  EXPECT_GT((kSplitReduceBlocksPerSm + 1) * kPerBlockKb, kSmKb);
}

// The kernel's tile order divides by run-time values with the host's multiply-and-shift
// (GemmArgs::band, tail): exact for every numerator below 2^31.
TEST(FastDiv, IsExactForNumeratorsBelowTwoToThe31) {
  std::mt19937 rng(31);
  std::vector<unsigned> divisors;
  for (unsigned d = 1; d <= 3000; ++d) divisors.push_back(d);
  for (int b = 11; b <= 30; ++b)
    for (long long d : {(1LL << b) - 1, 1LL << b, (1LL << b) + 1}) divisors.push_back(unsigned(d));
  divisors.push_back((1u << 31) - 1);
  for (int i = 0; i < 2000; ++i) divisors.push_back(1 + rng() % ((1u << 31) - 1));
  const unsigned top = (1u << 31) - 1;
  for (unsigned d : divisors) {
    const sm90::FastDiv f = sm90::make_fast_div(d);
    ASSERT_EQ(f.d, d);
    auto check = [&](unsigned n) {
      if (n > top) return;
      ASSERT_EQ(sm90::fast_div(n, f), n / d) << n << " / " << d;
    };
    for (unsigned n = 0; n < 300; ++n) check(n);
    for (unsigned q : {1u, 2u, 3u, 1000u, top / d - 1, top / d})  // around multiples of d
      for (int e = -1; e <= 1; ++e) check(unsigned(static_cast<long long>(q) * d + e));
    for (int i = 0; i < 200; ++i) check(rng() % (top + 1u));
    check(top);
  }
}

// The tile order of scheduler.cuh before the host's divisors (plain division), and with them
// (band_position): the same unit -> (um, un) for every unit of random specs and shapes.
std::pair<int, int> tile_plain(int unit, int units_m, int units_n, int sw, bool raster_n) {
  const int banded = raster_n ? units_n : units_m, across = raster_n ? units_m : units_n;
  const int band = sw * across, group = unit / band, local = unit % band, first = group * sw;
  const int height = std::min(sw, banded - first);
  const int a = first + local % height, b = local / height;
  return raster_n ? std::pair{b, a} : std::pair{a, b};
}
// The kernel's own arithmetic (types.cuh's band_position, which scheduler.cuh calls).
std::pair<int, int> tile_fast(int unit, int units_m, int units_n, int sw, bool raster_n,
                              const sm90::GemmArgs& args) {
  const unsigned banded = unsigned(raster_n ? units_n : units_m);
  const sm90::BandPosition pos =
      sm90::band_position(unsigned(unit), banded, unsigned(sw), args.band, args.tail);
  return raster_n ? std::pair{int(pos.across), int(pos.in)}
                  : std::pair{int(pos.in), int(pos.across)};
}

TEST(TileOrder, HostDivisorsGiveTheSameOrderAsDivision) {
  std::mt19937 rng(2026);
  const std::vector<KernelSpec> specs = enumerate_specs(DType::f16, AccType::f32, Layout::tn);
  ASSERT_FALSE(specs.empty());
  for (int trial = 0; trial < 400; ++trial) {
    KernelSpec s = specs[rng() % specs.size()];
    s.raster = rng() % 2 ? Raster::n : Raster::m;
    s.swizzle = int(1 + rng() % 16);
    const Shape shape{int64_t(1 + rng() % 20000), int64_t(8 * (1 + rng() % 2500)),
                      int64_t(8 * (1 + rng() % 500))};
    sm90::GemmArgs args{};
    set_tile_order(args, s, shape);
    // The kernel's frame: swap-AB computes C transposed.
    const int64_t km = s.swap_ab ? shape.n : shape.m, kn = s.swap_ab ? shape.m : shape.n;
    const int tiles_m = int((km + s.bm - 1) / s.bm), tiles_n = int((kn + s.bn - 1) / s.bn);
    const int units_m = (tiles_m + s.cluster_m - 1) / s.cluster_m;
    const int units_n = (tiles_n + s.cluster_n - 1) / s.cluster_n;
    const bool raster_n = s.raster == Raster::n;
    const int banded = raster_n ? units_n : units_m, across = raster_n ? units_m : units_n;
    ASSERT_EQ(args.band.d, unsigned(s.swizzle * across)) << spec_name(s);
    ASSERT_EQ(args.tail.d, unsigned(banded % s.swizzle ? banded % s.swizzle : s.swizzle));
    std::set<std::pair<int, int>> seen;
    for (int unit = 0; unit < units_m * units_n; ++unit) {
      const auto want = tile_plain(unit, units_m, units_n, s.swizzle, raster_n);
      ASSERT_EQ(tile_fast(unit, units_m, units_n, s.swizzle, raster_n, args), want)
          << spec_name(s) << " unit " << unit;
      seen.insert(want);
    }
    EXPECT_EQ(seen.size(), size_t(units_m) * size_t(units_n));  // every unit once
  }
}

}  // namespace
}  // namespace autogemm

namespace autogemm {
namespace {

// A placed grid's CTAs claim their slots in the workspace: a placed plan needs the workspace
// (without it, or without its slots, the launch is refused), and its arguments carry the slots.
TEST(LaunchArgs, PlacedBySmPlansNeedTheWorkspaceSlots) {
  LaunchPlan plan;
  EXPECT_FALSE(plan.needs_workspace());
  plan.sm_placed = true;
  EXPECT_TRUE(plan.needs_workspace());
  EXPECT_THROW(launch_args(plan, nullptr), Error);
  Workspace ws;
  EXPECT_THROW(launch_args(plan, &ws), Error);  // no slots
  unsigned slots[sm90::kSmSlotsWords] = {};
  ws.sm_slots = slots;
  EXPECT_EQ(launch_args(plan, &ws).sm_slots, slots);
  plan.sm_placed = false;
  plan.stream_k = true;
  EXPECT_EQ(launch_args(plan, &ws).sm_slots, nullptr);  // only placed plans get them
}

}  // namespace
}  // namespace autogemm
