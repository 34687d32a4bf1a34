// JIT pieces that need no compiler: hashing, log parsing, source text, embedded headers,
// the thread pool.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "jit/embedded_headers.hpp"
#include "jit/parallel.hpp"
#include "jit/resource_usage.hpp"
#include "jit/sha256.hpp"
#include "jit/source.hpp"
#include "spec/name.hpp"

namespace autogemm::jit {
namespace {

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(to_hex(sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(to_hex(sha256("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(to_hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(to_hex(sha256(std::string(1000000, 'a'))),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, IncrementalEqualsOneShotAndFieldsAreSeparated) {
  std::string data;
  for (int i = 0; i < 1000; ++i) data += char(i * 7);
  for (size_t split : {0u, 1u, 63u, 64u, 65u, 500u}) {
    Sha256 h;
    h.update(std::string_view(data).substr(0, split)).update(std::string_view(data).substr(split));
    EXPECT_EQ(h.finish(), sha256(data)) << split;
  }
  EXPECT_NE(Sha256().field("ab").field("c").finish(), Sha256().field("a").field("bc").finish());
}

TEST(ResourceUsage, ParsesPtxasVerboseLog) {
  const char* log =
      "ptxas info    : 75 bytes gmem\n"
      "ptxas info    : Compiling entry function 'autogemm_sm90_gemm' for 'sm_90a'\n"
      "ptxas info    : Function properties for autogemm_sm90_gemm\n"
      "ptxas         .     16 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads\n"
      "ptxas info    : Used 168 registers, used 1 barriers, 2048 bytes smem, 384 bytes cmem[0]\n"
      "ptxas info    : Function properties for helper\n"
      "ptxas         .     32 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Compile time = 272.144 ms\n";
  const ResourceUsage u = parse_ptxas_log(log);
  EXPECT_EQ(u.registers, 168);
  EXPECT_EQ(u.static_smem, 2048);
  EXPECT_EQ(u.stack_frame, 32);
  EXPECT_EQ(u.spill_stores, 12);
  EXPECT_EQ(u.spill_loads, 16);
  EXPECT_TRUE(u.spills());

  const ResourceUsage clean = parse_ptxas_log(
      "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 40 registers, used 0 barriers");
  EXPECT_EQ(clean.registers, 40);
  EXPECT_EQ(clean.static_smem, 0);
  EXPECT_FALSE(clean.spills());
  EXPECT_FALSE(clean.wgmma_serialized);
  EXPECT_FALSE(parse_ptxas_log("").known());
  EXPECT_FALSE(u.wgmma_serialized);
  // ptxas 13's wording when an accumulator is read inside the MMA pipeline.
  const ResourceUsage serialized = parse_ptxas_log(
      "ptxas info    : (C7514) Potential Performance Loss: wgmma.mma_async instructions are "
      "serialized due to non wgmma instructions reading accumulator registers of  a wgmma "
      "between start and end of the pipeline stage in the function 'autogemm_sm90_gemm'\n"
      "ptxas         .     576 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 168 registers, used 16 barriers");
  EXPECT_TRUE(serialized.wgmma_serialized);
  EXPECT_EQ(serialized.stack_frame, 576);
  EXPECT_FALSE(serialized.spills());
}

TEST(KernelSource, ExactForm) {
  // Template arguments for fields added later follow SWIZZLE; this checks the fixed part.
  const std::string src =
      kernel_source(parse_name("sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m"));
  EXPECT_TRUE(src.starts_with(
      "#include \"autogemm/sm90/gemm.cuh\"\n"
      "using AutogemmConfig = autogemm::sm90::GemmConfig<autogemm::sm90::ElemType::kF16, "
      "/*b_mn_major=*/false, /*BM*/128, /*BN*/256, /*BK*/64, /*STAGES*/4, /*CONSUMERS*/2, "
      "/*CLUSTER_M*/2, /*CLUSTER_N*/1, /*PERSISTENT*/true, /*RASTER_N*/false, /*SWIZZLE*/8"))
      << src;
  EXPECT_TRUE(src.ends_with(">;\nAUTOGEMM_SM90_DEFINE_KERNEL(AutogemmConfig)\n")) << src;
  EXPECT_EQ(std::count(src.begin(), src.end(), '\n'), 3);
  const std::string nn =
      kernel_source(parse_name("sm90_bf16f32_nn_64x128x64_s6_c1x2_wg1_tiles_r16n"));
  EXPECT_NE(nn.find("ElemType::kBF16, /*b_mn_major=*/true, /*BM*/64, /*BN*/128, /*BK*/64, "
                    "/*STAGES*/6, /*CONSUMERS*/1, /*CLUSTER_M*/1, /*CLUSTER_N*/2, "
                    "/*PERSISTENT*/false, /*RASTER_N*/true, /*SWIZZLE*/16"),
            std::string::npos)
      << nn;
  // Swap-AB in nn: the kernel's A (the problem's B) is M-major, its B (the problem's A) K-major.
  const std::string nn_swap =
      kernel_source(parse_name("sm90_f16f32_nn_128x96x64_s6_c1x2_coop_persist_r8m_swap"));
  EXPECT_NE(nn_swap.find("/*b_mn_major=*/false"), std::string::npos) << nn_swap;
  EXPECT_NE(nn_swap.find("/*SWAP_AB*/true"), std::string::npos) << nn_swap;
  EXPECT_NE(nn_swap.find(
                "/*a_mn_major=*/true, /*SPLIT_PIECE_MAJOR*/false, /*SPLIT_N*/false, "
                "/*PDL_PREFETCH*/0, /*SPLIT_LAST*/false, /*SM_PLACED*/false, /*EPILOGUE_PARTS*/1>"),
            std::string::npos)
      << nn_swap;
  const std::string piece_major =
      kernel_source(parse_name("sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8p"));
  EXPECT_NE(piece_major.find("/*SPLIT_PASS*/8, /*a_mn_major=*/false, /*SPLIT_PIECE_MAJOR*/true, "
                             "/*SPLIT_N*/false, /*PDL_PREFETCH*/0, /*SPLIT_LAST*/false, "
                             "/*SM_PLACED*/false, /*EPILOGUE_PARTS*/1>"),
            std::string::npos)
      << piece_major;
  EXPECT_STREQ(kernel_entry_name(), "autogemm_sm90_gemm");
  // Run-time shape: zeros; a compiled-in one in the kernel's frame (swap-AB: M and N trade
  // places), C's stride the problem's N; the scaled epilogue a flag.
  EXPECT_NE(src.find("/*SCALED*/false, /*FIXED_M*/0, /*FIXED_N*/0, /*FIXED_K*/0, /*FIXED_LDC*/0, "
                     "/*CLUSTER_K*/1, /*SPLIT_PASS*/1, /*a_mn_major=*/false, "
                     "/*SPLIT_PIECE_MAJOR*/false, /*SPLIT_N*/false, /*PDL_PREFETCH*/0, "
                     "/*SPLIT_LAST*/false, /*SM_PLACED*/false, /*EPILOGUE_PARTS*/1>"),
            std::string::npos)
      << src;
  // The PDL-wait prefetch: its k-block count last.
  const std::string prefetch =
      kernel_source(parse_name("sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4"));
  EXPECT_NE(prefetch.find("/*SPLIT_N*/false, /*PDL_PREFETCH*/4, /*SPLIT_LAST*/false, "
                          "/*SM_PLACED*/false, /*EPILOGUE_PARTS*/1>"),
            std::string::npos)
      << prefetch;
  // Split N: its flag before the prefetch.
  const std::string split_n =
      kernel_source(parse_name("sm90_f16f32_tn_192x192x64_s4_c1x2_coopn_persist_r8m"));
  EXPECT_NE(split_n.find("/*BM*/192, /*BN*/192"), std::string::npos) << split_n;
  EXPECT_NE(split_n.find("/*SPLIT_PIECE_MAJOR*/false, /*SPLIT_N*/true, /*PDL_PREFETCH*/0, "
                         "/*SPLIT_LAST*/false, /*SM_PLACED*/false, /*EPILOGUE_PARTS*/1>"),
            std::string::npos)
      << split_n;
  const std::string fixed = kernel_source(
      parse_name("sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap_fix16x5120x13824_ab"));
  EXPECT_NE(fixed.find("/*SCALED*/true, /*FIXED_M*/5120, /*FIXED_N*/16, /*FIXED_K*/13824, "
                       "/*FIXED_LDC*/5120, /*CLUSTER_K*/1, /*SPLIT_PASS*/1, /*a_mn_major=*/false, "
                       "/*SPLIT_PIECE_MAJOR*/false, /*SPLIT_N*/false, /*PDL_PREFETCH*/0, "
                       "/*SPLIT_LAST*/false, /*SM_PLACED*/false, /*EPILOGUE_PARTS*/1>"),
            std::string::npos)
      << fixed;
  // Split-K with a reduction pass: the piece count, and the pass's entry point after the GEMM's.
  EXPECT_EQ(src.find("SPLIT_REDUCE"), std::string::npos) << src;
  const std::string split =
      kernel_source(parse_name("sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8"));
  EXPECT_NE(split.find("/*CLUSTER_K*/1, /*SPLIT_PASS*/8, /*a_mn_major=*/false, "
                       "/*SPLIT_PIECE_MAJOR*/false, /*SPLIT_N*/false, /*PDL_PREFETCH*/0, "
                       "/*SPLIT_LAST*/false, /*SM_PLACED*/false, /*EPILOGUE_PARTS*/1>;\n"
                       "AUTOGEMM_SM90_DEFINE_KERNEL(AutogemmConfig)\n"
                       "AUTOGEMM_SM90_DEFINE_SPLIT_REDUCE(AutogemmConfig)\n"),
            std::string::npos)
      << split;
  // Summed by the last piece: the flag, and no pass.
  const std::string last =
      kernel_source(parse_name("sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8l"));
  EXPECT_NE(last.find("/*SPLIT_PASS*/8, "), std::string::npos) << last;
  EXPECT_NE(
      last.find(
          "/*PDL_PREFETCH*/0, /*SPLIT_LAST*/true, /*SM_PLACED*/false, /*EPILOGUE_PARTS*/1>;\n"),
      std::string::npos)
      << last;
  EXPECT_EQ(last.find("SPLIT_REDUCE"), std::string::npos) << last;
  // Placed by SM: the flag last, and the pass as for any split-pass spec.
  const std::string placed =
      kernel_source(parse_name("sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_smid"));
  EXPECT_NE(placed.find("/*SPLIT_LAST*/false, /*SM_PLACED*/true, /*EPILOGUE_PARTS*/1>;\n"),
            std::string::npos)
      << placed;
  EXPECT_NE(placed.find("AUTOGEMM_SM90_DEFINE_SPLIT_REDUCE"), std::string::npos) << placed;
  EXPECT_STREQ(split_reduce_entry_name(), "autogemm_sm90_split_reduce");
  // Row blocks in parts: the count last.
  const std::string parts =
      kernel_source(parse_name("sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_etmar3_swap"));
  EXPECT_NE(parts.find("/*EPILOGUE*/3, "), std::string::npos) << parts;
  EXPECT_NE(parts.find("/*SM_PLACED*/false, /*EPILOGUE_PARTS*/3>;\n"), std::string::npos) << parts;
}

// The binary carries exactly the files of include/autogemm/sm90 it was built from.
TEST(EmbeddedHeaders, MatchTheSourceTree) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(AUTOGEMM_SOURCE_DIR) / "include";
  size_t on_disk = 0;
  for (const auto& f : fs::recursive_directory_iterator(root / "autogemm" / "sm90")) {
    if (!f.is_regular_file()) continue;
    ++on_disk;
    const std::string key = fs::relative(f.path(), root).generic_string();
    std::ifstream in(f.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    ASSERT_TRUE(embedded_headers().count(key)) << key << " is not embedded (rebuild?)";
    EXPECT_EQ(embedded_headers().at(key), text.str()) << key << " differs (rebuild?)";
  }
  EXPECT_EQ(embedded_headers().size(), on_disk);
}

TEST(ParallelFor, RunsEveryIndexOnce) {
  for (int threads : {0, 1, 3, 64}) {
    std::vector<std::atomic<int>> hits(100);
    parallel_for(hits.size(), threads, [&](size_t i) { hits[i]++; });
    for (auto& h : hits) EXPECT_EQ(h.load(), 1);
  }
  parallel_for(0, 4, [](size_t) { FAIL(); });
}

}  // namespace
}  // namespace autogemm::jit
