// A test kernel for the JIT's module loading on a GPU: y[i] = 2 * x[i] + 1, staged through
// dynamic shared memory placed at the top of a large allocation, so the launch only works if the
// loader raised CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES above the 48 KiB default.
extern "C" __global__ void scale_dynamic_smem(const float* x, float* y, int n, int smem_floats) {
  extern __shared__ float smem[];
  float* stage = smem + smem_floats - blockDim.x;  // the last blockDim.x floats
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  stage[threadIdx.x] = i < n ? x[i] : 0.f;
  __syncthreads();
  if (i < n) y[i] = 2.f * stage[threadIdx.x] + 1.f;
}
