// The experience store: every measurement the tuner makes, in one SQLite file.
//
// Why SQLite in WAL mode: several tuner workers (one per GPU, or shards on a shared disk) write
// the same file at once, and readers never block writers. Each record() is its own committed
// transaction (BEGIN IMMEDIATE, retried on contention), so a tuner killed at any instant loses
// nothing it already recorded; synchronous=FULL extends that to a host crash.
//
// The file carries an application id and a schema version (SQLite's header fields), so a
// foreign SQLite file, a store from a newer autogemm, or a file that is not a database at all
// is refused with a clear Error instead of being written into.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tune/measurement.hpp"

namespace autogemm::tune {

class SqliteDb;
class Statement;
class ExperienceStore;

// Which measurements to read; an empty field matches everything.
struct MeasurementFilter {
  std::optional<Shape> shape;
  std::optional<DType> dtype;
  std::optional<AccType> acc;
  std::optional<Layout> layout;
  std::optional<std::string> gpu_name;
  std::optional<std::string> spec;
  std::optional<std::string> mode;
  std::optional<Status> status;
};

// A problem stored, as in every table of the store, as the columns m, n, k, dtype, acc, layout
// from `first` on. Throws Error on a text field that does not parse.
Problem read_problem(const Statement& st, int first);

// The rows of one problem on one GPU model in one timing mode.
MeasurementFilter problem_filter(const std::string& gpu_name, const Problem& problem,
                                 const std::string& mode = "kernel");

// A tuning run writes one timing mode ("kernel", or "kernel_sustained" for the sustained
// protocol of tune --benchmark_seconds) and a store holds one: its shapes_done marks (--resume,
// the nearest finished shapes) do not say which protocol timed them. Throws Error naming the
// store, the rows of another mode and the remedy. (It counts measurement rows: a store holding
// only marks passes, as do two runs of different modes started at once on an empty store.)
void require_mode(const ExperienceStore& store, const std::string& mode);

// A shape's progress in a tuning run, for --resume: the budget it was (or is being) tuned
// with, and whether that budget was used up.
struct ShapeProgress {
  std::string gpu_name;
  Problem problem;
  int budget = 0;
  bool finished = false;
  std::string updated;  // timestamp of the last mark
};

// Counts for `autogemm db stats`.
struct StoreStats {
  int64_t measurements = 0;
  int64_t problems = 0;  // distinct (gpu, shape, dtype, acc, layout)
  int64_t shapes_finished = 0;
  int64_t shapes_unfinished = 0;
  std::vector<std::pair<std::string, int64_t>> by_status;  // status name -> rows, by count
  std::vector<std::pair<std::string, int64_t>> by_gpu;     // gpu name -> rows
  std::vector<std::pair<std::string, int64_t>> by_mode;    // timing mode -> rows
  // The most frequent failures: status, the message's first line (at most 120 characters),
  // rows; most frequent first, at most 20.
  struct Cause {
    std::string status, message;
    int64_t count = 0;
    friend bool operator==(const Cause&, const Cause&) = default;
  };
  std::vector<Cause> failure_causes;
};

class ExperienceStore {
 public:
  static constexpr int kSchemaVersion = 1;
  // SQLite's application_id header field: "AGMS" (autogemm store) in ASCII.
  static constexpr int kApplicationId = 0x41474D53;

  // Opens the store at `path`, creating the file and schema when absent. Throws Error naming
  // the file when it is not a database, is corrupt, belongs to another application, or has a
  // schema newer than this build understands.
  static ExperienceStore open(const std::string& path);

  ExperienceStore(ExperienceStore&&) noexcept;
  ExperienceStore& operator=(ExperienceStore&&) noexcept;
  ~ExperienceStore();

  // Appends one row and commits it before returning. Returns the row's id.
  int64_t record(const Measurement& m);

  // Rows matching `filter`, oldest first.
  std::vector<Measurement> measurements(const MeasurementFilter& filter = {}) const;

  // Per (GPU, shape, dtype, acc, layout, mode): the `ok` row with the smallest median, among
  // the rows `filter` selects (its status field is ignored: only correct rows compete).
  // Ties go to the earlier row. Ordered by GPU, dtype, acc, layout, M, N, K.
  std::vector<Measurement> best_per_problem(const MeasurementFilter& filter = {}) const;

  // Records that `problem` on `gpu_name` is being tuned with `budget`, finished or not
  // (one row per (gpu, problem); a later mark replaces it).
  void mark_shape_done(const std::string& gpu_name, const Problem& problem, int budget,
                       bool finished = true);
  // Progress rows, all of them or those of one GPU.
  std::vector<ShapeProgress> shapes_done(const std::optional<std::string>& gpu_name = {}) const;
  // Whether --resume may skip `problem`: marked finished with at least `budget`.
  bool is_shape_done(const std::string& gpu_name, const Problem& problem, int budget) const;

  StoreStats stats() const;
  // Rows per timing mode (StoreStats::by_mode) without the rest of stats()' scans.
  std::vector<std::pair<std::string, int64_t>> rows_by_mode() const;

  const std::string& path() const;

 private:
  explicit ExperienceStore(std::unique_ptr<SqliteDb> db);
  StoreStats read_stats() const;
  std::vector<std::pair<std::string, int64_t>> read_grouped(const char* column) const;
  std::unique_ptr<SqliteDb> db_;
};

}  // namespace autogemm::tune
