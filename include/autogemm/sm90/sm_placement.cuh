// Pieces placed by SM (GemmConfig::kSmPlaced): which split-K piece a CTA takes from the SM it runs
// on, so that a grid launched under PDL keeps the placement a plain launch gives.
//
// Launched plainly, the hardware puts CTA b of a one-CTA-per-SM grid on the same SM launch after
// launch (up to a rotation of the GPCs), and a piece order whose neighbours share an operand tile
// then has the sharers side by side, where the L2's request coalescer merges their reads. Under
// PDL the CTAs take SMs as the previous kernel frees them and that order is lost (notes 380). The
// workspace's placement map (recorded once per stream by a plain launch, runtime/sm_placement.cpp)
// says which CTA a plain launch put on each SM; a placed grid has one CTA per SM, and the CTA on
// SM s takes that CTA's slot.
//
// Nothing guarantees one CTA per SM (a CTA can exit and another land on its SM; other work can
// hold SMs), so each CTA claims its slot: every placed launch claims every slot exactly once, and
// slot j's count is then the number of placed launches before this one. The launch's number comes
// from a ticket every CTA takes (every placed grid has the same size, the GPU's SM count: the
// host's rule). A CTA whose slot was taken in this launch takes the next free one. All CTAs of a
// launch take their tickets before any CTA of the next placed launch on the stream starts: these
// grids do not trigger their dependents early, so every kernel after one starts once all its CTAs
// ran (atomics whose values came back are covered; the one undo below waits for its reply). Two
// placed launches sharing one workspace at once would break this, and the counts would stay out
// of step: the workspace pool keys streams by their id, so per-thread default streams differ.
#pragma once

#include "autogemm/sm90/ptx.cuh"
#include "autogemm/sm90/types.cuh"

namespace autogemm::sm90 {

// This CTA's slot (0 .. gridDim.x - 1), claimed in args.sm_slots; one thread per CTA calls it.
__device__ __forceinline__ int claim_sm_slot(const GemmArgs& args) {
  unsigned* words = args.sm_slots;
  unsigned long long* ticket = reinterpret_cast<unsigned long long*>(words);
  unsigned* claims = words + 2;
  const unsigned* map = words + 2 + kSmSlots;
  const u32 grid = gridDim.x;
  u32 sm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  u32 want = sm < u32(kSmIds) ? map[sm] : grid;
  if (want >= grid) want = sm % grid;  // no recorded CTA for this SM: any slot will do
  // Both atomics at once (one round trip to the L2); the claim counts modulo 2^32, as the launch
  // number below does.
  const unsigned long long t = atomicAdd(ticket, 1ull);
  const u32 seen = atomicAdd(&claims[want], 1u);
  const u32 launch = u32(t / grid);
  if (seen == launch) return int(want);
  // Taken in this launch: undo, and take the first free slot after it. The undo waits for its
  // reply and is fenced, so it has landed before this CTA can finish (and the next placed launch
  // start): an undo still in flight would make the slot read as taken to that launch.
  const u32 undone = atomicSub(&claims[want], 1u);
  asm volatile("" : : "r"(undone));
  __threadfence();
  for (u32 i = 1; i < grid; ++i) {
    const u32 slot = (want + i) % grid;
    if (atomicCAS(&claims[slot], launch, launch + 1) == launch) return int(slot);
  }
  __trap();  // unreachable while every placed launch claims every slot once
  return 0;
}

// The slot claimed by this CTA's claim_sm_slot, for every role of the CTA to read.
__device__ __forceinline__ int& sm_slot_of_cta() {
  __shared__ int slot;
  return slot;
}

}  // namespace autogemm::sm90
