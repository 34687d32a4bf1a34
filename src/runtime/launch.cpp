#include "runtime/launch.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/cuda_check.hpp"
#include "core/driver_api.hpp"
#include "runtime/sm_placement.hpp"
#include "spec/name.hpp"

namespace autogemm {

LaunchConfig::LaunchConfig(unsigned grid, unsigned threads, unsigned smem, unsigned cluster,
                           cudaStream_t stream, bool pdl, bool cluster_attribute) {
  unsigned n = 0;
  if (cluster_attribute) {
    attrs[n].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attrs[n].value.clusterDim.x = cluster;
    attrs[n].value.clusterDim.y = 1;
    attrs[n].value.clusterDim.z = 1;
    ++n;
  }
  if (pdl) {
    attrs[n].id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    attrs[n].value.programmaticStreamSerializationAllowed = 1;
    ++n;
  }
  cfg.gridDimX = grid;
  cfg.gridDimY = cfg.gridDimZ = 1;
  cfg.blockDimX = threads;
  cfg.blockDimY = cfg.blockDimZ = 1;
  cfg.sharedMemBytes = smem;
  cfg.hStream = reinterpret_cast<CUstream>(stream);
  cfg.attrs = attrs;
  cfg.numAttrs = n;
}

int max_active_clusters(CUfunction fn, const KernelSpec& s) {
  const unsigned cluster = unsigned(s.cluster_m * s.cluster_n * s.cluster_k);
  const LaunchConfig launch(cluster, unsigned(threads_per_block(s)), unsigned(smem_bytes(s)),
                            cluster, nullptr);
  int count = 0;
  check_driver(driver().occupancy_max_active_clusters(&count, fn, &launch.cfg),
               "cuOccupancyMaxActiveClusters");
  if (count < 1) throw Error("kernel does not fit on the device (no cluster can be resident)");
  return count;
}

unsigned split_reduce_smem(long long pass_blocks, long long gemm_ctas, long long sms,
                           int blocks_per_sm) {
  const long long idle_sms = std::max<long long>(0, sms - gemm_ctas);
  // Only where the GEMM leaves at least as many SMs idle as it uses: packed onto a few idle SMs
  // beside a nearly full GEMM (108-120 pieces on 132 SMs), the pass cost decode shapes 5-11%
  // (h200_reduce_place_s24.md); with 32-64 pieces it saves 2-17%.
  return idle_sms >= gemm_ctas && pass_blocks <= blocks_per_sm * idle_sms
             ? 0u
             : unsigned(kSplitReduceSmemBytes);
}

void set_tile_order(sm90::GemmArgs& args, const KernelSpec& s, const Shape& shape) {
  const UnitGrid units = cluster_unit_grid(s, shape);
  const bool raster_n = s.raster == Raster::n;
  const long long banded = raster_n ? units.n : units.m, across = raster_n ? units.m : units.n;
  const long long band = s.swizzle * across,
                  tail = banded % s.swizzle ? banded % s.swizzle : s.swizzle;
  // fast_div is exact for numerators and divisors below 2^31; units are far fewer.
  if (band < 1 || band >= (1LL << 31) || banded * across >= (1LL << 31))
    throw Error(fmt::format("problem {}x{}x{} has too many tiles for spec {}", shape.m, shape.n,
                            shape.k, spec_name(s)));
  args.band = sm90::make_fast_div(unsigned(band));
  args.tail = sm90::make_fast_div(unsigned(tail));
}

LaunchPlan make_plan(const KernelSpec& s, const Problem& p, CUfunction fn, int resident_clusters,
                     const void* a, const void* b, void* c, CUfunction reduce) {
  // Swap-AB: the kernel computes Cᵀ (N×M) = B (N×K, its "A") · Aᵀ (A as its tn "B").
  const Problem q =
      s.swap_ab ? Problem{{p.shape.n, p.shape.m, p.shape.k}, p.dtype, p.acc, p.layout} : p;
  LaunchPlan plan;
  plan.maps = s.swap_ab ? make_tensor_maps(s, q, b, a, c) : make_tensor_maps(s, q, a, b, c);
  plan.args.c = c;
  plan.args.m = int(q.shape.m);
  plan.args.n = int(q.shape.n);
  plan.args.k = int(q.shape.k);
  plan.args.ldc = p.shape.n;  // C's row stride either way
  set_tile_order(plan.args, s, p.shape);
  plan.function = fn;
  plan.cluster = unsigned(s.cluster_m * s.cluster_n * s.cluster_k);
  const long long units = cluster_units(s, p.shape);
  // Stream-K spreads the k-blocks of the last wave (all of them when the tiles do not fill the
  // GPU) over every resident CTA, at least one k-block each, or over at most sk_splits CTAs per
  // tile; data-parallel grids stop at one CTA per tile.
  const long long kblocks = (p.shape.k + s.bk - 1) / s.bk;
  const long long clusters =
      !s.persistent ? units * s.split_pass
      : s.stream_k
          ? std::min<long long>(
                resident_clusters,
                units * std::min<long long>(kblocks, s.sk_splits > 0 ? s.sk_splits : kblocks))
          : std::min<long long>(units, resident_clusters);
  if (clusters * plan.cluster > 0x7fffffffLL) throw Error("problem needs too many thread blocks");
  plan.grid = unsigned(clusters * plan.cluster);
  // Pieces placed by SM: one CTA per SM, each taking one piece or more (sm_placement.cuh).
  if (s.sm_placed) {
    int device = 0, sms = 0;
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
               "cudaDeviceGetAttribute(multiprocessor count)");
    if (sms < 1 || sms > sm90::kSmSlots)
      throw Error(fmt::format("spec {} places its pieces by SM: {} SMs (at most {})", spec_name(s),
                              sms, sm90::kSmSlots));
    plan.grid = unsigned(sms);
    plan.sm_placed = true;
  }
  plan.threads = unsigned(threads_per_block(s));
  plan.smem = unsigned(smem_bytes(s));
  plan.stream_k = s.stream_k;
  plan.pdl = s.pdl;
  plan.consumers = s.consumers;
  // Stream-K keeps one fp32 partial tile per CTA of the grid, the reduction pass one per piece.
  if (s.stream_k) plan.partial_bytes = stream_k_partial_bytes(plan.grid, s.bm, s.bn);
  if (s.split_pass > 1)
    plan.partial_bytes = stream_k_partial_bytes(unsigned(clusters * plan.cluster), s.bm, s.bn);
  if (s.split_last) plan.split_last_counters = split_last_counters(s, p.shape);
  if (has_reduction_pass(s)) {
    if (reduce == nullptr) throw Error("split-K with a reduction pass: no reduction kernel given");
    plan.reduce_function = reduce;
    // Blocks per tile and consumer: at most four 128-thread blocks per SM in all (one wave, see
    // kSplitReduceSmemBytes), each summing at least one accumulator pair per thread.
    const long long pairs = (consumer_rows(s) / 64) * consumer_cols(s) / 4;
    const long long blocks = units * plan.cluster * s.consumers;
    const long long sms = (long long)resident_clusters * plan.cluster;
    const long long slices =
        std::clamp<long long>(kSplitReduceBlocksPerSm * sms / blocks, 1, pairs);
    plan.args.reduce_slices = int(slices);
    plan.reduce_grid = unsigned(blocks * slices);
    // Where the SMs the GEMM leaves idle are at least as many as it uses and hold the whole pass
    // at once, its blocks go there and ask for nothing: they were resident before the GEMM ended,
    // and the next GEMM's CTAs may start beside them. Otherwise they ask for kSplitReduceSmemBytes,
    // at most four to an SM, so they spread over the SMs the GEMM's pieces free instead of piling
    // onto the first ones (h200_reduce_smem_*: 512x512x16384 with 128x128 2x1 skp8, 128 CTAs, 24.2
    // us without the request and 22.4 with it; 128x256x16384 with 64x64 skp8, 64 CTAs, 8.1 without,
    // 9.7 with; decode picks of 108-120 CTAs 5-11% faster with it, h200_reduce_place_s24.md).
    // All measured while the GEMM triggered its dependents early; since session 36 it does not
    // (gemm.cuh), so the pass starts as the GEMM exits: the rule is unmeasured since.
    int per_sm = 0;
    check_driver(driver().occupancy_max_active_blocks(&per_sm, reduce, 128, 0),
                 "cuOccupancyMaxActiveBlocksPerMultiprocessor (split-K reduction pass)");
    const long long working = std::min<long long>(plan.grid, clusters * plan.cluster);
    plan.reduce_smem = split_reduce_smem(plan.reduce_grid, working, sms, per_sm);
  }
  return plan;
}

