// Which work each CTA does, in what order.
//
// A work item is one output tile and a range of its k-blocks. Two schedules:
//
// Data-parallel: tiles are grouped into "units" of one cluster (cluster_m × cluster_n tiles; CTA
// rank r computes tile (r % cluster_m, r / cluster_m) of its unit; rows share A, columns B). A
// persistent grid walks the units with a stride of the number of clusters launched; a
// non-persistent grid has one cluster per unit. Every item is a whole tile.
//
// Stream-K (1×1 clusters, persistent grid of G CTAs, all resident): when the T tiles do not fill
// whole waves, the last T % G + G tiles (all of them if T < G) are cut into their S k-blocks and
// S is split evenly over the G CTAs; the remaining tiles are dealt out data-parallel afterwards.
// A CTA walks its stream-K range from the top down, so the only piece that does not end at a
// tile's last k-block — the one that must be handed over — is its first: it is written to the
// CTA's workspace slot early, and the CTA that finishes that tile adds it in at the end
// (fixup.cuh). Each CTA thus has at most one partial tile, and every sum has a fixed order.
//
// Tiles are numbered in grouped (swizzled) order: bands of kSwizzle unit-rows (raster m) or
// unit-columns (raster n), the other index moving slowest, so tiles running at one time share A
// rows and B columns in L2.
#pragma once

#include "autogemm/sm90/ptx.cuh"
#include "autogemm/sm90/types.cuh"

namespace autogemm::sm90 {

struct WorkItem {
  int tm, tn;            // tile coordinates, in tiles (may lie past the edge inside a cluster)
  int kb_begin, kb_end;  // k-blocks of the tile this item covers
  int tile_index;        // position in the schedule's tile order (stream-K: who contributes)
};

template <class Cfg>
struct TileScheduler {
  int tiles_m, tiles_n, units_m, units_n, num_units;
  int kblocks;  // k-blocks per tile
  // Stream-K only.
  int sk_tiles = 0, sk_blocks_total = 0, sk_cursor = 0, sk_begin = 0, dp_next = 0;

  __device__ TileScheduler(const GemmArgs& args) {
    tiles_m = (args.m + Cfg::kBM - 1) / Cfg::kBM;
    tiles_n = (args.n + Cfg::kBN - 1) / Cfg::kBN;
    units_m = (tiles_m + Cfg::kClusterM - 1) / Cfg::kClusterM;
    units_n = (tiles_n + Cfg::kClusterN - 1) / Cfg::kClusterN;
    num_units = units_m * units_n;
    kblocks = (args.k + Cfg::kBK - 1) / Cfg::kBK;
    if constexpr (Cfg::kStreamK) {
      const int g = int(gridDim.x), cta = int(blockIdx.x);
      sk_tiles = num_units % g == 0 ? 0 : (num_units > g ? num_units % g + g : num_units);
      sk_blocks_total = sk_tiles * kblocks;
      sk_begin = sk_range_begin(cta);
      sk_cursor = sk_range_begin(cta + 1);
      dp_next = sk_tiles + cta;
    } else {
      dp_next = int(blockIdx.x) / Cfg::kClusterSize;
    }
  }

  // First k-block (in the stream-K numbering) of CTA `cta`'s range.
  __device__ int sk_range_begin(int cta) const {
    return int((long long)sk_blocks_total * cta / int(gridDim.x));
  }

  // Next item of this CTA; false when it has none left.
  __device__ bool next(WorkItem& w, u32 cta_rank) {
    if constexpr (Cfg::kStreamK) {
      if (sk_cursor > sk_begin) {
        const int tile = (sk_cursor - 1) / kblocks;
        const int lo = max(sk_begin, tile * kblocks);
        set_tile(w, tile, 0);
        w.kb_begin = lo - tile * kblocks;
        w.kb_end = sk_cursor - tile * kblocks;
        sk_cursor = lo;
        return true;
      }
      if (dp_next >= num_units) return false;
      set_tile(w, dp_next, 0);
      dp_next += int(gridDim.x);
    } else {
      if (dp_next >= num_units) return false;
      set_tile(w, dp_next, cta_rank);
      dp_next += int(gridDim.x) / Cfg::kClusterSize;
    }
    w.kb_begin = 0;
    w.kb_end = kblocks;
    return true;
  }

  // The CTA whose stream-K range holds k-block `block` (stream-K numbering).
  __device__ int sk_owner(int block) const {
    int cta = int((long long)block * int(gridDim.x) / max(sk_blocks_total, 1));
    while (cta > 0 && sk_range_begin(cta) > block) --cta;
    while (sk_range_begin(cta + 1) <= block) ++cta;
    return cta;
  }

 private:
  __device__ void set_tile(WorkItem& w, int unit, u32 cta_rank) const {
    int um, un;
    if constexpr (!Cfg::kRasterN) {
      const int band = Cfg::kSwizzle * units_n;
      const int group = unit / band, local = unit % band;
      const int first = group * Cfg::kSwizzle;
      const int height = min(Cfg::kSwizzle, units_m - first);
      um = first + local % height;
      un = local / height;
    } else {
      const int band = Cfg::kSwizzle * units_m;
      const int group = unit / band, local = unit % band;
      const int first = group * Cfg::kSwizzle;
      const int width = min(Cfg::kSwizzle, units_n - first);
      un = first + local % width;
      um = local / width;
    }
    w.tm = um * Cfg::kClusterM + int(cta_rank) % Cfg::kClusterM;
    w.tn = un * Cfg::kClusterN + int(cta_rank) / Cfg::kClusterM;
    w.tile_index = unit;
  }
};

}  // namespace autogemm::sm90
