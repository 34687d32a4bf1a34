// `autogemm db` and `autogemm dispatch` through the real binary: results, and exit code 2 with
// a one-line message for bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "policy_test_util.hpp"
#include "spec/name.hpp"
#include "tune/policy_file.hpp"
#include "tune/store.hpp"
#include "tune/table.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

// Runs the autogemm binary with `args` (shell syntax), AUTOGEMM_TABLE, AUTOGEMM_POLICY,
// AUTOGEMM_COST_MODEL and AUTOGEMM_LOG unset, then `env` (NAME=value ...) set; output is stdout and
// stderr.
CommandResult run(const std::string& args, const std::string& env = "") {
  return run_command(
      "env -u AUTOGEMM_TABLE -u AUTOGEMM_POLICY -u AUTOGEMM_COST_MODEL -u AUTOGEMM_LOG " + env +
      " " + AUTOGEMM_BINARY + " " + args + " 2>&1");
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Bad input: exit 2 and exactly one line, naming the problem.
void expect_bad_input(const std::string& args, const std::string& expected) {
  const CommandResult r = run(args);
  EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << args << "\n" << r.output;
  EXPECT_TRUE(contains(r.output, "autogemm: error: ")) << r.output;
  EXPECT_TRUE(contains(r.output, expected)) << args << "\n" << r.output;
}

// Appended piecewise: GCC 12 warns (-Wrestrict, a false positive) on "'" + s + "'".
std::string quoted(const std::filesystem::path& p) {
  std::string out(1, '\'');
  out += p.string();
  out += '\'';
  return out;
}

// A store at `path` holding `per_shape` synthetic measurements of each of `count` problems drawn
// with `seed` (policy_test_util.hpp); returns the problems.
std::vector<Problem> synthetic_store(const std::filesystem::path& path, size_t count,
                                     uint64_t seed) {
  const auto problems = synthetic_problems(count, seed);
  auto store = ExperienceStore::open(path);
  for (const Measurement& m : synthetic_measurements(problems, 12, seed + 1)) store.record(m);
  return problems;
}

// The first `count` problems' shapes, one M_N_K per line: a shape file.
std::string shape_lines(const std::vector<Problem>& problems, size_t count) {
  std::string out;
  for (size_t i = 0; i < count; ++i)
    out += std::to_string(problems[i].shape.m) + "_" + std::to_string(problems[i].shape.n) + "_" +
           std::to_string(problems[i].shape.k) + "\n";
  return out;
}

}  // namespace

TEST(TuneCli, ExportStatsMergeDispatch) {
  ScratchDir dir;
  const auto store_path = dir / "s.sqlite";
  {
    auto store = ExperienceStore::open(store_path);
    store.record(sample_measurement(problem(4096, 4096, 4096), kSpecA, 200));
    store.record(sample_measurement(problem(4096, 4096, 4096), kSpecB, 180));
    Measurement bad = sample_measurement(problem(64, 64, 64), kSpecA, 0);
    bad.status = Status::compile_error;
    bad.message = "nvrtc: too many resources";
    store.record(bad);
    store.mark_shape_done("NVIDIA H200", problem(4096, 4096, 4096), 32);
  }

  const CommandResult stats = run("db stats --store " + quoted(store_path));
  EXPECT_EQ(stats.code, 0) << stats.output;
  EXPECT_TRUE(contains(stats.output, "measurements: 3 (2 problems)")) << stats.output;
  EXPECT_TRUE(contains(stats.output, "shapes done: 1 finished, 0 unfinished")) << stats.output;
  EXPECT_TRUE(contains(stats.output, "1  compile_error: nvrtc: too many resources"))
      << stats.output;
  EXPECT_TRUE(contains(stats.output, "by timing mode:\n  3  kernel")) << stats.output;

  const auto table_path = dir / "t.json";
  const CommandResult exported =
      run("db export --store " + quoted(store_path) + " --out " + quoted(table_path));
  EXPECT_EQ(exported.code, 0) << exported.output;
  const TuningTable t = load_table(table_path);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t.entries()[0].spec, kSpecB);

  // A second shard with a faster spec for another problem.
  TuningTable shard = t;
  TableEntry e = t.entries()[0];
  e.problem = problem(8192, 8192, 8192);
  e.time_us = 1500;
  shard.add(e);
  save_table(shard, dir / "shard.json");
  const auto merged_path = dir / "merged.json";
  const CommandResult merged = run("db merge --out " + quoted(merged_path) + " " +
                                   quoted(table_path) + " " + quoted(dir / "shard.json"));
  EXPECT_EQ(merged.code, 0) << merged.output;
  EXPECT_EQ(load_table(merged_path).size(), 2u);

  const CommandResult hit =
      run("dispatch --mnk 8192_8192_8192 --layout tn --table " + quoted(merged_path));
  EXPECT_EQ(hit.code, 0) << hit.output;
  EXPECT_TRUE(contains(hit.output, "choice:  table")) << hit.output;
  EXPECT_TRUE(contains(hit.output, kSpecB)) << hit.output;

  // The table found by GPU name in --data-dir.
  save_table(shard, dir / "nvidia_h200.json");
  const CommandResult by_gpu =
      run("dispatch --mnk 8192_8192_8192 --layout tn --gpu 'NVIDIA H200' "
          "--data-dir " +
          quoted(dir.path()));
  EXPECT_TRUE(contains(by_gpu.output, "choice:  table")) << by_gpu.output;

  // A table's choice is final: nothing is timed on the first call.
  EXPECT_TRUE(contains(by_gpu.output, "trial:   none (only the cost model's choices are timed)"))
      << by_gpu.output;

  const CommandResult fallback = run("dispatch --mnk 64_30_64");
  EXPECT_EQ(fallback.code, 0) << fallback.output;
  EXPECT_TRUE(contains(fallback.output, "choice:  cublaslt_fallback")) << fallback.output;
}

