// KernelSpec: one instance of the sm90 GEMM template, as a plain value.
//
// Every field is a structural choice of the kernel (DESIGN.md §4). The defaults describe a
// sensible large-shape kernel, and they matter beyond convenience: when a field is added later
// (split-K, swap-AB, epilogue kind, ...), its default must reproduce today's kernel, so that
// old names, JSON files and tuning tables keep meaning what they meant.
#pragma once

#include <array>
#include <cstddef>

#include "autogemm/types.hpp"

namespace autogemm {

// Which tile index moves fastest inside a swizzle group of the tile scheduler.
enum class Raster { m, n };

// How accumulators reach C: stored from registers, or staged in shared memory and written by TMA
// (through two 64x64 blocks per consumer, through a whole tile of staging, or through one 64-row
// block per consumer: tma_rows, which also serves bn that are not multiples of 64).
enum class Epilogue { direct, tma, tma_tile, tma_rows };

struct KernelSpec {
  DType dtype = DType::f16;
  AccType acc = AccType::f32;
  Layout layout = Layout::tn;

  // CTA tile. bk is 64 or 128: one or two 128-byte swizzle rows of 16-bit elements per stage.
  int bm = 128;
  int bn = 256;
  int bk = 64;

  int stages = 4;     // shared-memory pipeline depth
  int consumers = 2;  // consumer warpgroups; 2 = cooperative (they split bm, or bn: split_n)
  // With 2 consumers: take alternate tiles (each the whole bm x bn) instead of splitting one,
  // so one warpgroup's epilogue overlaps the other's MMAs ("pp" in the name, for "coop").
  bool pingpong = false;
  // With 2 cooperative consumers: split bn instead of bm, each warpgroup computing all bm rows
  // of half the columns ("coopn" in the name). Lets bm = 192 run with two warpgroups (three m64
  // blocks each; the bm split needs whole m64 blocks per warpgroup), the 192x192 tile cuBLASLt
  // picks for large shapes on the H100. Direct or row-block TMA stores; any split-K (each
  // warpgroup hands over its own columns); no swap-AB or deferred store.
  bool split_n = false;

  // Thread-block cluster; TMA multicast shares a tile between the two CTAs of a 2-CTA cluster.
  int cluster_m = 1;
  int cluster_n = 1;
  // Split-K inside the cluster (2, 4, 8 or 16, the last a non-portable cluster size the H100 and
  // H200 allow; 1: off): that many CTAs compute one tile, each over
  // 1/cluster_k of its k-blocks, and sum their partials through distributed shared memory: one
  // cluster barrier instead of a workspace and L2 round trips. One tile per cluster (not
  // persistent), no multicast, cooperative, direct stores, fp32 accumulators. "_ckN" in the name.
  int cluster_k = 1;

  bool persistent = true;  // grid of min(tiles, SMs) CTAs looping over tiles
  Raster raster = Raster::m;
  int swizzle = 8;  // tile-group width of the rasterization

  Epilogue epilogue = Epilogue::direct;
  // tma_rows only: each consumer's row block is staged and stored in this many parts of its C
  // rows (1 to 4, 3 under swap-AB only; "_etmarN" in the name), so the staging takes 1/parts of
  // the shared memory
  // and a wide tile keeps a pipeline stage (256x144 waits ~40% of its mainloop for data at three
  // stages, notes 398); each part waits for the TMA engine to read the previous one.
  int epilogue_parts = 1;

  // Stream-K: the tiles of the last partial wave are split along K over all clusters
  // (persistent; a cluster's CTAs share each k-range), partial tiles handed over through a
  // workspace.
  bool stream_k = false;
  // Stream-K only: at most this many CTAs per tile (split-K as a special case of stream-K);
  // 0 spreads the tiles over every resident CTA. Small, long-K problems want few, long pieces:
  // a piece of one or two k-blocks costs more in pipeline fill and fixup than it computes.
  int sk_splits = 0;

