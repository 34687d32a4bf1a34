// The cost model as a file: a magic line, a JSON header line, then XGBoost's own model bytes.
//
//   autogemm-cost-model 1
//   {"gpu":"NVIDIA H200","objective":"rank:pairwise","rounds":300,"seed":2026,"groups":900,
//    "examples":28000,"failed_examples":310,"sm_count":132,"smem_per_sm_bytes":233472,
//    "l2_bytes":62914560,"features":["log2_m",...],
//    "payload_bytes":812345,"payload_fnv1a64":"9c2e..."}
//   <payload_bytes bytes: the XGBoost booster in UBJSON>
//
// An ensemble (several boosters whose scores are averaged) adds "member_bytes" (each booster's
// length, in payload order; they sum to payload_bytes) and "member_depths" to the header.
//
// Why an envelope around XGBoost's format: XGBoost checks only the feature count of a model and
// loads a file with a flipped bit in a split value silently. The header names the features this
// build computes and the checksum covers every payload byte, so a model from another feature
// list, a truncated or corrupt file, or a file that is not a model at all is refused with an
// Error naming the file, before it can steer the tuner.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace autogemm::tune {

inline constexpr std::string_view kCostModelMagic = "autogemm-cost-model";
inline constexpr int kCostModelFormatVersion = 1;

struct CostModelHeader {
  std::string gpu;  // whose measurements trained it ("" when several or unknown)
  std::string objective;
  int rounds = 0;
  int policy_rounds = 0;  // policy:gradient's trees after the `rounds` of regression
  // Tree depth (0: an ensemble, whose member_depths say, or a file that does not record it) and
  // learning rate (0: not recorded).
  int max_depth = 0;
  double learning_rate = 0;
  uint64_t seed = 0;
  size_t groups = 0, examples = 0, failed_examples = 0;
  // The device facts the features were computed with.
  int sm_count = 0;
  int64_t smem_per_sm_bytes = 0, l2_bytes = 0;
  std::vector<std::string> features;
  // The problem types ("fp16/fp32/tn") of its training shapes, sorted; empty in files written
  // before it was recorded (then unknown: any type is ranked).
  std::vector<std::string> problem_types;
  // An ensemble's members, in payload order: each booster's bytes and tree depth; empty for a
  // single booster (the payload is then one).
  std::vector<uint64_t> member_bytes;
  std::vector<int> member_depths;
  friend bool operator==(const CostModelHeader&, const CostModelHeader&) = default;
};

struct CostModelFile {
  CostModelHeader header;
  std::string payload;  // XGBoost's model bytes (an ensemble's members one after another)
};

// FNV-1a, 64 bits: a checksum against accidents (truncation, bit flips), not an attacker.
uint64_t fnv1a64(std::string_view bytes);

std::string encode_cost_model(const CostModelFile& file);
// Throws Error("cost model '<source>': <what is wrong>") for anything but a well-formed file of
// this format version whose checksum matches. The feature list is checked by the caller.
CostModelFile decode_cost_model(std::string_view bytes, std::string_view source);

CostModelFile read_cost_model_file(const std::filesystem::path& path);
// Writes beside `path` and renames over it, so a reader never sees half a model.
void write_cost_model_file(const std::filesystem::path& path, const CostModelFile& file);

}  // namespace autogemm::tune