// What gemm()'s first call of a problem the table lacks would time, from the shipped H200 data:
// a large off-grid shape gets the model's top half and the large-class families (and maybe a
// wave-filling tile); AUTOGEMM_AUTOTUNE below 2 times nothing, a bad value is bad input whatever
// the choice, and tuning on first sight (AUTOGEMM_TUNE=1) times nothing.
TEST(TuneCli, DispatchListsTheFirstCallTrial) {
  const std::string args =
      "dispatch --mnk 6989_608_14880 --layout tn --gpu 'NVIDIA H200' "
      "--data-dir " +
      quoted(std::filesystem::path(AUTOGEMM_SOURCE_DIR) / "data");
  const CommandResult r = run(args);
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "choice:  cost_model")) << r.output;
  const size_t at = r.output.find("trial:   ");
  ASSERT_NE(at, std::string::npos) << r.output;
  std::istringstream trial(r.output.substr(at + 9));
  int count = 0;
  trial >> count;
  EXPECT_GE(count, 6) << r.output;
  std::vector<std::string> specs;
  std::string line;
  std::getline(trial, line);  // the rest of "N candidates on the first call in a process:"
  while (std::getline(trial, line)) specs.push_back(line.substr(line.find_first_not_of(' ')));
  ASSERT_EQ(specs.size(), size_t(count)) << r.output;
  const std::string spec_line = r.output.substr(r.output.find("spec:    ") + 9);
  EXPECT_EQ(specs.front(), spec_line.substr(0, spec_line.find('\n')));  // the pick first
  for (const char* family : {"sm90_f16f32_tn_128x192x64_s4_c2x1_pp_persist_r8m_etmar",
                             "sm90_f16f32_tn_128x192x64_s4_c1x1_pp_persist_r16m_etmar"})
    EXPECT_NE(std::find(specs.begin(), specs.end(), family), specs.end()) << r.output;
  for (const std::string& s : specs) EXPECT_NO_THROW(parse_name(s)) << s;

  EXPECT_TRUE(contains(run(args, "AUTOGEMM_AUTOTUNE=1").output,
                       "trial:   none (AUTOGEMM_AUTOTUNE below 2)"));
  const CommandResult bad = run(args, "AUTOGEMM_AUTOTUNE=x");
  EXPECT_EQ(bad.code, 2) << bad.output;
  EXPECT_TRUE(contains(bad.output, "autogemm: error: AUTOGEMM_AUTOTUNE='x'")) << bad.output;
  EXPECT_FALSE(contains(bad.output, "problem: ")) << "nothing printed before the refusal";

  // gemm() refuses a bad value on any problem, a table's choice too (4096^3 is an H200 entry).
  const CommandResult bad_table =
      run("dispatch --mnk 4096_4096_4096 --layout tn --gpu 'NVIDIA H200' --data-dir " +
              quoted(std::filesystem::path(AUTOGEMM_SOURCE_DIR) / "data"),
          "AUTOGEMM_TRIAL_FIXED=x");
  EXPECT_EQ(bad_table.code, 2) << bad_table.output;
  EXPECT_TRUE(contains(bad_table.output, "AUTOGEMM_TRIAL_FIXED='x'")) << bad_table.output;
  const CommandResult bad_batch = run(args, "AUTOGEMM_TRIAL_BATCH=17");
  EXPECT_EQ(bad_batch.code, 2) << bad_batch.output;
  EXPECT_TRUE(contains(bad_batch.output, "AUTOGEMM_TRIAL_BATCH='17'")) << bad_batch.output;

  // Tuning on first sight replaces the trial.
  EXPECT_TRUE(contains(run(args, "AUTOGEMM_TUNE=1").output,
                       "trial:   none (AUTOGEMM_TUNE: gemm() tunes the problem on first sight"));
}

