// A streaming kernel tried in the eleventh session (scripts/runs/wstream_probe.cu; notes/NOTES.md
// items 81 and 85), not part of the library: correct on every shape tried, but slower than the
// TMA kernels' swap-AB specs on 14 of the 15 decode shapes on an H100, its wgmma serialized by
// ptxas (C7518; bench/results/h100/h100_wstream_probe.md), and on all 15 on an H200 with
// setmaxnreg lifting that (bench/results/h200/h200_wstream_probe.md): its loads are the limit.
//
// C = X · Wᵀ for a few tokens X (at most 64 rows, K contiguous) against a large W (K contiguous:
// the tn layout's nn.Linear weight), when reading W is the whole cost.
//
// Why not TMA for W: plain 16-byte loads that each cover whole 128-byte lines stream faster than
// TMA copies (h200_read_bw.md, h200_read_units.csv), and loads straight into mma fragments, which
// touch only 64 bytes of each of 8 rows per instruction, stream slower than either. So producer
// warps read W with plain loads, four rows of one 128-byte line per warp instruction, and store
// them into a shared-memory ring in wgmma's 128B-swizzled layout; one consumer warpgroup per 64
// rows multiplies each stage (wgmma, A = the W rows, B = the tokens' 64-k block, which a producer
// brings with one TMA copy per stage).
//
// Work: a row tile (64 rows per consumer warpgroup) times K's 64-wide blocks is a run of stages;
// the grid's CTAs (all resident) split the whole run evenly, so every SM streams the same bytes
// whatever the shape. A tile cut between CTAs is finished by the CTA that holds its first block
// (that piece is the last of its run, so it ends last): the later CTAs start their runs with the
// tile's other pieces and hand them over through a workspace; the finisher adds them in CTA order
// (deterministic) and stores C.
#pragma once

#include "autogemm/sm90/fixup.cuh"
#include "autogemm/sm90/ptx.cuh"
#include "autogemm/sm90/types.cuh"
#include "autogemm/sm90/wgmma_ops.cuh"
#include "probe_util.cuh"

