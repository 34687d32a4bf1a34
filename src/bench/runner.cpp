#include "bench/runner.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <random>

#include "bench/csv.hpp"
#include "bench/device_buffers.hpp"
#include "bench/device_info.hpp"
#include "bench/errors.hpp"
#include "bench/method_registry.hpp"
#include "bench/progress.hpp"
#include "bench/random.hpp"
#include "bench/report.hpp"
#include "bench/report_output.hpp"
#include "bench/shapes.hpp"
#include "bench/timing.hpp"
#include "core/cuda_check.hpp"
#include "core/hang_guard.hpp"

namespace autogemm::bench {
namespace {

using Clock = std::chrono::steady_clock;

// Memory left beside the bench buffers for cuBLAS, the L2 flush buffer and the CUDA context.
constexpr size_t kReserveBytes = size_t(2) << 30;

// Per-method state within one shape.
struct Slot {
  Slot(Method* m, std::string t) : method(m), tag(std::move(t)) {}
  Method* method = nullptr;
  std::string tag;
  bool ok = true;
  RowStatus status = RowStatus::ok;
  std::string message;
  std::optional<double> rel_err;
  int calls = 1;
  std::unique_ptr<GraphLoop> graph;
  std::vector<double> samples;
  double spent_s = 0;
  bool prepared = false;  // prepare() returned for this shape: why() speaks of it

  void fail(RowStatus s, std::string why) {
    if (!ok) return;
    ok = false;
    status = s;
    message = std::move(why);
  }
};

std::string gib(size_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f GiB", double(bytes) / double(size_t(1) << 30));
  return buf;
}

std::string now_utc() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// What a hang message names: the method (with its spec) and the shape.
std::string activity_name(const Method& m, const Shape& shape) {
  return method_activity(m.name(), m.spec(), shape_name(shape));
}

class Runner {
 public:
  Runner(const BenchConfig& cfg, std::vector<MethodPtr>& methods, std::ostream& out,
         std::ostream& err, bool quiet)
      : cfg_(cfg), methods_(methods), out_(out), err_(err), quiet_(quiet) {}

  std::vector<ResultRow> run();

 private:
  void run_shape(size_t index, const Shape& shape, DeviceBuffers& buf, Timer& timer);
  void gate(const Shape& shape, DeviceBuffers& buf);
  void time_methods(const Shape& shape, Timer& timer);
  void emit(const Shape& shape);
  void emit_oracle(const Shape& shape);
  Scaling scaling() const { return Scaling{cfg_.alpha, cfg_.beta}; }

