// NVRTC on a machine without a GPU: sm_90a cubins, ptxas resource reports, HGMMA in the SASS,
// compile errors, per-item failures, and the real kernel template for a representative set of
// specs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "autogemm/types.hpp"
#include "jit/embedded_headers.hpp"
#include "jit/jit.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/source.hpp"
#include "sass_hazards.hpp"
#include "spec/name.hpp"

namespace autogemm::test {
const std::map<std::string, std::string>& test_kernels();  // tests/jit_kernels, embedded
}

namespace autogemm::jit {
namespace {

namespace fs = std::filesystem;

// cuobjdump from $AUTOGEMM_CUOBJDUMP, PATH, or where scripts/install_cuobjdump.sh puts it;
// "" when none is found (the tests then fail: the SASS check is part of CI).
std::string find_cuobjdump() {
  if (const char* env = std::getenv("AUTOGEMM_CUOBJDUMP"); env && *env) return env;
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest = path;
    while (!rest.empty()) {
      const size_t colon = rest.find(':');
      const fs::path candidate = fs::path(rest.substr(0, colon)) / "cuobjdump";
      if (::access(candidate.c_str(), X_OK) == 0) return candidate;
      rest.remove_prefix(colon == std::string_view::npos ? rest.size() : colon + 1);
    }
  }
  fs::path tools;
  if (const char* t = std::getenv("AUTOGEMM_TOOLS_DIR"); t && *t)
    tools = t;
  else if (const char* home = std::getenv("HOME"))
    tools = fs::path(home) / ".local/share/autogemm/tools";
  const fs::path installed = tools / "bin" / "cuobjdump";
  if (!tools.empty() && ::access(installed.c_str(), X_OK) == 0) return installed;
  return "";
}

constexpr const char* kNoCuobjdump =
    "cuobjdump not found: run scripts/install_cuobjdump.sh, or set AUTOGEMM_CUOBJDUMP to a "
    "cuobjdump binary (with nvdisasm beside it)";

// The SASS of a cubin, through cuobjdump `tool`.
std::string sass_of(const std::string& tool, const std::string& cubin) {
  const fs::path file =
      fs::temp_directory_path() / ("autogemm_sass_" + std::to_string(::getpid()) + ".cubin");
  std::ofstream(file, std::ios::binary) << cubin;
  std::string out;
  if (FILE* p = ::popen(("'" + tool + "' -sass '" + file.string() + "' 2>&1").c_str(), "r")) {
    std::array<char, 4096> buf;
    for (size_t n; (n = std::fread(buf.data(), 1, buf.size(), p)) > 0;) out.append(buf.data(), n);
    const int status = ::pclose(p);
    EXPECT_EQ(status, 0) << tool << " failed:\n" << out;
  } else {
    ADD_FAILURE() << "cannot run " << tool;
  }
  fs::remove(file);
  return out;
}

KernelCache& test_kernel_cache() {
  static KernelCache cache([] {
    KernelCache::Options o;  // memory only: always compiles
    o.headers = &test::test_kernels();
    return o;
  }());
  return cache;
}

TEST(Nvrtc, CompilesWgmmaProbeToSm90aCubinWithHgmma) {
  const std::string& source = test::test_kernels().at("wgmma_probe.cu");
  const auto k = test_kernel_cache().get(source, "wgmma_probe.cu");
  ASSERT_GE(k->cubin.size(), 4u);
  EXPECT_EQ(k->cubin.substr(0, 4),
            "\x7f"
            "ELF");
  // ptxas -v: registers reported, nothing spilled, no stack.
  EXPECT_TRUE(k->usage.known()) << k->log;
  EXPECT_GT(k->usage.registers, 0);
  EXPECT_LE(k->usage.registers, 255);
  EXPECT_EQ(k->usage.spill_stores, 0) << k->log;
  EXPECT_EQ(k->usage.spill_loads, 0) << k->log;
  EXPECT_NE(k->log.find("for 'sm_90a'"), std::string::npos) << k->log;
  std::cout << "wgmma_probe: NVRTC " << nvrtc_version() << ", compile " << k->compile_seconds * 1e3
            << " ms, " << k->usage.registers << " registers\n";
  RecordProperty("compile_ms", int(k->compile_seconds * 1e3));

  const std::string cuobjdump = find_cuobjdump();
  ASSERT_FALSE(cuobjdump.empty()) << kNoCuobjdump;
  const std::string sass = sass_of(cuobjdump, k->cubin);
  EXPECT_NE(sass.find("HGMMA.64x64x16.F32"), std::string::npos) << sass;
  EXPECT_NE(sass.find("wgmma_probe"), std::string::npos);
}

TEST(Nvrtc, CompileErrorRaisesWithTheLog) {
  try {
    test_kernel_cache().get("extern \"C\" __global__ void broken() { undeclared_thing(); }\n",
                            "broken.cu");
    FAIL() << "no throw";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("NVRTC failed to compile broken.cu"), std::string::npos) << what;
    EXPECT_NE(what.find("undeclared_thing"), std::string::npos) << what;
  }
}

