#include "bench/report_output.hpp"

#include <cstdio>
#include <string>

#include "bench/csv.hpp"
#include "bench/shapes.hpp"

namespace autogemm::bench {
namespace {

std::string line(const char* format, auto... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, format, args...);
  return buf;
}

}  // namespace

nlohmann::json summary_json(const Summary& s) {
  nlohmann::json j;
  j["candidate"] = s.candidate;
  j["methods"] = nlohmann::json::array();
  for (const auto& m : s.methods)
    j["methods"].push_back({{"method", m.label},
                            {"ok", m.ok},
                            {"failed", m.failed},
                            {"skipped", m.skipped},
                            {"geomean_us", m.geomean_us},
                            {"geomean_tflops", m.geomean_tflops}});
  j["speedups"] = nlohmann::json::array();
  for (const auto& x : s.speedups)
    j["speedups"].push_back({{"baseline", x.baseline},
                             {"is_max", x.is_max},
                             {"shapes", x.shapes},
                             {"geomean", x.geomean},
                             {"mean", x.mean},
                             {"win_fraction", x.win_fraction}});
  j["shapes"] = nlohmann::json::array();
  for (const auto& sh : s.shapes)
    j["shapes"].push_back({{"M", sh.shape.m},
                           {"N", sh.shape.n},
                           {"K", sh.shape.k},
                           {"time_us", sh.time_us},
                           {"speedup", sh.speedup}});
  return j;
}

void print_summary(const Summary& s, std::ostream& out) {
  out << line("%-34s %6s %6s %6s %12s %16s\n", "method", "ok", "failed", "skip", "geomean_us",
              "geomean_TFLOP/s");
  for (const auto& m : s.methods)
    out << line("%-34s %6zu %6zu %6zu %12.3f %16.2f\n", m.label.c_str(), m.ok, m.failed, m.skipped,
                m.geomean_us, m.geomean_tflops);
  if (s.speedups.empty()) return;
  out << "\nspeedup of " << s.candidate << " (t_baseline / t_" << s.candidate
      << ", > 1: faster):\n";
  out << line("%-34s %9s %9s %7s %7s\n", "baseline", "geomean", "mean", "wins", "shapes");
  for (const auto& x : s.speedups)
    out << line("%-34s %8.3fx %8.3fx %6.1f%% %7zu\n", x.baseline.c_str(), x.geomean, x.mean,
                100.0 * x.win_fraction, x.shapes);
}

void print_rows(const std::vector<ResultRow>& rows, std::ostream& out) {
  out << line("%-18s %-30s %10s %10s %10s %9s %10s  %s\n", "shape", "method", "median_us", "p10_us",
              "p90_us", "TFLOP/s", "rel_err", "status");
  for (const auto& r : rows) {
    std::string err = r.rel_err ? line("%.2e", *r.rel_err) : "";
    if (r.time)
      out << line("%-18s %-30s %10.3f %10.3f %10.3f %9.2f %10s  %s\n", shape_name(r.shape).c_str(),
                  row_label(r).c_str(), r.time->median_us, r.time->p10_us, r.time->p90_us,
                  tflops(r.shape.flops(), r.time->median_us), err.c_str(), status_text(r).c_str());
    else
      out << line("%-18s %-30s %10s %10s %10s %9s %10s  %s\n", shape_name(r.shape).c_str(),
                  row_label(r).c_str(), "-", "-", "-", "-", err.c_str(), status_text(r).c_str());
  }
}

}  // namespace autogemm::bench
