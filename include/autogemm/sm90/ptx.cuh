// Thin inline-PTX wrappers for the Hopper (sm_90a) features the GEMM uses: mbarriers, the TMA copy
// engine, wgmma fences, cluster addressing and register reallocation. Compiled by NVRTC: no
// standard headers, only builtin types.
#pragma once

namespace autogemm::sm90 {

using u8 = unsigned char;
using u16 = unsigned short;
using u32 = unsigned int;
using u64 = unsigned long long;

// Same size and alignment as the driver's CUtensorMap; the host fills it, the kernel only passes
// its address to TMA instructions.
struct alignas(64) TmaDescriptor {
  u64 opaque[16];
};

__device__ __forceinline__ u32 smem_addr(const void* p) {
  return static_cast<u32>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void st_shared_u32(u32 addr, u32 v) {
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(addr), "r"(v) : "memory");
}

// ---- mbarrier ------------------------------------------------------------------------------
__device__ __forceinline__ void mbar_init(u64* bar, u32 arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(arrivals));
}

// Programmatic dependent launch. launch_dependents: the next grid in the stream (if launched
// with the PDL attribute) may start its CTAs once every CTA of this one has said so. wait: block
// until the previous grid has finished and its writes are visible (a no-op without PDL).
__device__ __forceinline__ void griddep_launch_dependents() {
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
}
__device__ __forceinline__ void griddep_wait() {
  asm volatile("griddepcontrol.wait;" ::: "memory");
}

// Makes barrier initialisation visible to the async proxy and to the other CTAs of the cluster.
__device__ __forceinline__ void fence_barrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

__device__ __forceinline__ void mbar_arrive_expect_tx(u64* bar, u32 bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(bar)),
               "r"(bytes)
               : "memory");
}

__device__ __forceinline__ void mbar_arrive(u64* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}

// Arrive on the barrier at the same shared-memory offset in CTA `cta_rank` of this cluster.
__device__ __forceinline__ void mbar_arrive_cluster(u64* bar, u32 cta_rank) {
  asm volatile(
      "{\n .reg .b32 remote;\n"
      " mapa.shared::cluster.u32 remote, %0, %1;\n"
      " mbarrier.arrive.shared::cluster.b64 _, [remote];\n}" ::"r"(smem_addr(bar)),
      "r"(cta_rank)
      : "memory");
}

// Blocks until the barrier's phase with the given parity has completed.
__device__ __forceinline__ void mbar_wait(u64* bar, u32 parity) {
#ifdef AUTOGEMM_MBAR_SUSPEND_NS
  // Experiment: let the hardware park the thread up to this long per try instead of its default.
  asm volatile(
      "{\n .reg .pred done;\n"
      "WAIT_%=:\n"
      " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1, %2;\n"
      " @!done bra WAIT_%=;\n}" ::"r"(smem_addr(bar)),
      "r"(parity), "n"(AUTOGEMM_MBAR_SUSPEND_NS)
      : "memory");
#else
  asm volatile(
      "{\n .reg .pred done;\n"
      "WAIT_%=:\n"
      " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      " @!done bra WAIT_%=;\n}" ::"r"(smem_addr(bar)),
      "r"(parity)
      : "memory");
#endif
}

// ---- TMA (bulk tensor copies) ----------------------------------------------------------------
// Asks L2 for a 2-D box of the tensor (a hint: no shared memory, no barrier).
__device__ __forceinline__ void tma_prefetch_2d(const TmaDescriptor* desc, int c0, int c1) {
  asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];" ::"l"(desc),
               "r"(c0), "r"(c1)
               : "memory");
}

__device__ __forceinline__ void tma_prefetch_descriptor(const TmaDescriptor* desc) {
  asm volatile("prefetch.tensormap [%0];" ::"l"(desc) : "memory");
}

// 2-D tile load global -> this CTA's shared memory; completion is signalled on `bar` in bytes.
__device__ __forceinline__ void tma_load_2d(void* dst, const TmaDescriptor* desc, u64* bar, int c0,
                                            int c1) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%3, %4}], [%2];" ::"r"(smem_addr(dst)),
      "l"(desc), "r"(smem_addr(bar)), "r"(c0), "r"(c1)
      : "memory");
}

// The same load delivered to the same shared-memory offset in every CTA of `cta_mask`, each
// CTA's barrier at `bar`'s offset receiving the bytes.
__device__ __forceinline__ void tma_load_2d_multicast(void* dst, const TmaDescriptor* desc,
                                                      u64* bar, int c0, int c1, u16 cta_mask) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::"
      "cluster"
      " [%0], [%1, {%3, %4}], [%2], %5;" ::"r"(smem_addr(dst)),
      "l"(desc), "r"(smem_addr(bar)), "r"(c0), "r"(c1), "h"(cta_mask)
      : "memory");
}

