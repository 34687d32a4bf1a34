// Library errors caused by what the user passed (a bad table file, a corrupt store, a wrong
// type name) are bad input: exit code 2, like bench::InputError.
#pragma once

#include <string>

#include "autogemm/types.hpp"
#include "bench/errors.hpp"

namespace autogemm::cli {

// Runs `f`; an autogemm::Error it throws becomes bench::InputError with the same message
// (prefixed by `what` when given, e.g. the flag that carried the value).
template <typename F>
auto as_bad_input(F&& f, const std::string& what = "") -> decltype(f()) {
  try {
    return f();
  } catch (const bench::InputError&) {
    throw;
  } catch (const NoGpuError&) {
    throw;
  } catch (const Error& e) {
    throw bench::InputError(what.empty() ? e.what() : what + ": " + e.what());
  }
}

}  // namespace autogemm::cli
