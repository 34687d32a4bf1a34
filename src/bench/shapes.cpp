#include "bench/shapes.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "bench/errors.hpp"
#include "bench/random.hpp"

namespace autogemm::bench {
namespace {

// A positive decimal integer, nothing else (no sign, no spaces, no suffix).
bool parse_positive(std::string_view s, int64_t& out) {
  if (s.empty()) return false;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && out > 0;
}

std::string_view trim(std::string_view s) {
  const char* ws = " \t\r\n";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

// Splits on `sep`; trims each field if `trim_fields` (shape files), not for --mnk's strict form.
std::vector<std::string_view> split(std::string_view s, char sep, bool trim_fields = true) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t pos = s.find(sep, start);
    std::string_view field = s.substr(start, pos == std::string_view::npos ? pos : pos - start);
    parts.push_back(trim_fields ? trim(field) : field);
    if (pos == std::string_view::npos) break;
    start = pos + 1;
  }
  return parts;
}

Shape shape_from_fields(const std::vector<std::string_view>& f, std::string_view text,
                        std::string_view expected) {
  Shape s;
  if (f.size() != 3 || !parse_positive(f[0], s.m) || !parse_positive(f[1], s.n) ||
      !parse_positive(f[2], s.k))
    throw InputError("bad shape '" + std::string(text) + "': expected " + std::string(expected) +
                     " with three positive integers");
  return s;
}

}  // namespace

std::string shape_name(const Shape& s) {
  return std::to_string(s.m) + "_" + std::to_string(s.n) + "_" + std::to_string(s.k);
}

Shape parse_mnk(std::string_view text) {
  return shape_from_fields(split(text, '_', false), text, "M_N_K (e.g. 64_4096_64)");
}

Shape parse_shape_line(std::string_view line) {
  std::string_view t = trim(line);
  constexpr std::string_view kForms = "M_N_K, 'M N K' or M,N,K";
  if (t.find(',') != std::string_view::npos) return shape_from_fields(split(t, ','), t, kForms);
  if (t.find('_') != std::string_view::npos) return shape_from_fields(split(t, '_'), t, kForms);
  // Whitespace-separated: collapse runs of blanks.
  std::vector<std::string_view> f;
  size_t i = 0;
  while (i < t.size()) {
    size_t j = t.find_first_of(" \t", i);
    if (j == std::string_view::npos) j = t.size();
    if (j > i) f.push_back(t.substr(i, j - i));
    i = j + 1;
  }
  return shape_from_fields(f, t, kForms);
}

std::vector<Shape> parse_shapes_text(std::string_view text, const std::string& name) {
  std::vector<Shape> shapes;
  int line_no = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    ++line_no;
    pos = eol + 1;
    line = trim(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    try {
      shapes.push_back(parse_shape_line(line));
    } catch (const InputError& e) {
      throw InputError(name + ":" + std::to_string(line_no) + ": " + e.what());
    }
  }
  if (shapes.empty()) throw InputError(name + ": no shapes in file");
  return shapes;
}

std::vector<Shape> read_shapes_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot open shapes file '" + path + "'");
  std::stringstream buf;
  buf << in.rdbuf();
  return parse_shapes_text(buf.str(), path);
}

const std::vector<int64_t>& cudal2_sizes() {
  static const std::vector<int64_t> sizes = {64,   128,  256,  512,   1024,
                                             2048, 4096, 8192, 12288, 16384};
  return sizes;
}

std::vector<Shape> cudal2_grid() {
  std::vector<Shape> grid;
  for (int64_t m : cudal2_sizes())
    for (int64_t n : cudal2_sizes())
      for (int64_t k : cudal2_sizes()) grid.push_back({m, n, k});
  return grid;
}

std::vector<Shape> named_grid(std::string_view name) {
  if (name == "cudal2") return cudal2_grid();
  throw InputError("unknown grid '" + std::string(name) + "' (expected cudal2)");
}

std::vector<Shape> stratified_sample(const std::vector<Shape>& shapes, size_t count,
                                     uint64_t seed) {
  std::vector<Shape> sorted = shapes;
  // Sorting by flops is sorting by log10(2MNK); ties broken by (M, N, K) so the order is total.
  std::sort(sorted.begin(), sorted.end(), [](const Shape& a, const Shape& b) {
    if (a.flops() != b.flops()) return a.flops() < b.flops();
    return a < b;
  });
  if (count >= sorted.size()) return sorted;
  auto key = [seed](const Shape& s) {
    return counter_bits(
        seed, mix64(uint64_t(s.m)) ^ mix64(uint64_t(s.n) << 1) ^ mix64(uint64_t(s.k) << 2));
  };
  std::vector<Shape> picked;
  const size_t total = sorted.size();
  for (size_t i = 0; i < count; ++i) {
    size_t lo = i * total / count, hi = (i + 1) * total / count;  // stratum [lo, hi)
    auto best = std::min_element(sorted.begin() + lo, sorted.begin() + hi,
                                 [&](const Shape& a, const Shape& b) { return key(a) < key(b); });
    picked.push_back(*best);
  }
  return picked;
}

}  // namespace autogemm::bench
