// The cost model: a learned ranker that screens proposed kernel specs before any GPU time.
//
// Algorithm: gradient-boosted regression trees (XGBoost, hist method) over the features of
// (problem, spec, device) in cost_features.hpp, trained on the experience store's rows as turned
// into groups by cost_examples.hpp (one group per shape; target reward log(t_ref / t), failed
// specs below the group's worst). The model predicts the reward; ranking a shape's candidates
// sorts them by it, so a higher score means a faster predicted kernel.
//
// Objective: squared error on the reward (reg:squarederror) by default; XGBoost's pairwise
// ranking within groups (rank:pairwise) is the alternative. On the planted rule of
// tests/cpu/test_tune_cost_model.cpp (300 shapes x 32 measured specs, 100 held-out shapes,
// 8 seeds) both learn the order (mean Spearman 0.96-0.97 and 0.97-0.98), but pairwise ranking
// samples its pairs uniformly and so spends little on the top of the order: its top pick was
// within 5% of the best on 81-96% of held-out shapes, regression's on 94-98%. Screening needs
// the top right; regression also keeps scores comparable across shapes. Training is
// deterministic: fixed seed, one thread by default (histograms summed in one order), rows in
// the dataset's order.
//
// An ensemble (CostModelOptions::ensemble_depths) averages several boosters' scores.
//
// Saved with a header naming its features and a checksum (cost_model_file.hpp); load() refuses
// a corrupt file, another format, or a model trained on another feature list.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "spec/kernel_spec.hpp"
#include "tune/cost_examples.hpp"
#include "tune/cost_model_file.hpp"
#include "tune/dispatch.hpp"
#include "tune/heuristic.hpp"
#include "tune/ranking_quality.hpp"

namespace autogemm::tune {

// The objective that makes the booster a policy (boost_policy_gradient in cost_model.cpp): its
// score is the logit of a softmax over a shape's specs, trained to maximise the expected reward.
inline constexpr const char* kPolicyGradient = "policy:gradient";

struct CostModelOptions {
  std::string objective = "reg:squarederror";  // or "rank:pairwise", kPolicyGradient
  int rounds = 300;                            // boosted trees (policy:gradient: regression's)
  int policy_rounds = 30;                      // policy:gradient's trees after those
  int max_depth = 6;
  // Non-empty: an ensemble, one booster per depth listed (max_depth then unused), their scores
  // averaged. Boosters of different depths err on different shapes: on offgrid49a-d, timed
  // whole on an H100 and an H200, the mean of depths 4, 6 and 8 picked better than any one of
  // them (notes/NOTES.md item 137). Under policy:gradient each member sharpens its own logits;
  // the mean of those is not a policy trained on the mean (no policy file uses an ensemble).
  std::vector<int> ensemble_depths;
  double learning_rate = 0.1;
  uint64_t seed = 2026;
  int threads = 1;  // > 1 trains faster but sums histograms in a thread-dependent order
  // The GPU the rows came from: the store does not record its SM count, shared memory or L2.
  DeviceFacts device;
};

class CostModel {
 public:
  // Trains on `data`. Throws Error when it holds no group with two or more examples.
  static CostModel train(const CostDataset& data, const CostModelOptions& options = {});
  // Trains on experience-store rows: build_cost_dataset(rows, examples), then the above.
  static CostModel train(const std::vector<Measurement>& rows, const CostModelOptions& options,
                         const ExampleOptions& examples = {});
  // Throws Error naming `path` for a missing, corrupt or foreign file, or a model whose feature
  // list differs from this build's (retrain it).
  static CostModel load(const std::filesystem::path& path);
  void save(const std::filesystem::path& path) const;
  // The file's bytes (encode_cost_model), and back, with the same checks as load(); `source`
  // names the bytes in errors. For a model kept inside another file (a policy's spec head).
  std::string to_bytes() const;
  // `retrain` is the command an error about an outdated feature list recommends.
  static CostModel from_bytes(std::string_view bytes, std::string_view source,
                              std::string_view retrain);

  CostModel(CostModel&&) noexcept;
  CostModel& operator=(CostModel&&) noexcept;
  ~CostModel();

