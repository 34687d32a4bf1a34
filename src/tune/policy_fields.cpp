#include "tune/policy_fields.hpp"

#include <iterator>
#include <tuple>
#include <utility>

namespace autogemm::tune {
namespace {

// A field's values as spec settings; index i of `apply` and of the value names agree.
struct FieldCodec {
  void (*apply)(KernelSpec&, int value);
  int (*index)(const KernelSpec&);  // -1 when the spec's value is not in the list
};

// Default first, then ascending (see the header).
constexpr int kBm[] = {128, 64, 192, 256};
constexpr int kStagesFirst = 4;
constexpr std::pair<int, int> kClusters[] = {{1, 1}, {2, 1}, {1, 2}, {2, 2}, {4, 1}, {1, 4}};
constexpr std::pair<int, bool> kWarpgroups[] = {{2, false}, {1, false}, {2, true}, {3, false}};
constexpr Epilogue kEpilogues[] = {Epilogue::direct, Epilogue::tma, Epilogue::tma_tile,
                                   Epilogue::tma_rows};
constexpr int kSwizzles[] = {8, 1, 2, 4, 16};

std::vector<int> bn_values() {
  std::vector<int> v = {256, 8};
  for (int bn = 16; bn < 256; bn += 16) v.push_back(bn);
  return v;
}

std::vector<int> stage_values() {
  std::vector<int> v = {kStagesFirst};
  for (int s = 2; s <= 16; ++s)
    if (s != kStagesFirst) v.push_back(s);
  return v;
}

template <typename T, size_t N>
int find_index(const T (&list)[N], const T& value) {
  for (size_t i = 0; i < N; ++i)
    if (list[i] == value) return int(i);
  return -1;
}

int find_index(const std::vector<int>& list, int value) {
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i] == value) return int(i);
  return -1;
}

const std::vector<int>& bns() {
  static const std::vector<int> v = bn_values();
  return v;
}

const std::vector<int>& stages() {
  static const std::vector<int> v = stage_values();
  return v;
}

// Booleans list `first` first.
template <bool KernelSpec::*Member, bool First>
FieldCodec bool_codec() {
  return {[](KernelSpec& s, int i) { s.*Member = i == 0 ? First : !First; },
          [](const KernelSpec& s) { return s.*Member == First ? 0 : 1; }};
}

const std::array<FieldCodec, kNumPolicyFields>& codecs() {
  static const std::array<FieldCodec, kNumPolicyFields> c = {{
      {[](KernelSpec& s, int i) { s.bm = kBm[i]; },
       [](const KernelSpec& s) { return find_index(kBm, s.bm); }},
      {[](KernelSpec& s, int i) { s.bn = bns()[size_t(i)]; },
       [](const KernelSpec& s) { return find_index(bns(), s.bn); }},
      {[](KernelSpec& s, int i) { s.stages = stages()[size_t(i)]; },
       [](const KernelSpec& s) { return find_index(stages(), s.stages); }},
      {[](KernelSpec& s, int i) { std::tie(s.cluster_m, s.cluster_n) = kClusters[i]; },
       [](const KernelSpec& s) {
         return find_index(kClusters, std::pair{s.cluster_m, s.cluster_n});
       }},
      {[](KernelSpec& s, int i) { std::tie(s.consumers, s.pingpong) = kWarpgroups[i]; },
       [](const KernelSpec& s) {
         return find_index(kWarpgroups, std::pair{s.consumers, s.pingpong});
       }},
      {[](KernelSpec& s, int i) { s.epilogue = kEpilogues[i]; },
       [](const KernelSpec& s) { return find_index(kEpilogues, s.epilogue); }},
      bool_codec<&KernelSpec::stream_k, false>(),
      bool_codec<&KernelSpec::swap_ab, false>(),
      {[](KernelSpec& s, int i) { s.mma_lag = 1 - i; },
       [](const KernelSpec& s) { return s.mma_lag == 0 || s.mma_lag == 1 ? 1 - s.mma_lag : -1; }},
      bool_codec<&KernelSpec::persistent, true>(),
      {[](KernelSpec& s, int i) { s.raster = i == 0 ? Raster::m : Raster::n; },
       [](const KernelSpec& s) { return s.raster == Raster::m ? 0 : 1; }},
      {[](KernelSpec& s, int i) { s.swizzle = kSwizzles[i]; },
       [](const KernelSpec& s) { return find_index(kSwizzles, s.swizzle); }},
  }};
  return c;
}

std::vector<std::string> int_names(const std::vector<int>& values) {
  std::vector<std::string> out;
  for (int v : values) out.push_back(std::to_string(v));
  return out;
}

std::array<PolicyField, kNumPolicyFields> make_fields() {
  std::vector<std::string> clusters;
  for (auto [m, n] : kClusters) clusters.push_back(std::to_string(m) + "x" + std::to_string(n));
  std::vector<std::string> epilogues;
  for (Epilogue e : kEpilogues) epilogues.emplace_back(to_string(e));
  return {{
      {"bm", int_names(std::vector<int>(std::begin(kBm), std::end(kBm)))},
      {"bn", int_names(bns())},
      {"stages", int_names(stages())},
      {"cluster", clusters},
      {"warpgroups", {"coop", "wg1", "pp", "wg3"}},
      {"epilogue", epilogues},
      {"stream_k", {"false", "true"}},
      {"swap_ab", {"false", "true"}},
      {"mma_lag", {"1", "0"}},
      {"persistent", {"true", "false"}},
      {"raster", {"m", "n"}},
      {"swizzle", int_names(std::vector<int>(std::begin(kSwizzles), std::end(kSwizzles)))},
  }};
}

}  // namespace

const std::array<PolicyField, kNumPolicyFields>& policy_fields() {
  static const std::array<PolicyField, kNumPolicyFields> fields = make_fields();
  return fields;
}

std::optional<FieldChoice> encode(const KernelSpec& s) {
  FieldChoice out{};
  for (size_t f = 0; f < kNumPolicyFields; ++f) {
    out[f] = codecs()[f].index(s);
    if (out[f] < 0) return std::nullopt;
  }
  // A KernelSpec field the policy does not model (bk, or one added after the policy's fields)
  // away from its default: decoding would not give `s` back.
  if (decode(out, Problem{{1, 1, 1}, s.dtype, s.acc, s.layout}) != s) return std::nullopt;
  return out;
}

KernelSpec decode(const FieldChoice& choice, const Problem& p) {
  KernelSpec s;
  s.dtype = p.dtype;
  s.acc = p.acc;
  s.layout = p.layout;
  s.bk = 64;
  for (size_t f = 0; f < kNumPolicyFields; ++f) codecs()[f].apply(s, choice[f]);
  return s;
}

}  // namespace autogemm::tune
