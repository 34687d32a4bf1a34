// The dispatcher: table hits, the heuristic for unseen shapes, cuBLASLt for what the kernel
// cannot serve, where tables come from, and the AUTOGEMM_LOG line.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/dispatch.hpp"
#include "tune/gpu_name.hpp"
#include "tune/heuristic.hpp"
#include "tune/shipped_data.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(TuneDispatch, TableHit) {
  const Problem p = problem(4096, 4096, 4096);
  const Dispatcher d(one_entry_table(p, kSpecB), "h200.json");
  const Choice c = d.choose(p);
  EXPECT_EQ(c.kind, ChoiceKind::table);
  EXPECT_EQ(c.spec, kSpecB);
  EXPECT_TRUE(contains(c.reason, "h200.json")) << c.reason;
  EXPECT_TRUE(contains(c.reason, "190.0 us")) << c.reason;
}

TEST(TuneDispatch, HeuristicForUnseenShape) {
  const Dispatcher d(one_entry_table(problem(4096, 4096, 4096), kSpecB), "h200.json");
  const Problem p = problem(4096, 4096, 4104);
  const Choice c = d.choose(p);
  EXPECT_EQ(c.kind, ChoiceKind::heuristic);
  EXPECT_EQ(c.spec, spec_name(heuristic_pick(p).spec));
  EXPECT_TRUE(contains(c.reason, "not in tuning table h200.json")) << c.reason;
  // Its spec can run the problem.
  EXPECT_FALSE(validate_problem(parse_name(c.spec), p));

  const Dispatcher no_table(std::nullopt, "", "no tuning table for GPU 'X'");
  EXPECT_TRUE(contains(no_table.choose(p).reason, "no tuning table for GPU 'X'"));
}

// A ranker (the cost model's pick, set by the runtime) comes after the table, before the
// policy and the heuristic; a problem it has no spec for falls through; cuBLASLt's stay there.
TEST(TuneDispatch, RankerAfterTheTable) {
  const Problem tuned = problem(4096, 4096, 4096), unseen = problem(4096, 4096, 4104);
  Dispatcher d(one_entry_table(tuned, kSpecB), "h200.json");
  std::vector<Problem> asked;
  d.set_ranker(
      [&](const Problem& p, const std::vector<KernelSpec>& proposals) -> std::vector<std::string> {
        EXPECT_TRUE(proposals.empty());  // no policy loaded: nothing proposed beside the sweep
        asked.push_back(p);
        if (p.shape.m == 64) return {};
        return {kSpecA, kSpecB};
      },
      "m.json");
  ASSERT_TRUE(d.has_ranker());
  EXPECT_EQ(d.choose(tuned).kind, ChoiceKind::table);
  const Choice c = d.choose(unseen);
  EXPECT_EQ(c.kind, ChoiceKind::cost_model);
  EXPECT_EQ(c.spec, kSpecA);
  EXPECT_TRUE(contains(c.reason, "cost model m.json")) << c.reason;
  EXPECT_TRUE(contains(c.reason, "not in tuning table h200.json")) << c.reason;
  EXPECT_EQ(to_string(c.kind), "cost_model");
  EXPECT_EQ(d.choose(problem(64, 4096, 4096)).kind, ChoiceKind::heuristic);
  EXPECT_EQ(d.choose(problem(64, 100, 64)).kind, ChoiceKind::cublaslt_fallback);
  // Asked only for the problems the table lacks and the kernel can serve.
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_EQ(asked[0], unseen);
}