// 2-D tile store shared -> global, tracked by the issuing thread's bulk groups. Rows and columns
// outside the tensor are not written.
__device__ __forceinline__ void tma_store_2d(const TmaDescriptor* desc, const void* src, int c0,
                                             int c1) {
  asm volatile(
      "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];" ::"l"(desc),
      "r"(smem_addr(src)), "r"(c0), "r"(c1)
      : "memory");
}
__device__ __forceinline__ void tma_store_commit() {
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}
// Waits until at most kPending committed stores still read their shared-memory source.
template <int kPending>
__device__ __forceinline__ void tma_store_wait_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(kPending) : "memory");
}
template <int kPending>
__device__ __forceinline__ void tma_store_wait() {
  asm volatile("cp.async.bulk.wait_group %0;" ::"n"(kPending) : "memory");
}
// Orders this thread's ordinary shared-memory writes before later async-proxy (TMA) reads.
__device__ __forceinline__ void fence_proxy_async_smem() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
// Signals named barrier `id` (of kThreads threads) without waiting for it.
template <int kThreads>
__device__ __forceinline__ void named_barrier_arrive(int id) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "n"(kThreads) : "memory");
}
// Barrier among `kThreads` threads with id `id` (0 is __syncthreads').
template <int kThreads>
__device__ __forceinline__ void named_barrier_sync(int id) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "n"(kThreads) : "memory");
}

// ---- wgmma ordering ----------------------------------------------------------------------------
__device__ __forceinline__ void wgmma_fence() {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
}
__device__ __forceinline__ void wgmma_commit() {
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}
template <int kPending>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(kPending) : "memory");
}
// Pins registers written by wgmma to this point: the compiler does not know wgmma writes them
// asynchronously, so without it a plain read (an accumulator-set sum, a scale) could be scheduled
// above the wait before it. No instruction is emitted.
__device__ __forceinline__ void pin_registers(float& r) {
  asm volatile("" : "+f"(r)::"memory");
}
__device__ __forceinline__ void pin_registers(u32& r) {
  asm volatile("" : "+r"(r)::"memory");
}
template <class T, int kN>
__device__ __forceinline__ void pin_registers(T (&r)[kN]) {
#pragma unroll
  for (int i = 0; i < kN; ++i) pin_registers(r[i]);
}

// Shared-memory matrix descriptor for wgmma. Offsets are in bytes.
//   kSwizzle: the layout type, 1 = 128-byte swizzle, 2 = 64-byte (bk 32: 32-element rows of K,
//     an 8-row period of 512 bytes).
//   lbo: K-major: unused; MN-major: stride between 64-element (128 B) column chunks.
//   sbo: stride between groups of 8 rows (K-major) / 8 K-rows (MN-major).
template <u64 kSwizzle>
__device__ __forceinline__ u64 smem_descriptor(const void* p, u32 lbo, u32 sbo) {
  u64 desc = 0;
  desc |= u64((smem_addr(p) & 0x3FFFF) >> 4);
  desc |= u64((lbo & 0x3FFFF) >> 4) << 16;
  desc |= u64((sbo & 0x3FFFF) >> 4) << 32;
  desc |= kSwizzle << 62;
  return desc;
}
// A descriptor to step through a buffer: built once from its start, then moved by 32-bit adds
// in 16-byte units (the start-address field holds address / 16 in 14 bits; shared memory is
// under 256 KB, so an offset inside the buffer never carries out of it).
struct SmemDescriptor {
  u32 lo, hi;
  __device__ __forceinline__ explicit SmemDescriptor(u64 desc)
      : lo(static_cast<u32>(desc)), hi(static_cast<u32>(desc >> 32)) {}
  __device__ __forceinline__ SmemDescriptor plus(u32 units16) const {
    SmemDescriptor d = *this;
    d.lo += units16;
    return d;
  }
  __device__ __forceinline__ u64 value() const { return (u64(hi) << 32) | u64(lo); }
};

__device__ __forceinline__ u64 smem_descriptor_sw128(const void* p, u32 lbo, u32 sbo) {
  return smem_descriptor<1>(p, lbo, sbo);
}
__device__ __forceinline__ u64 smem_descriptor_sw64(const void* p, u32 lbo, u32 sbo) {
  return smem_descriptor<2>(p, lbo, sbo);
}

// ---- clusters and warps --------------------------------------------------------------------
__device__ __forceinline__ u32 cluster_cta_rank() {
  u32 r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
__device__ __forceinline__ u32 cluster_id_x() {
  u32 r;
  asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(r));
  return r;
}
__device__ __forceinline__ u32 num_clusters_x() {
  u32 r;
  asm volatile("mov.u32 %0, %%nclusterid.x;" : "=r"(r));
  return r;
}
// The address of the same shared-memory location in cluster CTA `cta_rank` (distributed
// shared memory), for ld.shared::cluster.
__device__ __forceinline__ u32 cluster_map_shared(u32 addr, u32 cta_rank) {
  u32 remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(addr), "r"(cta_rank));
  return remote;
}
__device__ __forceinline__ float ld_shared_cluster_f32(u32 addr) {
  float v;
  asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(v) : "r"(addr) : "memory");
  return v;
}
// Every thread of every CTA in the cluster.
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::
                   : "memory");
}

template <u32 kRegs>
__device__ __forceinline__ void regs_increase() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(kRegs));
}
template <u32 kRegs>
__device__ __forceinline__ void regs_decrease() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(kRegs));
}

// Packs two floats into one 32-bit register of two 16-bit values (low = a).
__device__ __forceinline__ u32 pack_f16x2(float a, float b) {
  u32 r;
  asm("cvt.rn.f16x2.f32 %0, %2, %1;" : "=r"(r) : "f"(a), "f"(b));
  return r;
}
__device__ __forceinline__ u32 pack_bf16x2(float a, float b) {
  u32 r;
  asm("cvt.rn.bf16x2.f32 %0, %2, %1;" : "=r"(r) : "f"(a), "f"(b));
  return r;
}

}  // namespace autogemm::sm90
