// Errors the bench raises for bad user input (exit code 2), as opposed to failures at run time.
#pragma once

#include "autogemm/types.hpp"

namespace autogemm::bench {

// Bad input from the user: a malformed shape, a missing file, an unknown method, an invalid
// combination of flags. The command line maps it to exit code 2; other autogemm::Error to 1.
class InputError : public Error {
 public:
  using Error::Error;
};

// A method that picks its spec per shape (--spec table:/policy:, spec_picker.hpp) has none for
// this shape: reported as status no_entry, which is an answer about the source, not a failure.
class NoEntryError : public Error {
 public:
  using Error::Error;
};

}  // namespace autogemm::bench
