// Cluster split-K: the kClusterK CTAs of a cluster computed the same tile over disjoint k-ranges
// (scheduler.cuh). Each writes its fp32 partial into its own pipeline ring, idle by then (one
// tile per cluster), in the fp32 accumulators' register order, thread-minor as in fixup.cuh. After
// one cluster barrier, CTA g sums a 1/kClusterK slice of the accumulator pairs over all pieces,
// in piece order (deterministic), reading its peers' rings through distributed shared memory,
// and stores that slice of C. No workspace, no flags, no L2 round trips: the whole reduction is
// one barrier and a few shared-memory reads per value. The kernel's closing cluster barrier keeps
// every ring alive until its peers have read it.
#pragma once

#include "autogemm/sm90/fixup.cuh"
#include "autogemm/sm90/ptx.cuh"

namespace autogemm::sm90 {

template <class Cfg>
struct ClusterReduce {
  static constexpr int kRegs = Cfg::kWgCols / 2;  // per m64 block (bn/2 columns under split N)
  static constexpr int kAccPerThread = Cfg::kMmaM * kRegs;
  static constexpr int kPairs = kAccPerThread / 2;
  static constexpr int kConsumersBarrier = 7;  // after the warpgroups' 1..3 and ping-pong's 5..6
  // Pairs whose loads are issued before any is added: 2·kClusterK·kBatch (up to 64) loads in
  // flight, so a slice costs one or two distributed shared-memory round trips.
  static constexpr int kBatch = 32 / Cfg::kClusterK;

  // acc: fp32 or fp16 accumulators; the partials are exchanged and summed in fp32 either way.
  template <class Acc>
  __device__ static void run(const Acc& acc, const GemmArgs& args, u8* ring, int consumer, int row0,
                             int col0) {
    const int t = threadIdx.x % 128;
    float* mine = reinterpret_cast<float*>(ring) + consumer * kAccPerThread * 128;
    // The other consumer warpgroups' last MMAs may still be reading the ring.
    if constexpr (Cfg::kConsumers > 1) named_barrier_sync<128 * Cfg::kConsumers>(kConsumersBarrier);
#pragma unroll
    for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
      for (int j = 0; j < kRegs; ++j) mine[(mi * kRegs + j) * 128 + t] = acc_f32(acc, mi, j);
    cluster_sync();  // every piece's partial is in its ring (the producer warpgroups join in)

    const int piece = int(cluster_cta_rank());
    u32 peer[Cfg::kClusterK];
#pragma unroll
    for (int p = 0; p < Cfg::kClusterK; ++p) peer[p] = cluster_map_shared(smem_addr(mine + t), p);
    const int q_begin = piece * kPairs / Cfg::kClusterK;
    const int q_end = (piece + 1) * kPairs / Cfg::kClusterK;
    for (int q0 = q_begin; q0 < q_end; q0 += kBatch) {
      float v[kBatch][2][Cfg::kClusterK];
#pragma unroll
      for (int b = 0; b < kBatch; ++b)
        if (q0 + b < q_end)
#pragma unroll
          for (int p = 0; p < Cfg::kClusterK; ++p)
#pragma unroll
            for (int h = 0; h < 2; ++h)
              v[b][h][p] = ld_shared_cluster_f32(peer[p] + u32((2 * (q0 + b) + h) * 128 * 4));
#pragma unroll
      for (int b = 0; b < kBatch; ++b)
        if (q0 + b < q_end) {
          float v0 = v[b][0][0], v1 = v[b][1][0];
#pragma unroll
          for (int p = 1; p < Cfg::kClusterK; ++p) v0 += v[b][0][p], v1 += v[b][1][p];
          store_acc_pair<Cfg>(args, q0 + b, v0, v1, row0, col0);
        }
    }
  }
};

}  // namespace autogemm::sm90
