// The streaming kernel (scripts/runs/weight_stream.cuh), a probe of the eleventh session (notes
// 81): the decode shapes and a few skinny oracle100 shapes, correctness against an fp32 reference
// (N(0,1) data, C poisoned) and time per call as the bench's kernel mode measures it (CUDA events
// around 20 back-to-back launches with PDL, L2 warm, median of 7 loops), for several cluster
// slices S and row tiles per cluster q. Prints a CSV:
// M,N,K,config,slices,row_tiles,grid,smem,median_us,min_us,max_us,tbps,rel_err.
//   nvcc -O3 -std=c++20 -gencode arch=compute_90a,code=sm_90a -I include \
//     -o wstream_probe scripts/runs/wstream_probe.cu -lcuda
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "probe_data.cuh"
#include "weight_stream.cuh"

using namespace autogemm::sm90;

template <int T, int C, int P, int L>
using Cfg = StreamConfig<ElemType::kF16, T, C, P, L % 100, L / 100 % 10, L / 1000>;

template <int T, int C, int P, int L>
__global__ void __launch_bounds__(Cfg<T, C, P, L>::kThreads, 1)
    entry(const __grid_constant__ TmaDescriptor tokens, const StreamArgs args, int transposed) {
  extern __shared__ u8 smem_raw[];
  u8* smem = reinterpret_cast<u8*>((reinterpret_cast<size_t>(smem_raw) + 1023) / 1024 * 1024);
  weight_stream_kernel<Cfg<T, C, P, L>>(&tokens, args, transposed != 0, smem);
}

struct Variant {
  std::string name;
  int tokens, consumers, threads, smem, blocks_per_stage;
  void (*fn)(const TmaDescriptor, const StreamArgs, int);
};
#define V(T, C, P, L)                                                  \
  Variant {                                                            \
    "t" #T "_c" #C "_p" #P "_l" #L, T, C, Cfg<T, C, P, L>::kThreads,   \
        Cfg<T, C, P, L>::kSmemBytes + 1024, L / 100, entry<T, C, P, L> \
  }
#define VT(C, P, L) V(8, C, P, L), V(16, C, P, L), V(32, C, P, L), V(48, C, P, L), V(64, C, P, L)

// The tokens' tensor map: rows of K elements, box T x 64, 128B swizzle, zero fill past the edges.
TmaDescriptor token_map(const u16* x, int rows, int k, int box_rows) {
  CUtensorMap map;
  const cuuint64_t dims[2] = {cuuint64_t(k), cuuint64_t(rows)};
  const cuuint64_t strides[1] = {cuuint64_t(k) * 2};
  const cuuint32_t box[2] = {64, cuuint32_t(box_rows)};
  const cuuint32_t elem[2] = {1, 1};
  const CUresult r = cuTensorMapEncodeTiled(
      &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, const_cast<u16*>(x), dims, strides, box, elem,
      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    fprintf(stderr, "cuTensorMapEncodeTiled failed (%d)\n", int(r));
    exit(1);
  }
  TmaDescriptor d;
  static_assert(sizeof(d) == sizeof(map));
  memcpy(&d, &map, sizeof(d));
  return d;
}

struct Shape {
  int m, n, k;      // the GEMM
  bool transposed;  // tokens = A (C[t][row], W = B) or tokens = B (C[row][t], W = A)
};

