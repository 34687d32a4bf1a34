#include "tune/supervisor.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "tune/attempt_log.hpp"
#include "tune/clock.hpp"
#include "tune/run_progress.hpp"
#include "tune/store.hpp"

extern char** environ;

namespace autogemm::tune {
namespace {

struct Worker {
  int device = 0;
  std::string id;
  pid_t pid = -1;
  double started = 0;  // Unix seconds
  int restarts = 0;    // replacements started for this GPU so far
  bool running = false;
};

std::string exit_text(int status) {
  if (WIFEXITED(status)) return fmt::format("exited with code {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return fmt::format("killed by signal {}", WTERMSIG(status));
  return "ended";
}

class Supervisor {
 public:
  Supervisor(const SupervisorOptions& o, const ExperienceStore& store, std::ostream& log)
      : o_(o), store_(store), queue_(store), attempts_(store), log_(log) {}

  SupervisorResult run() {
    t0_ = unix_seconds();
    for (int device : o_.devices) {
      Worker w;
      w.device = device;
      workers_.push_back(w);
      start(workers_.back(), false);
    }
    auto running = [&] {
      return std::any_of(workers_.begin(), workers_.end(),
                         [](const Worker& w) { return w.running; });
    };
    while (running()) {
      std::this_thread::sleep_for(std::chrono::duration<double>(o_.poll_s));
      for (Worker& w : workers_)
        if (w.running) watch(w);
      report(false);
    }
    report(true);
    result_.progress = queue_.progress(o_.run);
    return result_;
  }

 private:
  void start(Worker& w, bool restart) {
    w.id = fmt::format("{}-gpu{}-{}", o_.run, w.device, w.restarts);
    w.pid = o_.launch(w.device, w.id, restart);
    w.started = unix_seconds();
    w.running = true;
  }

  // Reaps `w` if it ended, kills it if it stalled; then decides about a replacement.
  void watch(Worker& w) {
    int status = 0;
    const pid_t r = waitpid(w.pid, &status, WNOHANG);
    bool stalled = false;
    if (r == 0) {
      const double last = std::max(w.started, queue_.worker_beat(o_.run, w.id).value_or(0));
      if (unix_seconds() - last <= o_.stall_timeout_s) return;
      kill(w.pid, SIGKILL);
      waitpid(w.pid, &status, 0);
      stalled = true;
    }
    w.running = false;
    if (!stalled && WIFEXITED(status) && WEXITSTATUS(status) == 0) return;

    const std::string why =
        stalled ? fmt::format("killed after {:.0f} s without progress", o_.stall_timeout_s)
                : exit_text(status);
    attempts_.note_end(w.id, why, stalled);
    const int released = queue_.release(o_.run, w.id);
    log_ << fmt::format("tune: worker {} on GPU {} {}{}", w.id, w.device, why,
                        released ? "; its shape goes back to the queue" : "");
    const bool restartable = stalled || WIFSIGNALED(status) ||
                             (WIFEXITED(status) && WEXITSTATUS(status) == kWorkerFaultExit);
    if (restartable && w.restarts < o_.max_restarts) {
      ++w.restarts;
      ++result_.restarts;
      log_ << fmt::format("; restarting it with --resume ({} of {})\n", w.restarts,
                          o_.max_restarts);
      start(w, true);
      return;
    }
    ++result_.failed_workers;
    log_ << (restartable ? "; out of restarts\n" : "; not restarted\n");
  }

  void report(bool last) {
    const double now = unix_seconds();
    const QueueProgress p = queue_.progress(o_.run);
    const int64_t finished = p.done + p.skipped;
    if (!last && finished == last_finished_ && now - last_line_ < o_.progress_every_s) return;
    last_finished_ = finished;
    last_line_ = now;
    const int live = int(
        std::count_if(workers_.begin(), workers_.end(), [](const Worker& w) { return w.running; }));
    log_ << progress_line(p, now - t0_, live, running_geomean(store_, p.tuned, o_.mode)) << "\n"
         << std::flush;
  }

  const SupervisorOptions& o_;
  const ExperienceStore& store_;
  WorkQueue queue_;
  AttemptLog attempts_;
  std::ostream& log_;
  std::vector<Worker> workers_;
  SupervisorResult result_;
  double t0_ = 0, last_line_ = 0;
  int64_t last_finished_ = -1;
};

}  // namespace

SupervisorResult supervise(const SupervisorOptions& options, const ExperienceStore& store,
                           std::ostream& log) {
  if (options.devices.empty()) throw Error("supervise: no devices");
  if (!options.launch) throw Error("supervise: no way to launch workers");
  return Supervisor(options, store, log).run();
}

pid_t spawn_process(const std::vector<std::string>& argv, bool quiet) {
  if (argv.empty()) throw Error("spawn_process: empty command");
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (quiet) {
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  }
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw Error(fmt::format("cannot start '{}': {}", argv[0], std::strerror(rc)));
  return pid;
}

std::string new_run_id() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "host");
  return fmt::format("{}-{}-{}", host, int(getpid()), int64_t(unix_seconds() * 1000));
}

}  // namespace autogemm::tune
