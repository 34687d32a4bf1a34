// The learned policy (issue 5, proposer 3a): a probability distribution over kernel specs for
// a problem on a GPU, learned from the experience store, used where no measurement exists yet.
//
// Model. x = features(problem, device) (features.hpp). The spec is split into the twenty
// fields of policy_fields.hpp, chosen independently given x, each by a softmax whose logits are
// linear in x:
//     π(spec | x) = Π_f softmax(W_f x + b_f)[value of field f in spec].
// Fields are independent, so some combinations are invalid (e.g. swap-AB with a TMA epilogue,
// sk_splits without stream-K); sample() redraws those and enumerated_choices() skips them, both
// through validate() and validate_problem(), the rules everything else uses.
//
// enumerated_choices() is exact among the specs whose values are all measured ones (below):
// best-first enumeration of field-value combinations in decreasing probability (each field's values
// sorted by probability; a combination's successors raise one field's rank, each combination
// reached from one parent), keeping the valid ones. It stops after a bounded number of combinations
// and then ranks the default sweep's fitting specs by probability for whatever is still missing.
// Unmeasured values (weights 0, bias kUnmeasuredBias: training saw no spec with them, or the
// policy's file predates them) stay out of the enumeration: at e^-10 they are not recommended
// anyway, and with sixty-odd sk_splits and thirty-two bn values, most of them unmeasured, their
// combinations would use up the enumeration's budget before it reached a valid spec that a
// policy of fewer values reaches (measured: 8 of 180 dispatcher choices of twelve-field
// policies, before they were left out).
//
// top_choices(), what the dispatcher and the tuner use, ranks the library instead when the
// policy has one (each training problem's fastest spec; see `library`), so that its choices are
// specs that won somewhere rather than combinations of values from different winners.
//
// The spec head. A per-field softmax cannot rank whole specs: its top choice on held-out shapes
// reached 0.73 of the sweep's best where a ranker over (problem, spec) features reached 0.97
// (bench/results/h200/h200_issue5_retuned_tn.md). So a policy may carry a second part that
// scores a whole spec: a tree ensemble f(problem, spec) over the cost model's features,
// π(spec | p) = softmax over C(p) of f, C(p) = the library's, the default sweep's and the
// fitted specs (spec/fitted.hpp) that fit p; trained by policy gradient on the same measurements
// (CostModel with kPolicyGradient: regression on the reward first, then policy rounds;
// cost_model.cpp says why). When the head was trained on p's types, top_choices() is its ranking of
// C(p); sample(), log_prob() and enumerated_choices() stay with the fields, which reach the whole
// space.
//
// Training: policy_train.hpp. Files: policy_file.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"
#include "tune/features.hpp"
#include "tune/heuristic.hpp"
#include "tune/policy_fields.hpp"

namespace autogemm::tune {

class CostModel;

// Where a policy came from; saved with it, shown by the tools.
struct PolicyInfo {
  std::string gpu;      // GPU whose measurements trained it
  std::string created;  // ISO 8601 UTC
  std::string commit;   // autogemm commit that trained it
  DeviceFacts device;   // the device facts its training features used
  int64_t shapes = 0;   // problems and measured specs it was trained on
  int64_t samples = 0;
  int epochs = 0;
  // Mean over shapes of the expected log speedup over the reference, the policy restricted to
  // each shape's measured specs: before and after training (policy_train.hpp).
  double objective_before = 0, objective_after = 0;
  friend bool operator==(const PolicyInfo&, const PolicyInfo&) = default;
};

class Policy {
 public:
  // Parameters per field value: one weight per feature, then the bias.
  static constexpr size_t kParamsPerValue = kNumFeatures + 1;
  // The bias of a value the policy knows nothing good of: no measured spec had it when it was
  // trained, or its file predates the value (policy_file.hpp). e^-10 against e^0: the policy
  // does not recommend it, yet it keeps a finite probability.
  static constexpr double kUnmeasuredBias = -10;

  // Untrained: all parameters zero, every field uniform; ties go to each field's first value,
  // so the untrained top choice is KernelSpec's default.
  Policy();

  // log π(spec | p): -infinity when the spec's dtype, acc or layout differ from p's or one of
  // its fields has a value outside the policy's lists.
  double log_prob(const Problem& p, const KernelSpec& spec, const DeviceFacts& device = {}) const;

  // A spec drawn from π, redrawn until it is valid and fits p; nullopt after `max_tries`
  // draws without one. Deterministic for a given rng state. A trained policy's draws are mostly
  // valid; the untrained policy's (every field uniform) about 1 in 1000 for tn problems and
  // fewer for nn: give it more tries.
  std::optional<KernelSpec> sample(const Problem& p, std::mt19937_64& rng,
                                   const DeviceFacts& device = {}, int max_tries = 1000) const;

  // The policy's choices for p, most probable first, no duplicates: with a spec head trained on
  // p's types, its ranking of C(p) (at most k); else the library's specs that fit p, ranked by
  // probability (see `library`), then enumerated_choices() for whatever is still missing;
  // without a library, enumerated_choices(). Deterministic.
  std::vector<KernelSpec> top_choices(const Problem& p, size_t k,
                                      const DeviceFacts& device = {}) const;

  // The k most probable specs of the whole space that are valid and fit p, most probable
  // first, no duplicates; fewer only when no more can be found (see above). Deterministic.
  std::vector<KernelSpec> enumerated_choices(const Problem& p, size_t k,
                                             const DeviceFacts& device = {}) const;

  // Per field, the log-probabilities of its values for features x.
  std::array<std::vector<double>, kNumPolicyFields> field_log_probs(const Features& x) const;

  // Field f's parameters: value v's weights at [v * kParamsPerValue, + kNumFeatures), its bias
  // at v * kParamsPerValue + kNumFeatures.
  std::vector<double>& params(size_t field) { return params_[field]; }
  const std::vector<double>& params(size_t field) const { return params_[field]; }
  double& bias(size_t field, size_t value) {
    return params_[field][value * kParamsPerValue + kNumFeatures];
  }
  // Sets field f's value v to weights 0 and bias kUnmeasuredBias; whether it is so.
  void set_unmeasured(size_t field, size_t value);
  bool unmeasured(size_t field, size_t value) const;

  PolicyInfo info;

  // The specs a top choice is drawn from: each training problem's fastest correct spec
  // (train_policy sets it). Empty (untrained, or a file without one): top_choices() enumerates
  // field combinations. Why: the fields are chosen independently, so their joint argmax mixes
  // values of different winners into specs nobody measured (trained on the grid, it gave
  // 192x96 wg3 sk2 lag2 acc2 for 4096³, p ~ 1e-29); ranking the library by the same
  // probability keeps the top choice among specs that won somewhere. Kept with their types;
  // top_choices() gives them the problem's dtype, acc and layout.
  std::vector<KernelSpec> library;

  // The spec head (see the header); null: none, top choices come from the fields and library.
  std::shared_ptr<const CostModel> spec_head;
  // The spec head's ranking of C(p) with its scores, best first; empty without a head, when it
  // was not trained on p's types, or when nothing in C(p) fits p.
  std::vector<std::pair<KernelSpec, double>> spec_head_choices(const Problem& p,
                                                               const DeviceFacts& device) const;

  // Heads compare by their bytes.
  friend bool operator==(const Policy&, const Policy&);

 private:
  std::array<std::vector<double>, kNumPolicyFields> params_;
};

}  // namespace autogemm::tune