  // Split-K with a separate reduction pass (2 to 16; 1: off): every tile's k-blocks are cut
  // into this many pieces, one CTA (cluster) each, and every piece writes its fp32 partial to
  // the workspace and exits; a second kernel, launched right behind with programmatic dependent
  // launch, sums each tile's pieces in piece order (deterministic) and writes C. No CTA waits
  // for another inside the GEMM, so the grid need not be resident (cuBLASLt's "reduction
  // scheme 2"). One tile per CTA (not persistent), direct epilogue, fp32 accumulators, no
  // ping-pong. "_skpN" in the name.
  int split_pass = 1;
  // The order in which those pieces are launched. Tile-major (the default, and the meaning of
  // every name before it): piece p of unit u is cluster u·N + p, a tile's pieces side by side.
  // Piece-major ("_skpNp"): cluster p·U + u (U units), so clusters launched together share a
  // k-range and, in the raster, A rows and B columns: 2-4% faster over the H100 table's
  // split-pass picks, up to 1.4x where the pieces take several waves; about 1% slower on the
  // weight-streaming decode splits (notes 156-158). Per shape it moves a pick by -21% to +11%
  // (notes 161), so the tuner tries both; the default sweep's split-pass specs and the fitted
  // family's without swap-AB are piece-major.
  bool split_piece_major = false;
  // Split-K without the reduction pass ("_skpNl"): every piece still writes its fp32 partial, and
  // each warp of the tile's last piece to finish (a counter per warp in the workspace) reads and
  // sums the pieces' partials in piece order (the same sum as the pass's, deterministic), and
  // stores C. One launch instead of two: for calls where the host's second
  // launch or the pass's own start costs more than the last piece's reads.
  bool split_last = false;
  // Pieces placed by SM ("_smid"; one-CTA split-K with the pass, under PDL): the grid is one CTA
  // per SM, and the CTA on SM s takes the piece a plain launch would have put there (the
  // workspace's placement map, recorded once per stream by a plain launch), claiming it in the
  // workspace so that no piece is done twice or missed. Under PDL the CTAs take SMs as the previous
  // kernel frees them, so a piece order meant for the plain placement (pieces major, r8m or r1n,
  // whose neighbours share an operand tile in the L2's request coalescer) is lost; placed by SM it
  // is kept and the launch still overlaps the previous kernel (notes 387).
  bool sm_placed = false;

  // k-blocks of MMAs a consumer keeps in flight before releasing a pipeline stage (0 to 3).
  int mma_lag = 1;

  // Swap-AB: compute Cᵀ = Bᵀ·Aᵀ, so a small M lands on the MMA's N (bn down to 8); direct
  // (transposed) stores. In nn the kernel's A (the problem's B, K×N) is M-major.
  bool swap_ab = false;

  // Deferred store (whole-tile TMA epilogue, cooperative): a tile's C waits in registers, packed
  // to 16 bits, and is staged while the next tile's first MMAs run, so the tensor cores do not
  // idle through the epilogue. Costs half the accumulator count in registers.
  bool defer_store = false;

  // Independent fp32 accumulator sets (1, 2 or 4): consecutive k16 steps go to different sets,
  // summed after the mainloop, so a small tile's MMAs do not wait on each other's results.
  int acc_sets = 1;

  // Programmatic dependent launch (a launch attribute; the kernel is the same): the launch is
  // made ready while the previous kernel in the stream runs and starts as that one exits, or
  // earlier if it triggers its dependents (our GEMMs do not since session 36, gemm.cuh; the
  // split-K reduction pass does), its prologue then overlapping that kernel's tail; it waits for
  // the previous grid before touching memory. On by default: on back-to-back calls it measured
  // 1.06-1.15x faster per spec (h200_pdl_probe_tn.csv, with the early trigger).
  bool pdl = true;

  // k-blocks of its first work item a CTA asks L2 for before it waits for the previous grid
  // (0-8; 0: none): under PDL the pipeline then fills from L2 once the wait ends. L2 is global
  // memory's coherence point, so lines fetched early still see the previous grid's writes.
  // Measured with 4 on an H100 (h100_pdl_prefetch_s33, as a build switch, K-major operands
  // only): +1-2% on decode-like calls, -2-4% on middle-class ones. "pfN" in the name. (Measured
  // while our GEMMs triggered their dependents early, which they do not since session 36: after
  // one of them the wait now ends at once; after a split-K reduction pass it does not.)
  int pdl_prefetch = 0;

  // Scaled epilogue: C = alpha·A·B + beta·C, alpha and beta given at launch (C is read only when
  // beta != 0). Off: C = A·B, the epilogue as it was ("ab" in the name). gemm() with a Scaling
  // other than alpha 1, beta 0 runs the scaled variant of the spec it picked.
  bool scaled = false;

  // Shape constants compiled in (per-shape specialization, as CUDA-L2's kernels are): the kernel
  // serves exactly this M×N×K, and the compiler knows its tile and k-block counts, edge bounds
  // and C's stride. All zero (the default): M, N and K at run time. "fixMxNxK" in the name.
  Shape fixed{};
  bool has_fixed_shape() const { return fixed.m != 0 || fixed.n != 0 || fixed.k != 0; }
  // How the kernel's operands lie (under swap-AB its A is the problem's B, its B the problem's
  // A): A is M-major (64-column chunks) in nn with swap-AB, else K-major; B is N-major in nn
  // without swap-AB, else K-major.
  bool a_mn_major() const { return layout == Layout::nn && swap_ab; }
  bool b_mn_major() const { return layout == Layout::nn && !swap_ab; }