TEST(Nvrtc, OneFailingSourceDoesNotFailTheOthers) {
  const std::string good = test::test_kernels().at("scale_dynamic_smem.cu");
  const auto results = test_kernel_cache().get_many(
      {good, "this is not C++;", good + "\n// variant\n"}, {"a.cu", "b.cu", "c.cu"}, 3);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_TRUE(results[0].ok()) << results[0].error;
  EXPECT_FALSE(results[1].ok());
  EXPECT_NE(results[1].error.find("b.cu"), std::string::npos) << results[1].error;
  EXPECT_TRUE(results[2].ok()) << results[2].error;
}

// The checker itself, on SASS of the kernel ptxas got wrong (the F2FP above the wait) and the same
// lines in the right order.
TEST(SassHazards, FindsAnAccumulatorReadAboveTheWait) {
  const std::string head =
      "        /*2230*/                   HGMMA.64x8x16.F32 R24, gdesc[UR12], R24, gsb0 ;  /* 0x0 "
      "*/\n"
      "        /*2240*/                   WARPGROUP.DEPBAR.LE gsb0, 0x1 ;  /* 0x0 */\n"
      "        /*2250*/                   IMAD R30, R14, 0x6c00, RZ ;  /* 0x0 */\n";
  const std::string read =
      "        /*2380*/                   F2FP.F16.F32.PACK_AB R7, R26, R24 ;\n";
  const std::string wait = "        /*2390*/                   WARPGROUP.DEPBAR.LE gsb0, 0x0 ;\n";
  const std::string store =
      "        /*23e0*/              @!P1 STG.E.U16 desc[UR30][R2.64], R7 ;\n";
  const auto wrong = test::accumulators_touched_in_flight(head + read + wait + store);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_EQ(wrong[0], "F2FP.F16.F32.PACK_AB R7, R26, R24");
  // R30 is past the 64x8 tile's four accumulators (R24-R27); after the wait all may be read.
  EXPECT_TRUE(test::accumulators_touched_in_flight(head + wait + read + store).empty());
  // fp16 accumulators: N/4 registers (R24-R31 for N = 32), so R31 counts and R32 does not.
  const std::string f16 = "        /*0010*/   HGMMA.64x32x16.F16 R24, gdesc[UR4], R24, gsb0 ;\n";
  EXPECT_EQ(test::accumulators_touched_in_flight(f16 + "  /*0020*/   MOV R5, R31 ;\n").size(), 1u);
  EXPECT_TRUE(test::accumulators_touched_in_flight(f16 + "  /*0020*/   MOV R5, R32 ;\n").empty());
  // A second kernel of the cubin starts with nothing in flight.
  const std::string next_kernel = "\t\tFunction : autogemm_sm90_split_reduce\n";
  EXPECT_TRUE(
      test::accumulators_touched_in_flight(head + next_kernel + read + wait + store).empty());
}