  // One score per spec, higher = predicted faster; on the device the model was trained for, or
  // on `device`.
  std::vector<double> predict(const Problem& p, const std::vector<KernelSpec>& specs) const;
  std::vector<double> predict(const Problem& p, const std::vector<KernelSpec>& specs,
                              const DeviceFacts& device) const;
  // `candidates` best first; equal scores keep their order.
  std::vector<KernelSpec> rank(const Problem& p, const std::vector<KernelSpec>& candidates) const;
  std::vector<KernelSpec> rank(const Problem& p, const std::vector<KernelSpec>& candidates,
                               const DeviceFacts& device) const;

  // What it was trained with and on (gpu, objective, rounds, counts, device facts, features,
  // problem types).
  const CostModelHeader& header() const;
  // Whether its training rows held problems of p's types (dtype, acc, layout); true for a file
  // that does not record them.
  bool trained_for(const Problem& p) const;
  DeviceFacts device() const;

 private:
  struct Impl;
  explicit CostModel(std::unique_ptr<Impl> impl);
  CostModelFile to_file() const;
  static CostModel from_file(CostModelFile file, std::string_view source, std::string_view retrain);
  std::unique_ptr<Impl> impl_;
};

// The model's choice without measurement: the default sweep's specs (spec/enumerate.hpp) and
// the specs fitted to `p` (spec/fitted.hpp) that can run `p`, best-ranked first, with their
// predicted rewards; empty when none can. Zero-shot on oracle100 (trained on the rest of the
// grid), the first reached 0.974 of the sweep's best, measured in-run
// (bench/results/h200/h200_issue5_retuned_tn.md).
std::vector<std::pair<KernelSpec, double>> rank_sweep(const CostModel& model, const Problem& p);
// A split (cluster split-K or the reduction pass) whose pieces average fewer than two k-blocks of
// `p`: each piece exchanges a whole fp32 tile for one k-block of MMAs. Left out of every ranking:
// never the fastest spec of a shape in three runs that timed every candidate (88 shapes with such
// candidates: h200_oracle100_s14_tn, h200_fitted_offgrid49a_tn, h200_fitted_check49d_tn), and
// 1.3-1.7x slower where the model picked one (notes/NOTES.md item 121).
bool thin_split(const KernelSpec& s, const Problem& p);
// The same over the sweep, the fitted specs and `proposals` (a policy's top choices; those that
// break a rule or cannot run `p` are dropped, a spec proposed twice or already in the sweep
// counts once): the policy proposes, the model screens.
std::vector<std::pair<KernelSpec, double>> rank_candidates(
    const CostModel& model, const Problem& p, const std::vector<KernelSpec>& proposals);
// The same with `device`'s facts instead of those the model was trained with.
std::vector<std::pair<KernelSpec, double>> rank_candidates(const CostModel& model, const Problem& p,
                                                           const std::vector<KernelSpec>& proposals,
                                                           const DeviceFacts& device);

// Gives `d` a ranker: `model`'s best-ranked spec among the sweep and the dispatcher's policy
// proposals (rank_candidates), for problems of the types it was trained on (trained_for; others
// fall through to the policy or the heuristic); `source` names it in the dispatcher's reasons.
void set_cost_model_ranker(Dispatcher& d, std::shared_ptr<const CostModel> model,
                           std::string source);
// AUTOGEMM_COST_MODEL when set (it must load), else <data_dir>/<gpu>.costmodel.json (or .json.gz)
// when it exists; else `d` is left as it is. Throws Error for a file that does not load.
// `data_note`: as Dispatcher::from_environment's.
void use_cost_model_from_environment(Dispatcher& d, std::string_view gpu_name,
                                     const std::filesystem::path& data_dir,
                                     std::string_view data_note = {});

// How well `model` ranks each group's correct candidates (failed ones are left out: their
// rewards are made up). Used for held-out shapes.
RankingQuality evaluate(const CostModel& model, const CostDataset& data, double tolerance = 0.05);

// `data` split by shape: a group goes to the held-out part when a hash of its problem key falls
// below `fraction`, so the split is deterministic and the same shape always lands on one side.
std::pair<CostDataset, CostDataset> split_by_shape(const CostDataset& data, double fraction);

}  // namespace autogemm::tune
