#include "tune/attempt_log.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "tune/clock.hpp"
#include "tune/sqlite_db.hpp"
#include "tune/store.hpp"

namespace autogemm::tune {
namespace {

constexpr const char* kAttemptsTable = R"sql(
CREATE TABLE tune_attempts (
  id          INTEGER PRIMARY KEY,
  gpu_name    TEXT NOT NULL,
  problem_key TEXT NOT NULL,
  worker      TEXT NOT NULL,
  spec        TEXT NOT NULL,
  batch_size  INTEGER NOT NULL,
  started     TEXT NOT NULL,
  ended       TEXT NOT NULL DEFAULT '',
  timed_out   INTEGER NOT NULL DEFAULT 0
))sql";

}  // namespace

LeftoverPlan decide_leftovers(const std::vector<Attempt>& leftovers) {
  LeftoverPlan plan;
  auto failed = [&](const std::string& spec) {
    return std::any_of(plan.failures.begin(), plan.failures.end(),
                       [&](const auto& f) { return f.spec == spec; });
  };
  for (const Attempt& a : leftovers) {
    if (a.batch_size != 1 || failed(a.spec)) continue;
    const std::string why = a.ended.empty() ? "no cause recorded" : a.ended;
    if (a.timed_out)
      plan.failures.push_back({a.spec, Status::timeout,
                               fmt::format("timeout: the worker measuring this candidate alone "
                                           "made no progress ({})",
                                           why)});
    else
      plan.failures.push_back(
          {a.spec, Status::failed,
           fmt::format("launch error: the worker died while measuring this candidate alone ({})",
                       why)});
  }
  for (const Attempt& a : leftovers)
    if (!failed(a.spec) &&
        std::find(plan.suspects.begin(), plan.suspects.end(), a.spec) == plan.suspects.end())
      plan.suspects.push_back(a.spec);
  return plan;
}

AttemptLog::AttemptLog(const ExperienceStore& store)
    : db_(std::make_unique<SqliteDb>(store.path())) {
  db_->ensure_table("tune_attempts", kAttemptsTable);
}

AttemptLog::~AttemptLog() = default;
AttemptLog::AttemptLog(AttemptLog&&) noexcept = default;
AttemptLog& AttemptLog::operator=(AttemptLog&&) noexcept = default;

void AttemptLog::begin(const std::string& gpu_name, const Problem& problem,
                       const std::string& worker, const std::vector<std::string>& specs) {
  const std::string key = problem_key(problem), now = utc_timestamp();
  db_->write_transaction([&] {
    Statement st(*db_,
                 "INSERT INTO tune_attempts (gpu_name, problem_key, worker, spec, batch_size, "
                 "started) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    for (const std::string& spec : specs) {
      st.reset();
      st.bind(1, std::string_view(gpu_name))
          .bind(2, std::string_view(key))
          .bind(3, std::string_view(worker))
          .bind(4, std::string_view(spec))
          .bind(5, int64_t(specs.size()))
          .bind(6, std::string_view(now));
      st.run();
    }
  });
}

void AttemptLog::end(const std::string& gpu_name, const Problem& problem,
                     const std::string& worker) {
  remove(gpu_name, problem, "worker = ?3", worker);
}

std::vector<Attempt> AttemptLog::leftovers(const std::string& gpu_name, const Problem& problem,
                                           const std::string& worker) const {
  const std::string key = problem_key(problem);
  std::vector<Attempt> out;
  db_->retry_busy([&] {
    out.clear();
    Statement st(*db_,
                 "SELECT worker, spec, batch_size, ended, timed_out FROM tune_attempts WHERE "
                 "gpu_name = ?1 AND problem_key = ?2 AND worker != ?3 ORDER BY id");
    st.bind(1, std::string_view(gpu_name))
        .bind(2, std::string_view(key))
        .bind(3, std::string_view(worker));
    while (st.step())
      out.push_back({st.column_text(0), st.column_text(1), int(st.column_int(2)), st.column_text(3),
                     st.column_int(4) != 0});
  });
  return out;
}

void AttemptLog::forget_others(const std::string& gpu_name, const Problem& problem,
                               const std::string& worker) {
  remove(gpu_name, problem, "worker != ?3", worker);
}

void AttemptLog::remove(const std::string& gpu_name, const Problem& problem, std::string_view which,
                        const std::string& worker) {
  const std::string key = problem_key(problem);
  db_->write_transaction([&] {
    Statement st(*db_, fmt::format("DELETE FROM tune_attempts WHERE gpu_name = ?1 AND "
                                   "problem_key = ?2 AND {}",
                                   which));
    st.bind(1, std::string_view(gpu_name))
        .bind(2, std::string_view(key))
        .bind(3, std::string_view(worker));
    st.run();
  });
}

void AttemptLog::note_end(const std::string& worker, const std::string& why, bool timed_out) {
  db_->write_transaction([&] {
    Statement st(*db_, "UPDATE tune_attempts SET ended = ?2, timed_out = ?3 WHERE worker = ?1");
    st.bind(1, std::string_view(worker))
        .bind(2, std::string_view(why))
        .bind(3, int64_t(timed_out ? 1 : 0));
    st.run();
  });
}

}  // namespace autogemm::tune
