// Tuning tables: JSON round trip, strict loading, export from the store, merging shards.
#include <gtest/gtest.h>

#include <filesystem>

#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/gpu_name.hpp"
#include "tune/table.hpp"
#include "tune/table_ops.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

TableEntry entry(const Problem& p, const std::string& spec, double us,
                 std::string gpu = "NVIDIA H200") {
  TableEntry e;
  e.problem = p;
  e.spec = spec;
  e.time_us = us;
  e.reference_us = us * 1.1;
  e.reference_method = "cublaslt_autotune_tn";
  e.gpu = std::move(gpu);
  e.date = "2026-11-21T06:33:08Z";
  return e;
}

TuningTable table(std::vector<TableEntry> entries, std::string gpu = "NVIDIA H200") {
  TuningTable t;
  t.gpu = std::move(gpu);
  t.created = "2026-11-22T00:00:00Z";
  t.commit = "abc123";
  for (auto& e : entries) t.add(std::move(e));
  return t;
}

// One valid entry line, with `field` replaced by `value` (raw JSON) when given.
std::string entry_json(const std::string& field = "", const std::string& value = "") {
  std::vector<std::pair<std::string, std::string>> fields = {
      {"dtype", "\"fp16\""},
      {"acc", "\"fp32\""},
      {"layout", "\"tn\""},
      {"m", "4096"},
      {"n", "4096"},
      {"k", "4096"},
      {"spec", std::string("\"") + kSpecA + "\""},
      {"time_us", "190.5"}};
  std::string out = "{";
  bool replaced = false;
  for (auto& [k, v] : fields) {
    if (k == field) {
      replaced = true;
      if (value.empty()) continue;  // drop the field
      v = value;
    }
    out += (out.size() > 1 ? "," : "") + ("\"" + k + "\":" + v);
  }
  if (!field.empty() && !replaced) out += ",\"" + field + "\":" + value;
  return out + "}";
}

std::string table_json(const std::string& entries, const std::string& version = "1",
                       const std::string& extra = "") {
  return "{\"format\":\"autogemm-tuning-table\",\"version\":" + version +
         ",\"gpu\":\"NVIDIA H200\"" + extra + ",\"entries\":[" + entries + "]}";
}

