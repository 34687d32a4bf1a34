#include "tune/first_sight.hpp"

#include <fmt/format.h>
#include <sys/wait.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>

#include "tune/dispatch.hpp"
#include "tune/supervisor.hpp"
#include "tune/user_table.hpp"

namespace autogemm::tune {
namespace {

bool env_on(const char* name) {
  const char* v = std::getenv(name);
  return v && *v && std::string_view(v) != "0";
}

const char* env_text(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

}  // namespace

bool first_sight_enabled() {
  return env_on("AUTOGEMM_TUNE");
}

FirstSightConfig first_sight_config(std::string_view gpu_name, std::string_view built_command) {
  FirstSightConfig c;
  if (const char* budget = env_text("AUTOGEMM_TUNE_BUDGET")) {
    const std::string_view text(budget);
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 1)
      throw Error(fmt::format("AUTOGEMM_TUNE_BUDGET='{}': expected a positive integer", text));
    c.budget = value;
  }
  if (const char* command = env_text("AUTOGEMM_TUNE_COMMAND"))
    c.command = command;
  else if (!built_command.empty() && std::filesystem::exists(built_command))
    c.command = built_command;
  else
    c.command = "autogemm";
  c.table = user_table_path(gpu_name);
  if (const char* store = env_text("AUTOGEMM_TUNE_STORE"))
    c.store = store;
  else
    c.store = std::filesystem::path(c.table).replace_extension(".sqlite");
  c.quiet = !env_on("AUTOGEMM_LOG");
  return c;
}

std::vector<std::string> first_sight_command(const Problem& p, int device,
                                             const FirstSightConfig& config) {
  return {config.command,    "tune",
          "--mnk",           fmt::format("{}_{}_{}", p.shape.m, p.shape.n, p.shape.k),
          "--dtype",         std::string(to_string(p.dtype)),
          "--acc",           std::string(to_string(p.acc)),
          "--layout",        std::string(to_string(p.layout)),
          "--budget",        std::to_string(config.budget),
          "--store",         config.store.string(),
          "--gpu_device_id", std::to_string(device),
          "--update-table",  config.table.string(),
          "--resume"};
}

std::optional<std::string> run_and_wait(const std::vector<std::string>& argv, bool quiet) {
  pid_t pid = -1;
  try {
    pid = spawn_process(argv, quiet);
  } catch (const Error& e) {
    return e.what();
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return fmt::format("waiting for '{}' failed", argv[0]);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::nullopt;
  return fmt::format("'{} {}' {}", argv[0], argv.size() > 1 ? argv[1] : "",
                     WIFEXITED(status) ? fmt::format("exited with code {}", WEXITSTATUS(status))
                                       : fmt::format("was killed by signal {}", WTERMSIG(status)));
}

void use_first_sight_from_environment(Dispatcher& d, std::string_view gpu_name, int device,
                                      std::string_view built_command) {
  const bool tune = first_sight_enabled();
  if (!tune && !env_text("AUTOGEMM_USER_TABLE")) return;
  if (!tune) {
    const auto path = user_table_path(gpu_name);
    d.set_user_table(load_table_if_exists(path), path);
    return;
  }
  const FirstSightConfig config = first_sight_config(gpu_name, built_command);
  d.set_user_table(load_table_if_exists(config.table), config.table);
  d.set_first_sight_tuner([config, device](const Problem& p) {
    return run_and_wait(first_sight_command(p, device, config), config.quiet);
  });
}

}  // namespace autogemm::tune
