// Helpers shared by the tune tests: scratch directories, sample measurements, running commands.
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "process_util.hpp"
#include "tune/measurement.hpp"
#include "tune/table.hpp"

namespace autogemm::tune::testing {

// A fresh directory under the system temp dir, removed when the object goes out of scope.
class ScratchDir {
 public:
  ScratchDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("autogemm_tune_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

using autogemm::test::CommandResult;
using autogemm::test::run_command;

inline void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

inline Problem problem(int64_t m, int64_t n, int64_t k, Layout layout = Layout::tn,
                       DType dtype = DType::f16) {
  Problem p;
  p.shape = {m, n, k};
  p.dtype = dtype;
  p.acc = AccType::f32;
  p.layout = layout;
  return p;
}

inline Measurement sample_measurement(const Problem& p, const std::string& spec, double median_us,
                                      const std::string& gpu = "NVIDIA H200") {
  Measurement m;
  m.env = {gpu, "GPU-1234", "580.159.04", "13.0", "abc123"};
  m.spec = spec;
  m.problem = p;
  m.mode = "kernel";
  m.median_us = median_us;
  m.p10_us = median_us * 0.98;
  m.p90_us = median_us * 1.03;
  m.rel_err = 2.07e-4;
  m.status = Status::ok;
  m.reference_method = "cublaslt_autotune_tn";
  m.reference_median_us = median_us * 1.05;
  m.timestamp = "2026-11-21T06:33:08Z";
  return m;
}

// Valid spec names for tn and nn problems (fp16 data, fp32 accumulation).
inline const char* kSpecA = "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma";
inline const char* kSpecB = "sm90_f16f32_tn_256x128x64_s4_c1x1_coop_persist_r8m_etma_sk";
inline const char* kSpecNn = "sm90_f16f32_nn_128x256x64_s4_c2x1_coop_persist_r8m_etma";

// A tuning table for the H200 holding one entry: `spec` for `p`, 190 us against 200.
inline TuningTable one_entry_table(const Problem& p, const std::string& spec) {
  TuningTable t;
  t.gpu = "NVIDIA H200";
  TableEntry e;
  e.problem = p;
  e.spec = spec;
  e.time_us = 190;
  e.reference_us = 200;
  e.reference_method = "cublaslt_autotune_tn";
  e.gpu = t.gpu;
  t.add(e);
  return t;
}

}  // namespace autogemm::tune::testing
