// Cycle stamps for `autogemm trace`: where a CTA's time goes (waiting for data, MMAs, epilogue).
// Compiled in only when the JIT defines AUTOGEMM_TRACE (a separate cache entry), so the kernels
// that are timed and served carry none of it.
//
// Layout of args.trace, per CTA: a header of kTraceHeader words (clock64 and %globaltimer at
// the start, the same at consumer 0's exit: their ratio is the SM clock; then the SM the CTA ran
// on, plus one, so that 0 still means unrecorded), then for each role
// (consumer warpgroups 0..C-1, then the producer) args.trace_items records of kTraceFields words.
// Consumer record of an item: [start, data ready (first full barrier passed), MMAs done,
// epilogue done, cycles spent waiting on later full barriers]. Producer: [start, 0, 0, end,
// cycles spent waiting on empty barriers]. Unrecorded items stay zero.
#pragma once

#include "autogemm/sm90/ptx.cuh"
#include "autogemm/sm90/types.cuh"

namespace autogemm::sm90 {

#ifdef AUTOGEMM_TRACE
inline constexpr bool kTrace = true;
#else
inline constexpr bool kTrace = false;
#endif
inline constexpr int kTraceHeader = 5, kTraceFields = 5;
inline constexpr int kTraceSmWord = 4;  // the header's SM word
enum TraceField : int { kStart = 0, kReady = 1, kMmaDone = 2, kEnd = 3, kWaited = 4 };

__device__ __forceinline__ u64 globaltimer_ns() {
  u64 t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Words of one CTA's region.
__host__ __device__ inline long long trace_region_words(int roles, int items) {
  return kTraceHeader + (long long)roles * items * kTraceFields;
}

// One role's record, written by its leader thread only. Holds as little as possible in
// registers (the pointer is recomputed from the kernel parameters at each stamp), so the tracing
// build keeps the served build's register allocation.
template <int kRoles>
struct TraceRecord {
  const GemmArgs& args;
  int role;
  bool leader;
  u32 waited = 0;  // cycles waited since the last put_waited (one item: fits 32 bits)

  __device__ TraceRecord(const GemmArgs& a, int r, bool l) : args(a), role(r), leader(l) {}

  __device__ __forceinline__ u64* slot(int item, TraceField f) const {
    return reinterpret_cast<u64*>(args.trace) +
           blockIdx.x * trace_region_words(kRoles, args.trace_items) + kTraceHeader +
           ((long long)role * args.trace_items + item) * kTraceFields + f;
  }
  __device__ __forceinline__ void stamp(int item, TraceField f) {
    if constexpr (kTrace)
      if (leader && args.trace != nullptr && item < args.trace_items) *slot(item, f) = clock64();
  }
  // Writes and clears the cycles waited since the last call.
  __device__ __forceinline__ void put_waited(int item) {
    if constexpr (kTrace) {
      if (leader && args.trace != nullptr && item < args.trace_items) *slot(item, kWaited) = waited;
      waited = 0;
    }
  }
};

// mbar_wait that adds its cycles to `rec` in tracing builds.
template <class Record>
__device__ __forceinline__ void traced_wait(u64* bar, u32 parity, Record& rec) {
  if constexpr (kTrace) {
    const u32 t0 = u32(clock64());
    mbar_wait(bar, parity);
    rec.waited += u32(clock64()) - t0;
  } else {
    mbar_wait(bar, parity);
  }
}

// The CTA header: `at` 0 at the start (thread 0), 2 at consumer 0's exit.
__device__ __forceinline__ void trace_header(const GemmArgs& args, int roles, int at) {
  if constexpr (kTrace) {
    if (args.trace == nullptr) return;
    u64* h = reinterpret_cast<u64*>(args.trace) +
             blockIdx.x * trace_region_words(roles, args.trace_items);
    h[at] = clock64();
    h[at + 1] = globaltimer_ns();
    if (at == 0) {
      u32 sm;
      asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
      h[kTraceSmWord] = u64(sm) + 1;
    }
  }
}

}  // namespace autogemm::sm90
