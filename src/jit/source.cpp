#include "jit/source.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "autogemm/types.hpp"

namespace autogemm::jit {

std::string kernel_source(const KernelSpec& s, bool trace, std::string_view defines) {
  // A compiled-in shape in the kernel's frame (swap-AB computes Cᵀ: its M is the problem's N),
  // and C's row stride (the problem's N either way).
  const Shape f = s.swap_ab ? Shape{s.fixed.n, s.fixed.m, s.fixed.k} : s.fixed;
  return fmt::format(
      "{}{}#include \"autogemm/sm90/gemm.cuh\"\n"
      "using AutogemmConfig = autogemm::sm90::GemmConfig<autogemm::sm90::ElemType::{}, "
      "/*b_mn_major=*/{}, /*BM*/{}, /*BN*/{}, /*BK*/{}, /*STAGES*/{}, /*CONSUMERS*/{}, "
      "/*CLUSTER_M*/{}, /*CLUSTER_N*/{}, /*PERSISTENT*/{}, /*RASTER_N*/{}, /*SWIZZLE*/{}, "
      "/*EPILOGUE*/{}, /*STREAM_K*/{}, /*PING_PONG*/{}, /*MMA_LAG*/{}, /*SWAP_AB*/{}, "
      "/*DEFER_STORE*/{}, /*ACC_F16*/{}, /*ACC_SETS*/{}, /*SCALED*/{}, /*FIXED_M*/{}, "
      "/*FIXED_N*/{}, /*FIXED_K*/{}, /*FIXED_LDC*/{}, /*CLUSTER_K*/{}, /*SPLIT_PASS*/{}, "
      "/*a_mn_major=*/{}, /*SPLIT_PIECE_MAJOR*/{}, /*SPLIT_N*/{}, /*PDL_PREFETCH*/{}, "
      "/*SPLIT_LAST*/{}, /*SM_PLACED*/{}, /*EPILOGUE_PARTS*/{}>;\n"
      "AUTOGEMM_SM90_DEFINE_KERNEL(AutogemmConfig)\n{}",
      defines, trace ? "#define AUTOGEMM_TRACE 1\n" : "", s.dtype == DType::f16 ? "kF16" : "kBF16",
      s.b_mn_major(), s.bm, s.bn, s.bk, s.stages, s.consumers, s.cluster_m, s.cluster_n,
      s.persistent, s.raster == Raster::n, s.swizzle, int(s.epilogue), s.stream_k, s.pingpong,
      s.mma_lag, s.swap_ab, s.defer_store, s.acc == AccType::f16, s.acc_sets, s.scaled, f.m, f.n,
      f.k, s.fixed.n, s.cluster_k, s.split_pass, s.a_mn_major(), s.split_piece_major, s.split_n,
      s.pdl_prefetch, s.split_last, s.sm_placed, s.epilogue_parts,
      has_reduction_pass(s) ? "AUTOGEMM_SM90_DEFINE_SPLIT_REDUCE(AutogemmConfig)\n" : "");
}

std::string parse_jit_defines(std::string_view list) {
  std::string out;
  size_t pos = 0;
  while (pos <= list.size() && !list.empty()) {
    const size_t comma = std::min(list.find(',', pos), list.size());
    std::string_view item = list.substr(pos, comma - pos);
    const size_t eq = item.find('=');
    const std::string_view name = item.substr(0, eq);
    const bool ok = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
    if (!ok)
      throw Error(
          fmt::format("AUTOGEMM_JIT_DEFINES: bad entry '{}' (want NAME or NAME=VALUE)", item));
    const std::string_view value = eq == std::string_view::npos ? "" : item.substr(eq + 1);
    out += fmt::format("#define {} {}\n", name, value);
    pos = comma + 1;
  }
  return out;
}

const std::string& jit_defines() {
  static const std::string defines = [] {
    const char* env = std::getenv("AUTOGEMM_JIT_DEFINES");
    return env ? parse_jit_defines(env) : std::string();
  }();
  return defines;
}

const char* kernel_entry_name() {
  return "autogemm_sm90_gemm";
}

const char* split_reduce_entry_name() {
  return "autogemm_sm90_split_reduce";
}

}  // namespace autogemm::jit