TEST(TuneCli, BadInputExitsTwo) {
  ScratchDir dir;
  write_file(dir / "junk.sqlite", std::string(4096, 'j'));
  write_file(dir / "junk.json", "{\"format\": \"autogemm-tuning-table\", \"version\": 7}");
  expect_bad_input("db stats --store " + quoted(dir / "missing.sqlite"), "does not exist");
  expect_bad_input("db stats --store " + quoted(dir / "junk.sqlite"), "junk.sqlite");
  expect_bad_input(
      "db export --store " + quoted(dir / "junk.sqlite") + " --out " + quoted(dir / "o.json"),
      "corrupt");
  expect_bad_input("db merge --out " + quoted(dir / "o.json") + " " + quoted(dir / "junk.json"),
                   "junk.json': format version 7 is not supported");
  expect_bad_input("db merge --out " + quoted(dir / "o.json"), "tables is required");
  expect_bad_input("db", "A subcommand is required");
  expect_bad_input("dispatch --mnk 64_64", "bad shape '64_64'");
  expect_bad_input("dispatch --mnk 64_64_64 --dtype fp8", "--dtype: unsupported dtype 'fp8'");
  expect_bad_input("dispatch --mnk 64_64_64 --layout nt", "--layout: unsupported layout 'nt'");
  expect_bad_input("dispatch --mnk 64_64_64 --table " + quoted(dir / "junk.json"), "junk.json");
  expect_bad_input("dispatch --mnk 64_64_64 --sms 0", "--sms must be positive");
  EXPECT_FALSE(std::filesystem::exists(dir / "o.json"));
}

TEST(TuneCli, EmptyStoreExportIsBadInput) {
  ScratchDir dir;
  { ExperienceStore::open(dir / "empty.sqlite"); }
  expect_bad_input(
      "db export --store " + quoted(dir / "empty.sqlite") + " --out " + quoted(dir / "o.json"),
      "holds no measurements");
}

