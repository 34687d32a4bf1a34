// Timing the cost model's choices on the caller's own first call (AUTOGEMM_AUTOTUNE).
//
// A problem that no tuning table holds runs the cost model's best-ranked spec. Where every
// candidate was timed, the fastest of the model's top six ran 3.5% faster than its first over
// 63 fresh off-grid shapes, chosen in one process and measured in another
// (bench/results/h200/h200_topk_s28.md). So gemm() times them itself: the first call of such a
// problem (beta 0, on a stream not being captured) enqueues each candidate on the caller's stream
// on the caller's own A, B and C, a warm-up round, for a short call a few more on the host's clock
// (host_times), and then `rounds` rounds of `batch` launches each between CUDA events
// (decode-like batches of at least 4 after one untimed `lead` launch, and those of a memory-bound
// problem whose operands are about the L2's size after four: trial_plan), and ends with one
// launch of the model's pick, so C holds the product as from any call. In the
// large class and for decode-like problems the candidates also include kernel families the model
// ranks low there (trial_candidates), and decode-like ones (and split-pass ones without a cluster)
// their plain-launch twins. Nothing waits for the GPU: a later call asks the last event
// (cudaEventQuery) and, once the GPU has passed it, the fastest candidate runs the problem from
// then on in this process (Dispatcher::set_timed; choose() says kind "timed"). Until then the
// model's pick runs; a trial with nothing to time (one candidate) or whose timing failed leaves it
// (kind "cost_model"). Beta 0 only: every launch overwrites C, so repeating one is harmless.
//
// AUTOGEMM_AUTOTUNE: how many candidates the model and the families supply (default 6; 0 or 1:
// no trial); their fixed-shape and plain-launch twins, and a large problem's wave-filling
// candidate (trial_candidates), come on top.
// AUTOGEMM_TRIAL_FIXED: how many of a trial's first candidates (outside the large class) are also
// timed with the problem's shape compiled in (with_fixed_twins; default 2, 0: none).
// AUTOGEMM_TRIAL_BATCH: the fewest launches each timed batch holds outside the large class
// (trial_plan; default 0, the plan's own).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::runtime {

// The number of candidates AUTOGEMM_AUTOTUNE asks for (`text` its value, null when unset):
// default 6, 0 and 1 mean off. Throws Error for anything but a whole number from 0 to 16.
int parse_autotune(const char* text);
int autotune_candidates();  // parse_autotune of the environment, read once per process

// Whether a problem is timed at all: 2MNK >= 1e8 (the middle and large classes), decode-like and
// long-K small problems (below), up to an estimated kLongestTimedCallUs a call (a trial times
// each candidate in rounds of about 20 us of launches: 25-49 launches in all for a long call,
// some 290 for eight candidates of a short one, and 12 more a candidate on the host's clock
// under 15 us (host_times); a decode-like trial, with its twins and lead launches and batches of
// at least 4, some 350 launches for 14 candidates, i.e. 5-20 ms once per problem at 15-50 us a
// call; an L2-sized one 61 launches a candidate, ~800 for the default's 13; with many more
// candidates than the default the host may wait for the GPU to drain its launch queue). Measured
// (notes 200-201) over eight pairings of on/off processes on both GPUs: middle +2.4-4.8% in every
// one; the whole small class (mostly launch-bound: the host's time per call, which the trial's
// batches did not see then, decides there; host_times since) within its spread. The large class
// gained nothing from the model's top six alone (they differ little), but does with other families
// among them (trial_candidates; notes 206).
inline constexpr double kLongestTimedCallUs = 20000;
bool worth_timing(const Problem& p);
bool large_class(const Problem& p);  // 2MNK >= 1e11
// Decode-like: M <= 64 with N and K >= 2048, a weight read by few rows, memory-bound however few
// its flops (1x5120x5120 reads 52 MB in ~17 us): timed in any class, with decode_families among
// its candidates.
bool decode_like(const Problem& p);
std::vector<std::string> decode_families(const Problem& p);
// A small problem (2MNK < 1e8) with K >= kLongKSmall: its k-blocks form a chain that makes the
// call longer than a launch, so the device, not the host, sets its time, and the trial (with its
// fixed-shape twins, which save most on short calls) sees the difference between candidates.
// Measured on an H200, processes alternating (h200_small_trial_s32.md): K >= 1024 +7.4-11.2%
// raw over 45 fresh shapes in all 9 pairings, 512 <= K < 1024 +10-20% over 43 in all 16 (every
// shape faster on its geomean over the processes); below 512 the trial did not pay (raw
// 0.94-1.03 over 45 shapes, 0.86-0.90 against one process in the host's slow state).
inline constexpr int kLongKSmall = 512;
bool long_k_small(const Problem& p);