// A spread of the design space: both layouts and dtypes, each tile family, consumer count,
// cluster shape, schedule, raster and epilogue.
std::vector<KernelSpec> representative_specs() {
  std::vector<KernelSpec> out;
  for (const char* name : {
           "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m",
           "sm90_f16f32_nn_128x256x64_s4_c1x2_coop_persist_r8m",
           "sm90_bf16f32_tn_256x128x64_s3_c1x1_coop_tiles_r4n",
           "sm90_bf16f32_nn_128x192x64_s5_c2x1_coop_persist_r16m",
           "sm90_f16f32_tn_128x128x64_s6_c1x1_wg1_persist_r1n",
           "sm90_f16f32_tn_64x256x64_s4_c1x2_wg1_tiles_r2m",
           "sm90_f16f32_nn_64x64x64_s8_c2x1_wg1_persist_r8m",
           "sm90_f16f32_tn_128x208x64_s3_c2x1_coop_persist_r8n",
           "sm90_f16f32_tn_128x128x128_s3_c2x1_coop_persist_r8m",
           "sm90_f16f32_nn_64x128x128_s4_c1x2_wg1_persist_r8m",
           "sm90_f16f32_tn_128x32x64_s8_c1x1_coop_persist_r8m",
           // The scaled epilogue (C = alpha·A·B + beta·C) on the widest tile, with stream-K.
           "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma_sk_ab",
           "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap_ab",
           // bk 32 (64-byte swizzle), K-major and N-major B, with multicast.
           "sm90_f16f32_tn_128x128x32_s8_c2x1_coop_persist_r8m_etma",
           "sm90_f16f32_nn_128x256x32_s6_c1x2_coop_persist_r8m_etma",
           // Shape constants compiled in, with and without swap-AB.
           "sm90_f16f32_tn_64x64x64_s6_c1x1_wg1_persist_r8m_etma_fix64x4096x64",
           "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap_fix16x5120x13824",
           // Cluster split-K (partials summed through distributed shared memory): one and two
           // consumers, swap-AB, the scaled epilogue, N-major B.
           "sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_ck4",
           "sm90_bf16f32_tn_128x128x64_s4_c1x1_coop_tiles_r8m_ck8",
           "sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck4_swap",
           "sm90_f16f32_nn_128x128x64_s4_c1x1_coop_tiles_r8m_ck2_ab",
           "sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_tiles_r8m_ck16_swap",
           // Split-K with a reduction pass (a second entry point in the module): multicast,
           // two consumers, N-major B, swap-AB with the scaled epilogue, 16 pieces.
           "sm90_f16f32_tn_64x128x64_s6_c2x1_wg1_tiles_r8m_skp8",
           "sm90_bf16f32_nn_128x128x64_s4_c1x2_coop_tiles_r8m_skp4",
           "sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_skp4_swap_ab",
           "sm90_f16f32_tn_64x32x128_s6_c1x1_wg1_tiles_r8m_skp16",
           "sm90_f16f32_tn_64x128x64_s9_c4x1_wg1_tiles_r8m_skp3p",
           // Split-K summed by each tile's last piece (no pass): decode's swap-AB tile, a
           // cluster with N-major B, fp16 accumulators with the scaled epilogue and 16 pieces,
           // split N.
           "sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3l_swap",
           "sm90_bf16f32_nn_128x128x64_s4_c1x2_coop_tiles_r8m_skp4pl",
           "sm90_f16f16_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp16l_ab",
           "sm90_f16f32_tn_192x128x64_s5_c1x1_coopn_tiles_r8m_skp4l",
           // Three consumers (152 registers a thread): the last piece's loads within them.
           "sm90_f16f32_tn_192x192x64_s3_c1x1_wg3_tiles_r8m_skp2l",
           "sm90_f16f32_tn_192x192x64_s3_c1x1_wg3_tiles_r8m_skp16l",
           // Eight-CTA clusters: a quarter of one operand's tile per CTA.
           "sm90_f16f32_tn_128x256x64_s4_c2x4_coop_persist_r8m_etma",
           "sm90_f16f32_nn_256x128x64_s4_c4x2_coop_persist_r8m_etmar",
           // Swap-AB in nn (the kernel's A M-major), with multicast of it, three consumers, and
           // split-K with the pass.
           "sm90_f16f32_nn_128x96x64_s6_c1x2_coop_persist_r8m_swap",
           "sm90_bf16f32_nn_192x80x128_s3_c2x1_wg3_persist_r8m_swap",
           "sm90_f16f32_nn_64x64x64_s8_c1x1_wg1_tiles_r8m_skp4_swap",
           // Cooperative 256x192 (192 accumulators per thread) with the row-block epilogue.
           "sm90_f16f32_tn_256x192x64_s3_c1x2_coop_persist_r8m_etmar",
           "sm90_f16f32_nn_256x192x64_s4_c1x2_coop_persist_r8m",
           // fp16 accumulators written as fp32 partials for the reduction pass, handed over by
           // stream-K (a tail widens them to fp32 to add the heads) and summed by cluster split-K.
           "sm90_f16f16_tn_64x128x64_s6_c1x1_wg1_tiles_r8m_skp4",
           "sm90_f16f16_tn_128x256x64_s4_c1x1_coop_persist_r8m_etma_sk",
           "sm90_f16f16_tn_192x192x64_s3_c1x1_wg3_persist_r8m_etma_sk4",
           "sm90_f16f16_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck4_swap",
           // Split N: two warpgroups over the columns (bm 192 with two consumers), both B
           // layouts, the row-block epilogue, fp16 accumulation with the scaled epilogue.
           "sm90_f16f32_tn_192x192x64_s4_c1x2_coopn_persist_r8m",
           "sm90_f16f32_nn_256x128x64_s4_c2x1_coopn_persist_r8m_etmar",
           "sm90_f16f16_tn_192x160x64_s4_c1x1_coopn_persist_r8n_ab",
           "sm90_bf16f32_tn_256x192x64_s3_c1x2_coopn_persist_r8m_etmar",
           // 192 accumulators a thread (the sweep's 192x256), bk 128 and bk 32.
           "sm90_f16f32_tn_192x256x64_s3_c1x1_coopn_persist_r8m_etmar",
           "sm90_f16f32_nn_192x128x128_s2_c1x2_coopn_persist_r8m_etmar",
           "sm90_f16f32_tn_192x192x32_s8_c1x1_coopn_persist_r8m",
           // Split N with split-K: a 64-row tile in pieces with the pass (cuBLASLt's tile on
           // few-tile long-K shapes), stream-K, cluster split-K with fp16 accumulators.
           "sm90_f16f32_tn_64x128x64_s8_c2x1_coopn_tiles_r8m_skp4",
           "sm90_bf16f32_nn_128x128x64_s4_c1x1_coopn_persist_r8m_sk",
           "sm90_f16f16_tn_64x256x64_s4_c1x1_coopn_tiles_r8m_ck2",
           "sm90_f16f32_tn_192x128x64_s5_c1x1_coopn_tiles_r8m_skp4",
           "sm90_f16f32_nn_64x128x64_s8_c1x1_coopn_tiles_r8m_skp4",
           "sm90_bf16f32_nn_128x128x64_s4_c1x1_coopn_tiles_r8m_ck2",
           // Swap-AB over split N: up to 192 accumulators a thread (128x384, 192x256) with the
           // paired transposed stores and the scaled epilogue; stream-K's partials.
           "sm90_f16f32_tn_128x384x64_s3_c4x1_coopn_persist_r8m_swap",
           "sm90_f16f32_nn_192x256x64_s3_c1x2_coopn_persist_r8m_swap_ab",
           "sm90_bf16f32_tn_128x304x64_s4_c2x1_coopn_persist_r8m_swap",
           // B over 256 rows without a splitting cluster: two TMA boxes a stage.
           "sm90_f16f32_tn_128x272x64_s4_c1x2_coopn_persist_r8m_swap",
           "sm90_f16f32_tn_128x192x64_s4_c2x1_coopn_persist_r8m_sk4_swap",
           // Where ptxas read accumulators above the wait for the last MMAs (notes 143): a wrong
           // C on the GPU until the tile's last k-block waited inside the mainloop.
           "sm90_f16f32_tn_64x8x64_s8_c1x1_pp_persist_r1m_swap_fix1x13824x5120",
           "sm90_f16f32_tn_64x32x64_s8_c1x1_pp_persist_r1m_swap_fix1x13824x1024",
           // The first k-blocks prefetched into L2 before the PDL wait: split pieces, multicast
           // slices with bk 128, and nn's M-major operand (not prefetched).
           "sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
           "sm90_f16f32_tn_128x128x128_s3_c2x2_coop_persist_r8m_etma_pf2",
           "sm90_bf16f32_nn_128x64x64_s6_c1x2_coop_persist_r8m_swap_pf4",
           // Uneven multicast slices (8-row boxes): one, two and three consumers, 8-CTA
           // clusters, the reduction pass, stream-K, bk 32, the prefetch.
           "sm90_f16f32_tn_64x184x64_s6_c2x4_wg1_persist_r8m_swap",
           "sm90_f16f32_tn_64x136x64_s8_c4x2_wg1_tiles_r8m_skp2_swap",
           "sm90_f16f32_tn_64x144x64_s7_c4x1_wg1_persist_r8m_etmar",
           "sm90_f16f32_tn_128x40x64_s8_c4x2_coop_persist_r8m_swap",
           "sm90_f16f32_tn_128x72x64_s8_c4x1_coop_persist_r8m_sk_swap",
           "sm90_f16f32_tn_128x72x32_s12_c4x1_coop_persist_r8m_swap_pf4",
           "sm90_f16f32_tn_192x80x64_s5_c4x1_wg3_persist_r8m_swap",
           // Row blocks staged as C's rows under swap-AB, whole and in halves, thirds and
           // quarters, and without swap-AB in halves and quarters: the accumulator fragment a
           // part reads stayed on the stack, with the wgmmas serialized (C7514), until the parts
           // became compile-time indices (for_each_index).
           "sm90_f16f32_tn_256x144x64_s3_c1x2_coop_persist_r8m_etmar_swap",
           "sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m_etmar2_swap",
           "sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_etmar3_swap",
           "sm90_f16f32_tn_64x256x64_s5_c1x1_wg1_persist_r8m_etmar4_swap",
           "sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m_etmar2",
           "sm90_f16f32_tn_192x112x64_s5_c2x1_wg3_persist_r8m_etmar4",
       })
    out.push_back(parse_name(name));
  return out;
}

