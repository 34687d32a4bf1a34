#include "tune/measurement.hpp"

#include <fmt/format.h>

#include <array>
#include <utility>

namespace autogemm::tune {
namespace {

constexpr std::array<std::pair<Status, std::string_view>, 6> kStatusNames{{
    {Status::ok, "ok"},
    {Status::failed, "failed"},
    {Status::invalid, "invalid"},
    {Status::timeout, "timeout"},
    {Status::compile_error, "compile_error"},
    {Status::wrong_result, "wrong_result"},
}};

}  // namespace

std::string_view to_string(Status s) {
  for (auto [status, name] : kStatusNames)
    if (status == s) return name;
  return "unknown";
}

Status parse_status(std::string_view name) {
  for (auto [status, n] : kStatusNames)
    if (n == name) return status;
  throw Error(fmt::format(
      "unknown measurement status '{}' (expected ok, failed, invalid, timeout, compile_error or "
      "wrong_result)",
      name));
}

std::string problem_key(const Problem& p) {
  return fmt::format("{}_{}_{}_{}_{}_{}", p.shape.m, p.shape.n, p.shape.k, to_string(p.dtype),
                     to_string(p.acc), to_string(p.layout));
}

std::string describe(const Problem& p) {
  return fmt::format("{}x{}x{} {}/{}/{}", p.shape.m, p.shape.n, p.shape.k, to_string(p.dtype),
                     to_string(p.acc), to_string(p.layout));
}

}  // namespace autogemm::tune
