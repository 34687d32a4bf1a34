// Tiles fitted to one shape.
//
// The default sweep's tiles are 64 to 256 wide in steps of 16 to 64, chosen on the grid, whose
// dimensions are multiples of 64. Off the grid they pad: M = 146 runs as 192 or 256 rows, N = 352
// as 384. cuBLASLt-autotune picks widths that fit there (256x80, 112x128, 192x160, 64x104 in its
// frame), with the small dimension on the MMA's N (any multiple of 8 up to 256: our swap-AB
// frame when it is M) and 4- to 8-CTA clusters. Specs of that kind ran 1.10-1.31x faster than
// the sweep's best on seven of nine middle off-grid shapes (bench/results/h200/
// h200_fitted_tiles_tn.md).
#pragma once

#include <cstddef>
#include <vector>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"

namespace autogemm {

// Up to `max_count` valid specs that can run `p`, whose tile width divides the frame's columns
// into whole tiles with little padding, best-scoring first (fitted_score): in the normal frame
// and (layout tn) the swap-AB frame (columns along M), every width that splits the columns into
// the fewest 256-wide-or-narrower tiles or up to seven more, or into one or two whole waves with
// the tile's row count (64 wide at least, unless the columns are fewer), under 64- to 256-row
// tiles, in clusters of 1 to 8 CTAs, and, where the
// tiles leave most SMs idle over long K, in split-K pieces with a reduction pass. At most three
// per tile. Deterministic; no duplicates; empty for a dimension below 1.
std::vector<KernelSpec> fitted_specs(const Problem& p, int sm_count, size_t max_count = 40);
// Split-K pieces only over K of 32 k-blocks (2048) or more, and 8 k-blocks a piece at least.
inline constexpr int64_t kFittedSplitMinKBlocks = 32;

// How well a bm x bn tile (in the kernel's frame: rows x cols), in clusters of
// cluster_m x cluster_n, with K in `pieces` pieces, suits rows x cols on `sm_count` SMs: the
// fraction of the computed area inside C, times the fraction of SM slots busy over all waves,
// times mild penalties for tiles that wait for L2 (MMA work per loaded row below 100), for
// MMAs narrower than 128 and for a reduction pass. In (0, 1]; a prior for ordering candidates,
// not a time.
double fitted_score(int64_t rows, int64_t cols, int bm, int bn, int cluster_m, int cluster_n,
                    int sm_count, int pieces = 1);

// Swap-AB tiles whose two warpgroups split the columns, i.e. the problem's M (split N in the
// swap-AB frame; cuBLASLt's coopB tiles in its own frame), up to 2 x 192 wide, and 256-row tiles
// whose warpgroups split the rows (cuBLASLt's 256x144), up to 192 wide; each with a ring of four
// stages or more (so about 2 x 160 at most for 128 rows): widths that cut M into whole tiles, or
// into one to three whole waves with the tile's row count (the problem's N over 128, 192 or 256),
// in clusters of 1 to 4 CTAs, best fitted_score first, at most `max_count`. C is staged as row
// blocks, in the fewest parts (1-4) that keep the ring (`_etmarN`: 1.03-1.33x faster than the
// direct stores on 128x288, h200_row_parts_s55); a split-N tile where no part count keeps it
// stores directly (the 256-row tiles only exist with row blocks: 144 accumulators a thread).
// The tuner's proposer seeds them (it measures); they are not among fitted_specs, which feed
// the cost model (it has no experience of them). gemm()'s large- and upper-middle-class trials
// take the best 1-2-CTA one of the first four as their wave-filling candidate where it fills
// best (runtime/timed_choice.hpp; h200_wave_fit_s44, h200_wide_swap_rows_s55). On
// 2124x4544x11208 128x304 read 0.99x of cuBLASLt-autotune against the rest of the space's
// 0.95x; on 16384x16384x4096 the 128-row ones ran about 11% slower than the ping-pong pick. Empty
// for a dimension below 1.
std::vector<KernelSpec> wide_swap_specs(const Problem& p, int sm_count, size_t max_count = 4);

}  // namespace autogemm
