// One measurement of one kernel spec on one problem: the experience store's row.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "autogemm/types.hpp"

namespace autogemm::tune {

// What became of a candidate. Only `ok` rows are correct, timed results; every other status
// is a failure kept with its cause, because the tuner learns from failures too.
enum class Status { ok, failed, invalid, timeout, compile_error, wrong_result };

std::string_view to_string(Status);
// Inverse of to_string; throws Error on an unknown name.
Status parse_status(std::string_view);

// Where a measurement was taken: the facts that decide whether two numbers are comparable.
struct Environment {
  std::string gpu_name;  // e.g. "NVIDIA H200"
  std::string gpu_uuid;  // tells two GPUs of one model apart (e.g. "GPU-5f3c...")
  std::string driver;    // e.g. "580.159.04"
  std::string cuda;      // CUDA runtime version, e.g. "13.0"
  std::string commit;    // autogemm source commit that measured
  friend bool operator==(const Environment&, const Environment&) = default;
};

// The timing mode of `tune --benchmark_seconds` (kernel mode under the sustained protocol).
inline constexpr std::string_view kSustainedMode = "kernel_sustained";

struct Measurement {
  int64_t id = 0;  // set by the store when read back; ignored by record()
  Environment env;
  std::string spec;  // kernel spec name
  Problem problem;
  std::string mode = "kernel";  // timing mode: kernel, offline or server (DESIGN.md §6), or
                                // kSustainedMode
  // Times in microseconds and the relative Frobenius error; absent when not measured (a
  // failed compile has no time).
  std::optional<double> median_us, p10_us, p90_us, rel_err;
  Status status = Status::ok;
  std::string message;  // the failure's cause; empty for ok
  // The shape's reference, timed interleaved in the same run (e.g. cublaslt_autotune_tn).
  std::string reference_method;
  std::optional<double> reference_median_us;
  std::string timestamp;  // ISO 8601 UTC; record() fills it in when empty
  friend bool operator==(const Measurement&, const Measurement&) = default;
};

// The key of a problem in stores, tables and logs: "M_N_K_dtype_acc_layout",
// e.g. "4096_4096_4096_fp16_fp32_tn".
std::string problem_key(const Problem&);

// "4096x4096x4096 fp16/fp32/tn": how messages name a problem.
std::string describe(const Problem&);

}  // namespace autogemm::tune