TEST(TuneCli, TrainPolicyThenDispatchWithIt) {
  ScratchDir dir;
  const auto store_path = dir / "s.sqlite";
  const auto problems = synthetic_store(store_path, 80, 31);
  write_file(dir / "exclude.txt", shape_lines(problems, 5));

  const auto policy_path = dir / "p.json";
  const CommandResult trained =
      run("db train-policy --store " + quoted(store_path) + " --out " + quoted(policy_path) +
          " --epochs 60 --exclude-shapes " + quoted(dir / "exclude.txt"));
  EXPECT_EQ(trained.code, 0) << trained.output;
  EXPECT_TRUE(contains(trained.output, "trained on 75 shapes of NVIDIA H200")) << trained.output;
  EXPECT_TRUE(contains(trained.output, "5 problems excluded")) << trained.output;
  const Policy policy = load_policy(policy_path);
  EXPECT_EQ(policy.info.gpu, "NVIDIA H200");
  EXPECT_EQ(policy.info.epochs, 60);
  EXPECT_EQ(policy.info.shapes, 75);
  EXPECT_TRUE(policy.spec_head) << "train-policy trains a spec head by default";
  EXPECT_TRUE(contains(trained.output, "spec head on its training shapes: top-1 "))
      << trained.output;

  // Its top choice per shape without measuring, as the dispatcher takes it.
  const CommandResult ranked = run("db rank --policy " + quoted(policy_path) + " --shapes " +
                                   quoted(dir / "exclude.txt") + " --top 2");
  EXPECT_EQ(ranked.code, 0) << ranked.output;
  EXPECT_EQ(std::count(ranked.output.begin(), ranked.output.end(), '\n'), 10) << ranked.output;
  EXPECT_TRUE(contains(ranked.output, " 2 sm90_f16f32_tn_")) << ranked.output;

  const auto fields_only = dir / "fields.json";
  EXPECT_EQ(run("db train-policy --store " + quoted(store_path) + " --out " + quoted(fields_only) +
                " --epochs 5 --head-rounds 0")
                .code,
            0);
  EXPECT_FALSE(load_policy(fields_only).spec_head);

  const std::string shape = "--mnk 1000_4096_1024 --layout tn";
  const CommandResult by_flag = run("dispatch " + shape + " --policy " + quoted(policy_path));
  EXPECT_EQ(by_flag.code, 0) << by_flag.output;
  EXPECT_TRUE(contains(by_flag.output, "choice:  policy")) << by_flag.output;
  const CommandResult by_env = run("dispatch " + shape, "AUTOGEMM_POLICY=" + quoted(policy_path));
  EXPECT_TRUE(contains(by_env.output, "choice:  policy")) << by_env.output;
  EXPECT_EQ(by_env.output, by_flag.output);
  EXPECT_TRUE(contains(run("dispatch " + shape).output, "choice:  heuristic"));
}

// The zero-shot pick of issue 5: a cost model trained without some shapes ranks the default
// sweep for them, no measurement.
TEST(TuneCli, TrainCostModelThenRank) {
  ScratchDir dir;
  const auto store_path = dir / "s.sqlite";
  const auto problems = synthetic_store(store_path, 60, 41);
  const std::string exclude = shape_lines(problems, 4);
  write_file(dir / "exclude.txt", exclude);
  const auto model = dir / "m.json";
  const CommandResult trained =
      run("db train-cost-model --store " + quoted(store_path) + " --out " + quoted(model) +
          " --rounds 20 --exclude-shapes " + quoted(dir / "exclude.txt"));
  EXPECT_EQ(trained.code, 0) << trained.output;
  EXPECT_TRUE(contains(trained.output, "of 56 shapes")) << trained.output;

  const CommandResult ranked = run("db rank --cost-model " + quoted(model) + " --shapes " +
                                   quoted(dir / "exclude.txt") + " --layout tn --top 2");
  EXPECT_EQ(ranked.code, 0) << ranked.output;
  std::istringstream lines(ranked.output);
  int count = 0;
  for (std::string shape, rank, spec, score; lines >> shape >> rank >> spec >> score; ++count) {
    EXPECT_EQ(rank, count % 2 == 0 ? "1" : "2") << ranked.output;
    EXPECT_NO_THROW(parse_name(spec)) << spec;
    EXPECT_TRUE(contains(exclude, shape + "\n")) << shape;
  }
  EXPECT_EQ(count, 8) << ranked.output;

  // The dispatcher with the model: its first-ranked spec, kind cost_model.
  const std::string first = ranked.output.substr(0, ranked.output.find('\n'));
  std::istringstream first_line(first);
  std::string shape, rank, spec;
  first_line >> shape >> rank >> spec;
  const CommandResult chosen =
      run("dispatch --mnk " + shape + " --layout tn --cost-model " + quoted(model));
  EXPECT_EQ(chosen.code, 0) << chosen.output;
  EXPECT_TRUE(contains(chosen.output, "choice:  cost_model")) << chosen.output;
  EXPECT_TRUE(contains(chosen.output, "spec:    " + spec + "\n")) << chosen.output;
  const CommandResult by_env =
      run("dispatch --mnk " + shape + " --layout tn", "AUTOGEMM_COST_MODEL=" + quoted(model));
  EXPECT_EQ(by_env.output, chosen.output);

  expect_bad_input("db rank --cost-model " + quoted(dir / "none.json") + " --mnk 64_64_64",
                   "none.json");
  expect_bad_input("db rank --cost-model " + quoted(model) + " --mnk 64_64_64 --top 0",
                   "--top must be at least 1");
  expect_bad_input("db rank --mnk 64_64_64", "give --cost-model or --policy");
  expect_bad_input("db rank --mnk 64_64_64 --cost-model " + quoted(model) + " --policy p.json",
                   "excludes");
}

