#include "tune/shape_selection.hpp"

#include <charconv>
#include <string>

#include "autogemm/types.hpp"

namespace autogemm::tune {
namespace {

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

Shard parse_shard(std::string_view text) {
  const std::string bad = "bad shard '" + std::string(text) + "': ";
  const size_t slash = text.find('/');
  Shard s;
  if (slash == std::string_view::npos || !parse_int(text.substr(0, slash), s.index) ||
      !parse_int(text.substr(slash + 1), s.count))
    throw Error(bad + "expected i/n, e.g. 0/4");
  if (s.count < 1) throw Error(bad + "n must be at least 1");
  if (s.index < 0 || s.index >= s.count) throw Error(bad + "i must be in 0..n-1");
  return s;
}

std::vector<size_t> select_shapes(size_t count, const Shard& shard,
                                  const std::function<bool(size_t)>& done) {
  std::vector<size_t> out;
  for (size_t i = size_t(shard.index); i < count; i += size_t(shard.count))
    if (!done || !done(i)) out.push_back(i);
  return out;
}

}  // namespace autogemm::tune
