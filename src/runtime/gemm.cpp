// autogemm::gemm: spec name -> loaded kernel -> cached launch plan -> launch.
//
// The hot path is one hash lookup under a shared lock plus cuLaunchKernelEx. Plans are keyed by
// everything they bake in (device, spec, problem, the three pointers: the TMA descriptors hold
// the addresses), so a repeated call reuses the encoded descriptors.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>

#include "autogemm/autogemm.hpp"
#include "core/cuda_check.hpp"
#include "jit/jit.hpp"
#include "runtime/cublaslt_fallback.hpp"
#include "runtime/launch.hpp"
#include "runtime/timed_choice.hpp"
#include "runtime/workspace.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/dispatch.hpp"
#include "tune/first_sight.hpp"
#include "tune/shipped_data.hpp"

namespace autogemm {
namespace {

struct PlanKey {
  int device;
  std::string spec;
  Problem problem;
  const void* a;
  const void* b;
  void* c;
  bool operator==(const PlanKey&) const = default;
};

struct PlanKeyHash {
  size_t operator()(const PlanKey& k) const {
    size_t h = std::hash<std::string>()(k.spec);
    auto mix = [&h](uint64_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    mix(uint64_t(k.device));
    mix(uint64_t(k.problem.shape.m));
    mix(uint64_t(k.problem.shape.n));
    mix(uint64_t(k.problem.shape.k));
    mix(uint64_t(k.problem.dtype) << 8 | uint64_t(k.problem.acc) << 4 | uint64_t(k.problem.layout));
    mix(reinterpret_cast<uintptr_t>(k.a));
    mix(reinterpret_cast<uintptr_t>(k.b));
    mix(reinterpret_cast<uintptr_t>(k.c));
    return h;
  }
};

// A spec loaded on one device, with the number of its clusters that fit there at once.
struct LoadedSpec {
  KernelSpec spec;
  CUfunction function = nullptr;
  CUfunction reduce = nullptr;  // split-K's reduction pass, if the spec has one
  int resident_clusters = 0;
};

class Runtime {
 public:
  static Runtime& instance() {
    static Runtime* r = new Runtime();  // never destroyed: may be used during static teardown
    return *r;
  }

  std::shared_ptr<const LaunchPlan> plan(const Problem& p, std::string_view spec, const void* a,
                                         const void* b, void* c, int& device) {
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    PlanKey key{device, std::string(spec), p, a, b, c};
    {
      std::shared_lock lock(mutex_);
      auto it = plans_.find(key);
      if (it != plans_.end()) return it->second;
    }
    const LoadedSpec& loaded = load(device, spec);
    check_problem(loaded.spec, p);
    if (a == nullptr || b == nullptr || c == nullptr) throw Error("gemm: a null matrix pointer");
    auto made = std::make_shared<const LaunchPlan>(make_plan(
        loaded.spec, p, loaded.function, loaded.resident_clusters, a, b, c, loaded.reduce));
    std::unique_lock lock(mutex_);
    // Bounded: a plan is cheap to rebuild, and callers hold their own reference.
    if (plans_.size() >= kMaxPlans) plans_.clear();
    auto [it, inserted] = plans_.emplace(std::move(key), std::move(made));
    return it->second;
  }

  const LoadedSpec& load(int device, std::string_view spec) {
    const std::string key = std::to_string(device) + ":" + std::string(spec);
    {
      std::shared_lock lock(mutex_);
      auto it = specs_.find(key);
      if (it != specs_.end()) return *it->second;
    }
    auto loaded = std::make_unique<LoadedSpec>();
    loaded->spec = parse_name(spec);  // throws on a malformed or invalid name
    const jit::LoadedKernel& kernel = jit::load(loaded->spec);
    loaded->function = kernel.function;
    if (has_reduction_pass(loaded->spec))
      loaded->reduce = jit::load_split_reduce(loaded->spec).function;
    loaded->resident_clusters = max_active_clusters(kernel.function, loaded->spec);
    std::unique_lock lock(mutex_);
    auto [it, inserted] = specs_.emplace(key, std::move(loaded));
    return *it->second;
  }

