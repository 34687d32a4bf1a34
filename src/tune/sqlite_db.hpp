// A thin RAII layer over SQLite: one connection, prepared statements, and transactions that
// survive other processes writing the same file.
//
// Every error becomes autogemm::Error naming the database file, so a corrupt or foreign file
// is reported as such instead of crashing or being silently overwritten.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "autogemm/types.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace autogemm::tune {

class SqliteDb;

// One prepared statement. Parameters are bound by 1-based index; columns read by 0-based index.
class Statement {
 public:
  Statement(SqliteDb& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, int64_t value);
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view value);
  Statement& bind(int index, const std::optional<double>& value);  // nullopt -> NULL
  Statement& bind_null(int index);

  // Advances to the next row; false when done. Throws Error (with the file name) on failure,
  // including SQLITE_BUSY: callers retry whole transactions, not single steps.
  bool step();
  // Runs to completion (for statements that return no rows).
  void run();
  void reset();

  int64_t column_int(int index) const;
  double column_double(int index) const;
  std::optional<double> column_optional_double(int index) const;
  std::string column_text(int index) const;

 private:
  SqliteDb& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// Thrown for SQLITE_BUSY / SQLITE_LOCKED, so that transactions can be retried.
class BusyError : public Error {
 public:
  using Error::Error;
};

class SqliteDb {
 public:
  // Opens (creating when absent) the database at `path`, with a busy timeout so that short
  // waits on other writers happen inside SQLite.
  explicit SqliteDb(const std::string& path, int busy_timeout_ms = 10000);
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  // Runs SQL text without results (may hold several statements).
  void exec(std::string_view sql);

  // Runs `body` inside BEGIN IMMEDIATE ... COMMIT. IMMEDIATE takes the write lock up front,
  // so two writers never both read and then fail to upgrade (the classic deadlock that busy
  // handlers cannot resolve). On SQLITE_BUSY the whole transaction is rolled back and retried
  // with growing pauses, for up to `max_wait_ms` in all; `body` must be safe to rerun.
  void write_transaction(const std::function<void()>& body, int max_wait_ms = 120000);

  // Runs `body`, rerunning it while it fails with BusyError, for up to `max_wait_ms` in all.
  // For reads and for opening: while another process creates the schema or switches the file
  // to WAL, SQLite can answer "database is locked" at once, without its busy handler.
  void retry_busy(const std::function<void()>& body, int max_wait_ms = 120000);

  // The error for a failed SQLite call: "experience store 'path': <what>: <sqlite message>".
  [[noreturn]] void fail(int rc, std::string_view what) const;

  // Creates `table` with `create_sql` unless the file has it. For the tables that came after
  // schema version 1 (the tuning queue, in-flight candidates, cached references): adding a
  // table leaves older stores readable by older builds, so it needs no version bump.
  void ensure_table(std::string_view table, std::string_view create_sql);

  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

}  // namespace autogemm::tune
