// `autogemm bench` flag handling and exit codes: parsed in-process, and through the real
// binary (bad input must exit 2 with a one-line message before any GPU is touched).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "bench/errors.hpp"
#include "bench_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "process_util.hpp"

using namespace autogemm;
using namespace autogemm::cli;

namespace {

// Parses `args` (after "bench") into a config, as the bench subcommand would.
bench::BenchConfig parse(std::vector<std::string> args) {
  CLI::App app;
  BenchOptions o;
  add_bench_options(app, o);
  std::vector<std::string> rev(args.rbegin(), args.rend());
  app.parse(rev);  // CLI11 takes the arguments reversed
  return make_bench_config(o, "autogemm bench", "TS");
}

std::string input_error(std::vector<std::string> args) {
  try {
    parse(args);
  } catch (const bench::InputError& e) {
    return e.what();
  }
  return "";
}

// The autogemm binary with `args`; output holds stdout and stderr.
test::CommandResult run_binary(const std::string& args) {
  return test::run_command(std::string(AUTOGEMM_BINARY) + " " + args + " 2>&1");
}

}  // namespace

TEST(BenchFlags, Defaults) {
  const auto c = parse({"--mnk", "64_4096_64"});
  ASSERT_EQ(c.shapes.size(), 1u);
  EXPECT_EQ(c.shapes[0], (Shape{64, 4096, 64}));
  EXPECT_EQ(c.dtype, DType::f16);
  EXPECT_EQ(c.acc, AccType::f32);
  EXPECT_EQ(c.mode, bench::Mode::kernel);
  EXPECT_EQ(c.methods, bench::default_methods());
  EXPECT_EQ(c.methods.size(), 6u);
  EXPECT_EQ(c.data, bench::DataDist::normal);
  EXPECT_FALSE(c.l2_cold);
  EXPECT_EQ(c.protocol.rounds, 7);
  EXPECT_EQ(c.protocol.target_loop_us, 500);
  EXPECT_EQ(parse({"--mnk", "1_1_1", "--loop_us", "20"}).protocol.target_loop_us, 20);
  EXPECT_EQ(c.alpha, 1.0f);
  EXPECT_EQ(c.beta, 0.0f);
  EXPECT_EQ(c.csv_path, "./autogemm_bench_kernel_fp16_accfp32_TS.csv");
  EXPECT_EQ(c.json_path, "./autogemm_bench_kernel_fp16_accfp32_TS.json");
}

TEST(BenchFlags, EverythingSet) {
  const auto c = parse({"--mnk",
                        "64_64_64",
                        "--mnk",
                        "128_128_128",
                        "--dtype",
                        "bf16",
                        "--acc_precise",
                        "fp32",
                        "--mode",
                        "server",
                        "--target_qps",
                        "250",
                        "--warmup_seconds",
                        "0.5",
                        "--benchmark_seconds",
                        "2",
                        "--methods",
                        "cublas_tn,cublaslt_autotune_nn",
                        "--data",
                        "uniform",
                        "--l2",
                        "cold",
                        "--gpu_device_id",
                        "1",
                        "--base_dir",
                        "/tmp/r",
                        "--out",
                        "x.csv",
                        "--seed",
                        "9",
                        "--vs",
                        "cublas_tn",
                        "--alpha",
                        "0.5",
                        "--beta",
                        "-2"});
  EXPECT_EQ(c.shapes.size(), 2u);
  EXPECT_EQ(c.dtype, DType::bf16);
  EXPECT_EQ(c.mode, bench::Mode::server);
  EXPECT_DOUBLE_EQ(c.target_qps, 250);
  EXPECT_DOUBLE_EQ(c.protocol.warmup_seconds, 0.5);
  EXPECT_DOUBLE_EQ(c.protocol.benchmark_seconds, 2);
  EXPECT_EQ(c.methods, (std::vector<std::string>{"cublas_tn", "cublaslt_autotune_nn"}));
  EXPECT_EQ(c.data, bench::DataDist::uniform);
  EXPECT_TRUE(c.l2_cold);
  EXPECT_EQ(c.device, 1);
  EXPECT_EQ(c.csv_path, "/tmp/r/x.csv");
  EXPECT_EQ(c.json_path, "/tmp/r/x.json");
  EXPECT_EQ(c.seed, 9u);
  EXPECT_EQ(c.vs, "cublas_tn");
  EXPECT_EQ(c.alpha, 0.5f);
  EXPECT_EQ(c.beta, -2.0f);
}

