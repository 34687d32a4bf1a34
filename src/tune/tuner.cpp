#include "tune/tuner.hpp"

#include <cuda_runtime.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <sstream>

#include "bench/bench_config.hpp"
#include "bench/blas_context.hpp"
#include "bench/device_info.hpp"
#include "bench/method_registry.hpp"
#include "bench/runner.hpp"
#include "core/cuda_check.hpp"
#include "core/hang_guard.hpp"
#include "jit/jit.hpp"
#include "spec/name.hpp"
#include "tune/attempt_log.hpp"
#include "tune/proposer.hpp"
#include "tune/store_algo_cache.hpp"
#include "tune/supervisor.hpp"
#include "tune/work_queue.hpp"

namespace autogemm::tune {
namespace {

// nvidia-smi's form: GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.
std::string uuid_text(const cudaUUID_t& u) {
  std::string out = "GPU-";
  char buf[4];
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
    std::snprintf(buf, sizeof buf, "%02x", unsigned(static_cast<unsigned char>(u.bytes[i])));
    out += buf;
  }
  return out;
}

std::string current_commit() {
  if (const char* c = std::getenv("AUTOGEMM_COMMIT"); c && *c) return c;
  std::ifstream f("build/COMMIT");
  std::string line;
  if (f && std::getline(f, line) && !line.empty()) return line;
  return "unknown";
}

// The CUDA error that a candidate left behind when the context is unusable (a sticky error:
// illegal address, trap, ...); nullopt when the context still works.
std::optional<cudaError_t> broken_context() {
  if (cudaDeviceSynchronize() == cudaSuccess) return std::nullopt;
  cudaGetLastError();                                 // a non-sticky error goes with this ...
  const cudaError_t again = cudaDeviceSynchronize();  // ... a sticky one stays
  if (again == cudaSuccess) return std::nullopt;
  return again;
}

// The candidate whose row shows the error `e` first, in the gate (messages "prepare: " or
// "run: "): the gate runs one method at a time and synchronizes after each, so rows before the
// culprit succeeded and rows after it failed only because the context was gone. Errors in the
// timed rounds (shuffled order, several methods in flight) pin nobody; nor does the reference.
const bench::ResultRow* culprit(const std::vector<bench::ResultRow>& rows, cudaError_t e) {
  const std::string name = cudaGetErrorName(e);
  for (const auto& r : rows) {
    if (r.status == bench::RowStatus::ok || r.message.find(name) == std::string::npos) continue;
    const bool in_gate = r.message.rfind("prepare: ", 0) == 0 || r.message.rfind("run: ", 0) == 0;
    return r.method == "autogemm" && in_gate ? &r : nullptr;
  }
  return nullptr;
}

std::string default_worker_id() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) return fmt::format("pid{}", int(getpid()));
  return fmt::format("{}:{}", host, int(getpid()));
}

// A failed row's status: the gate's verdict is a wrong result, anything else a failure.
Status status_of(const bench::ResultRow& r) {
  if (r.status == bench::RowStatus::ok) return Status::ok;
  if (r.message.rfind("correctness:", 0) == 0) return Status::wrong_result;
  return Status::failed;
}

struct ShapeState {
  Problem problem;
  std::vector<KernelSpec> tried;
  std::optional<KernelSpec> incumbent;
  std::optional<double> incumbent_us, reference_us;
  int failed = 0;

  void add(const Measurement& m) {
    KernelSpec spec;
    try {
      spec = parse_name(m.spec);
    } catch (const Error&) {
      return;  // an old name: cannot be proposed again anyway
    }
    tried.push_back(spec);
    if (m.status != Status::ok || !m.median_us) {
      ++failed;
      return;
    }
    if (m.reference_median_us) reference_us = m.reference_median_us;
    if (!incumbent_us || *m.median_us < *incumbent_us) {
      incumbent = spec;
      incumbent_us = m.median_us;
      reference_us = m.reference_median_us;  // the winner's own run: same conditions
    }
  }
};

class Tuner {
 public:
  Tuner(const TuneOptions& o, ExperienceStore& store, std::ostream& progress)
      : o_(o),
        store_(store),
        progress_(progress),
        worker_(o.worker_id.empty() ? default_worker_id() : o.worker_id),
        attempts_(store),
        references_(store) {}
  TuneSummary run();

