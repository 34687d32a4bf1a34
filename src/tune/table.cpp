#include "tune/table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/measurement.hpp"
#include "tune/text_file.hpp"

namespace autogemm::tune {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

// Thrown inside the parser without context; parse_table adds the file and entry.
struct Bad {
  std::string what;
};

const json& require(const json& obj, const char* key) {
  auto it = obj.find(key);
  if (it == obj.end()) throw Bad{fmt::format("missing key \"{}\"", key)};
  return *it;
}

std::string text_field(const json& obj, const char* key) {
  const json& v = require(obj, key);
  if (!v.is_string()) throw Bad{fmt::format("\"{}\" must be a string, got {}", key, v.dump())};
  return v.get<std::string>();
}

std::string optional_text(const json& obj, const char* key) {
  return obj.contains(key) ? text_field(obj, key) : std::string();
}

int64_t dim_field(const json& obj, const char* key) {
  const json& v = require(obj, key);
  if (!v.is_number_integer() || v.get<int64_t>() < 1)
    throw Bad{fmt::format("\"{}\" must be a positive integer, got {}", key, v.dump())};
  return v.get<int64_t>();
}

double time_field(const json& v, const char* key) {
  if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() <= 0)
    throw Bad{
        fmt::format("\"{}\" must be a positive number of microseconds, got {}", key, v.dump())};
  return v.get<double>();
}

void reject_unknown_keys(const json& obj, std::initializer_list<std::string_view> known,
                         std::string_view where) {
  for (const auto& [k, v] : obj.items())
    if (std::find(known.begin(), known.end(), k) == known.end())
      throw Bad{fmt::format("unknown key \"{}\" in {}", k, where)};
}

// Type names: parse_* accept aliases ("f16"); the table takes only what it writes, so one
// problem has one spelling.
template <typename T, typename Parse>
T enum_field(const json& obj, const char* key, Parse parse) {
  const std::string s = text_field(obj, key);
  T value;
  try {
    value = parse(s);
  } catch (const Error& e) {
    throw Bad{e.what()};
  }
  if (to_string(value) != s)
    throw Bad{fmt::format("\"{}\" must be spelled \"{}\", got \"{}\"", key, to_string(value), s)};
  return value;
}

TableEntry parse_entry(const json& e, const std::string& table_gpu) {
  if (!e.is_object()) throw Bad{fmt::format("must be an object, got {}", e.dump())};
  reject_unknown_keys(e,
                      {"dtype", "acc", "layout", "m", "n", "k", "spec", "time_us", "reference_us",
                       "reference_method", "gpu", "date"},
                      "the entry");
  TableEntry out;
  out.problem.dtype = enum_field<DType>(e, "dtype", parse_dtype);
  out.problem.acc = enum_field<AccType>(e, "acc", parse_acc);
  out.problem.layout = enum_field<Layout>(e, "layout", parse_layout);
  out.problem.shape = {dim_field(e, "m"), dim_field(e, "n"), dim_field(e, "k")};
  out.spec = text_field(e, "spec");
  out.time_us = time_field(require(e, "time_us"), "time_us");
  if (e.contains("reference_us") && !e["reference_us"].is_null())
    out.reference_us = time_field(e["reference_us"], "reference_us");
  out.reference_method = optional_text(e, "reference_method");
  out.gpu = e.contains("gpu") ? text_field(e, "gpu") : table_gpu;
  out.date = optional_text(e, "date");
  // The spec must name a valid kernel that can run this very problem.
  try {
    check_problem(parse_name(out.spec), out.problem);
  } catch (const Error& err) {
    throw Bad{fmt::format("spec '{}' is unusable here: {}", out.spec, err.what())};
  }
  return out;
}

ordered_json entry_json(const TableEntry& e) {
  ordered_json j;
  j["dtype"] = to_string(e.problem.dtype);
  j["acc"] = to_string(e.problem.acc);
  j["layout"] = to_string(e.problem.layout);
  j["m"] = e.problem.shape.m;
  j["n"] = e.problem.shape.n;
  j["k"] = e.problem.shape.k;
  j["spec"] = e.spec;
  j["time_us"] = e.time_us;
  j["reference_us"] = e.reference_us ? ordered_json(*e.reference_us) : ordered_json(nullptr);
  j["reference_method"] = e.reference_method;
  j["gpu"] = e.gpu;
  j["date"] = e.date;
  return j;
}

}  // namespace

TuningTable::Key TuningTable::key(const Problem& p) {
  return {int(p.dtype), int(p.acc), int(p.layout), p.shape.m, p.shape.n, p.shape.k};
}