// The specs a trial times, the model's pick (ranked[0]) first, each once, at most `count` (a large
// problem's wave-filling candidate, below, one more; a decode-like problem's families all, where
// `count` >= 2); none when `ranked` is empty or `count` < 1.
// In the middle class, the model's ranking (`ranked`, best first). In the large class the model
// ranks variants of one family together (cooperative 128x256 and 256x128 tiles, rasters, stages,
// stream-K) while the fastest kernel is often a ping-pong 128x192 it ranks far lower (notes 194,
// 206): there its top half comes first, then the large-class families (the two ping-pong 128x192
// tiles and the cooperative 256x128, with p's types by tune::with_types_of; one that does not serve
// p is left out), then the rest of its ranking. A decode-like problem outside the large class: the
// same with decode_families.
//
// A large-class trial of two candidates or more also times the spec among the ranking's first
// kWaveFitScan and the kWaveFitWideSwap best-fitted swap-AB split-N tiles (spec/fitted.hpp
// wide_swap_specs, whatever their cluster) that has no stream-K or split pieces and a cluster of
// at most kWaveFitMostClusterCtas and fills the SMs' waves best by fitted_score on `sm_count`
// SMs, where that score beats the listed candidates' best by kWaveFitGain: one candidate more. On
// few-wave shapes the model ranks tiles that leave 15-20% of a wave's slots idle first. Measured
// (h200_wave_fit_s44): on 24 fresh large shapes where it fires, gemm() 0.76% faster against the
// model's untimed pick in the same process (every pair of processes faster), 3.0-4.3% where the
// added spec won every trial; with 4- or 8-CTA clusters the added spec won none of 39 trials
// (25-38% slower on few-tile long-K shapes, where the model's own wide clusters deliver the
// operands), so they are left out: +1.3% on 19 fresh shapes where that changes the candidate. The
// wide swap-AB tiles in the pool: +0.37% on 24 fresh shapes where one becomes the
// candidate, 1.7-2.2% where it won every trial.
// A trial of a problem of 2MNK from kWaveFitUpperMiddleFlops to the large class, not decode-like,
// takes the same candidate from the wide swap-AB tiles alone (staged as row blocks in parts, so
// they keep four stages: spec/fitted.hpp): +1.7-2.0% against the model's pick on 36 fresh such
// shapes where it fires, 3.9-4.0% where it won (h200_wide_swap_rows_s55). (The ranking's
// best-filling spec gained nothing there: h200_wavefit_middle_s54.)
std::vector<std::string> trial_candidates(const Problem& p, const std::vector<std::string>& ranked,
                                          int count, int sm_count);
inline constexpr size_t kWaveFitScan = 24;
inline constexpr double kWaveFitGain = 1.05;
inline constexpr int kWaveFitMostClusterCtas = 2;
inline constexpr size_t kWaveFitWideSwap = 4;
inline constexpr double kWaveFitUpperMiddleFlops = 1e10;
// fitted_score of `spec` for p on `sm_count` SMs, in the spec's frame (swap-AB: N rows, M
// columns); none for a stream-K, split-K or unreadable spec.
std::optional<double> wave_fit_score(const Problem& p, const std::string& spec, int sm_count);

