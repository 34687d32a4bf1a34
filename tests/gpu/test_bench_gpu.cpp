// The bench on a GPU: its own kernels (fill, reference, compare), the six baselines against
// the reference, the correctness gate against planted wrong methods, the timing modes, skipped
// shapes, the files a run writes, and picked methods (--spec table:/policy:). Without a GPU
// every test FAILS (SetUp asserts one).
#include <cuda_fp16.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>

#include "bench/blas_context.hpp"
#include "bench/csv.hpp"
#include "bench/kernels.hpp"
#include "bench/memory_plan.hpp"
#include "bench/method_registry.hpp"
#include "bench/random.hpp"
#include "bench/report.hpp"
#include "bench/runner.hpp"
#include "bench/spec_picker.hpp"
#include "core/cuda_check.hpp"
#include "spec/name.hpp"
#include "tune/policy_file.hpp"
#include "tune/table.hpp"

using namespace autogemm;
using namespace autogemm::bench;

namespace {

class BenchGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    // A GPU test must fail, not skip, where there is no GPU.
    ASSERT_NO_THROW(require_gpu(0)) << "no usable GPU";
    check_cuda(cudaSetDevice(0), "cudaSetDevice");
  }
};

// Device buffer freed at scope end.
struct DeviceMem {
  explicit DeviceMem(size_t bytes) { check_cuda(cudaMalloc(&p, bytes), "cudaMalloc"); }
  ~DeviceMem() { cudaFree(p); }
  void* p = nullptr;
};

std::vector<float> to_host_floats(const void* d, size_t count, DType dtype) {
  std::vector<uint16_t> raw(count);
  check_cuda(cudaMemcpy(raw.data(), d, count * 2, cudaMemcpyDeviceToHost), "copy");
  std::vector<float> out(count);
  for (size_t i = 0; i < count; ++i) {
    if (dtype == DType::f16) {
      __half_raw hr;
      hr.x = raw[i];
      out[i] = __half2float(__half(hr));
    } else {
      const uint32_t bits = uint32_t(raw[i]) << 16;  // bf16 is the top half of an fp32
      std::memcpy(&out[i], &bits, 4);
    }
  }
  return out;
}

BenchConfig quick_config(std::vector<Shape> shapes, DType dtype = DType::f16,
                         AccType acc = AccType::f32) {
  BenchConfig c;
  c.shapes = std::move(shapes);
  c.dtype = dtype;
  c.acc = acc;
  c.protocol.rounds = 3;
  c.seed = 11;
  return c;
}

std::vector<ResultRow> run_quiet(const BenchConfig& cfg, std::vector<MethodPtr>& methods) {
  std::ostringstream out, err;
  return run_methods(cfg, methods, out, err, true);
}

std::vector<MethodPtr> baselines(BlasContext& blas) {
  std::vector<MethodPtr> ms;
  MethodEnv env{&blas, {}, Layout::nn};
  for (const auto& name : default_methods())
    for (auto& m : make_methods(name, env)) ms.push_back(std::move(m));
  return ms;
}

// Wraps a real method and breaks it on purpose.
class Planted : public Method {
 public:
  enum Kind { honest, half_zeroed, half_unwritten };
  Planted(MethodPtr inner, Kind kind) : inner_(std::move(inner)), kind_(kind) {}
  std::string name() const override { return inner_->name(); }
  Layout layout() const override { return inner_->layout(); }
  std::string spec() const override { return "planted"; }
  void prepare(const Problem& p, const Operands& ops, cudaStream_t s) override {
    p_ = p;
    c_ = ops.c;
    Problem q = p;
    if (kind_ == half_unwritten) q.shape.m = p.shape.m / 2;  // rows below M/2 never written
    inner_->prepare(q, ops, s);
  }
  void run(cudaStream_t s) override {
    inner_->run(s);
    if (kind_ == half_zeroed)  // finite but wrong: the second half of C set to 0
      check_cuda(cudaMemsetAsync(static_cast<char*>(c_) + p_.shape.m * p_.shape.n, 0,
                                 size_t(p_.shape.m * p_.shape.n), s),
                 "memset");
  }

 private:
  MethodPtr inner_;
  Kind kind_;
  Problem p_;
  void* c_ = nullptr;
};

}  // namespace