// Timing on the call (runtime/timed_choice.hpp) gets the ranker's order for a problem the
// ranker chose, nothing for one a table holds, and its winner replaces the ranker's pick.
TEST(TuneDispatch, RankedSpecsAndTimedChoice) {
  const Problem tuned = problem(4096, 4096, 4096), unseen = problem(4096, 4096, 4104);
  Dispatcher d(one_entry_table(tuned, kSpecB), "h200.json");
  d.set_ranker(
      [&](const Problem&, const std::vector<KernelSpec>&) -> std::vector<std::string> {
        return {kSpecA, kSpecB};
      },
      "m.json");
  EXPECT_TRUE(d.ranked_specs(tuned).empty());
  EXPECT_EQ(d.ranked_specs(unseen), (std::vector<std::string>{kSpecA, kSpecB}));
  EXPECT_EQ(d.query(unseen).spec, kSpecA);
  const Choice& timed = d.set_timed(unseen, kSpecB, "timed on this GPU: 9.0 us");
  EXPECT_EQ(timed.kind, ChoiceKind::timed);
  EXPECT_EQ(timed.spec, kSpecB);
  EXPECT_EQ(to_string(timed.kind), "timed");
  EXPECT_TRUE(contains(timed.reason, "cost model m.json")) << timed.reason;
  EXPECT_TRUE(contains(timed.reason, "timed on this GPU")) << timed.reason;
  EXPECT_EQ(&d.query(unseen), &timed);
  EXPECT_EQ(d.query(tuned).kind, ChoiceKind::table);
  // A bf16 problem ranked through its fp16 twin gets the twin's order, as bf16 specs.
  Problem bf16 = unseen;
  bf16.dtype = DType::bf16;
  Dispatcher t(std::nullopt, "");
  t.set_ranker(
      [&](const Problem& p, const std::vector<KernelSpec>&) -> std::vector<std::string> {
        if (p.dtype != DType::f16) return {};
        return {kSpecA, kSpecA, kSpecB};  // a spec twice: p's ranking lists it once
      },
      "m.json");
  const auto ranked = t.ranked_specs(bf16);
  ASSERT_EQ(ranked.size(), 2u);
  EXPECT_EQ(ranked.front(), t.choose(bf16).spec);
  for (const auto& s : ranked) EXPECT_EQ(parse_name(s).dtype, DType::bf16) << s;
  // Without a ranker there is nothing to time.
  EXPECT_TRUE(Dispatcher(std::nullopt, "").ranked_specs(unseen).empty());
}

// bf16 with fp32 accumulation borrows its fp16 twin's table entry and cost-model ranking (same
// MMAs, rate and bytes), with the spec's data type changed; an exact entry still wins.
TEST(TuneDispatch, Bf16BorrowsTheFp16TwinsTableAndRanking) {
  const Problem fp16 = problem(4096, 4096, 4096);
  Problem bf16 = fp16;
  bf16.dtype = DType::bf16;
  const std::string bf16_spec =
      std::regex_replace(std::string(kSpecB), std::regex("_f16f32_"), "_bf16f32_");
  Dispatcher d(one_entry_table(fp16, kSpecB), "h200.json");
  const Choice c = d.choose(bf16);
  EXPECT_EQ(c.kind, ChoiceKind::table);
  EXPECT_EQ(c.spec, bf16_spec);
  EXPECT_EQ(parse_name(c.spec).dtype, DType::bf16);
  EXPECT_TRUE(contains(c.reason, "fp16/fp32/tn twin")) << c.reason;

  // A ranker that knows fp16 only (as the shipped cost model): asked for the twin.
  std::vector<Problem> asked;
  d.set_ranker(
      [&](const Problem& p, const std::vector<KernelSpec>&) -> std::vector<std::string> {
        asked.push_back(p);
        if (p.dtype != DType::f16) return {};
        return {kSpecA};
      },
      "m.json");
  Problem unseen = problem(4096, 4096, 4104);
  unseen.dtype = DType::bf16;
  const Choice r = d.choose(unseen);
  EXPECT_EQ(r.kind, ChoiceKind::cost_model);
  EXPECT_EQ(parse_name(r.spec).dtype, DType::bf16);
  KernelSpec back = parse_name(r.spec);
  back.dtype = DType::f16;
  EXPECT_EQ(spec_name(back), kSpecA);
  EXPECT_TRUE(contains(r.reason, "fp16/fp32/tn twin")) << r.reason;
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_EQ(asked[0].dtype, DType::bf16);
  EXPECT_EQ(asked[1].dtype, DType::f16);

  // An exact bf16 entry wins over the twin's, and is not borrowed; an fp16 problem never takes
  // a bf16 entry.
  TuningTable both = one_entry_table(fp16, kSpecB);
  TableEntry exact = both.entries().front();
  exact.problem = bf16;
  exact.spec = std::regex_replace(std::string(kSpecA), std::regex("_f16f32_"), "_bf16f32_");
  both.add(exact);
  const Dispatcher with_exact(both, "h200.json");
  EXPECT_EQ(with_exact.choose(bf16).spec, exact.spec);
  EXPECT_FALSE(with_exact.choose(bf16).borrowed);
  EXPECT_TRUE(c.borrowed);
  const Dispatcher bf16_only(one_entry_table(bf16, exact.spec), "h200.json");
  EXPECT_EQ(bf16_only.choose(fp16).kind, ChoiceKind::heuristic);
}