// The real kernel template, compiled as the runtime would (jit::prebuild into the cache that
// AUTOGEMM_CACHE_DIR names; CMake points it into the build tree).
TEST(NvrtcKernelTemplate, RepresentativeSpecsCompileWithoutSpills) {
  ASSERT_TRUE(embedded_headers().count("autogemm/sm90/gemm.cuh"))
      << "include/autogemm/sm90/gemm.cuh is not embedded";
  auto specs = representative_specs();
  KernelSpec invalid = specs[0];
  invalid.stages = 7;  // over the shared-memory budget: fails alone, before NVRTC
  specs.push_back(invalid);

  const PrebuildReport report = prebuild(specs, 0);
  ASSERT_EQ(report.failed.size(), 1u);
  EXPECT_EQ(report.failed[0].first, invalid);
  EXPECT_NE(report.failed[0].second.find("shared memory"), std::string::npos);
  EXPECT_EQ(report.compiled + report.cached, specs.size() - 1);
  if (!report.compile_seconds.empty()) {
    auto sorted = report.compile_seconds;
    std::sort(sorted.begin(), sorted.end());
    std::cout << report.compiled << " specs compiled in " << report.wall_seconds
              << " s wall; median compile " << sorted[sorted.size() / 2] << " s\n";
  }

  const std::string cuobjdump = find_cuobjdump();
  EXPECT_FALSE(cuobjdump.empty()) << kNoCuobjdump;  // the other checks still run
  for (const KernelSpec& spec : representative_specs()) {
    const auto k = build(spec);  // from the cache now
    const std::string name = spec_name(spec);
    ASSERT_TRUE(k->usage.known()) << name << "\n" << k->log;
    EXPECT_EQ(k->usage.spill_stores, 0) << name << "\n" << k->log;
    EXPECT_EQ(k->usage.spill_loads, 0) << name << "\n" << k->log;
    EXPECT_EQ(k->usage.stack_frame, 0) << name << "\n" << k->log;
    // ptxas serializes wgmma it cannot prove warpgroup-converged (C7518; a probe kernel without
    // setmaxnreg did, scripts/runs/weight_stream.cuh) and waits on MMA registers other code
    // touches (C7517): neither may happen to the kernel.
    EXPECT_EQ(k->log.find("C7518"), std::string::npos) << name << "\n" << k->log;
    EXPECT_EQ(k->log.find("C7517"), std::string::npos) << name << "\n" << k->log;
    EXPECT_FALSE(k->usage.wgmma_serialized) << name << "\n" << k->log;
    // Within the launch bound: all threads of the CTA resident on one SM's register file.
    EXPECT_LE(k->usage.registers, 65536 / threads_per_block(spec)) << name;
    if (!cuobjdump.empty()) {
      const std::string sass = sass_of(cuobjdump, k->cubin);
      EXPECT_NE(sass.find("HGMMA."), std::string::npos) << name;
      // No instruction touches an accumulator before the wait for the MMAs that write it.
      const auto touched = test::accumulators_touched_in_flight(sass);
      EXPECT_TRUE(touched.empty()) << name << ": " << touched.size() << " accumulator reads above "
                                   << "the wait, the first: " << touched.front();
      // The reduction pass is compiled in exactly when the spec has one.
      EXPECT_EQ(sass.find(split_reduce_entry_name()) != std::string::npos, has_reduction_pass(spec))
          << name;
    }
  }

  // A second prebuild finds everything cached.
  const PrebuildReport again = prebuild(representative_specs(), 0);
  EXPECT_EQ(again.compiled, 0u);
  EXPECT_EQ(again.cached, representative_specs().size());
}