TEST_F(BenchGpu, FillIsCounterBasedAndLayoutsHoldTheSameMatrix) {
  const int64_t K = 37, N = 53;
  DeviceMem nn(K * N * 2), tn(K * N * 2);
  fill_matrix(nn.p, DType::f16, K, N, false, 99, DataDist::normal, nullptr);
  fill_matrix(tn.p, DType::f16, K, N, true, 99, DataDist::normal, nullptr);
  check_cuda(cudaDeviceSynchronize(), "sync");
  const auto a = to_host_floats(nn.p, K * N, DType::f16);
  const auto b = to_host_floats(tn.p, K * N, DType::f16);
  double sum_sq = 0;
  for (int64_t k = 0; k < K; ++k)
    for (int64_t n = 0; n < N; ++n) {
      ASSERT_EQ(a[k * N + n], b[n * K + k]);
      // Same draw as the host formula (fp16 rounding absorbs device/host libm differences).
      const float host = normal_from_bits(counter_bits(99, uint64_t(k * N + n)));
      EXPECT_NEAR(a[k * N + n], host, 2e-3 * std::max(1.0f, std::fabs(host)));
      sum_sq += double(a[k * N + n]) * a[k * N + n];
    }
  EXPECT_NEAR(sum_sq / double(K * N), 1.0, 0.15);
}

TEST_F(BenchGpu, ReferenceMatchesCpuInBothLayoutsAndDtypes) {
  const std::vector<Shape> shapes = {{1, 1, 1},      {1, 8, 8},      {7, 9, 33},
                                     {130, 257, 65}, {128, 128, 16}, {200, 131, 300}};
  for (DType dt : {DType::f16, DType::bf16})
    for (const Shape& s : shapes) {
      DeviceMem a(s.m * s.k * 2), bnn(s.k * s.n * 2), btn(s.k * s.n * 2), rnn(s.m * s.n * 4),
          rtn(s.m * s.n * 4);
      fill_matrix(a.p, dt, s.m, s.k, false, 5, DataDist::normal, nullptr);
      fill_matrix(bnn.p, dt, s.k, s.n, false, 6, DataDist::normal, nullptr);
      fill_matrix(btn.p, dt, s.k, s.n, true, 6, DataDist::normal, nullptr);
      reference_gemm(a.p, bnn.p, Layout::nn, static_cast<float*>(rnn.p), dt, s, nullptr);
      reference_gemm(a.p, btn.p, Layout::tn, static_cast<float*>(rtn.p), dt, s, nullptr);
      check_cuda(cudaDeviceSynchronize(), "sync");
      const auto ha = to_host_floats(a.p, s.m * s.k, dt);
      const auto hb = to_host_floats(bnn.p, s.k * s.n, dt);
      std::vector<float> gnn(s.m * s.n), gtn(s.m * s.n);
      cudaMemcpy(gnn.data(), rnn.p, gnn.size() * 4, cudaMemcpyDeviceToHost);
      cudaMemcpy(gtn.data(), rtn.p, gtn.size() * 4, cudaMemcpyDeviceToHost);
      double d2 = 0, r2 = 0;
      for (int64_t m = 0; m < s.m; ++m)
        for (int64_t n = 0; n < s.n; ++n) {
          double acc = 0;
          for (int64_t k = 0; k < s.k; ++k) acc += double(ha[m * s.k + k]) * hb[k * s.n + n];
          const double g = gnn[m * s.n + n];
          d2 += (g - acc) * (g - acc);
          r2 += acc * acc;
          // Same arithmetic in the same order: the two layouts agree bit for bit.
          ASSERT_EQ(gnn[m * s.n + n], gtn[m * s.n + n]) << m << "," << n;
        }
      EXPECT_LT(std::sqrt(d2 / r2), 1e-6) << s.m << "x" << s.n << "x" << s.k;
    }
}