// Layout nn and fp16 accumulation borrow from the fp16/fp32/tn twin too, where the twin's spec
// is valid for their types: nn needs widths that are multiples of 64 (or swap-AB), so a
// ranking's first such spec is the pick; a twin entry nn cannot run falls through to it.
TEST(TuneDispatch, NnAndFp16AccumulationBorrowWhereTheSpecIsValid) {
  const Problem tn = problem(4096, 4096, 4096);
  const Problem nn = problem(4096, 4096, 4096, Layout::nn);
  const Dispatcher d(one_entry_table(tn, kSpecA), "h200.json");
  const Choice c = d.choose(nn);
  EXPECT_EQ(c.kind, ChoiceKind::table);
  EXPECT_EQ(c.spec, kSpecNn);  // kSpecA with layout nn
  EXPECT_TRUE(c.borrowed);
  EXPECT_TRUE(contains(c.reason, "serves fp16/fp32/nn")) << c.reason;
  Problem f16acc = tn;
  f16acc.acc = AccType::f16;
  const Choice h = d.choose(f16acc);
  EXPECT_EQ(h.kind, ChoiceKind::table);
  EXPECT_EQ(parse_name(h.spec).acc, AccType::f16);
  EXPECT_EQ(h.spec, std::regex_replace(std::string(kSpecA), std::regex("_f16f32_"), "_f16f16_"));

  // A swap-AB entry serves nn as it is (the kernel's A is then M-major).
  const char* swap = "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8m_swap";
  ASSERT_FALSE(validate(parse_name(swap)));
  const Choice w = Dispatcher(one_entry_table(tn, swap), "h200.json").choose(nn);
  EXPECT_EQ(w.kind, ChoiceKind::table);
  EXPECT_EQ(w.spec, "sm90_f16f32_nn_128x96x64_s6_c1x1_coop_persist_r8m_swap");
  // A 96-wide tile without swap-AB does not serve nn; the ranking's first spec nn can run does.
  const char* narrow = "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8m_etmar";
  ASSERT_FALSE(validate(parse_name(narrow)));
  Dispatcher s(one_entry_table(tn, narrow), "h200.json");
  EXPECT_EQ(s.choose(nn).kind, ChoiceKind::heuristic);
  std::vector<Problem> asked;
  s.set_ranker(
      [&](const Problem& p, const std::vector<KernelSpec>&) -> std::vector<std::string> {
        asked.push_back(p);
        if (p.layout != Layout::tn) return {};
        return {narrow, "sm90_f16f32_tn_128x176x64_s4_c1x1_pp_persist_r8m_etmar", kSpecA};
      },
      "m.json");
  const Choice r = s.choose(nn);
  EXPECT_EQ(r.kind, ChoiceKind::cost_model);
  EXPECT_EQ(r.spec, kSpecNn);
  EXPECT_FALSE(validate_problem(parse_name(r.spec), nn));
  EXPECT_TRUE(contains(r.reason, "rank 3 of 3")) << r.reason;
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_EQ(asked[1], tn);
  // A ranking with nothing nn can run: on to the heuristic.
  Dispatcher none(one_entry_table(tn, narrow), "h200.json");
  none.set_ranker(
      [&](const Problem& p, const std::vector<KernelSpec>&) -> std::vector<std::string> {
        if (p.layout != Layout::tn) return {};
        return {narrow};
      },
      "m.json");
  EXPECT_EQ(none.choose(nn).kind, ChoiceKind::heuristic);
}

