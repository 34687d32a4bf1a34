// autogemm info: what GPU this is, and the CUDA and cuBLAS versions the program uses.
#include <iostream>

#include "bench/device_info.hpp"
#include "commands.hpp"

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
    if (*json)
      std::cout << bench::to_json(d).dump(2) << "\n";
    else
      bench::print_device(d, std::cout);
  });
}

}  // namespace autogemm::cli
