#include "tune/cost_model_file.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "autogemm/types.hpp"
#include "tune/text_file.hpp"

namespace autogemm::tune {
namespace {

using nlohmann::json;

// Thrown inside the decoder without context; decode_cost_model adds the file.
struct Bad {
  std::string what;
};

// The text up to the next newline, advancing `pos` past it.
std::string_view next_line(std::string_view bytes, size_t& pos, const char* what) {
  const size_t end = bytes.find('\n', pos);
  if (end == std::string_view::npos) throw Bad{fmt::format("truncated before the {}", what)};
  const std::string_view line = bytes.substr(pos, end - pos);
  pos = end + 1;
  return line;
}

template <typename T>
T field(const json& header, const char* key) {
  const auto it = header.find(key);
  if (it == header.end()) throw Bad{fmt::format("header has no \"{}\"", key)};
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    throw Bad{fmt::format("header's \"{}\" has the wrong type: {}", key, it->dump())};
  }
}

CostModelFile decode(std::string_view bytes) {
  const std::string expected = fmt::format("{} ", kCostModelMagic);
  const size_t eol = bytes.substr(0, 64).find('\n');
  if (eol == std::string_view::npos || bytes.substr(0, expected.size()) != expected)
    throw Bad{"not an autogemm cost model"};
  const std::string_view magic = bytes.substr(0, eol);
  size_t pos = eol + 1;
  if (magic.substr(expected.size()) != std::to_string(kCostModelFormatVersion))
    throw Bad{fmt::format("format version '{}' is not supported (this build reads {})",
                          magic.substr(expected.size()), kCostModelFormatVersion)};
  json header;
  try {
    header = json::parse(next_line(bytes, pos, "header"));
  } catch (const json::parse_error& e) {
    throw Bad{fmt::format("the header is not JSON: {}", e.what())};
  }
  if (!header.is_object()) throw Bad{"the header is not a JSON object"};
  CostModelFile f;
  CostModelHeader& h = f.header;
  h.gpu = field<std::string>(header, "gpu");
  h.objective = field<std::string>(header, "objective");
  h.rounds = field<int>(header, "rounds");
  if (header.contains("policy_rounds")) h.policy_rounds = field<int>(header, "policy_rounds");
  h.seed = field<uint64_t>(header, "seed");
  h.groups = field<size_t>(header, "groups");
  h.examples = field<size_t>(header, "examples");
  h.failed_examples = field<size_t>(header, "failed_examples");
  h.sm_count = field<int>(header, "sm_count");
  h.smem_per_sm_bytes = field<int64_t>(header, "smem_per_sm_bytes");
  h.l2_bytes = field<int64_t>(header, "l2_bytes");
  h.features = field<std::vector<std::string>>(header, "features");
  if (header.contains("problem_types"))
    h.problem_types = field<std::vector<std::string>>(header, "problem_types");
  if (header.contains("max_depth")) h.max_depth = field<int>(header, "max_depth");
  if (header.contains("learning_rate")) h.learning_rate = field<double>(header, "learning_rate");
  if (header.contains("member_bytes") || header.contains("member_depths")) {
    // Signed, so that a negative length is refused rather than wrapped to a huge one.
    const auto bytes = field<std::vector<int64_t>>(header, "member_bytes");
    h.member_depths = field<std::vector<int>>(header, "member_depths");
    if (bytes.empty() || bytes.size() != h.member_depths.size())
      throw Bad{"member_bytes and member_depths must name the same members, at least one"};
    for (const int64_t b : bytes) {
      if (b < 1) throw Bad{fmt::format("an ensemble member of {} bytes", b)};
      h.member_bytes.push_back(uint64_t(b));
    }
    for (const int d : h.member_depths)
      if (d < 1) throw Bad{fmt::format("an ensemble member of tree depth {}", d)};
  }
  const auto size = field<uint64_t>(header, "payload_bytes");
  const std::string checksum = field<std::string>(header, "payload_fnv1a64");
  if (bytes.size() - pos != size)
    throw Bad{fmt::format("the model is {} bytes, the header says {}: truncated or appended to",
                          bytes.size() - pos, size)};
  uint64_t members = 0;  // never more than size, so size - members cannot wrap
  for (const uint64_t b : h.member_bytes) {
    if (b > size - members) throw Bad{"the members' bytes run past the payload"};
    members += b;
  }
  if (!h.member_bytes.empty() && members != size)
    throw Bad{fmt::format("the members' bytes sum to {}, the payload is {}", members, size)};
  f.payload.assign(bytes.substr(pos));
  if (fmt::format("{:016x}", fnv1a64(f.payload)) != checksum)
    throw Bad{"checksum mismatch: the file is corrupt"};
  return f;
}

}  // namespace

uint64_t fnv1a64(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string encode_cost_model(const CostModelFile& f) {
  const CostModelHeader& h = f.header;
  nlohmann::ordered_json header;
  header["gpu"] = h.gpu;
  header["objective"] = h.objective;
  header["rounds"] = h.rounds;
  if (h.policy_rounds > 0) header["policy_rounds"] = h.policy_rounds;
  header["seed"] = h.seed;
  header["groups"] = h.groups;
  header["examples"] = h.examples;
  header["failed_examples"] = h.failed_examples;
  header["sm_count"] = h.sm_count;
  header["smem_per_sm_bytes"] = h.smem_per_sm_bytes;
  header["l2_bytes"] = h.l2_bytes;
  header["features"] = h.features;
  if (!h.problem_types.empty()) header["problem_types"] = h.problem_types;
  if (h.max_depth > 0) header["max_depth"] = h.max_depth;
  if (h.learning_rate > 0) header["learning_rate"] = h.learning_rate;
  if (!h.member_bytes.empty()) {
    header["member_bytes"] = h.member_bytes;
    header["member_depths"] = h.member_depths;
  }
  header["payload_bytes"] = f.payload.size();
  header["payload_fnv1a64"] = fmt::format("{:016x}", fnv1a64(f.payload));
  return fmt::format("{} {}\n{}\n", kCostModelMagic, kCostModelFormatVersion, header.dump()) +
         f.payload;
}

CostModelFile decode_cost_model(std::string_view bytes, std::string_view source) {
  try {
    return decode(bytes);
  } catch (const Bad& b) {
    throw Error(fmt::format("cost model '{}': {}", source, b.what));
  }
}

CostModelFile read_cost_model_file(const std::filesystem::path& path) {
  return decode_cost_model(read_text_file(path, "cost model"), path.string());
}

void write_cost_model_file(const std::filesystem::path& path, const CostModelFile& file) {
  write_text_file_atomically(path, encode_cost_model(file), "cost model");
}

}  // namespace autogemm::tune