// prebuild names the specs that spill, from ptxas's report (cached kernels keep their log).
// The example spills today (368-372 bytes: the double-buffered TMA epilogue beside 192
// accumulators per ping-pong thread); should a kernel change cure it, pick another spilling spec.
TEST(Nvrtc, PrebuildReportsSpillingSpecs) {
  const KernelSpec spilling = parse_name("sm90_f16f32_tn_128x192x64_s4_c1x1_pp_persist_r8m_etma");
  const KernelSpec clean = parse_name("sm90_f16f32_tn_128x192x64_s4_c1x1_pp_persist_r8m_etmar");
  // Twice: the second pass finds both built (in memory); the first compiles them on a cold
  // cache (as in CI's clean build) or reads them from disk, re-parsing the kept ptxas log.
  for (int pass = 0; pass < 2; ++pass) {
    const PrebuildReport report = prebuild({spilling, clean}, 0);
    ASSERT_TRUE(report.failed.empty());
    ASSERT_EQ(report.spilled.size(), 1u) << "pass " << pass;
    EXPECT_EQ(report.spilled[0].spec, spilling);
    EXPECT_GT(report.spilled[0].store_bytes, 0);
    EXPECT_GT(report.spilled[0].load_bytes, 0);
  }
}

// `autogemm trace` builds: the cycle stamps compile into the coop, ping-pong and stream-K paths
// without spilling (a spilling tracing build would time something else).
TEST(Nvrtc, TracingBuildsCompileWithoutSpills) {
  for (const char* name : {"sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat",
                           "sm90_f16f32_tn_128x128x64_s5_c2x1_pp_persist_r8m_etmat",
                           "sm90_f16f32_tn_128x256x64_s4_c1x1_coop_persist_r8m_etma_sk"}) {
    const auto k = build(parse_name(name), /*trace=*/true);
    ASSERT_TRUE(k->usage.known()) << name << "\n" << k->log;
    EXPECT_EQ(k->usage.spill_stores, 0) << name << "\n" << k->log;
    EXPECT_EQ(k->usage.spill_loads, 0) << name << "\n" << k->log;
  }
}

}  // namespace
}  // namespace autogemm::jit
