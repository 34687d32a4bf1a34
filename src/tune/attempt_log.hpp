// Candidates in flight: which specs a worker is measuring right now, kept in the experience
// store's file so that the next worker knows what the last one was doing when it died.
//
// Why: a candidate kernel that faults (illegal address, trap) leaves the CUDA context unusable,
// and one that hangs never returns; either way the worker process ends (it exits, or its
// supervisor kills it) with the batch unrecorded. The worker writes the batch here before it
// measures and removes it after recording the results. The next worker tuning that problem
// finds the rows left behind and acts on them (decide_leftovers):
//   - a spec that was in flight alone when a worker died is the cause: it is recorded as failed
//     (or timed out, when the supervisor killed the worker for making no progress) and never
//     measured again;
//   - the specs of a larger batch are suspects: each is measured alone first, so a second death
//     names the culprit.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "autogemm/types.hpp"
#include "tune/measurement.hpp"

namespace autogemm::tune {

class ExperienceStore;
class SqliteDb;

// One in-flight row: `spec` was being measured by `worker` in a batch of `batch_size`.
struct Attempt {
  std::string worker, spec;
  int batch_size = 1;
  std::string ended;       // why the worker ended, as its supervisor saw it; empty when unknown
  bool timed_out = false;  // the supervisor killed the worker for making no progress
};

// What to do with the rows dead workers left for one problem.
struct LeftoverPlan {
  struct Failure {
    std::string spec;
    Status status = Status::failed;
    std::string message;  // "launch error: ..." or "timeout: ..."
  };
  std::vector<Failure> failures;      // record these, never measure them again
  std::vector<std::string> suspects;  // measure each alone, before anything else
};

// Pure: a spec in flight alone fails; the rest of the specs (once each, in first-seen order)
// are suspects.
LeftoverPlan decide_leftovers(const std::vector<Attempt>& leftovers);

class AttemptLog {
 public:
  // The table in `store`'s file (created when absent), on a connection of its own.
  explicit AttemptLog(const ExperienceStore& store);
  ~AttemptLog();
  AttemptLog(AttemptLog&&) noexcept;
  AttemptLog& operator=(AttemptLog&&) noexcept;

  // `worker` is about to measure `specs` together on `problem` on GPU model `gpu_name`.
  void begin(const std::string& gpu_name, const Problem& problem, const std::string& worker,
             const std::vector<std::string>& specs);
  // `worker` recorded what it measured of `problem`: its rows go.
  void end(const std::string& gpu_name, const Problem& problem, const std::string& worker);

  // Rows other workers left for `problem` (they died mid-batch), oldest first.
  std::vector<Attempt> leftovers(const std::string& gpu_name, const Problem& problem,
                                 const std::string& worker) const;
  // Drops the rows of `problem` not written by `worker` (once acted on).
  void forget_others(const std::string& gpu_name, const Problem& problem,
                     const std::string& worker);

  // The supervisor: why `worker` ended, attached to the rows it left.
  void note_end(const std::string& worker, const std::string& why, bool timed_out);

 private:
  // Deletes the rows of `problem` whose worker matches `which` ("worker = ?3" or
  // "worker != ?3", ?3 being `worker`).
  void remove(const std::string& gpu_name, const Problem& problem, std::string_view which,
              const std::string& worker);
  std::unique_ptr<SqliteDb> db_;
};

}  // namespace autogemm::tune