TEST(TuneDispatch, FallbackForUnalignedN) {
  const Dispatcher d(std::nullopt, "");
  const Choice c = d.choose(problem(4096, 30, 4096));
  EXPECT_EQ(c.kind, ChoiceKind::cublaslt_fallback);
  EXPECT_EQ(c.spec, "");
  EXPECT_TRUE(contains(c.reason, "N = 30 must be a positive multiple of 8")) << c.reason;
  EXPECT_EQ(d.choose(problem(64, 64, 100)).kind, ChoiceKind::cublaslt_fallback);
  // M has no alignment rule.
  EXPECT_EQ(d.choose(problem(1, 64, 64)).kind, ChoiceKind::heuristic);
  EXPECT_EQ(d.choose(problem(37, 64, 64)).kind, ChoiceKind::heuristic);
}

TEST(TuneDispatch, FallbackForTypesWithoutKernel) {
  const Dispatcher d(std::nullopt, "");
  Problem bf16_f16acc = problem(4096, 4096, 4096, Layout::tn, DType::bf16);
  bf16_f16acc.acc = AccType::f16;
  const Choice c = d.choose(bf16_f16acc);
  EXPECT_EQ(c.kind, ChoiceKind::cublaslt_fallback);
  EXPECT_TRUE(contains(c.reason, "fp16 accumulation requires fp16 data")) << c.reason;

  // fp16 data with fp16 accumulation has kernels, stream-K among them (its pieces hand over
  // fp32 partials).
  Problem f16_f16acc = problem(4096, 4096, 4096);
  f16_f16acc.acc = AccType::f16;
  const Choice f = d.choose(f16_f16acc);
  EXPECT_EQ(f.kind, ChoiceKind::heuristic);
  EXPECT_EQ(parse_name(f.spec).acc, AccType::f16);
  Problem long_k = problem(256, 256, 16384);
  long_k.acc = AccType::f16;
  const Choice g = d.choose(long_k);
  EXPECT_EQ(g.kind, ChoiceKind::heuristic) << g.reason;
  EXPECT_TRUE(parse_name(g.spec).stream_k) << g.spec;  // parse_name also validates
  EXPECT_EQ(parse_name(g.spec).acc, AccType::f16) << g.spec;
}

TEST(TuneDispatch, RejectsEmptyDimensions) {
  const Dispatcher d(std::nullopt, "");
  EXPECT_THROW(d.choose(problem(0, 64, 64)), Error);
  EXPECT_THROW(d.choose(problem(64, 64, -8)), Error);
}

TEST(TuneDispatch, HeuristicRules) {
  const DeviceFacts h200;
  auto pick = [&](int64_t m, int64_t n, int64_t k) {
    return heuristic_pick(problem(m, n, k), h200).spec;
  };
  // Rule 1: small M, long K -> swap-AB (bn covers M), stream-K when tiles are few, in at most
  // SMs/tiles pieces per tile (80 tiles: 2); in layout nn too (its kernel A M-major).
  EXPECT_EQ(spec_name(pick(16, 5120, 13824)),
            "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk2_swap");
  EXPECT_EQ(spec_name(heuristic_pick(problem(16, 5120, 13824, Layout::nn), h200).spec),
            "sm90_f16f32_nn_64x16x64_s8_c1x1_wg1_persist_r8m_sk2_swap");
  // Rule 2: 128x192 tiles fill their last wave about as well as 128x256 (8192^3: 2752 tiles,
  // 99% of 21 waves, against 97% of 16) -> ping-pong 128x192.
  EXPECT_EQ(spec_name(pick(8192, 8192, 8192)),
            "sm90_f16f32_tn_128x192x64_s4_c2x1_pp_persist_r8m_etmar");
  // Rule 2b: 4096^3 fills 89% of 128x192 waves but 97% of 128x256 ones -> cooperative 128x256.
  EXPECT_EQ(spec_name(pick(4096, 4096, 4096)),
            "sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0");
  // Rule 3: one to three waves with short K -> ping-pong (8192/128 * 4096/256 = 1024 tiles is
  // more than 3 waves, so use 2048 x 4096 = 256 tiles).
  EXPECT_EQ(spec_name(pick(2048, 4096, 512)),
            "sm90_f16f32_tn_128x128x64_s5_c2x1_pp_persist_r8m_etmat");
  // Rule 4: a wave of 128x128 tiles (1024/128 * 2560/128 = 160) but not of 128x256 (80).
  EXPECT_EQ(spec_name(pick(1024, 2560, 512)),
            "sm90_f16f32_tn_128x128x64_s5_c1x1_pp_persist_r8m_etmat");
  // Rule 5: few tiles and a long K -> stream-K, 8 pieces of 32 k-blocks per tile.
  EXPECT_EQ(spec_name(pick(256, 256, 16384)),
            "sm90_f16f32_tn_128x128x64_s4_c1x1_coop_persist_r8m_etma_sk8");
  // Rule 6: small everything.
  EXPECT_EQ(spec_name(pick(64, 256, 64)), "sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_persist_r8m_etmat");
  // Fewer SMs: the same shape fills a wave sooner.
  EXPECT_EQ(heuristic_pick(problem(1024, 2560, 2048), h200).spec.bn, 128);
  EXPECT_GT(heuristic_pick(problem(1024, 2560, 2048), DeviceFacts{64}).spec.bn, 128);
}

