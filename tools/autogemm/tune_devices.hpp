// `autogemm tune --devices 0,1,...`: the parent process. It puts the shapes in a WorkQueue run
// in the store, starts one worker (`autogemm tune` with the same flags, tune/worker_command.hpp)
// per GPU, and supervises them (tune/supervisor.hpp): restarts after a faulting candidate or a
// hang, progress with ETA and the running geomean speedup.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "tune/store.hpp"
#include "tune/supervisor.hpp"
#include "tune/tuner.hpp"

namespace autogemm::cli {

struct DevicesOptions {
  std::vector<int> devices;
  double worker_timeout_s = 300;
  int max_restarts = 10;
};

// Every GPU of `d` must exist: NoGpuError otherwise (before anything is written).
void require_devices(const DevicesOptions& d);

// Tunes the shapes of `options` (its shard of them) with one worker per GPU; returns the
// supervisor's result and, in `problems`, the run's problems.
tune::SupervisorResult tune_on_devices(const tune::TuneOptions& options, const DevicesOptions& d,
                                       tune::ExperienceStore& store, std::ostream& log,
                                       std::vector<Problem>& problems);

// The name of GPU `device` (without creating a CUDA context there).
std::string device_name(int device);

}  // namespace autogemm::cli