TEST_F(BenchGpu, CompareCountsNonFiniteAndMeasuresError) {
  const Shape s{64, 96, 128};
  DeviceMem a(s.m * s.k * 2), b(s.k * s.n * 2), ref(s.m * s.n * 4), c(s.m * s.n * 2);
  fill_matrix(a.p, DType::f16, s.m, s.k, false, 1, DataDist::normal, nullptr);
  fill_matrix(b.p, DType::f16, s.k, s.n, false, 2, DataDist::normal, nullptr);
  reference_gemm(a.p, b.p, Layout::nn, static_cast<float*>(ref.p), DType::f16, s, nullptr);
  CompareAccum* acc = alloc_compare_accum();
  poison(c.p, s.m * s.n, nullptr);
  const CompareSums poisoned =
      compare_output(c.p, static_cast<float*>(ref.p), DType::f16, s.m * s.n, acc, nullptr);
  EXPECT_EQ(poisoned.nonfinite, uint64_t(s.m * s.n));
  check_cuda(cudaMemset(c.p, 0, s.m * s.n * 2), "zero");
  const CompareSums zeros =
      compare_output(c.p, static_cast<float*>(ref.p), DType::f16, s.m * s.n, acc, nullptr);
  EXPECT_EQ(zeros.nonfinite, 0u);
  EXPECT_NEAR(std::sqrt(zeros.diff_sq / zeros.ref_sq), 1.0, 1e-6);  // C = 0: error = ||ref||
  EXPECT_GT(zeros.max_abs, 1.0);
  free_compare_accum(acc);
}

TEST_F(BenchGpu, BaselinesAgreeWithTheReference) {
  // Random shapes (fixed seed), odd sizes included, each through all six baselines.
  std::mt19937 rng(7);
  std::vector<Shape> shapes = {{64, 4096, 64}, {1, 8, 8}, {1000, 1000, 1000}};
  for (int i = 0; i < 4; ++i)
    shapes.push_back({int64_t(8 * (1 + rng() % 96)), int64_t(8 * (1 + rng() % 96)),
                      int64_t(8 * (1 + rng() % 200))});
  shapes.push_back({77, 136, 200});
  struct Case {
    DType dt;
    AccType acc;
  };
  for (Case cs : {Case{DType::f16, AccType::f32}, Case{DType::bf16, AccType::f32},
                  Case{DType::f16, AccType::f16}}) {
    BlasContext blas;
    auto methods = baselines(blas);
    BenchConfig cfg = quick_config(shapes, cs.dt, cs.acc);
    cfg.protocol.rounds = 1;
    const auto rows = run_quiet(cfg, methods);
    ASSERT_EQ(rows.size(), shapes.size() * 6);
    for (const auto& r : rows) {
      EXPECT_EQ(r.status, RowStatus::ok) << row_label(r) << ": " << status_text(r);
      ASSERT_TRUE(r.rel_err.has_value());
      EXPECT_LE(*r.rel_err, tolerance(cs.dt, cs.acc, r.shape.k));
      if (cs.acc == AccType::f32 && cs.dt == DType::f16) {
        EXPECT_LT(*r.rel_err, 1e-3);
      }
    }
  }
}

TEST_F(BenchGpu, GateFailsPlantedWrongMethodsAndDoesNotTimeThem) {
  BlasContext blas;
  std::vector<MethodPtr> methods;
  methods.push_back(
      std::make_unique<Planted>(make_cublas_method(blas, Layout::nn), Planted::honest));
  methods.push_back(
      std::make_unique<Planted>(make_cublas_method(blas, Layout::tn), Planted::half_zeroed));
  methods.push_back(std::make_unique<Planted>(make_cublaslt_heuristic_method(blas, Layout::nn),
                                              Planted::half_unwritten));
  const auto rows = run_quiet(quick_config({{256, 512, 1024}, {64, 64, 64}}), methods);
  ASSERT_EQ(rows.size(), 6u);
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    if (i % 3 == 0) {
      EXPECT_EQ(r.status, RowStatus::ok) << status_text(r);
      EXPECT_TRUE(r.time.has_value());
    } else {
      EXPECT_EQ(r.status, RowStatus::failed);
      EXPECT_FALSE(r.time.has_value());  // never timed as a success
      EXPECT_NE(r.message.find(i % 3 == 1 ? "rel_err" : "NaN/Inf"), std::string::npos) << r.message;
    }
  }
}