// `candidates` and then, outside the large class, the plain-launch twin (no PDL, "_nopdl"; an L2
// prefetch "_pfN", which needs PDL, dropped) of each that has PDL: every one for a decode-like
// problem, split-pass specs without a cluster for others. Without
// PDL a grid starts on an idle GPU, so its CTAs land on the same SMs call after call; under PDL
// they took the SMs as the previous grid freed them (notes 61), until session 36 removed our
// kernels' early trigger (gemm.cuh). So a weight of 25-40 MB stays in L2 from one call to the next
// only where each part is read by the same SMs each time (notes 243; scripts/runs/l2_half_probe.cu
// measured it, h100_s34_checks_s35). Measured: on 12 decode-like shapes with such weights the
// twins made gemm() 3.5-5% faster (20x6912x2816 15.8 -> 10.1-10.8 us), on decode.txt 0-0.8% and
// on 40 fresh decode-like shapes 0.4-1.3% (h100_decode_nopdl_s34); without the early trigger they
// read within the spread between processes on an H200 and are kept (h200_trial_arms_s37, notes
// 260). In the middle class they gained nothing and misled the trial on some shapes
// (h100_decode_nopdl_s34), so there only split-pass candidates without a cluster get one: the
// GEMM after a reduction pass lands on the SMs the pass's blocks leave, which spreads its CTAs'
// stage waits (trace: exits over 2.9 us instead of 0.4) and cost 64x128 split-pass specs 3-21% on
// 10 of 12 few-tile long-K shapes (h200_skp_fill_s38; clustered ones ran 7-9% faster under PDL).
// gemm()'s raw time 0.989-1.002x on 60 fresh few-tile long-K shapes, one shape 8-11% faster in
// every pair (h200_skp_twin_s38).
std::vector<std::string> with_plain_launch_twins(const Problem& p,
                                                 std::vector<std::string> candidates);

// The number of fixed-shape twins AUTOGEMM_TRIAL_FIXED asks for (`text` its value, null when
// unset): default 2. Throws Error for anything but a whole number from 0 to 16.
int parse_trial_fixed(const char* text);
int trial_fixed_twins();  // parse_trial_fixed of the environment, read once per process

// `candidates` and then, outside the large class, the fixed-shape twin (p's M, N, K compiled in,
// "_fixMxNxK") of each of the first `twins` that is not fixed already and whose twin is valid for
// p. A compiled-in shape is a per-shape choice: on the table's oracle100 picks it read +2.8% in
// the middle class, but from 0.95x to 1.16x by shape (notes 35), so the trial, which times on
// the caller's own shape, is where to choose it. Not in the large class (+0.4% there, and each
// candidate costs a large trial most).
// The specs a first call of p times, in order, as gemm() builds them from the ranking on
// `sm_count` SMs: trial_candidates (autotune_candidates() of them), then their plain-launch,
// neighbour-order, last-piece and fixed-shape twins (trial_fixed_twins()). The model's pick first;
// one spec or none: no trial. `autogemm dispatch` prints it.
// `candidates` with, after them, the row-block-epilogue twin (`_etmar`: C staged as its rows and
// stored by TMA boxes) of each swap-AB candidate that stores C directly, each once; where the
// staging leaves the ring no room, staged in the fewest parts (2-4, `_etmarN`) that keep it, else
// with fewer stages; none for split-K with a reduction pass or in a
// cluster (direct stores only) or for a decode-like problem (C a few rows). Row-block twins ran
// 1-29% faster than their direct twins in 22 of 24 tile-shape pairs on tall-skinny shapes, and
// gemm() +0.7% / +0.9% against the model's pick on 40 fresh shapes whose trials hold such a
// candidate (+2.2-3.0% where a twin won; h200_swap_rows_s54). Keeping the ring in parts instead
// of dropping stages: +1.2% / +1.2% on 48 fresh shapes where it changes a twin, +2.2-2.5% where
// such a twin won (h200_twin_parts_s55).
std::vector<std::string> with_row_block_twins(const Problem& p,
                                              std::vector<std::string> candidates);
std::vector<std::string> first_call_trial(const Problem& p, const std::vector<std::string>& ranked,
                                          int sm_count);

std::vector<std::string> with_fixed_twins(const Problem& p, std::vector<std::string> candidates,
                                          int twins);

// `candidates` and then, for a decode-like p, the last-piece twin ("_skpNl": each tile's last
// piece sums the partials, no reduction pass) of each PDL split-pass candidate whose pieces fit in
// one wave on `sm_count` SMs. In one wave the last pieces' sums run beside the other pieces'
// mainloops, where the pass waits for the grid's end: skp3l ran 5120 x 13824 weights 1.1-1.7 us
// (3-4%) faster than skp3; over several waves each last piece's reads hold up the next CTA on its
// SM, and on the tuned middle table's bigger tiles (32+ partial values a thread, 4-8 pieces) one
// warp's reads cost more than the pass (1.01-2.4x slower; h200_split_last_s50). Timed per shape
// by the trial: gemm() 1.024-1.032x against the model's pick on 64 fresh decode-like shapes in
// four of four process pairs, decode.txt level (0.994-1.004x; h200_decode_arms_s50).
std::vector<std::string> with_last_piece_twins(const Problem& p,
                                               std::vector<std::string> candidates, int sm_count);

