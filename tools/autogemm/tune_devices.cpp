#include "tune_devices.hpp"

#include <cuda_runtime.h>

#include <filesystem>

#include "core/cuda_check.hpp"
#include "exit_codes.hpp"
#include "tune/work_queue.hpp"
#include "tune/worker_command.hpp"

namespace autogemm::cli {

void require_devices(const DevicesOptions& d) {
  for (int device : d.devices) require_gpu(device);
}

std::string device_name(int device) {
  cudaDeviceProp prop{};
  check_cuda(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  return prop.name;
}

tune::SupervisorResult tune_on_devices(const tune::TuneOptions& options, const DevicesOptions& d,
                                       tune::ExperienceStore& store, std::ostream& log,
                                       std::vector<Problem>& problems) {
  problems.clear();
  for (size_t i : tune::select_shapes(options.shapes.size(), options.shard))
    problems.push_back({options.shapes[i], options.dtype, options.acc, options.layout});
  tune::SupervisorOptions s;
  s.devices = d.devices;
  s.run = tune::new_run_id();
  s.stall_timeout_s = d.worker_timeout_s;
  s.max_restarts = d.max_restarts;
  s.mode = tune::timing_mode(options);
  tune::WorkQueue(store).create(s.run, problems);
  log << "tune: run " << s.run << ": " << problems.size() << " shapes, " << d.devices.size()
      << " workers\n";
  // Workers are this very binary, whatever its path.
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const std::vector<std::string> args = command_args();
  s.launch = [&](int device, const std::string& worker_id, bool restart) {
    std::vector<std::string> argv = tune::worker_args(args, device, s.run, worker_id, restart);
    argv.insert(argv.begin(), self);
    return tune::spawn_process(argv);
  };
  return tune::supervise(s, store, log);
}

}  // namespace autogemm::cli
