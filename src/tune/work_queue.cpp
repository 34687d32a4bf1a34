#include "tune/work_queue.hpp"

#include <fmt/format.h>

#include "tune/clock.hpp"
#include "tune/sqlite_db.hpp"
#include "tune/store.hpp"

namespace autogemm::tune {
namespace {

constexpr const char* kQueueTable = R"sql(
CREATE TABLE tune_queue (
  run       TEXT NOT NULL,
  seq       INTEGER NOT NULL,
  m         INTEGER NOT NULL,
  n         INTEGER NOT NULL,
  k         INTEGER NOT NULL,
  dtype     TEXT NOT NULL,
  acc       TEXT NOT NULL,
  layout    TEXT NOT NULL,
  state     TEXT NOT NULL,            -- pending, claimed, done, skipped
  worker    TEXT NOT NULL DEFAULT '',
  heartbeat REAL NOT NULL DEFAULT 0,  -- Unix seconds
  PRIMARY KEY (run, seq)
))sql";

// Workers' last signs of life, apart from items: a worker compiling its first batch holds an
// item, but one between items holds none and must still look alive to the supervisor.
constexpr const char* kWorkersTable = R"sql(
CREATE TABLE tune_workers (
  run    TEXT NOT NULL,
  worker TEXT NOT NULL,
  beat   REAL NOT NULL,
  PRIMARY KEY (run, worker)
))sql";

}  // namespace

WorkQueue::WorkQueue(const ExperienceStore& store) : db_(std::make_unique<SqliteDb>(store.path())) {
  db_->ensure_table("tune_queue", kQueueTable);
  db_->ensure_table("tune_workers", kWorkersTable);
}

WorkQueue::~WorkQueue() = default;
WorkQueue::WorkQueue(WorkQueue&&) noexcept = default;
WorkQueue& WorkQueue::operator=(WorkQueue&&) noexcept = default;

void WorkQueue::create(const std::string& run, const std::vector<Problem>& problems) {
  db_->write_transaction([&] {
    Statement exists(*db_, "SELECT count(*) FROM tune_queue WHERE run = ?1");
    exists.bind(1, std::string_view(run));
    if (exists.step() && exists.column_int(0) > 0)
      throw Error(
          fmt::format("experience store '{}': tuning run '{}' already exists", db_->path(), run));
    Statement insert(*db_,
                     "INSERT INTO tune_queue (run, seq, m, n, k, dtype, acc, layout, state) "
                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending')");
    for (size_t i = 0; i < problems.size(); ++i) {
      const Problem& p = problems[i];
      insert.reset();
      insert.bind(1, std::string_view(run))
          .bind(2, int64_t(i))
          .bind(3, p.shape.m)
          .bind(4, p.shape.n)
          .bind(5, p.shape.k)
          .bind(6, to_string(p.dtype))
          .bind(7, to_string(p.acc))
          .bind(8, to_string(p.layout));
      insert.run();
    }
  });
}

std::optional<QueueItem> WorkQueue::claim(const std::string& run, const std::string& worker,
                                          double stale_after_s) {
  std::optional<QueueItem> item;
  const double now = unix_seconds();
  db_->write_transaction([&] {
    item.reset();
    Statement next(*db_,
                   "SELECT seq, m, n, k, dtype, acc, layout FROM tune_queue WHERE run = ?1 AND "
                   "(state = 'pending' OR (state = 'claimed' AND heartbeat < ?2)) "
                   "ORDER BY seq LIMIT 1");
    next.bind(1, std::string_view(run)).bind(2, now - stale_after_s);
    if (next.step()) {
      item = QueueItem{next.column_int(0), read_problem(next, 1)};
      Statement take(*db_,
                     "UPDATE tune_queue SET state = 'claimed', worker = ?3, heartbeat = ?4 "
                     "WHERE run = ?1 AND seq = ?2");
      take.bind(1, std::string_view(run))
          .bind(2, item->seq)
          .bind(3, std::string_view(worker))
          .bind(4, now);
      take.run();
    }
    beat(run, worker, now);
  });
  return item;
}

void WorkQueue::beat(const std::string& run, const std::string& worker, double now) {
  Statement st(*db_,
               "INSERT INTO tune_workers (run, worker, beat) VALUES (?1, ?2, ?3) "
               "ON CONFLICT (run, worker) DO UPDATE SET beat = excluded.beat");
  st.bind(1, std::string_view(run)).bind(2, std::string_view(worker)).bind(3, now);
  st.run();
}

void WorkQueue::heartbeat(const std::string& run, const std::string& worker) {
  const double now = unix_seconds();
  db_->write_transaction([&] {
    Statement st(*db_,
                 "UPDATE tune_queue SET heartbeat = ?3 WHERE run = ?1 AND worker = ?2 AND "
                 "state = 'claimed'");
    st.bind(1, std::string_view(run)).bind(2, std::string_view(worker)).bind(3, now);
    st.run();
    beat(run, worker, now);
  });
}

void WorkQueue::finish(const std::string& run, int64_t seq, const std::string& worker,
                       ItemEnd end) {
  const double now = unix_seconds();
  db_->write_transaction([&] {
    Statement st(*db_,
                 "UPDATE tune_queue SET state = ?4, heartbeat = ?5 WHERE run = ?1 AND seq = ?2 "
                 "AND worker = ?3 AND state = 'claimed' RETURNING seq");
    st.bind(1, std::string_view(run))
        .bind(2, seq)
        .bind(3, std::string_view(worker))
        .bind(4, std::string_view(end == ItemEnd::done ? "done" : "skipped"))
        .bind(5, now);
    const bool held = st.step();
    st.run();
    if (!held)
      throw Error(
          fmt::format("tuning run '{}': worker '{}' no longer holds item {}", run, worker, seq));
    beat(run, worker, now);
  });
}

int WorkQueue::release(const std::string& run, const std::string& worker) {
  int released = 0;
  db_->write_transaction([&] {
    released = 0;
    Statement st(*db_,
                 "UPDATE tune_queue SET state = 'pending', worker = '', heartbeat = 0 WHERE "
                 "run = ?1 AND worker = ?2 AND state = 'claimed' RETURNING seq");
    st.bind(1, std::string_view(run)).bind(2, std::string_view(worker));
    while (st.step()) ++released;
  });
  return released;
}

std::optional<double> WorkQueue::worker_beat(const std::string& run,
                                             const std::string& worker) const {
  std::optional<double> beat;
  db_->retry_busy([&] {
    Statement st(*db_, "SELECT beat FROM tune_workers WHERE run = ?1 AND worker = ?2");
    st.bind(1, std::string_view(run)).bind(2, std::string_view(worker));
    beat = st.step() ? std::optional<double>(st.column_double(0)) : std::nullopt;
  });
  return beat;
}

QueueProgress WorkQueue::progress(const std::string& run) const {
  QueueProgress p;
  db_->retry_busy([&] {
    p = QueueProgress{};
    Statement st(*db_,
                 "SELECT state, m, n, k, dtype, acc, layout FROM tune_queue WHERE run = ?1 "
                 "ORDER BY seq");
    st.bind(1, std::string_view(run));
    while (st.step()) {
      ++p.total;
      const std::string state = st.column_text(0);
      if (state == "pending") {
        ++p.pending;
      } else if (state == "claimed") {
        ++p.claimed;
      } else if (state == "skipped") {
        ++p.skipped;
      } else {
        ++p.done;
        p.tuned.push_back(read_problem(st, 1));
      }
    }
  });
  return p;
}

}  // namespace autogemm::tune
