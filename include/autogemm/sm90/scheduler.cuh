// Which work each CTA does, in what order.
//
// A work item is one output tile and a range of its k-blocks. Two schedules:
//
// Data-parallel: tiles are grouped into "units" of one cluster (cluster_m × cluster_n tiles; CTA
// rank r computes tile (r % cluster_m, r / cluster_m) of its unit; rows share A, columns B). A
// persistent grid walks the units with a stride of the number of clusters launched; a
// non-persistent grid has one cluster per unit. Every item is a whole tile.
//
// Stream-K (persistent grid of G clusters, all resident): when the T units do not fill whole
// waves, the last T % G + G units (all of them if T < G) are cut into their S k-blocks and S is
// split evenly over the G clusters; the remaining units are dealt out data-parallel afterwards.
// Every CTA of a cluster gets the same k-range of its own tile of the unit, so multicast loads
// stay shared. A cluster walks its stream-K range from the top down, so the only piece that does
// not end at a tile's last k-block — the one that must be handed over — is its first: each CTA
// writes it to its workspace slot early, and the same-rank CTA of the cluster that finishes that
// unit adds it in at the end (fixup.cuh). Each CTA thus has at most one partial tile, and every
// sum has a fixed order.
//
// Aligned split-K: when the units do not fill one wave and the clusters divide evenly among
// them (G = T·S), every cluster's range is exactly one of S pieces of one unit. Then all S
// pieces hand over their partials and each reduces a 1/S slice of the tile (fixup.cuh), instead
// of the top piece reading all S - 1 others while the rest of the GPU idles.
//
// Cluster split-K (kClusterK > 1, one cluster per unit): the cluster's K groups take the same
// tile, group g its k-blocks [g·S/kClusterK, (g+1)·S/kClusterK); the partials are summed
// through distributed shared memory (cluster_reduce.cuh).
//
// Split-K with a reduction pass (kSplitPass > 1, one cluster per piece): cluster c takes piece
// c % S of unit c / S, a tile's pieces side by side; or, kSplitPieceMajor, piece c / U of unit
// c % U (U units), so clusters launched together share a k-range and, in the grouped order
// below, A rows and B columns: where the pieces take several waves, each wave works on a k-slice
// of every tile instead of every k-block of a few (2-4% over the H100 table's split-pass picks,
// up to 1.4x on multi-wave grids; notes 156-158). The pieces write partials and a second kernel
// sums them (split_reduce.cuh).
//
// Tiles are numbered in grouped (swizzled) order: bands of kSwizzle unit-rows (raster m) or
// unit-columns (raster n), the other index moving slowest, so tiles running at one time share A
// rows and B columns in L2.
#pragma once

#include "autogemm/sm90/ptx.cuh"
#include "autogemm/sm90/sm_placement.cuh"
#include "autogemm/sm90/types.cuh"

// Aligned split-K from this many pieces per tile on (an A/B switch through AUTOGEMM_JIT_DEFINES).
#ifndef AUTOGEMM_ALIGNED_SPLIT_MIN
#define AUTOGEMM_ALIGNED_SPLIT_MIN 12
#endif

namespace autogemm::sm90 {

struct WorkItem {
  int tm, tn;            // tile coordinates, in tiles (may lie past the edge inside a cluster)
  int kb_begin, kb_end;  // k-blocks of the tile this item covers
  int tile_index;        // position in the schedule's tile order (stream-K: who contributes)
  int item;              // split pass: the piece's cluster (its partials' slot; split_cluster)
};

// The launch's arguments with a compiled-in shape's constants in place of M, N, K and C's stride
// (the host checked they agree), so the compiler propagates them into every use. Both entry
// points (the GEMM and split-K's reduction pass) use it when Cfg::kFixedShape.
template <class Cfg>
__device__ __forceinline__ GemmArgs with_compiled_shape(const GemmArgs& args) {
  GemmArgs out = args;
  out.m = Cfg::kFixedM;
  out.n = Cfg::kFixedN;
  out.k = Cfg::kFixedK;
  out.ldc = Cfg::kFixedLdc;
  return out;
}

template <class Cfg>
struct TileScheduler {
  int tiles_m, tiles_n, units_m, units_n, num_units;
  int kblocks;  // k-blocks per tile
  // Stream-K only (counted in clusters: `clusters` launched, this CTA's is `cluster`).
  int clusters = 0, cluster = 0;
  int sk_tiles = 0, sk_blocks_total = 0, sk_cursor = 0, sk_begin = 0, dp_next = 0;
  int splits = 0;              // aligned split-K: pieces per unit (0: not aligned)
  FastDiv band_div, tail_div;  // the host's divisors for the tile order (GemmArgs)