  friend bool operator==(const KernelSpec&, const KernelSpec&) = default;
  friend auto operator<=>(const KernelSpec&, const KernelSpec&) = default;
};

std::string_view to_string(Raster);
std::string_view to_string(Epilogue);

// Quantities derived from a spec; the validity rules and the launcher both use them, so they
// are defined once here.
int threads_per_block(const KernelSpec&);            // 128 * (consumers + 1): a producer warpgroup
int smem_bytes(const KernelSpec&);                   // dynamic shared memory the kernel asks for
inline constexpr int kPlacedSmemFloor = 116 * 1024;  // sm_placed's least (smem_bytes)
int ring_bytes(const KernelSpec&);                   // of it, the pipeline ring (stages x A and B)
int acc_registers_per_thread(const KernelSpec&);     // accumulator registers per consumer thread
int consumer_rows(const KernelSpec&);  // rows of a tile one consumer warpgroup computes
int consumer_cols(const KernelSpec&);  // and its columns (the wgmma N)
// `s` launched the other way: PDL toggled, and an L2 prefetch and pieces placed by SM (which need
// PDL) dropped when PDL goes off. The trial's plain-launch twins and the tuner's launch twins and
// local moves all make it so.
KernelSpec other_launch(KernelSpec s);
// The neighbour-order launches of split-pass spec `s`: one-CTA clusters, pieces major, in the two
// orders whose neighbouring CTAs share an operand tile (raster r8m, then r1n), under PDL with the
// pieces placed by SM, so that those neighbours run side by side as a plain launch would place
// them (h200_split_launch_s52.md: launched plainly; h200_smid_s53.md: placed by SM, 2-13% faster
// again). The trial's neighbour-order twins and the tuner's first split moves make these; validity
// is the caller's to check.
std::array<KernelSpec, 2> neighbour_order_launches(KernelSpec s);
// Whether `s` may have its pieces placed by SM (sm_placed): split-K with the reduction pass (no
// last-piece sum), one-CTA clusters, PDL. Validity's rule, and without_broken_placement's.
bool placeable_by_sm(const KernelSpec& s);
// `s` without its placement by SM where an edit left it unplaceable, so that a twin or move made
// by changing those fields is the edit's plainly placed form rather than an invalid spec dropped
// unseen (other_launch, the trial's last-piece twins, the tuner's moves).
KernelSpec without_broken_placement(KernelSpec s);
// Rows of each CTA's slice of a K-major tile of `rows` rows that `sharers` CTAs load a slice each
// and multicast: the slice where it is whole 8-row swizzle atoms, else one atom (8 rows, the
// slices then uneven: for_each_box in gemm.cuh, which must agree); tma_box_rows gives the box.
int multicast_box_rows(int rows, int sharers);
// Rows of one TMA box as loaded: multicast_box_rows cut into the fewest equal whole-8-row parts
// of at most 256 rows, TMA's largest box dimension (a 272-row swap-AB tile without a B-splitting
// cluster loads as two boxes of 136): sm90::tma_box_rows_of, which the kernel's loads use too.
int tma_box_rows(int rows, int sharers);
// Whether every multicast slice of `s`'s K-major tiles is even (multicast_box_rows is the slice).
bool even_multicast_slices(const KernelSpec&);

// Cluster units (cluster_m x cluster_n tiles each) covering the problem's C, in the kernel's
// frame (swap-AB swaps M and N): what the launcher's grids are counted in; along M and N, and
// in all.
struct UnitGrid {
  long long m, n;
};
UnitGrid cluster_unit_grid(const KernelSpec&, const Shape&);
long long cluster_units(const KernelSpec&, const Shape&);
// Split-K with a reduction pass: CTAs of the GEMM grid (every piece of every unit) and the fp32
// partials they leave, which the stream's workspace must hold at once (at most
// kSplitPassMaxFloats: 32 MiB).
long long split_pass_ctas(const KernelSpec&, const Shape&);
size_t split_pass_partial_floats(const KernelSpec&, const Shape&);
// Whether `s` launches split-K's reduction pass behind its GEMM (split_pass > 1 without
// split_last).
inline bool has_reduction_pass(const KernelSpec& s) {
  return s.split_pass > 1 && !s.split_last;
}
// split_last's counters: one per warp of every consumer of every CTA of one piece of each unit.
long long split_last_counters(const KernelSpec&, const Shape&);
inline constexpr size_t kSplitPassMaxFloats = size_t(8) << 20;
// split_last's counters (split_last_counters) that the workspace holds: each warp's share of a
// piece is at least 16 x 8 floats, so a problem within kSplitPassMaxFloats never needs more.
inline constexpr size_t kSplitLastMaxCounters = kSplitPassMaxFloats / 256;
// The reduction pass's 128-thread blocks may ask for this much shared memory, which they never
// use, so that at most four fit on an SM (228 KB): without it the block scheduler packs up to
// sixteen onto each of the first SMs the GEMM's pieces leave, and the pass runs on a fraction of
// the GPU while the next GEMM's CTAs, resident everywhere else, wait for it (make_plan decides).
inline constexpr int kSplitReduceSmemBytes = 48 * 1024;
inline constexpr int kSplitReduceBlocksPerSm = 4;

// Changes `s` to `bk`, keeping the ring's bytes (stages x bk): bk 64 -> 128 halves the stages,
// 64 -> 32 doubles them. False, and `s` unchanged, when the stages would not be a whole number.
// The result may break a rule (e.g. more than 16 stages): validate it.
bool set_bk_keeping_ring(KernelSpec& s, int bk);

}  // namespace autogemm
