// The SM groups (GPCs) of a device, for group scheduling (KernelSpec::group_sched). CUDA names
// no GPC, but a cluster's CTAs always run in one, so the SMs that clusters of many sizes run on
// together are the GPCs: measured once per device and process with a small probe kernel.
#pragma once

#include <vector>

namespace autogemm {

struct SmGroups {
  int count = 0;
  std::vector<int> group_of_sm;  // by SM id
  std::vector<int> first_sm;     // SMs before each group in group order (count + 1 entries)
  // On the device, in the layout GemmArgs::groups reads (sm90/types.cuh).
  const int* device_table = nullptr;
};

// Measures the groups from the SMs that clustered probe launches ran on (union of each
// cluster's SMs). `sm_of_cta` lists, per launch, the SM of every CTA, `cluster_size` CTAs per
// cluster in order. Pure; the probe itself is in sm_groups_for.
SmGroups groups_from_placements(int sms, const std::vector<std::pair<int, std::vector<int>>>&
                                             cluster_size_and_sm_of_cta);

// The groups of `device` (the current device), measured on first use (thread-safe). Throws
// Error on failure.
const SmGroups& sm_groups_for(int device);

}  // namespace autogemm
