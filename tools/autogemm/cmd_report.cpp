// autogemm report: the console summary (and optionally JSON) of result CSVs — e.g. a bench CSV
// together with python/torch_matmul_bench.py's CSV of the same mode. Rows from separate
// processes were not interleaved; the summary says so only through the files' own .md.
#include <fstream>
#include <iostream>

#include "bench/csv.hpp"
#include "bench/errors.hpp"
#include "bench/report.hpp"
#include "bench/report_output.hpp"
#include "commands.hpp"

namespace autogemm::cli {

void register_report(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "report",
      "Summarize result CSVs (same dtype, accumulator and mode): per-method geomeans "
      "and the speedups of --vs against every other method and -max.");
  struct Options {
    std::vector<std::string> files;
    std::string vs;
    std::string json;
    bool rows = false;
  };
  auto opts = std::make_shared<Options>();
  sub->add_option("csv", opts->files, "Result CSV files")->required();
  sub->add_option("--vs", opts->vs, "Method label whose speedups are reported");
  sub->add_option("--json", opts->json, "Also write the summary as JSON to this file");
  sub->add_flag("--rows", opts->rows, "Print every row too");
  sub->callback([opts] {
    std::vector<bench::ResultRow> rows;
    for (const auto& f : opts->files) {
      auto r = bench::read_results_csv(f);
      rows.insert(rows.end(), r.begin(), r.end());
    }
    if (rows.empty()) throw bench::InputError("no rows in the given CSV files");
    const auto summary = bench::summarize_results(
        rows, bench::pick_candidate(bench::labels_in_order(rows), opts->vs));
    if (opts->rows) bench::print_rows(rows, std::cout);
    bench::print_summary(summary, std::cout);
    if (!opts->json.empty()) {
      std::ofstream out(opts->json);
      if (!out) throw bench::InputError("cannot write '" + opts->json + "'");
      out << bench::summary_json(summary).dump(2) << "\n";
    }
  });
}

}  // namespace autogemm::cli
