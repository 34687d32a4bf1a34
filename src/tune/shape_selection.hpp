// Which shapes one `autogemm tune` process works on: its shard of the list, minus the shapes
// --resume may skip. Pure, so the CLI's filtering is tested without a GPU or a store.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

namespace autogemm::tune {

// --shard i/n: this process takes the shapes whose index % n == i.
struct Shard {
  int index = 0;
  int count = 1;
};

// Parses "i/n" with 0 <= i < n; throws Error naming the rule otherwise.
Shard parse_shard(std::string_view text);

// Indices into a list of `count` shapes that this process tunes, in list order: those of
// `shard`, without those for which `done` (the --resume check; may be empty) says true.
std::vector<size_t> select_shapes(size_t count, const Shard& shard,
                                  const std::function<bool(size_t)>& done = {});

}  // namespace autogemm::tune
