#include "tune/gpu_name.hpp"

#include <cstdlib>

#include "autogemm/types.hpp"

namespace autogemm::tune {

std::string sanitize_gpu_name(std::string_view name) {
  std::string out;
  bool pending_sep = false;
  for (char c : name) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum) {
      pending_sep = true;
      continue;
    }
    if (pending_sep && !out.empty()) out += '_';
    pending_sep = false;
    out += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  }
  return out.empty() ? "unknown_gpu" : out;
}

std::filesystem::path gpu_data_path(const std::filesystem::path& data_dir,
                                    std::string_view gpu_name, std::string_view suffix) {
  return data_dir / (sanitize_gpu_name(gpu_name) + std::string(suffix));
}

std::optional<std::filesystem::path> gpu_data_file(const char* env_var,
                                                   const std::filesystem::path& data_dir,
                                                   std::string_view gpu_name,
                                                   std::string_view suffix) {
  if (const char* env = std::getenv(env_var); env && *env) return std::filesystem::path(env);
  return shipped_data_file(data_dir, gpu_name, suffix);
}

std::optional<std::filesystem::path> shipped_data_file(const std::filesystem::path& data_dir,
                                                       std::string_view gpu_name,
                                                       std::string_view suffix) {
  const std::filesystem::path plain = gpu_data_path(data_dir, gpu_name, suffix);
  if (std::filesystem::exists(plain)) return plain;
  if (std::filesystem::path gz = plain.string() + ".gz"; std::filesystem::exists(gz)) return gz;
  return std::nullopt;
}

DataGpu data_gpu(std::string_view gpu_name, int cc_major, int cc_minor, int sm_count,
                 const std::filesystem::path& data_dir, std::string_view suffix) {
  // The kinds of data: file suffix, the variable that names a file instead, what it is.
  struct Kind {
    std::string_view suffix;
    const char* env;
    const char* what;
  };
  constexpr Kind kKinds[] = {{".json", "AUTOGEMM_TABLE", "tuning table"},
                             {".costmodel.json", "AUTOGEMM_COST_MODEL", "cost model"},
                             {".policy.json", "AUTOGEMM_POLICY", "policy"}};
  const Kind* kind = nullptr;
  for (const Kind& k : kKinds)
    if (k.suffix == suffix) kind = &k;
  if (kind == nullptr)
    throw Error("data_gpu: unknown kind of data '" + std::string(suffix) +
                "' (.json, .costmodel.json or .policy.json)");
  if (const char* v = std::getenv(kind->env); v && *v) return {std::string(gpu_name), "", ""};
  auto ships = [&](std::string_view name) {
    return shipped_data_file(data_dir, name, suffix).has_value();
  };
  // GPUs whose data ships, by chip.
  struct Shipped {
    const char* name;
    int cc_major, cc_minor, sm_count;
  };
  constexpr Shipped kShipped[] = {{"NVIDIA H200", 9, 0, 132}};
  std::string same_chip;
  for (const Shipped& g : kShipped)
    if (g.cc_major == cc_major && g.cc_minor == cc_minor && g.sm_count == sm_count &&
        sanitize_gpu_name(g.name) != sanitize_gpu_name(gpu_name) && ships(g.name)) {
      same_chip = g.name;
      break;
    }
  if (ships(gpu_name)) return {std::string(gpu_name), "", suffix == ".json" ? same_chip : ""};
  if (!same_chip.empty())
    return {same_chip,
            same_chip + "'s data (no " + kind->what + " for " + std::string(gpu_name) +
                "; same chip: sm_" + std::to_string(cc_major) + std::to_string(cc_minor) + ", " +
                std::to_string(sm_count) + " SMs)",
            ""};
  return {std::string(gpu_name), "", ""};
}

}  // namespace autogemm::tune