namespace autogemm::sm90 {

struct StreamArgs {
  const u16* weight;  // W: n rows of k elements
  u16* c;             // C, row stride ldc
  int m, n, k;        // m tokens (at most kTokens), n rows of W, k
  long long ldc;
  float* workspace;  // one partial (kTileRows x kTokens floats) per CTA and consumer warpgroup
  int* flags;        // one per CTA and consumer warpgroup, zero between launches
};

template <ElemType kElem_, int kTokens_, int kConsumers_, int kProducerWarps_, int kLoads_,
          int kBlocksPerStage_, int kProbe_ = 0>
struct StreamConfig {
  // Probes only (the result is then not a product): 1 skips the tokens' copy, 2 also the MMAs.
  static constexpr int kProbe = kProbe_;
  // 64-wide k blocks per stage: the consumers' fixed cost per stage (barrier wait, MMA issue,
  // release) is spread over this many blocks.
  static constexpr int kBlocksPerStage = kBlocksPerStage_;
  static constexpr ElemType kElem = kElem_;
  static constexpr int kTokens = kTokens_;        // wgmma's N: the tokens, at most kTokens
  static constexpr int kConsumers = kConsumers_;  // consumer warpgroups, 64 rows each
  static constexpr int kProducerWarps = kProducerWarps_;
  static constexpr int kLoads = kLoads_;  // 16-byte loads in flight per producer thread
  static constexpr int kTileRows = 64 * kConsumers;
  static constexpr int kWeightBlockBytes = kTileRows * 128;  // the rows' 64-k block
  static constexpr int kTokenBlockBytes = kTokens * 128;     // the tokens' (TMA, 128B swizzle)
  static constexpr int kWeightBytes = kBlocksPerStage * kWeightBlockBytes;
  static constexpr int kTokenBytes = kBlocksPerStage * kTokenBlockBytes;
  static constexpr int kStageBytes = kWeightBytes + kTokenBytes;
  static constexpr int kInstrPerBlock = kTileRows / 4;  // a warp load covers 4 rows x 128 B
  static constexpr int kInstrPerStage = kBlocksPerStage * kInstrPerBlock;
  static constexpr int kPiecesPerStage = kInstrPerStage / kLoads;
  static constexpr int kThreads = 128 * kConsumers + 32 * kProducerWarps;
  // Registers after setmaxnreg (their sum fills the launch's allocation). Beyond the budget, the
  // warpgroup-aligned setmaxnreg tells ptxas that the consumers' code runs converged: without
  // it, it serialized their wgmma (C7518, "WG.DP in divergent path"), in every instance the
  // h100_wstream_probe run measured.
  // setmaxnreg.inc waits until the CTA's pool has the registers, and the pool is what the
  // launch allocated (__launch_bounds__(kThreads, 1): 64K / kThreads, rounded down to 8), so
  // the consumers may take only what the producers give back (more hung the first H200 run).
  static constexpr int kProducerRegs = 64;
  static constexpr int kLaunchRegs =
      65536 / kThreads / 8 * 8 > 255 ? 248 : 65536 / kThreads / 8 * 8;
  static constexpr int kConsumerRegsFit =
      (kLaunchRegs * kThreads - 32 * kProducerWarps * kProducerRegs) / (128 * kConsumers) / 8 * 8;
  static constexpr int kConsumerRegs = kConsumerRegsFit > 256 ? 256 : kConsumerRegsFit;
  static constexpr int kPartStride = kTokens + 1;  // floats per staged C row (odd: fewer conflicts)
  static constexpr int kPartBytes = kTileRows * kPartStride * 4;
  // As many stages as fit: the ring must hold what the producers have in flight with room to
  // spare, or a producer waiting for a slot stops issuing loads.
  static constexpr int kStages = (227 * 1024 - 1024 - kPartBytes - 512) / kStageBytes > 32
                                     ? 32
                                     : (227 * 1024 - 1024 - kPartBytes - 512) / kStageBytes;
  static constexpr int kRingBytes = kStages * kStageBytes;
  static constexpr int kSmemBytes = kRingBytes + 512 + kPartBytes;
  static constexpr int kAccPerThread = kTokens / 2;  // one consumer thread's partial, in floats
  static_assert(kTokens % 8 == 0 && kTokens >= 8 && kTokens <= 64, "8-64 tokens");
  static_assert(kConsumers == 1 || kConsumers == 2, "one or two consumer warpgroups");
  static_assert(kInstrPerStage % kLoads == 0, "whole pieces per stage");
  static_assert(kStages >= 2, "a ring of at least 2 stages");
  static_assert(kBlocksPerStage >= 1 && kBlocksPerStage <= 4, "1-4 blocks per stage");
  static_assert(kConsumerRegs >= 96, "the consumers' registers after setmaxnreg");
  static_assert(kProducerWarps % 4 == 0, "setmaxnreg: whole producer warpgroups");
  // A producer warp's next piece is kProducerWarps / kPiecesPerStage stages on; more than the
  // ring and its wait for a free slot could read the slot's parity of two rounds back.
  static_assert(kProducerWarps <= kStages * kPiecesPerStage, "producers run past the ring");
};

// The grid's split of the stage run: CTA c streams stages [begin(c), begin(c + 1)).
__host__ __device__ inline long long stream_begin(int cta, int ctas, long long stages) {
  return stages * cta / ctas;
}
// The CTA that streams stage u.
__host__ __device__ inline int stream_owner(long long u, int ctas, long long stages) {
  return int(((u + 1) * ctas - 1) / stages);
}

template <ElemType kElem>
__device__ __forceinline__ u16 to_half_bits(float v) {
  return u16((kElem == ElemType::kF16 ? pack_f16x2(v, 0.f) : pack_bf16x2(v, 0.f)) & 0xffffu);
}

// The tokens come through `tokens` (TMA, box kTokens x 64, 128B swizzle). out_transposed:
// C[t][row] (the tokens are A's rows, the decode layout), else C[row][t].
template <class Cfg>
__device__ __forceinline__ void weight_stream_kernel(const TmaDescriptor* tokens,
                                                     const StreamArgs& args, bool out_transposed,
                                                     u8* smem) {
  constexpr int T = Cfg::kTokens;
  const int tid = int(threadIdx.x), lane = tid % 32, warp = tid / 32;
  const int m = args.m, n = args.n, k = args.k;
  const u16* const w = args.weight;
  const int cta = int(blockIdx.x), ctas = int(gridDim.x);

  // Stages per row tile (the last may pass K: zeros there).
  const int kblocks = (k + 64 * Cfg::kBlocksPerStage - 1) / (64 * Cfg::kBlocksPerStage);
  const long long total = (long long)((n + Cfg::kTileRows - 1) / Cfg::kTileRows) * kblocks;
  const long long begin = stream_begin(cta, ctas, total);
  const int count = int(stream_begin(cta + 1, ctas, total) - begin);

  u64* const full = reinterpret_cast<u64*>(smem + Cfg::kRingBytes);
  u64* const empty = full + Cfg::kStages;
  float* const part = reinterpret_cast<float*>(smem + Cfg::kRingBytes + 512);
  if (tid == 0) {
    for (int s = 0; s < Cfg::kStages; ++s) {
      mbar_init(&full[s], Cfg::kPiecesPerStage + (Cfg::kProbe >= 1 ? 0 : 1));  // + the tokens
      mbar_init(&empty[s], Cfg::kConsumers);
    }
    fence_barrier_init();
  }
  __syncthreads();
  griddep_launch_dependents();
  griddep_wait();  // X and W may come from the previous kernel

  if (warp >= 4 * Cfg::kConsumers) {
    regs_decrease<Cfg::kProducerRegs>();
    // Producer: pieces of kLoads warp loads; each load is 4 rows x 128 bytes (8 lanes per row).
    const int pw = warp - 4 * Cfg::kConsumers;
    const int rsub = lane / 8, unit = lane % 8;
    const int pieces = count * Cfg::kPiecesPerStage;
    // Piece pc's loads (zeros past K; rows past N read the last row and are never stored).
    auto issue = [&](int pc, uint4(&v)[Cfg::kLoads]) {
      const long long u = begin + pc / Cfg::kPiecesPerStage;
      const int piece = pc % Cfg::kPiecesPerStage;
      const int tile = int(u / kblocks);
      const int k0 = int(u % kblocks) * 64 * Cfg::kBlocksPerStage + unit * 8;
#pragma unroll
      for (int i = 0; i < Cfg::kLoads; ++i) {
        // A warp's consecutive loads run along k (the stage's blocks), then down the rows: runs
        // of up to 512 bytes per row for the DRAM pages.
        const int instr = piece * Cfg::kLoads + i;
        const int kk = k0 + instr % Cfg::kBlocksPerStage * 64;
        const int row = min(tile * Cfg::kTileRows + instr / Cfg::kBlocksPerStage * 4 + rsub, n - 1);
        v[i] = kk < k ? ld_stream_v4<0>(w + (long long)row * k + kk) : make_uint4(0, 0, 0, 0);
      }
    };
    // Piece pc into its stage once the consumers freed the slot; the first piece of a stage
    // also starts the tokens' copy.
    auto store = [&](int pc, const uint4(&v)[Cfg::kLoads]) {
      const int si = pc / Cfg::kPiecesPerStage, piece = pc % Cfg::kPiecesPerStage;
      const int slot = si % Cfg::kStages, round = si / Cfg::kStages;
      if (round > 0) mbar_wait(&empty[slot], u32(round - 1) & 1u);
      u8* const stage = smem + slot * Cfg::kStageBytes;
      if (Cfg::kProbe == 0 && piece == 0 && lane == 0) {
        mbar_arrive_expect_tx(&full[slot], Cfg::kTokenBytes);
        const int k0 = int((begin + si) % kblocks) * 64 * Cfg::kBlocksPerStage;
#pragma unroll
        for (int b = 0; b < Cfg::kBlocksPerStage; ++b)
          tma_load_2d(stage + Cfg::kWeightBytes + b * Cfg::kTokenBlockBytes, tokens, &full[slot],
                      k0 + 64 * b, 0);
      }
#pragma unroll
      for (int i = 0; i < Cfg::kLoads; ++i) {
        const int instr = piece * Cfg::kLoads + i;
        const int r = instr / Cfg::kBlocksPerStage * 4 + rsub;
        const u32 at =
            smem_addr(stage) + u32(instr % Cfg::kBlocksPerStage * Cfg::kWeightBlockBytes + r * 128 +
                                   ((unit ^ (r % 8)) * 16));
        asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(at), "r"(v[i].x), "r"(v[i].y),
                     "r"(v[i].z), "r"(v[i].w)
                     : "memory");
      }
      fence_proxy_async_smem();  // the stage is read by wgmma (the async proxy)
      __syncwarp();
      if (lane == 0) mbar_arrive(&full[slot]);
    };
    // One piece in registers at a time: the arrive (a release) and the proxy fence would wait
    // for any later loads already in flight, so a second piece would not fly meanwhile.
    uint4 v[Cfg::kLoads];
    for (int pc = pw; pc < pieces; pc += Cfg::kProducerWarps) {
      issue(pc, v);
      store(pc, v);
    }
    return;
  }

