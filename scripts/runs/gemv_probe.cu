// A decode kernel (gemv_kernel.cuh: weights streamed with plain 16-byte loads into mma.sync
// fragments) on the 15 decode shapes: correctness against an fp32 reference (N(0,1) data) and time
// per call, measured as the bench's kernel mode does (CUDA events around 20 back-to-back launches
// with PDL, L2 warm, median of 7 loops). Prints a CSV:
// M,N,K,config,median_us,min_us,max_us,tbps,rel_err. A probe, built and run by hand:
//   nvcc -O3 -std=c++20 -arch=sm_90a -o gemv_probe scripts/runs/gemv_probe.cu && ./gemv_probe
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gemv_kernel.cuh"
#include "probe_data.cuh"

using namespace autogemm::sm90;

template <int kRows, int kTiles, int kSlices, int kUnroll, bool kPrefetch, int kMinBlocks, int kL2,
          int kRowsPerWarp = 16>
__global__ void __launch_bounds__(kRows * 32 / kRowsPerWarp, kMinBlocks)
    gemv_entry(const GemvArgs args) {
  gemv_kernel<
      GemvConfig<ElemType::kF16, kRows, kTiles, kSlices, kUnroll, kPrefetch, kL2, kRowsPerWarp>>(
      args);
}

struct Variant {
  std::string name;
  int rows, tiles, slices, unroll, rows_per_warp;
  void (*fn)(const GemvArgs);
};

#define V(R, T, S, U, P, B, L)                                               \
  Variant {                                                                  \
    "r" #R "_t" #T "_s" #S "_u" #U "_p" #P "_b" #B "_l2" #L, R, T, S, U, 16, \
        gemv_entry<R, T, S, U, P, B, L>                                      \
  }
#define VT(R, S, U, P, B, L) \
  V(R, 1, S, U, P, B, L), V(R, 2, S, U, P, B, L), V(R, 4, S, U, P, B, L), V(R, 6, S, U, P, B, L)
// Eight rows per warp (runs of 32U elements per row and group), M <= 16 only.
#define V8(R, T, S, U, B, L)                                           \
  Variant {                                                            \
    "r" #R "_t" #T "_s" #S "_u" #U "_w8_b" #B "_l2" #L, R, T, S, U, 8, \
        gemv_entry<R, T, S, U, false, B, L, 8>                         \
  }
#define VT8(R, S, U, B, L) V8(R, 1, S, U, B, L), V8(R, 2, S, U, B, L)

int main() {
  const Variant variants[] = {
      VT(128, 8, 4, false, 2, 128), VT8(64, 8, 16, 2, 128), VT8(64, 8, 8, 2, 128),
      VT8(64, 4, 16, 2, 128),       VT8(32, 8, 16, 4, 128), VT8(64, 8, 16, 2, 0),
      VT8(128, 8, 16, 1, 128),      VT8(64, 2, 16, 2, 128), VT8(32, 4, 16, 4, 128)};
  const int ms[] = {1, 8, 16, 32, 48};
  const int nk[][2] = {{5120, 5120}, {13824, 5120}, {5120, 13824}};
  const long long max_w = 13824LL * 5120, max_x = 48LL * 13824, max_c = 48LL * 13824;
  ProbeBuffers buffers(max_w, max_x, max_c);
  auto& [w, x, c, ref, hc, href, stream, e0, e1] = buffers;
  printf("M,N,K,config,median_us,min_us,max_us,tbps,rel_err\n");
  for (auto [n, k] : nk)
    for (int m : ms) {
      const double ref_max = buffers.reference_of(m, n, k);
      for (const Variant& v : variants) {
        if (m > 8 * v.tiles || (v.tiles > 1 && m <= 8 * (v.tiles == 2 ? 1 : v.tiles == 4 ? 2 : 4)))
          continue;  // the smallest token tiling that holds M
        GemvArgs args{w, x, c, m, n, k, n};
        cudaLaunchConfig_t cfg{};
        cudaLaunchAttribute attrs[2];
        int na = 0;
        attrs[na].id = cudaLaunchAttributeProgrammaticStreamSerialization;
        attrs[na].val.programmaticStreamSerializationAllowed = 1;
        ++na;
        if (v.slices > 1) {
          attrs[na].id = cudaLaunchAttributeClusterDimension;
          attrs[na].val.clusterDim.x = v.slices;
          attrs[na].val.clusterDim.y = 1;
          attrs[na].val.clusterDim.z = 1;
          ++na;
        }
        cfg.gridDim = dim3(((n + v.rows - 1) / v.rows) * v.slices);
        cfg.blockDim = dim3(v.rows * 32 / v.rows_per_warp);
        cfg.stream = stream;
        cfg.attrs = attrs;
        cfg.numAttrs = na;
        poison<<<256, 256, 0, stream>>>(c, (long long)m * n);
        CK(cudaLaunchKernelEx(&cfg, v.fn, args));
        CK(cudaStreamSynchronize(stream));
        CK(cudaMemcpy(hc.data(), c, (size_t)m * n * 2, cudaMemcpyDeviceToHost));
        double err = 0;
        for (long long i = 0; i < (long long)m * n; ++i) {
          __half_raw hr;
          hr.x = hc[i];
          const float got = float(__half(hr));
          const double e = std::isfinite(got) ? std::fabs(got - href[i]) / ref_max : 1e9;
          err = std::max(err, e);
        }
        const std::vector<float> t =
            buffers.time_launches([&] { CK(cudaLaunchKernelEx(&cfg, v.fn, args)); });
        const double bytes = 2.0 * n * k;
        printf("%d,%d,%d,%s,%.2f,%.2f,%.2f,%.3f,%.2e\n", m, n, k, v.name.c_str(), t[3], t[0], t[6],
               bytes / (t[3] * 1e6), err);
        fflush(stdout);
      }
    }
  return 0;
}
