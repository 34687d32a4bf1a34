// The user tuning table: problems tuned on this machine after the shipped table was made
// (`autogemm tune --update-table`, and gemm() with AUTOGEMM_TUNE=1 tuning a shape on first
// sight, as PyTorch's TunableOp does). Same format as a shipped table (table.hpp).
//
// Several processes may tune at once, so every change is a locked read-modify-write (FileLock
// on "<table>.lock") that replaces the file atomically (temporary file + rename): a reader
// never sees half a table, and no writer drops another's entries.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autogemm/types.hpp"
#include "tune/table.hpp"

namespace autogemm::tune {

class ExperienceStore;

// AUTOGEMM_USER_TABLE when set, else $XDG_CACHE_HOME/autogemm/<gpu>.user.json, else
// $HOME/.cache/autogemm/<gpu>.user.json (<gpu>: sanitize_gpu_name). Throws Error when none of
// the three variables is set.
std::filesystem::path user_table_path(std::string_view gpu_name);

// The lock file beside `table`: "<table>.lock".
std::filesystem::path table_lock_path(const std::filesystem::path& table);

// The table at `path`; nullopt when there is no such file. A file that does not load is an
// Error (load_table's).
std::optional<TuningTable> load_table_if_exists(const std::filesystem::path& path);

// Puts the fastest correct row (in timing `mode`) of `store` on `gpu` for each of `problems` into
// the table at `path` (created when absent, other entries kept, a problem's old entry replaced),
// under the lock. Returns how many problems had a row. Throws Error when the table is for
// another GPU or timing mode.
size_t update_table_file(const std::filesystem::path& path, const ExperienceStore& store,
                         const std::string& gpu, const std::vector<Problem>& problems,
                         const std::string& mode = "kernel");

}  // namespace autogemm::tune
