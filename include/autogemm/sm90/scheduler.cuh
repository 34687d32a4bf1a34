// Which output tile each CTA computes, in what order.
//
// Tiles are grouped into "units" of one cluster (cluster_m × cluster_n tiles that share a TMA
// multicast). A persistent grid walks the units with a stride of the number of clusters launched;
// a non-persistent grid has one cluster per unit. Units are visited in grouped (swizzled) order:
// bands of kSwizzle unit-rows (raster m) or unit-columns (raster n), the other index moving
// slowest, so the tiles running at one time share A rows and B columns in L2.
#pragma once

#include "autogemm/sm90/ptx.cuh"

namespace autogemm::sm90 {

template <class Cfg>
struct TileScheduler {
  int tiles_m, tiles_n, units_m, units_n, num_units;

  __device__ TileScheduler(int m, int n) {
    tiles_m = (m + Cfg::kBM - 1) / Cfg::kBM;
    tiles_n = (n + Cfg::kBN - 1) / Cfg::kBN;
    units_m = (tiles_m + Cfg::kClusterM - 1) / Cfg::kClusterM;
    units_n = (tiles_n + Cfg::kClusterN - 1) / Cfg::kClusterN;
    num_units = units_m * units_n;
  }

  __device__ static int first_unit() { return int(blockIdx.x) / Cfg::kClusterSize; }
  __device__ static int unit_stride() { return int(gridDim.x) / Cfg::kClusterSize; }

  // Tile coordinates (in tiles) of this CTA for `unit`; they may lie past the matrix edge when
  // the tile count is not a multiple of the cluster shape (the CTA then computes on zeros and
  // stores nothing, but still feeds its cluster peer).
  __device__ void tile(int unit, u32 cta_rank, int& tm, int& tn) const {
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
    tm = um * Cfg::kClusterM + (Cfg::kClusterM > 1 ? int(cta_rank) : 0);
    tn = un * Cfg::kClusterN + (Cfg::kClusterN > 1 ? int(cta_rank) : 0);
  }
};

}  // namespace autogemm::sm90