void TuningTable::add(TableEntry entry) {
  if (index_.count(key(entry.problem)))
    throw Error(fmt::format("duplicate entry for {}", describe(entry.problem)));
  index_.emplace(key(entry.problem), entries_.size());
  entries_.push_back(std::move(entry));
}

void TuningTable::put(TableEntry entry) {
  auto it = index_.find(key(entry.problem));
  if (it != index_.end())
    entries_[it->second] = std::move(entry);
  else
    add(std::move(entry));
}

const TableEntry* TuningTable::find(const Problem& p) const {
  auto it = index_.find(key(p));
  return it == index_.end() ? nullptr : &entries_[it->second];
}

TuningTable parse_table(std::string_view text, std::string_view source) {
  auto error = [source](const std::string& what) {
    return Error(fmt::format("tuning table '{}': {}", source, what));
  };
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    throw error(fmt::format("not valid JSON ({})", e.what()));
  }
  TuningTable t;
  try {
    if (!doc.is_object()) throw Bad{"the top level must be a JSON object"};
    if (!doc.contains("format") || doc["format"] != TuningTable::kFormatName)
      throw Bad{fmt::format("not an autogemm tuning table (\"format\" must be \"{}\")",
                            TuningTable::kFormatName)};
    const json& version = require(doc, "version");
    if (!version.is_number_integer() || version.get<int64_t>() != TuningTable::kFormatVersion)
      throw Bad{fmt::format("format version {} is not supported (this autogemm reads version {})",
                            version.dump(), TuningTable::kFormatVersion)};
    reject_unknown_keys(doc,
                        {"format", "version", "gpu", "created", "commit", "timing_mode", "entries"},
                        "the table");
    t.gpu = text_field(doc, "gpu");
    t.created = optional_text(doc, "created");
    t.commit = optional_text(doc, "commit");
    if (doc.contains("timing_mode")) t.timing_mode = text_field(doc, "timing_mode");
    if (t.timing_mode.empty()) throw Bad{"\"timing_mode\" must not be empty"};
    const json& entries = require(doc, "entries");
    if (!entries.is_array()) throw Bad{"\"entries\" must be an array"};
  } catch (const Bad& b) {
    throw error(b.what);
  }
  size_t i = 0;
  for (const json& e : doc["entries"]) {
    auto where = [&] {
      std::string s = fmt::format("entry {}", i);
      if (e.is_object() && e.contains("m") && e.contains("n") && e.contains("k"))
        s += fmt::format(" ({}_{}_{})", e["m"].dump(), e["n"].dump(), e["k"].dump());
      return s;
    };
    try {
      TableEntry entry = parse_entry(e, t.gpu);
      if (t.find(entry.problem))
        throw Bad{fmt::format("duplicate entry for {}", describe(entry.problem))};
      t.add(std::move(entry));
    } catch (const Bad& b) {
      throw error(fmt::format("{}: {}", where(), b.what));
    }
    ++i;
  }
  return t;
}

TuningTable load_table(const std::filesystem::path& path) {
  return parse_table(read_text_file(path, "tuning table"), path.string());
}

std::string table_to_json(const TuningTable& t) {
  std::vector<const TableEntry*> sorted;
  for (const auto& e : t.entries()) sorted.push_back(&e);
  auto order = [](const TableEntry* e) {
    const Problem& p = e->problem;
    return std::tuple(int(p.dtype), int(p.acc), int(p.layout), p.shape.m, p.shape.n, p.shape.k);
  };
  std::sort(sorted.begin(), sorted.end(),
            [&](const TableEntry* a, const TableEntry* b) { return order(a) < order(b); });

  // Metadata through the JSON library (for escaping), entries one per line.
  auto str = [](std::string_view s) { return json(s).dump(); };
  std::string out = "{\n";
  out += fmt::format("  \"format\": {},\n", str(TuningTable::kFormatName));
  out += fmt::format("  \"version\": {},\n", TuningTable::kFormatVersion);
  out += fmt::format("  \"gpu\": {},\n", str(t.gpu));
  out += fmt::format("  \"created\": {},\n", str(t.created));
  out += fmt::format("  \"commit\": {},\n", str(t.commit));
  if (t.timing_mode != "kernel") out += fmt::format("  \"timing_mode\": {},\n", str(t.timing_mode));
  out += "  \"entries\": [";
  for (size_t i = 0; i < sorted.size(); ++i)
    out += fmt::format("{}\n    {}", i ? "," : "", entry_json(*sorted[i]).dump());
  out += sorted.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

void save_table(const TuningTable& t, const std::filesystem::path& path) {
  write_text_file_atomically(path, table_to_json(t), "tuning table");
}

}  // namespace autogemm::tune