 private:
  void run_queue(TuneSummary& summary);
  void tune_shape(const Problem& p, size_t seq, size_t total, TuneSummary& summary);
  void take_over_leftovers(ShapeState& st, uint64_t& seed);
  void measure(ShapeState& st, const std::vector<KernelSpec>& batch, uint64_t seed);
  void heartbeat() {
    if (queue_) queue_->heartbeat(o_.queue_run, worker_);
  }
  void record(ShapeState& st, Measurement m) {
    m.env = env_;
    m.problem = st.problem;
    m.mode = timing_mode(o_);
    store_.record(m);
    st.add(m);
  }

  const TuneOptions& o_;
  ExperienceStore& store_;
  std::ostream& progress_;
  std::string worker_;
  AttemptLog attempts_;
  ReferenceCache references_;
  std::unique_ptr<StoreAlgoCache> algo_cache_;
  std::unique_ptr<WorkQueue> queue_;
  Environment env_;
  DeviceFacts facts_;
  bench::BlasContext* blas_ = nullptr;
  double log_speedup_sum_ = 0;
  int speedup_count_ = 0;
};

TuneSummary Tuner::run() {
  require_mode(store_, timing_mode(o_));  // no row of this run in a store of the other protocol
  env_ = current_environment(o_.device);
  facts_.sm_count = bench::query_device(o_.device).sm_count;
  check_cuda(cudaSetDevice(o_.device), "cudaSetDevice");
  bench::BlasContext blas;
  blas_ = &blas;
  algo_cache_ = std::make_unique<StoreAlgoCache>(references_, env_);

  TuneSummary summary;
  summary.gpu_name = env_.gpu_name;
  if (!o_.queue_run.empty()) {
    run_queue(summary);
    blas_ = nullptr;
    return summary;
  }
  auto problem_at = [&](size_t i) { return Problem{o_.shapes[i], o_.dtype, o_.acc, o_.layout}; };
  std::function<bool(size_t)> done;
  if (o_.resume)
    done = [&](size_t i) { return store_.is_shape_done(env_.gpu_name, problem_at(i), o_.budget); };
  const auto mine = select_shapes(o_.shapes.size(), o_.shard);
  const auto todo = select_shapes(o_.shapes.size(), o_.shard, done);
  summary.skipped = mine.size() - todo.size();
  if (summary.skipped > 0)
    progress_ << "tune: --resume skips " << summary.skipped << " shapes already done\n";
  for (size_t j = 0; j < todo.size(); ++j) tune_shape(problem_at(todo[j]), j, todo.size(), summary);
  if (speedup_count_ > 0) summary.geomean_speedup = std::exp(log_speedup_sum_ / speedup_count_);
  blas_ = nullptr;
  return summary;
}

void Tuner::run_queue(TuneSummary& summary) {
  queue_ = std::make_unique<WorkQueue>(store_);
  size_t seq = 0;
  while (auto item = queue_->claim(o_.queue_run, worker_)) {
    if (o_.resume && store_.is_shape_done(env_.gpu_name, item->problem, o_.budget)) {
      queue_->finish(o_.queue_run, item->seq, worker_, ItemEnd::skipped);
      ++summary.skipped;
      continue;
    }
    tune_shape(item->problem, seq++, 0, summary);
    queue_->finish(o_.queue_run, item->seq, worker_, ItemEnd::done);
  }
  if (speedup_count_ > 0) summary.geomean_speedup = std::exp(log_speedup_sum_ / speedup_count_);
}

// Rows a dead worker left in the AttemptLog for this problem: the candidate it was measuring
// alone is recorded as the cause (unless a row of it is in the store already), the candidates
// of a larger batch are measured one at a time before anything else.
void Tuner::take_over_leftovers(ShapeState& st, uint64_t& seed) {
  const LeftoverPlan plan =
      decide_leftovers(attempts_.leftovers(env_.gpu_name, st.problem, worker_));
  auto tried = [&](const std::string& name) {
    for (const KernelSpec& t : st.tried)
      if (spec_name(t) == name) return true;
    return false;
  };
  for (const auto& f : plan.failures) {
    if (tried(f.spec)) continue;
    Measurement m;
    m.spec = f.spec;
    m.status = f.status;
    m.message = f.message;
    record(st, m);
  }
  attempts_.forget_others(env_.gpu_name, st.problem, worker_);
  for (const std::string& name : plan.suspects) {
    if (int(st.tried.size()) >= o_.budget) break;
    if (tried(name)) continue;
    try {
      measure(st, {parse_name(name)}, seed++);
    } catch (const WorkerFaultError&) {
      throw;
    } catch (const Error&) {
      // An old name that no longer parses: nothing to measure.
    }
  }
}

