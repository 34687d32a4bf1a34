// Which SMs share a GPC: a cluster's CTAs always run in one GPC, so launching clusters of many
// sizes (one CTA per SM, forced by shared memory) and joining the SMs each cluster ran on gives
// the GPCs as connected components. Prints one line per GPC: its SM ids. Built and run by hand
// (nvcc -arch=sm_90a -o gpc_map gpc_map.cu); a probe, not part of the library.
#include <cuda_runtime.h>
#include <cstdio>
#include <numeric>
#include <vector>

__global__ void record_sm(int* sm_of_cta) {
  unsigned sm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  if (threadIdx.x == 0) sm_of_cta[blockIdx.x] = int(sm);
}

static int find(std::vector<int>& p, int x) {
  return p[x] == x ? x : p[x] = find(p, p[x]);
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int smem = 200 * 1024;  // one CTA per SM
  cudaFuncSetAttribute(record_sm, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(record_sm, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  std::vector<int> parent(1024);
  std::iota(parent.begin(), parent.end(), 0);
  int* d = nullptr;
  cudaMalloc(&d, 4096 * sizeof(int));
  for (int size : {16, 14, 12, 10, 8, 6, 4, 2}) {
    for (int rep = 0; rep < 20; ++rep) {
      const int clusters = (sms / size) * (1 + rep % 3);
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(clusters * size);
      cfg.blockDim = dim3(128);
      cfg.dynamicSmemBytes = smem;
      cudaLaunchAttribute attr;
      attr.id = cudaLaunchAttributeClusterDimension;
      attr.val.clusterDim.x = size;
      attr.val.clusterDim.y = attr.val.clusterDim.z = 1;
      cfg.attrs = &attr;
      cfg.numAttrs = 1;
      if (cudaLaunchKernelEx(&cfg, record_sm, d) != cudaSuccess) {
        cudaGetLastError();
        break;  // this cluster size cannot run here
      }
      std::vector<int> h(size_t(clusters) * size);
      cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost);
      for (size_t i = 0; i < h.size(); ++i)
        parent[size_t(find(parent, h[i]))] = find(parent, h[i - i % size]);
    }
  }
  std::vector<std::vector<int>> groups(1024);
  for (int s = 0; s < sms; ++s) groups[size_t(find(parent, s))].push_back(s);
  for (auto& g : groups)
    if (!g.empty()) {
      printf("GPC (%zu SMs):", g.size());
      for (int s : g) printf(" %d", s);
      printf("\n");
    }
  return 0;
}