 private:
  static constexpr size_t kMaxPlans = 4096;
  std::shared_mutex mutex_;
  std::unordered_map<PlanKey, std::shared_ptr<const LaunchPlan>, PlanKeyHash> plans_;
  std::unordered_map<std::string, std::unique_ptr<LoadedSpec>> specs_;
};

void check_scaling(const Scaling& scaling) {
  if (!std::isfinite(scaling.alpha) || !std::isfinite(scaling.beta))
    throw Error("gemm: alpha (" + std::to_string(scaling.alpha) + ") and beta (" +
                std::to_string(scaling.beta) + ") must be finite");
}

// What a call's plan bakes in besides its spec.
struct CallKey {
  int device;
  Problem problem;
  const void* a;
  const void* b;
  void* c;
  bool plain;  // the scaled variant (the "_ab" spec) when not
  bool operator==(const CallKey&) const = default;
};

// This thread's previous call, so that a run of identical calls (a layer's GEMM step after step,
// a timing loop) launches its plan without the dispatcher's and the plan cache's lookups, each a
// lock and a hash (0.1-0.35 us per call; bench/results/h200/h200_call_memo_s22.md). `asked` is
// the spec name the call gave ("" for gemm() without one).
struct LastCall {
  bool valid = false;
  uint64_t epoch = 0;  // choice_epoch when remembered
  CallKey key{};
  std::string asked;
  std::shared_ptr<const LaunchPlan> plan;
  ~LastCall();
};
// Set when this thread's LastCall is destroyed (thread exit; for the main thread, before the
// static objects whose destructors may still call gemm()): calls after that look plans up.
thread_local bool last_call_gone = false;
LastCall::~LastCall() {
  last_call_gone = true;
}
thread_local LastCall last_call;
// Moves when a trial of timing on the call ends, so that no thread relaunches a plan remembered
// before (its problem's choice may have changed).
std::atomic<uint64_t> choice_epoch{0};

void launch_plan(const LaunchPlan& plan, int device, const Scaling& scaling, cudaStream_t stream) {
  launch(plan, stream, plan.needs_workspace() ? &workspace_for(device, stream) : nullptr,
         scaling.alpha, scaling.beta);
}

// Launches this thread's previous plan if the call repeats that call exactly; false otherwise.
bool relaunch(const Problem& problem, std::string_view asked, const void* a, const void* b, void* c,
              const Scaling& scaling, cudaStream_t stream) {
  if (last_call_gone || !last_call.valid ||
      last_call.epoch != choice_epoch.load(std::memory_order_acquire))
    return false;
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  if (!(last_call.key == CallKey{device, problem, a, b, c, scaling.plain()}) ||
      last_call.asked != asked)
    return false;
  launch_plan(*last_call.plan, device, scaling, stream);
  return true;
}

// Looks up (or makes) the plan of `spec` (its scaled variant when `scaling` is not plain),
// launches it, and, when `keep`, remembers the call as asked for (`asked`), valid while
// choice_epoch stays `epoch` (the value the caller read before it chose).
void launch_new(const Problem& problem, std::string_view spec, std::string_view asked, bool keep,
                uint64_t epoch, const void* a, const void* b, void* c, const Scaling& scaling,
                cudaStream_t stream) {
  // "_ab" is the canonical name's last token: appending it names the scaled variant (and
  // parse_name refuses anything that is not canonical).
  std::string scaled;
  if (!scaling.plain() && !spec.ends_with("_ab")) {
    scaled = std::string(spec) + "_ab";
    spec = scaled;
  }
  int device = 0;
  auto plan = Runtime::instance().plan(problem, spec, a, b, c, device);
  launch_plan(*plan, device, scaling, stream);
  if (!keep || last_call_gone) return;
  // Never throws past this point (the GEMM is enqueued): on failure the memo stays empty.
  last_call.valid = false;
  try {
    last_call.asked.assign(asked);
  } catch (...) {
    return;
  }
  last_call.key = {device, problem, a, b, c, scaling.plain()};
  last_call.epoch = epoch;
  last_call.plan = std::move(plan);
  last_call.valid = true;
}

// One dispatcher per device: its table is chosen by the device's name.
tune::Dispatcher& dispatcher(int device) {
  static std::mutex mutex;
  static auto* dispatchers = new std::map<int, std::unique_ptr<tune::Dispatcher>>();
  std::lock_guard lock(mutex);
  auto& d = (*dispatchers)[device];
  if (!d) {
    cudaDeviceProp prop{};
    check_cuda(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
    const char* env_dir = std::getenv("AUTOGEMM_DATA_DIR");
    const std::filesystem::path dir = env_dir ? env_dir : AUTOGEMM_DEFAULT_DATA_DIR;
    // Each kind of data is this GPU's own where it ships, else a same-chip GPU's (an H100 SXM
    // uses the H200's): tuned picks beat the heuristic there (bench/results/h100/). An own
    // table lies over the same chip's, which serves the shapes it lacks.
    d = std::make_unique<tune::Dispatcher>(
        tune::dispatcher_for_gpu(prop.name, prop.major, prop.minor, prop.multiProcessorCount, dir));
    tune::use_first_sight_from_environment(*d, prop.name, device, AUTOGEMM_BUILT_TUNE_COMMAND);
    runtime::check_trial_settings();  // a bad one fails the first call, any problem
  }
  return *d;
}

// Tuning on first sight (AUTOGEMM_TUNE=1) never runs while `stream` is being captured into a
// CUDA graph: the capture would record none of it, and synchronizing is illegal there.
bool capturing(cudaStream_t stream) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(stream, &status) != cudaSuccess) {
    cudaGetLastError();  // our query's error, not the caller's: clear it, and do not tune
    return true;
  }
  return status != cudaStreamCaptureStatusNone;
}

tune::Dispatcher& current_dispatcher(int& device) {
  require_gpu();
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  return dispatcher(device);
}

const tune::Choice& query(const Problem& problem, int& device) {
  return current_dispatcher(device).query(problem);
}

// Starts timing the cost model's choices for `problem` on this call (timed_choice.hpp), whose
// last launch is the model's pick: the call's GEMM.
void time_on_call(tune::Dispatcher& d, int device, const Problem& problem, const void* a,
                  const void* b, void* c, const Scaling& scaling, cudaStream_t stream) {
  // The pick first (the trial keeps it unless another is clearly faster, and runs it last).
  const std::string& pick = d.query(problem).spec;
  int sm_count = 0;
  check_cuda(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device),
             "cudaDeviceGetAttribute(multiprocessor count)");
  std::vector<std::string> specs =
      runtime::first_call_trial(problem, d.ranked_specs(problem), sm_count);
  if (specs.empty() || specs.front() != pick) specs = {pick};
  // Compiled in parallel first (a cold cache's compile times add up otherwise). A failure here
  // costs only the head start: each spec's own failure surfaces at its warm-up launch.
  try {
    std::vector<KernelSpec> builds;
    for (const std::string& s : specs) {
      builds.push_back(parse_name(s));
      if (!scaling.plain()) builds.back().scaled = true;  // the "_ab" variant runs
    }
    jit::build_many(builds, 0);
  } catch (const std::exception&) {
  }
  const auto launch = [&](const std::string& spec) {
    launch_new(problem, spec, "", false, 0, a, b, c, scaling, stream);
  };
  // Another thread may have started this problem's trial since: then this call runs the pick.
  if (!runtime::TimedChoices::instance().start(device, problem, specs, launch, stream)) {
    launch(specs.front());
    return;
  }
  // A call remembered before (beta != 0, another thread) must dispatch again to see the trial.
  choice_epoch.fetch_add(1, std::memory_order_release);
}

}  // namespace

