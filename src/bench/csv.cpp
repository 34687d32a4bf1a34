#include "bench/csv.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "bench/errors.hpp"
#include "bench/shapes.hpp"
#include "core/text_file.hpp"

namespace autogemm::bench {
namespace {

std::string fmt_double(const char* format, double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// Free text (spec, messages) goes on one line.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

double to_double(const std::string& s, const std::string& where) {
  if (s == "nan") return NAN;
  if (s == "inf") return INFINITY;
  try {
    size_t used = 0;
    double v = std::stod(s, &used);
    if (used == s.size()) return v;
  } catch (const std::exception&) {
  }
  throw InputError(where + ": not a number: '" + s + "'");
}

}  // namespace

std::string status_text(const ResultRow& row) {
  switch (row.status) {
    case RowStatus::ok:
      return "ok";
    case RowStatus::failed:
      return "FAILED: " + row.message;
    case RowStatus::skipped:
      return "SKIPPED: " + row.message;
    case RowStatus::no_entry:
      return "no_entry: " + row.message;
  }
  return "?";
}

const std::vector<std::string>& csv_columns() {
  static const std::vector<std::string> cols = {
      "M",         "N",      "K",      "dtype",  "acc",     "layout", "method", "mode",
      "median_us", "p10_us", "p90_us", "tflops", "rel_err", "spec",   "status"};
  return cols;
}

std::string csv_header() {
  std::string h;
  for (const auto& c : csv_columns()) {
    if (!h.empty()) h += ',';
    h += c;
  }
  return h;
}

std::string csv_escape(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::vector<std::string> csv_split(std::string_view line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  if (quoted) throw Error("unclosed quote in CSV line");
  return fields;
}

std::string csv_row(const ResultRow& r) {
  std::vector<std::string> f = {std::to_string(r.shape.m),
                                std::to_string(r.shape.n),
                                std::to_string(r.shape.k),
                                std::string(to_string(r.dtype)),
                                std::string(to_string(r.acc)),
                                std::string(to_string(r.layout)),
                                r.method,
                                r.mode};
  if (r.time) {
    f.push_back(fmt_double("%.3f", r.time->median_us));
    f.push_back(fmt_double("%.3f", r.time->p10_us));
    f.push_back(fmt_double("%.3f", r.time->p90_us));
    f.push_back(fmt_double("%.2f", tflops(r.shape.flops(), r.time->median_us)));
  } else {
    f.insert(f.end(), 4, "");
  }
  f.push_back(r.rel_err ? fmt_double("%.3e", *r.rel_err) : "");
  f.push_back(one_line(r.spec));
  f.push_back(one_line(status_text(r)));
  std::string line;
  for (size_t i = 0; i < f.size(); ++i) {
    if (i) line += ',';
    line += csv_escape(f[i]);
  }
  return line;
}

std::vector<ResultRow> parse_results_csv(std::string_view text, const std::string& name) {
  std::istringstream in{std::string(text)};
  std::string line;
  if (!std::getline(in, line)) throw InputError(name + ": empty CSV");
  std::map<std::string, size_t> col;
  auto header = csv_split(line);
  for (size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  for (const char* needed : {"M", "N", "K", "dtype", "acc", "layout", "method", "mode", "median_us",
                             "p10_us", "p90_us", "rel_err", "spec"})
    if (!col.count(needed)) throw InputError(name + ": CSV has no column '" + needed + "'");
  std::vector<ResultRow> rows;
  int line_no = 1;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line == "\r") continue;
    const std::string where = name + ":" + std::to_string(line_no);
    auto f = csv_split(line);
    if (f.size() < header.size()) throw InputError(where + ": too few fields");
    auto get = [&](const char* c) { return f[col.at(c)]; };
    ResultRow r;
    try {
      r.shape = parse_mnk(get("M") + "_" + get("N") + "_" + get("K"));
      r.dtype = parse_dtype(get("dtype"));
      r.acc = parse_acc(get("acc"));
      r.layout = parse_layout(get("layout"));
    } catch (const Error& e) {
      throw InputError(where + ": " + e.what());
    }
    r.method = get("method");
    r.mode = get("mode");
    r.spec = get("spec");
    if (!get("median_us").empty()) {
      TimeStats t;
      t.median_us = to_double(get("median_us"), where);
      t.p10_us = to_double(get("p10_us"), where);
      t.p90_us = to_double(get("p90_us"), where);
      r.time = t;
    }
    if (!get("rel_err").empty()) r.rel_err = to_double(get("rel_err"), where);
    std::string status = col.count("status") ? get("status") : (r.time ? "ok" : "FAILED: ?");
    if (status.rfind("FAILED: ", 0) == 0) {
      r.status = RowStatus::failed;
      r.message = status.substr(8);
    } else if (status.rfind("SKIPPED: ", 0) == 0) {
      r.status = RowStatus::skipped;
      r.message = status.substr(9);
    } else if (status.rfind("no_entry: ", 0) == 0) {
      r.status = RowStatus::no_entry;
      r.message = status.substr(10);
    } else if (status != "ok") {
      throw InputError(where + ": bad status '" + status + "'");
    }
    if ((r.status == RowStatus::ok) != r.time.has_value())
      throw InputError(where + ": status and time columns disagree");
    rows.push_back(r);
  }
  return rows;
}

std::vector<ResultRow> read_results_csv(const std::string& path) {
  // Committed results are gzipped while write-ups name NAME.csv (bench/results/README.md): read
  // NAME.csv.gz where NAME.csv is missing.
  std::string file = path;
  if (!std::filesystem::exists(file) && std::filesystem::exists(file + ".gz")) file += ".gz";
  try {
    return parse_results_csv(read_text_file(file, "CSV"), file);
  } catch (const InputError&) {
    throw;
  } catch (const Error& e) {
    throw InputError(e.what());  // a missing or unreadable file is the user's input
  }
}

CsvWriter::CsvWriter(const std::string& path) : path_(path) {
  std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  out_.open(path, std::ios::out | std::ios::trunc);
  if (!out_) throw InputError("cannot write CSV '" + path + "'");
  out_ << csv_header() << '\n' << std::flush;
}

void CsvWriter::write(const ResultRow& row) {
  out_ << csv_row(row) << '\n' << std::flush;
  if (!out_) throw Error("write to '" + path_ + "' failed");
}

}  // namespace autogemm::bench