// A memory limit under one C per method (a ~190-spec sweep on 16384^3 on an 80 GB GPU): the
// methods share one C buffer, and each is still checked alone, on a poisoned C, right after it
// runs, so a method that leaves part of C unwritten cannot pass on an honest method's output.
TEST_F(BenchGpu, MethodsSharingOneCAreStillCheckedOneByOne) {
  BlasContext blas;
  std::vector<MethodPtr> methods;
  methods.push_back(
      std::make_unique<Planted>(make_cublas_method(blas, Layout::nn), Planted::honest));
  methods.push_back(std::make_unique<Planted>(make_cublaslt_heuristic_method(blas, Layout::nn),
                                              Planted::half_unwritten));
  methods.push_back(
      std::make_unique<Planted>(make_cublas_method(blas, Layout::tn), Planted::half_zeroed));
  methods.push_back(
      std::make_unique<Planted>(make_cublas_method(blas, Layout::tn), Planted::honest));
  const Shape shape{256, 512, 1024};
  BenchConfig cfg = quick_config({shape});
  cfg.max_device_bytes = plan_regions(shape, DType::f16, 1).total;  // room for one C only
  ASSERT_LT(cfg.max_device_bytes, plan_regions(shape, DType::f16, 2).total);
  std::ostringstream out, err;
  const auto rows = run_methods(cfg, methods, out, err, false);
  // The sharing happened (the limit was not ignored).
  EXPECT_NE(out.str().find("256_512_1024: 4 methods share 1 C buffer"), std::string::npos)
      << out.str();
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].status, RowStatus::ok) << status_text(rows[0]);
  EXPECT_EQ(rows[1].status, RowStatus::failed);
  EXPECT_NE(rows[1].message.find("NaN/Inf"), std::string::npos) << rows[1].message;
  EXPECT_EQ(rows[2].status, RowStatus::failed);
  EXPECT_NE(rows[2].message.find("rel_err"), std::string::npos) << rows[2].message;
  EXPECT_EQ(rows[3].status, RowStatus::ok) << status_text(rows[3]);
  EXPECT_TRUE(rows[3].time.has_value());
}

// --alpha/--beta: every method gets the scalars (autogemm its specs' scaled twins) and the gate
// checks C = alpha·A·B + beta·C0 from a fixed addend; a method that ignores them fails it.
TEST_F(BenchGpu, ScaledRunsAreCheckedWithAlphaAndBeta) {
  // Ignores the run's scaling: computes the plain product.
  class Unscaled : public Method {
   public:
    explicit Unscaled(MethodPtr inner) : inner_(std::move(inner)) {}
    std::string name() const override { return inner_->name(); }
    Layout layout() const override { return inner_->layout(); }
    std::string spec() const override { return "unscaled"; }
    void prepare(const Problem& p, const Operands& ops, cudaStream_t s) override {
      Operands plain = ops;
      plain.scaling = Scaling{};
      inner_->prepare(p, plain, s);
    }
    void run(cudaStream_t s) override { inner_->run(s); }

   private:
    MethodPtr inner_;
  };
  const std::vector<Shape> shapes = {{256, 512, 1024}, {77, 136, 200}};
  for (const Scaling sc : {Scaling{0.5f, -1.25f}, Scaling{2.0f, 0.0f}, Scaling{1.0f, 1.0f}}) {
    BlasContext blas;
    std::vector<MethodPtr> ms = baselines(blas);
    for (const char* spec : {"sm90_f16f32_tn_128x128x64_s4_c1x1_coop_persist_r8m", "auto"}) {
      MethodEnv env{&blas, {spec}, Layout::tn};
      for (auto& m : make_methods("autogemm", env)) ms.push_back(std::move(m));
    }
    ms.push_back(std::make_unique<Unscaled>(make_cublas_method(blas, Layout::nn)));
    BenchConfig cfg = quick_config(shapes);
    cfg.alpha = sc.alpha;
    cfg.beta = sc.beta;
    cfg.protocol.rounds = 1;
    std::vector<ResultRow> rows;
    for (auto& r : run_quiet(cfg, ms))  // not the oracle rows (two autogemm specs make them)
      if (r.method != "oracle") rows.push_back(std::move(r));
    ASSERT_EQ(rows.size(), shapes.size() * ms.size());
    for (const auto& r : rows) {
      const std::string what = row_label(r) + " " + r.spec + " alpha " + std::to_string(sc.alpha) +
                               " beta " + std::to_string(sc.beta);
      if (r.spec == "unscaled") {
        EXPECT_EQ(r.status, RowStatus::failed) << what;
        EXPECT_NE(r.message.find("rel_err"), std::string::npos) << what << ": " << r.message;
        continue;
      }
      EXPECT_EQ(r.status, RowStatus::ok) << what << ": " << status_text(r);
      ASSERT_TRUE(r.rel_err.has_value()) << what;
      EXPECT_LT(*r.rel_err, 1e-3) << what;
      if (r.method == "autogemm" && r.spec.rfind("sm90_", 0) == 0) {
        EXPECT_TRUE(r.spec.ends_with("_ab")) << what << ": the scaled twin runs";
      }
    }
  }
}

