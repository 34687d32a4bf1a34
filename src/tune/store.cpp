#include "tune/store.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <utility>
#include <variant>

#include "tune/clock.hpp"
#include "tune/sqlite_db.hpp"

namespace autogemm::tune {
namespace {

// One row per measurement. Types are stored as the names to_string prints, so the file reads
// well in the sqlite3 shell and survives enum reordering.
constexpr const char* kSchema = R"sql(
CREATE TABLE measurements (
  id                  INTEGER PRIMARY KEY,
  gpu_name            TEXT NOT NULL,
  gpu_uuid            TEXT NOT NULL,
  driver              TEXT NOT NULL,
  cuda                TEXT NOT NULL,
  commit_id           TEXT NOT NULL,
  spec                TEXT NOT NULL,
  m                   INTEGER NOT NULL,
  n                   INTEGER NOT NULL,
  k                   INTEGER NOT NULL,
  dtype               TEXT NOT NULL,
  acc                 TEXT NOT NULL,
  layout              TEXT NOT NULL,
  mode                TEXT NOT NULL,
  median_us           REAL,
  p10_us              REAL,
  p90_us              REAL,
  rel_err             REAL,
  status              TEXT NOT NULL,
  message             TEXT NOT NULL,
  reference_method    TEXT NOT NULL,
  reference_median_us REAL,
  timestamp           TEXT NOT NULL
);
CREATE INDEX measurements_problem ON measurements (m, n, k, dtype, acc, layout);
CREATE TABLE shapes_done (
  gpu_name  TEXT NOT NULL,
  shape_key TEXT NOT NULL,
  m         INTEGER NOT NULL,
  n         INTEGER NOT NULL,
  k         INTEGER NOT NULL,
  dtype     TEXT NOT NULL,
  acc       TEXT NOT NULL,
  layout    TEXT NOT NULL,
  budget    INTEGER NOT NULL,
  finished  INTEGER NOT NULL,
  updated   TEXT NOT NULL,
  PRIMARY KEY (gpu_name, shape_key)
);
)sql";

constexpr const char* kColumns =
    "id, gpu_name, gpu_uuid, driver, cuda, commit_id, spec, m, n, k, dtype, acc, layout, mode, "
    "median_us, p10_us, p90_us, rel_err, status, message, reference_method, reference_median_us, "
    "timestamp";

int64_t pragma_int(SqliteDb& db, const char* pragma) {
  Statement st(db, fmt::format("PRAGMA {}", pragma));
  return st.step() ? st.column_int(0) : 0;
}

// Reads a row selected with kColumns. Text fields that do not parse mean someone else wrote
// the file: report it as such.
Measurement read_row(const SqliteDb& db, const Statement& st) {
  Measurement m;
  try {
    m.id = st.column_int(0);
    m.env = {st.column_text(1), st.column_text(2), st.column_text(3), st.column_text(4),
             st.column_text(5)};
    m.spec = st.column_text(6);
    m.problem = read_problem(st, 7);
    m.mode = st.column_text(13);
    m.median_us = st.column_optional_double(14);
    m.p10_us = st.column_optional_double(15);
    m.p90_us = st.column_optional_double(16);
    m.rel_err = st.column_optional_double(17);
    m.status = parse_status(st.column_text(18));
    m.message = st.column_text(19);
    m.reference_method = st.column_text(20);
    m.reference_median_us = st.column_optional_double(21);
    m.timestamp = st.column_text(22);
  } catch (const Error& e) {
    throw Error(
        fmt::format("experience store '{}': row {} is malformed: {}", db.path(), m.id, e.what()));
  }
  return m;
}

// WHERE clause and its parameters for a filter; parameters are bound in order from 1.
struct Where {
  std::string sql;
  std::vector<std::variant<int64_t, std::string>> params;

