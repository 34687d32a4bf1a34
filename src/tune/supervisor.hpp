// The parent of `autogemm tune --devices 0,1,...`: one worker process per GPU, all pulling
// problems from one run's WorkQueue in the shared experience store; the parent watches them,
// restarts those a candidate kernel brought down, and shows the run's progress.
//
// Why processes, not threads: a candidate that faults (illegal address, trap) leaves its CUDA
// context unusable for the rest of the process, and one that hangs never returns. A worker
// that meets a fault records the candidate as failed and exits with kWorkerFaultExit; one that
// stops beating (WorkQueue heartbeats) for `stall_timeout_s` is killed. Either way, or when a
// worker dies of a signal, the parent notes why in the AttemptLog (so the next worker can blame
// the right candidate), puts the worker's item back in the queue, and starts a replacement
// with --resume, up to `max_restarts` times per GPU. Any other exit code is the worker's
// failure: not restarted, counted, and the run ends nonzero.
#pragma once

#include <sys/types.h>

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "autogemm/types.hpp"
#include "tune/work_queue.hpp"

namespace autogemm::tune {

class ExperienceStore;

// A worker's exit code when a candidate broke its CUDA context: restart me.
constexpr int kWorkerFaultExit = 4;

// Thrown by the tuner when a candidate broke the CUDA context (after recording what it could);
// the command maps it to kWorkerFaultExit.
class WorkerFaultError : public Error {
 public:
  using Error::Error;
};

struct SupervisorOptions {
  std::vector<int> devices;
  std::string run;               // the WorkQueue run the workers drain (already created)
  double stall_timeout_s = 300;  // kill a worker that has not beaten for this long
  int max_restarts = 10;         // replacements per GPU
  double poll_s = 0.5;           // how often the parent looks at its workers
  double progress_every_s = 10;  // a progress line at most this often (and at each change)
  std::string mode = "kernel";   // the workers' timing mode, for the running geomean
  // Starts a worker for `device` with id `worker_id` (a replacement when `restart`) and returns
  // its pid. The command passes spawn_process(worker_args(...)); tests fork fake workers.
  std::function<pid_t(int device, const std::string& worker_id, bool restart)> launch;
};

struct SupervisorResult {
  int failed_workers = 0;  // ended with an exit code other than 0, or out of restarts
  int restarts = 0;
  QueueProgress progress;  // at the end
  bool complete() const { return progress.pending == 0 && progress.claimed == 0; }
};

// Runs the workers until every one has ended; progress lines on `log`.
SupervisorResult supervise(const SupervisorOptions& options, const ExperienceStore& store,
                           std::ostream& log);

// Starts `argv` as a child process with the parent's environment, stdout and stderr (sent to
// /dev/null when `quiet`); argv[0] is a path, or a name looked up on PATH. Throws Error when it
// cannot be started.
pid_t spawn_process(const std::vector<std::string>& argv, bool quiet = false);

// A run id no other run shares: host, pid and time.
std::string new_run_id();

}  // namespace autogemm::tune