// `candidates` and then, where p is neither large nor decode-like, two twins of the first
// split-pass candidate whose pieces fit in one wave on `sm_count` SMs: one-CTA clusters, pieces
// major, rasters r8m and r1n, under PDL with the pieces placed by SM (neighbour_order_launches).
// Each CTA then runs where a plain launch would place it, so neighbours that share an operand tile
// run side by side; the L2 request coalescer merges their requests and they cross between the L2
// partitions less. Launched plainly (session 52): gemm() against the model's first pick +2.5% /
// +0.45%, then +1.9% / +1.6% per process pair on two fresh sets of 32 few-tile long-K shapes
// (h200_split_launch_s52). Placed by SM instead: +3.3% / +1.1% against the plain twins on a third
// fresh set, a middle-class control +0.8% / +0.4% (h200_smid_s53).
std::vector<std::string> with_neighbour_order_twins(const Problem& p,
                                                    std::vector<std::string> candidates,
                                                    int sm_count);

// What a trial of `specs` for p timed, for the timed choice's reason: the classes' candidate
// families and whichever twins are among them.
std::string trial_description(const Problem& p, const std::vector<std::string>& specs);

// How a candidate is timed: `batch` launches between two events, so that short kernels are
// timed over about 20 us (the events' resolution is ~0.5 us), in `rounds` rounds over all
// candidates, each round in another order (the candidates' places rotate) so that the card's
// drift through the trial favours none; 3 rounds from 2 ms a call, to bound the trial's cost.
// From a roofline estimate of one call (2MNK at 650 TFLOP/s, the operands' bytes at 3 TB/s, at
// least 3 us).
//
// A memory-bound problem (by that estimate) whose A, B and C (2(MK + NK + MN) bytes) are half
// to 1.3 times the L2 (`l2_bytes`, the device's) gets 4 untimed launches and at least 8 timed ones
// per batch: there the L2 holds the operands only if each part is read from the same L2 half
// every call, which a PDL launch's placement did not keep while our kernels triggered early
// (without that trigger the plan still saved 0.7-2.6% on an H200, h200_trial_arms_s37), and a
// short batch after another candidate's times the L2 that one left behind, not the steady state
// (h100_trial_lead_s35).
inline constexpr int kDecodeTrialBatch = 4;  // the fewest launches a decode-like batch times
struct TrialPlan {
  int batch = 1;
  int rounds = 5;
  int lead = 0;  // untimed launches of the candidate before each of its batches
};
// A decode-like batch holds at least kDecodeTrialBatch launches (a PDL launch hides its prologue
// under the one before it, which a lone launch after an event does not show); `batch_floor`
// (AUTOGEMM_TRIAL_BATCH) raises the batch outside the large class.
TrialPlan trial_plan(const Problem& p, double l2_bytes, int batch_floor = 0);

// A call that the roofline puts at kHostProbeMaxCallUs or less may take the host longer to issue
// than the GPU to run: a split-pass spec launches twice, and the bench's loops ran 64x8x64 skp2
// on 7x3328x2176 at 5.9-8.7 us (by process) where a CUDA graph of the same loop ran it at 4.5 and
// the one-launch pick at 5.4 (h200_skp_loops_s49). The trial's batches run long after the host
// enqueued them, so they time the GPU alone. For such a problem the trial clocks each candidate's
// calls on the host too (host_times, p10-p90 on an H200's host: 2.9-4.3 us for one launch, 5.5-8.6
// us for a split-pass spec's two, each with a plan lookup that steady-state calls skip) and ranks
// it by the longer of the two per call. Measured (h200_host_probe_s49, the trial's pick against the
// bench's fastest candidate in one process): 24 fresh short decode-like shapes 1.028x -> 1.010x,
// 24 fresh small long-K ones 1.033x -> 1.014x, 32 short middle-class ones 1.0086x -> 1.0083x.
// The choice so favours calls launched one by one, as the bench's kernel mode and most callers
// make them; in a CUDA graph, where the host's time does not count, a split-pass spec it turned
// down can be the faster (README).
inline constexpr double kHostProbeMaxCallUs = 15;
inline constexpr int kHostProbeRounds = 3;
inline constexpr int kHostProbeLaunches = 4;
bool host_probed(const Problem& p);
// The host's median time per call of each spec (kHostProbeRounds rounds of kHostProbeLaunches
// calls each, `launch` making one call).
std::vector<double> host_times(const std::vector<std::string>& specs,
                               const std::function<void(const std::string&)>& launch);