// The error message merge_tables gives for `tables`; "" when they merge.
std::string merge_error(const std::vector<SourcedTable>& tables) {
  try {
    merge_tables(tables);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// The error message parse_table gives for `text` read as file "bad.json"; "" when it loads.
std::string load_error(const std::string& text) {
  try {
    parse_table(text, "bad.json");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(TuneTable, SaveLoadRoundTrip) {
  ScratchDir dir;
  TuningTable t = table({entry(problem(4096, 4096, 4096), kSpecA, 190.25),
                         entry(problem(64, 4096, 64, Layout::nn), kSpecNn, 5.5)});
  TableEntry no_ref = entry(problem(128, 256, 512), kSpecB, 7);
  no_ref.reference_us.reset();
  no_ref.reference_method.clear();
  t.add(no_ref);
  save_table(t, dir / "t.json");
  const TuningTable back = load_table(dir / "t.json");
  EXPECT_EQ(back.gpu, t.gpu);
  EXPECT_EQ(back.created, t.created);
  EXPECT_EQ(back.commit, t.commit);
  ASSERT_EQ(back.size(), 3u);
  for (const auto& e : t.entries()) {
    const TableEntry* found = back.find(e.problem);
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(*found, e);
  }
  // Written again, byte for byte the same text (sorted, one entry per line).
  EXPECT_EQ(table_to_json(back), table_to_json(t));
  const std::string text = table_to_json(t);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 12) << text;
  EXPECT_LT(text.find("\"layout\":\"nn\""), text.find("\"layout\":\"tn\"")) << text;
}

TEST(TuneTable, FindIsExact) {
  const TuningTable t = table({entry(problem(4096, 4096, 4096), kSpecA, 190)});
  EXPECT_NE(t.find(problem(4096, 4096, 4096)), nullptr);
  EXPECT_EQ(t.find(problem(4096, 4096, 4088)), nullptr);
  EXPECT_EQ(t.find(problem(4096, 4096, 4096, Layout::nn)), nullptr);
  EXPECT_EQ(t.find(problem(4096, 4096, 4096, Layout::tn, DType::bf16)), nullptr);
}

TEST(TuneTable, EmptyTableLoads) {
  EXPECT_EQ(parse_table(table_json(""), "t.json").size(), 0u);
}

TEST(TuneTable, RejectsBadFilesNamingFileAndProblem) {
  struct Case {
    std::string text, expected;
  };
  const Case cases[] = {
      {table_json(entry_json()).substr(0, 80), "not valid JSON"},
      {"", "not valid JSON"},
      {"[1,2]", "top level must be a JSON object"},
      {"{\"version\":1,\"gpu\":\"x\",\"entries\":[]}", "not an autogemm tuning table"},
      {table_json(entry_json(), "2"), "format version 2 is not supported"},
      {table_json(entry_json(), "\"1\""), "format version \"1\" is not supported"},
      {table_json(entry_json(), "1", ",\"colour\":1"), "unknown key \"colour\" in the table"},
      {table_json(entry_json("spec", "\"sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8q\"")),
       "entry 0 (4096_4096_4096): spec 'sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8q' is "
       "unusable here"},
      {table_json(entry_json("spec", "\"sm90_f16f32_tn_256x256x64_s2_c1x1_coop_persist_r8m\"")),
       "above the budget"},
      {table_json(entry_json("spec", std::string("\"") + kSpecNn + "\"")),
       "the problem is fp16/fp32/tn"},
      {table_json(entry_json("n", "4100")), "N = 4100 must be a positive multiple of 8"},
      {table_json(entry_json() + "," + entry_json("time_us", "1.0")),
       "entry 1 (4096_4096_4096): duplicate entry for 4096x4096x4096 fp16/fp32/tn"},
      {table_json(entry_json("m", "0")), "\"m\" must be a positive integer"},
      {table_json(entry_json("k", "")), "missing key \"k\""},
      {table_json(entry_json("time_us", "-3")), "\"time_us\" must be a positive number"},
      {table_json(entry_json("dtype", "\"f16\"")), "\"dtype\" must be spelled \"fp16\""},
      {table_json(entry_json("dtype", "\"fp8\"")), "unsupported dtype 'fp8'"},
      {table_json(entry_json("speed", "1")), "unknown key \"speed\" in the entry"},
      {table_json("3"), "entry 0: must be an object"},
  };
  for (const Case& c : cases) {
    const std::string msg = load_error(c.text);
    EXPECT_EQ(msg.rfind("tuning table 'bad.json': ", 0), 0u) << c.text << "\n -> " << msg;
    EXPECT_NE(msg.find(c.expected), std::string::npos) << c.text << "\n -> " << msg;
  }
}

TEST(TuneTable, MissingFileNamesIt) {
  try {
    load_table("/nonexistent-autogemm/table.json");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-autogemm/table.json"), std::string::npos);
  }
}

TEST(TuneTable, AddRejectsDuplicatesPutReplaces) {
  TuningTable t = table({entry(problem(64, 64, 64), kSpecA, 3)});
  EXPECT_THROW(t.add(entry(problem(64, 64, 64), kSpecB, 2)), Error);
  t.put(entry(problem(64, 64, 64), kSpecB, 2));
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t.find(problem(64, 64, 64))->spec, kSpecB);
}

TEST(TuneTable, ExportTakesBestCorrectSpecPerProblem) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  const Problem big = problem(4096, 4096, 4096), small = problem(64, 4096, 64, Layout::nn);
  store.record(sample_measurement(big, kSpecA, 200));
  store.record(sample_measurement(big, kSpecB, 180));
  Measurement wrong = sample_measurement(big, kSpecA, 10);
  wrong.status = Status::wrong_result;
  store.record(wrong);
  store.record(sample_measurement(small, kSpecNn, 6));
  Measurement server = sample_measurement(small, kSpecNn, 1);
  server.mode = "server";
  store.record(server);

  ExportOptions opt;
  opt.commit = "deadbeef";
  const TuningTable t = export_table(store, opt);
  EXPECT_EQ(t.gpu, "NVIDIA H200");
  EXPECT_EQ(t.commit, "deadbeef");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t.find(big)->spec, kSpecB);
  EXPECT_EQ(t.find(big)->time_us, 180);
  EXPECT_DOUBLE_EQ(*t.find(big)->reference_us, 180 * 1.05);
  EXPECT_EQ(t.find(big)->reference_method, "cublaslt_autotune_tn");
  EXPECT_EQ(t.find(small)->time_us, 6);  // kernel mode, not the server row
  // What export writes, load reads back.
  save_table(t, dir / "t.json");
  EXPECT_EQ(table_to_json(load_table(dir / "t.json")), table_to_json(t));

  // A second GPU in the store: export must be told which.
  store.record(sample_measurement(big, kSpecA, 150, "NVIDIA H100"));
  EXPECT_THROW(export_table(store, {}), Error);
  ExportOptions h100;
  h100.gpu = "NVIDIA H100";
  EXPECT_EQ(export_table(store, h100).find(big)->time_us, 150);
  ExportOptions missing;
  missing.gpu = "NVIDIA A100";
  EXPECT_THROW(export_table(store, missing), Error);
}

