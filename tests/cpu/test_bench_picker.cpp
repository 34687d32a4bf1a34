// `--spec table:NAME=FILE`, `policy:NAME=FILE` and `costmodel:NAME=FILE`
// (bench/spec_picker.hpp): parsing, the
// checks before anything runs, what each source picks, and the no_entry answer for a shape the
// source lacks. None of it needs a GPU.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "bench/errors.hpp"
#include "bench/method_registry.hpp"
#include "bench/spec_picker.hpp"
#include "bench_options.hpp"
#include "cost_model_synthetic.hpp"
#include "process_util.hpp"
#include "spec/enumerate.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/cost_model.hpp"
#include "tune/dispatch.hpp"
#include "tune/policy.hpp"
#include "tune/policy_file.hpp"
#include "tune/table.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::bench;

namespace {

constexpr const char* kSpec = "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma";

Problem tn_problem(int64_t m, int64_t n, int64_t k) {
  return {{m, n, k}, DType::f16, AccType::f32, Layout::tn};
}

// A scratch directory holding a one-entry table (4096^3 tn -> kSpec), an untrained policy and a
// file that is neither.
class PickerFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("autogemm_picker_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    tune::save_table(tune::testing::one_entry_table(tn_problem(4096, 4096, 4096), kSpec), table());
    tune::save_policy(tune::Policy(), policy());
    std::ofstream(corrupt()) << "{\"format\": \"autogemm-tuning-table\", \"version\": 1,";
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string table() const { return (dir_ / "table.json").string(); }
  std::string policy() const { return (dir_ / "policy.json").string(); }
  std::string corrupt() const { return (dir_ / "corrupt.json").string(); }

  std::filesystem::path dir_;
};

// Parses `args` (after "bench") into a config, as the bench subcommand would.
BenchConfig parse(std::vector<std::string> args) {
  CLI::App app;
  cli::BenchOptions o;
  cli::add_bench_options(app, o);
  std::vector<std::string> rev(args.rbegin(), args.rend());
  app.parse(rev);  // CLI11 takes the arguments reversed
  return cli::make_bench_config(o, "autogemm bench", "TS");
}

std::string input_error(std::vector<std::string> args) {
  try {
    parse(args);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> autogemm_args(std::vector<std::string> specs) {
  std::vector<std::string> args = {"--mnk", "4096_4096_4096", "--layout",
                                   "tn",    "--methods",      "cublaslt_autotune_tn,autogemm"};
  for (const auto& s : specs) {
    args.push_back("--spec");
    args.push_back(s);
  }
  return args;
}

}  // namespace

TEST(PickerSource, Parses) {
  const auto t = parse_picker_source("table:tuned_b8=/x/t8.json");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->kind, PickerSource::Kind::table);
  EXPECT_EQ(t->name, "tuned_b8");
  EXPECT_EQ(t->file, "/x/t8.json");
  const auto p = parse_picker_source("policy:zero_shot=p=q.json");  // FILE after the first '='
  ASSERT_TRUE(p);
  EXPECT_EQ(p->kind, PickerSource::Kind::policy);
  EXPECT_EQ(p->name, "zero_shot");
  EXPECT_EQ(p->file, "p=q.json");
  for (const char* plain : {"sweep", "auto", kSpec, "tables:x=y"})
    EXPECT_FALSE(parse_picker_source(plain)) << plain;
}

TEST(PickerSource, BadTextNamesSpec) {
  for (const char* bad : {"table:", "table:x", "table:=f.json", "table:x=", "policy:9x=f",
                          "table:a-b=f", "table:cublas_nn=f", "policy:oracle=f", "table:a b=f"}) {
    try {
      parse_picker_source(bad);
      ADD_FAILURE() << bad << ": no error";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--spec"), std::string::npos) << e.what();
    }
  }
}

TEST_F(PickerFiles, TablePicksItsEntryElseNone) {
  const SpecPicker picker(*parse_picker_source("table:tuned=" + table()));
  EXPECT_EQ(picker.pick(tn_problem(4096, 4096, 4096), {}).spec, kSpec);
  const Pick miss = picker.pick(tn_problem(4096, 4096, 2048), {});
  EXPECT_EQ(miss.spec, "");
  EXPECT_NE(miss.reason.find(table()), std::string::npos) << miss.reason;
  // Another layout is another problem.
  Problem nn = tn_problem(4096, 4096, 4096);
  nn.layout = Layout::nn;
  EXPECT_EQ(picker.pick(nn, {}).spec, "");
}

// tableborrow: the entry where there is one, else the fp16/fp32/tn twin's spec in the problem's
// types and layout, what the dispatcher serves.
TEST_F(PickerFiles, TableBorrowServesOtherTypesAsTheDispatcher) {
  const SpecPicker picker(*parse_picker_source("tableborrow:borrowed=" + table()));
  EXPECT_EQ(picker.pick(tn_problem(4096, 4096, 4096), {}).spec, kSpec);
  Problem bf16 = tn_problem(4096, 4096, 4096);
  bf16.dtype = DType::bf16;
  Problem nn = tn_problem(4096, 4096, 4096);
  nn.layout = Layout::nn;
  Problem f16acc = tn_problem(4096, 4096, 4096);
  f16acc.acc = AccType::f16;
  EXPECT_EQ(picker.pick(bf16, {}).spec, "sm90_bf16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma");
  EXPECT_EQ(picker.pick(nn, {}).spec, "sm90_f16f32_nn_128x256x64_s4_c2x1_coop_persist_r8m_etma");
  EXPECT_EQ(picker.pick(f16acc, {}).spec,
            "sm90_f16f16_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma");
  const tune::Dispatcher d(tune::load_table(table()), table());
  for (const Problem& p : {bf16, nn, f16acc}) {
    EXPECT_TRUE(d.choose(p).borrowed);
    EXPECT_EQ(picker.pick(p, {}).spec, d.choose(p).spec);
  }
  // No twin in the table: no entry, as with table:.
  Problem other = bf16;
  other.shape.k = 2048;
  EXPECT_EQ(picker.pick(other, {}).spec, "");
  // Parsing sets the borrowing and nothing else.
  const PickerSource source = *parse_picker_source("tableborrow:borrowed=" + table());
  EXPECT_TRUE(source.borrow_twin);
  EXPECT_FALSE(source.compile_shape || source.scaled_twin || source.bk32_twin);
  EXPECT_FALSE(parse_picker_source("table:t=" + table())->borrow_twin);
}

// A twin's spec with no form in the problem's types: no entry, naming the spec, and the
// dispatcher does not borrow it either (it goes on to its ranking).
TEST_F(PickerFiles, TableBorrowWithoutAFormIsNoEntry) {
  const std::string pp160 = "sm90_f16f32_tn_128x160x64_s4_c1x1_pp_persist_r16m_etmar";
  const std::string file = (dir_ / "pp160.json").string();
  tune::save_table(tune::testing::one_entry_table(tn_problem(2048, 16384, 2048), pp160), file);
  Problem nn = tn_problem(2048, 16384, 2048);
  nn.layout = Layout::nn;
  ASSERT_FALSE(tune::with_types_of(pp160, nn));  // 160-wide tiles have no nn form
  const Pick miss = SpecPicker(*parse_picker_source("tableborrow:b=" + file)).pick(nn, {});
  EXPECT_EQ(miss.spec, "");
  EXPECT_NE(miss.reason.find(pp160), std::string::npos) << miss.reason;
  EXPECT_FALSE(tune::Dispatcher(tune::load_table(file), file).choose(nn).borrowed);
}

// tablefix: the table's spec with the problem's shape compiled in; nothing where the table has
// no entry.
TEST_F(PickerFiles, TableFixCompilesTheShapeIn) {
  const auto source = parse_picker_source("tablefix:fixed=" + table());
  ASSERT_TRUE(source);
  EXPECT_TRUE(source->compile_shape);
  EXPECT_FALSE(parse_picker_source("table:t=" + table())->compile_shape);
  const SpecPicker picker(*source);
  const Problem p = tn_problem(4096, 4096, 4096);
  const std::string picked = picker.pick(p, {}).spec;
  EXPECT_EQ(picked, std::string(kSpec) + "_fix4096x4096x4096");
  EXPECT_FALSE(validate_problem(parse_name(picked), p));
  EXPECT_EQ(picker.pick(tn_problem(4096, 4096, 2048), {}).spec, "");
}

// tablebk32: the table's spec with bk 32 and the ring's bytes kept (stages x bk / 32).
TEST_F(PickerFiles, TableBk32PicksTheTwin) {
  const auto source = parse_picker_source("tablebk32:bk32=" + table());
  ASSERT_TRUE(source);
  EXPECT_TRUE(source->bk32_twin);
  EXPECT_FALSE(source->compile_shape);
  const SpecPicker picker(*source);
  const KernelSpec table_spec = parse_name(kSpec);
  const KernelSpec twin = parse_name(picker.pick(tn_problem(4096, 4096, 4096), {}).spec);
  EXPECT_EQ(twin.bk, 32);
  EXPECT_EQ(twin.stages * 32, table_spec.stages * table_spec.bk);
  KernelSpec back = twin;
  back.bk = table_spec.bk;
  back.stages = table_spec.stages;
  EXPECT_EQ(back, table_spec) << "only bk and stages change";
  EXPECT_EQ(picker.pick(tn_problem(4096, 4096, 2048), {}).spec, "");

  KernelSpec s = parse_name("sm90_f16f32_tn_128x128x64_s4_c1x1_coop_persist_r8m");
  EXPECT_FALSE(bk32_twin(s));
  EXPECT_EQ(spec_name(s), "sm90_f16f32_tn_128x128x32_s8_c1x1_coop_persist_r8m");
  EXPECT_EQ(bk32_twin(s), "it is bk 32 already");
  KernelSpec deep = parse_name("sm90_f16f32_tn_64x64x128_s5_c1x1_wg1_persist_r8m");
  EXPECT_TRUE(bk32_twin(deep)) << "20 stages is past the limit";
}

TEST_F(PickerFiles, TableAbPicksTheScaledTwin) {
  const auto source = parse_picker_source("tableab:ab=" + table());
  ASSERT_TRUE(source);
  EXPECT_TRUE(source->scaled_twin);
  const SpecPicker picker(*source);
  EXPECT_EQ(picker.pick(tn_problem(4096, 4096, 4096), {}).spec, std::string(kSpec) + "_ab");
  EXPECT_EQ(picker.pick(tn_problem(4096, 4096, 2048), {}).spec, "");
}

// gemm() runs the scaled twin under a scaling that is not plain; no spec stays no spec (a
// picker with no entry for a shape reports its spec after a scaled run's earlier shapes).
TEST(ScaledSpecName, TwinUnlessPlainScaledOrEmpty) {
  const std::string s = "sm90_f16f32_tn_128x128x64_s4_c1x1_coop_persist_r8m";
  EXPECT_EQ(scaled_spec_name(s, Scaling{}), s);
  EXPECT_EQ(scaled_spec_name(s, Scaling{1.0f, 1.0f}), s + "_ab");
  EXPECT_EQ(scaled_spec_name(s, Scaling{2.0f, 0.0f}), s + "_ab");
  EXPECT_EQ(scaled_spec_name(s + "_ab", Scaling{1.0f, 1.0f}), s + "_ab");
  EXPECT_EQ(scaled_spec_name("", Scaling{1.0f, 1.0f}), "");
}

TEST_F(PickerFiles, PolicyPicksWhatTheDispatcherWould) {
  const SpecPicker picker(*parse_picker_source("policy:zero_shot=" + policy()));
  tune::Dispatcher d(std::nullopt, "", "no table");
  d.set_policy(std::make_shared<const tune::Policy>(tune::load_policy(policy())), policy());
  const tune::DeviceFacts h200{132};
  for (const Problem& p : {tn_problem(4096, 4096, 4096), tn_problem(64, 4096, 64)}) {
    const tune::Choice c = d.choose(p);
    ASSERT_EQ(c.kind, tune::ChoiceKind::policy);
    EXPECT_EQ(picker.pick(p, h200).spec, c.spec);
  }
  // A shape the kernel cannot serve (N not a multiple of 8) goes to cuBLASLt: no spec, and why.
  const Problem unservable = tn_problem(64, 100, 64);
  ASSERT_EQ(d.choose(unservable).kind, tune::ChoiceKind::cublaslt_fallback);
  const Pick none = picker.pick(unservable, h200);
  EXPECT_EQ(none.spec, "");
  EXPECT_NE(none.reason.find("cannot serve"), std::string::npos) << none.reason;
}

TEST_F(PickerFiles, CostModelPicksItsBestRankedSweepSpec) {
  tune::CostModelOptions o;
  o.rounds = 20;
  tune::CostModel::train(tune::testing::synthetic_rows(7, 40, 12), o).save(dir_ / "model.json");
  const auto source = parse_picker_source("costmodel:ranked=" + (dir_ / "model.json").string());
  ASSERT_TRUE(source);
  EXPECT_EQ(source->kind, PickerSource::Kind::cost_model);
  const SpecPicker picker(*source);
  const auto model = tune::CostModel::load(dir_ / "model.json");
  for (const Problem& p : {tn_problem(4096, 4096, 4096), tn_problem(64, 4096, 64)}) {
    const auto ranked = tune::rank_sweep(model, p);
    ASSERT_FALSE(ranked.empty());
    for (size_t i = 1; i < ranked.size(); ++i) EXPECT_GE(ranked[i - 1].second, ranked[i].second);
    EXPECT_EQ(picker.pick(p, {}).spec, spec_name(ranked.front().first));
  }
  const Pick none = picker.pick(tn_problem(64, 100, 64), {});
  EXPECT_EQ(none.spec, "");
  EXPECT_NE(none.reason.find("cannot serve"), std::string::npos) << none.reason;
  EXPECT_THROW(SpecPicker(*parse_picker_source("costmodel:c=" + corrupt())), Error);
}

// costmodel:NAME@K=FILE runs the model's K-th ranked spec, to measure what timing its top K finds.
TEST_F(PickerFiles, CostModelAtKPicksItsKthRankedSpec) {
  tune::CostModelOptions o;
  o.rounds = 20;
  tune::CostModel::train(tune::testing::synthetic_rows(7, 40, 12), o).save(dir_ / "model.json");
  const std::string file = (dir_ / "model.json").string();
  const auto model = tune::CostModel::load(dir_ / "model.json");
  const Problem p = tn_problem(4096, 4096, 4096);
  const auto ranked = tune::rank_sweep(model, p);
  ASSERT_GE(ranked.size(), 3u);
  for (int k : {1, 2, 3}) {
    const auto source = parse_picker_source("costmodel:top" + std::to_string(k) + "@" +
                                            std::to_string(k) + "=" + file);
    ASSERT_TRUE(source);
    EXPECT_EQ(source->name, "top" + std::to_string(k));
    EXPECT_EQ(source->rank, k);
    EXPECT_EQ(SpecPicker(*source).pick(p, {}).spec, spec_name(ranked[size_t(k) - 1].first));
  }
  const Pick past = SpecPicker(*parse_picker_source("costmodel:far@999=" + file)).pick(p, {});
  EXPECT_EQ(past.spec, "");
  EXPECT_NE(past.reason.find("fewer than 999"), std::string::npos) << past.reason;
  for (const char* bad : {"costmodel:a@0=f.json", "costmodel:a@=f.json", "costmodel:a@x=f.json",
                          "costmodel:a@1000=f.json", "costmodel:@2=f.json"})
    EXPECT_THROW(parse_picker_source(bad), InputError) << bad;
  EXPECT_THROW(parse_picker_source("table:a@2=f.json"), InputError);  // only cost models rank
}

// costmodel:NAME=MODEL,POLICY ranks the sweep and the policy's proposals: the dispatcher's
// choice with both loaded.
TEST_F(PickerFiles, CostModelWithPolicyPicksWhatTheDispatcherWould) {
  tune::CostModelOptions o;
  o.rounds = 20;
  const auto model_file = dir_ / "model.json";
  tune::CostModel::train(tune::testing::synthetic_rows(7, 40, 12), o).save(model_file);
  const auto source =
      parse_picker_source("costmodel:screened=" + model_file.string() + "," + policy());
  ASSERT_TRUE(source);
  EXPECT_EQ(source->file, model_file.string());
  EXPECT_EQ(source->policy_file, policy());
  const SpecPicker picker(*source);
  const auto model = std::make_shared<const tune::CostModel>(tune::CostModel::load(model_file));
  const auto policy_loaded = std::make_shared<const tune::Policy>(tune::load_policy(policy()));
  tune::Dispatcher d(std::nullopt, "", "no table");
  d.set_policy(policy_loaded, policy());
  tune::set_cost_model_ranker(d, model, model_file.string());
  for (const Problem& p : {tn_problem(4096, 4096, 4096), tn_problem(64, 4096, 64)}) {
    const tune::Choice c = d.choose(p);
    ASSERT_EQ(c.kind, tune::ChoiceKind::cost_model);
    EXPECT_EQ(picker.pick(p, {}).spec, c.spec);
    // The ranked set holds the sweep's fitting specs and every fitting proposal, each once.
    const auto proposals = policy_loaded->top_choices(p, tune::Dispatcher::kPolicyProposals);
    const auto ranked = tune::rank_candidates(*model, p, proposals);
    EXPECT_EQ(spec_name(ranked.front().first), c.spec);
    std::set<std::string> names;
    for (const auto& [s, score] : ranked) EXPECT_TRUE(names.insert(spec_name(s)).second);
    for (const KernelSpec& s : proposals) {
      if (!validate_problem(s, p) && s.cluster_k == 1) {  // ck specs are never ranked
        EXPECT_TRUE(names.count(spec_name(s))) << spec_name(s);
      }
    }
    EXPECT_GE(ranked.size(), tune::rank_sweep(*model, p).size());
  }
  // Types the model never saw (its rows are fp16/fp32/tn): the dispatcher asks it for the tn
  // twin and takes the best-ranked spec that runs nn.
  Problem nn = tn_problem(4096, 4096, 4096);
  nn.layout = Layout::nn;
  EXPECT_FALSE(model->trained_for(nn));
  const tune::Choice n = d.choose(nn);
  EXPECT_EQ(n.kind, tune::ChoiceKind::cost_model);
  EXPECT_EQ(parse_name(n.spec).layout, Layout::nn);
  EXPECT_FALSE(validate_problem(parse_name(n.spec), nn));
  EXPECT_NE(n.reason.find("fp16/fp32/tn twin"), std::string::npos) << n.reason;
  EXPECT_EQ(picker.pick(nn, {}).spec, n.spec);
  EXPECT_THROW(parse_picker_source("costmodel:x=" + model_file.string() + ","), InputError);
  EXPECT_THROW(
      SpecPicker(*parse_picker_source("costmodel:c=" + model_file.string() + "," + corrupt())),
      Error);
}

TEST_F(PickerFiles, FilesThatDoNotLoadAreErrorsNamingThem) {
  for (const std::string& s : {"table:t=" + corrupt(), "policy:p=" + corrupt(),
                               "policy:p=" + table(), "table:t=" + dir_.string() + "/none.json"}) {
    try {
      SpecPicker picker(*parse_picker_source(s));
      ADD_FAILURE() << s << ": loaded";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(dir_.string()), std::string::npos) << e.what();
    }
  }
}