TEST_F(BenchGpu, ModesGiveSaneNumbers) {
  const std::vector<Shape> shapes = {{1024, 1024, 1024}, {64, 4096, 64}};
  std::map<std::string, std::vector<ResultRow>> by_mode;
  auto run_mode = [&](const std::string& key, Mode mode, bool graph, bool cold) {
    BlasContext blas;
    std::vector<MethodPtr> ms;
    ms.push_back(make_cublas_method(blas, Layout::nn));
    ms.push_back(make_cublaslt_heuristic_method(blas, Layout::tn));
    BenchConfig cfg = quick_config(shapes);
    cfg.mode = mode;
    cfg.graph = graph;
    cfg.l2_cold = cold;
    cfg.target_qps = 2000;
    cfg.protocol.rounds = 5;
    // Each mode's run warms the GPU first: the modes are compared across runs, and a GPU coming
    // out of idle clocks timed 1024^3 3.5x slow in the first one (kernel 22.6 against offline
    // 18.2 us, where a warm H200 takes 6.4: s44's failure of the comparison below).
    cfg.protocol.warmup_seconds = 0.1;
    by_mode[key] = run_quiet(cfg, ms);
  };
  run_mode("kernel", Mode::kernel, false, false);
  run_mode("graph", Mode::kernel, true, false);
  run_mode("cold", Mode::kernel, false, true);
  run_mode("offline", Mode::offline, false, false);
  run_mode("server", Mode::server, false, false);
  for (const auto& [key, rows] : by_mode) {
    ASSERT_EQ(rows.size(), 4u) << key;
    for (const auto& r : rows) {
      ASSERT_EQ(r.status, RowStatus::ok) << key << ": " << status_text(r);
      EXPECT_GT(r.time->median_us, 0.5) << key;
      EXPECT_LE(r.time->p10_us, r.time->median_us) << key;
      EXPECT_LE(r.time->median_us, r.time->p90_us) << key;
      EXPECT_LT(tflops(r.shape.flops(), r.time->median_us), 1000) << key;  // H100/H200 peak ~990
      EXPECT_EQ(r.mode, key == "offline" || key == "server" ? key : "kernel");
    }
  }
  for (size_t i = 0; i < 4; ++i) {
    const double kernel = by_mode["kernel"][i].time->median_us;
    const ResultRow& row = by_mode["kernel"][i];
    std::ostringstream times;  // every mode's median for this row, for whoever reads a failure
    times << row.shape.m << "x" << row.shape.n << "x" << row.shape.k << " " << row.method
          << ", medians in us:";
    for (const auto& [key, rows] : by_mode) times << " " << key << " " << rows[i].time->median_us;
    SCOPED_TRACE(times.str());
    // A host-timed call includes the launch and the sync: never faster than the device loop.
    EXPECT_GE(by_mode["offline"][i].time->median_us, 0.95 * kernel) << i;
    EXPECT_GE(by_mode["server"][i].time->median_us, 0.95 * kernel) << i;
    // A graph only removes launch gaps.
    EXPECT_LE(by_mode["graph"][i].time->median_us, 1.10 * kernel) << i;
  }
  // 1024^3 fp16 on Hopper with cuBLAS: far above 50 TFLOP/s, and ~1.3 µs+ per call at best.
  EXPECT_GT(tflops(shapes[0].flops(), by_mode["kernel"][0].time->median_us), 50);
}

TEST_F(BenchGpu, ShapeTooLargeIsSkippedAndTheRunGoesOn) {
  BlasContext blas;
  std::vector<MethodPtr> ms;
  ms.push_back(make_cublas_method(blas, Layout::nn));
  // 300000^2 outputs alone are 180 GB in fp16: more than any H200 has.
  const auto rows = run_quiet(quick_config({{300000, 300000, 8}, {128, 128, 128}}), ms);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].status, RowStatus::skipped);
  EXPECT_NE(rows[0].message.find("device memory"), std::string::npos) << rows[0].message;
  EXPECT_EQ(rows[1].status, RowStatus::ok) << status_text(rows[1]);
}

