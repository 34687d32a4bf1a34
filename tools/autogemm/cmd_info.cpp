// autogemm info: what GPU this is, and the CUDA and cuBLAS versions the program uses.
#include <cuda_runtime.h>
#include <fmt/format.h>

#include <iostream>
#include <vector>

#include "bench/device_info.hpp"
#include "commands.hpp"
#include "core/cuda_check.hpp"
#include "runtime/sm_groups.hpp"

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
  auto groups = std::make_shared<bool>(false);
  sub->add_flag("--sm_groups", *groups,
                "Also measure and print the SM groups (GPCs) group scheduling uses (runs a probe "
                "kernel)");
  sub->callback([device, json, groups] {
    const bench::DeviceInfo d = bench::query_device(*device);  // NoGpuError -> exit 3
    nlohmann::json out = bench::to_json(d);
    if (!*json) bench::print_device(d, std::cout);
    if (*groups) {
      check_cuda(cudaSetDevice(*device), "cudaSetDevice");
      const SmGroups& g = sm_groups_for(*device);
      std::vector<std::vector<int>> members(size_t(g.count));
      for (int sm = 0; sm < d.sm_count; ++sm) members[size_t(g.group_of_sm[size_t(sm)])].push_back(sm);
      out["sm_groups"] = members;
      if (!*json) {
        std::cout << fmt::format("SM groups (GPCs, measured): {}\n", g.count);
        for (int i = 0; i < g.count; ++i)
          std::cout << fmt::format("  group {:2} ({:2} SMs): {}\n", i, members[size_t(i)].size(),
                                   fmt::join(members[size_t(i)], " "));
      }
    }
    if (*json) std::cout << out.dump(2) << "\n";
  });
}

}  // namespace autogemm::cli