TEST_F(PickerFiles, MethodsCombineWithSweepAndAuto) {
  const auto c =
      parse(autogemm_args({"sweep", "table:tuned_b8=" + table(), "table:tuned_b16=" + table(),
                           "policy:zero_shot=" + policy()}));
  EXPECT_EQ(c.specs.size(), 4u);
  EXPECT_NO_THROW(parse(autogemm_args({"auto", "table:tuned=" + table()})));
  // --vs may name a picked method, labelled like any method (layout appended).
  auto args = autogemm_args({"sweep", "table:tuned_b32=" + table()});
  args.insert(args.end(), {"--vs", "tuned_b32_tn"});
  EXPECT_EQ(parse(args).vs, "tuned_b32_tn");

  MethodEnv env;
  env.layout = Layout::tn;
  env.specs = {"sweep", "table:tuned=" + table()};
  const auto methods = make_autogemm_methods(env);
  ASSERT_EQ(methods.size(), default_sweep(DType::f16, AccType::f32, Layout::tn).size() + 1);
  EXPECT_EQ(methods.front()->name(), "autogemm");
  EXPECT_EQ(methods.back()->name(), "tuned");
  EXPECT_EQ(methods.back()->layout(), Layout::tn);
}

TEST_F(PickerFiles, ShapeMissingFromTheTableIsNoEntry) {
  MethodEnv env;
  env.layout = Layout::tn;
  env.specs = {"table:tuned=" + table()};
  const auto methods = make_autogemm_methods(env);
  ASSERT_EQ(methods.size(), 1u);
  // The table is consulted before any GPU work, so this needs none.
  try {
    methods[0]->prepare(tn_problem(64, 4096, 64), Operands{}, nullptr);
    ADD_FAILURE() << "no NoEntryError";
  } catch (const NoEntryError& e) {
    EXPECT_NE(std::string(e.what()).find("not in tuning table"), std::string::npos) << e.what();
  }
  EXPECT_EQ(methods[0]->spec(), "");
}