  void add(const char* column, std::variant<int64_t, std::string> value) {
    params.push_back(std::move(value));
    sql += fmt::format("{} {} = ?{}", sql.empty() ? "WHERE" : " AND", column, params.size());
  }
  void bind(Statement& st) const {
    for (size_t i = 0; i < params.size(); ++i) {
      if (const auto* v = std::get_if<int64_t>(&params[i]))
        st.bind(int(i + 1), *v);
      else
        st.bind(int(i + 1), std::string_view(std::get<std::string>(params[i])));
    }
  }
};

Where make_where(const MeasurementFilter& f, bool with_status) {
  Where w;
  if (f.shape) {
    w.add("m", f.shape->m);
    w.add("n", f.shape->n);
    w.add("k", f.shape->k);
  }
  if (f.dtype) w.add("dtype", std::string(to_string(*f.dtype)));
  if (f.acc) w.add("acc", std::string(to_string(*f.acc)));
  if (f.layout) w.add("layout", std::string(to_string(*f.layout)));
  if (f.gpu_name) w.add("gpu_name", *f.gpu_name);
  if (f.spec) w.add("spec", *f.spec);
  if (f.mode) w.add("mode", *f.mode);
  if (with_status && f.status) w.add("status", std::string(to_string(*f.status)));
  return w;
}

// Creates the schema in an empty database, or checks the one that is there.
void ensure_schema(SqliteDb& db) {
  auto check_header = [&db](int64_t app_id, int64_t version) {
    if (app_id != ExperienceStore::kApplicationId)
      throw Error(fmt::format(
          "experience store '{}': an SQLite database of another application (application id "
          "{:#x}, expected {:#x}); refusing to write into it",
          db.path(), app_id, ExperienceStore::kApplicationId));
    if (version != ExperienceStore::kSchemaVersion)
      throw Error(fmt::format(
          "experience store '{}': schema version {} but this autogemm reads version {}{}",
          db.path(), version, ExperienceStore::kSchemaVersion,
          version > ExperienceStore::kSchemaVersion ? " (written by a newer autogemm)" : ""));
  };
  if (pragma_int(db, "application_id") != 0) {
    check_header(pragma_int(db, "application_id"), pragma_int(db, "user_version"));
    return;
  }
  // Looks new: create the schema, unless another process does it first or the file has
  // someone else's tables.
  db.write_transaction([&] {
    const int64_t app_id = pragma_int(db, "application_id");
    if (app_id != 0) {
      check_header(app_id, pragma_int(db, "user_version"));
      return;
    }
    Statement count(db, "SELECT count(*) FROM sqlite_master");
    if (count.step() && count.column_int(0) != 0)
      throw Error(fmt::format(
          "experience store '{}': an SQLite database of another application (it has tables but "
          "no autogemm application id); refusing to write into it",
          db.path()));
    db.exec(kSchema);
    db.exec(fmt::format("PRAGMA application_id = {}", ExperienceStore::kApplicationId));
    db.exec(fmt::format("PRAGMA user_version = {}", ExperienceStore::kSchemaVersion));
  });
}

}  // namespace

Problem read_problem(const Statement& st, int first) {
  Problem p;
  p.shape = {st.column_int(first), st.column_int(first + 1), st.column_int(first + 2)};
  p.dtype = parse_dtype(st.column_text(first + 3));
  p.acc = parse_acc(st.column_text(first + 4));
  p.layout = parse_layout(st.column_text(first + 5));
  return p;
}

MeasurementFilter problem_filter(const std::string& gpu_name, const Problem& problem,
                                 const std::string& mode) {
  MeasurementFilter f;
  f.gpu_name = gpu_name;
  f.shape = problem.shape;
  f.dtype = problem.dtype;
  f.acc = problem.acc;
  f.layout = problem.layout;
  f.mode = mode;
  return f;
}

void require_mode(const ExperienceStore& store, const std::string& mode) {
  auto timed = [](const std::string& m) {
    return std::string(m == kSustainedMode ? "timed with --benchmark_seconds"
                                           : "timed without --benchmark_seconds");
  };
  std::vector<std::string> others;
  for (const auto& [m, rows] : store.rows_by_mode())
    if (m != mode) others.push_back(fmt::format("{} rows {} (mode '{}')", rows, timed(m), m));
  if (!others.empty())
    throw Error(fmt::format(
        "experience store '{}' holds {}; a run {} needs a store of its own: pass another --store",
        store.path(), fmt::join(others, ", "), timed(mode)));
}

ExperienceStore ExperienceStore::open(const std::string& path) {
  auto db = std::make_unique<SqliteDb>(path);
  // The first read of the file (schema_version): a non-database or a damaged header fails
  // there, and SqliteDb::fail says so.
  // Several processes may open a new store at once; whoever loses a race retries.
  db->retry_busy([&] {
    pragma_int(*db, "schema_version");
    // WAL: concurrent readers and one writer at a time without blocking readers. The mode is
    // persistent in the file; setting it again is a no-op.
    Statement st(*db, "PRAGMA journal_mode = WAL");
    if (!st.step() || st.column_text(0) != "wal")
      throw Error(fmt::format("experience store '{}': cannot switch to WAL mode", path));
  });
  db->exec("PRAGMA synchronous = FULL");
  db->retry_busy([&] { ensure_schema(*db); });
  return ExperienceStore(std::move(db));
}