void Tuner::tune_shape(const Problem& p, size_t seq, size_t total, TuneSummary& summary) {
  store_.mark_shape_done(env_.gpu_name, p, o_.budget, false);
  ShapeState st;
  st.problem = p;
  // Rows left by a killed run count toward the budget and are not measured again.
  for (const Measurement& m :
       store_.measurements(problem_filter(env_.gpu_name, p, timing_mode(o_))))
    st.add(m);

  ProposalContext ctx;
  ctx.problem = p;
  ctx.device = facts_;
  ctx.policy = o_.policy.get();
  ctx.neighbours = nearest_done_specs(store_, env_.gpu_name, p, 3, timing_mode(o_));
  uint64_t seed = 2026 + seq * 7919;
  take_over_leftovers(st, seed);
  while (int(st.tried.size()) < o_.budget) {
    ctx.incumbent = st.incumbent;
    ctx.tried = st.tried;
    const size_t want = size_t(std::min(o_.batch, o_.budget - int(st.tried.size())));
    const auto batch = propose_screened(ctx, want, o_.screen_scores, o_.screen_factor);
    if (batch.empty()) break;  // the space around this shape is exhausted
    measure(st, batch, seed++);
  }
  store_.mark_shape_done(env_.gpu_name, p, o_.budget, true);

  ShapeOutcome out;
  out.problem = p;
  out.measured = int(st.tried.size());
  out.failed = st.failed;
  if (st.incumbent) out.best_spec = spec_name(*st.incumbent);
  out.best_us = st.incumbent_us;
  out.reference_us = st.reference_us;
  std::ostringstream line;
  line << "[" << seq + 1;
  if (total > 0) line << "/" << total;
  line << "] " << describe(p) << ": ";
  if (out.best_us && out.reference_us) {
    const double speedup = *out.reference_us / *out.best_us;
    log_speedup_sum_ += std::log(speedup);
    ++speedup_count_;
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.2fx vs reference (%.1f us vs %.1f us)", speedup, *out.best_us,
                  *out.reference_us);
    line << buf << ", best " << out.best_spec;
  } else {
    line << (out.best_us ? "no reference time, best " + out.best_spec : "no correct candidate");
  }
  line << "; " << out.measured << " measured, " << out.failed << " failed";
  if (speedup_count_ > 0) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "; geomean %.3fx over %d shapes",
                  std::exp(log_speedup_sum_ / speedup_count_), speedup_count_);
    line << buf;
  }
  progress_ << line.str() << "\n" << std::flush;
  summary.shapes.push_back(std::move(out));
}