TEST_F(PickerFiles, BadSpecsStopTheRunNamingTheProblem) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {autogemm_args({"table:t=" + table(), "table:t=" + table()}), "given twice"},
      {autogemm_args({"table:t=" + corrupt()}), corrupt()},
      {autogemm_args({"policy:p=" + corrupt()}), corrupt()},
      {autogemm_args({"table:t=" + dir_.string() + "/none.json"}), "none.json"},
      {autogemm_args({"table:t"}), "--spec"},
      {autogemm_args({"table:autogemm=" + table()}), "already a method"},
      {autogemm_args({"auto", "sweep", "table:t=" + table()}), "--spec auto cannot be combined"},
  };
  for (const auto& [args, expected] : cases) {
    const std::string msg = input_error(args);
    EXPECT_NE(msg.find(expected), std::string::npos)
        << "args: " << ::testing::PrintToString(args) << "\nmessage: " << msg;
  }
}

TEST(PickerBinary, BadFileExitsTwoNamingIt) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"table:t=/no/such/table.json", "/no/such/table.json"},
      {"table:bad-name=x.json", "bad-name"},
  };
  for (const auto& [spec, expected] : cases) {
    const auto r =
        test::run_command(std::string(AUTOGEMM_BINARY) +
                          " bench --mnk 64_64_64 --methods autogemm --spec '" + spec + "' 2>&1");
    EXPECT_EQ(r.code, 2) << r.output;
    EXPECT_NE(r.output.find("--spec"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(expected), std::string::npos) << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  }
}