ExperienceStore::ExperienceStore(std::unique_ptr<SqliteDb> db) : db_(std::move(db)) {}
ExperienceStore::ExperienceStore(ExperienceStore&&) noexcept = default;
ExperienceStore& ExperienceStore::operator=(ExperienceStore&&) noexcept = default;
ExperienceStore::~ExperienceStore() = default;

const std::string& ExperienceStore::path() const {
  return db_->path();
}

int64_t ExperienceStore::record(const Measurement& m) {
  const std::string timestamp = m.timestamp.empty() ? utc_timestamp() : m.timestamp;
  int64_t id = 0;
  db_->write_transaction([&] {
    Statement st(*db_,
                 "INSERT INTO measurements (gpu_name, gpu_uuid, driver, cuda, commit_id, spec, m, "
                 "n, k, dtype, acc, layout, mode, median_us, p10_us, p90_us, rel_err, status, "
                 "message, reference_method, reference_median_us, timestamp) VALUES (?1, ?2, ?3, "
                 "?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, "
                 "?21, ?22) RETURNING id");
    st.bind(1, std::string_view(m.env.gpu_name))
        .bind(2, std::string_view(m.env.gpu_uuid))
        .bind(3, std::string_view(m.env.driver))
        .bind(4, std::string_view(m.env.cuda))
        .bind(5, std::string_view(m.env.commit))
        .bind(6, std::string_view(m.spec))
        .bind(7, m.problem.shape.m)
        .bind(8, m.problem.shape.n)
        .bind(9, m.problem.shape.k)
        .bind(10, to_string(m.problem.dtype))
        .bind(11, to_string(m.problem.acc))
        .bind(12, to_string(m.problem.layout))
        .bind(13, std::string_view(m.mode))
        .bind(14, m.median_us)
        .bind(15, m.p10_us)
        .bind(16, m.p90_us)
        .bind(17, m.rel_err)
        .bind(18, to_string(m.status))
        .bind(19, std::string_view(m.message))
        .bind(20, std::string_view(m.reference_method))
        .bind(21, m.reference_median_us)
        .bind(22, std::string_view(timestamp));
    if (st.step()) id = st.column_int(0);
    st.run();
  });
  return id;
}

std::vector<Measurement> ExperienceStore::measurements(const MeasurementFilter& filter) const {
  const Where w = make_where(filter, true);
  std::vector<Measurement> out;
  db_->retry_busy([&] {
    out.clear();
    Statement st(*db_, fmt::format("SELECT {} FROM measurements {} ORDER BY id", kColumns, w.sql));
    w.bind(st);
    while (st.step()) out.push_back(read_row(*db_, st));
  });
  return out;
}

std::vector<Measurement> ExperienceStore::best_per_problem(const MeasurementFilter& filter) const {
  Where w = make_where(filter, false);
  w.sql += w.sql.empty() ? "WHERE" : " AND";
  w.sql += " status = 'ok' AND median_us IS NOT NULL";
  const std::string sql = fmt::format(
      "SELECT {0} FROM (SELECT {0}, ROW_NUMBER() OVER (PARTITION BY "
      "gpu_name, m, n, k, dtype, acc, layout, mode ORDER BY median_us, "
      "id) AS rank FROM measurements {1}) WHERE rank = 1 ORDER BY "
      "gpu_name, dtype, acc, layout, m, n, k, mode",
      kColumns, w.sql);
  std::vector<Measurement> out;
  db_->retry_busy([&] {
    out.clear();
    Statement st(*db_, sql);
    w.bind(st);
    while (st.step()) out.push_back(read_row(*db_, st));
  });
  return out;
}

void ExperienceStore::mark_shape_done(const std::string& gpu_name, const Problem& p, int budget,
                                      bool finished) {
  const std::string now = utc_timestamp();
  db_->write_transaction([&] {
    // A shape finished at some budget stays so: a later run at an equal or smaller budget
    // (marking it unfinished at its start, finished at its end) must not lower what --resume
    // may skip.
    Statement st(*db_,
                 "INSERT INTO shapes_done (gpu_name, shape_key, m, n, k, dtype, acc, layout, "
                 "budget, finished, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) "
                 "ON CONFLICT (gpu_name, shape_key) DO UPDATE SET budget = excluded.budget, "
                 "finished = excluded.finished, updated = excluded.updated "
                 "WHERE NOT (shapes_done.finished = 1 AND shapes_done.budget >= excluded.budget)");
    st.bind(1, std::string_view(gpu_name))
        .bind(2, std::string_view(problem_key(p)))
        .bind(3, p.shape.m)
        .bind(4, p.shape.n)
        .bind(5, p.shape.k)
        .bind(6, to_string(p.dtype))
        .bind(7, to_string(p.acc))
        .bind(8, to_string(p.layout))
        .bind(9, int64_t(budget))
        .bind(10, int64_t(finished ? 1 : 0))
        .bind(11, std::string_view(now));
    st.run();
  });
}

