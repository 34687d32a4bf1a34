// The tuning table: for one GPU, the best kernel spec per problem (dtype, acc, layout, M, N, K).
//
// It is what ships in data/ and what the dispatcher reads, so it is plain JSON, one entry per
// line (diffs of a re-tuned table stay readable):
//
//   {
//     "format": "autogemm-tuning-table",
//     "version": 1,
//     "gpu": "NVIDIA H200",
//     "created": "2026-11-21T06:33:08Z",
//     "commit": "e1ce162...",
//     "timing_mode": "kernel_sustained",   (only where not "kernel": Measurement::mode)
//     "entries": [
//       {"dtype":"fp16","acc":"fp32","layout":"tn","m":4096,"n":4096,"k":4096,
//        "spec":"sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma","time_us":190.2,
//        "reference_us":195.0,"reference_method":"cublaslt_autotune_tn",
//        "gpu":"NVIDIA H200","date":"2026-11-21T06:30:00Z"},
//       ...
//     ]
//   }
//
// Loading is strict: a table steers every later gemm() call, so a typo must fail loudly. Any
// problem (malformed JSON, other format or version, unknown or missing key, a spec name that
// does not parse or does not fit its entry, a duplicate problem) is an Error naming the file
// and the entry.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::tune {

struct TableEntry {
  Problem problem;
  std::string spec;                    // canonical kernel spec name
  double time_us = 0;                  // the spec's measured median
  std::optional<double> reference_us;  // the reference's median in the same run, if any
  std::string reference_method;        // e.g. cublaslt_autotune_tn; empty when none
  std::string gpu;                     // GPU it was measured on
  std::string date;                    // when it was measured (ISO 8601 UTC)
  friend bool operator==(const TableEntry&, const TableEntry&) = default;
};

class TuningTable {
 public:
  static constexpr int kFormatVersion = 1;
  static constexpr std::string_view kFormatName = "autogemm-tuning-table";

  std::string gpu;      // the GPU every entry was measured on
  std::string created;  // when the table was written (ISO 8601 UTC)
  std::string commit;   // autogemm commit that wrote it
  // The timing mode of the store rows it was made from (Measurement::mode): "kernel", the fast
  // default, kSustainedMode, or what `db export --mode` named. Written only when not "kernel",
  // so fast tables read as before; merges and updates refuse to mix modes: times do not compare.
  std::string timing_mode = "kernel";

  // Adds an entry; throws Error if its problem is already present.
  void add(TableEntry entry);
  // Adds or replaces the entry for its problem.
  void put(TableEntry entry);
  // The entry for exactly this problem, or nullptr.
  const TableEntry* find(const Problem& p) const;

  // In insertion order.
  const std::vector<TableEntry>& entries() const { return entries_; }
  size_t size() const { return entries_.size(); }

 private:
  using Key = std::tuple<int, int, int, int64_t, int64_t, int64_t>;
  static Key key(const Problem& p);
  std::vector<TableEntry> entries_;
  std::map<Key, size_t> index_;
};

// Parses table text; `source` (a file name) prefixes every error message.
TuningTable parse_table(std::string_view text, std::string_view source);
// Reads and parses a table file; a missing or unreadable file is an Error naming it.
TuningTable load_table(const std::filesystem::path& path);

// The JSON text above, entries in problem order (dtype, acc, layout, M, N, K).
std::string table_to_json(const TuningTable& t);
// Writes the table to `path` atomically (a temporary file renamed over it), so a reader never
// sees half a table. Throws Error on an I/O failure.
void save_table(const TuningTable& t, const std::filesystem::path& path);

}  // namespace autogemm::tune