Choice choose(const Problem& problem) {
  int device = 0;
  const tune::Choice& c = query(problem, device);
  return Choice{
      c.kind == tune::ChoiceKind::cublaslt_fallback ? "cublaslt" : std::string(to_string(c.kind)),
      c.spec, c.reason};
}

void gemm(const Problem& problem, const void* a, const void* b, void* c, cudaStream_t stream) {
  gemm(problem, a, b, c, Scaling{}, stream);
}

void gemm(const Problem& problem, const void* a, const void* b, void* c, Scaling scaling,
          cudaStream_t stream) {
  check_scaling(scaling);
  if (relaunch(problem, "", a, b, c, scaling, stream)) return;
  // Read before the choice: a trial ending meanwhile moves it, so what this call remembers of a
  // choice made before then is not relaunched.
  uint64_t epoch = choice_epoch.load(std::memory_order_acquire);
  int device = 0;
  tune::Dispatcher& d = current_dispatcher(device);
  const tune::Choice* found = &d.query(problem);
  if (d.needs_tuning(problem) && !capturing(stream)) {
    // Synchronous, before this call's GEMM: the work already queued on `stream` finishes first
    // (the tuner, another process on this GPU, then measures an idle stream), the tuner runs
    // and waits, and the tuned kernel is enqueued after, in the stream's order as always.
    check_cuda(cudaStreamSynchronize(stream), "gemm: synchronize before tuning");
    found = &d.tune(problem);
  }
  // Remembered only when the choice is final: tuning on first sight could still change it, and
  // so could a trial under way or one a later call may start (timing on the call, which leaves
  // problems to the first-sight tuner where one is set).
  bool final_choice = !d.tunes_on_first_sight();
  if (found->kind == tune::ChoiceKind::cost_model && final_choice &&
      runtime::autotune_candidates() > 1 && runtime::worth_timing(problem)) {
    using Status = runtime::TimedChoices::Status;
    runtime::TimedChoices& timing = runtime::TimedChoices::instance();
    const Status status = timing.status(device, problem);
    if (status == Status::finished) {
      // The trial is over (its result, if any, was taken when it ended): the choice is final.
    } else if (capturing(stream)) {
      // Nothing of it in a graph, which would replay the trial; a later plain call starts it.
      final_choice = false;
    } else if (status == Status::pending) {
      final_choice = false;
      if (auto result = timing.poll(device, problem)) {
        if (result->measured) found = &d.set_timed(problem, result->spec, result->why);
        final_choice = true;
        // Every thread's remembered calls dispatch again; this one's choice is the new one.
        epoch = choice_epoch.fetch_add(1, std::memory_order_release) + 1;
      }
    } else if (status == Status::none && scaling.beta == 0) {
      // Beta 0 only: the trial launches every candidate on C.
      time_on_call(d, device, problem, a, b, c, scaling, stream);
      return;
    }
    // Otherwise (beta != 0 before any trial, or the trial over) the choice stands until the
    // epoch moves: a plain call is another remembered call.
  }
  const tune::Choice& choice = *found;
  if (choice.kind != tune::ChoiceKind::cublaslt_fallback) {
    launch_new(problem, choice.spec, "", final_choice, epoch, a, b, c, scaling, stream);
    return;
  }
  if (a == nullptr || b == nullptr || c == nullptr) throw Error("gemm: a null matrix pointer");
  const Workspace& ws = workspace_for(device, stream);
  cublaslt_gemm(problem, a, b, c, stream, ws.partials, ws.partial_bytes, scaling.alpha,
                scaling.beta);
}

void gemm(const Problem& problem, std::string_view spec, const void* a, const void* b, void* c,
          cudaStream_t stream) {
  gemm(problem, spec, a, b, c, Scaling{}, stream);
}

void gemm(const Problem& problem, std::string_view spec, const void* a, const void* b, void* c,
          Scaling scaling, cudaStream_t stream) {
  check_scaling(scaling);
  if (spec.empty()) throw Error("gemm: an empty spec name");
  if (relaunch(problem, spec, a, b, c, scaling, stream)) return;
  launch_new(problem, spec, spec, true, choice_epoch.load(std::memory_order_acquire), a, b, c,
             scaling, stream);
}

void prepare(std::string_view spec) {
  int device = 0;
  require_gpu();
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  Runtime::instance().load(device, spec);
}

}  // namespace autogemm