TEST(TuneDispatch, HeuristicSpecsAreValidEverywhere) {
  // Over a spread of shapes and every (dtype, layout) with a kernel, the pick is a valid spec
  // of the problem's types that can run it.
  for (DType dtype : {DType::f16, DType::bf16})
    for (Layout layout : {Layout::nn, Layout::tn})
      for (int64_t m : {1, 64, 100, 1024, 4096, 16384})
        for (int64_t n : {8, 64, 1000, 4096, 16384})
          for (int64_t k : {8, 64, 2048, 16384}) {
            const Problem p = problem(m, n, k, layout, dtype);
            const KernelSpec s = heuristic_pick(p).spec;
            EXPECT_FALSE(validate(s)) << spec_name(s) << ": " << *validate(s);
            EXPECT_FALSE(validate_problem(s, p)) << spec_name(s);
          }
}

TEST(TuneDispatch, QueryCachesAndLogsOncePerProblem) {
  const Problem hit = problem(4096, 4096, 4096);
  Dispatcher d(one_entry_table(hit, kSpecB), "h200.json");
  std::ostringstream log;
  d.set_log(&log);
  const Choice& first = d.query(hit);
  const Choice& again = d.query(hit);
  EXPECT_EQ(&first, &again);
  d.query(problem(64, 30, 64));
  const std::string text = log.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2) << text;
  EXPECT_TRUE(
      contains(text, std::string("autogemm: dispatch 4096x4096x4096 fp16/fp32/tn -> table ") +
                         kSpecB + " (tuning table h200.json"))
      << text;
  EXPECT_TRUE(contains(text, "autogemm: dispatch 64x30x64 fp16/fp32/tn -> cublaslt_fallback ("))
      << text;
}

TEST(TuneDispatch, TableFromDataDirByGpuName) {
  ScratchDir dir;
  ScopedEnv no_override("AUTOGEMM_TABLE", "");
  const Problem p = problem(4096, 4096, 4096);
  save_table(one_entry_table(p, kSpecB), dir / "nvidia_h200.json");
  const Dispatcher d = Dispatcher::from_environment("NVIDIA H200", dir.path());
  EXPECT_EQ(d.choose(p).kind, ChoiceKind::table);

  // No table for this GPU: the heuristic, saying why.
  const Dispatcher other = Dispatcher::from_environment("NVIDIA H100 80GB HBM3", dir.path());
  const Choice c = other.choose(p);
  EXPECT_EQ(c.kind, ChoiceKind::heuristic);
  EXPECT_TRUE(contains(c.reason, "nvidia_h100_80gb_hbm3.json does not exist")) << c.reason;
}