std::vector<ShapeProgress> ExperienceStore::shapes_done(
    const std::optional<std::string>& gpu_name) const {
  const std::string sql = std::string(
                              "SELECT gpu_name, m, n, k, dtype, acc, layout, budget, finished, "
                              "updated FROM shapes_done") +
                          (gpu_name ? " WHERE gpu_name = ?1" : "") +
                          " ORDER BY gpu_name, dtype, acc, layout, m, n, k";
  std::vector<ShapeProgress> out;
  db_->retry_busy([&] {
    out.clear();
    Statement st(*db_, sql);
    if (gpu_name) st.bind(1, std::string_view(*gpu_name));
    while (st.step()) {
      ShapeProgress s;
      try {
        s.gpu_name = st.column_text(0);
        s.problem = read_problem(st, 1);
        s.budget = int(st.column_int(7));
        s.finished = st.column_int(8) != 0;
        s.updated = st.column_text(9);
      } catch (const Error& e) {
        throw Error(fmt::format("experience store '{}': a shapes_done row is malformed: {}", path(),
                                e.what()));
      }
      out.push_back(std::move(s));
    }
  });
  return out;
}

bool ExperienceStore::is_shape_done(const std::string& gpu_name, const Problem& p,
                                    int budget) const {
  bool done = false;
  db_->retry_busy([&] {
    Statement st(*db_,
                 "SELECT budget, finished FROM shapes_done WHERE gpu_name = ?1 AND shape_key = ?2");
    st.bind(1, std::string_view(gpu_name)).bind(2, std::string_view(problem_key(p)));
    done = st.step() && st.column_int(1) != 0 && st.column_int(0) >= budget;
  });
  return done;
}

StoreStats ExperienceStore::stats() const {
  StoreStats s;
  db_->retry_busy([&] { s = read_stats(); });
  return s;
}

// Rows per value of `column`, most first (ties by value).
std::vector<std::pair<std::string, int64_t>> ExperienceStore::read_grouped(
    const char* column) const {
  Statement st(*db_, fmt::format("SELECT {0}, count(*) AS c FROM measurements GROUP BY {0} "
                                 "ORDER BY c DESC, {0}",
                                 column));
  std::vector<std::pair<std::string, int64_t>> out;
  while (st.step()) out.emplace_back(st.column_text(0), st.column_int(1));
  return out;
}

std::vector<std::pair<std::string, int64_t>> ExperienceStore::rows_by_mode() const {
  std::vector<std::pair<std::string, int64_t>> out;
  db_->retry_busy([&] { out = read_grouped("mode"); });
  return out;
}

StoreStats ExperienceStore::read_stats() const {
  StoreStats s;
  auto scalar = [this](const char* sql) {
    Statement st(*db_, sql);
    return st.step() ? st.column_int(0) : int64_t(0);
  };
  s.measurements = scalar("SELECT count(*) FROM measurements");
  s.problems = scalar(
      "SELECT count(*) FROM (SELECT DISTINCT gpu_name, m, n, k, dtype, acc, layout FROM "
      "measurements)");
  s.shapes_finished = scalar("SELECT count(*) FROM shapes_done WHERE finished != 0");
  s.shapes_unfinished = scalar("SELECT count(*) FROM shapes_done WHERE finished = 0");
  s.by_status = read_grouped("status");
  s.by_gpu = read_grouped("gpu_name");
  s.by_mode = read_grouped("mode");
  // Messages can be whole compiler logs: their first line names the cause.
  Statement causes(*db_,
                   "SELECT status, substr(CASE WHEN instr(message, char(10)) > 0 THEN "
                   "substr(message, 1, instr(message, char(10)) - 1) ELSE message END, 1, 120) "
                   "AS cause, count(*) AS c FROM measurements WHERE status != 'ok' GROUP BY "
                   "status, cause ORDER BY c DESC, status, cause LIMIT 20");
  while (causes.step())
    s.failure_causes.push_back(
        {causes.column_text(0), causes.column_text(1), causes.column_int(2)});
  return s;
}

}  // namespace autogemm::tune
