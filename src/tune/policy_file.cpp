#include "tune/policy_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>

#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/base64.hpp"
#include "tune/cost_model.hpp"
#include "tune/text_file.hpp"

namespace autogemm::tune {
namespace {

using nlohmann::json;

// A broken rule of the format, without the file's name (parse_policy adds it).
struct Bad {
  std::string what;
};

// Checked access to one JSON object: every key is looked up through it, and at the end
// done() refuses any key nobody asked for.
class ObjectReader {
 public:
  ObjectReader(const json& obj, std::string where) : obj_(obj), where_(std::move(where)) {
    if (!obj.is_object()) throw Bad{fmt::format("{} must be a JSON object", where_)};
  }

  const json& get(const std::string& key) {
    seen_.push_back(key);
    auto it = obj_.find(key);
    if (it == obj_.end()) throw Bad{fmt::format("{}: missing key \"{}\"", where_, key)};
    return *it;
  }
  // An optional key: nullptr when absent.
  const json* find(const std::string& key) {
    seen_.push_back(key);
    auto it = obj_.find(key);
    return it == obj_.end() ? nullptr : &*it;
  }
  std::string text(const std::string& key) {
    const json& v = get(key);
    if (!v.is_string()) throw Bad{fmt::format("{}: \"{}\" must be a string", where_, key)};
    return v.get<std::string>();
  }
  int64_t count(const std::string& key) {
    const json& v = get(key);
    if (!v.is_number_integer() || v.get<int64_t>() < 0)
      throw Bad{fmt::format("{}: \"{}\" must be a non-negative integer", where_, key)};
    return v.get<int64_t>();
  }
  double number(const std::string& key) {
    const json& v = get(key);
    if (!v.is_number() || !std::isfinite(v.get<double>()))
      throw Bad{fmt::format("{}: \"{}\" must be a finite number, got {}", where_, key, v.dump())};
    return v.get<double>();
  }
  void done() const {
    for (const auto& [key, value] : obj_.items())
      if (std::find(seen_.begin(), seen_.end(), key) == seen_.end())
        throw Bad{fmt::format("{}: unknown key \"{}\"", where_, key)};
  }

