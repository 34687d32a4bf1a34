#include "jit/source.hpp"

#include <fmt/format.h>

namespace autogemm::jit {

std::string kernel_source(const KernelSpec& s) {
  return fmt::format(
      "#include \"autogemm/sm90/gemm.cuh\"\n"
      "using AutogemmConfig = autogemm::sm90::GemmConfig<autogemm::sm90::ElemType::{}, "
      "/*b_mn_major=*/{}, /*BM*/{}, /*BN*/{}, /*BK*/{}, /*STAGES*/{}, /*CONSUMERS*/{}, "
      "/*CLUSTER_M*/{}, /*CLUSTER_N*/{}, /*PERSISTENT*/{}, /*RASTER_N*/{}, /*SWIZZLE*/{}, "
      "/*EPILOGUE*/{}, /*STREAM_K*/{}, /*PING_PONG*/{}, /*MMA_LAG*/{}, /*SWAP_AB*/{}>;\n"
      "AUTOGEMM_SM90_DEFINE_KERNEL(AutogemmConfig)\n",
      s.dtype == DType::f16 ? "kF16" : "kBF16", s.layout == Layout::nn, s.bm, s.bn, s.bk, s.stages,
      s.consumers, s.cluster_m, s.cluster_n, s.persistent, s.raster == Raster::n, s.swizzle,
      int(s.epilogue), s.stream_k, s.pingpong, s.mma_lag, s.swap_ab);
}

const char* kernel_entry_name() {
  return "autogemm_sm90_gemm";
}

}  // namespace autogemm::jit