  __device__ TileScheduler(const GemmArgs& args) : band_div(args.band), tail_div(args.tail) {
    tiles_m = (args.m + Cfg::kBM - 1) / Cfg::kBM;
    tiles_n = (args.n + Cfg::kBN - 1) / Cfg::kBN;
    units_m = (tiles_m + Cfg::kClusterM - 1) / Cfg::kClusterM;
    units_n = (tiles_n + Cfg::kClusterN - 1) / Cfg::kClusterN;
    num_units = units_m * units_n;
    kblocks = (args.k + Cfg::kBK - 1) / Cfg::kBK;
    if constexpr (!Cfg::kFixedShape) {
      // The host's divisors must be this launch's (runtime::make_plan); others would order the
      // tiles wrongly, so stop instead.
      const int banded = Cfg::kRasterN ? units_n : units_m,
                across = Cfg::kRasterN ? units_m : units_n;
      const int tail = banded % Cfg::kSwizzle == 0 ? Cfg::kSwizzle : banded % Cfg::kSwizzle;
      if (band_div.d != u32(Cfg::kSwizzle * across) || tail_div.d != u32(tail)) __trap();
    }
    if constexpr (Cfg::kStreamK) {
      clusters = int(gridDim.x) / Cfg::kClusterSize;
      cluster = int(blockIdx.x) / Cfg::kClusterSize;
      const int g = clusters;
      sk_tiles = num_units % g == 0 ? 0 : (num_units > g ? num_units % g + g : num_units);
      sk_blocks_total = sk_tiles * kblocks;
#ifndef AUTOGEMM_NO_ALIGNED_SPLIT_K  // A/B switch for measurements (AUTOGEMM_JIT_DEFINES)
      // Measured: with 4-8 pieces the serial fixup is as fast or faster (its top piece keeps the
      // TMA epilogue); from 12 on, spreading the sum wins (h200_split_reduce_tn.csv).
      if (sk_tiles == num_units && g % num_units == 0 &&
          g / num_units >= AUTOGEMM_ALIGNED_SPLIT_MIN)
        splits = g / num_units;
#endif
      sk_begin = sk_range_begin(cluster);
      sk_cursor = sk_range_begin(cluster + 1);
      dp_next = sk_tiles + cluster;
    } else if constexpr (Cfg::kSmPlaced) {
      dp_next = -1;  // the claimed slot, read at the first next() (the reduction pass never does)
    } else {
      dp_next = int(blockIdx.x) / Cfg::kClusterSize;
    }
  }

  // First k-block (in the stream-K numbering) of cluster `c`'s range.
  __device__ int sk_range_begin(int c) const {
    return int((long long)sk_blocks_total * c / clusters);
  }

