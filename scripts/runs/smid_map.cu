// Where a plain launch puts each CTA: a grid of one CTA per SM (forced by shared memory), launched
// without PDL, records each CTA's SM; printed is the inverse, for each SM the CTA the hardware put
// there, as two lower-case hex digits per SM (the AUTOGEMM_SMID_MAP experiment of notes 387), then
// on stderr whether REPS launches placed the CTAs alike. Built and run by hand
// (nvcc -arch=sm_90a -o smid_map smid_map.cu); a probe, not part of the library.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

__global__ void record_sm(int* sm_of_cta) {
  unsigned sm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  if (threadIdx.x == 0) sm_of_cta[blockIdx.x] = int(sm);
  const long long start = clock64();  // stay resident until the whole grid is placed
  while (clock64() - start < 200000) {
  }
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int smem = 200 * 1024;
  cudaFuncSetAttribute(record_sm, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  int* d = nullptr;
  cudaMalloc(&d, size_t(sms) * sizeof(int));
  std::vector<int> first;
  std::vector<int> h(static_cast<size_t>(sms));
  int same = 0;
  const int reps = 20;
  for (int rep = 0; rep < reps; ++rep) {
    record_sm<<<sms, 128, smem>>>(d);
    cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost);
    if (rep == 0) first = h;
    same += h == first;
  }
  std::vector<int> cta_of_sm(size_t(sms), -1);
  for (int b = 0; b < sms; ++b) {
    if (first[size_t(b)] < 0 || first[size_t(b)] >= sms ||
        cta_of_sm[size_t(first[size_t(b)])] >= 0) {
      fprintf(stderr, "not one CTA per SM\n");
      return 1;
    }
    cta_of_sm[size_t(first[size_t(b)])] = b;
  }
  for (int s = 0; s < sms; ++s) printf("%02x", cta_of_sm[size_t(s)]);
  printf("\n");
  fprintf(stderr, "%d of %d launches placed as the first; first: sm of cta", same, reps);
  for (int b = 0; b < sms; ++b) fprintf(stderr, " %d", first[size_t(b)]);
  fprintf(stderr, "\n");
  return 0;
}
