// The learned policy as a file: plain JSON, one line per field value.
//
//   {
//     "format": "autogemm-policy",
//     "version": 1,
//     "gpu": "NVIDIA H200", "created": "2026-11-21T06:33:08Z", "commit": "e1ce162...",
//     "device": {"sm_count": 132, "smem_per_sm_bytes": 233472, "l2_bytes": 62914560},
//     "training": {"shapes": 900, "samples": 28000, "epochs": 300,
//                  "objective_before": -0.21, "objective_after": 0.04},
//     "features": ["log2_m", "log2_n", ...],
//     "fields": [
//       {"name": "bm", "values": ["128", "64", "192", "256"], "params": [
//         [w_log2_m, w_log2_n, ..., bias],      one row per value
//         ...]},
//       ...]
//   }
//
// Loading is strict, as for tuning tables: a policy steers the dispatcher, so any problem
// (malformed JSON, another format or version, unknown or missing key, a feature list or a field's
// value list other than this build's, a row of the wrong length, a number that is not finite) is
// an Error naming the file and what is wrong.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "tune/policy.hpp"

namespace autogemm::tune {

inline constexpr std::string_view kPolicyFormatName = "autogemm-policy";
inline constexpr int kPolicyFormatVersion = 1;

// Parses policy text; `source` (a file name) prefixes every error message.
Policy parse_policy(std::string_view text, std::string_view source);
// Reads and parses a policy file.
Policy load_policy(const std::filesystem::path& path);

// The JSON text above. Numbers are written with enough digits to read back bit for bit.
std::string policy_to_json(const Policy& policy);
// Writes the policy to `path` atomically. Throws Error on an I/O failure.
void save_policy(const Policy& policy, const std::filesystem::path& path);

}  // namespace autogemm::tune
