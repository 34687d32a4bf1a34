#include "spec/fitted.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <tuple>

#include "spec/validity.hpp"

namespace autogemm {
namespace {

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

// A tile before its cluster: the frame, the rows and their warpgroups, the width.
struct Base {
  bool swap_ab;
  int bm, consumers;
  bool pingpong;
  int bn;
  bool split_n = false;
};

// The kernel's frame: with swap-AB its rows run along N and its columns along M.
std::pair<int64_t, int64_t> frame(const Problem& p, bool swap_ab) {
  return swap_ab ? std::pair{p.shape.n, p.shape.m} : std::pair{p.shape.m, p.shape.n};
}

// `b` in a cm x cn cluster, with the deepest ring that fits, at most 8 stages and at most two
// tiles' k-blocks (a deeper ring only costs shared memory, and on launch-bound shapes the
// largest carveout); nullopt when no depth makes it valid for `p`.
// `row_parts` > 0: C staged as row blocks in that many parts (wide_swap_specs' 256-row tiles).
std::optional<KernelSpec> build(const Problem& p, const Base& b, int cm, int cn,
                                int row_parts = 0) {
  KernelSpec s;
  s.dtype = p.dtype;
  s.acc = p.acc;
  s.layout = p.layout;
  s.bm = b.bm;
  s.bn = b.bn;
  s.consumers = b.consumers;
  s.pingpong = b.pingpong;
  s.split_n = b.split_n;
  s.swap_ab = b.swap_ab;
  s.cluster_m = cm;
  s.cluster_n = cn;
  // Swap-AB stores C transposed from registers here unless `row_parts` asks for row blocks (the
  // fitted family's row-block twins are gemm()'s trial's, with_row_block_twins, until the cost
  // model has rows of them; wide_swap_specs stages them); otherwise staged rows of 16 columns
  // and up.
  s.epilogue = b.swap_ab && row_parts == 0 ? Epilogue::direct : Epilogue::tma_rows;
  s.epilogue_parts = std::max(row_parts, 1);
  // Even multicast slices only. With uneven ones (cuBLASLt's 4x1 and 4x2 clusters on 72- to
  // 144-wide tiles) gemm() read 0.997x in raw time on 30 fresh skinny shapes in two pairs of
  // processes (h100_uneven_s36.md): too little for specs the cost model has never seen.
  if (!even_multicast_slices(s)) return std::nullopt;
  const int64_t k_blocks = ceil_div(p.shape.k, 64);
  for (int stages = int(std::clamp<int64_t>(2 * k_blocks, 2, 8)); stages >= 2; --stages) {
    s.stages = stages;
    if (!validate(s)) return validate_problem(s, p) ? std::nullopt : std::optional(s);
  }
  return std::nullopt;
}

// Tile widths that cut `cols` into whole tiles: into the fewest tiles `widest` wide or narrower
// and up to seven more, and into 1 to `max_waves` whole waves with `tile_rows` rows of tiles;
// each count's width rounded up to each of `rounds`; from `narrowest` to `widest`, each once, in
// that order.
std::vector<int> fitting_widths(int64_t cols, int64_t tile_rows, int sm_count, int narrowest,
                                int widest, std::initializer_list<int> rounds, int max_waves) {
  const int64_t fewest = ceil_div(cols, widest);
  std::vector<int64_t> counts;
  for (int64_t t = fewest; t < fewest + 8; ++t) counts.push_back(t);
  for (int64_t waves = 1; waves <= max_waves; ++waves)
    for (int64_t t : {waves * sm_count / tile_rows, waves * sm_count / tile_rows - 1})
      counts.push_back(t);
  std::vector<int> widths;
  for (int64_t t : counts)
    for (int round : rounds) {
      if (t < 1) continue;
      const int64_t w = ceil_div(ceil_div(cols, t), round) * round;
      if (w >= narrowest && w <= widest &&
          std::find(widths.begin(), widths.end(), int(w)) == widths.end())
        widths.push_back(int(w));
    }
  return widths;
}

}  // namespace

double fitted_score(int64_t rows, int64_t cols, int bm, int bn, int cluster_m, int cluster_n,
                    int sm_count, int pieces) {
  const int64_t tr = ceil_div(rows, bm), tc = ceil_div(cols, bn);
  // A cluster covers cluster_m x cluster_n tiles: the grid rounds up to whole clusters.
  const int64_t ctas = ceil_div(tr, cluster_m) * cluster_m * ceil_div(tc, cluster_n) * cluster_n;
  const int size = cluster_m * cluster_n;
  const int64_t slots = std::max(1, sm_count / size) * size;
  const double used = double(rows * cols) / double(ctas * bm * bn);
  const int64_t units = ctas * pieces;
  const double fill = double(units) / double(ceil_div(units, slots) * slots);
  // MMA work per row a CTA loads: multicast shares A's rows across the cluster's columns and
  // B's across its rows. Below about 100 (the H200's MMA rate over its L2 bandwidth per SM)
  // the tile waits for L2. Narrow MMAs (N below 128) re-read A from shared memory for less
  // work each. Both mild: tie-breakers more than verdicts.
  const double loaded = double(bm) / cluster_n + double(bn) / cluster_m;
  const double intensity = double(bm) * bn / loaded;
  const double narrow = std::pow(std::min(1.0, bn / 128.0), 0.3);
  // Pieces write partials that a second pass reads back.
  const double pass = pieces > 1 ? 0.85 : 1.0;
  return used * fill * std::sqrt(std::min(1.0, intensity / 100.0)) * narrow * pass;
}

std::vector<KernelSpec> fitted_specs(const Problem& p, int sm_count, size_t max_count) {
  if (p.shape.m < 1 || p.shape.n < 1 || p.shape.k < 1) return {};  // nothing fits an empty C
  sm_count = std::max(1, sm_count);
  struct Scored {
    double score;
    size_t tile;  // index of (frame, rows, width): at most three entries per tile
    KernelSpec spec;
  };
  std::vector<Scored> scored;
  size_t tile_index = 0;
  const int64_t k_blocks = ceil_div(p.shape.k, 64);
  for (bool swap_ab : {false, true}) {
    const auto [rows, cols] = frame(p, swap_ab);
    // Width granularity: wgmma's N is any multiple of 8; tn tiles without swap-AB load B in
    // 16-row steps, nn B in 64-column boxes. Narrower than 64 only when the columns are.
    const int step = swap_ab ? 8 : p.layout == Layout::tn ? 16 : 64;
    const int64_t narrowest = std::min<int64_t>(64, ceil_div(cols, step) * step);
    // 192 rows: three warpgroups of 64, or two over the columns (split N; up to 1.25x faster
    // where M is a multiple of 192, h200_split_n_s26.md).
    for (auto [bm, consumers, pingpong, split_n] :
         {std::tuple{64, 1, false, false}, std::tuple{128, 2, false, false},
          std::tuple{128, 2, true, false}, std::tuple{192, 3, false, false},
          std::tuple{192, 2, false, true}, std::tuple{256, 2, false, false}}) {
      if (swap_ab && (pingpong || split_n)) continue;
      // Column counts: the fewest tiles 256 wide or narrower and up to seven more, and those
      // that make one or two whole waves with this tile's row count. Each width is also
      // rounded to twice and four times the step: this family keeps multicast slices of B even
      // (whole 8-row swizzle periods each, below), so 4-CTA rows need widths of 32s (160, not
      // 152, for 299 columns).
      const int64_t tr = ceil_div(rows, bm);
      for (int w :
           fitting_widths(cols, tr, sm_count, int(narrowest), 256, {step, 2 * step, 4 * step}, 2)) {
        // Cooperative fp32 tiles of more than 128 accumulators per thread (256x136 and up) are
        // valid since notes item 119 but untrained in the cost model that ranks this family.
        if (p.acc == AccType::f32 && !pingpong && !split_n && consumers == 2 &&
            bm / consumers * w / 128 > 128)
          continue;
        const Base b{swap_ab, bm, consumers, pingpong, w, split_n};
        const int64_t tc = ceil_div(cols, w);
        // Few tiles over long K: pieces of K that fill the SMs the tiles leave idle, each
        // writing an fp32 partial that a reduction pass sums (no ping-pong; not split N, which
        // is valid there but measured no faster than one warpgroup, h200_split_n_splitk_s27.md).
        const int64_t split = std::min<int64_t>(8, sm_count / (tr * tc));
        const bool can_split = !pingpong && !split_n && split >= 2 &&
                               k_blocks >= kFittedSplitMinKBlocks && k_blocks >= 8 * split;
        // Clusters no larger than the tile grid in either direction.
        for (auto [cm, cn] : {std::pair{1, 1}, std::pair{2, 1}, std::pair{1, 2}, std::pair{2, 2},
                              std::pair{4, 1}, std::pair{1, 4}, std::pair{4, 2}, std::pair{2, 4}}) {
          if (cm > tr || cn > tc) continue;
          auto s = build(p, b, cm, cn);
          if (!s) continue;
          scored.push_back({fitted_score(rows, cols, bm, w, cm, cn, sm_count, 1), tile_index, *s});
          if (!can_split) continue;
          s->persistent = false;
          s->epilogue = Epilogue::direct;
          s->split_pass = int(split);
          // Piece-major but with swap-AB (weight streaming: 0.5-0.7% slower piece-major on
          // fresh decode-like shapes; h200_split_order_s23.md).
          s->split_piece_major = !swap_ab;
          if (!validate(*s) && !validate_problem(*s, p))
            scored.push_back(
                {fitted_score(rows, cols, bm, w, cm, cn, sm_count, int(split)), tile_index, *s});
        }
        ++tile_index;
      }
    }
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const Scored& a, const Scored& b) { return a.score > b.score; });
  // The best-scoring, at most three of one tile, so that one good tile does not crowd out the
  // other frames and row counts.
  std::vector<KernelSpec> out;
  std::vector<size_t> per_tile(tile_index, 0);
  for (const Scored& s : scored) {
    if (out.size() >= max_count) break;
    if (per_tile[s.tile] >= 3) continue;
    ++per_tile[s.tile];
    out.push_back(s.spec);
  }
  return out;
}

