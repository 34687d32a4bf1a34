// A test kernel for the JIT: one wgmma m64n64k16 (f32 += f16 * f16) with both operands read
// from shared memory through matrix descriptors. It computes nothing meaningful; it exists so
// the CPU tests can check that NVRTC targets sm_90a (HGMMA in the SASS) and that the ptxas log
// reports registers and spills. Self-contained: NVRTC gets no include path.

// A shared-memory matrix descriptor without swizzling: start address, leading- and
// stride-dimension byte offsets, all in 16-byte units.
__device__ unsigned long long smem_descriptor(const void* smem, unsigned lead, unsigned stride) {
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  return (unsigned long long)((addr >> 4) & 0x3FFF) |
         (unsigned long long)((lead >> 4) & 0x3FFF) << 16 |
         (unsigned long long)((stride >> 4) & 0x3FFF) << 32;
}

extern "C" __global__ void __launch_bounds__(128) wgmma_probe(const unsigned short* in,
                                                              float* out) {
  __shared__ alignas(128) unsigned short a[64 * 16];
  __shared__ alignas(128) unsigned short b[64 * 16];
  for (int i = threadIdx.x; i < 64 * 16; i += blockDim.x) {
    a[i] = in[i];
    b[i] = in[64 * 16 + i];
  }
  // Make the generic-proxy stores visible to the async proxy wgmma reads through.
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();

  float d[32];
  for (int i = 0; i < 32; ++i) d[i] = 0.f;
  const unsigned long long da = smem_descriptor(a, 128, 256);
  const unsigned long long db = smem_descriptor(b, 128, 256);

  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#define AUTOGEMM_D8(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), \
                       "+f"(d[i + 4]), "+f"(d[i + 5]), "+f"(d[i + 6]), "+f"(d[i + 7])
  asm volatile(
      "{\n"
      ".reg .pred scale_d;\n"
      "setp.ne.b32 scale_d, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
      "%32, %33, scale_d, 1, 1, 0, 0;\n"
      "}\n"
      : AUTOGEMM_D8(0), AUTOGEMM_D8(8), AUTOGEMM_D8(16), AUTOGEMM_D8(24)
      : "l"(da), "l"(db), "r"(0));  // scale_d = 0: D = A * B
#undef AUTOGEMM_D8
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");

  for (int i = 0; i < 32; ++i) out[threadIdx.x * 32 + i] = d[i];
}
