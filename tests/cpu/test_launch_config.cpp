// The launch attributes a plan asks cuLaunchKernelEx for (no GPU: LaunchConfig only fills a
// struct).
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace autogemm
