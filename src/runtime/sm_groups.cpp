#include "runtime/sm_groups.hpp"

#include <cuda.h>
#include <cuda_runtime.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <utility>

#include "autogemm/sm90/types.cuh"
#include "autogemm/types.hpp"
#include "core/cuda_check.hpp"
#include "core/driver_api.hpp"

namespace autogemm {
namespace {

// One thread per CTA writes the SM it runs on.
constexpr const char* kProbePtx = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry record_sm(.param .u64 out) {
  .reg .pred %p;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p, %r1, 0;
  @%p bra DONE;
  mov.u32 %r2, %smid;
  mov.u32 %r3, %ctaid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r3, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
DONE:
  ret;
}
)";

int find(std::vector<int>& parent, int x) {
  while (parent[size_t(x)] != x) x = parent[size_t(x)] = parent[size_t(parent[size_t(x)])];
  return x;
}

SmGroups measure(int device) {
  int sms = 0;
  check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
             "sm groups: multiprocessor count");
  check_cuda(cudaFree(nullptr), "sm groups: creating the context");
  const DriverApi& d = driver();
  CUmodule module = nullptr;
  check_driver(d.module_load_data(&module, kProbePtx), "sm groups: loading the probe");
  CUfunction fn = nullptr;
  check_driver(d.module_get_function(&fn, module, "record_sm"), "sm groups: probe function");
  // One CTA per SM, so a cluster of n CTAs covers n SMs of one GPC.
  const int smem = 160 * 1024;
  check_driver(d.func_set_attribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem),
               "sm groups: probe shared memory");
  check_driver(d.func_set_attribute(fn, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
               "sm groups: probe cluster size");
  const int max_ctas = 4 * sms;
  int* out = nullptr;
  check_cuda(cudaMalloc(&out, size_t(max_ctas) * sizeof(int)), "sm groups: probe output");
  std::vector<std::pair<int, std::vector<int>>> runs;
  for (int size : {16, 12, 8, 6, 4, 2}) {
    for (int rep = 0; rep < 6; ++rep) {
      const int clusters = std::max(1, sms / size) * (1 + rep % 3);
      CUlaunchAttribute attr{};
      attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      attr.value.clusterDim.x = unsigned(size);
      attr.value.clusterDim.y = attr.value.clusterDim.z = 1;
      CUlaunchConfig cfg{};
      cfg.gridDimX = unsigned(clusters * size);
      cfg.gridDimY = cfg.gridDimZ = 1;
      cfg.blockDimX = 32;
      cfg.blockDimY = cfg.blockDimZ = 1;
      cfg.sharedMemBytes = unsigned(smem);
      cfg.attrs = &attr;
      cfg.numAttrs = 1;
      void* params[] = {&out};
      // Cluster sizes above what this device can place are skipped.
      if (d.launch_kernel_ex(&cfg, fn, params, nullptr) != CUDA_SUCCESS) break;
      std::vector<int> sm_of_cta(size_t(clusters * size));
      check_cuda(cudaMemcpy(sm_of_cta.data(), out, sm_of_cta.size() * sizeof(int),
                            cudaMemcpyDeviceToHost),
                 "sm groups: probe results");
      runs.emplace_back(size, std::move(sm_of_cta));
    }
  }
  cudaFree(out);
  d.module_unload(module);
  SmGroups g = groups_from_placements(sms, runs);
  if (std::getenv("AUTOGEMM_EXP_ONE_GROUP") != nullptr) {  // experiment: every SM in one group
    g.count = 1;
    std::fill(g.group_of_sm.begin(), g.group_of_sm.end(), 0);
    g.first_sm = {0, sms};
  }
  // The kernel's table (sm90/types.cuh): [0] count, [1 + g] first SM of group g, [kGroupOfSm +
  // sm] group of SM sm.
  std::vector<int> table(size_t(sm90::kGroupOfSm + sm90::kMaxSmId), 0);
  table[0] = g.count;
  for (int i = 0; i <= g.count; ++i) table[size_t(1 + i)] = g.first_sm[size_t(i)];
  for (size_t sm = 0; sm < g.group_of_sm.size() && sm < size_t(sm90::kMaxSmId); ++sm)
    table[size_t(sm90::kGroupOfSm) + sm] = g.group_of_sm[sm];
  int* dev = nullptr;
  check_cuda(cudaMalloc(&dev, table.size() * sizeof(int)), "sm groups: device table");
  check_cuda(cudaMemcpy(dev, table.data(), table.size() * sizeof(int), cudaMemcpyHostToDevice),
             "sm groups: device table");
  g.device_table = dev;  // kept for the process's life, like the workspaces
  return g;
}

}  // namespace

SmGroups groups_from_placements(int sms,
                                const std::vector<std::pair<int, std::vector<int>>>& runs) {
  if (sms <= 0 || sms > sm90::kMaxSmId)
    throw Error(fmt::format("sm groups: {} SMs, expected 1 to {}", sms, sm90::kMaxSmId));
  std::vector<int> parent(size_t(sm90::kMaxSmId));
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<bool> seen(size_t(sm90::kMaxSmId), false);
  for (const auto& [size, sm_of_cta] : runs) {
    for (size_t i = 0; i < sm_of_cta.size(); ++i) {
      const int sm = sm_of_cta[i], lead = sm_of_cta[i - i % size_t(size)];
      if (sm < 0 || sm >= sm90::kMaxSmId || lead < 0 || lead >= sm90::kMaxSmId)
        throw Error(fmt::format("sm groups: the probe reported SM id {} (expected below {})",
                                sm, sm90::kMaxSmId));
      seen[size_t(sm)] = true;
      parent[size_t(find(parent, sm))] = find(parent, lead);
    }
  }
  // Groups numbered by their lowest SM id; SM ids no CTA ran on stay at group 0.
  SmGroups g;
  std::map<int, int> number_of_root;
  std::vector<int> members;
  g.group_of_sm.assign(size_t(sm90::kMaxSmId), 0);
  for (int sm = 0; sm < sm90::kMaxSmId; ++sm) {
    if (!seen[size_t(sm)]) continue;
    const int root = find(parent, sm);
    auto [it, added] = number_of_root.emplace(root, int(number_of_root.size()));
    if (added) members.push_back(0);
    g.group_of_sm[size_t(sm)] = it->second;
    ++members[size_t(it->second)];
  }
  g.count = int(members.size());
  if (g.count == 0) throw Error("sm groups: the probe ran on no SM");
  if (g.count > sm90::kMaxGroups)
    throw Error(fmt::format("sm groups: {} groups, at most {} supported", g.count,
                            sm90::kMaxGroups));
  g.first_sm.assign(size_t(g.count) + 1, 0);
  for (int i = 0; i < g.count; ++i)
    g.first_sm[size_t(i) + 1] = g.first_sm[size_t(i)] + members[size_t(i)];
  return g;
}

const SmGroups& sm_groups_for(int device) {
  static std::mutex mutex;
  static auto* by_device = new std::map<int, std::unique_ptr<SmGroups>>();
  std::lock_guard lock(mutex);
  auto& slot = (*by_device)[device];
  if (!slot) slot = std::make_unique<SmGroups>(measure(device));
  return *slot;
}

}  // namespace autogemm