sm90::GemmArgs launch_args(const LaunchPlan& plan, const Workspace* workspace) {
  sm90::GemmArgs args = plan.args;
  if (plan.needs_workspace()) {
    // Stream-K also needs its flags; the reduction pass's pieces only their partials.
    if (workspace == nullptr || workspace->partial_bytes < plan.partial_bytes ||
        (plan.stream_k && workspace->flag_count / 2 < plan.consumers * int(plan.grid)) ||
        workspace->counter_count < plan.split_last_counters ||
        (plan.sm_placed && workspace->sm_slots == nullptr))
      throw Error(std::string(plan.stream_k ? "stream-K" : "split-K") +
                  " launch without a large enough workspace");
    args.workspace = workspace->partials;
    // split_last's pieces count per warp in their own array (stream-K's flags are per CTA).
    args.flags = plan.split_last_counters > 0 ? workspace->counters : workspace->flags;
    args.flag_stride = workspace->flag_count / 2;
    if (plan.sm_placed) args.sm_slots = workspace->sm_slots;
  }
  return args;
}

void launch(const LaunchPlan& plan, cudaStream_t stream, const Workspace* workspace, float alpha,
            float beta) {
  sm90::GemmArgs args = launch_args(plan, workspace);
  if (plan.sm_placed) record_sm_placement(*workspace, stream, int(plan.grid));
  args.alpha = alpha;
  args.beta = beta;
  const LaunchConfig config(plan, stream);
  void* params[] = {const_cast<CUtensorMap*>(&plan.maps.a), const_cast<CUtensorMap*>(&plan.maps.b),
                    const_cast<CUtensorMap*>(&plan.maps.c), &args};
  check_driver(driver().launch_kernel_ex(&config.cfg, plan.function, params, nullptr),
               "cuLaunchKernelEx");
  if (plan.reduce_function != nullptr) {
    // Always under PDL: launched ready, it starts as the GEMM grid exits (the GEMM does not trigger
    // early since session 36) and waits for the GEMM's writes (griddepcontrol.wait).
    const LaunchConfig pass(plan.reduce_grid, 128, plan.reduce_smem, 1, stream, /*pdl=*/true,
                            false);
    void* pass_params[] = {&args};
    check_driver(driver().launch_kernel_ex(&pass.cfg, plan.reduce_function, pass_params, nullptr),
                 "cuLaunchKernelEx (split-K reduction pass)");
  }
}

}  // namespace autogemm
