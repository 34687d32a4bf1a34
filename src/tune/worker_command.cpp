#include "tune/worker_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "autogemm/types.hpp"

namespace autogemm::tune {
namespace {

// The parent's flags a worker must not inherit; all but --resume take a value.
constexpr std::array<std::string_view, 12> kValueFlags = {
    "--devices",        "--gpu_device_id",  "--out-table",    "--out_table",
    "--update-table",   "--update_table",   "--worker-of",    "--worker-id",
    "--worker-timeout", "--worker_timeout", "--max-restarts", "--max_restarts"};

bool is_value_flag(std::string_view arg) {
  return std::find(kValueFlags.begin(), kValueFlags.end(), arg) != kValueFlags.end();
}

// "--flag=value" of a flag above.
bool is_value_flag_with_value(std::string_view arg) {
  const size_t eq = arg.find('=');
  return eq != std::string_view::npos && is_value_flag(arg.substr(0, eq));
}

}  // namespace

std::vector<int> parse_devices(std::string_view text) {
  auto bad = [&](std::string_view why) {
    return Error(fmt::format("{} in '{}': expected GPU ordinals separated by commas, e.g. 0,1,2",
                             why, text));
  };
  std::vector<int> out;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    const std::string_view item = text.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    int value = -1;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size() || value < 0)
      throw bad(fmt::format("'{}' is not a GPU ordinal", item));
    if (std::find(out.begin(), out.end(), value) != out.end())
      throw bad(fmt::format("GPU {} is named twice", value));
    out.push_back(value);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

std::vector<std::string> worker_args(const std::vector<std::string>& parent_args, int device,
                                     const std::string& run, const std::string& worker_id,
                                     bool restart) {
  std::vector<std::string> out;
  bool resume = restart;
  for (size_t i = 0; i < parent_args.size(); ++i) {
    const std::string& arg = parent_args[i];
    if (arg == "--resume") {
      resume = true;
    } else if (is_value_flag(arg)) {
      ++i;  // and its value
    } else if (!is_value_flag_with_value(arg)) {
      out.push_back(arg);
    }
  }
  for (const std::string& extra :
       {std::string("--gpu_device_id"), std::to_string(device), std::string("--worker-of"), run,
        std::string("--worker-id"), worker_id})
    out.push_back(extra);
  if (resume) out.push_back("--resume");
  return out;
}

}  // namespace autogemm::tune