std::vector<KernelSpec> wide_swap_specs(const Problem& p, int sm_count, size_t max_count) {
  if (p.shape.m < 1 || p.shape.n < 1 || p.shape.k < 1) return {};
  sm_count = std::max(1, sm_count);
  const auto [rows, cols] = frame(p, true);
  std::vector<std::pair<double, KernelSpec>> scored;
  // Split N (bm 128 and 192), and 256 rows split between the warpgroups.
  for (auto [bm, split_n] : {std::pair{128, true}, std::pair{192, true}, std::pair{256, false}}) {
    // Each warpgroup holds bm x bn/2 (split N) or bm/2 x bn fp32 accumulators, at most 192 a
    // thread.
    const int widest = split_n ? 192 * 128 / bm * 2 : 192;
    const int64_t tr = ceil_div(rows, bm);
    // 16s: each warpgroup's half whole 8-row swizzle periods; 32s for even 4-CTA multicast slices.
    for (int w : fitting_widths(cols, tr, sm_count, 128, widest, {16, 32}, 3))
      for (auto [cm, cn] :
           {std::pair{1, 1}, std::pair{2, 1}, std::pair{1, 2}, std::pair{2, 2}, std::pair{4, 1}}) {
        if (cm > tr || cn > ceil_div(cols, w)) continue;
        // Four stages at least: three-stage 128x336 to 128x384 ran 8-20% behind the
        // four-stage 128x304 on 2124x4544x11208 (h200_swap_split_n_s30.md).
        const Base b{true, bm, 2, false, w, split_n};
        std::optional<KernelSpec> s;
        if (split_n) {
          // With row blocks where some part count keeps the ring: a tile it does not keep
          // (192x208, 128x320: all but 64 B of the budget are ring) stays direct, as it won its
          // large trials so.
          s = build(p, b, cm, cn);
          if (s && s->stages >= 4)
            if (auto rows_spec = as_row_blocks(*s); rows_spec && !validate_problem(*rows_spec, p))
              s = rows_spec;
        } else {
          // 256 rows: the direct stores break the register rule, the row blocks do not; the
          // fewest parts that leave four stages.
          for (int parts = 1; parts <= 4 && !(s && s->stages >= 4); ++parts)
            s = build(p, b, cm, cn, parts);
        }
        if (!s || s->stages < 4) continue;
        scored.emplace_back(fitted_score(rows, cols, bm, w, cm, cn, sm_count, 1), *s);
      }
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<KernelSpec> out;
  for (const auto& [score, spec] : scored) {
    if (out.size() >= max_count) break;
    out.push_back(spec);
  }
  return out;
}

}  // namespace autogemm
