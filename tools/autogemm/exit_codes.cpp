#include "exit_codes.hpp"

#include <algorithm>
#include <cstdlib>

#include "autogemm/types.hpp"
#include "bench/errors.hpp"
#include "core/hang_guard.hpp"
#include "tune/supervisor.hpp"

namespace autogemm::cli {

int exit_code_for(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const CLI::ParseError& p) {
    return p.get_exit_code() == 0 ? kOk : kBadInput;
  } catch (const bench::InputError&) {
    return kBadInput;
  } catch (const NoGpuError&) {
    return kNoGpu;
  } catch (const GpuHang&) {
    return kGpuHang;
  } catch (const tune::WorkerFaultError&) {
    static_assert(kWorkerFault == tune::kWorkerFaultExit);
    return kWorkerFault;
  } catch (...) {
    return kFailure;
  }
}

namespace {
std::string& command_line_storage() {
  static std::string s;
  return s;
}
}  // namespace

const std::string& command_line() {
  return command_line_storage();
}

namespace {
std::vector<std::string>& command_args_storage() {
  static std::vector<std::string> args;
  return args;
}
}  // namespace

const std::vector<std::string>& command_args() {
  return command_args_storage();
}

int run_cli(CLI::App& app, int argc, const char* const* argv, std::ostream& out,
            std::ostream& err) {
  std::string& cmd = command_line_storage();
  cmd.clear();
  command_args_storage().assign(argv + std::min(argc, 1), argv + argc);
  for (int i = 0; i < argc; ++i) {
    // The program by its name alone: recorded commands should not depend on the build path.
    std::string arg = argv[i];
    if (i == 0) arg = arg.substr(arg.find_last_of('/') + 1);
    if (i) cmd += ' ';
    // Single-quote anything the shell would split or expand.
    if (arg.empty() || arg.find_first_of(" \t'\"$`\\*?;&|<>()") != std::string::npos) {
      cmd += '\'';
      for (char c : arg) {
        if (c == '\'')
          cmd += "'\\''";
        else
          cmd += c;
      }
      cmd += '\'';
    } else {
      cmd += arg;
    }
  }
  try {  // a bad limit is bad input, found before anything runs
    hang_limit_seconds();
  } catch (const Error& e) {
    err << "autogemm: error: " << e.what() << "\n";
    return kBadInput;
  }
  const ScopedHangHandler on_hang([&out, &err](const GpuHang& hang) {
    out.flush();
    err << "autogemm: error: " << hang.what() << "\n";
    err.flush();
    std::_Exit(kGpuHang);
  });
  try {
    app.parse(argc, argv);
    return kOk;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e, out, err);  // --help, --version
    err << "autogemm: error: " << e.what() << "\n";
    return kBadInput;
  } catch (const std::exception& e) {
    err << "autogemm: " << (dynamic_cast<const NoGpuError*>(&e) ? "" : "error: ") << e.what()
        << "\n";
    return exit_code_for(std::current_exception());
  }
}

}  // namespace autogemm::cli
