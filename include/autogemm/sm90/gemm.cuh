// The sm90 GEMM kernel template: C (M×N, row-major) = A (M×K, row-major) · B.
//
// Warp-specialised and pipelined. Warpgroup 0 is the producer: one thread issues TMA tile loads
// (128-byte swizzle) into a ring of kStages shared-memory stages, each guarded by a "full" mbarrier
// (bytes landed) and an "empty" mbarrier (all consumers of the cluster done reading). Warpgroups
// 1..kConsumers are consumers: they split the BM rows of a tile (split N: its BN columns; ping-
// pong: they take alternate tiles) and issue wgmma m64nNk16 with fp32 or fp16 accumulators in
// registers, keeping one k-block of MMAs in flight, then store their part of C. Stream-K and the
// split-K variants split tiles along K.
// In a cluster the operand a row or column of tiles shares (B along cluster M, A along cluster N)
// is loaded a slice by each CTA and multicast to all of them (for_each_box). Every structural
// choice is a template parameter of GemmConfig.
#pragma once

#include "autogemm/sm90/cluster_reduce.cuh"
#include "autogemm/sm90/epilogue.cuh"
#include "autogemm/sm90/fixup.cuh"
#include "autogemm/sm90/ptx.cuh"
#include "autogemm/sm90/scheduler.cuh"
#include "autogemm/sm90/split_reduce.cuh"
#include "autogemm/sm90/trace.cuh"
#include "autogemm/sm90/types.cuh"
#include "autogemm/sm90/wgmma_ops.cuh"

namespace autogemm::sm90 {

// The accumulator register type: fp32 values, or pairs of fp16 values in one 32-bit register.
template <bool kF16>
struct AccumulatorOf {
  using type = float;
};
template <>
struct AccumulatorOf<true> {
  using type = u32;
};

// Whether `kSharers` CTAs multicasting a K-major tile of kRows rows each load an even slice of
// whole 8-row swizzle atoms (for_each_box).
template <int kRows, int kSharers>
inline constexpr bool kEvenSlices = kRows % kSharers == 0 && (kRows / kSharers) % 8 == 0;

template <ElemType kElem_, bool kBMnMajor_, int kBM_, int kBN_, int kBK_, int kStages_,
          int kConsumers_, int kClusterM_, int kClusterN_, bool kPersistent_, bool kRasterN_,
          int kSwizzle_, int kEpilogue_, bool kStreamK_, bool kPingPong_ = false, int kMmaLag_ = 1,
          bool kSwapAB_ = false, bool kDeferStore_ = false, bool kAccF16_ = false,
          int kAccSets_ = 1, bool kScaled_ = false, int kFixedM_ = 0, int kFixedN_ = 0,
          int kFixedK_ = 0, int kFixedLdc_ = 0, int kClusterK_ = 1, int kSplitPass_ = 1,
          bool kAMnMajor_ = false, bool kSplitPieceMajor_ = false, bool kSplitN_ = false,
          int kPdlPrefetch_ = 0, bool kSplitLast_ = false, bool kSmPlaced_ = false,
          int kEpilogueParts_ = 1>
struct GemmConfig {
  static constexpr ElemType kElem = kElem_;
  static constexpr bool kBMnMajor = kBMnMajor_;  // B row-major K×N ("nn"): N-major tiles
  // A M-major: swap-AB of layout nn, whose kernel A is the problem's B (K×N, N contiguous),
  // loaded as 64-column chunks like N-major B tiles; its kernel B is the problem's A (K-major).
  static constexpr bool kAMnMajor = kAMnMajor_;
  static constexpr int kBM = kBM_, kBN = kBN_, kBK = kBK_;
  static constexpr int kStages = kStages_, kConsumers = kConsumers_;
  static constexpr int kClusterM = kClusterM_, kClusterN = kClusterN_;
  // Split-K inside the cluster: kClusterK CTAs compute the same tile, each a 1/kClusterK range
  // of its k-blocks, and sum their partials through distributed shared memory (no workspace).
  // The cluster is kClusterK groups of kClusterM × kClusterN CTAs; multicast stays in a group.
  static constexpr int kClusterK = kClusterK_;
  static constexpr int kMulticastSize = kClusterM_ * kClusterN_;
  // Split-K with a reduction pass: each CTA computes one of kSplitPass pieces of a tile's
  // k-blocks and only writes its fp32 partial; a second kernel sums them (split_reduce.cuh).
  static constexpr int kSplitPass = kSplitPass_;
  // The pieces' launch order (scheduler.cuh): a tile's pieces side by side, or piece-major.
  static constexpr bool kSplitPieceMajor = kSplitPieceMajor_;
  // No second kernel: each tile's last piece sums the partials (split_sum_last).
  static constexpr bool kSplitLast = kSplitLast_;
  // One CTA per SM, each taking the piece a plain launch would have put on its SM
  // (sm_placement.cuh).
  static constexpr bool kSmPlaced = kSmPlaced_;
  static constexpr int kClusterSize = kMulticastSize * kClusterK;
  static constexpr bool kPersistent = kPersistent_, kRasterN = kRasterN_;
  static constexpr int kSwizzle = kSwizzle_;
  // 0: direct stores; 1: TMA through two staging blocks; 2: TMA through a whole tile; 3: TMA
  // through one 64-row block per consumer (any kBN multiple of 16).
  static constexpr int kEpilogue = kEpilogue_;
  // Row blocks (kEpilogue 3) staged and stored in this many parts of their C rows: 1/parts of
  // the staging, so a wide tile keeps a stage.
  static constexpr int kEpilogueParts = kEpilogueParts_;
  static constexpr bool kTmaEpilogue = kEpilogue > 0;
  static constexpr bool kStreamK = kStreamK_;
  // Ping-pong: the two consumer warpgroups take alternate tiles (each a whole tile) instead of
  // splitting one, so one's epilogue overlaps the other's MMAs.
  static constexpr bool kPingPong = kPingPong_;
  // Split N: the cooperative consumers split the tile's columns instead of its rows, each
  // computing all kBM rows of kBN / kConsumers columns (a 192-row tile with two warpgroups).
  static constexpr bool kSplitN = kSplitN_;
  // k-blocks of its first work item a CTA asks L2 for before it waits for the previous grid
  // (prefetch_first_stages), so that under PDL its pipeline fills from L2.
  static constexpr int kPdlPrefetch = kPdlPrefetch_;
  // k-blocks of MMAs a consumer keeps in flight before it releases a stage: 1 overlaps issue
  // with completion, 0 frees each stage as soon as its MMAs are done (a deeper effective ring),
  // 2-3 keep more MMAs queued for small tiles, whose MMAs are short next to their latency.
  static constexpr int kMmaLag = kMmaLag_;
  // Swap-AB: the host passed B as A and A as B, so the kernel computes Cᵀ; it stores transposed.
  static constexpr bool kSwapAB = kSwapAB_;
  // Deferred store (TMA epilogues): a tile's C is packed to 16 bits in registers and staged only
  // once the next tile's first MMAs are in flight, so the tensor cores are not idle while C goes
  // to shared memory: the whole tile at once (kEpilogue 2), or 64x64 blocks through the
  // double-buffered staging, one under each of the next tile's first k-blocks (kEpilogue 1).
  // Costs kBN/4 registers per m64 block.
  static constexpr bool kDeferStore = kDeferStore_;
  // fp16 accumulators (F16F16F16F16): half the registers, C already in its output type.
  static constexpr bool kAccF16 = kAccF16_;
  using Acc = typename AccumulatorOf<kAccF16>::type;
  static constexpr int kWgCols = kSplitN ? kBN / kConsumers : kBN;      // columns per consumer
  static constexpr int kAccRegs = kAccF16 ? kWgCols / 4 : kWgCols / 2;  // per m64 block, thread
  // Independent accumulator sets: k16 step i accumulates into set i % kAccSets and the sets are
  // summed after the mainloop, so small tiles, whose four MMAs per k-block would otherwise wait
  // on each other's results, keep several chains in flight.
  static constexpr int kAccSets = kAccSets_;
  // Scaled epilogue: C = alpha·A·B + beta·C (args.alpha, args.beta), applied to the finished
  // accumulators before any store path; beta == 0 reads no C.
  static constexpr bool kScaled = kScaled_;
  // A compiled-in shape (kernel frame; 0: run time): the kernel's M, N, K and C's row stride
  // become constants, so tile counts, k-block counts and edge checks fold at compile time.
  static constexpr int kFixedM = kFixedM_, kFixedN = kFixedN_, kFixedK = kFixedK_;
  static constexpr int kFixedLdc = kFixedLdc_;
  static constexpr bool kFixedShape = kFixedM > 0;