  // Next item of this CTA; false when it has none left.
  __device__ bool next(WorkItem& w, u32 cta_rank) {
    if constexpr (Cfg::kStreamK) {
      if (sk_cursor > sk_begin) {
        const int tile = (sk_cursor - 1) / kblocks;
        const int lo = max(sk_begin, tile * kblocks);
        set_tile(w, tile, cta_rank);
        w.kb_begin = lo - tile * kblocks;
        w.kb_end = sk_cursor - tile * kblocks;
        sk_cursor = lo;
        return true;
      }
      if (dp_next >= num_units) return false;
      set_tile(w, dp_next, cta_rank);
      dp_next += clusters;
    } else if constexpr (Cfg::kSplitPass > 1) {
      if constexpr (Cfg::kSmPlaced)
        if (dp_next < 0) dp_next = sm_slot_of_cta();  // claimed in the prologue (gemm.cuh)
      if (dp_next >= num_units * Cfg::kSplitPass) return false;
      const int piece = split_piece(dp_next);
      set_tile(w, split_unit(dp_next), cta_rank);
      w.item = dp_next;
      w.kb_begin = int((long long)kblocks * piece / Cfg::kSplitPass);
      w.kb_end = int((long long)kblocks * (piece + 1) / Cfg::kSplitPass);
      dp_next += int(gridDim.x) / Cfg::kClusterSize;
      return true;
    } else {
      if (dp_next >= num_units) return false;
      set_tile(w, dp_next, cta_rank);
      dp_next += int(gridDim.x) / Cfg::kClusterSize;
      if constexpr (Cfg::kClusterK > 1) {  // this CTA's piece of the tile's k-blocks
        const int piece = int(cta_rank) / Cfg::kMulticastSize;
        w.kb_begin = int((long long)kblocks * piece / Cfg::kClusterK);
        w.kb_end = int((long long)kblocks * (piece + 1) / Cfg::kClusterK);
        return true;
      }
    }
    w.kb_begin = 0;
    w.kb_end = kblocks;
    return true;
  }

  // Split pass: which unit and piece cluster `c` computes, and back (split_reduce.cuh finds a
  // tile's partials by split_cluster).
  __device__ int split_unit(int c) const {
    return Cfg::kSplitPieceMajor ? c % num_units : c / Cfg::kSplitPass;
  }
  __device__ int split_piece(int c) const {
    return Cfg::kSplitPieceMajor ? c / num_units : c % Cfg::kSplitPass;
  }
  __device__ int split_cluster(int unit, int piece) const {
    return Cfg::kSplitPieceMajor ? piece * num_units + unit : unit * Cfg::kSplitPass + piece;
  }

  // The tile (a whole one) that CTA `cta_rank` of a cluster computes of unit `unit`.
  __device__ WorkItem tile_of(int unit, u32 cta_rank) const {
    WorkItem w;
    set_tile(w, unit, cta_rank);
    w.kb_begin = 0;
    w.kb_end = kblocks;
    return w;
  }

  // The cluster whose stream-K range holds k-block `block` (stream-K numbering).
  __device__ int sk_owner(int block) const {
    int c = int((long long)block * clusters / max(sk_blocks_total, 1));
    while (c > 0 && sk_range_begin(c) > block) --c;
    while (sk_range_begin(c + 1) <= block) ++c;
    return c;
  }

 private:
  __device__ void set_tile(WorkItem& w, int unit, u32 cta_rank) const {
    // Bands of kSwizzle units along the banded axis (M for raster m), the last one maybe
    // thinner; within a band the units go down the band first. Unsigned: every value is >= 0.
    constexpr u32 kS = u32(Cfg::kSwizzle);
    const u32 banded = u32(Cfg::kRasterN ? units_n : units_m);
    const u32 across = u32(Cfg::kRasterN ? units_m : units_n);
    BandPosition pos;
    if constexpr (Cfg::kFixedShape) {  // constants: the compiler divides by multiplying
      const u32 group = u32(unit) / (kS * across), local = u32(unit) % (kS * across);
      const u32 first = group * kS, thick = min(kS, banded - first);
      pos = {first + local % thick, local / thick};
    } else {  // run time: the host's multiply-and-shift (a hardware division is a ~20-instruction
              // chain with a reciprocal)
      pos = band_position(u32(unit), banded, kS, band_div, tail_div);
    }
    const int um = int(Cfg::kRasterN ? pos.across : pos.in);
    const int un = int(Cfg::kRasterN ? pos.in : pos.across);
    const int in_group = int(cta_rank) % Cfg::kMulticastSize;  // cluster split-K: K groups
    w.tm = um * Cfg::kClusterM + in_group % Cfg::kClusterM;
    w.tn = un * Cfg::kClusterN + in_group / Cfg::kClusterM;
    w.tile_index = unit;
  }
};

}  // namespace autogemm::sm90