TEST_F(BenchGpu, RunBenchWritesCsvAndJson) {
  const auto dir = std::filesystem::temp_directory_path() / "autogemm_test_run";
  std::filesystem::remove_all(dir);
  BenchConfig cfg = quick_config({{128, 256, 64}, {64, 64, 512}});
  cfg.methods = default_methods();
  cfg.csv_path = (dir / "r.csv").string();
  cfg.json_path = (dir / "r.json").string();
  cfg.vs = "cublaslt_autotune_tn";
  std::ostringstream out, err;
  const auto rows = run_bench(cfg, out, err);
  EXPECT_EQ(rows.size(), 12u);
  const auto back = read_results_csv(cfg.csv_path);
  ASSERT_EQ(back.size(), 12u);
  for (const auto& r : back) EXPECT_EQ(r.status, RowStatus::ok) << status_text(r);
  std::ifstream j(cfg.json_path);
  const auto json = nlohmann::json::parse(j);
  EXPECT_EQ(json["summary"]["candidate"], "cublaslt_autotune_tn");
  EXPECT_EQ(json["summary"]["methods"].size(), 6u);
  EXPECT_FALSE(json["device"]["name"].get<std::string>().empty());
  EXPECT_NE(out.str().find("cublaslt_autotune-max"), std::string::npos) << out.str();
  std::filesystem::remove_all(dir);
}

// --spec auto's log line gives the dispatcher's reason and what the first call cost the caller
// (choice, compile, trial), so a wider trial's price can be read from a bench log.
TEST_F(BenchGpu, AutoLogsItsReasonAndFirstCallTime) {
  MethodEnv env{nullptr, {"auto"}, Layout::tn};
  auto ms = make_autogemm_methods(env);
  std::ostringstream out, err;
  const auto rows = run_methods(quick_config({{200, 1032, 520}}), ms, out, err, false);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].status, RowStatus::ok) << status_text(rows[0]);
  const std::regex line(R"(200_1032_520 autogemm: .+; first call [0-9]+ ms\n)");
  EXPECT_TRUE(std::regex_search(out.str(), line)) << out.str();
}

// --spec table:NAME=FILE and policy:NAME=FILE: methods named NAME running the source's pick per
// shape; a shape the table lacks is a no_entry row while the others run on.
TEST_F(BenchGpu, PickedMethodsRunTheirSpecOrReportNoEntry) {
  const auto dir = std::filesystem::temp_directory_path() / "autogemm_test_picked";
  std::filesystem::create_directories(dir);
  const Problem hit{{128, 256, 64}, DType::f16, AccType::f32, Layout::tn};
  const std::string spec = spec_name(tune::Policy().top_choices(hit, 1).front());
  tune::TuningTable table;
  table.gpu = "NVIDIA H200";
  tune::TableEntry e;
  e.problem = hit;
  e.spec = spec;
  e.time_us = 10;
  e.gpu = table.gpu;
  table.add(e);
  tune::save_table(table, dir / "t.json");
  tune::save_policy(tune::Policy(), dir / "p.json");

  MethodEnv env{
      nullptr,
      {"table:tuned=" + (dir / "t.json").string(), "policy:zero_shot=" + (dir / "p.json").string()},
      Layout::tn};
  auto ms = make_autogemm_methods(env);
  const auto rows = run_quiet(quick_config({hit.shape, {64, 64, 512}}), ms);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].method, "tuned");
  EXPECT_EQ(rows[0].status, RowStatus::ok) << status_text(rows[0]);
  EXPECT_EQ(rows[0].spec, spec);
  EXPECT_EQ(rows[1].method, "zero_shot");
  EXPECT_EQ(rows[1].status, RowStatus::ok) << status_text(rows[1]);
  EXPECT_EQ(rows[2].status, RowStatus::no_entry) << status_text(rows[2]);
  EXPECT_EQ(rows[2].spec, "");
  EXPECT_EQ(rows[3].status, RowStatus::ok) << status_text(rows[3]);
  std::filesystem::remove_all(dir);
}