// A GPU without shipped data borrows the data of a GPU of the same chip (an H100 SXM the
// H200's: sm_90, 132 SMs), saying so in every reason; another chip, or data of its own, or a
// table named by AUTOGEMM_TABLE, does not.
TEST(TuneDispatch, SameChipBorrowsShippedData) {
  ScratchDir dir;
  ScopedEnv no_table("AUTOGEMM_TABLE", "");
  ScopedEnv no_model("AUTOGEMM_COST_MODEL", "");
  const Problem p = problem(4096, 4096, 4096);
  save_table(one_entry_table(p, kSpecB), dir / "nvidia_h200.json");
  const DataGpu h100 = data_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path());
  EXPECT_EQ(h100.name, "NVIDIA H200");
  EXPECT_TRUE(contains(h100.note, "no tuning table for NVIDIA H100 80GB HBM3")) << h100.note;
  const Dispatcher d = Dispatcher::from_environment(h100.name, dir.path(), {132}, h100.note);
  const Choice c = d.choose(p);
  EXPECT_EQ(c.kind, ChoiceKind::table);
  EXPECT_EQ(c.spec, kSpecB);
  EXPECT_TRUE(contains(c.reason, "nvidia_h200.json (NVIDIA H200's data")) << c.reason;
  // The H100 PCIe (114 SMs) and another architecture keep their own (missing) data.
  EXPECT_EQ(data_gpu("NVIDIA H100 PCIe", 9, 0, 114, dir.path()).name, "NVIDIA H100 PCIe");
  EXPECT_EQ(data_gpu("NVIDIA A100-SXM4-80GB", 8, 0, 108, dir.path()).name, "NVIDIA A100-SXM4-80GB");
  // Data of its own wins; so does an explicit table.
  save_table(one_entry_table(p, kSpecA), dir / "nvidia_h100_80gb_hbm3.json");
  EXPECT_EQ(data_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path()).name, "NVIDIA H100 80GB HBM3");
  EXPECT_TRUE(data_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path()).note.empty());
  ScopedEnv table("AUTOGEMM_TABLE", (dir / "nvidia_h200.json").string());
  EXPECT_EQ(data_gpu("NVIDIA H100 NVL", 9, 0, 132, dir.path()).name, "NVIDIA H100 NVL");
  // Nothing shipped at all: its own name.
  ScratchDir empty;
  ScopedEnv no_table2("AUTOGEMM_TABLE", "");
  EXPECT_EQ(data_gpu("NVIDIA H100 NVL", 9, 0, 132, empty.path()).name, "NVIDIA H100 NVL");
}

// A GPU's own table, which may hold only the shapes tuned on it, lies over the same chip's
// shipped table; each kind of data (table, cost model, policy) falls back on its own.
TEST(TuneDispatch, OwnTableLiesOverTheSameChipsTable) {
  ScratchDir dir;
  ScopedEnv no_table("AUTOGEMM_TABLE", "");
  ScopedEnv no_model("AUTOGEMM_COST_MODEL", "");
  ScopedEnv no_policy("AUTOGEMM_POLICY", "");
  const Problem mine = problem(4096, 4096, 4096), theirs = problem(8192, 8192, 8192);
  TuningTable h200 = one_entry_table(mine, kSpecB);
  h200.add(one_entry_table(theirs, kSpecB).entries().front());
  save_table(h200, dir / "nvidia_h200.json");
  save_table(one_entry_table(mine, kSpecA), dir / "nvidia_h100_80gb_hbm3.json");
  std::ofstream(dir / "nvidia_h200.costmodel.json") << "{}";

  const DataGpu table = data_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path(), ".json");
  EXPECT_EQ(table.name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(table.underlay, "NVIDIA H200");
  EXPECT_TRUE(table.note.empty()) << table.note;
  const DataGpu model = data_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path(), ".costmodel.json");
  EXPECT_EQ(model.name, "NVIDIA H200");
  EXPECT_TRUE(model.underlay.empty());
  EXPECT_TRUE(contains(model.note, "no cost model for NVIDIA H100 80GB HBM3")) << model.note;
  EXPECT_EQ(data_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path(), ".policy.json").name,
            "NVIDIA H100 80GB HBM3");  // none ships: its own (missing) name
  // The shipped GPU itself lies over nothing; an unknown kind of data is an error.
  EXPECT_TRUE(data_gpu("NVIDIA H200", 9, 0, 132, dir.path()).underlay.empty());
  EXPECT_EQ(data_gpu("NVIDIA H200", 9, 0, 132, dir.path()).name, "NVIDIA H200");
  EXPECT_THROW(data_gpu("NVIDIA H200", 9, 0, 132, dir.path(), ".tabel.json"), Error);

  // A compressed copy ships as well (the H200's model is data/nvidia_h200.costmodel.json.gz).
  std::filesystem::rename(dir / "nvidia_h200.costmodel.json",
                          dir / "nvidia_h200.costmodel.json.gz");
  EXPECT_EQ(data_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path(), ".costmodel.json").name,
            "NVIDIA H200");
  EXPECT_EQ(shipped_data_file(dir.path(), "NVIDIA H200", ".costmodel.json"),
            dir / "nvidia_h200.costmodel.json.gz");
  EXPECT_EQ(shipped_data_file(dir.path(), "NVIDIA H200", ".policy.json"), std::nullopt);

  // What gemm() builds (the stand-in model file above would not load).
  std::filesystem::remove(dir / "nvidia_h200.costmodel.json.gz");
  const Dispatcher d = dispatcher_for_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path());
  const Choice own = d.choose(mine), borrowed = d.choose(theirs);
  EXPECT_EQ(own.kind, ChoiceKind::table);
  EXPECT_EQ(own.spec, kSpecA);
  EXPECT_EQ(borrowed.kind, ChoiceKind::table);
  EXPECT_EQ(borrowed.spec, kSpecB);
  EXPECT_TRUE(contains(borrowed.reason, "nvidia_h100_80gb_hbm3.json over ")) << borrowed.reason;
  EXPECT_TRUE(contains(borrowed.reason, "nvidia_h200.json (NVIDIA H200's")) << borrowed.reason;

  // A table named by AUTOGEMM_TABLE is the whole table.
  ScopedEnv named("AUTOGEMM_TABLE", (dir / "nvidia_h100_80gb_hbm3.json").string());
  EXPECT_TRUE(data_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path()).underlay.empty());
  const Dispatcher alone = dispatcher_for_gpu("NVIDIA H100 80GB HBM3", 9, 0, 132, dir.path());
  EXPECT_EQ(alone.choose(mine).spec, kSpecA);
  EXPECT_EQ(alone.choose(theirs).kind, ChoiceKind::heuristic);
}

