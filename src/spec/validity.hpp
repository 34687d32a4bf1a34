// Validity of a KernelSpec, computed from the hardware budgets rather than from a list.
//
// Each rule is a function returning the text of the broken rule (or nothing), so that an
// invalid spec is refused with the reason, and so that a new spec field comes with its own
// rule in one place.
#pragma once

#include <optional>
#include <string>

#include "spec/kernel_spec.hpp"

namespace autogemm {

// The device budgets a spec is checked against. The defaults are sm_90's; a runtime that
// queried the device passes the real values.
struct DeviceLimits {
  int max_smem_per_block = 232448;  // cudaDevAttrMaxSharedMemoryPerBlockOptin on H100/H200
};

// The first broken rule's text, or nullopt when the spec is valid.
std::optional<std::string> validate(const KernelSpec&, const DeviceLimits& = {});
// Throws Error("invalid kernel spec <name>: <rule>") when validate() finds a broken rule.
void check(const KernelSpec&, const DeviceLimits& = {});

// `s` with C staged as row blocks (tma_rows) in the fewest parts (1 to 4) that keep it valid at
// its stages; nullopt where no part count does. The trial's row-block twins (runtime/
// timed_choice.hpp) and the wide swap-AB tiles (spec/fitted.hpp) make theirs so.
std::optional<KernelSpec> as_row_blocks(KernelSpec s, const DeviceLimits& = {});

// Whether this spec can run this problem (shape rules of TMA; dtype/acc/layout match).
// Kept apart from validate(): a spec is valid or not on its own, a problem varies per call.
std::optional<std::string> validate_problem(const KernelSpec&, const Problem&);
// Throws Error("problem MxNxK dtype/acc/layout: <rule>").
void check_problem(const KernelSpec&, const Problem&);

}  // namespace autogemm