TEST(TuneTable, MergeKeepsFasterEntryPerProblem) {
  const Problem a = problem(4096, 4096, 4096), b = problem(64, 64, 64), c = problem(128, 128, 128);
  const TuningTable shard0 = table({entry(a, kSpecA, 200), entry(b, kSpecA, 5)});
  const TuningTable shard1 = table({entry(a, kSpecB, 180), entry(c, kSpecB, 7)});
  const TuningTable shard2 = table({entry(b, kSpecB, 5)});  // a tie: the earlier table wins
  const TuningTable m =
      merge_tables({{"s0.json", shard0}, {"s1.json", shard1}, {"s2.json", shard2}}, "cafe");
  EXPECT_EQ(m.gpu, "NVIDIA H200");
  EXPECT_EQ(m.commit, "cafe");
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m.find(a)->spec, kSpecB);
  EXPECT_EQ(m.find(b)->spec, kSpecA);
  EXPECT_EQ(m.find(c)->spec, kSpecB);
}

TEST(TuneTable, MergeRequiresOneGpu) {
  const TuningTable h200 = table({entry(problem(64, 64, 64), kSpecA, 5)});
  const TuningTable h100 = table({entry(problem(64, 64, 64), kSpecA, 5)}, "NVIDIA H100");
  const std::string msg = merge_error({{"h200.json", h200}, {"h100.json", h100}});
  EXPECT_NE(msg.find("h100.json"), std::string::npos) << msg;
  EXPECT_NE(msg.find("NVIDIA H100"), std::string::npos) << msg;
  EXPECT_THROW(merge_tables({}), Error);
}

// A sustained-protocol table says so ("timing_mode"), reads back, and does not merge with a
// fast one; a fast table writes no such key (the shipped files stay as they were).
TEST(TuneTable, TimingModeRoundTripsAndDoesNotMix) {
  ScratchDir dir;
  TuningTable sustained = table({entry(problem(4096, 4096, 4096), kSpecA, 200)});
  sustained.timing_mode = "kernel_sustained";
  save_table(sustained, dir / "s.json");
  EXPECT_EQ(load_table(dir / "s.json").timing_mode, "kernel_sustained");
  const TuningTable fast = table({entry(problem(4096, 4096, 4096), kSpecB, 180)});
  EXPECT_EQ(table_to_json(fast).find("timing_mode"), std::string::npos);
  EXPECT_EQ(parse_table(table_to_json(fast), "f.json").timing_mode, "kernel");
  const std::string msg = merge_error({{"f.json", fast}, {"s.json", sustained}});
  EXPECT_NE(msg.find("'s.json' was timed in mode 'kernel_sustained'"), std::string::npos) << msg;
  // Any store mode may name a table (db export --mode offline); an empty name is refused.
  EXPECT_EQ(load_error(table_json(entry_json(), "1", ",\"timing_mode\":\"offline\"")), "");
  EXPECT_NE(load_error(table_json(entry_json(), "1", ",\"timing_mode\":\"\""))
                .find("\"timing_mode\" must not be empty"),
            std::string::npos);
}

// Every shipped table (data/<gpu>.json) loads, is named by its GPU, and names valid specs of its
// entries' types: gemm() reads them on any machine of that GPU.
TEST(TuneTable, ShippedTablesLoadAndNameValidSpecs) {
  int tables = 0;
  for (const auto& f : std::filesystem::directory_iterator(AUTOGEMM_SOURCE_DIR "/data")) {
    const std::string name = f.path().filename().string();
    if (!name.ends_with(".json") || name.find('.') != name.size() - 5) continue;  // not models
    SCOPED_TRACE(name);
    const TuningTable t = load_table(f.path());
    ++tables;
    EXPECT_EQ(sanitize_gpu_name(t.gpu) + ".json", name);
    EXPECT_GT(t.size(), 0u);
    for (const TableEntry& e : t.entries()) {
      KernelSpec s;
      ASSERT_NO_THROW(s = parse_name(e.spec)) << e.spec;
      EXPECT_EQ(validate(s), std::nullopt) << e.spec;
      EXPECT_EQ(validate_problem(s, e.problem), std::nullopt) << e.spec;
      EXPECT_EQ(s.dtype, e.problem.dtype) << e.spec;
      EXPECT_EQ(s.acc, e.problem.acc) << e.spec;
      EXPECT_EQ(s.layout, e.problem.layout) << e.spec;
    }
  }
  EXPECT_GE(tables, 2);  // the H200's and the H100's
}