void Tuner::measure(ShapeState& st, const std::vector<KernelSpec>& batch, uint64_t seed) {
  // Compile first, on every CPU thread, so compilation overlaps nothing timed on the GPU; a
  // spec that does not compile is recorded and not run.
  const auto built = jit::build_many(batch, o_.compile_threads);
  heartbeat();  // compiling a batch can take seconds on a cold cache
  bench::MethodEnv env;
  env.blas = blas_;
  env.layout = st.problem.layout;
  env.dtype = st.problem.dtype;
  env.acc = st.problem.acc;
  env.algo_cache = algo_cache_.get();
  for (size_t i = 0; i < batch.size(); ++i) {
    if (built[i].ok()) {
      env.specs.push_back(spec_name(batch[i]));
      continue;
    }
    Measurement m;
    m.spec = spec_name(batch[i]);
    m.status = Status::compile_error;
    m.message = built[i].error;
    record(st, m);
  }
  if (env.specs.empty()) return;

  const std::string reference = "cublaslt_autotune_" + std::string(to_string(st.problem.layout));
  std::vector<bench::MethodPtr> methods = bench::make_methods(reference, env);
  for (auto& m : bench::make_autogemm_methods(env)) methods.push_back(std::move(m));
  bench::BenchConfig cfg;
  cfg.shapes = {st.problem.shape};
  cfg.dtype = st.problem.dtype;
  cfg.acc = st.problem.acc;
  cfg.mode = bench::Mode::kernel;
  cfg.protocol.rounds = o_.rounds;
  cfg.protocol.benchmark_seconds = o_.benchmark_seconds;
  cfg.autogemm_layout = st.problem.layout;
  cfg.data = bench::DataDist::normal;
  cfg.device = o_.device;
  cfg.seed = seed;
  std::ostringstream quiet;
  attempts_.begin(env_.gpu_name, st.problem, worker_, env.specs);
  std::vector<bench::ResultRow> rows;
  std::exception_ptr thrown;
  // A candidate that hangs (a deadlocked kernel) leaves a GPU nothing can use again, and nothing
  // may synchronize after it: record it as failed (its spec is in the hang's activity) and end
  // the worker as for a broken context, so that --resume / --devices go on without it.
  const ScopedHangHandler on_hang([&](const GpuHang& hang) {
    Measurement m;
    m.status = Status::failed;
    for (const std::string& spec : env.specs)
      if (activity_runs_spec(hang.activity(), spec)) m.spec = spec;
    if (!m.spec.empty()) {
      m.message = std::string("hung: ") + hang.what();
      try {  // this handler must end the process whatever happens (nothing may use the GPU)
        record(st, m);
        attempts_.end(env_.gpu_name, st.problem, worker_);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "autogemm: could not record the hung candidate: %s\n", e.what());
        m.spec.clear();  // not recorded: its batch stays in the attempt log
      }
    }
    std::fprintf(stderr,
                 "autogemm: error: %s; %s; run again with --resume (--devices restarts workers "
                 "itself)\n",
                 hang.what(),
                 m.spec.empty() ? "its batch's candidates will be measured one at a time"
                                : "the candidate is recorded as failed");
    std::fflush(stderr);
    std::_Exit(kWorkerFaultExit);
  });
  try {
    rows = bench::run_methods(cfg, methods, quiet, quiet, true);
  } catch (const Error&) {
    thrown = std::current_exception();
  }
  if (const auto error = broken_context()) {
    // Record only the culprit: the other failures are the broken context's, not their specs'.
    // It is the row the gate pinned, or the batch's only candidate (the harness usually stops
    // at the next kernel after the fault and returns no rows at all). Otherwise the batch stays
    // in the AttemptLog, and the next worker measures its candidates one at a time.
    const std::string cause =
        fmt::format("{}: {}", cudaGetErrorName(*error), cudaGetErrorString(*error));
    Measurement m;
    m.status = Status::failed;
    if (const bench::ResultRow* pinned = culprit(rows, *error)) {
      m.spec = pinned->spec;
      m.message = "launch error: " + pinned->message;
    } else if (env.specs.size() == 1) {
      m.spec = env.specs.front();
      m.message = "launch error: " + cause + " (measured alone)";
    }
    if (!m.spec.empty()) {
      record(st, m);
      attempts_.end(env_.gpu_name, st.problem, worker_);
    }
    throw WorkerFaultError(fmt::format(
        "{} broke the CUDA context ({}); {}; run again with --resume (--devices restarts workers "
        "itself)",
        m.spec.empty() ? "a candidate of a batch on " + describe(st.problem)
                       : "candidate " + m.spec,
        cause,
        m.spec.empty() ? "its candidates will be measured one at a time"
                       : "it is recorded as failed"));
  }
  if (thrown) {
    attempts_.end(env_.gpu_name, st.problem, worker_);
    std::rethrow_exception(thrown);
  }

  std::optional<double> ref_us;
  for (const auto& r : rows)
    if (r.method == reference && r.time) ref_us = r.time->median_us;
  for (const auto& r : rows) {
    if (r.method != "autogemm") continue;  // the reference and the derived `oracle` rows
    Measurement m;
    m.spec = r.spec;
    m.status = status_of(r);
    m.message = r.message;
    m.rel_err = r.rel_err;
    if (r.time) {
      m.median_us = r.time->median_us;
      m.p10_us = r.time->p10_us;
      m.p90_us = r.time->p90_us;
    }
    m.reference_method = reference;
    m.reference_median_us = ref_us;
    record(st, m);
  }
  attempts_.end(env_.gpu_name, st.problem, worker_);
  heartbeat();
}

}  // namespace

Environment current_environment(int device) {
  const bench::DeviceInfo info = bench::query_device(device);  // NoGpuError without one
  cudaDeviceProp prop{};
  check_cuda(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  Environment e;
  e.gpu_name = info.name;
  e.gpu_uuid = uuid_text(prop.uuid);
  e.driver = bench::cuda_version_string(info.driver_version);
  e.cuda = bench::cuda_version_string(info.runtime_version);
  e.commit = current_commit();
  return e;
}

std::string timing_mode(const TuneOptions& o) {
  return std::string(o.benchmark_seconds > 0 ? kSustainedMode : "kernel");
}

TuneSummary run_tune(const TuneOptions& options, ExperienceStore& store, std::ostream& progress) {
  return Tuner(options, store, progress).run();
}

}  // namespace autogemm::tune