  static constexpr int kThreads = 128 * (kConsumers + 1);
  // Registers after setmaxnreg: the producer warpgroup gives up what the consumers take. With
  // three consumers 128*40 + 384*152 fits the SM's 64K (the producer spills below 40).
  // Uneven multicast slices (for_each_box) keep a few more values live in the producer's loop:
  // with one consumer it takes 64 (40 spilled), which the SM has to spare.
  static constexpr bool kUnevenSlices =
      (!kAMnMajor && !kEvenSlices<kBM, kClusterN>) || (!kBMnMajor && !kEvenSlices<kBN, kClusterM>);
  static constexpr u32 kProducerRegs = kConsumers == 1 && kUnevenSlices ? 64 : 40;
  static constexpr u32 kConsumerRegs = kConsumers == 3 ? 152 : 232;
  static constexpr int kWgRows = kPingPong || kSplitN ? kBM : kBM / kConsumers;  // consumer rows
  static constexpr int kMmaM = kWgRows / 64;  // m64 MMAs per consumer per k16 step
  // K-major tiles are kept as kBK/kAtomK "atoms" side by side, each a [rows][kAtomK] block of
  // swizzled rows (the swizzle's span): a bk-128 stage is two bk-64 tiles, loaded by two TMAs;
  // bk 32 keeps one atom of 64-byte rows (the 64-byte swizzle).
  static constexpr int kAtomK = kBK == 32 ? 32 : 64;  // K elements per atom row
  static constexpr int kKAtoms = kBK / kAtomK;
  static constexpr int kRowBytes = kAtomK * 2;          // one swizzled row of an atom
  static constexpr int kSwizzlePeriod = 8 * kRowBytes;  // the descriptors' 8-row stride
  static constexpr int kAtomABytes = kBM * kRowBytes;
  static constexpr int kAtomBBytes = kBN * kRowBytes;
  static constexpr int kABytes = kKAtoms * kAtomABytes;
  static constexpr int kBBytes = kKAtoms * kAtomBBytes;  // N-major: kBN/64 chunks of kBK rows
  static constexpr int kStageBytes = kABytes + kBBytes;
  // Staging for the TMA epilogue: two 64×64 blocks per consumer warpgroup, or the whole tile.
  static constexpr int kEpilogueBytes = kEpilogue == 1   ? kConsumers * 2 * kEpilogueBlockBytes
                                        : kEpilogue == 2 ? kConsumers * kWgRows * kBN * 2
                                        : kEpilogue == 3
                                            ? kConsumers * 64 * kWgCols * 2 / kEpilogueParts
                                            : 0;
  // The ring, the staging buffers, 1024 B of slack to align them to the swizzle atom, two
  // barriers per stage.
  static constexpr int kSmemBytes = kStages * kStageBytes + kEpilogueBytes + 1024 + kStages * 16;

