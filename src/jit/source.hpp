// Spec -> the NVRTC translation unit that instantiates the sm90 kernel template for it.
#pragma once

#include <string>

#include "spec/kernel_spec.hpp"

namespace autogemm::jit {

// Three lines: include the template, name the configuration, define the entry point. All the
// kernel's code lives in include/autogemm/sm90/; the source only picks template arguments, so
// two specs share every header byte and differ only here.
std::string kernel_source(const KernelSpec&);

// The extern "C" symbol AUTOGEMM_SM90_DEFINE_KERNEL defines.
const char* kernel_entry_name();

}  // namespace autogemm::jit
