#include "spec/name.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

#include "spec/validity.hpp"

namespace autogemm {
namespace {

std::string_view dtype_token(DType t) {
  return t == DType::f16 ? "f16" : "bf16";
}
std::string_view acc_token(AccType t) {
  return t == AccType::f32 ? "f32" : "f16";
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (size_t start = 0;;) {
    const size_t end = s.find(sep, start);
    out.push_back(s.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

// Parses one token of a name; every failure names the token and what was expected there.
class NameParser {
 public:
  explicit NameParser(std::string_view name) : name_(name) {}

  [[noreturn]] void fail(std::string_view token, std::string_view expected) const {
    throw Error(fmt::format("malformed kernel spec name '{}': token '{}' should be {}", name_,
                            token, expected));
  }

  // A decimal integer filling the whole of `digits`.
  int integer(std::string_view token, std::string_view digits, std::string_view expected) const {
    int value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
      fail(token, expected);
    return value;
  }

  // "<prefix><digits>" -> the number; nullopt when `token` is not the prefix and digits alone.
  std::optional<int> numbered(std::string_view token, std::string_view prefix,
                              std::string_view expected) const {
    if (token.size() <= prefix.size() || !token.starts_with(prefix) ||
        !std::all_of(token.begin() + long(prefix.size()), token.end(),
                     [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    return integer(token, token.substr(prefix.size()), expected);
  }

  // "<prefix><int>" -> int.
  int prefixed(std::string_view token, std::string_view prefix, std::string_view expected) const {
    if (!token.starts_with(prefix)) fail(token, expected);
    return integer(token, token.substr(prefix.size()), expected);
  }

  // "<prefix><a>x<b>[x<c>...]" -> ints; exactly `count` of them.
  std::vector<int> dims(std::string_view token, std::string_view prefix, size_t count,
                        std::string_view expected) const {
    if (!token.starts_with(prefix)) fail(token, expected);
    const auto parts = split(token.substr(prefix.size()), 'x');
    if (parts.size() != count) fail(token, expected);
    std::vector<int> out;
    for (auto p : parts) out.push_back(integer(token, p, expected));
    return out;
  }

 private:
  std::string_view name_;
};

}  // namespace

std::string spec_name(const KernelSpec& s) {
  return fmt::format("sm90_{}{}_{}_{}x{}x{}_s{}_c{}x{}_{}_{}_r{}{}", dtype_token(s.dtype),
                     acc_token(s.acc), to_string(s.layout), s.bm, s.bn, s.bk, s.stages, s.cluster_m,
                     s.cluster_n,
                     s.consumers == 2 ? (s.pingpong  ? "pp"
                                         : s.split_n ? "coopn"
                                                     : "coop")
                                      : fmt::format("wg{}", s.consumers),
                     s.persistent ? "persist" : "tiles", s.swizzle, to_string(s.raster)) +
         (s.epilogue == Epilogue::tma        ? "_etma"
          : s.epilogue == Epilogue::tma_tile ? "_etmat"
          : s.epilogue == Epilogue::tma_rows
              ? (s.epilogue_parts > 1 ? fmt::format("_etmar{}", s.epilogue_parts) : "_etmar")
              : "") +
         (s.stream_k ? (s.sk_splits > 0 ? fmt::format("_sk{}", s.sk_splits) : "_sk") : "") +
         (s.cluster_k > 1 ? fmt::format("_ck{}", s.cluster_k) : "") +
         (s.split_pass > 1 ? fmt::format("_skp{}{}{}", s.split_pass, s.split_piece_major ? "p" : "",
                                         s.split_last ? "l" : "")
                           : "") +
         (s.mma_lag != 1 ? fmt::format("_lag{}", s.mma_lag) : "") + (s.swap_ab ? "_swap" : "") +
         (s.defer_store ? "_defer" : "") +
         (s.acc_sets > 1 ? fmt::format("_acc{}", s.acc_sets) : "") + (s.pdl ? "" : "_nopdl") +
         (s.pdl_prefetch > 0 ? fmt::format("_pf{}", s.pdl_prefetch) : "") +
         (s.sm_placed ? "_smid" : "") +
         (s.has_fixed_shape() ? fmt::format("_fix{}x{}x{}", s.fixed.m, s.fixed.n, s.fixed.k) : "") +
         (s.scaled ? "_ab" : "");
}

KernelSpec parse_name(std::string_view name) {
  const NameParser p(name);
  const auto tokens = split(name, '_');
  if (tokens.size() < 9)
    throw Error(
        fmt::format("malformed kernel spec name '{}': expected 9 tokens like "
                    "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m, got {}",
                    name, tokens.size()));

  KernelSpec s;
  if (tokens[0] != "sm90") p.fail(tokens[0], "the architecture 'sm90'");

  // Data type then accumulator type, e.g. f16f32 or bf16f32.
  std::string_view types = tokens[1];
  const char* types_expected = "data+accumulator types like f16f32, bf16f32 or f16f16";
  if (types.starts_with("bf16")) {
    s.dtype = DType::bf16;
    types.remove_prefix(4);
  } else if (types.starts_with("f16")) {
    s.dtype = DType::f16;
    types.remove_prefix(3);
  } else {
    p.fail(tokens[1], types_expected);
  }
  if (types == "f32")
    s.acc = AccType::f32;
  else if (types == "f16")
    s.acc = AccType::f16;
  else
    p.fail(tokens[1], types_expected);

  if (tokens[2] == "nn")
    s.layout = Layout::nn;
  else if (tokens[2] == "tn")
    s.layout = Layout::tn;
  else
    p.fail(tokens[2], "the layout 'nn' or 'tn'");

  const auto tile = p.dims(tokens[3], "", 3, "the tile BMxBNxBK like 128x256x64");
  s.bm = tile[0];
  s.bn = tile[1];
  s.bk = tile[2];
  s.stages = p.prefixed(tokens[4], "s", "the stage count like s4");
  const auto cluster = p.dims(tokens[5], "c", 2, "the cluster shape like c2x1");
  s.cluster_m = cluster[0];
  s.cluster_n = cluster[1];

  if (tokens[6] == "coop") {
    s.consumers = 2;
  } else if (tokens[6] == "coopn") {
    s.consumers = 2;
    s.split_n = true;
  } else if (tokens[6] == "pp") {
    s.consumers = 2;
    s.pingpong = true;
  } else {
    s.consumers =
        p.prefixed(tokens[6], "wg", "'coop', 'coopn', 'pp' or the consumer count like wg1");
  }

  if (tokens[7] == "persist")
    s.persistent = true;
  else if (tokens[7] == "tiles")
    s.persistent = false;
  else
    p.fail(tokens[7], "'persist' or 'tiles'");

  // Raster: r<swizzle><m|n>.
  const std::string_view raster = tokens[8];
  const char* raster_expected = "the raster like r8m (swizzle width, then m or n)";
  if (raster.size() < 3) p.fail(raster, raster_expected);
  if (raster.back() == 'm')
    s.raster = Raster::m;
  else if (raster.back() == 'n')
    s.raster = Raster::n;
  else
    p.fail(raster, raster_expected);
  s.swizzle = p.prefixed(raster.substr(0, raster.size() - 1), "r", raster_expected);

  // Optional tokens, one per non-default field added after the first nine.
  for (size_t i = 9; i < tokens.size(); ++i) {
    if (tokens[i] == "etma")
      s.epilogue = Epilogue::tma;
    else if (tokens[i] == "etmat")
      s.epilogue = Epilogue::tma_tile;
    else if (tokens[i] == "etmar")
      s.epilogue = Epilogue::tma_rows;
    else if (auto parts = p.numbered(tokens[i], "etmar",
                                     "'etmarN': row blocks staged in N parts of their C rows")) {
      s.epilogue = Epilogue::tma_rows;
      s.epilogue_parts = *parts;
    } else if (tokens[i] == "sk")
      s.stream_k = true;
    else if (tokens[i].size() > 4 && tokens[i].starts_with("skp") &&
             (tokens[i].ends_with("p") || tokens[i].ends_with("l"))) {
      const char* expected =
          "'skpNp', 'skpNl' or 'skpNpl', N from 2 to 16: split-K in N pieces, launched "
          "piece-major (p), summed by the last piece (l)";
      std::string_view digits = tokens[i].substr(3);
      if (digits.ends_with("l")) {
        s.split_last = true;
        digits.remove_suffix(1);
      }
      if (digits.ends_with("p")) {
        s.split_piece_major = true;
        digits.remove_suffix(1);
      }
      s.split_pass = p.integer(tokens[i], digits, expected);
      if (s.split_pass < 2) p.fail(tokens[i], expected);
    } else if (auto n = p.numbered(tokens[i], "sk", "'skN': stream-K with N splits")) {
      s.stream_k = true;
      s.sk_splits = *n;
    } else if (auto pieces = p.numbered(tokens[i], "skp",
                                        "'skpN': split-K in N pieces with a reduction pass"))
      s.split_pass = *pieces;
    else if (auto ck = p.numbered(tokens[i], "ck", "'ckN': split-K over N CTAs of a cluster"))
      s.cluster_k = *ck;
    else if (tokens[i] == "lag0" || tokens[i] == "lag2" || tokens[i] == "lag3")
      s.mma_lag = tokens[i][3] - '0';
    else if (tokens[i] == "swap")
      s.swap_ab = true;
    else if (tokens[i] == "defer")
      s.defer_store = true;
    else if (tokens[i] == "acc2" || tokens[i] == "acc4")
      s.acc_sets = tokens[i][3] - '0';
    else if (tokens[i] == "nopdl")
      s.pdl = false;
    else if (auto pf = p.numbered(tokens[i], "pf",
                                  "'pfN': N k-blocks prefetched into L2 before the PDL wait"))
      s.pdl_prefetch = *pf;
    else if (tokens[i] == "smid")
      s.sm_placed = true;
    else if (tokens[i] == "ab")
      s.scaled = true;
    else if (tokens[i].starts_with("fix")) {
      const auto mnk = p.dims(tokens[i], "fix", 3, "the compiled-in shape like fix64x4096x64");
      s.fixed = {mnk[0], mnk[1], mnk[2]};
    } else
      p.fail(tokens[i],
             "an optional field token: 'etma', 'etmat', 'etmar', 'etmarN', 'sk', 'skN', 'ckN', "
             "'skpN', "
             "'skpNp', 'skpNl', 'skpNpl', "
             "'lag0', 'lag2', "
             "'lag3', 'swap', 'defer', 'acc2', 'acc4', 'nopdl', 'pfN', 'smid', 'fixMxNxK' or "
             "'ab'");
  }

  // Canonical form only ("s04" or "wg2" would otherwise alias another name).
  const std::string canonical = spec_name(s);
  if (canonical != name)
    throw Error(
        fmt::format("kernel spec name '{}' is not canonical; did you mean '{}'?", name, canonical));
  if (auto broken = validate(s))
    throw Error(fmt::format("kernel spec name '{}' describes an invalid spec: {}", name, *broken));
  return s;
}

}  // namespace autogemm
