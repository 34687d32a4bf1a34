#include "jit/nvrtc_compiler.hpp"

#include <fmt/format.h>
#include <nvrtc.h>

#include <chrono>
#include <memory>

#include "autogemm/types.hpp"

namespace autogemm::jit {
namespace {

void check_nvrtc(nvrtcResult r, const char* what) {
  if (r != NVRTC_SUCCESS) throw Error(fmt::format("{}: {}", what, nvrtcGetErrorString(r)));
}

// The first `max_lines` lines of a log, for error messages that stay readable.
std::string head(std::string_view log, int max_lines) {
  size_t pos = 0;
  for (int i = 0; i < max_lines; ++i) {
    pos = log.find('\n', pos);
    if (pos == std::string_view::npos) return std::string(log);
    ++pos;
  }
  return std::string(log.substr(0, pos)) + "[... log truncated]";
}

}  // namespace

std::vector<std::string> default_nvrtc_options() {
  return {"--gpu-architecture=sm_90a", "-std=c++20", "--ptxas-options=-v", "-DNDEBUG"};
}

std::string nvrtc_version() {
  int major = 0, minor = 0;
  check_nvrtc(nvrtcVersion(&major, &minor), "nvrtcVersion");
  return fmt::format("{}.{}", major, minor);
}

NvrtcOutput nvrtc_compile(std::string_view source, std::string_view program_name,
                          const HeaderMap& headers, const std::vector<std::string>& options) {
  std::vector<const char*> names, contents;
  for (const auto& [name, text] : headers) {
    names.push_back(name.c_str());
    contents.push_back(text.c_str());
  }
  const std::string src(source), prog_name(program_name);
  nvrtcProgram prog = nullptr;
  check_nvrtc(nvrtcCreateProgram(&prog, src.c_str(), prog_name.c_str(), int(names.size()),
                                 contents.data(), names.data()),
              "nvrtcCreateProgram");
  // Destroys the program on every path out, including throws.
  const std::unique_ptr<nvrtcProgram, void (*)(nvrtcProgram*)> guard(
      &prog, [](nvrtcProgram* p) { nvrtcDestroyProgram(p); });

  std::vector<const char*> opts;
  for (const auto& o : options) opts.push_back(o.c_str());
  const auto t0 = std::chrono::steady_clock::now();
  const nvrtcResult status = nvrtcCompileProgram(prog, int(opts.size()), opts.data());
  NvrtcOutput out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  size_t log_size = 0;
  check_nvrtc(nvrtcGetProgramLogSize(prog, &log_size), "nvrtcGetProgramLogSize");
  out.log.resize(log_size);
  check_nvrtc(nvrtcGetProgramLog(prog, out.log.data()), "nvrtcGetProgramLog");
  while (!out.log.empty() && out.log.back() == '\0') out.log.pop_back();

  if (status != NVRTC_SUCCESS)
    throw Error(fmt::format("NVRTC failed to compile {}: {}\n{}", program_name,
                            nvrtcGetErrorString(status), head(out.log, 30)));

  size_t cubin_size = 0;
  check_nvrtc(nvrtcGetCUBINSize(prog, &cubin_size), "nvrtcGetCUBINSize");
  if (cubin_size == 0)
    throw Error(fmt::format("NVRTC produced no cubin for {} (is the architecture a real sm_?)",
                            program_name));
  out.cubin.resize(cubin_size);
  check_nvrtc(nvrtcGetCUBIN(prog, out.cubin.data()), "nvrtcGetCUBIN");
  out.usage = parse_ptxas_log(out.log);
  return out;
}

}  // namespace autogemm::jit
