// autogemm info: what GPU this is, and the CUDA and cuBLAS versions the program uses.
#include <iostream>

#include "bench/device_info.hpp"
#include "commands.hpp"
#include "runtime/workspace.hpp"

namespace autogemm::cli {

void register_info(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "info",
      "Show the GPU (name, SMs, clocks, memory, L2, shared memory) and driver, CUDA and "
      "cuBLAS versions. Exits with code 3 if there is no usable GPU.");
  auto device = std::make_shared<int>(0);
  auto json = std::make_shared<bool>(false);
  sub->add_option("--gpu_device_id", *device, "GPU to describe")->capture_default_str();
  sub->add_flag("--json", *json, "Print JSON instead of text");
  sub->callback([device, json] {
    const bench::DeviceInfo d = bench::query_device(*device);  // NoGpuError -> exit 3
    // The scratch pool every stream gets on its first call that needs it, sized once.
    const WorkspaceSize ws = workspace_size(d.sm_count);
    if (*json) {
      auto j = bench::to_json(d);
      j["workspace_bytes_per_stream"] =
          ws.partial_bytes + size_t(ws.flag_count + ws.counter_count) * sizeof(int);
      std::cout << j.dump(2) << "\n";
    } else {
      bench::print_device(d, std::cout);
      std::cout << "  workspace per stream:   " << (ws.partial_bytes >> 20) << " MiB of partials"
                << " + " << ws.flag_count << " flags + " << ws.counter_count
                << " counters (stream-K, split-K, cuBLASLt fallback;"
                << " allocated on a stream's first call that needs it)\n";
    }
  });
}

}  // namespace autogemm::cli