  static_assert(kBK == 32 || kBK == 64 || kBK == 128,
                "a 64-byte swizzle atom, or one or two 128-byte ones, of K per stage");
  static_assert(kWgRows % 64 == 0, "each consumer owns whole m64 MMAs");
  static_assert(kBN % 8 == 0 && kWgCols <= 256 && kBN <= 512, "wgmma N: a consumer's columns");
  static_assert(!kBMnMajor || kBN % 64 == 0, "N-major B tiles are loaded in 64-column chunks");
  static_assert(!kAMnMajor || (kSwapAB && !kBMnMajor && kBM % 64 == 0),
                "M-major A tiles: swap-AB of layout nn, loaded in 64-column chunks");
  static_assert(kMulticastSize <= 8 && (kClusterM & (kClusterM - 1)) == 0 &&
                    (kClusterN & (kClusterN - 1)) == 0,
                "multicast groups of up to 8 CTAs, powers of two per dimension");
  static_assert(kClusterK == 1 ||
                    ((kClusterK == 2 || kClusterK == 4 || kClusterK == 8 || kClusterK == 16) &&
                     kMulticastSize == 1 && !kPersistent && !kStreamK && !kPingPong &&
                     kEpilogue == 0 && !kDeferStore),
                "cluster split-K: 2-16 CTAs, no multicast, one tile per cluster (not "
                "persistent, no stream-K), cooperative, direct stores");
  static_assert(kSplitPass == 1 ||
                    (kSplitPass >= 2 && kSplitPass <= 16 && !kPersistent && !kStreamK &&
                     kClusterK == 1 && !kPingPong && kEpilogue == 0 && !kDeferStore),
                "split-K with a reduction pass: 2-16 pieces, one per CTA (not persistent, no "
                "stream-K or cluster split-K), no ping-pong, direct stores");
  static_assert(!kSplitLast || kSplitPass > 1, "the last piece sums split-K's pieces");
  static_assert(!kSmPlaced || (kSplitPass > 1 && !kSplitLast && kClusterSize == 1),
                "pieces placed by SM: one-CTA split-K with the reduction pass");
  // The pieces' partials are exchanged through the (by then idle) pipeline ring.
  static_assert(kClusterK == 1 || kStages * kStageBytes >= kBM * kBN * 4,
                "cluster split-K: the ring must hold the tile's fp32 partial");
  static_assert(!(kEpilogue == 1 || kEpilogue == 2) || kBN % 64 == 0,
                "these TMA epilogues store 64-column blocks");
  static_assert(kEpilogue != 3 || kWgCols % 16 == 0 || (kSwapAB && kWgCols % 8 == 0),
                "the row-block epilogue stores 16-column blocks of each consumer's columns (under "
                "swap-AB, C rows of them: any multiple of 8)");
  static_assert(!kStreamK || kPersistent, "stream-K: persistent");
  static_assert(!kPingPong || (kConsumers == 2 && !kStreamK), "ping-pong: 2 consumers, no SK");
  static_assert(kConsumers >= 1 && kConsumers <= 3, "one to three consumer warpgroups");
  static_assert(kMmaLag >= 0 && kMmaLag <= 3 && kMmaLag < kStages, "0-3 k-blocks in flight");
  static_assert(!kSwapAB || kEpilogue == 0 || kEpilogue == 3,
                "swap-AB stores C transposed: from registers, or staged by row blocks");
  static_assert(kAccSets == 1 || kAccSets == 2 || kAccSets == 4, "1, 2 or 4 accumulator sets");
  static_assert(kEpilogueParts == 1 ||
                    (kEpilogue == 3 && kEpilogueParts >= 2 && kEpilogueParts <= 4 &&
                     (kSwapAB ? kWgCols % (8 * kEpilogueParts) == 0
                              : 64 % (16 * kEpilogueParts) == 0)),
                "row blocks in 2 to 4 parts: whole 8-row swizzle periods of C's rows (swap-AB), "
                "whole 16-row warps (otherwise)");
  static_assert(kPdlPrefetch >= 0 && kPdlPrefetch <= 8, "0-8 k-blocks prefetched before the wait");
  static_assert(kAccSets == 1 || !kAccF16, "several accumulator sets: fp32 accumulation");
  // Each set starts at its first k16 step of a tile's first k-block, so a stage must have one
  // for every set.
  static_assert(kAccSets <= kBK / 16, "no more accumulator sets than k16 steps per stage");
  static_assert(!kAccF16 || kElem == ElemType::kF16, "fp16 accumulation: fp16 data");
  static_assert(!kDeferStore || ((kEpilogue == 2 || kEpilogue == 1) && !kStreamK && !kPingPong),
                "deferred store: whole-tile or double-buffered TMA epilogue, no stream-K, no "
                "ping-pong");
  static_assert(!kSplitN || (kConsumers == 2 && !kPingPong && !kDeferStore &&
                             (kEpilogue == 0 || kEpilogue == 3) && kWgCols % 8 == 0 &&
                             (!kBMnMajor || kWgCols % 64 == 0)),
                "split N: two cooperative consumers, direct or row-block stores, "
                "whole swizzle periods (64-column chunks for N-major B) per consumer");
};

// The wgmma descriptor of a K-major operand at `p`: 128-byte swizzled rows (bk 64, 128) or
// 64-byte ones (bk 32), 8-row groups one swizzle period apart.
template <class Cfg>
__device__ __forceinline__ u64 k_major_descriptor(const void* p) {
  if constexpr (Cfg::kRowBytes == 128)
    return smem_descriptor_sw128(p, 16, Cfg::kSwizzlePeriod);
  else
    return smem_descriptor_sw64(p, 16, Cfg::kSwizzlePeriod);
}

// The ring stage `back` k-blocks before `stage`.
template <int kStages>
__device__ __forceinline__ int ring_back(int stage, int back) {
  const int s = stage - back;  // 0 <= stage < kStages and 0 <= back <= kStages: no division
  return s < 0 ? s + kStages : s;
}

// Producer and consumers walk the same sequence of k-blocks, so one counter gives both the
// ring stage and the phase parity to wait for.
struct RingPosition {
  int stage = 0;
  u32 phase = 0;
  template <int kStages>
  __device__ __forceinline__ void advance() {
    if (++stage == kStages) {
      stage = 0;
      phase ^= 1;
    }
  }
};

// The boxes of one stage of an operand that this CTA loads, as f(byte offset in the stage, c0,
// c1) with TMA's coordinates (c0 the contiguous dimension). K-major: kRows rows from row0, kBK
// elements of K from k0, per kAtomK-wide atom one box (several of at most 256 rows where the
// slice is longer). M- or N-major: kRows columns from row0 as
// 64-column chunks of kBK K-rows (one 128-byte swizzle row per K-row, kBK * 128 bytes a chunk).
// An operand shared by kSharers CTAs is loaded a 1/kSharers slice each (rows of every atom, or
// K-rows of every chunk), this CTA's the slice-th, and multicast. A K-major slice must be whole
// 8-row swizzle atoms (1024 bytes, so every copy lands in the same swizzle phase); where
// kRows / kSharers is not (cuBLASLt's 128x72 tiles in 4x1 clusters: 18 rows), the rows go out as
// 8-row boxes, CTA `slice` taking boxes [slice·U/kSharers, (slice+1)·U/kSharers) of the U =
// kRows/8; an even slice over 256 rows goes out in equal boxes of at most 256
// (autogemm::tma_box_rows, spec/kernel_spec.hpp, gives the tensor map the same box).
template <class Cfg, int kRows, int kSharers, bool kMnMajor, class F>
__device__ __forceinline__ void for_each_box(int k0, int row0, int slice, F&& f) {
  if constexpr (kMnMajor) {
    constexpr int part = Cfg::kBK / kSharers;
#pragma unroll
    for (int chunk = 0; chunk < kRows / 64; ++chunk)
      f(chunk * Cfg::kBK * 128 + slice * part * 128, row0 + chunk * 64, k0 + slice * part);
  } else if constexpr (kEvenSlices<kRows, kSharers>) {
    // The slice in boxes of at most 256 rows, each a whole number of swizzle atoms, so the
    // boxes lay the rows out as one box would.
    constexpr int part = kRows / kSharers, box = tma_box_rows_of(part);
#pragma unroll
    for (int atom = 0; atom < Cfg::kKAtoms; ++atom)
#pragma unroll
      for (int j = 0; j < part / box; ++j)
        f(atom * kRows * Cfg::kRowBytes + (slice * part + j * box) * Cfg::kRowBytes,
          k0 + atom * Cfg::kAtomK, row0 + slice * part + j * box);
  } else {
    static_assert(kRows % 8 == 0, "multicast tiles are whole 8-row swizzle atoms");
    constexpr int units = kRows / 8, most = (units + kSharers - 1) / kSharers;
    const int first = slice * units / kSharers, last = (slice + 1) * units / kSharers;
#pragma unroll
    for (int atom = 0; atom < Cfg::kKAtoms; ++atom)
#pragma unroll
      for (int i = 0; i < most; ++i)  // a fixed count, predicated: no loop state to keep
        if (first + i < last)
          f(atom * kRows * Cfg::kRowBytes + (first + i) * 8 * Cfg::kRowBytes,
            k0 + atom * Cfg::kAtomK, row0 + (first + i) * 8);
  }
}

// One stage of an operand into `dst`, completing on `bar`; multicast to the CTAs in `mask` when
// kSharers > 1 (slice is then this CTA's place among them, else 0).
template <class Cfg, int kRows, int kSharers, bool kMnMajor>
__device__ __forceinline__ void load_stage(u8* dst, const TmaDescriptor* map, u64* bar, int k0,
                                           int row0, int slice, u16 mask) {
  for_each_box<Cfg, kRows, kSharers, kMnMajor>(k0, row0, slice, [&](int offset, int c0, int c1) {
    if constexpr (kSharers > 1)
      tma_load_2d_multicast(dst + offset, map, bar, c0, c1, mask);
    else
      tma_load_2d(dst + offset, map, bar, c0, c1);
  });
}

// Before the wait for the previous grid (PDL), ask L2 for the first kPdlPrefetch k-blocks this
// CTA will load: its first work item's boxes of both operands (for_each_box, as load_stage loads
// them). L2 is global memory's point of coherence, so a line fetched now still sees the previous
// grid's writes.
template <class Cfg>
__device__ __forceinline__ void prefetch_first_stages(const TmaDescriptor* tma_a,
                                                      const TmaDescriptor* tma_b,
                                                      const GemmArgs& args) {
  TileScheduler<Cfg> sched(args);
  const u32 rank = Cfg::kClusterSize > 1 ? cluster_cta_rank() : 0;
  const int in_group = int(rank) % Cfg::kMulticastSize;
  const int rm = in_group % Cfg::kClusterM, rn = in_group / Cfg::kClusterM;
  WorkItem w;
  if (!sched.next(w, rank)) return;
  const int n = min(w.kb_end - w.kb_begin, Cfg::kPdlPrefetch);
  for (int i = 0; i < n; ++i) {
    const int k0 = (w.kb_begin + i) * Cfg::kBK;
    auto prefetch = [](const TmaDescriptor* map) {
      return [map](int, int c0, int c1) { tma_prefetch_2d(map, c0, c1); };
    };
    for_each_box<Cfg, Cfg::kBM, Cfg::kClusterN, Cfg::kAMnMajor>(k0, w.tm * Cfg::kBM, rn,
                                                                prefetch(tma_a));
    for_each_box<Cfg, Cfg::kBN, Cfg::kClusterM, Cfg::kBMnMajor>(k0, w.tn * Cfg::kBN, rm,
                                                                prefetch(tma_b));
  }
}

template <class Cfg>
__device__ __forceinline__ void produce(const TmaDescriptor* tma_a, const TmaDescriptor* tma_b,
                                        const GemmArgs& args, u8* smem_a, u8* smem_b, u64* full,
                                        u64* empty) {
  TileScheduler<Cfg> sched(args);
  const u32 rank = Cfg::kClusterSize > 1 ? cluster_cta_rank() : 0;
  // This CTA's place in its multicast group: rank = rm + cluster_m * rn (+ group * group size
  // under cluster split-K). CTAs with the same rm compute tiles in the same row (they share A);
  // CTAs with the same rn share B.
  const int in_group = int(rank) % Cfg::kMulticastSize;
  const int group0 = int(rank) - in_group;
  const int rm = in_group % Cfg::kClusterM, rn = in_group / Cfg::kClusterM;
  u16 a_mask = 0, b_mask = 0;
  for (int j = 0; j < Cfg::kClusterN; ++j) a_mask |= u16(1u << (group0 + rm + Cfg::kClusterM * j));
  for (int i = 0; i < Cfg::kClusterM; ++i) b_mask |= u16(1u << (group0 + i + Cfg::kClusterM * rn));
  RingPosition pos;
  WorkItem w;
  TraceRecord<Cfg::kConsumers + 1> rec(args, Cfg::kConsumers, true);
  for (int item = 0; sched.next(w, rank); ++item) {
    const int tm = w.tm, tn = w.tn;
    rec.stamp(item, kStart);
    for (int kb = w.kb_begin; kb < w.kb_end; ++kb, pos.template advance<Cfg::kStages>()) {
      traced_wait(&empty[pos.stage], pos.phase ^ 1, rec);  // a fresh barrier counts as released
      u64* bar = &full[pos.stage];
      mbar_arrive_expect_tx(bar, Cfg::kStageBytes);
      u8* a = smem_a + pos.stage * Cfg::kABytes;
      u8* b = smem_b + pos.stage * Cfg::kBBytes;
      const int k0 = kb * Cfg::kBK;

      // A tile: BM rows, shared by the kClusterN CTAs of a cluster row (K-major: each loads a
      // slice of the rows; M-major: K rows of every 64-column chunk).
      load_stage<Cfg, Cfg::kBM, Cfg::kClusterN, Cfg::kAMnMajor>(a, tma_a, bar, k0, tm * Cfg::kBM,
                                                                rn, a_mask);

      // B tile. Shared by the kClusterM CTAs of a cluster column: each loads a slice (N rows
      // for K-major tiles, K rows of every 64-column chunk for N-major ones).
      load_stage<Cfg, Cfg::kBN, Cfg::kClusterM, Cfg::kBMnMajor>(b, tma_b, bar, k0, tn * Cfg::kBN,
                                                                rm, b_mask);
    }
    rec.stamp(item, kEnd);
    rec.put_waited(item);
  }
}

// Tell every CTA of the multicast group that this consumer warpgroup is done reading `stage`
// (simpler than signalling only the CTAs that write into it, and as cheap). The MMAs that read it
// have completed (wgmma.wait_group), so one arrival per warpgroup and CTA suffices; thread r of the
// warpgroup signals CTA r, so the remote arrivals go out in parallel.
template <class Cfg>
__device__ __forceinline__ void release_stage(u64* empty, int stage) {
  const u32 t = threadIdx.x % 128;
  if constexpr (Cfg::kMulticastSize == 1) {
    if (t == 0) mbar_arrive(&empty[stage]);
  } else {
    if (t < u32(Cfg::kMulticastSize)) mbar_arrive_cluster(&empty[stage], t);
  }
}

template <class Cfg>
__device__ __forceinline__ void consume(const TmaDescriptor* tma_c, const GemmArgs& args,
                                        u8* smem_a, u8* smem_b, u8* staging, u64* full,
                                        u64* empty) {
  using Mma = Wgmma<Cfg::kWgCols, Cfg::kElem>;
  TileScheduler<Cfg> sched(args);
  const u32 rank = Cfg::kClusterSize > 1 ? cluster_cta_rank() : 0;
  // Read through a shuffle so the compiler knows it is warp-uniform (uniform registers for the
  // descriptors built from it).
  const int consumer = __shfl_sync(0xffffffffu, int(threadIdx.x) / 128, 0) - 1;
  const int barrier_id = 1 + consumer;  // named barrier of this warpgroup (0 is __syncthreads)
  typename Cfg::Acc acc[Cfg::kMmaM][Cfg::kAccRegs];
  // Accumulator sets 1.. (set 0 is acc); summed into acc once a tile's MMAs are done.
  float extra[Cfg::kAccSets > 1 ? Cfg::kAccSets - 1 : 1][Cfg::kMmaM][Cfg::kAccRegs];
  // Deferred store: the previous tile's C, packed, and where it goes (pending_row0 < 0: none).
  u32 packed[Cfg::kDeferStore ? Cfg::kMmaM : 1][Cfg::kDeferStore ? Cfg::kBN / 4 : 1];
  static_assert(!Cfg::kDeferStore || Cfg::kWgCols == Cfg::kBN);
  int pending_row0 = -1, pending_col0 = 0;
  u8* my_staging = staging + consumer * (Cfg::kEpilogueBytes / Cfg::kConsumers);
  int blocks_stored = 0;
  // Deferred store through the double-buffered staging: the previous tile's 64×64 blocks, one
  // under each of this tile's first k-blocks (kDeferBlocks of them, `pending_next` the next one).
  constexpr int kDeferBlocks = Cfg::kMmaM * (Cfg::kBN / 64);
  int pending_next = 0;
  auto store_pending_block = [&](int b) {  // b: a constant after unrolling
    if constexpr (Cfg::kDeferStore && Cfg::kEpilogue == 1)
      store_tma_double_block<Cfg::kElem, Cfg::kBN>(
          packed[b / (Cfg::kBN / 64)], b % (Cfg::kBN / 64), tma_c, my_staging, barrier_id,
          pending_row0 + (b / (Cfg::kBN / 64)) * 64, pending_col0, blocks_stored);
  };
  auto flush_pending = [&] {  // every block not yet stored
#pragma unroll
    for (int b = 0; b < kDeferBlocks; ++b)
      if (b >= pending_next) store_pending_block(b);
    pending_row0 = -1;
  };
  RingPosition pos;
  WorkItem w;
  // Ping-pong: warpgroup c takes items c, c+2, ... Their mainloops take turns through two named
  // barriers (kOrder + c: "c may start"), so a warpgroup that skipped the other's k-blocks in
  // the ring never waits on a stage two phases ahead of its barrier, and one's epilogue runs
  // under the other's MMAs.
  constexpr int kOrder = 5;  // after the consumers' own barriers 1..3
  TraceRecord<Cfg::kConsumers + 1> rec(args, consumer, threadIdx.x % 128 == 0);
  // The descriptors of stage 0 (this warpgroup's rows of A; all of B). An M-major A keeps 64
  // rows per chunk of kBK * 128 bytes.
  const SmemDescriptor a_desc(
      Cfg::kAMnMajor
          ? smem_descriptor_sw128(smem_a + (Cfg::kPingPong || Cfg::kSplitN
                                                ? 0
                                                : consumer * (Cfg::kWgRows / 64) * Cfg::kBK * 128),
                                  Cfg::kBK * 128, 1024)
          : k_major_descriptor<Cfg>(smem_a + (Cfg::kPingPong || Cfg::kSplitN
                                                  ? 0
                                                  : consumer * Cfg::kWgRows * Cfg::kRowBytes)));
  // Split N: this warpgroup's columns of B, whole swizzle periods (K-major) or whole 64-column
  // chunks (N-major) into the tile.
  const int b_offset = !Cfg::kSplitN    ? 0
                       : Cfg::kBMnMajor ? consumer * (Cfg::kWgCols / 64) * Cfg::kBK * 128
                                        : consumer * Cfg::kWgCols * Cfg::kRowBytes;
  const SmemDescriptor b_desc(Cfg::kBMnMajor
                                  ? smem_descriptor_sw128(smem_b + b_offset, Cfg::kBK * 128, 1024)
                                  : k_major_descriptor<Cfg>(smem_b + b_offset));
  // Ping-pong: let the other warpgroup's mainloop start if this CTA has a next tile.
  auto hand_over = [&] {
    TileScheduler<Cfg> peek = sched;
    WorkItem next;
    if (peek.next(next, rank)) named_barrier_arrive<256>(kOrder + (1 - consumer));
  };
  int item = 0;
  while (sched.next(w, rank)) {
    const int index = item++;
    if (Cfg::kPingPong && index % 2 != consumer) {
      // The other warpgroup's tile: step over its k-blocks in the ring.
      for (int kb = w.kb_begin; kb < w.kb_end; ++kb) pos.template advance<Cfg::kStages>();
      continue;
    }
    rec.stamp(index, kStart);
    if (Cfg::kPingPong && index > 0) named_barrier_sync<256>(kOrder + consumer);
    const int tm = w.tm, tn = w.tn;
    if constexpr (Cfg::kClusterK > 1 || Cfg::kSplitPass > 1) {  // a piece with no k-blocks
      if (w.kb_begin == w.kb_end) {
#pragma unroll
        for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
          for (int i = 0; i < Cfg::kAccRegs; ++i) acc[mi][i] = 0.f;
#pragma unroll
        for (int e = 0; e < Cfg::kAccSets - 1; ++e)  // the other sets are added in below
#pragma unroll
          for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
            for (int i = 0; i < Cfg::kAccRegs; ++i) extra[e][mi][i] = 0.f;
      }
    }
    for (int kb = w.kb_begin; kb < w.kb_end; ++kb, pos.template advance<Cfg::kStages>()) {
      if constexpr (kTrace) {
        if (kb == w.kb_begin) {
          mbar_wait(&full[pos.stage], pos.phase);
          rec.stamp(index, kReady);
        } else {
          traced_wait(&full[pos.stage], pos.phase, rec);
        }
      } else {
        mbar_wait(&full[pos.stage], pos.phase);
      }
      // This stage's descriptors, moved from stage 0's; below, each MMA's is one more add with
      // a constant, so the MMAs issue back to back.
      const SmemDescriptor a_at = a_desc.plus(u32(pos.stage * (Cfg::kABytes / 16)));
      const SmemDescriptor b_at = b_desc.plus(u32(pos.stage * (Cfg::kBBytes / 16)));
      wgmma_fence();
#pragma unroll
      for (int k16 = 0; k16 < Cfg::kBK / 16; ++k16) {
        // K-major: the next 16 elements are 32 bytes further along the swizzled row, and every
        // kAtomK/16 steps the next atom. N-major: 16 K-rows further down, i.e. two 1024-byte
        // swizzle atoms.
        constexpr int kStepsPerAtom = Cfg::kAtomK / 16;
        const int atom = k16 / kStepsPerAtom, in_atom = (k16 % kStepsPerAtom) * 32;
        const u64 desc_b =
            b_at.plus(u32((Cfg::kBMnMajor ? k16 * 2048 : atom * Cfg::kAtomBBytes + in_atom) / 16))
                .value();
#pragma unroll
        for (int mi = 0; mi < Cfg::kMmaM; ++mi) {
          const u64 desc_a =
              a_at.plus(u32((Cfg::kAMnMajor
                                 ? k16 * 2048 + mi * Cfg::kBK * 128
                                 : atom * Cfg::kAtomABytes + mi * 64 * Cfg::kRowBytes + in_atom) /
                            16))
                  .value();
          // Each set starts fresh at its first step of the tile.
          const int set = k16 % Cfg::kAccSets;
          const int accumulate = (kb > w.kb_begin || k16 >= Cfg::kAccSets) ? 1 : 0;
          if constexpr (Cfg::kAccF16)
            WgmmaF16Acc<Cfg::kWgCols>::template mma<Cfg::kBMnMajor, Cfg::kAMnMajor>(
                acc[mi], desc_a, desc_b, accumulate);
          else if (set == 0)
            Mma::template mma<Cfg::kBMnMajor, Cfg::kAMnMajor>(acc[mi], desc_a, desc_b, accumulate);
          else
            Mma::template mma<Cfg::kBMnMajor, Cfg::kAMnMajor>(extra[set > 0 ? set - 1 : 0][mi],
                                                              desc_a, desc_b, accumulate);
        }
      }
      wgmma_commit();
      if constexpr (Cfg::kDeferStore && Cfg::kEpilogue == 2) {
        // This tile's first MMAs are running: stage and store the previous tile's C under them.
        if (kb == w.kb_begin && pending_row0 >= 0) {
          store_tma_tile_packed<Cfg::kBN, Cfg::kMmaM>(packed, tma_c, my_staging, barrier_id,
                                                      pending_row0, pending_col0);
          pending_row0 = -1;
        }
      } else if constexpr (Cfg::kDeferStore) {
        // One block of the previous tile's C under each of this tile's first k-blocks' MMAs.
        if (pending_row0 >= 0) {
#pragma unroll
          for (int b = 0; b < kDeferBlocks; ++b)
            if (b == pending_next) store_pending_block(b);
          if (++pending_next == kDeferBlocks) pending_row0 = -1;
        }
      }
      // Keep the last kMmaLag k-blocks' MMAs in flight; the one before them is done: free its
      // stage (k-blocks of a tile sit in consecutive stages). The tile's last k-block waits for
      // all of them here, inside the loop: with MMAs still in flight where the loop ends, ptxas
      // once moved an accumulator read of the epilogue above the wait after the loop (a wrong C;
      // notes 143). tests/cpu/test_jit_nvrtc.cpp checks the SASS for such reads.
      if (kb + 1 == w.kb_end) {
        if constexpr (Cfg::kPingPong) hand_over();
        wgmma_wait<0>();
      } else {
        wgmma_wait<Cfg::kMmaLag>();
      }
      if (kb - w.kb_begin >= Cfg::kMmaLag)
        release_stage<Cfg>(empty, ring_back<Cfg::kStages>(pos.stage, Cfg::kMmaLag));
    }
    if constexpr (Cfg::kPingPong)
      if (w.kb_begin == w.kb_end) hand_over();
    wgmma_wait<0>();  // (a piece with no k-blocks has issued none)
    pin_registers(acc);
    if constexpr (Cfg::kAccSets > 1) pin_registers(extra);
    // The stages of the last kMmaLag k-blocks (pos is one past the tile's last k-block), unrolled
    // over the constant lag: as a loop with a run-time count it compiled to ~80 instructions.
    const int held = min(w.kb_end - w.kb_begin, Cfg::kMmaLag);
#pragma unroll
    for (int back = Cfg::kMmaLag; back >= 1; --back)
      if (back <= held) release_stage<Cfg>(empty, ring_back<Cfg::kStages>(pos.stage, back));
    if constexpr (Cfg::kAccSets > 1) {
#pragma unroll
      for (int e = 0; e < Cfg::kAccSets - 1; ++e)
#pragma unroll
        for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
          for (int i = 0; i < Cfg::kAccRegs; ++i) acc[mi][i] += extra[e][mi][i];
    }
    rec.stamp(index, kMmaDone);
    rec.put_waited(index);

    const int2 origin = warpgroup_origin<Cfg>(tm, tn, consumer);
    const int row0 = origin.x, col0 = origin.y;
    if constexpr (Cfg::kSplitPass > 1) {  // the pass, or the last piece, adds the pieces
      if constexpr (Cfg::kSplitLast)
        split_sum_last<Cfg>(acc, args, sched, int(rank), consumer, row0, col0);
      else
        Fixup<Cfg>::write_partial(acc, args, w.item * Cfg::kClusterSize + int(rank), consumer);
      rec.stamp(index, kEnd);
      continue;
    }
    if constexpr (Cfg::kClusterK > 1) {
      ClusterReduce<Cfg>::run(acc, args, smem_a, consumer, row0, col0);
      rec.stamp(index, kEnd);
      continue;
    }
    if constexpr (Cfg::kStreamK) {
      if (sched.splits > 0) {  // aligned split-K: every piece hands over and reduces a slice
        Fixup<Cfg>::store_partial(acc, args, int(blockIdx.x), consumer, barrier_id);
        Fixup<Cfg>::reduce_slice(args, sched.cluster - sched.cluster % sched.splits, sched.splits,
                                 sched.cluster % sched.splits, int(rank), consumer, barrier_id,
                                 row0, col0);
        rec.stamp(index, kEnd);
        continue;
      }
      if (w.kb_end != sched.kblocks) {  // the head of a tile another CTA finishes
        Fixup<Cfg>::store_partial(acc, args, int(blockIdx.x), consumer, barrier_id);
        rec.stamp(index, kEnd);
        continue;
      }
      if (w.kb_begin > 0) {  // the tail: add the heads, nearest cluster first (a fixed order)
        const int first = sched.sk_owner(w.tile_index * sched.kblocks);
        if (first <= sched.cluster - 1)
          Fixup<Cfg>::add_partials(acc, args, first, sched.cluster - 1, int(rank), consumer,
                                   barrier_id);
      }
    }

    if constexpr (Cfg::kScaled) {
#pragma unroll
      for (int mi = 0; mi < Cfg::kMmaM; ++mi)
        scale_block<Cfg::kElem, Cfg::kWgCols, Cfg::kSwapAB>(acc[mi], args, row0 + mi * 64, col0);
    }
    if constexpr (Cfg::kDeferStore) {
      // A tile shorter than its blocks leaves some of the previous tile's C: store it first.
      if constexpr (Cfg::kEpilogue == 1)
        if (pending_row0 >= 0) flush_pending();
#pragma unroll
      for (int mi = 0; mi < Cfg::kMmaM; ++mi) pack_block<Cfg::kElem, Cfg::kBN>(acc[mi], packed[mi]);
      pending_row0 = row0;
      pending_col0 = col0;
      pending_next = 0;
    } else if constexpr (Cfg::kEpilogue == 2) {
      store_tma_tile<Cfg::kElem, Cfg::kBN, Cfg::kMmaM>(acc, tma_c, my_staging, barrier_id, row0,
                                                       col0);
    } else {
#pragma unroll
      for (int mi = 0; mi < Cfg::kMmaM; ++mi) {
        if constexpr (Cfg::kEpilogue == 3 && Cfg::kSwapAB)
          store_tma_rows_transposed<Cfg::kElem, Cfg::kWgCols, Cfg::kEpilogueParts>(
              acc[mi], tma_c, my_staging, barrier_id, row0 + mi * 64, col0);
        else if constexpr (Cfg::kEpilogue == 3)
          store_tma_rows<Cfg::kElem, Cfg::kWgCols, Cfg::kEpilogueParts>(
              acc[mi], tma_c, my_staging, barrier_id, row0 + mi * 64, col0);
        else if constexpr (Cfg::kEpilogue == 1)
          store_tma_double<Cfg::kElem, Cfg::kBN>(acc[mi], tma_c, my_staging, barrier_id,
                                                 row0 + mi * 64, col0, blocks_stored);
        else if constexpr (Cfg::kSwapAB)
          store_direct_transposed<Cfg::kElem, Cfg::kWgCols>(acc[mi], args, row0 + mi * 64, col0);
        else
          store_direct<Cfg::kElem, Cfg::kWgCols>(acc[mi], args, row0 + mi * 64, col0);
      }
    }
    rec.stamp(index, kEnd);
  }
  if constexpr (Cfg::kDeferStore) {  // the last tile's C
    if (pending_row0 >= 0) {
      if constexpr (Cfg::kEpilogue == 2)
        store_tma_tile_packed<Cfg::kBN, Cfg::kMmaM>(packed, tma_c, my_staging, barrier_id,
                                                    pending_row0, pending_col0);
      else
        flush_pending();
    }
  }
  if (consumer == 0 && threadIdx.x % 128 == 0) trace_header(args, Cfg::kConsumers + 1, 2);
  // Shared memory must outlive the stores still reading it.
  if constexpr (Cfg::kTmaEpilogue)
    if (threadIdx.x % 128 == 0) tma_store_wait<0>();
}

template <class Cfg>
__device__ __forceinline__ void gemm_body(const TmaDescriptor* tma_a, const TmaDescriptor* tma_b,
                                          const TmaDescriptor* tma_c, const GemmArgs& args) {
  extern __shared__ __align__(1024) u8 smem_raw[];
  // The 128-byte swizzle pattern repeats every 1024 bytes; tiles must start on that boundary.
  u8* smem = reinterpret_cast<u8*>((reinterpret_cast<u64>(smem_raw) + 1023) & ~u64(1023));
  u8* smem_a = smem;
  u8* smem_b = smem_a + Cfg::kStages * Cfg::kABytes;
  u8* staging = smem_b + Cfg::kStages * Cfg::kBBytes;
  u64* full = reinterpret_cast<u64*>(staging + Cfg::kEpilogueBytes);
  u64* empty = full + Cfg::kStages;

  if (threadIdx.x == 0) {
    // Pieces placed by SM: the claim's atomics first, their round trip under the rest.
    if constexpr (Cfg::kSmPlaced) sm_slot_of_cta() = claim_sm_slot(args);
    tma_prefetch_descriptor(tma_a);
    tma_prefetch_descriptor(tma_b);
    if constexpr (Cfg::kTmaEpilogue) tma_prefetch_descriptor(tma_c);
#pragma unroll
    for (int s = 0; s < Cfg::kStages; ++s) {
      mbar_init(&full[s], 1);
      // Every consumer warpgroup reading a stage releases it in every CTA of the multicast group.
      mbar_init(&empty[s], (Cfg::kPingPong ? 1 : Cfg::kConsumers) * Cfg::kMulticastSize);
    }
    fence_barrier_init();
    trace_header(args, Cfg::kConsumers + 1, 0);
  }
  if constexpr (Cfg::kClusterSize > 1)
    cluster_sync();
  else
    __syncthreads();
  // Everything above touched no global memory a previous kernel could write, but for a placed
  // grid's claims (every earlier placed grid's CTAs made theirs before this grid could start) and
  // its placement map (written once by an earlier kernel; a stale read only places worse, never
  // wrongly: sm_placement.cuh). Under PDL this
  // grid waits for the previous one before its first load or store (without PDL a no-op). It does
  // not trigger its dependents early: the next call then launches as this grid exits, onto idle
  // SMs in the order a plain launch takes, so each CTA reads the same part of an operand from its
  // side of the L2 every call, still without the host's launch gap. An early trigger (right here)
  // let the next call's CTAs onto SMs as they freed; without it gemm() read 0.962-0.979x in raw
  // time on decode.txt and 0.97-0.99x on oracle100's middle class on an H200, 0.95x on the middle
  // class on an H100, the large class level within 0.7% (h200_late_trigger_s36.md). Nor does a
  // split-pass GEMM, whose dependent is its pass: triggered here, the H200 table's 82 split-pass
  // entries read 1.003x and 1.040x the time (h200_fewtile_s51.md).
  if constexpr (Cfg::kPdlPrefetch > 0)
    if (threadIdx.x == 0) prefetch_first_stages<Cfg>(tma_a, tma_b, args);
  griddep_wait();

  if (threadIdx.x < 128) {
    regs_decrease<Cfg::kProducerRegs>();
    if (threadIdx.x == 0) produce<Cfg>(tma_a, tma_b, args, smem_a, smem_b, full, empty);
    // Cluster split-K: the consumers' one cluster barrier (partials written) counts every thread.
    if constexpr (Cfg::kClusterK > 1) cluster_sync();
  } else {
    regs_increase<Cfg::kConsumerRegs>();
    consume<Cfg>(tma_c, args, smem_a, smem_b, staging, full, empty);
  }
  // No CTA may exit while a cluster peer can still multicast into it or arrive on its barriers.
  if constexpr (Cfg::kClusterSize > 1) cluster_sync();
}

template <class Cfg>
__device__ __forceinline__ void gemm_kernel(const TmaDescriptor* tma_a, const TmaDescriptor* tma_b,
                                            const TmaDescriptor* tma_c, const GemmArgs& args) {
#ifdef AUTOGEMM_TEST_NEVER_END  // a kernel that never ends, for the hang guard's GPU tests only
  for (volatile int forever = 1; forever;) __nanosleep(1000);
#endif
  if constexpr (Cfg::kFixedShape)
    gemm_body<Cfg>(tma_a, tma_b, tma_c, with_compiled_shape<Cfg>(args));
  else  // the launch's arguments as they are (a copy would change the generated code)
    gemm_body<Cfg>(tma_a, tma_b, tma_c, args);
}

}  // namespace autogemm::sm90

// Defines the extern "C" entry point the JIT looks up for one configuration.
#define AUTOGEMM_SM90_DEFINE_KERNEL(Cfg)                                              \
  extern "C" __global__ void __launch_bounds__(Cfg::kThreads, 1)                      \
      autogemm_sm90_gemm(const __grid_constant__ autogemm::sm90::TmaDescriptor tma_a, \
                         const __grid_constant__ autogemm::sm90::TmaDescriptor tma_b, \
                         const __grid_constant__ autogemm::sm90::TmaDescriptor tma_c, \
                         const autogemm::sm90::GemmArgs args) {                       \
    autogemm::sm90::gemm_kernel<Cfg>(&tma_a, &tma_b, &tma_c, args);                   \
  }
