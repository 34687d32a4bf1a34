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
//       ...],
//     "library": ["sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m", ...]
//   }
//
// "library" (optional; Policy::library, the specs top choices come from) lists spec names; a
// name that does not parse or names an invalid spec is an error like the others.
// "spec_head" (optional; Policy::spec_head) is the head's cost-model file (cost_model_file.hpp:
// header, checksum, XGBoost's bytes) in base64, after the fields: a damaged string, a checksum
// mismatch, another feature list or an objective other than policy:gradient is an error.
//
// Loading is strict, as for tuning tables: a policy steers the dispatcher, so any problem
// (malformed JSON, another format or version, unknown or missing key, a feature list other than
// this build's, a field this build does not have or a field listed twice, a value this build's
// field does not have, values repeated or in another order, a row of the wrong length, a number
// that is not finite) is an Error naming the file and what is wrong.
//
// Fields and values added since a file was written are the one thing it may lack: files written
// before sk_splits, acc_sets, defer_store, pdl and bk were fields hold twelve fields, with bn
// lacking 24, 40, ..., 248 and mma_lag lacking 2 and 3 (an older autogemm reads only those). Fields
// are matched by name; within a field, the file's values must be this build's in this build's
// order, possibly with gaps, and each row goes to the value it names. What the file lacks gets what
// training gives a value no measured spec had (Policy::kUnmeasuredBias, zero weights), except a
// missing field's first value (KernelSpec's default), which gets zero parameters: the file's policy
// could not express any other value, so all it learned from had the default, and it keeps choosing
// it. Saving writes every field and value of this build.
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