// Whether every host time is one a call's own launches take (at most kHostCallMostUs; the 325
// candidates probed in h200_host_probe_s49's trials read 2.5-11.4 us). A longer one means the
// launches waited, for a launch queue the caller had filled (the clock then reads the GPU draining
// the caller's work) or a preempted thread; the trial then ranks by the GPU's times alone, as
// before the probe.
inline constexpr double kHostCallMostUs = 15;
bool host_clock_plausible(const std::vector<double>& host_us);

// The batch floor AUTOGEMM_TRIAL_BATCH asks for (`text` its value, null when unset): default 0,
// the plan's own batch. Throws Error for anything but a whole number from 0 to 16.
int parse_trial_batch(const char* text);
int trial_batch_floor();  // parse_trial_batch of the environment, read once per process

// Reads every trial setting of the environment (AUTOGEMM_AUTOTUNE, AUTOGEMM_TRIAL_FIXED,
// AUTOGEMM_TRIAL_BATCH), so that a bad one fails a process's first call whatever the problem
// (gemm()) or is refused as bad input (`autogemm dispatch`). Throws Error naming the setting.
void check_trial_settings();

// Whether p is memory-bound (by the roofline estimate) with A, B and C of half to 1.3 times an L2
// of `l2_bytes`.
bool l2_contested(const Problem& p, double l2_bytes);

// How much faster than the pick a candidate must have timed to replace it: 1%, and 2% in the
// large class, where a trial is a few rounds of one long call each and a wrong switch costs the
// most (a conservative choice: the first large trials, at 1%, gained as much on another shape set;
// notes 206).
double winner_margin(const Problem& p);

// The winner of times[round][candidate] (us per launch): the candidate with the least median
// over rounds. The first (the model's pick) stays unless another's median is lower by more
// than `margin` of the pick's, so timing noise alone does not move it.
struct Winner {
  size_t index = 0;
  double median_us = 0, pick_median_us = 0;
  std::vector<double> medians_us;  // every candidate's, in the trial's order
};
Winner pick_winner(const std::vector<std::vector<double>>& times, double margin = 0.01);

// The trials in flight, per device and problem. Thread-safe; lives for the process. Its CUDA
// calls run in the relaxed capture mode, so that a graph another thread is capturing (in the
// global mode, CUDA's default) is not invalidated by them, and errors of its own events are
// cleared, not left for the caller's error checks.
class TimedChoices {
 public:
  static TimedChoices& instance();

  enum class Status { none, pending, finished };
  Status status(int device, const Problem& p);

  // Enqueues the trial of `specs` (specs[0] the model's pick) on `stream`; `launch(spec)`
  // enqueues one call of a spec on it. A candidate whose warm-up launch throws is left out; the
  // pick's exception is rethrown (and nothing is recorded for the problem). A failure later in
  // the trial gives up the timing, not the call: the pick still runs last. Returns false (and
  // enqueues nothing) when the problem's trial was started before.
  using Launch = std::function<void(const std::string& spec)>;
  bool start(int device, const Problem& p, const std::vector<std::string>& specs,
             const Launch& launch, cudaStream_t stream);

  // Once the GPU has passed the trial's last event: its outcome, the events released (status
  // finished from then on). nullopt while it runs. `measured` is false when there was nothing to
  // time (one candidate) or the timing failed; `spec` is then the pick and `why` says why.
  struct Result {
    std::string spec;
    std::string why;
    bool measured = false;
  };
  std::optional<Result> poll(int device, const Problem& p);

 private:
  struct Trial;
  TimedChoices();
  // start()'s launches and events, outside the lock.
  static void enqueue(Trial& t, const Problem& p, const std::vector<std::string>& specs,
                      const Launch& launch, cudaStream_t stream, double l2_bytes);
  struct State;
  State* state_;
};

}  // namespace autogemm::runtime