int main() {
  const Variant variants[] = {VT(2, 16, 408), V(8, 2, 16, 1408), V(8, 2, 16, 2408),
                              VT(1, 16, 408), V(8, 1, 16, 1408), V(8, 1, 16, 2408)};
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  float* workspace;
  int* flags;
  CK(cudaMalloc(&workspace, size_t(sms) * 2 * 32 * 128 * 4));
  CK(cudaMalloc(&flags, size_t(sms) * 2 * 4));
  CK(cudaMemset(flags, 0, size_t(sms) * 2 * 4));
  const char* only = getenv("WSTREAM_ONLY");  // a config-name substring
  std::vector<Shape> shapes;
  for (auto [n, k] : {std::pair{5120, 5120}, {13824, 5120}, {5120, 13824}})
    for (int m : {1, 8, 16, 32, 48}) shapes.push_back({m, n, k, true});
  shapes.push_back({64, 4096, 4096, true});
  shapes.push_back({64, 16384, 16384, true});
  shapes.push_back({64, 12288, 16384, true});
  shapes.push_back({16384, 64, 16384, false});
  shapes.push_back({8192, 64, 8192, false});
  shapes.push_back({8192, 64, 12288, false});
  const long long max_w = 16384LL * 16384, max_x = 64LL * 16384, max_c = 64LL * 16384;
  ProbeBuffers buffers(max_w, max_x, max_c);
  auto& [w, x, c, ref, hc, href, stream, e0, e1] = buffers;
  printf("M,N,K,config,slices,row_tiles,grid,smem,median_us,min_us,max_us,tbps,rel_err\n");
  for (const Shape& sh : shapes) {
    const int tok = sh.transposed ? sh.m : sh.n, rows = sh.transposed ? sh.n : sh.m, k = sh.k;
    const double ref_max = buffers.reference_of(tok, rows, k);
    for (const Variant& v : variants) {
      if (v.tokens < tok || v.tokens >= tok + 8) continue;  // the smallest N that holds M
      if (only != nullptr && v.name.find(only) == std::string::npos) continue;
      const TmaDescriptor tmap = token_map(x, tok, k, v.tokens);
      const int tile_rows = 64 * v.consumers, tiles = (rows + tile_rows - 1) / tile_rows;
      const int kblocks = (k + 64 * v.blocks_per_stage - 1) / (64 * v.blocks_per_stage);
      CK(cudaFuncSetAttribute(v.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, v.smem));
      struct Cand {
        int s, q, grid;
      };
      const long long stages = (long long)tiles * kblocks;
      std::vector<Cand> cands = {{1, 1, int(std::min<long long>(stages, sms))}};
      if (stages > sms && sms > 120) cands.push_back({1, 1, sms - 4});
      for (const Cand& cd : cands) {
        StreamArgs args{};
        args.weight = w;
        args.c = c;
        args.m = tok;
        args.n = rows;
        args.k = k;
        args.ldc = sh.n;
        args.workspace = workspace;
        args.flags = flags;
        const int transposed = sh.transposed;
        cudaLaunchConfig_t cfg{};
        cudaLaunchAttribute attrs[1];
        attrs[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
        attrs[0].val.programmaticStreamSerializationAllowed = 1;
        cfg.gridDim = dim3(cd.grid);
        cfg.blockDim = dim3(v.threads);
        cfg.dynamicSmemBytes = v.smem;
        cfg.stream = stream;
        cfg.attrs = attrs;
        cfg.numAttrs = 1;
        poison<<<256, 256, 0, stream>>>(c, (long long)sh.m * sh.n);
        CK(cudaLaunchKernelEx(&cfg, v.fn, tmap, args, transposed));
        {
          const cudaError_t e = cudaStreamSynchronize(stream);
          if (e != cudaSuccess) {
            fprintf(stderr, "%d,%d,%d %s grid %d: %s\n", sh.m, sh.n, sh.k, v.name.c_str(), cd.grid,
                    cudaGetErrorString(e));
            return 1;
          }
        }
        CK(cudaMemcpy(hc.data(), c, (size_t)sh.m * sh.n * 2, cudaMemcpyDeviceToHost));
        double err =
            v.name.find("_l1") != std::string::npos || v.name.find("_l2") != std::string::npos ? -1
                                                                                               : 0;
        for (int t = 0; t < tok; ++t)
          for (int r = 0; r < rows; ++r) {
            __half_raw hr;
            hr.x = hc[sh.transposed ? (size_t)t * sh.n + r : (size_t)r * sh.n + t];
            const float got = float(__half(hr));
            const float want = href[(size_t)t * rows + r];
            if (err >= 0)
              err = std::max(err, std::isfinite(got) ? std::fabs(got - want) / ref_max : 1e9);
          }
        if (getenv("WSTREAM_CHECK_ONLY") != nullptr) {  // correctness only (e.g. under a sanitizer)
          printf("%d,%d,%d,%s,%d,%d,%d,%d,,,,,%.2e\n", sh.m, sh.n, sh.k, v.name.c_str(), cd.s, cd.q,
                 cd.grid, v.smem, err);
          continue;
        }
        const std::vector<float> t = buffers.time_launches(
            [&] { CK(cudaLaunchKernelEx(&cfg, v.fn, tmap, args, transposed)); });
        printf("%d,%d,%d,%s,%d,%d,%d,%d,%.2f,%.2f,%.2f,%.3f,%.2e\n", sh.m, sh.n, sh.k,
               v.name.c_str(), cd.s, cd.q, cd.grid, v.smem, t[3], t[0], t[6],
               2.0 * rows * k / (t[3] * 1e6), err);
        fflush(stdout);
      }
    }
  }
  return 0;
}
