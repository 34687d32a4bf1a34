#include "tune/policy_fields.hpp"

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
constexpr std::pair<int, int> kClusters[] = {{1, 1}, {2, 1}, {1, 2}, {2, 2},
                                             {4, 1}, {1, 4}, {2, 4}, {4, 2}};
// Consumers, ping-pong, split N.
constexpr std::tuple<int, bool, bool> kWarpgroups[] = {
    {2, false, false}, {1, false, false}, {2, true, false}, {3, false, false}, {2, false, true}};
// The epilogue and, for row blocks, their parts (epilogue_parts), appended so that policy files
// written before keep their values' meaning.
constexpr std::pair<Epilogue, int> kEpilogues[] = {{Epilogue::direct, 1},   {Epilogue::tma, 1},
                                                   {Epilogue::tma_tile, 1}, {Epilogue::tma_rows, 1},
                                                   {Epilogue::tma_rows, 2}, {Epilogue::tma_rows, 3},
                                                   {Epilogue::tma_rows, 4}};

// `first`, then the multiples of `step` from `lo` to `hi` other than `first`.
std::vector<int> default_then(int first, int lo, int hi, int step = 1) {
  std::vector<int> v = {first};
  for (int x = lo; x <= hi; x += step)
    if (x != first) v.push_back(x);
  return v;
}