  // Consumer warpgroup wg: rows wg*64.. of each stage, all tokens.
  regs_increase<Cfg::kConsumerRegs>();
  const int wg = warp / 4, t = tid % 128, g = lane / 4, c = lane % 4;
  float acc[T / 2];
  int pending = -1;  // the slot whose MMAs may still run
  for (int si = 0; si < count; ++si) {
    const long long u = begin + si;
    const int kb = int(u % kblocks), tile = int(u / kblocks);
    const int slot = si % Cfg::kStages, round = si / Cfg::kStages;
    if (si == 0 || kb == 0)
#pragma unroll
      for (int i = 0; i < T / 2; ++i) acc[i] = 0.f;
    mbar_wait(&full[slot], u32(round) & 1u);
    u8* const stage = smem + slot * Cfg::kStageBytes;
    const SmemDescriptor a_desc(smem_descriptor_sw128(stage + wg * 64 * 128, 16, 1024));
    const SmemDescriptor b_desc(smem_descriptor_sw128(stage + Cfg::kWeightBytes, 16, 1024));
    wgmma_fence();
#pragma unroll
    for (int b = 0; b < (Cfg::kProbe >= 2 ? 0 : Cfg::kBlocksPerStage); ++b)
#pragma unroll
      for (int s = 0; s < 4; ++s)
        Wgmma<T, Cfg::kElem>::template mma<false>(
            acc, a_desc.plus(u32(b * Cfg::kWeightBlockBytes / 16 + 2 * s)).value(),
            b_desc.plus(u32(b * Cfg::kTokenBlockBytes / 16 + 2 * s)).value(), 1);
    wgmma_commit();
    // One stage's MMAs stay in flight; the one before is done, so its slot is free.
    wgmma_wait<1>();
    if (pending >= 0 && t == 0) mbar_arrive(&empty[pending]);
    pending = slot;
    if (kb != kblocks - 1 && si != count - 1) continue;
    wgmma_wait<0>();
    if (t == 0) mbar_arrive(&empty[slot]);
    pending = -1;

    // The end of this CTA's piece of the tile.
    const long long tile_u0 = (long long)tile * kblocks;
    if (tile_u0 < begin) {
      // The tile began in an earlier CTA, which finishes it: hand this piece over.
      float* dst =
          args.workspace + (long long)(cta * Cfg::kConsumers + wg) * Cfg::kAccPerThread * 128;
#pragma unroll
      for (int i = 0; i < T / 2; ++i) __stcg(dst + i * 128 + t, acc[i]);
      named_barrier_sync<128>(1 + wg);
      if (t == 0) {
        __threadfence();
        flag_set_release(args.flags + cta * Cfg::kConsumers + wg);
      }
      continue;
    }
    // This CTA holds the tile's first block: add the pieces of the CTAs after it, in order.
    const int last = stream_owner(tile_u0 + kblocks - 1, ctas, total);
    for (int from = cta + 1 + t; from <= last; from += 128)
      while (flag_load_acquire(args.flags + from * Cfg::kConsumers + wg) == 0) {
      }
    named_barrier_sync<128>(1 + wg);
    for (int from = cta + 1; from <= last; ++from) {
      const float* src =
          args.workspace + (long long)(from * Cfg::kConsumers + wg) * Cfg::kAccPerThread * 128;
#pragma unroll
      for (int i = 0; i < T / 2; ++i) acc[i] += __ldcg(src + i * 128 + t);
    }
    for (int from = cta + 1 + t; from <= last; from += 128)
      args.flags[from * Cfg::kConsumers + wg] = 0;  // for the next launch
    // C through shared memory, so consecutive threads store consecutive addresses
    // (acc[4i + h]: row g + 8(h/2) of this warp's 16, token 8i + 2c + h%2).
    const int row_local = wg * 64 + (warp % 4) * 16 + g;
#pragma unroll
    for (int i = 0; i < T / 8; ++i)
#pragma unroll
      for (int h = 0; h < 4; ++h)
        part[(row_local + 8 * (h / 2)) * Cfg::kPartStride + 8 * i + 2 * c + h % 2] = acc[4 * i + h];
    named_barrier_sync<128>(1 + wg);
    for (int e = t; e < 64 * m; e += 128) {
      const int rl = wg * 64 + (out_transposed ? e % 64 : e / m);
      const int tok = out_transposed ? e / 64 : e % m;
      const int row = tile * Cfg::kTileRows + rl;
      if (row < n)
        args.c[out_transposed ? tok * args.ldc + row : row * args.ldc + tok] =
            to_half_bits<Cfg::kElem>(part[rl * Cfg::kPartStride + tok]);
    }
    named_barrier_sync<128>(1 + wg);  // the staging rows may be rewritten
  }
}

}  // namespace autogemm::sm90