TEST(TuneDispatch, AutogemmTableOverridesDataDir) {
  ScratchDir dir;
  const Problem p = problem(4096, 4096, 4096);
  save_table(one_entry_table(p, kSpecB), dir / "nvidia_h200.json");
  save_table(one_entry_table(p, kSpecA), dir / "mine.json");
  ScopedEnv env("AUTOGEMM_TABLE", (dir / "mine.json").string());
  const Dispatcher d = Dispatcher::from_environment("NVIDIA H200", dir.path());
  EXPECT_EQ(d.choose(p).spec, kSpecA);
  EXPECT_EQ(d.table_source(), (dir / "mine.json").string());
}

TEST(TuneDispatch, BrokenTableIsAnError) {
  ScratchDir dir;
  write_file(dir / "nvidia_h200.json", "{\"format\":");
  {
    ScopedEnv no_override("AUTOGEMM_TABLE", "");
    EXPECT_THROW(Dispatcher::from_environment("NVIDIA H200", dir.path()), Error);
  }
  ScopedEnv env("AUTOGEMM_TABLE", (dir / "missing.json").string());
  EXPECT_THROW(Dispatcher::from_environment("NVIDIA H200", dir.path()), Error);
}

TEST(TuneDispatch, AutogemmLogTurnsLoggingOn) {
  ScopedEnv no_override("AUTOGEMM_TABLE", "");
  ScopedEnv log("AUTOGEMM_LOG", "1");
  Dispatcher d = Dispatcher::from_environment("NVIDIA H200", "/nonexistent-autogemm");
  ::testing::internal::CaptureStderr();
  d.query(problem(64, 64, 64));
  d.query(problem(64, 64, 64));
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_TRUE(contains(err, "autogemm: dispatch 64x64x64 fp16/fp32/tn -> heuristic ")) << err;
}

TEST(TuneDispatch, GpuNameSanitizing) {
  EXPECT_EQ(sanitize_gpu_name("NVIDIA H200"), "nvidia_h200");
  EXPECT_EQ(sanitize_gpu_name("NVIDIA H100 80GB HBM3"), "nvidia_h100_80gb_hbm3");
  EXPECT_EQ(sanitize_gpu_name("  NVIDIA  GH200 (480GB) "), "nvidia_gh200_480gb");
  EXPECT_EQ(sanitize_gpu_name("../../etc"), "etc");
  EXPECT_EQ(sanitize_gpu_name(""), "unknown_gpu");
  EXPECT_EQ(sanitize_gpu_name("--"), "unknown_gpu");
}
