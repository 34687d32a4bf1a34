#include "tune/reference_cache.hpp"

#include <fmt/format.h>

#include "tune/clock.hpp"
#include "tune/sqlite_db.hpp"
#include "tune/store.hpp"

namespace autogemm::tune {
namespace {

// The algorithm as hex text: readable in the sqlite3 shell, and Statement binds text already.
constexpr const char* kReferencesTable = R"sql(
CREATE TABLE tune_references (
  gpu_name    TEXT NOT NULL,
  driver      TEXT NOT NULL,
  cuda        TEXT NOT NULL,
  cublaslt    TEXT NOT NULL,
  problem_key TEXT NOT NULL,
  method      TEXT NOT NULL,
  algo_hex    TEXT NOT NULL,
  description TEXT NOT NULL,
  gpu_uuid    TEXT NOT NULL,
  timestamp   TEXT NOT NULL,
  PRIMARY KEY (gpu_name, driver, cuda, cublaslt, problem_key, method)
))sql";

constexpr const char* kKeyWhere =
    "gpu_name = ?1 AND driver = ?2 AND cuda = ?3 AND cublaslt = ?4 AND problem_key = ?5 AND "
    "method = ?6";

void bind_key(Statement& st, const ReferenceKey& k, const std::string& problem) {
  st.bind(1, std::string_view(k.gpu_name))
      .bind(2, std::string_view(k.driver))
      .bind(3, std::string_view(k.cuda))
      .bind(4, std::string_view(k.cublaslt))
      .bind(5, std::string_view(problem))
      .bind(6, std::string_view(k.method));
}

std::string to_hex(const std::vector<uint8_t>& bytes) {
  std::string out;
  for (uint8_t b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

// nullopt for text that is not hex pairs (a damaged row: treated as no entry).
std::optional<std::vector<uint8_t>> from_hex(const std::string& text) {
  if (text.size() % 2 != 0) return std::nullopt;
  std::vector<uint8_t> out;
  for (size_t i = 0; i < text.size(); i += 2) {
    unsigned value = 0;
    for (char c : text.substr(i, 2)) {
      value *= 16;
      if (c >= '0' && c <= '9')
        value += unsigned(c - '0');
      else if (c >= 'a' && c <= 'f')
        value += unsigned(c - 'a' + 10);
      else
        return std::nullopt;
    }
    out.push_back(uint8_t(value));
  }
  return out;
}

}  // namespace

ReferenceCache::ReferenceCache(const ExperienceStore& store)
    : db_(std::make_unique<SqliteDb>(store.path())) {
  db_->ensure_table("tune_references", kReferencesTable);
}

ReferenceCache::~ReferenceCache() = default;
ReferenceCache::ReferenceCache(ReferenceCache&&) noexcept = default;
ReferenceCache& ReferenceCache::operator=(ReferenceCache&&) noexcept = default;

std::optional<CachedReference> ReferenceCache::find(const ReferenceKey& key) const {
  const std::string problem = problem_key(key.problem);
  std::optional<CachedReference> found;
  db_->retry_busy([&] {
    found.reset();
    Statement st(*db_, fmt::format("SELECT algo_hex, description, gpu_uuid, timestamp FROM "
                                   "tune_references WHERE {}",
                                   kKeyWhere));
    bind_key(st, key, problem);
    if (!st.step()) return;
    auto algo = from_hex(st.column_text(0));
    if (!algo) return;
    found =
        CachedReference{std::move(*algo), st.column_text(1), st.column_text(2), st.column_text(3)};
  });
  return found;
}

void ReferenceCache::put(const ReferenceKey& key, const CachedReference& ref) {
  const std::string problem = problem_key(key.problem), hex = to_hex(ref.algo);
  const std::string timestamp = ref.timestamp.empty() ? utc_timestamp() : ref.timestamp;
  db_->write_transaction([&] {
    Statement st(*db_,
                 "INSERT OR REPLACE INTO tune_references (gpu_name, driver, cuda, cublaslt, "
                 "problem_key, method, algo_hex, description, gpu_uuid, timestamp) VALUES (?1, "
                 "?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    bind_key(st, key, problem);
    st.bind(7, std::string_view(hex))
        .bind(8, std::string_view(ref.description))
        .bind(9, std::string_view(ref.gpu_uuid))
        .bind(10, std::string_view(timestamp));
    st.run();
  });
}

void ReferenceCache::forget(const ReferenceKey& key) {
  const std::string problem = problem_key(key.problem);
  db_->write_transaction([&] {
    Statement st(*db_, fmt::format("DELETE FROM tune_references WHERE {}", kKeyWhere));
    bind_key(st, key, problem);
    st.run();
  });
}

}  // namespace autogemm::tune
