#include "runtime/tensor_maps.hpp"

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "core/driver_api.hpp"

namespace autogemm {
namespace {

// How far the L2 rounds up each TMA read it fetches from memory: 256 bytes for rows on the
// 128-byte lines, 128 where the row pitch leaves them (gemm()'s picks ran 6% faster on such
// shapes, notes 111). AUTOGEMM_L2_PROMOTION (none, 64, 128 or 256) forces one, for probes; it
// is read once, and a bad value makes every map encoding fail with an Error naming it.
CUtensorMapL2promotion l2_promotion(uint64_t row_bytes) {
  static const std::optional<CUtensorMapL2promotion> forced =
      []() -> std::optional<CUtensorMapL2promotion> {
    const char* env = std::getenv("AUTOGEMM_L2_PROMOTION");
    if (!env || !*env) return std::nullopt;
    const std::string_view v = env;
    if (v == "none") return CU_TENSOR_MAP_L2_PROMOTION_NONE;
    if (v == "64") return CU_TENSOR_MAP_L2_PROMOTION_L2_64B;
    if (v == "128") return CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
    if (v == "256") return CU_TENSOR_MAP_L2_PROMOTION_L2_256B;
    throw Error("AUTOGEMM_L2_PROMOTION: '" + std::string(v) + "' is not none, 64, 128 or 256");
  }();
  if (forced) return *forced;
  return row_bytes % 128 == 0 ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B
                              : CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
}

// A row-major matrix of `rows` × `cols` 16-bit elements, loaded in boxes of box_rows × box_cols
// with the swizzle as wide as a box row (box_cols * 2 bytes: 128, 64 or 32).
CUtensorMap encode(DType dtype, const void* base, uint64_t rows, uint64_t cols, uint32_t box_rows,
                   uint32_t box_cols, const char* operand) {
  const auto swizzle = box_cols == 64   ? CU_TENSOR_MAP_SWIZZLE_128B
                       : box_cols == 32 ? CU_TENSOR_MAP_SWIZZLE_64B
                                        : CU_TENSOR_MAP_SWIZZLE_32B;
  if (reinterpret_cast<uintptr_t>(base) % 16 != 0)
    throw Error(std::string("operand ") + operand + " is not 16-byte aligned");
  CUtensorMap map{};
  const cuuint64_t dims[2] = {cols, rows};
  const cuuint64_t strides[1] = {cols * 2};
  const cuuint32_t box[2] = {box_cols, box_rows};
  const cuuint32_t element_strides[2] = {1, 1};
  const auto type =
      dtype == DType::f16 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16 : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  CUresult res =
      driver().tensor_map_encode_tiled(&map, type, 2, const_cast<void*>(base), dims, strides, box,
                                       element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                                       l2_promotion(cols * 2), CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  check_driver(res, (std::string("cuTensorMapEncodeTiled for operand ") + operand).c_str());
  return map;
}

}  // namespace

OperandMaps make_tensor_maps(const KernelSpec& s, const Problem& p, const void* a, const void* b,
                             const void* c) {
  const auto [m, n, k] = p.shape;
  OperandMaps maps;
  // K-major boxes are one 64-element swizzle atom wide; a bk-128 stage loads two per operand, a
  // bk-32 one loads one 32-element box (64-byte swizzle). p is in the kernel's frame: under
  // swap-AB `a` is the problem's B and `b` its A, so in layout nn the kernel's A is the one
  // stored K×M (M-major: 64-column boxes) and its B is K-major.
  const uint32_t k_box = s.bk == 32 ? 32 : 64;
  // Errors name the problem's operands.
  const char* a_name = s.swap_ab ? "B" : "A";
  const char* b_name = s.swap_ab ? "A" : "B";
  if (s.a_mn_major())
    maps.a = encode(p.dtype, a, k, m, s.bk / s.cluster_n, 64, a_name);
  else
    maps.a = encode(p.dtype, a, m, k, tma_box_rows(s.bm, s.cluster_n), k_box, a_name);
  if (s.b_mn_major())  // B stored K×N: N-major tiles, 64 columns per box
    maps.b = encode(p.dtype, b, k, n, s.bk / s.cluster_m, 64, b_name);
  else  // stored N×K: K-major tiles of bn rows
    maps.b = encode(p.dtype, b, n, k, tma_box_rows(s.bn, s.cluster_m), k_box, b_name);
  // C is written in 64-row blocks by the TMA epilogues, 64 columns wide unless bn needs narrower
  // ones (epilogue.cuh's kStoreBlockCols, of a consumer's columns: half of bn under split_n);
  // the direct epilogues store from registers and need no map (nor C's rows to be 16-byte
  // multiples).
  // Under swap-AB (row blocks only) a consumer's 64 kernel rows x its columns are C's rows of
  // those columns, 64 C columns (128 bytes) wide: one box per block (epilogue.cuh's
  // store_tma_rows_transposed). C is n x m in the kernel's frame.
  const int cols = consumer_cols(s);
  const uint32_t c_cols = cols % 64 == 0 ? 64 : cols % 32 == 0 ? 32 : 16;
  // A row block staged in parts (epilogue_parts) is stored a part at a time: 1/parts of its C
  // rows per box.
  const uint32_t parts = uint32_t(s.epilogue_parts);
  if (s.epilogue != Epilogue::direct)
    maps.c = s.swap_ab ? encode(p.dtype, c, n, m, uint32_t(cols) / parts, 64, "C")
                       : encode(p.dtype, c, m, n, 64 / parts, c_cols, "C");
  return maps;
}

}  // namespace autogemm
