#include "tune/user_table.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "tune/clock.hpp"
#include "tune/file_lock.hpp"
#include "tune/gpu_name.hpp"
#include "tune/store.hpp"
#include "tune/table_ops.hpp"

namespace autogemm::tune {

std::filesystem::path user_table_path(std::string_view gpu_name) {
  auto env = [](const char* name) -> const char* {
    const char* v = std::getenv(name);
    return v && *v ? v : nullptr;
  };
  if (const char* explicit_path = env("AUTOGEMM_USER_TABLE")) return explicit_path;
  const std::string file = sanitize_gpu_name(gpu_name) + ".user.json";
  if (const char* cache = env("XDG_CACHE_HOME"))
    return std::filesystem::path(cache) / "autogemm" / file;
  if (const char* home = env("HOME"))
    return std::filesystem::path(home) / ".cache" / "autogemm" / file;
  throw Error("no place for the user tuning table: set AUTOGEMM_USER_TABLE (or HOME)");
}

std::filesystem::path table_lock_path(const std::filesystem::path& table) {
  return table.string() + ".lock";
}

std::optional<TuningTable> load_table_if_exists(const std::filesystem::path& path) {
  if (!std::filesystem::exists(path)) return std::nullopt;
  return load_table(path);
}

size_t update_table_file(const std::filesystem::path& path, const ExperienceStore& store,
                         const std::string& gpu, const std::vector<Problem>& problems,
                         const std::string& mode) {
  FileLock lock(table_lock_path(path));
  TuningTable table;
  if (auto existing = load_table_if_exists(path)) {
    table = std::move(*existing);
    if (table.gpu != gpu)
      throw Error(fmt::format("tuning table '{}' is for GPU '{}', not '{}'", path.string(),
                              table.gpu, gpu));
    if (table.timing_mode != mode)
      throw Error(fmt::format(
          "tuning table '{}' was timed in mode '{}', not '{}'; times of different protocols do "
          "not compare: update another table",
          path.string(), table.timing_mode, mode));
  } else {
    table.gpu = gpu;
    table.timing_mode = mode;
  }
  size_t written = 0;
  for (const Problem& p : problems) {
    const auto best = store.best_per_problem(problem_filter(gpu, p, mode));
    if (best.empty()) continue;
    table.put(table_entry(best.front()));
    ++written;
  }
  table.created = utc_timestamp();
  if (const char* commit = std::getenv("AUTOGEMM_COMMIT")) table.commit = commit;
  save_table(table, path);
  return written;
}

}  // namespace autogemm::tune
