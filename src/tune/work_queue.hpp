// The shared shape queue of `autogemm tune --devices`: one tuning run's problems, kept in the
// experience store's file, that worker processes (one per GPU) claim one at a time.
//
// Why in the store: the workers already share that file (SQLite WAL, one writer at a time), so
// a claim is one write transaction and needs no other channel between processes. Each claim
// carries the worker's id and a heartbeat the worker refreshes as it measures; an item claimed
// by a worker that died (the supervisor releases its claims) or that has not beaten for
// `stale_after_s` is claimable again. A finished item is never handed out twice in one run; a
// new run (e.g. with --resume) has its own items, so nothing of an old run blocks it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::tune {

class ExperienceStore;
class SqliteDb;

struct QueueItem {
  int64_t seq = 0;  // position in the run's list, from 0
  Problem problem;
};

// An item's end: tuned, or skipped (--resume found it done).
enum class ItemEnd { done, skipped };

struct QueueProgress {
  int64_t total = 0, pending = 0, claimed = 0, done = 0, skipped = 0;
  std::vector<Problem> tuned;  // the done items' problems (not the skipped), in list order
};

class WorkQueue {
 public:
  // The queue tables in `store`'s file (created when absent), on a connection of its own.
  explicit WorkQueue(const ExperienceStore& store);
  ~WorkQueue();
  WorkQueue(WorkQueue&&) noexcept;
  WorkQueue& operator=(WorkQueue&&) noexcept;

  // Puts `problems`, in order, into run `run`. Throws Error if the run already has items.
  void create(const std::string& run, const std::vector<Problem>& problems);

  // Claims the first item of `run` that is pending, or claimed by a worker whose heartbeat is
  // more than `stale_after_s` old, for `worker`; atomically, so no two workers get one item.
  // nullopt when every item is finished or held by a live worker.
  std::optional<QueueItem> claim(const std::string& run, const std::string& worker,
                                 double stale_after_s = 600);

  // Refreshes the heartbeat of the items `worker` holds (and records it for worker_beat()).
  void heartbeat(const std::string& run, const std::string& worker);

  // Ends an item `worker` holds. Throws Error if it does not hold it (its claim went stale
  // and another worker took the item: that worker's result stands).
  void finish(const std::string& run, int64_t seq, const std::string& worker, ItemEnd end);

  // Makes the items `worker` holds pending again (it died); returns how many.
  int release(const std::string& run, const std::string& worker);

  // When `worker` last claimed, beat or finished (Unix seconds); nullopt if never.
  std::optional<double> worker_beat(const std::string& run, const std::string& worker) const;

  QueueProgress progress(const std::string& run) const;

 private:
  void beat(const std::string& run, const std::string& worker, double now);
  std::unique_ptr<SqliteDb> db_;
};

}  // namespace autogemm::tune
