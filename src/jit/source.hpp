// Spec -> the NVRTC translation unit that instantiates the sm90 kernel template for it.
#pragma once

#include <string>

#include "spec/kernel_spec.hpp"

namespace autogemm::jit {

// Three lines: include the template, name the configuration, define the entry point. All the
// kernel's code lives in include/autogemm/sm90/; the source only picks template arguments, so
// two specs share every header byte and differ only here. `trace` adds the cycle stamps of
// include/autogemm/sm90/trace.cuh (for `autogemm trace`; a different source, so its own cache
// entry).
// `defines` (lines of #define, from AUTOGEMM_JIT_DEFINES via jit_defines()) go first: a way to
// try a header variant against the served one without a spec field.
std::string kernel_source(const KernelSpec&, bool trace = false, std::string_view defines = {});

// AUTOGEMM_JIT_DEFINES="A,B=1" as "#define A\n#define B 1\n" (read once per process); empty
// when unset. Throws Error on a malformed entry.
const std::string& jit_defines();
std::string parse_jit_defines(std::string_view list);  // the parser behind it

// The extern "C" symbol AUTOGEMM_SM90_DEFINE_KERNEL defines.
const char* kernel_entry_name();
// The reduction pass's symbol (AUTOGEMM_SM90_DEFINE_SPLIT_REDUCE; has_reduction_pass specs).
const char* split_reduce_entry_name();

}  // namespace autogemm::jit
