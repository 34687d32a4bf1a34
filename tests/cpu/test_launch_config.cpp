// The launch attributes a plan asks cuLaunchKernelEx for (no GPU: LaunchConfig only fills a
// struct).
#include <gtest/gtest.h>

#include "runtime/launch.hpp"

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

TEST(SplitReducePass, StaysOnTheIdleSmsOnlyWhereTheyHoldItAtOnce) {
  // 64 pieces on 132 SMs leave 68 idle; at 16 blocks each they hold 1088 pass blocks.
  EXPECT_EQ(split_reduce_smem(512, 64, 132, 16), 0u);
  EXPECT_EQ(split_reduce_smem(1088, 64, 132, 16), 0u);
  EXPECT_EQ(split_reduce_smem(1089, 64, 132, 16), unsigned(kSplitReduceSmemBytes));
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
