// Making tuning tables: from the experience store (export) and from other tables (merge).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tune/store.hpp"
#include "tune/table.hpp"

namespace autogemm::tune {

struct ExportOptions {
  // The GPU to export. Empty: the store's only GPU (an Error if it holds several).
  std::string gpu;
  std::string mode = "kernel";  // timing mode whose measurements decide
  std::string commit;           // recorded as the table's commit
};

// The fastest correct (status ok) spec per problem measured on the GPU, with its reference
// time from the same run. Throws Error when the store holds several GPUs and none is named,
// or none of the named one.
TuningTable export_table(const ExperienceStore& store, const ExportOptions& options);

// The entry a correct, timed measurement makes (its spec, times, GPU and date). Throws Error
// for a failed or untimed one.
TableEntry table_entry(const Measurement& m);

// A named table, for error messages.
struct SourcedTable {
  std::string source;
  TuningTable table;
};

// Combines tables of shards of one tuning run: all must be for the same GPU and timing mode (an
// Error naming the first file that differs); per problem the entry with the smaller time_us wins
// (the earlier table on a tie). `commit` is recorded as the merged table's commit.
TuningTable merge_tables(const std::vector<SourcedTable>& tables, const std::string& commit = "");

}  // namespace autogemm::tune