// The integer fields' values. bn: every multiple of 8 (swap-AB tiles cover M in steps of 8).
// sk_splits: 0 (every CTA) or 2 to 64 pieces per tile, the validity rule's range.
const std::vector<int>& bms() {
  static const std::vector<int> v = {128, 64, 192, 256};
  return v;
}
const std::vector<int>& bns() {
  static const std::vector<int> v = default_then(256, 8, 248, 8);
  return v;
}
const std::vector<int>& stages() {
  static const std::vector<int> v = default_then(4, 2, 16);
  return v;
}
const std::vector<int>& mma_lags() {
  static const std::vector<int> v = {1, 0, 2, 3};
  return v;
}
const std::vector<int>& swizzles() {
  static const std::vector<int> v = {8, 1, 2, 4, 16};
  return v;
}
const std::vector<int>& sk_splits() {
  static const std::vector<int> v = default_then(0, 2, 64);
  return v;
}
const std::vector<int>& acc_sets() {
  static const std::vector<int> v = {1, 2, 4};
  return v;
}
const std::vector<int>& bks() {
  static const std::vector<int> v = {64, 128, 32};
  return v;
}
const std::vector<int>& cluster_ks() {
  static const std::vector<int> v = {1, 2, 4, 8, 16};
  return v;
}
// split_pass: 1 (no pass) and the counts the sweep and the local moves use. The rule also allows
// 5, 6 and 9-15, which the policy cannot express; a longer list made too few uniform draws valid
// (the piece-major values below still cost about half of them: 1 is one value of 13).
const std::vector<int>& split_passes() {
  static const std::vector<int> v = {1, 2, 3, 4, 7, 8, 16};
  return v;
}
// ... and then the same counts launched piece-major (split_piece_major), appended so that policy
// files written before keep their values' meaning.
const std::vector<int>& piece_major_passes() {
  static const std::vector<int> v = {2, 3, 4, 7, 8, 16};
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

// An integer member taking the values of `Values()`.
template <int KernelSpec::*Member, const std::vector<int>& (*Values)()>
FieldCodec int_codec() {
  return {[](KernelSpec& s, int i) { s.*Member = Values()[size_t(i)]; },
          [](const KernelSpec& s) { return find_index(Values(), s.*Member); }};
}

// Booleans list `first` first.
template <bool KernelSpec::*Member, bool First>
FieldCodec bool_codec() {
  return {[](KernelSpec& s, int i) { s.*Member = i == 0 ? First : !First; },
          [](const KernelSpec& s) { return s.*Member == First ? 0 : 1; }};
}

FieldCodec split_pass_codec() {
  return {[](KernelSpec& s, int i) {
            const size_t tile_major = split_passes().size();
            const bool piece = size_t(i) >= tile_major;
            s.split_pass =
                piece ? piece_major_passes()[size_t(i) - tile_major] : split_passes()[size_t(i)];
            s.split_piece_major = piece;
          },
          [](const KernelSpec& s) {
            if (!s.split_piece_major) return find_index(split_passes(), s.split_pass);
            const int i = find_index(piece_major_passes(), s.split_pass);
            return i < 0 ? -1 : int(split_passes().size()) + i;
          }};
}

std::vector<std::string> split_pass_names() {
  std::vector<std::string> out;
  for (int v : split_passes()) out.push_back(std::to_string(v));
  for (int v : piece_major_passes()) out.push_back(std::to_string(v) + "p");
  return out;
}

const std::array<FieldCodec, kNumPolicyFields>& codecs() {
  static const std::array<FieldCodec, kNumPolicyFields> c = {{
      int_codec<&KernelSpec::bm, bms>(),
      int_codec<&KernelSpec::bn, bns>(),
      int_codec<&KernelSpec::stages, stages>(),
      {[](KernelSpec& s, int i) { std::tie(s.cluster_m, s.cluster_n) = kClusters[i]; },
       [](const KernelSpec& s) {
         return find_index(kClusters, std::pair{s.cluster_m, s.cluster_n});
       }},
      {[](KernelSpec& s, int i) { std::tie(s.consumers, s.pingpong, s.split_n) = kWarpgroups[i]; },
       [](const KernelSpec& s) {
         return find_index(kWarpgroups, std::tuple{s.consumers, s.pingpong, s.split_n});
       }},
      {[](KernelSpec& s, int i) { std::tie(s.epilogue, s.epilogue_parts) = kEpilogues[i]; },
       [](const KernelSpec& s) {
         return find_index(kEpilogues, std::pair{s.epilogue, s.epilogue_parts});
       }},
      bool_codec<&KernelSpec::stream_k, false>(),
      bool_codec<&KernelSpec::swap_ab, false>(),
      int_codec<&KernelSpec::mma_lag, mma_lags>(),
      bool_codec<&KernelSpec::persistent, true>(),
      {[](KernelSpec& s, int i) { s.raster = i == 0 ? Raster::m : Raster::n; },
       [](const KernelSpec& s) { return s.raster == Raster::m ? 0 : 1; }},
      int_codec<&KernelSpec::swizzle, swizzles>(),
      int_codec<&KernelSpec::sk_splits, sk_splits>(),
      int_codec<&KernelSpec::acc_sets, acc_sets>(),
      bool_codec<&KernelSpec::defer_store, false>(),
      bool_codec<&KernelSpec::pdl, true>(),
      int_codec<&KernelSpec::bk, bks>(),
      int_codec<&KernelSpec::cluster_k, cluster_ks>(),
      split_pass_codec(),
      bool_codec<&KernelSpec::split_last, false>(),
      bool_codec<&KernelSpec::sm_placed, false>(),
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
  for (auto [e, parts] : kEpilogues)
    epilogues.push_back(std::string(to_string(e)) + (parts > 1 ? std::to_string(parts) : ""));
  return {{
      {"bm", int_names(bms())},
      {"bn", int_names(bns())},
      {"stages", int_names(stages())},
      {"cluster", clusters},
      {"warpgroups", {"coop", "wg1", "pp", "wg3", "coopn"}},
      {"epilogue", epilogues},
      {"stream_k", {"false", "true"}},
      {"swap_ab", {"false", "true"}},
      {"mma_lag", int_names(mma_lags())},
      {"persistent", {"true", "false"}},
      {"raster", {"m", "n"}},
      {"swizzle", int_names(swizzles())},
      {"sk_splits", int_names(sk_splits())},
      {"acc_sets", int_names(acc_sets())},
      {"defer_store", {"false", "true"}},
      {"pdl", {"true", "false"}},
      {"bk", int_names(bks())},
      {"cluster_k", int_names(cluster_ks())},
      {"split_pass", split_pass_names()},
      {"split_last", {"false", "true"}},
      {"sm_placed", {"false", "true"}},
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
  // A KernelSpec field the policy does not model (one added after the policy's fields) away
  // from its default: decoding would not give `s` back. A compiled-in shape and the scaled
  // epilogue are not structure the policy chooses (the problem and the call decide them): `s`
  // counts as its plain twin.
  KernelSpec structure = s;
  structure.fixed = {};
  structure.scaled = false;
  if (decode(out, Problem{{1, 1, 1}, s.dtype, s.acc, s.layout}) != structure) return std::nullopt;
  return out;
}

KernelSpec decode(const FieldChoice& choice, const Problem& p) {
  KernelSpec s;
  s.dtype = p.dtype;
  s.acc = p.acc;
  s.layout = p.layout;
  for (size_t f = 0; f < kNumPolicyFields; ++f) codecs()[f].apply(s, choice[f]);
  return s;
}

}  // namespace autogemm::tune
