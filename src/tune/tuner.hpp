// The tuning loop (`autogemm tune`): per shape, propose candidates, compile them in parallel,
// measure them against the reference with the bench harness, record every result.
//
// Why the bench harness: it already does the correctness gate (fresh N(0,1) inputs, poisoned
// output, fp32 reference) and interleaved timing; a candidate's number in the store then means
// exactly what the same spec's number in a bench CSV means. Each batch is one run_methods()
// call of the reference (cublaslt_autotune_<layout>) plus the batch's candidates.
//
// Kill-safety: each measurement is committed as it is recorded, and a shape is marked finished
// only after its budget is spent. A shape killed halfway keeps its rows; the next run reuses
// them (they count toward the budget and are never re-measured), with or without --resume.
//
// The reference is found once per shape: cuBLASLt autotuning's choice is kept in the store
// (reference_cache.hpp) and reused by later batches, runs and workers.
//
// Faulting candidates: each batch is written to the AttemptLog before it runs. A candidate
// that breaks the CUDA context (a sticky error: illegal address, trap, ...) is recorded as
// failed ("launch error: ...") when it can be pinned (the gate's row names the error, or it was
// the batch's only candidate), and run_tune throws WorkerFaultError
// (supervisor.hpp): the process must end, and a new one (--resume) carries on. A batch that
// could not be pinned, or a process killed while hanging, leaves its rows in the AttemptLog;
// the next run measures those suspects alone first, and one that brings a worker down alone
// is recorded as failed or timed out. A candidate recorded so is never measured again.
//
// Queue mode (TuneOptions::queue_run, a worker of `autogemm tune --devices`): problems come
// from the run's WorkQueue, claimed one at a time, with a heartbeat after every batch.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "autogemm/types.hpp"
#include "tune/measurement.hpp"
#include "tune/screening.hpp"
#include "tune/shape_selection.hpp"
#include "tune/store.hpp"

namespace autogemm::tune {

class Policy;

struct TuneOptions {
  std::vector<Shape> shapes;
  DType dtype = DType::f16;
  AccType acc = AccType::f32;
  Layout layout = Layout::tn;
  int budget = 32;  // measured candidates per shape (compile failures included)
  int batch = 8;    // candidates per run_methods() call
  int rounds = 3;   // timed rounds per batch
  // > 0: time each batch under the sustained protocol (bench --benchmark_seconds: loops of
  // S/20, 0.5-50 ms, until every candidate has run S seconds; from S ~ 1 the GPU sits at its
  // power cap, where large shapes' ranking changes: notes 185-189) and record the rows in mode
  // kSustainedMode.
  double benchmark_seconds = 0;
  int device = 0;
  bool resume = false;  // skip shapes the store marks finished at >= budget
  Shard shard;
  int compile_threads = 0;  // <= 0: one per hardware thread
  // The learned policy (policy.hpp), when given: its top choices follow the heuristic's pick
  // in each shape's first proposals.
  std::shared_ptr<const Policy> policy;
  // Screening (screening.hpp): when set, each batch is the best-scored of screen_factor x batch
  // proposals, the heuristic's pick and the incumbent's launch twin kept first; unset, the
  // proposer's own order.
  SpecScorer screen_scores;
  int screen_factor = 8;
  // A worker of `autogemm tune --devices`: the WorkQueue run it drains (`shapes`, `shard`
  // and `dtype`/`acc`/`layout` are then the queue's). Empty: tune `shapes`.
  std::string queue_run;
  // This process in the queue and the AttemptLog; empty: "<host>:<pid>".
  std::string worker_id;
};

// The timing mode a run with `o` records: "kernel", or kSustainedMode.
std::string timing_mode(const TuneOptions& o);

struct ShapeOutcome {
  Problem problem;
  int measured = 0;  // candidates of this shape in the store after the run
  int failed = 0;
  std::string best_spec;  // empty when no candidate was correct
  std::optional<double> best_us, reference_us;
};

struct TuneSummary {
  std::string gpu_name;
  std::vector<ShapeOutcome> shapes;       // those tuned in this run, in order
  size_t skipped = 0;                     // by --resume
  std::optional<double> geomean_speedup;  // reference / best over shapes with both
};

// Where this process measures: GPU name and UUID, CUDA driver and runtime versions, and the
// commit ($AUTOGEMM_COMMIT, else build/COMMIT under the working directory, else "unknown").
// Throws NoGpuError without a GPU `device`.
Environment current_environment(int device);

// Runs the loop; one progress line per shape on `progress`. Throws NoGpuError without a GPU,
// WorkerFaultError when a candidate broke the CUDA context.
TuneSummary run_tune(const TuneOptions& options, ExperienceStore& store, std::ostream& progress);

}  // namespace autogemm::tune