  const BenchConfig& cfg_;
  std::vector<MethodPtr>& methods_;
  std::ostream& out_;
  std::ostream& err_;
  bool quiet_;
  cudaStream_t stream_ = nullptr;
  std::vector<Slot> slots_;
  std::unique_ptr<CsvWriter> csv_;
  std::vector<ResultRow> rows_;
  std::vector<std::string> shared_c_;  // one line per shape whose methods shared C buffers
  std::mt19937_64 order_rng_;
};

std::vector<ResultRow> Runner::run() {
  const DeviceInfo info = query_device(cfg_.device);
  check_cuda(cudaSetDevice(cfg_.device), "cudaSetDevice");
  check_cuda(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate");
  order_rng_.seed(cfg_.seed);

  // Tags tell apart several instances of one method name (autogemm with several --spec).
  std::map<std::string, int> count;
  for (auto& m : methods_) ++count[m->name()];
  for (auto& m : methods_) slots_.emplace_back(m.get(), count[m->name()] > 1 ? m->spec() : "");

  // One allocation for the largest shape that fits; larger shapes are skipped, not fatal. A
  // shape fits with a C per method or, failing that, with one C every method shares.
  std::vector<size_t> needs;
  for (const auto& s : cfg_.shapes) {
    needs.push_back(plan_regions(s, cfg_.dtype, int(slots_.size())).total);
    needs.push_back(plan_regions(s, cfg_.dtype, 1).total);
  }
  size_t free_bytes = 0, total_bytes = 0;
  check_cuda(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
  const size_t flush_bytes = cfg_.l2_cold ? 2 * info.l2_bytes : 0;
  if (cfg_.max_device_bytes > 0)
    free_bytes = std::min(free_bytes, cfg_.max_device_bytes + kReserveBytes + flush_bytes);
  DeviceBuffers buf(plan_capacity(needs, free_bytes, kReserveBytes + flush_bytes), cfg_.dtype,
                    int(slots_.size()));
  Timer timer(cfg_.mode, cfg_.l2_cold, cfg_.target_qps, derive_seed(cfg_.seed, 0x5e7),
              info.l2_bytes);

  if (!cfg_.csv_path.empty()) csv_ = std::make_unique<CsvWriter>(cfg_.csv_path);
  if (!quiet_) {
    out_ << "autogemm bench: " << cfg_.shapes.size() << " shapes x " << slots_.size()
         << " methods, " << to_string(cfg_.dtype) << " data, " << to_string(cfg_.acc)
         << " accumulate, mode " << to_string(cfg_.mode) << (cfg_.graph ? " (graph)" : "")
         << ", L2 " << (cfg_.l2_cold ? "cold" : "warm") << ", on " << info.name << "\n";
    if (csv_) out_ << "rows -> " << csv_->path() << "\n";
    out_ << std::flush;
  }

  const bool bar = cfg_.progress_bar || isatty(STDERR_FILENO);
  Progress progress(err_, cfg_.shapes.size(), bar, std::max<size_t>(1, cfg_.shapes.size() / 20));
  const auto t0 = Clock::now();
  for (size_t i = 0; i < cfg_.shapes.size(); ++i) {
    run_shape(i, cfg_.shapes[i], buf, timer);
    if (!quiet_)
      progress.update(i + 1, std::chrono::duration<double>(Clock::now() - t0).count(),
                      shape_name(cfg_.shapes[i]));
  }
  if (!quiet_) progress.finish();
  const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  cudaStreamDestroy(stream_);

  const std::string candidate = pick_candidate(labels_in_order(rows_), cfg_.vs);
  const Summary summary = summarize_results(rows_, candidate);
  if (!quiet_) {
    if (cfg_.shapes.size() <= 16) {
      print_rows(rows_, out_);
      out_ << "\n";
    }
    print_summary(summary, out_);
    out_ << "\n" << cfg_.shapes.size() << " shapes in " << format_duration(elapsed) << "\n";
  }
  if (!cfg_.json_path.empty()) {
    const char* commit = std::getenv("AUTOGEMM_COMMIT");
    nlohmann::json j = {{"command", cfg_.command_line},
                        {"commit", commit ? commit : ""},
                        {"date_utc", now_utc()},
                        {"elapsed_seconds", elapsed},
                        {"device", to_json(info)},
                        {"config",
                         {{"dtype", to_string(cfg_.dtype)},
                          {"acc", to_string(cfg_.acc)},
                          {"mode", to_string(cfg_.mode)},
                          {"graph", cfg_.graph},
                          {"l2", cfg_.l2_cold ? "cold" : "warm"},
                          {"target_qps", cfg_.target_qps},
                          {"data", to_string(cfg_.data)},
                          {"seed", cfg_.seed},
                          {"max_device_bytes", cfg_.max_device_bytes},
                          {"alpha", cfg_.alpha},
                          {"beta", cfg_.beta},
                          {"rounds", cfg_.protocol.rounds},
                          {"loop_us", cfg_.protocol.target_loop_us},
                          {"warmup_seconds", cfg_.protocol.warmup_seconds},
                          {"benchmark_seconds", cfg_.protocol.benchmark_seconds},
                          {"shapes", cfg_.shapes.size()},
                          {"csv", cfg_.csv_path}}},
                        {"shared_c", shared_c_},
                        {"summary", summary_json(summary)}};
    std::filesystem::path p(cfg_.json_path);
    if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
    std::ofstream(cfg_.json_path) << j.dump(2) << "\n";
    if (!quiet_) out_ << "summary -> " << cfg_.json_path << "\n";
  }
  return rows_;
}

void Runner::run_shape(size_t index, const Shape& shape, DeviceBuffers& buf, Timer& timer) {
  for (auto& s : slots_) {
    s = Slot(s.method, s.tag);
  }
  if (!buf.fits(shape)) {
    for (auto& s : slots_)
      s.fail(RowStatus::skipped, "needs " + gib(buf.bytes_needed(shape)) +
                                     " of device memory; at most " + gib(buf.capacity()) +
                                     " could be allocated");
    emit(shape);
    return;
  }
  buf.bind(shape);
  if (buf.c_regions() < int(slots_.size())) {
    shared_c_.push_back(shape_name(shape) + ": " + std::to_string(slots_.size()) +
                        " methods share " + std::to_string(buf.c_regions()) +
                        (buf.c_regions() == 1 ? " C buffer" : " C buffers") +
                        " (one each would need " +
                        gib(plan_regions(shape, cfg_.dtype, int(slots_.size())).total) + ")");
    if (!quiet_) out_ << shared_c_.back() << "\n";
  }
  // Correctness gate on fresh N(0,1) data; then fresh timing data of the requested kind.
  buf.fill_inputs(derive_seed(cfg_.seed, index, 1), DataDist::normal, stream_);
  buf.compute_reference(stream_, scaling());
  gate(shape, buf);
  buf.fill_inputs(derive_seed(cfg_.seed, index, 2), cfg_.data, stream_);
  sync_stream_or_hang(stream_, "sync after fill");
  time_methods(shape, timer);
  emit(shape);
}

void Runner::gate(const Shape& shape, DeviceBuffers& buf) {
  for (size_t i = 0; i < slots_.size(); ++i) {
    Slot& s = slots_[i];
    const Problem p{shape, cfg_.dtype, cfg_.acc, s.method->layout()};
    Operands ops;
    ops.a = buf.a();
    ops.b = buf.b(p.layout);
    ops.c = buf.c(int(i));
    ops.scaling = scaling();
    // A hang (a deadlocked kernel) is not a failed row: it ends the run (core/hang_guard.hpp).
    // While preparing, a method may still report the previous shape's spec: name it alone.
    const HangActivity preparing(method_activity(s.method->name(), "", shape_name(shape)));
    ops.check = [&buf, i, this](const std::function<void()>& run_once, cudaStream_t st) {
      buf.prepare_output(int(i), scaling(), st);
      run_once();
      return buf.check_output(int(i), cfg_.acc, st);
    };
    try {
      s.method->prepare(p, ops, stream_);
      s.prepared = true;
    } catch (const NoEntryError& e) {
      s.fail(RowStatus::no_entry, e.what());
      continue;
    } catch (const Error& e) {
      s.fail(RowStatus::failed, std::string("prepare: ") + e.what());
      continue;
    }
    const HangActivity running(activity_name(*s.method, shape));
    try {
      buf.prepare_output(int(i), scaling(), stream_);
      s.method->run(stream_);
      check_cuda(cudaGetLastError(), "run");
      const CheckResult r = buf.check_output(int(i), cfg_.acc, stream_);
      s.rel_err = r.nonfinite > 0 ? NAN : r.rel_err;
      if (!r.pass) s.fail(RowStatus::failed, "correctness: " + r.reason);
    } catch (const Error& e) {
      s.fail(RowStatus::failed, std::string("run: ") + e.what());
    }
  }
}

void Runner::time_methods(const Shape& shape, Timer& timer) {
  std::vector<Slot*> live;
  for (auto& s : slots_)
    if (s.ok) live.push_back(&s);
  auto guarded = [&shape](Slot* s, auto&& fn) {
    if (!s->ok) return;
    const HangActivity activity(activity_name(*s->method, shape));
    try {
      fn();
    } catch (const Error& e) {
      s->fail(RowStatus::failed, std::string("timing: ") + e.what());
    }
  };

  // Size each method's loop from one calibrated call; capture graphs if asked.
  for (Slot* s : live)
    guarded(s, [&] {
      const double call_us = timer.calibrate(*s->method, stream_);
      s->calls = calls_per_loop(cfg_.mode, call_us, cfg_.protocol, cfg_.target_qps);
      if (cfg_.graph) s->graph = std::make_unique<GraphLoop>(*s->method, s->calls, stream_);
    });

  // Warm-up, in shuffled order: one loop each, or --warmup_seconds each.
  std::shuffle(live.begin(), live.end(), order_rng_);
  for (Slot* s : live)
    guarded(s, [&] {
      const auto t0 = Clock::now();
      do {
        timer.warmup(*s->method, s->calls, stream_);
      } while (std::chrono::duration<double>(Clock::now() - t0).count() <
               cfg_.protocol.warmup_seconds);
    });

  // Interleaved rounds: every method one timed loop per round, in a fresh shuffled order.
  int rounds = 0;
  auto min_spent = [&] {
    double m = INFINITY;
    for (Slot* s : live)
      if (s->ok) m = std::min(m, s->spent_s);
    return std::isinf(m) ? 0.0 : m;
  };
  while (more_rounds(cfg_.protocol, rounds, min_spent())) {
    std::shuffle(live.begin(), live.end(), order_rng_);
    bool any = false;
    for (Slot* s : live)
      guarded(s, [&] {
        s->spent_s += timer.timed_loop(*s->method, s->calls, s->graph.get(), stream_, s->samples);
        any = true;
      });
    ++rounds;
    if (!any) break;
  }
  for (Slot* s : live) s->graph.reset();
}

void Runner::emit(const Shape& shape) {
  for (auto& s : slots_) {
    ResultRow r;
    r.shape = shape;
    r.dtype = cfg_.dtype;
    r.acc = cfg_.acc;
    r.layout = s.method->layout();
    r.method = s.method->name();
    r.mode = std::string(to_string(cfg_.mode));
    r.rel_err = s.rel_err;
    // A shape skipped for its size never reached the methods: they would name the last one's.
    r.spec = s.status == RowStatus::skipped ? "" : s.method->spec();
    r.tag = s.tag;
    if (s.ok && !s.samples.empty()) {
      r.time = summarize(s.samples);
    } else {
      r.status = s.ok ? RowStatus::failed : s.status;
      r.message = s.ok ? "no timing samples" : s.message;
    }
    if (csv_) csv_->write(r);
    rows_.push_back(r);
    if (!quiet_ && s.prepared)
      if (const std::string why = s.method->why(); !why.empty())
        out_ << shape_name(shape) << " " << r.method << ": " << why << "\n";
  }
  emit_oracle(shape);
}

// With several autogemm specs measured, the best of them per layout is also reported as method
// `oracle` (DESIGN.md §8): what the design space reaches on this shape.
void Runner::emit_oracle(const Shape& shape) {
  const size_t first = rows_.size() - slots_.size();  // this shape's rows
  for (Layout layout : {Layout::nn, Layout::tn}) {
    const ResultRow* best = nullptr;
    int candidates = 0;
    for (size_t i = first; i < first + slots_.size(); ++i) {
      const ResultRow& r = rows_[i];
      if (r.method != "autogemm" || r.layout != layout) continue;
      ++candidates;
      if (r.status == RowStatus::ok && r.time &&
          (!best || r.time->median_us < best->time->median_us))
        best = &r;
    }
    if (candidates < 2) continue;
    ResultRow o;
    if (best) {
      o = *best;
    } else {
      o.shape = shape;
      o.dtype = cfg_.dtype;
      o.acc = cfg_.acc;
      o.layout = layout;
      o.mode = std::string(to_string(cfg_.mode));
      o.status = RowStatus::failed;
      o.message = "no autogemm spec passed";
    }
    o.method = "oracle";
    o.tag.clear();
    if (csv_) csv_->write(o);
    rows_.push_back(o);
  }
}

}  // namespace

std::vector<ResultRow> run_methods(const BenchConfig& cfg, std::vector<MethodPtr>& methods,
                                   std::ostream& out, std::ostream& err, bool quiet) {
  if (methods.empty()) throw InputError("no methods to run");
  if (cfg.shapes.empty()) throw InputError("no shapes to run");
  Runner runner(cfg, methods, out, err, quiet);
  return runner.run();
}

std::vector<ResultRow> run_bench(const BenchConfig& cfg, std::ostream& out, std::ostream& err) {
  for (const auto& name : cfg.methods) validate_method_name(name);
  require_gpu(cfg.device);
  check_cuda(cudaSetDevice(cfg.device), "cudaSetDevice");
  BlasContext blas;
  MethodEnv env{&blas, cfg.specs, cfg.autogemm_layout, cfg.dtype, cfg.acc};
  std::vector<MethodPtr> methods;
  for (const auto& name : cfg.methods)
    for (auto& m : make_methods(name, env)) methods.push_back(std::move(m));
  return run_methods(cfg, methods, out, err, false);
}

}  // namespace autogemm::bench
