#include "spec/validity.hpp"

#include <fmt/format.h>

#include "spec/name.hpp"

namespace autogemm {
namespace {

using Verdict = std::optional<std::string>;

// ---- Design-space rules: what the kernel template implements today. ----

Verdict rule_types(const KernelSpec& s, const DeviceLimits&) {
  if (s.acc == AccType::f16 && s.dtype != DType::f16) return "fp16 accumulation requires fp16 data";
  return {};
}

Verdict rule_bk(const KernelSpec& s, const DeviceLimits&) {
  // One or two 128-byte swizzle rows of 16-bit elements (a bk-128 stage holds two bk-64 tiles),
  // or one 64-byte swizzle row (bk 32).
  if (s.bk != 32 && s.bk != 64 && s.bk != 128)
    return fmt::format(
        "bk must be 32, 64 or 128 (a 64-byte swizzle row, or one or two 128-byte swizzle rows "
        "of 16-bit elements), got {}",
        s.bk);
  return {};
}

Verdict rule_bm(const KernelSpec& s, const DeviceLimits&) {
  if (s.bm != 64 && s.bm != 128 && s.bm != 192 && s.bm != 256)
    return fmt::format("bm must be 64, 128, 192 or 256, got {}", s.bm);
  return {};
}

Verdict rule_bn(const KernelSpec& s, const DeviceLimits&) {
  // Down to 16 (narrow tiles for a small N), and to 8 with swap-AB, where bn covers the
  // problem's (small) M.
  // Up to 512 with swap-AB over split N (the problem's M), whose consumers each take half (at
  // most 256, one wgmma N); the GPU tests run wide tiles only there.
  const int lo = s.swap_ab ? 8 : 16, hi = s.split_n && s.swap_ab ? 512 : 256;
  if (s.bn < lo || s.bn > hi)
    return fmt::format("bn must be from {} to {}{}, got {}", lo, hi,
                       s.swap_ab ? "" : " (below 16 only with swap-AB)", s.bn);
  if (s.layout == Layout::tn && s.bn % (s.swap_ab ? 8 : 16) != 0)
    return fmt::format("bn must be a multiple of {} for layout tn, got {}", s.swap_ab ? 8 : 16,
                       s.bn);
  // Under swap-AB the kernel's B is the problem's A, K-major in either layout.
  if (s.a_mn_major() && s.bn % 8 != 0)
    return fmt::format("bn must be a multiple of 8 with swap-AB, got {}", s.bn);
  // nn loads B (K x N, N contiguous) as 64-column boxes: one 128-byte swizzle row each.
  if (s.b_mn_major() && s.bn % 64 != 0)
    return fmt::format(
        "bn must be a multiple of 64 for layout nn (B tiles load as 64-column chunks of the "
        "128-byte swizzle), got {}",
        s.bn);
  return {};
}

Verdict rule_stages(const KernelSpec& s, const DeviceLimits&) {
  // Small tiles (swap-AB, decode) need many stages in flight to stream at full bandwidth;
  // shared memory bounds the rest.
  if (s.stages < 2 || s.stages > 16) return fmt::format("stages must be 2 to 16, got {}", s.stages);
  return {};
}

Verdict rule_consumers(const KernelSpec& s, const DeviceLimits&) {
  if (s.consumers < 1 || s.consumers > 3)
    return fmt::format("consumers must be 1, 2 or 3, got {}", s.consumers);
  // Each consumer warpgroup issues m64 wgmmas over its own rows.
  if (s.pingpong && (s.consumers != 2 || s.stream_k))
    return "ping-pong needs 2 consumers and no stream-K";
  const int rows = consumer_rows(s);
  if (rows % 64 != 0)
    return fmt::format("rows per consumer {} = {} must be a multiple of 64 (wgmma M)",
                       s.pingpong || s.split_n ? "bm" : "bm/consumers", rows);
  return {};
}

Verdict rule_split_n(const KernelSpec& s, const DeviceLimits&) {
  if (!s.split_n) return {};
  if (s.consumers != 2 || s.pingpong)
    return "split_n (coopn) splits a tile's columns between 2 cooperative consumers: consumers "
           "must be 2, without ping-pong";
  // Each warpgroup's B columns start at its half: whole 8-row swizzle periods (K-major) or
  // whole 64-column chunks (N-major, layout nn).
  const int cols = consumer_cols(s);
  if (cols % 8 != 0 || (s.b_mn_major() && cols % 64 != 0))
    return fmt::format(
        "split_n gives each consumer bn/2 = {} columns; they must be a multiple of {}", cols,
        s.b_mn_major() ? "64 in layout nn (64-column B chunks)" : "8");
  if (s.defer_store) return "split_n has no deferred store";
  if (s.epilogue != Epilogue::direct && s.epilogue != Epilogue::tma_rows)
    return "split_n stores each consumer's columns directly or through row blocks: epilogue "
           "must be direct or tma_rows";
  // The row blocks are 16 columns wide at least.
  if (s.epilogue == Epilogue::tma_rows && !s.swap_ab && cols % 16 != 0)
    return fmt::format(
        "split_n with the tma_rows epilogue stores each consumer's bn/2 = {} columns in blocks "
        "of 16 or more: bn must be a multiple of 32",
        cols);
  return {};
}

Verdict rule_cluster(const KernelSpec& s, const DeviceLimits&) {
  auto dim_ok = [](int d) { return d == 1 || d == 2 || d == 4; };
  // At most 8 in all: the portable cluster size (cuBLASLt runs 4x2 and 2x4 on middle shapes).
  if (!dim_ok(s.cluster_m) || !dim_ok(s.cluster_n) || s.cluster_m * s.cluster_n > 8)
    return fmt::format(
        "cluster must be 1, 2 or 4 CTAs per dimension and at most 8 in all, got {}x{}", s.cluster_m,
        s.cluster_n);
  // With multicast each CTA loads a slice of a shared tile; a slice must be whole 8-row
  // (1024-byte) swizzle atoms so every CTA's copy lands in the same swizzle phase. K-major tiles
  // split their M or N rows, in uneven slices of whole atoms where an even split is not whole
  // atoms (multicast_box_rows); M/N-major ones split their K-rows evenly.
  if (s.cluster_n > 1 && s.a_mn_major() && (s.bk / s.cluster_n) % 8 != 0)
    return fmt::format(
        "cluster {}x{} splits the A tile into {}/{} = {} K-rows, not a multiple of 8", s.cluster_m,
        s.cluster_n, s.bk, s.cluster_n, s.bk / s.cluster_n);
  if (s.cluster_m > 1 && s.b_mn_major() && (s.bk / s.cluster_m) % 8 != 0)
    return fmt::format(
        "cluster {}x{} splits the B tile into {}/{} = {} K-rows, not a multiple of 8", s.cluster_m,
        s.cluster_n, s.bk, s.cluster_m, s.bk / s.cluster_m);
  return {};
}

Verdict rule_cluster_k(const KernelSpec& s, const DeviceLimits&) {
  if (s.cluster_k == 1) return {};
  if (s.cluster_k != 2 && s.cluster_k != 4 && s.cluster_k != 8 && s.cluster_k != 16)
    return fmt::format("cluster_k must be 1, 2, 4, 8 or 16, got {}", s.cluster_k);
  if (s.cluster_m * s.cluster_n != 1)
    return fmt::format(
        "cluster split-K (ck{}) has no multicast: the cluster must be 1x1, got {}x{}", s.cluster_k,
        s.cluster_m, s.cluster_n);
  if (s.persistent || s.stream_k)
    return "cluster split-K runs one tile per cluster: not persistent, no stream-K";
  // fp16 accumulators are exchanged as fp32 partials and summed in fp32 (cluster_reduce.cuh).
  if (s.pingpong || s.defer_store || s.epilogue != Epilogue::direct)
    return "cluster split-K stores C from its fp32 sums: cooperative, direct epilogue, no "
           "deferred store";
  // The partials are exchanged through the pipeline ring (idle once the tile's MMAs are done).
  const int ring = ring_bytes(s), partial = s.bm * s.bn * 4;
  if (ring < partial)
    return fmt::format(
        "cluster split-K exchanges the {}x{} fp32 partial ({} B) through the ring, which holds "
        "only {} B: more stages or a larger bk",
        s.bm, s.bn, partial, ring);
  return {};
}

Verdict rule_split_pass(const KernelSpec& s, const DeviceLimits&) {
  if (s.split_pass == 1) {
    if (s.split_piece_major)
      return "split_piece_major orders the pieces of split-K with a reduction pass: it needs "
             "split_pass > 1";
    if (s.split_last)
      return "split_last sums split-K's pieces in the kernel: it needs split_pass > 1";
    if (s.sm_placed) return "sm_placed places split-K's pieces by SM: it needs split_pass > 1";
    return {};
  }
  if (s.sm_placed && !placeable_by_sm(s))
    return "sm_placed (pieces placed by SM) needs one-CTA clusters, the reduction pass (no "
           "split_last) and PDL";
  if (s.split_pass < 2 || s.split_pass > 16)
    return fmt::format("split_pass must be 1 (off) or 2 to 16, got {}", s.split_pass);
  if (s.persistent || s.stream_k || s.cluster_k > 1)
    return "split-K with a reduction pass runs one piece per CTA: not persistent, no stream-K, "
           "no cluster split-K";
  // fp16 accumulators are written as fp32 partials too: each piece accumulates in fp16, the
  // pass adds the pieces in fp32.
  if (s.pingpong || s.defer_store || s.epilogue != Epilogue::direct)
    return "split-K with a reduction pass writes fp32 partials (the pass stores C): no "
           "ping-pong, direct epilogue, no deferred store";
  return {};
}

Verdict rule_swizzle(const KernelSpec& s, const DeviceLimits&) {
  const int w = s.swizzle;
  if (w != 1 && w != 2 && w != 4 && w != 8 && w != 16)
    return fmt::format("swizzle must be 1, 2, 4, 8 or 16, got {}", w);
  return {};
}

// ---- Hardware rules: budgets and instruction shapes. ----

Verdict rule_mma(const KernelSpec& s, const DeviceLimits&) {
  // Each consumer issues wgmmas over its own columns: all of bn, or half under split N.
  const int n = consumer_cols(s);
  if (s.bn % 8 != 0 || n % 8 != 0 || n > 256)
    return fmt::format(
        "wgmma m64nNk16 needs N = {} a multiple of 8 and at most 256, got {} (bn {})",
        s.split_n ? "bn/2" : "bn", n, s.bn);
  return {};
}

// A TMA box: inner dimension (contiguous in memory) and outer dimension, in elements.
Verdict check_box(const char* what, int inner, int outer, int elem_bytes) {
  if (inner > 256 || outer > 256)
    return fmt::format("TMA box of {} is {}x{} (inner x outer); each dimension must be at most 256",
                       what, inner, outer);
  if (inner * elem_bytes > 128)
    return fmt::format(
        "TMA box of {} has an inner dimension of {} B; the 128-byte swizzle allows "
        "at most 128 B",
        what, inner * elem_bytes);
  return {};
}

Verdict rule_tma(const KernelSpec& s, const DeviceLimits&) {
  const int eb = element_bytes(s.dtype);
  // A (M x K, K contiguous); in a cluster row each CTA loads a slice of the rows.
  // K-major boxes are 64 elements of K (one swizzle row) whatever bk is; bk 128 takes two, bk 32
  // one of 32 elements (the 64-byte swizzle).
  const int k_box = s.bk == 32 ? 32 : 64;
  // Under swap-AB in layout nn the kernel's A is the problem's B (K x N): 64-column chunks.
  if (auto v = s.a_mn_major() ? check_box("A", 64, s.bk / s.cluster_n, eb)
                              : check_box("A", k_box, tma_box_rows(s.bm, s.cluster_n), eb))
    return v;
  // B: in a cluster column each CTA loads a slice. tn: B is N x K, K contiguous, split along N.
  // nn: B is K x N, N contiguous, loaded as 64-column chunks, split along K (under swap-AB the
  // kernel's B is the problem's A: K-major). (Multicast slices are whole 8-row swizzle periods,
  // for either swizzle: multicast_box_rows, rule_cluster.)
  if (!s.b_mn_major()) return check_box("B", k_box, tma_box_rows(s.bn, s.cluster_m), eb);
  return check_box("B", 64, s.bk / s.cluster_m, eb);
}

Verdict rule_epilogue(const KernelSpec& s, const DeviceLimits&) {
  if ((s.epilogue == Epilogue::tma || s.epilogue == Epilogue::tma_tile) && s.bn % 64 != 0)
    return fmt::format(
        "the {} epilogue stores 64-column blocks, so bn must be a multiple of 64, got {}",
        to_string(s.epilogue), s.bn);
  // (Under swap-AB a block's columns are C's rows, any multiple of 8: rule_mma.)
  if (s.epilogue_parts != 1) {
    if (s.epilogue != Epilogue::tma_rows)
      return fmt::format(
          "epilogue_parts {} splits the tma_rows epilogue's row blocks: epilogue must be tma_rows",
          s.epilogue_parts);
    if (s.epilogue_parts < 2 || s.epilogue_parts > 4)
      return fmt::format("epilogue_parts must be 1 to 4, got {}", s.epilogue_parts);
    // Under swap-AB a part is consumer_cols / parts of C's rows, whole 8-row swizzle periods;
    // otherwise 64 / parts rows of the block, whole 16-row warps.
    if (s.swap_ab && consumer_cols(s) % (8 * s.epilogue_parts) != 0)
      return fmt::format(
          "swap-AB's row blocks are a consumer's {} columns as C's rows; {} parts of them must "
          "each be a multiple of 8",
          consumer_cols(s), s.epilogue_parts);
    if (!s.swap_ab && s.epilogue_parts == 3)
      return "the tma_rows epilogue's 64-row blocks split into 2 or 4 parts of whole warps' rows, "
             "not 3";
  }
  if (s.epilogue == Epilogue::tma_rows && !s.swap_ab && s.bn % 16 != 0)
    return fmt::format(
        "the tma_rows epilogue stores blocks of 16 columns or more, so bn must be a multiple of "
        "16, got {}",
        s.bn);
  return {};
}

Verdict rule_stream_k(const KernelSpec& s, const DeviceLimits&) {
  // Partial tiles wait on other CTAs: all must be resident (persistent). A cluster's CTAs split
  // K identically, so multicast works as in the data-parallel kernel.
  if (s.stream_k && !s.persistent) return "stream-K needs a persistent grid";
  if (s.sk_splits != 0 && !s.stream_k) return "sk_splits is a stream-K setting: set stream_k";
  if (s.sk_splits < 0 || s.sk_splits == 1 || s.sk_splits > 64)
    return fmt::format("sk_splits must be 0 (every SM) or 2 to 64, got {}", s.sk_splits);
  return {};
}

Verdict rule_swap_ab(const KernelSpec& s, const DeviceLimits&) {
  if (!s.swap_ab) return {};
  if (s.epilogue != Epilogue::direct && s.epilogue != Epilogue::tma_rows)
    return "swap-AB stores C transposed: epilogue must be direct or tma_rows (row blocks staged "
           "as C's rows)";
  return {};
}

Verdict rule_defer_store(const KernelSpec& s, const DeviceLimits&) {
  if (!s.defer_store) return {};
  if (s.epilogue != Epilogue::tma_tile && s.epilogue != Epilogue::tma)
    return "the deferred store stages C through shared memory: epilogue must be tma_tile (a "
           "whole tile at once) or tma (64x64 blocks, one under each of the next tile's first "
           "k-blocks)";
  if (s.stream_k || s.pingpong || s.swap_ab)
    return "the deferred store is for cooperative data-parallel kernels (no stream-K, ping-pong "
           "or swap-AB)";
  return {};
}

Verdict rule_acc_sets(const KernelSpec& s, const DeviceLimits&) {
  if (s.acc_sets != 1 && s.acc_sets != 2 && s.acc_sets != 4)
    return fmt::format("acc_sets must be 1, 2 or 4, got {}", s.acc_sets);
  if (s.acc_sets > 1 && s.acc == AccType::f16)
    return "several accumulator sets are for fp32 accumulation";
  // Each set starts at its first k16 step of a tile's first k-block (bk 32 has two steps).
  if (s.acc_sets > s.bk / 16)
    return fmt::format("acc_sets {} exceeds the {} k16 steps of a bk {} stage", s.acc_sets,
                       s.bk / 16, s.bk);
  return {};
}

Verdict rule_mma_lag(const KernelSpec& s, const DeviceLimits&) {
  if (s.mma_lag < 0 || s.mma_lag > 3)
    return fmt::format("mma_lag must be 0 to 3, got {}", s.mma_lag);
  if (s.mma_lag >= s.stages)
    return fmt::format("mma_lag {} holds that many stages: needs more than {} stages", s.mma_lag,
                       s.stages);
  return {};
}

Verdict rule_pdl_prefetch(const KernelSpec& s, const DeviceLimits&) {
  if (s.pdl_prefetch < 0 || s.pdl_prefetch > 8)
    return fmt::format("pdl_prefetch must be 0 to 8 k-blocks, got {}", s.pdl_prefetch);
  if (s.pdl_prefetch > 0 && !s.pdl)
    return "pdl_prefetch prefetches before the PDL wait: it needs pdl";
  return {};
}

Verdict rule_smem(const KernelSpec& s, const DeviceLimits& limits) {
  const int bytes = smem_bytes(s);
  if (bytes > limits.max_smem_per_block)
    return fmt::format(
        "shared memory {} B exceeds the {} B limit (stages*(bm+bn)*bk*2 + epilogue staging + 1024 "
        "+ "
        "16*stages)",
        bytes, limits.max_smem_per_block);
  return {};
}

Verdict rule_registers(const KernelSpec& s, const DeviceLimits&) {
  // Consumers run with setmaxnreg 232: 128 accumulators leave room for fragments, addresses and
  // the epilogues and split paths without spilling. With three consumers (512 threads) they get
  // 152 registers each: 96 accumulators at most.
  // The deferred store keeps the previous tile's C, packed two per register, beside them. A
  // stream-K tail with fp16 accumulators widens them to fp32 to add the heads: it counts fp32.
  const int acc = s.acc == AccType::f16 && s.stream_k ? consumer_rows(s) * consumer_cols(s) / 128
                                                      : acc_registers_per_thread(s);
  // The packed tile holds 16-bit values two per register whatever the accumulator type (fp16
  // accumulators are already packed: the deferred tile takes as many registers as they do).
  const int packed = s.defer_store ? consumer_rows(s) * consumer_cols(s) / 256 : 0;
  const int regs = (acc + packed) * s.acc_sets;
  // Ping-pong warpgroups hold one tile at a time, with no second set live: up to 192 (the 128x176
  // and 128x192 tiles cuBLASLt runs on short K; notes/NOTES.md item 17). Two cooperative
  // warpgroups reach 192 too (256x192), where ptxas keeps everything in registers: the direct or
  // row-block TMA epilogue, one tile per CTA's turn, nothing split; stream-K, cluster split-K, the
  // reduction pass, the other epilogues and swap-AB's transposed stores of a bm split spill there
  // (item 119); swap-AB over split N (128x304 to 128x384) does not.
  // (Swap-AB's row blocks, staged through shared memory like the others, do not spill either.)
  const bool wide_coop = s.consumers == 2 && !s.pingpong &&
                         (!s.swap_ab || s.split_n || s.epilogue == Epilogue::tma_rows) &&
                         !s.stream_k && s.cluster_k == 1 && s.split_pass == 1 && s.acc_sets == 1 &&
                         (s.epilogue == Epilogue::direct || s.epilogue == Epilogue::tma_rows);
  const int budget = s.consumers == 3 ? 96 : (s.defer_store || s.pingpong || wide_coop) ? 192 : 128;
  if (regs > budget)
    return fmt::format(
        "accumulators{} need {} fp32 registers per consumer thread, above the budget of {} "
        "(a consumer's rows x columns / 128{})",
        s.defer_store ? " and the deferred tile" : "", regs, budget,
        s.defer_store ? ", times 1.5" : "");
  return {};
}

Verdict rule_fixed_shape(const KernelSpec& s, const DeviceLimits&) {
  if (!s.has_fixed_shape()) return {};
  const Shape& f = s.fixed;
  constexpr int64_t kMax = 1 << 30;  // the kernel's M, N, K are 32-bit
  if (f.m < 1 || f.n < 1 || f.k < 1 || f.m > kMax || f.n > kMax || f.k > kMax)
    return fmt::format("the compiled-in shape {}x{}x{} needs M, N and K from 1 to 2^30", f.m, f.n,
                       f.k);
  // Rows of N: C's and, in nn, B's; tn swap-AB stores C element by element.
  const bool n_rule = !s.swap_ab || s.layout == Layout::nn;
  if (f.k % 8 != 0 || (n_rule && f.n % 8 != 0))
    return fmt::format(
        "the compiled-in shape {}x{}x{} breaks TMA's 16-byte rule: K{} must be a multiple of 8",
        f.m, f.n, f.k, n_rule ? " and N" : "");
  return {};
}

using Rule = Verdict (*)(const KernelSpec&, const DeviceLimits&);
// Order matters: later rules may assume earlier ones hold (e.g. consumers != 0).
constexpr Rule kRules[] = {rule_types,     rule_bk,          rule_bm,         rule_bn,
                           rule_stages,    rule_consumers,   rule_split_n,    rule_cluster,
                           rule_cluster_k, rule_split_pass,  rule_swizzle,    rule_mma,
                           rule_tma,       rule_epilogue,    rule_stream_k,   rule_mma_lag,
                           rule_swap_ab,   rule_defer_store, rule_acc_sets,   rule_pdl_prefetch,
                           rule_smem,      rule_registers,   rule_fixed_shape};

std::string describe(const Problem& p) {
  return fmt::format("problem {}x{}x{} {}/{}/{}", p.shape.m, p.shape.n, p.shape.k,
                     to_string(p.dtype), to_string(p.acc), to_string(p.layout));
}

}  // namespace

std::optional<std::string> validate(const KernelSpec& s, const DeviceLimits& limits) {
  for (Rule rule : kRules)
    if (auto v = rule(s, limits)) return v;
  return {};
}

void check(const KernelSpec& s, const DeviceLimits& limits) {
  if (auto v = validate(s, limits)) throw Error("invalid kernel spec " + spec_name(s) + ": " + *v);
}

std::optional<KernelSpec> as_row_blocks(KernelSpec s, const DeviceLimits& limits) {
  s.epilogue = Epilogue::tma_rows;
  for (s.epilogue_parts = 1; s.epilogue_parts <= 4; ++s.epilogue_parts)
    if (!validate(s, limits)) return s;
  return std::nullopt;
}

std::optional<std::string> validate_problem(const KernelSpec& s, const Problem& p) {
  if (s.dtype != p.dtype || s.acc != p.acc || s.layout != p.layout)
    return fmt::format("spec {} is {}/{}/{}, the problem is {}/{}/{}", spec_name(s),
                       to_string(s.dtype), to_string(s.acc), to_string(s.layout),
                       to_string(p.dtype), to_string(p.acc), to_string(p.layout));
  const auto& sh = p.shape;
  if (s.has_fixed_shape() && sh != s.fixed)
    return fmt::format("spec {} is compiled for {}x{}x{} only, the problem is {}x{}x{}",
                       spec_name(s), s.fixed.m, s.fixed.n, s.fixed.k, sh.m, sh.n, sh.k);
  if (sh.m < 1) return fmt::format("M = {} must be at least 1", sh.m);
  if (s.split_pass > 1) {
    // Every piece's partial tile lives in the stream's workspace at once.
    const size_t floats = split_pass_partial_floats(s, sh);
    if (floats > kSplitPassMaxFloats)
      return fmt::format(
          "spec {} keeps {} fp32 partials of its tiles ({} MiB) for the pieces' sum; the "
          "workspace holds {} MiB: fewer pieces, or a spec without skp, for this shape",
          spec_name(s), s.split_pass, floats * 4 >> 20, kSplitPassMaxFloats * 4 >> 20);
    if (s.split_last && size_t(split_last_counters(s, sh)) > kSplitLastMaxCounters)
      return fmt::format("spec {} needs {} counters for its last pieces; the workspace holds {}",
                         spec_name(s), split_last_counters(s, sh), kSplitLastMaxCounters);
  }
  // Swap-AB reads B as the kernel's A and stores C element by element (direct): any N in layout tn
  // (B's rows are of K); in nn B's rows are of N, so TMA's 16-byte rule holds N too.
  if (s.swap_ab && s.layout == Layout::nn && (sh.n < 8 || sh.n % 8 != 0))
    return fmt::format("N = {} must be a positive multiple of 8 (TMA needs 16-byte strides)", sh.n);
  if (s.swap_ab && sh.n < 1) return fmt::format("N = {} must be at least 1", sh.n);
  if (s.swap_ab && (sh.k < 8 || sh.k % 8 != 0))
    return fmt::format("K = {} must be a positive multiple of 8 (TMA needs 16-byte strides)", sh.k);
  if (s.swap_ab && s.epilogue != Epilogue::direct && sh.n % 8 != 0)
    return fmt::format(
        "N = {} must be a multiple of 8 for a TMA epilogue (C's rows in 16-byte strides)", sh.n);
  if (s.swap_ab) return {};
  // TMA needs every row stride to be a multiple of 16 bytes: 8 elements of 16 bits.
  if (sh.n < 8 || sh.n % 8 != 0)
    return fmt::format("N = {} must be a positive multiple of 8 (TMA needs 16-byte strides)", sh.n);
  if (sh.k < 8 || sh.k % 8 != 0)
    return fmt::format("K = {} must be a positive multiple of 8 (TMA needs 16-byte strides)", sh.k);
  return {};
}

void check_problem(const KernelSpec& s, const Problem& p) {
  if (auto v = validate_problem(s, p)) throw Error(describe(p) + ": " + *v);
}

}  // namespace autogemm