 private:
  const json& obj_;
  std::string where_;
  std::vector<std::string> seen_;
};

std::vector<std::string> string_list(const json& v, const std::string& what) {
  if (!v.is_array()) throw Bad{fmt::format("{} must be an array of strings", what)};
  std::vector<std::string> out;
  for (const json& s : v) {
    if (!s.is_string()) throw Bad{fmt::format("{} must be an array of strings", what)};
    out.push_back(s.get<std::string>());
  }
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// Reads one entry of "fields" into the policy; returns the index of the field it names. Values
// are matched by name: the file's must be this build's, in this build's order, and those it
// lacks (added after the file was written) are set unmeasured.
size_t read_field(const json& j, size_t at, Policy& policy) {
  ObjectReader r(j, fmt::format("field {}", at));
  const std::string name = r.text("name");
  const auto& fields = policy_fields();
  const auto known = std::find_if(fields.begin(), fields.end(),
                                  [&](const PolicyField& f) { return f.name == name; });
  if (known == fields.end()) {
    std::vector<std::string> names;
    for (const PolicyField& f : fields) names.emplace_back(f.name);
    throw Bad{fmt::format("field {} is \"{}\", which this autogemm does not have (its fields: {})",
                          at, name, joined(names))};
  }
  const size_t f = size_t(known - fields.begin());
  const PolicyField& field = *known;
  const std::string where = fmt::format("field \"{}\"", name);
  const auto values = string_list(r.get("values"), where + " \"values\"");
  if (values.empty()) throw Bad{where + " lists no values"};
  // Where each of the file's values sits in this build's list: increasing, so every value is
  // known, listed once and in order.
  std::vector<size_t> ours;
  for (const std::string& v : values) {
    const size_t from = ours.empty() ? 0 : ours.back() + 1;
    const auto it = std::find(field.values.begin() + std::ptrdiff_t(from), field.values.end(), v);
    if (it == field.values.end())
      throw Bad{fmt::format(
          "{} has values [{}], this autogemm has [{}] (a file may lack values added since it was "
          "written, but not have others, repeat them or reorder them)",
          where, joined(values), joined(field.values))};
    ours.push_back(size_t(it - field.values.begin()));
  }
  const json& rows = r.get("params");
  if (!rows.is_array() || rows.size() != values.size())
    throw Bad{fmt::format("{}: \"params\" must be an array of {} rows, one per value", where,
                          values.size())};
  for (size_t v = 0; v < field.values.size(); ++v) policy.set_unmeasured(f, v);
  std::vector<double>& params = policy.params(f);
  for (size_t v = 0; v < rows.size(); ++v) {
    const json& row = rows[v];
    if (!row.is_array() || row.size() != Policy::kParamsPerValue)
      throw Bad{fmt::format("{} value \"{}\": a row must hold {} numbers ({} weights, a bias)",
                            where, values[v], Policy::kParamsPerValue, kNumFeatures)};
    for (size_t i = 0; i < row.size(); ++i) {
      if (!row[i].is_number() || !std::isfinite(row[i].get<double>()))
        throw Bad{fmt::format("{} value \"{}\": parameter {} must be a finite number, got {}",
                              where, values[v], i, row[i].dump())};
      params[ours[v] * Policy::kParamsPerValue + i] = row[i].get<double>();
    }
  }
  r.done();
  return f;
}

// A field the file does not have (added after it was written): its default value with zero
// parameters, the others unmeasured, as training on the file's specs, which all had the default,
// would have left them.
void default_only(size_t f, Policy& policy) {
  for (size_t v = 1; v < policy_fields()[f].values.size(); ++v) policy.set_unmeasured(f, v);
}

Policy read_policy(const json& doc) {
  ObjectReader top(doc, "the top level");
  if (!doc.contains("format") || doc["format"] != kPolicyFormatName)
    throw Bad{fmt::format("not an autogemm policy (\"format\" must be \"{}\")", kPolicyFormatName)};
  top.get("format");
  const json& version = top.get("version");
  if (!version.is_number_integer() || version.get<int64_t>() != kPolicyFormatVersion)
    throw Bad{fmt::format("format version {} is not supported (this autogemm reads version {})",
                          version.dump(), kPolicyFormatVersion)};
  Policy policy;
  PolicyInfo& info = policy.info;
  info.gpu = top.text("gpu");
  info.created = top.text("created");
  info.commit = top.text("commit");

  ObjectReader device(top.get("device"), "\"device\"");
  info.device.sm_count = int(device.count("sm_count"));
  info.device.smem_per_sm_bytes = device.count("smem_per_sm_bytes");
  info.device.l2_bytes = device.count("l2_bytes");
  device.done();

  ObjectReader training(top.get("training"), "\"training\"");
  info.shapes = training.count("shapes");
  info.samples = training.count("samples");
  info.epochs = int(training.count("epochs"));
  info.objective_before = training.number("objective_before");
  info.objective_after = training.number("objective_after");
  training.done();

  const auto names = string_list(top.get("features"), "\"features\"");
  const auto& ours = feature_names();
  if (names != std::vector<std::string>(ours.begin(), ours.end()))
    throw Bad{
        fmt::format("its features [{}] are not this autogemm's [{}]; retrain it with this version",
                    joined(names), joined(std::vector<std::string>(ours.begin(), ours.end())))};

  const json& fields = top.get("fields");
  if (!fields.is_array()) throw Bad{"\"fields\" must be an array"};
  std::array<bool, kNumPolicyFields> read{};
  for (size_t at = 0; at < fields.size(); ++at) {
    const size_t f = read_field(fields[at], at, policy);
    if (read[f]) throw Bad{fmt::format("field {} is \"{}\" again", at, policy_fields()[f].name)};
    read[f] = true;
  }
  for (size_t f = 0; f < kNumPolicyFields; ++f)
    if (!read[f]) default_only(f, policy);
  if (const json* library = top.find("library")) {
    const auto names = string_list(*library, "\"library\"");
    for (size_t i = 0; i < names.size(); ++i) {
      KernelSpec s;
      try {
        s = parse_name(names[i]);
      } catch (const Error& e) {
        throw Bad{fmt::format("library entry {}: {}", i, e.what())};
      }
      if (auto why = validate(s))
        throw Bad{fmt::format("library entry {} ({}) is not a valid spec: {}", i, names[i], *why)};
      policy.library.push_back(s);
    }
  }
  if (const json* head = top.find("spec_head")) {
    if (!head->is_string()) throw Bad{"\"spec_head\" must be a string (base64)"};
    const auto bytes = base64_decode(head->get<std::string>());
    if (!bytes) throw Bad{"\"spec_head\" is not valid base64: the file is damaged"};
    try {
      auto model = std::make_shared<const CostModel>(
          CostModel::from_bytes(*bytes, "spec_head", "autogemm db train-policy"));
      if (model->header().objective != kPolicyGradient)
        throw Bad{fmt::format("\"spec_head\" was trained with objective '{}', not {}",
                              model->header().objective, kPolicyGradient)};
      policy.spec_head = std::move(model);
    } catch (const Error& e) {
      throw Bad{e.what()};
    }
  }
  top.done();
  return policy;
}

}  // namespace

Policy parse_policy(std::string_view text, std::string_view source) {
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    throw Error(fmt::format("policy '{}': not valid JSON ({})", source, e.what()));
  }
  try {
    return read_policy(doc);
  } catch (const Bad& b) {
    throw Error(fmt::format("policy '{}': {}", source, b.what));
  }
}

Policy load_policy(const std::filesystem::path& path) {
  return parse_policy(read_text_file(path, "policy"), path.string());
}

std::string policy_to_json(const Policy& policy) {
  // Metadata through the JSON library (escaping, shortest round-trip numbers), one row of
  // parameters per line.
  const PolicyInfo& info = policy.info;
  nlohmann::ordered_json device = {{"sm_count", info.device.sm_count},
                                   {"smem_per_sm_bytes", info.device.smem_per_sm_bytes},
                                   {"l2_bytes", info.device.l2_bytes}};
  nlohmann::ordered_json training = {{"shapes", info.shapes},
                                     {"samples", info.samples},
                                     {"epochs", info.epochs},
                                     {"objective_before", info.objective_before},
                                     {"objective_after", info.objective_after}};
  const auto& names = feature_names();
  std::string out = "{\n";
  out += fmt::format("  \"format\": {},\n", json(kPolicyFormatName).dump());
  out += fmt::format("  \"version\": {},\n", kPolicyFormatVersion);
  out += fmt::format("  \"gpu\": {},\n", json(info.gpu).dump());
  out += fmt::format("  \"created\": {},\n", json(info.created).dump());
  out += fmt::format("  \"commit\": {},\n", json(info.commit).dump());
  out += fmt::format("  \"device\": {},\n", device.dump());
  out += fmt::format("  \"training\": {},\n", training.dump());
  out += fmt::format("  \"features\": {},\n",
                     json(std::vector<std::string>(names.begin(), names.end())).dump());
  out += "  \"fields\": [";
  for (size_t f = 0; f < kNumPolicyFields; ++f) {
    const PolicyField& field = policy_fields()[f];
    out += fmt::format("{}\n    {{\"name\": {}, \"values\": {}, \"params\": [", f ? "," : "",
                       json(field.name).dump(), json(field.values).dump());
    const std::vector<double>& params = policy.params(f);
    for (size_t v = 0; v < field.values.size(); ++v) {
      const auto begin = params.begin() + std::ptrdiff_t(v * Policy::kParamsPerValue);
      const json row(std::vector<double>(begin, begin + Policy::kParamsPerValue));
      out += fmt::format("{}\n      {}", v ? "," : "", row.dump());
    }
    out += "]}";
  }
  out += "\n  ]";
  if (!policy.library.empty()) {
    out += ",\n  \"library\": [";
    for (size_t i = 0; i < policy.library.size(); ++i)
      out += fmt::format("{}\n    {}", i ? "," : "", json(spec_name(policy.library[i])).dump());
    out += "\n  ]";
  }
  if (policy.spec_head)
    out += fmt::format(",\n  \"spec_head\": \"{}\"", base64_encode(policy.spec_head->to_bytes()));
  out += "\n}\n";
  return out;
}

void save_policy(const Policy& policy, const std::filesystem::path& path) {
  write_text_file_atomically(path, policy_to_json(policy), "policy");
}

}  // namespace autogemm::tune
