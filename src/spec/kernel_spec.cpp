#include "spec/kernel_spec.hpp"

#include <algorithm>

#include "autogemm/sm90/types.cuh"

namespace autogemm {

std::string_view to_string(Raster r) {
  return r == Raster::m ? "m" : "n";
}

std::string_view to_string(Epilogue e) {
  switch (e) {
    case Epilogue::direct:
      return "direct";
    case Epilogue::tma:
      return "tma";
    case Epilogue::tma_tile:
      return "tma_tile";
    case Epilogue::tma_rows:
      return "tma_rows";
  }
  return "?";
}

bool set_bk_keeping_ring(KernelSpec& s, int bk) {
  if (bk <= 0 || (s.stages * s.bk) % bk != 0) return false;
  s.stages = s.stages * s.bk / bk;
  s.bk = bk;
  return true;
}

int threads_per_block(const KernelSpec& s) {
  return 128 * (s.consumers + 1);
}

int ring_bytes(const KernelSpec& s) {
  return s.stages * (s.bm * s.bk + s.bn * s.bk) * element_bytes(s.dtype);
}

int smem_bytes(const KernelSpec& s) {
  // 1024 B so the kernel can align the stage buffers to the 128-byte swizzle's 1024-byte
  // pattern; 16 B per stage for its "full" and "empty" mbarriers (8 B each).
  // The TMA epilogue stages C through two 64x64 blocks per consumer warpgroup.
  const int tile_rows = s.pingpong ? 2 * s.bm : s.bm;  // rows staged at once, all consumers
  const int epilogue_bytes = s.epilogue == Epilogue::tma        ? s.consumers * 2 * 64 * 64 * 2
                             : s.epilogue == Epilogue::tma_tile ? tile_rows * s.bn * 2
                             : s.epilogue == Epilogue::tma_rows
                                 ? s.consumers * 64 * consumer_cols(s) * 2 / s.epilogue_parts
                                 : 0;
  const int bytes = ring_bytes(s) + epilogue_bytes + 1024 + 16 * s.stages;
  // Placed by SM: more than half an SM's shared memory (228 KB on sm_90), so that no SM holds
  // two of the grid's CTAs (the placement would be lost, and the pass's rule would count SMs
  // the grid covers as idle).
  return s.sm_placed ? std::max(bytes, kPlacedSmemFloor) : bytes;
}

int acc_registers_per_thread(const KernelSpec& s) {
  // A consumer warpgroup (128 threads) holds a (bm / consumers) x bn tile: one register per
  // fp32 value, or per two fp16 values.
  if (s.consumers <= 0) return 0;  // invalid; the consumer rule reports it
  const int values = consumer_rows(s) * consumer_cols(s) / 128;
  return s.acc == AccType::f16 ? values / 2 : values;
}

int consumer_rows(const KernelSpec& s) {
  if (s.consumers <= 0) return 0;
  return s.pingpong || s.split_n ? s.bm : s.bm / s.consumers;
}

int consumer_cols(const KernelSpec& s) {
  if (s.consumers <= 0) return 0;
  return s.split_n ? s.bn / s.consumers : s.bn;
}

KernelSpec other_launch(KernelSpec s) {
  s.pdl = !s.pdl;
  if (!s.pdl) s.pdl_prefetch = 0;
  return without_broken_placement(s);
}

std::array<KernelSpec, 2> neighbour_order_launches(KernelSpec s) {
  s.cluster_m = s.cluster_n = 1;
  s.split_piece_major = true;
  s.split_last = false;
  s.pdl = true;
  s.sm_placed = true;
  std::array<KernelSpec, 2> out{s, s};
  out[0].raster = Raster::m;
  out[0].swizzle = 8;
  out[1].raster = Raster::n;
  out[1].swizzle = 1;
  return out;
}

bool placeable_by_sm(const KernelSpec& s) {
  return s.split_pass > 1 && !s.split_last && s.cluster_m * s.cluster_n == 1 && s.pdl;
}

KernelSpec without_broken_placement(KernelSpec s) {
  if (!placeable_by_sm(s)) s.sm_placed = false;
  return s;
}

int multicast_box_rows(int rows, int sharers) {
  if (sharers <= 1) return rows;
  return rows % sharers == 0 && (rows / sharers) % 8 == 0 ? rows / sharers : 8;
}

int tma_box_rows(int rows, int sharers) {
  return sm90::tma_box_rows_of(multicast_box_rows(rows, sharers));
}

bool even_multicast_slices(const KernelSpec& s) {
  const bool a = s.a_mn_major() || multicast_box_rows(s.bm, s.cluster_n) * s.cluster_n == s.bm;
  const bool b = s.b_mn_major() || multicast_box_rows(s.bn, s.cluster_m) * s.cluster_m == s.bn;
  return a && b;
}

UnitGrid cluster_unit_grid(const KernelSpec& s, const Shape& shape) {
  const int64_t m = s.swap_ab ? shape.n : shape.m, n = s.swap_ab ? shape.m : shape.n;
  const int64_t tiles_m = (m + s.bm - 1) / s.bm, tiles_n = (n + s.bn - 1) / s.bn;
  return {(tiles_m + s.cluster_m - 1) / s.cluster_m, (tiles_n + s.cluster_n - 1) / s.cluster_n};
}

long long cluster_units(const KernelSpec& s, const Shape& shape) {
  const UnitGrid g = cluster_unit_grid(s, shape);
  return g.m * g.n;
}

long long split_pass_ctas(const KernelSpec& s, const Shape& shape) {
  return cluster_units(s, shape) * s.cluster_m * s.cluster_n * s.split_pass;
}

size_t split_pass_partial_floats(const KernelSpec& s, const Shape& shape) {
  return size_t(split_pass_ctas(s, shape)) * size_t(s.bm) * size_t(s.bn);
}

long long split_last_counters(const KernelSpec& s, const Shape& shape) {
  return split_pass_ctas(s, shape) / s.split_pass * s.consumers * 4;
}

}  // namespace autogemm
