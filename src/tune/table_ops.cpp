#include "tune/table_ops.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "tune/clock.hpp"

namespace autogemm::tune {

TuningTable export_table(const ExperienceStore& store, const ExportOptions& options) {
  std::string gpu = options.gpu;
  const StoreStats stats = store.stats();
  if (gpu.empty()) {
    if (stats.by_gpu.size() > 1) {
      std::vector<std::string> names;
      for (const auto& [name, count] : stats.by_gpu) names.push_back(name);
      throw Error(
          fmt::format("experience store '{}' holds measurements of several GPUs ({}); "
                      "name one with --gpu",
                      store.path(), fmt::join(names, ", ")));
    }
    if (stats.by_gpu.empty())
      throw Error(fmt::format("experience store '{}' holds no measurements", store.path()));
    gpu = stats.by_gpu.front().first;
  }

  MeasurementFilter filter;
  filter.gpu_name = gpu;
  filter.mode = options.mode;
  const auto best = store.best_per_problem(filter);
  if (best.empty())
    throw Error(fmt::format(
        "experience store '{}' holds no correct {}-mode measurement on GPU '{}' (GPUs in it: {})",
        store.path(), options.mode, gpu, [&] {
          std::vector<std::string> names;
          for (const auto& [name, count] : stats.by_gpu) names.push_back(name);
          return fmt::format("{}", fmt::join(names, ", "));
        }()));

  TuningTable t;
  t.gpu = gpu;
  t.timing_mode = options.mode;
  t.created = utc_timestamp();
  t.commit = options.commit;
  for (const Measurement& m : best) t.add(table_entry(m));
  return t;
}

TableEntry table_entry(const Measurement& m) {
  if (m.status != Status::ok || !m.median_us)
    throw Error(fmt::format("table entry for {}: the measurement of {} is not a correct, timed one",
                            describe(m.problem), m.spec));
  TableEntry e;
  e.problem = m.problem;
  e.spec = m.spec;
  e.time_us = *m.median_us;
  e.reference_us = m.reference_median_us;
  e.reference_method = m.reference_method;
  e.gpu = m.env.gpu_name;
  e.date = m.timestamp;
  return e;
}

TuningTable merge_tables(const std::vector<SourcedTable>& tables, const std::string& commit) {
  if (tables.empty()) throw Error("merge: no tables given");
  TuningTable out;
  out.gpu = tables.front().table.gpu;
  out.timing_mode = tables.front().table.timing_mode;
  out.created = utc_timestamp();
  out.commit = commit;
  for (const SourcedTable& s : tables) {
    if (s.table.gpu != out.gpu)
      throw Error(fmt::format(
          "merge: tuning table '{}' is for GPU '{}' but '{}' is for '{}'; tables of different "
          "GPUs cannot be merged",
          s.source, s.table.gpu, tables.front().source, out.gpu));
    if (s.table.timing_mode != out.timing_mode)
      throw Error(fmt::format(
          "merge: tuning table '{}' was timed in mode '{}' but '{}' in '{}'; times of different "
          "protocols do not compare",
          s.source, s.table.timing_mode, tables.front().source, out.timing_mode));
    for (const TableEntry& e : s.table.entries()) {
      const TableEntry* have = out.find(e.problem);
      if (!have || e.time_us < have->time_us) out.put(e);
    }
  }
  return out;
}

}  // namespace autogemm::tune