TEST(TuneCli, TrainPolicyBadInputExitsTwo) {
  ScratchDir dir;
  const std::string out = " --out " + quoted(dir / "p.json");
  { ExperienceStore::open(dir / "empty.sqlite"); }
  {
    auto store = ExperienceStore::open(dir / "one.sqlite");
    store.record(sample_measurement(problem(4096, 4096, 4096), kSpecA, 200));
  }
  write_file(dir / "junk.json", "{\"format\": \"autogemm-policy\", \"version\": 7}");
  expect_bad_input("db train-policy --store " + quoted(dir / "missing.sqlite") + out,
                   "does not exist");
  expect_bad_input("db train-policy --store " + quoted(dir / "empty.sqlite") + out,
                   "holds no kernel-mode measurements");
  expect_bad_input("db train-policy --store " + quoted(dir / "one.sqlite") + out,
                   "no shape has two or more usable measured specs");
  expect_bad_input("db train-policy --store " + quoted(dir / "one.sqlite") + out + " --epochs 0",
                   "--epochs must be at least 1");
  expect_bad_input("db train-policy --store " + quoted(dir / "one.sqlite") + out +
                       " --exclude-shapes " + quoted(dir / "none.txt"),
                   "none.txt");
  expect_bad_input("db train-policy --store " + quoted(dir / "one.sqlite"), "--out is required");
  expect_bad_input("dispatch --mnk 64_64_64 --policy " + quoted(dir / "junk.json"),
                   "junk.json': format version 7 is not supported");
  expect_bad_input("tune --mnk 64_64_64 --store " + quoted(dir / "t.sqlite") + " --policy " +
                       quoted(dir / "junk.json"),
                   "--policy: policy '");
  EXPECT_FALSE(std::filesystem::exists(dir / "p.json"));
  EXPECT_FALSE(std::filesystem::exists(dir / "t.sqlite"));
}

TEST(TuneCli, DevicesBadInputExitsTwo) {
  ScratchDir dir;
  const std::string tune = "tune --mnk 64_64_64 --store " + quoted(dir / "t.sqlite");
  expect_bad_input(tune + " --devices 0,x", "--devices: 'x' is not a GPU ordinal in '0,x'");
  expect_bad_input(tune + " --devices ''", "--devices: '' is not a GPU ordinal");
  expect_bad_input(tune + " --devices 1,1", "--devices: GPU 1 is named twice");
  expect_bad_input(tune + " --devices 0 --worker-timeout 0", "--worker-timeout must be positive");
  expect_bad_input(tune + " --devices 0 --max-restarts -1", "--max-restarts must not be negative");
  expect_bad_input(tune + " --benchmark_seconds -1", "--benchmark_seconds must be a finite number");
  expect_bad_input(tune + " --benchmark-seconds nan",
                   "--benchmark_seconds must be a finite number");
  expect_bad_input(tune + " --devices 0 --benchmark_seconds 30",
                   "--benchmark_seconds 30 with --batch 8 takes at least 270 s per batch: raise "
                   "--worker-timeout (300 s)");
  EXPECT_FALSE(std::filesystem::exists(dir / "t.sqlite"));
}

// A GPU that is not there (GPU 99: on no machine of ours): exit 3 before the store is created.
TEST(TuneCli, DevicesWithoutTheGpuExitsThree) {
  ScratchDir dir;
  const CommandResult r =
      run("tune --mnk 64_64_64 --devices 0,99 --store " + quoted(dir / "t.sqlite") +
          " --update-table " + quoted(dir / "u.json"));
  EXPECT_EQ(r.code, 3) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "t.sqlite"));
  EXPECT_FALSE(std::filesystem::exists(dir / "u.json"));
}

TEST(TuneCli, TuneHelpNamesTheNewFlags) {
  const CommandResult r = run("tune --help");
  EXPECT_EQ(r.code, 0) << r.output;
  for (const char* flag :
       {"--devices", "--worker-timeout", "--max-restarts", "--update-table", "--benchmark_seconds"})
    EXPECT_TRUE(contains(r.output, flag)) << flag;
  EXPECT_FALSE(contains(r.output, "--worker-of")) << r.output;  // internal
}