TEST(BenchFlags, MaxMemoryGib) {
  EXPECT_EQ(parse({"--mnk", "64_64_64"}).max_device_bytes, 0u);
  EXPECT_EQ(parse({"--mnk", "64_64_64", "--max_memory_gib", "1.5"}).max_device_bytes, size_t(3)
                                                                                          << 29);
  EXPECT_NE(input_error({"--mnk", "64_64_64", "--max_memory_gib", "-1"}).find("--max_memory_gib"),
            std::string::npos);
  EXPECT_NE(input_error({"--mnk", "64_64_64", "--max_memory_gib", "inf"}).find("--max_memory_gib"),
            std::string::npos);
  EXPECT_NE(input_error({"--mnk", "64_64_64", "--max_memory_gib", "1e30"}).find("--max_memory_gib"),
            std::string::npos);
}

TEST(BenchFlags, GridAndSample) {
  EXPECT_EQ(parse({"--grid", "cudal2"}).shapes.size(), 1000u);
  EXPECT_EQ(parse({"--grid", "cudal2", "--sample", "100"}).shapes.size(), 100u);
}

TEST(BenchFlags, FittedSpecsCombineWithTheSweep) {
  const auto c = parse(
      {"--mnk", "146_12584_1576", "--methods", "autogemm", "--spec", "fitted", "--spec", "sweep"});
  EXPECT_EQ(c.specs, (std::vector<std::string>{"fitted", "sweep"}));
}

TEST(BenchFlags, BadInputNamesTheProblem) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--mnk", "64x4096"}, "64x4096"},
      {{"--mnk", "0_64_64"}, "0_64_64"},
      {{"--shapes", "/no/such/file.txt"}, "/no/such/file.txt"},
      {{}, "no shapes"},
      {{"--mnk", "1_1_1", "--methods", "cublas_nn,magic"}, "unknown method 'magic'"},
      {{"--mnk", "1_1_1", "--methods", "autogemm"}, "method autogemm needs --spec"},
      {{"--mnk", "1_1_1", "--methods", "autogemm", "--spec", "auto", "--spec", "sweep"},
       "--spec auto cannot be combined"},
      {{"--mnk", "1_1_1", "--methods", "autogemm", "--spec", "sm90_f16f32_tn_1x2x3"}, "--spec"},
      {{"--mnk", "1_1_1", "--dtype", "bf16", "--acc", "fp16"}, "--acc fp16 needs --dtype fp16"},
      {{"--mnk", "1_1_1", "--dtype", "fp8"}, "fp8"},
      {{"--mnk", "1_1_1", "--mode", "batch"}, "batch"},
      {{"--mnk", "1_1_1", "--l2", "hot"}, "hot"},
      {{"--mnk", "1_1_1", "--graph", "--mode", "offline"}, "--graph"},
      {{"--mnk", "1_1_1", "--graph", "--l2", "cold"}, "--graph"},
      {{"--mnk", "1_1_1", "--target_qps", "0"}, "--target_qps"},
      {{"--mnk", "1_1_1", "--rounds", "0"}, "--rounds"},
      {{"--mnk", "1_1_1", "--loop_us", "0"}, "--loop_us"},
      {{"--mnk", "1_1_1", "--loop_us", "nan"}, "--loop_us"},
      {{"--mnk", "1_1_1", "--loop_us", "2e6"}, "--loop_us"},
      {{"--mnk", "1_1_1", "--spec", "x"}, "--spec"},
      {{"--mnk", "1_1_1", "--vs", "cublas_xx"}, "cublas_xx"},
      {{"--mnk", "1_1_1", "--out", "x.txt"}, "x.txt"},
      {{"--mnk", "1_1_1", "--methods", "cublas_nn,cublas_nn"}, "twice"},
      {{"--mnk", "1_1_1", "--beta", "nan"}, "--beta must be finite"},
      {{"--mnk", "1_1_1", "--alpha", "inf"}, "--alpha and --beta must be finite"},
  };
  for (const auto& [args, expected] : cases) {
    const std::string msg = input_error(args);
    EXPECT_NE(msg.find(expected), std::string::npos)
        << "args: " << ::testing::PrintToString(args) << "\nmessage: " << msg;
  }
}

