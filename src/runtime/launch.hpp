// Launching one compiled kernel instance: grid geometry from the spec and shape, and the
// cuLaunchKernelEx call with the cluster attribute. Everything here is mechanism; which spec to
// run is decided elsewhere.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include "autogemm/sm90/types.cuh"
#include "runtime/tensor_maps.hpp"
#include "runtime/workspace.hpp"
#include "spec/kernel_spec.hpp"

namespace autogemm {

struct LaunchPlan {
  OperandMaps maps;  // first: keeps the 64-byte alignment the descriptors need
  sm90::GemmArgs args{};
  CUfunction function = nullptr;
  unsigned grid = 0;  // CTAs, a multiple of the cluster size
  unsigned threads = 0;
  unsigned smem = 0;
  unsigned cluster = 1;
  bool stream_k = false;  // needs a Workspace at launch
  bool pdl = false;       // programmatic dependent launch attribute
  int consumers = 0;      // stream-K flags per CTA
  size_t partial_bytes = 0;
  // Split-K with a reduction pass: the pass's kernel and grid (128-thread blocks), launched
  // behind the GEMM with programmatic dependent launch.
  CUfunction reduce_function = nullptr;
  unsigned reduce_grid = 0;
  unsigned reduce_smem = 0;  // shared memory its blocks ask for (kSplitReduceSmemBytes or 0)
  // Split-K summed by each tile's last piece (KernelSpec::split_last): the workspace's counters
  // it needs (split_last_counters), no pass.
  long long split_last_counters = 0;
  // Pieces placed by SM (KernelSpec::sm_placed): one CTA per SM (`grid` is the SM count); the
  // workspace's sm_slots, with its placement map recorded before the first such launch.
  bool sm_placed = false;
  bool needs_workspace() const {
    return stream_k || reduce_function != nullptr || split_last_counters > 0 || sm_placed;
  }
};

// cuLaunchKernelEx's configuration with the cluster attribute (and the programmatic-stream-
// serialization one for PDL). A plan of one-CTA clusters launches without the cluster
// attribute: the kernel uses no cluster feature then, and the driver's plain path is cheaper
// per call (what the latency shapes pay). Not copyable: cfg points at attrs.
struct LaunchConfig {
  CUlaunchAttribute attrs[2]{};
  CUlaunchConfig cfg{};
  LaunchConfig(unsigned grid, unsigned threads, unsigned smem, unsigned cluster,
               cudaStream_t stream, bool pdl = false, bool cluster_attribute = true);
  LaunchConfig(const LaunchPlan& p, cudaStream_t stream)
      : LaunchConfig(p.grid, p.threads, p.smem, p.cluster, stream, p.pdl, p.cluster > 1) {}
  LaunchConfig(const LaunchConfig&) = delete;
  LaunchConfig& operator=(const LaunchConfig&) = delete;
};

// Shared memory the split-K reduction pass's blocks ask for: none where the SMs the GEMM leaves
// idle (sms - gemm_ctas) are at least as many as the GEMM's CTAs and hold all `pass_blocks` at
// once (`blocks_per_sm` each, the pass's occupancy), else kSplitReduceSmemBytes, which keeps
// them to four per SM (make_plan says why).
unsigned split_reduce_smem(long long pass_blocks, long long gemm_ctas, long long sms,
                           int blocks_per_sm);

// How many clusters of this kernel fit on the device at once (1 CTA per SM). Queried from the
// driver, because 2-CTA clusters must fit inside one GPC and not every SM count pairs up.
int max_active_clusters(CUfunction, const KernelSpec&);

// The tile order's divisors in `args` (GemmArgs::band, tail) for spec `s` on the problem's
// `shape` (cluster_unit_grid puts it in the kernel's frame). Throws Error when the tiles are too
// many for them (2^31 units).
void set_tile_order(sm90::GemmArgs& args, const KernelSpec& s, const Shape& shape);

// Builds the plan; `resident_clusters` bounds a persistent grid. `reduce`: the spec's reduction
// pass (jit::load_split_reduce), required when has_reduction_pass(spec).
LaunchPlan make_plan(const KernelSpec&, const Problem&, CUfunction, int resident_clusters,
                     const void* a, const void* b, void* c, CUfunction reduce = nullptr);

// The kernel's arguments for one launch of `plan`: the plan's, with `workspace`'s partials and
// flags (or split_last's counters) where the plan needs_workspace() (Error if it is missing or too
// small).
sm90::GemmArgs launch_args(const LaunchPlan&, const Workspace* workspace);

// `workspace` is needed (and checked) for plans that need_workspace() only.
// `alpha` and `beta` reach scaled kernels only (KernelSpec::scaled); others ignore them.
void launch(const LaunchPlan&, cudaStream_t, const Workspace* workspace = nullptr,
            float alpha = 1.0f, float beta = 0.0f);

}  // namespace autogemm
