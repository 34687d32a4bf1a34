// Split-K's reduction pass (KernelSpec::split_pass, GemmConfig::kSplitPass), and its in-kernel
// form, the last piece's sum (KernelSpec::split_last, GemmConfig::kSplitLast).
//
// The GEMM grid computes every tile in kSplitPass pieces of its k-blocks, one CTA each, and each
// piece only writes its fp32 partial to the workspace (Fixup::write_partial: the accumulators in
// register order, thread-minor). This second kernel, launched right behind it with programmatic
// dependent launch, sums the pieces and writes C: no CTA of the GEMM waits for another, so a
// slow piece holds up only the pass, not the SMs of the others.
//
// Block b handles slice b % reduce_slices of the accumulator pairs of one consumer warpgroup's
// part of one tile (its rows, or its columns under split N); thread t plays that warpgroup's thread
// t, so it reads every piece's values at one offset (coalesced) and stores them as the GEMM's own
// epilogue would (store_acc_pair: scaling, rounding, edge clipping, swap-AB's transposed store).
// Pieces are added in piece order: the sum is deterministic.
#pragma once

#include "autogemm/sm90/fixup.cuh"
#include "autogemm/sm90/ptx.cuh"
#include "autogemm/sm90/scheduler.cuh"

namespace autogemm::sm90 {

// Adds accumulator pairs [q_begin, q_end) of this thread's values in every piece's partial of
// unit `unit` (CTA rank `rank`, consumer warpgroup `consumer`), in piece order, and stores the sums
// as the GEMM's epilogue would. The pass and the last piece's sum both call this, so their C is
// the same bit for bit. kBatch pairs' loads are in flight at once.
template <class Cfg, int kBatch>
__device__ __forceinline__ void sum_pieces_and_store(const GemmArgs& args,
                                                     const TileScheduler<Cfg>& sched, int unit,
                                                     int rank, int consumer, int q_begin, int q_end,
                                                     int row0, int col0) {
  constexpr int kPieces = Cfg::kSplitPass;
  const int t = int(threadIdx.x) % 128;
  // Piece p of the tile is the rank-`rank` CTA of cluster split_cluster(unit, p).
  const float* src[kPieces];
#pragma unroll
  for (int p = 0; p < kPieces; ++p)
    src[p] =
        Fixup<Cfg>::slot(args, sched.split_cluster(unit, p) * Cfg::kClusterSize + rank, consumer) +
        t;
  for (int q0 = q_begin; q0 < q_end; q0 += kBatch) {
    float v0[kBatch][kPieces], v1[kBatch][kPieces];  // every load in flight before any is added
#pragma unroll
    for (int u = 0; u < kBatch; ++u)
      if (q0 + u < q_end)
#pragma unroll
        for (int p = 0; p < kPieces; ++p) {
          v0[u][p] = __ldcg(src[p] + (2 * (q0 + u)) * 128);
          v1[u][p] = __ldcg(src[p] + (2 * (q0 + u) + 1) * 128);
        }
#pragma unroll
    for (int u = 0; u < kBatch; ++u)
      if (q0 + u < q_end) {
        float s0 = v0[u][0], s1 = v1[u][0];
#pragma unroll
        for (int p = 1; p < kPieces; ++p) s0 += v0[u][p], s1 += v1[u][p];
        store_acc_pair<Cfg>(args, q0 + u, s0, s1, row0, col0);
      }
  }
}

template <class Cfg>
__device__ __forceinline__ void split_reduce(const GemmArgs& args) {
  constexpr int kPairs = Fixup<Cfg>::kAccPerThread / 2;
  // Every block of this grid is running once the next kernel may launch, so that kernel's
  // CTAs, waiting in their prologue, can never hold the SMs this grid still needs.
  griddep_launch_dependents();
  griddep_wait();  // the GEMM grid has finished and its partials are visible

  const int slices = args.reduce_slices;
  int b = int(blockIdx.x);
  const int slice = b % slices;
  b /= slices;
  const int consumer = b % Cfg::kConsumers;
  b /= Cfg::kConsumers;
  const int rank = b % Cfg::kClusterSize;
  const int unit = b / Cfg::kClusterSize;
  const TileScheduler<Cfg> sched(args);
  const WorkItem w = sched.tile_of(unit, u32(rank));
  if (w.tm >= sched.tiles_m || w.tn >= sched.tiles_n) return;  // a cluster's tile past the edge

  const int2 origin = warpgroup_origin<Cfg>(w.tm, w.tn, consumer);
  sum_pieces_and_store<Cfg, 1>(args, sched, unit, rank, consumer, slice * kPairs / slices,
                               (slice + 1) * kPairs / slices, origin.x, origin.y);
}

// Split-K summed by each tile's last piece (Cfg::kSplitLast), with no pass: every piece writes
// its partial as above, then each of its warps counts itself on the counter of its unit, CTA rank,
// consumer and warp (in args.flags: the workspace's split-K counters). The warp that counts last
// reads every piece's share of its rows, its own included (this thread wrote it), adds them in
// piece order as the pass does (the same sum, bit for bit) and stores them as the pass would; its
// count wraps the counter to zero for the next launch. No warp waits for another (a cluster's
// CTAs stay resident until its last warps finish, as for any cluster).
template <class Cfg, class Acc>
__device__ __forceinline__ void split_sum_last(const Acc& acc, const GemmArgs& args,
                                               const TileScheduler<Cfg>& sched, int rank,
                                               int consumer, int row0, int col0) {
  constexpr int kPieces = Cfg::kSplitPass;
  constexpr int kPairs = Fixup<Cfg>::kAccPerThread / 2;
  // Pairs whose loads are in flight at once (up to 64 loads a thread; 16 with three consumers,
  // whose 152 registers spilled at 64): one warp reads a whole tile share alone, so its L2 round
  // trips, not its bandwidth, set the time.
  constexpr int kLoads = Cfg::kConsumers == 3 ? 16 : 64;
  constexpr int kBatch = kLoads / 2 / kPieces > 1 ? kLoads / 2 / kPieces : 1;
  const int cluster = int(blockIdx.x) / Cfg::kClusterSize;
  const int unit = sched.split_unit(cluster);
  Fixup<Cfg>::write_partial(acc, args, int(blockIdx.x), consumer);
  const int t = int(threadIdx.x) % 128, lane = t % 32;
  // The count wraps to 0 at its last increment (atomicInc), ready for the next launch; a launch
  // cut short cannot leave it off for the calls after it, as a separate reset could.
  unsigned* count = reinterpret_cast<unsigned*>(args.flags) +
                    ((unit * Cfg::kClusterSize + rank) * Cfg::kConsumers + consumer) * 4 + t / 32;
  __threadfence();  // this thread's partial is visible before its warp counts itself
  __syncwarp();
  int last = 0;
  if (lane == 0) last = atomicInc(count, unsigned(kPieces - 1)) == unsigned(kPieces - 1);
  if (__shfl_sync(0xffffffffu, last, 0) == 0) return;
  __syncwarp();     // orders the lanes' reads below after lane 0's count (a shuffle does not)
  __threadfence();  // the other pieces' partials are read after their counts
  sum_pieces_and_store<Cfg, kBatch>(args, sched, unit, rank, consumer, 0, kPairs, row0, col0);
}

}  // namespace autogemm::sm90

// Defines the reduction pass's entry point for a configuration with kSplitPass > 1 and no
// kSplitLast (the JIT emits it only for those: has_reduction_pass).
#define AUTOGEMM_SM90_DEFINE_SPLIT_REDUCE(Cfg)                                           \
  extern "C" __global__ void __launch_bounds__(128)                                      \
      autogemm_sm90_split_reduce(const autogemm::sm90::GemmArgs args) {                  \
    if constexpr (Cfg::kFixedShape)                                                      \
      autogemm::sm90::split_reduce<Cfg>(autogemm::sm90::with_compiled_shape<Cfg>(args)); \
    else                                                                                 \
      autogemm::sm90::split_reduce<Cfg>(args);                                           \
  }
