#include "tune/sqlite_db.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include <chrono>
#include <random>
#include <thread>

#include "autogemm/types.hpp"

namespace autogemm::tune {
namespace {

bool is_busy(int rc) {
  const int primary = rc & 0xff;
  return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

}  // namespace

// ---- SqliteDb ----

SqliteDb::SqliteDb(const std::string& path, int busy_timeout_ms) : path_(path) {
  const int rc =
      sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (rc != SQLITE_OK) {
    const std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw Error(fmt::format("experience store '{}': cannot open: {}", path, msg));
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, busy_timeout_ms);
}

SqliteDb::~SqliteDb() {
  sqlite3_close_v2(db_);
}

void SqliteDb::fail(int rc, std::string_view what) const {
  const int primary = rc & 0xff;
  const bool damaged = primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB;
  const std::string msg =
      fmt::format("experience store '{}': {}: {}{}", path_, what,
                  db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc),
                  damaged ? " (the file is corrupt, or not an autogemm experience store)" : "");
  if (is_busy(rc)) throw BusyError(msg);
  throw Error(msg);
}

void SqliteDb::exec(std::string_view sql) {
  const std::string text(sql);
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) fail(rc, fmt::format("'{}' failed", text.substr(0, 60)));
}

void SqliteDb::retry_busy(const std::function<void()>& body, int max_wait_ms) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(max_wait_ms);
  // Jitter keeps processes that collided from retrying in lockstep.
  std::minstd_rand jitter(std::random_device{}());
  int pause_ms = 2;
  for (;;) {
    try {
      body();
      return;
    } catch (const BusyError&) {
      if (Clock::now() >= deadline) throw;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms + int(jitter() % 8)));
    pause_ms = std::min(pause_ms * 2, 200);
  }
}

void SqliteDb::write_transaction(const std::function<void()>& body, int max_wait_ms) {
  retry_busy(
      [&] {
        exec("BEGIN IMMEDIATE");
        try {
          body();
          exec("COMMIT");
        } catch (...) {
          // Rolling back a transaction SQLite already ended is harmless; ignore its result.
          sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
          throw;
        }
      },
      max_wait_ms);
}

void SqliteDb::ensure_table(std::string_view table, std::string_view create_sql) {
  auto exists = [&] {
    Statement st(*this, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1");
    st.bind(1, table);
    return st.step() && st.column_int(0) > 0;
  };
  bool found = false;
  retry_busy([&] { found = exists(); });
  if (found) return;  // the common case takes no write lock (a read-only store still opens)
  write_transaction([&] {
    if (!exists()) exec(create_sql);
  });
}

// ---- Statement ----

Statement::Statement(SqliteDb& db, std::string_view sql) : db_(db) {
  const int rc = sqlite3_prepare_v2(db.handle(), sql.data(), int(sql.size()), &stmt_, nullptr);
  if (rc != SQLITE_OK) db.fail(rc, fmt::format("preparing '{}'", sql.substr(0, 60)));
}

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int index, int64_t value) {
  const int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) db_.fail(rc, "binding a parameter");
  return *this;
}

Statement& Statement::bind(int index, double value) {
  const int rc = sqlite3_bind_double(stmt_, index, value);
  if (rc != SQLITE_OK) db_.fail(rc, "binding a parameter");
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  const int rc = sqlite3_bind_text(stmt_, index, value.data(), int(value.size()), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) db_.fail(rc, "binding a parameter");
  return *this;
}

Statement& Statement::bind(int index, const std::optional<double>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

Statement& Statement::bind_null(int index) {
  const int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) db_.fail(rc, "binding a parameter");
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  sqlite3_reset(stmt_);  // so the statement can be reused after a retried transaction
  db_.fail(rc, "statement failed");
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

int64_t Statement::column_int(int index) const {
  return sqlite3_column_int64(stmt_, index);
}

double Statement::column_double(int index) const {
  return sqlite3_column_double(stmt_, index);
}

std::optional<double> Statement::column_optional_double(int index) const {
  if (sqlite3_column_type(stmt_, index) == SQLITE_NULL) return std::nullopt;
  return sqlite3_column_double(stmt_, index);
}

std::string Statement::column_text(int index) const {
  const auto* text = sqlite3_column_text(stmt_, index);
  return text ? std::string(reinterpret_cast<const char*>(text)) : std::string();
}

}  // namespace autogemm::tune