TEST(ExitCodes, Mapping) {
  auto code = [](auto ex) { return exit_code_for(std::make_exception_ptr(ex)); };
  EXPECT_EQ(code(bench::InputError("x")), kBadInput);
  EXPECT_EQ(code(NoGpuError("x")), kNoGpu);
  EXPECT_EQ(code(Error("x")), kFailure);
  EXPECT_EQ(code(std::runtime_error("x")), kFailure);
  EXPECT_EQ(code(CLI::ExtrasError({"--x"})), kBadInput);
  EXPECT_EQ(code(CLI::CallForHelp()), kOk);
  EXPECT_EQ(kNoGpu, 3);
  EXPECT_EQ(kBadInput, 2);
}

TEST(ExitCodes, RunCliMapsCallbackErrors) {
  CLI::App app;
  app.require_subcommand(1);
  app.add_subcommand("nogpu")->callback([] { throw NoGpuError("no usable CUDA GPU: none"); });
  app.add_subcommand("bad")->callback([] { throw bench::InputError("bad thing"); });
  std::ostringstream out, err;
  const char* nogpu[] = {"autogemm", "nogpu"};
  EXPECT_EQ(run_cli(app, 2, nogpu, out, err), 3);
  EXPECT_NE(err.str().find("no usable CUDA GPU"), std::string::npos);
  EXPECT_EQ(command_line(), "autogemm nogpu");
  const char* bad[] = {"autogemm", "bad"};
  err.str("");
  EXPECT_EQ(run_cli(app, 2, bad, out, err), 2);
  EXPECT_EQ(err.str(), "autogemm: error: bad thing\n");
}

TEST(Binary, BadInputExitsTwoWithOneLine) {
  for (const char* args :
       {"bench --mnk 64x4096", "bench --mnk 0_64_64", "bench --shapes /no/such/shapes.txt",
        "bench --mnk 1_1_1 --methods x", "bench --mnk 1_1_1 --dtype bf16 --acc fp16",
        "bench --bogus", "frobnicate"}) {
    const test::CommandResult r = run_binary(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
    EXPECT_EQ(r.output.rfind("autogemm: error: ", 0), 0u) << args << "\n" << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  }
}

TEST(Binary, HelpOnEverySubcommand) {
  for (const char* sub : {"", "info", "bench", "shapes", "report"}) {
    const test::CommandResult r = run_binary(std::string(sub) + " --help");
    EXPECT_EQ(r.code, 0) << sub;
    EXPECT_NE(r.output.find("Usage:"), std::string::npos) << sub;
  }
}

TEST(Binary, ShapesPrintsWhatBenchReads) {
  const test::CommandResult r = run_binary("shapes --grid cudal2 --sample 10 --seed 3");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto path = std::filesystem::temp_directory_path() / "autogemm_cli_shapes.txt";
  std::ofstream(path) << r.output;
  const test::CommandResult again = run_binary("shapes --shapes " + path.string());
  std::filesystem::remove(path);
  EXPECT_EQ(again.code, 0);
  // Same ten shapes (the header comment differs: it records the command).
  EXPECT_EQ(r.output.substr(r.output.find('\n')), again.output.substr(again.output.find('\n')));
}
