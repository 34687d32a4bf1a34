#include "spec/enumerate.hpp"

#include <algorithm>

namespace autogemm {

namespace {

// A spec by its tile, consumer warpgroups, stages and cluster; the rest default.
KernelSpec tile(int bm, int bn, int consumers, int stages, int cluster_m = 1, int cluster_n = 1) {
  KernelSpec s;
  s.bm = bm;
  s.bn = bn;
  s.consumers = consumers;
  s.stages = stages;
  s.cluster_m = cluster_m;
  s.cluster_n = cluster_n;
  return s;
}

}  // namespace

std::vector<KernelSpec> enumerate_specs(DType dtype, AccType acc, Layout layout,
                                        const SpecFilter& filter, const DeviceLimits& limits) {
  std::vector<KernelSpec> out;
  // Domains are slightly wider than the rules allow only where the rule is the interesting
  // part (bn granularity per layout); validate() does the pruning.
  for (int bm : {64, 128, 192, 256})
    for (int bn = 64; bn <= 256; bn += 16)
      for (int stages = 2; stages <= 8; ++stages)
        for (int consumers : {1, 2, 3})
          for (auto [cm, cn] : {std::pair{1, 1}, std::pair{2, 1}, std::pair{1, 2}, std::pair{2, 2},
                                std::pair{4, 1}, std::pair{1, 4}})
            for (bool persistent : {true, false})
              for (Raster raster : {Raster::m, Raster::n})
                for (int swizzle : {1, 2, 4, 8, 16})
                  for (Epilogue epilogue :
                       {Epilogue::direct, Epilogue::tma, Epilogue::tma_tile, Epilogue::tma_rows})
                    for (bool stream_k : {false, true})
                      for (bool pingpong : {false, true}) {
                        KernelSpec s = tile(bm, bn, consumers, stages, cm, cn);
                        s.dtype = dtype;
                        s.acc = acc;
                        s.layout = layout;
                        s.persistent = persistent;
                        s.raster = raster;
                        s.swizzle = swizzle;
                        s.epilogue = epilogue;
                        s.stream_k = stream_k;
                        s.pingpong = pingpong;
                        if (validate(s, limits)) continue;
                        if (filter && !filter(s)) continue;
                        out.push_back(s);
                        // Cluster split-K where it applies (one tile per cluster, direct
                        // stores, ...): validate() keeps the rest out.
                        for (int ck : {2, 4, 8, 16}) {
                          KernelSpec c = s;
                          c.cluster_k = ck;
                          if (!validate(c, limits) && (!filter || filter(c))) out.push_back(c);
                        }
                        // Split-K with a reduction pass, likewise (one piece per CTA, ...).
                        for (int pieces : {2, 4, 8, 16}) {
                          KernelSpec c = s;
                          c.split_pass = pieces;
                          if (!validate(c, limits) && (!filter || filter(c))) out.push_back(c);
                        }
                      }
  return out;
}

std::vector<KernelSpec> default_sweep(DType dtype, AccType acc, Layout layout) {
  struct Row {
    int bm, bn, consumers;
    std::initializer_list<int> stages;
  };
  // Tiles that fill the 128-register accumulator budget (the large-shape winners on Hopper; the
  // wider cooperative ones of notes item 119 lost) and smaller ones for the less regular shapes;
  // stage counts around what fits in smem.
  const Row rows[] = {
      {192, 192, 3, {3, 4}},  // three consumers of 64 rows: the most work per loaded byte
      {128, 256, 2, {3, 4}},  // coop, 64 rows per consumer
      {256, 128, 2, {3, 4}},  // coop, 128 rows per consumer
      {128, 192, 2, {4}},     // coop
      {128, 128, 2, {4, 6}},  // coop, half the accumulator budget
      {128, 128, 1, {4, 6}},  // one consumer
      {64, 256, 1, {4, 5}},   // wg1, wide N
      {64, 128, 1, {6}},      // wg1, small tile
  };
  const std::pair<int, int> clusters[] = {{1, 1}, {2, 1}, {1, 2}};

  std::vector<KernelSpec> out;
  auto add = [&](KernelSpec s) {
    s.dtype = dtype;
    s.acc = acc;
    s.layout = layout;
    if (validate(s)) return;  // e.g. bn 192 is not a multiple of 64 for nn
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  for (const Row& r : rows)
    for (int stages : r.stages)
      for (auto [cm, cn] : clusters) {
        KernelSpec s = tile(r.bm, r.bn, r.consumers, stages, cm, cn);
        s.persistent = true;
        s.raster = Raster::m;
        s.swizzle = 8;
        // Multicast pays off where tiles are big (fewer, longer loads); for the small tiles
        // the 1x1 cluster keeps the list short.
        if ((cm > 1 || cn > 1) && r.bm * r.bn < 128 * 192) continue;
        // The TMA epilogues measured faster than direct stores on every shape class so far
        // (bench/results/h200/h200_key3_tn.md, h200_epilogue_probe_tn.md); direct stores stay
        // in the sweep only where the staging does not fit.
        s.epilogue = Epilogue::tma;
        if (validate(s)) s.epilogue = Epilogue::direct;
        add(s);
        s.epilogue = Epilogue::tma_tile;  // add() skips it where a tile of staging does not fit
        add(s);
        s.stages = std::min(stages, 3);  // ... which leaves room for fewer stages
        add(s);
        if (r.consumers >= 2) {  // several consumers keep the tensor cores busy through a wait
          s.mma_lag = 0;
          add(s);
          s.mma_lag = 1;
        }
        // defer_store stays out of the sweep. The whole-tile deferral measured slower on
        // 128x256 tiles (h200_defer_probe_tn.csv, notes item 15); the double-buffered one wins
        // 1-3% on about a quarter of the short-K table entries (h200_coop_defer_*_s47) but loses
        // 10-17% with few k-blocks a tile and did not help gemm()'s trial
        // (h200_s47_defer_family_s47). The tuner reaches it by its local move.
        s.stages = stages;
        s.epilogue = Epilogue::tma;
        s.stream_k = true;  // unlimited stream-K: 1x1 clusters (clustered split-K is below)
        if (cm == 1 && cn == 1) add(s);
      }
  // Ping-pong: each consumer owns a whole tile (128x176 and 128x192, up to 192 accumulators a
  // thread, are added below for short K).
  for (auto [bm, bn] : {std::pair{128, 128}, std::pair{64, 256}})
    for (int stages : {4, 5})
      for (auto [cm, cn] : {std::pair{1, 1}, std::pair{2, 1}})
        for (Epilogue e : {Epilogue::tma, Epilogue::tma_tile}) {
          KernelSpec s = tile(bm, bn, 2, stages, cm, cn);
          s.pingpong = true;
          s.epilogue = e;
          add(s);
        }
  // Ping-pong with the wide tiles cuBLASLt-autotune picks on short K (its nvjet 176x128 1x2
  // kernel is this tile with our M and N named the other way): up to 192 accumulators per
  // warpgroup, C through one 64-row block per warpgroup.
  for (int bn : {176, 192})
    for (auto [cm, cn] : {std::pair{1, 1}, std::pair{2, 1}, std::pair{1, 2}}) {
      KernelSpec s = tile(128, bn, 2, 4, cm, cn);
      s.pingpong = true;
      s.epilogue = Epilogue::tma_rows;
      add(s);
    }
  // Split N: two cooperative warpgroups over the columns of a 192-row tile, C through row
  // blocks. Off the grid, where M is a multiple of 192 and 192-row tiles fill a wave that 128-
  // and 256-row ones leave ragged, these five (each the best on at least one such shape) ran
  // 1.005-1.25x faster than the rest of the sweep, whose best there was mostly 192x192 with
  // three consumers (bench/results/h200/h200_split_n_s26.md). On the grid's large shapes
  // 192x192 pads, and lost to the cooperative specs.
  for (auto [bn, stages, cm, cn] :
       {std::tuple{192, 4, 1, 1}, std::tuple{192, 4, 1, 2}, std::tuple{192, 4, 2, 1},
        std::tuple{128, 5, 1, 2}, std::tuple{256, 3, 1, 1}}) {
    KernelSpec s = tile(192, bn, 2, stages, cm, cn);
    s.split_n = true;
    s.epilogue = Epilogue::tma_rows;
    add(s);
  }
  // Swap-AB for small M (decode): M lands on the MMA's N; stream-K spreads the long K over the
  // SMs the few tiles leave idle. Both layouts (in nn the kernel's A is M-major).
  for (auto [bm, bn, consumers, sk] :
       {std::tuple{64, 8, 1, true}, std::tuple{64, 16, 1, true}, std::tuple{64, 32, 1, true},
        std::tuple{64, 64, 1, true}, std::tuple{64, 8, 1, false}, std::tuple{128, 16, 2, true},
        std::tuple{128, 32, 2, true}}) {
    KernelSpec s = tile(bm, bn, consumers, 8);
    s.epilogue = Epilogue::direct;
    s.stream_k = sk;
    s.swap_ab = true;
    for (int stages : {8, 16}) {  // 16: more bytes in flight per SM for memory-bound decode
      s.stages = stages;
      add(s);
      // The data-parallel 64x8 decode tile was the one spec PDL slowed (1x5120x5120: 17.9 ->
      // 20.8 us, h200_pdl_probe_tn.csv): keep its plain launch in the space too.
      if (bn == 8 && !sk) {
        s.pdl = false;
        add(s);
        s.pdl = true;
      }
    }
    // Split-K proper: a few long pieces per tile instead of every SM taking a k-block or two
    // (small M and N with long K, where cuBLASLt-autotune picks split-K 3-12).
    if (sk)
      for (int splits : {4, 12}) {
        s.stages = 8;
        s.sk_splits = splits;
        add(s);
        s.sk_splits = 0;
      }
  }
  // Split-K proper for the small tiles without swap-AB (small M or N with long K; nn too), and
  // stream-K with multicast clusters for the big ones (bench/results/h200/
  // h200_sk_cluster_probe_tn.csv, h200_split_reduce_tn.csv, h200_large_sk_cluster_tn.csv).
  // The last column is the raster's swizzle: 1 for the 2x1 64x128 in four pieces as well, best
  // or within 1.4% of the best of eight rasters on the long-K shapes where swizzle 8 trailed by
  // up to 4% (h200_raster_losers_tn.csv.gz).
  for (auto [bm, bn, consumers, stages, cm, cn, splits, swizzle] :
       {std::tuple{64, 64, 1, 8, 1, 1, 8, 8}, std::tuple{64, 64, 1, 8, 1, 1, 12, 8},
        std::tuple{64, 128, 1, 6, 1, 1, 4, 8}, std::tuple{64, 128, 1, 6, 2, 1, 4, 8},
        std::tuple{64, 128, 1, 6, 2, 1, 4, 1}, std::tuple{64, 128, 1, 6, 1, 1, 8, 8},
        std::tuple{128, 128, 2, 4, 1, 1, 4, 8}, std::tuple{128, 128, 2, 4, 1, 1, 8, 8},
        std::tuple{128, 256, 2, 4, 2, 1, 4, 8}, std::tuple{128, 256, 2, 4, 2, 1, 0, 8},
        std::tuple{256, 128, 2, 4, 1, 2, 0, 8},
        // Long K over about 64-128 tiles: two pieces of a multicast 128x128 tile, or of the
        // two-consumer 128x64 one, or a clustered 64x128 (bench/results/h200/
        // h200_cluster_small_tile_probe_tn.csv, h200_two_consumer_probe_tn.csv).
        std::tuple{128, 128, 2, 6, 1, 2, 2, 8}, std::tuple{128, 128, 2, 6, 2, 1, 2, 8},
        std::tuple{128, 64, 2, 8, 1, 1, 2, 8}, std::tuple{64, 128, 1, 8, 2, 1, 2, 8}}) {
    KernelSpec s = tile(bm, bn, consumers, stages, cm, cn);
    s.epilogue = Epilogue::tma;
    s.stream_k = true;
    s.sk_splits = splits;
    s.swizzle = swizzle;
    add(s);
  }
  // Clustered small tiles without split-K, for long K over about 128 tiles (the tile and
  // cluster cuBLASLt-autotune picks there: bench/results/h200/h200_ncu_long_k.md); raster n
  // measured faster than m for these clusters (h200_cluster_small_tile_probe_tn.csv). The 1x2
  // with swizzle 1 as well: within 0-3% of the best of eight rasters on ten long-K shapes, 1.10x
  // faster than swizzle 8 on 1024x1024x16384 (h200_raster_losers_tn.csv.gz).
  for (auto [bm, bn, stages, cm, cn, swizzle] :
       {std::tuple{64, 128, 8, 1, 2, 8}, std::tuple{64, 128, 8, 1, 2, 1},
        std::tuple{64, 128, 8, 2, 1, 8}, std::tuple{64, 256, 5, 2, 1, 8}}) {
    KernelSpec s = tile(bm, bn, 1, stages, cm, cn);
    s.raster = Raster::n;
    s.swizzle = swizzle;
    s.epilogue = Epilogue::tma;
    add(s);
  }
  {  // Swap-AB with two consumers over 128 of N and 96 rows of M: 12288x128x8192 runs on 128
     // tiles instead of 96 (cuBLASLt-autotune's tile there; h200_two_consumer_probe_tn.csv).
    KernelSpec s = tile(128, 96, 2, 6);
    s.swap_ab = true;
    s.epilogue = Epilogue::direct;
    add(s);
  }
  // bk 128 and narrow tiles without swap-AB: the kinds the tuner picked most often on the
  // grid's small and middle shapes (bench/results/h200/h200_issue5_grid_b32.md: 64-row tiles
  // 16-128 wide, bk 128 over long K). bn below 64 without swap-AB is tn only (add() skips it
  // for nn).
  for (auto [bn, bk, stages, epilogue, splits, lag, sets, swap] :
       {std::tuple{16, 64, 6, Epilogue::tma_rows, -1, 1, 1, false},
        std::tuple{32, 64, 5, Epilogue::tma_rows, -1, 1, 1, false},
        std::tuple{16, 128, 4, Epilogue::tma_rows, -1, 1, 2, false},
        std::tuple{16, 128, 4, Epilogue::direct, 8, 1, 1, false},
        std::tuple{32, 128, 6, Epilogue::tma_rows, -1, 2, 1, false},
        std::tuple{16, 128, 4, Epilogue::direct, 4, 1, 1, true},
        std::tuple{64, 128, 4, Epilogue::tma, -1, 1, 1, false},
        std::tuple{64, 128, 6, Epilogue::tma, -1, 1, 1, false},
        std::tuple{128, 128, 3, Epilogue::tma, -1, 1, 1, false}}) {
    KernelSpec s = tile(64, bn, 1, stages);
    s.bk = bk;
    s.epilogue = epilogue;
    s.stream_k = splits >= 0;
    s.sk_splits = std::max(splits, 0);
    s.mma_lag = lag;
    s.acc_sets = sets;
    s.swap_ab = swap;
    add(s);
  }
  // The HBM-bound skinny shapes (N = 64 with long K, where A streams 0.2-0.5 GB): a cooperative
  // 128x64 tile, cuBLASLt's there (it adds a 2x1 cluster, which measured 1% slower for us), and
  // above the 64x64 bk-128 tile in six stages: 16384x64x16384 133.6 -> 130.3 us, 8192x64x12288
  // 52.9 -> 52.0 (h200_skinny_stream_tn.md).
  {
    KernelSpec s = tile(128, 64, 2, 8);
    s.epilogue = Epilogue::tma;
    add(s);
  }
  // Four- and eight-CTA clusters (each CTA loads a quarter to a half of what it computes with,
  // the rest multicast): on rows that do not start on a 128-byte line (K % 64 != 0 in tn), where
  // TMA makes two requests per row, the best of these ran 1.08-1.22x faster than the rest of the
  // sweep on 299x8536x6984, 4896x352x7480, 6907x208x4312 and 131x14832x4592 (and 1.19x on
  // 6907x208x4288), though 0.82x on the aligned large ones (bench/results/h200/
  // h200_cluster4_unaligned_tn.md, h200_cluster4_key3_tn.md).
  for (auto [bm, bn, consumers, stages, cm, cn, pp, epilogue, raster, lag, sk] :
       {std::tuple{192, 192, 3, 3, 2, 2, false, Epilogue::tma_tile, Raster::m, 0, false},
        std::tuple{128, 192, 2, 4, 2, 2, true, Epilogue::tma_rows, Raster::m, 1, false},
        std::tuple{128, 128, 2, 6, 2, 2, false, Epilogue::tma, Raster::m, 1, false},
        std::tuple{128, 256, 2, 4, 2, 2, false, Epilogue::tma, Raster::n, 1, false},
        std::tuple{128, 256, 2, 4, 2, 2, false, Epilogue::tma, Raster::m, 1, true},
        std::tuple{128, 128, 2, 6, 4, 1, false, Epilogue::tma, Raster::m, 1, false},
        // Eight CTAs, as cuBLASLt clusters there: 6907x208x4312 31.9 -> 27.9 us,
        // 131x14832x4592 56.6 -> 50.5, 146x12584x1576 21.7 -> 20.7 against the sweep with the
        // four-CTA ones (h200_cluster8_tn.md).
        std::tuple{128, 128, 2, 6, 4, 2, false, Epilogue::tma, Raster::m, 1, false},
        std::tuple{128, 256, 2, 4, 2, 4, false, Epilogue::tma, Raster::m, 1, false}}) {
    KernelSpec s = tile(bm, bn, consumers, stages, cm, cn);
    s.pingpong = pp;
    s.epilogue = epilogue;
    s.raster = raster;
    s.mma_lag = lag;
    s.stream_k = sk;
    add(s);
  }
  // Cluster split-K for few tiles over long K: a tile's k-blocks over 2 to 16 CTAs of one
  // cluster, the partials summed through distributed shared memory (notes/NOTES.md item 71).
  // One tile per cluster, so the piece count sets how many SMs the few tiles reach.
  // The narrow 64x32 tile in eight pieces (and 64x64 in eight without PDL) won 11 of the 21
  // oracle100 shapes with at most 33 tiles and K >= 1024 against the rest of the sweep, by up to
  // 15% (bench/results/h200/h200_ck_family_tn.md); 64x64 in sixteen pieces (a non-portable
  // cluster) 6% on four tiles over K = 16384 (h200_ck16_probe_tn.md).
  for (auto [bm, bn, consumers, stages, swap, ck, pdl] :
       {std::tuple{64, 128, 1, 6, false, 2, true}, std::tuple{64, 128, 1, 6, false, 4, true},
        std::tuple{64, 128, 1, 6, false, 8, true}, std::tuple{128, 128, 2, 4, false, 2, true},
        std::tuple{128, 128, 2, 4, false, 4, true}, std::tuple{128, 128, 2, 4, false, 8, true},
        std::tuple{64, 64, 1, 8, false, 4, true}, std::tuple{64, 64, 1, 8, false, 8, true},
        std::tuple{64, 64, 1, 8, true, 2, true}, std::tuple{64, 64, 1, 8, true, 4, true},
        std::tuple{64, 64, 1, 8, true, 8, true}, std::tuple{64, 32, 1, 8, false, 8, true},
        std::tuple{64, 32, 1, 8, true, 8, true}, std::tuple{64, 64, 1, 8, false, 8, false},
        std::tuple{64, 64, 1, 8, false, 16, true}}) {
    KernelSpec s = tile(bm, bn, consumers, stages);
    s.persistent = false;
    s.epilogue = Epilogue::direct;
    s.swap_ab = swap;
    s.cluster_k = ck;
    s.pdl = pdl;
    add(s);
  }
  // Split-K with a reduction pass: the pieces write partials and exit, a second kernel sums
  // them. Best of the sweep on the fewest tiles over the longest K (64x128 in four pieces on
  // 256x512x12288, 1.14x; 64x64 in eight on 128x128x16384, 1.19x), slower than the in-kernel
  // fixup on the other twelve long-K shapes tried (bench/results/h100/h100_split_pass_tn.md).
  // With the pass on the right SMs (make_plan), cuBLASLt's own splits of the few-tile long-K
  // losers join: 128x128 in a 2x1 cluster in eight pieces and 64x128 2x1 in four (512x512x16384,
  // 256x1024x16384, 128x2048x8192; h200_skp_spread_tn.md), 128x128 1x2 in four (1024x512x16384,
  // 0.92x -> 0.99x of cuBLASLt) and 64x128 2x1 in eight (256x512x12288, 7% over the rest;
  // h200_cublas_mirror_tn.md). Four-CTA 4x1 clusters of 64x128 in as many pieces as keep every
  // cluster resident (30 fit): each CTA reads a quarter of B from L2 instead of a half;
  // 512x512x16384 22.2 -> 20.3 us, 256x1024x16384 21.8 -> 20.7 (three pieces),
  // 256x512x12288 11.8 -> 11.5 (seven; h200_cluster4_split2_tn.md).
  // Launched piece-major (a wave holds one k-slice of many tiles, which share A rows and B
  // columns): the cost model's split-pass picks without swap-AB ran 1.02x faster so on fresh
  // off-grid shapes (H200), the tables' picks 1.006-1.04x (h200_split_order_s23.md; H100s:
  // h100_split_order_s22.md). The cost model does not see the order, so the sweep carries one; the
  // tuner's first local move from a split-pass spec tries the other.
  for (auto [bm, bn, consumers, stages, cm, cn, pieces] :
       {std::tuple{64, 128, 1, 6, 1, 1, 4}, std::tuple{64, 64, 1, 8, 1, 1, 8},
        std::tuple{128, 128, 2, 6, 2, 1, 8}, std::tuple{64, 128, 1, 8, 2, 1, 4},
        std::tuple{128, 128, 2, 6, 1, 2, 4}, std::tuple{64, 128, 1, 8, 2, 1, 8},
        std::tuple{64, 128, 1, 9, 4, 1, 3}, std::tuple{64, 128, 1, 8, 4, 1, 7}}) {
    KernelSpec s = tile(bm, bn, consumers, stages, cm, cn);
    s.persistent = false;
    s.epilogue = Epilogue::direct;
    s.split_pass = pieces;
    s.split_piece_major = true;
    add(s);
  }
  // Scheduling variants of the flagship tile: raster order, swizzle width, non-persistent.
  for (auto [raster, swizzle, persistent] :
       {std::tuple{Raster::n, 8, true}, std::tuple{Raster::m, 1, true},
        std::tuple{Raster::m, 4, true}, std::tuple{Raster::m, 16, true},
        std::tuple{Raster::m, 8, false}}) {
    KernelSpec s = tile(128, 256, 2, 4, 2, 1);
    s.raster = raster;
    s.swizzle = swizzle;
    s.persistent = persistent;
    add(s);
  }
  return out;
}

}  // namespace autogemm
