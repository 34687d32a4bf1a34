// Training the policy (policy.hpp) by policy gradient on the experience store's measurements.
//
// Data. Per problem, every measured spec with its reward r = log(t_reference / t_spec), the
// reference being cuBLASLt timed interleaved in the same run (else the problem's median
// reference time, else its fastest spec); a spec measured twice gets its mean reward. A failed
// or incorrect candidate gets r = min(worst correct reward, 0) - failure_penalty: worse than
// anything that ran. Problems with fewer than two specs teach nothing and are left out.
//
// Objective. For problem s with measured specs a_1..a_n, the expected reward when the policy
// picks among them, once as a whole and once field by field:
//     J_s = Σ_i w_i r_i,       w_i  = π(a_i | x_s) / Σ_j π(a_j | x_s),
//     J_sf = Σ_i w_fi r_i,     w_fi = π_f(a_if | x_s) / Σ_j π_f(a_jf | x_s)   (field f's softmax),
// maximising mean_s (J_s + Σ_f J_sf) - λ/2 |W|² (weights, not biases). The gradient is
// REINFORCE with per-problem baselines:
//     Σ_i w_i (r_i - b_s) ∇log π(a_i | x_s) + Σ_f Σ_i w_fi (r_i - b_sf) ∇log π_f(a_if | x_s),
// b_s = Σ_i w_i r_i, b_sf = Σ_i w_fi r_i. For the untrained (uniform) policy every weight is 1/n
// and every baseline the problem's mean reward: the textbook form.
// Why the weights: the tuner chose the specs, π did not; with fixed 1/n weights the advantages
// sum to zero per problem, the softmax gradient stops depending on the parameters and the
// logits grow without limit instead of converging. Weighting by π (self-normalised importance
// weights) makes each term the exact gradient of its J, largest when π puts its mass on the
// problem's fastest spec. Why the field terms: the joint weights soon concentrate on the specs
// the policy already likes in every field, and a field's evidence in the other specs fades
// before it is learned (synthetic data with a planted rule, five seeds: the joint term alone
// got all three parts of the rule right on 85-94% of held-out shapes, with the field terms on
// 90-97%).
//
// Optimiser: Adam (β 0.9, 0.999) ascending J, the L2 penalty applied as decoupled weight decay
// (AdamW), minibatches of problems in an order shuffled by a fixed seed, a fixed number of
// epochs; deterministic. It runs on standardised features (mean 0, variance 1 over the training
// problems), folded back into the raw features' weights at the end. A field value no measured
// spec has gets a bias of -10: the policy does not recommend what was never measured.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"
#include "tune/measurement.hpp"
#include "tune/policy.hpp"

namespace autogemm::tune {

class ExperienceStore;

struct TrainingSample {
  KernelSpec spec;
  double reward = 0;    // log(t_reference / t_spec)
  bool correct = true;  // false: failed or wrong in every measurement (reward is the penalty)
};

struct TrainingShape {
  Problem problem;
  std::vector<TrainingSample> samples;  // distinct specs
};

struct TrainingDataOptions {
  std::string gpu;              // empty: the rows' only GPU (an Error if they hold several)
  std::string mode = "kernel";  // timing mode whose rows count
  std::vector<Shape> exclude;   // shapes left out whatever their dtype, acc and layout
  double failure_penalty = 2.0;
};

struct TrainingData {
  std::string gpu;
  std::vector<TrainingShape> shapes;  // ordered by dtype, acc, layout, M, N, K
  int64_t rows = 0;                   // measurements used
  int64_t rows_unusable = 0;          // spec names that do not parse or lie outside the fields
  std::vector<std::string> unusable_specs;  // their distinct names, first seen first
  int64_t shapes_excluded = 0;
  int64_t shapes_too_few = 0;  // fewer than two usable specs
};

// From measurement rows (pure).
TrainingData make_training_data(const std::vector<Measurement>& rows,
                                const TrainingDataOptions& options);
// From the store; an Error when it holds no rows of the GPU, or several GPUs and none named.
TrainingData load_training_data(const ExperienceStore& store, const TrainingDataOptions& options);

struct TrainOptions {
  int epochs = 300;
  double learning_rate = 0.05;
  double l2 = 1e-4;
  size_t batch_shapes = 32;
  uint64_t seed = 2026;
  DeviceFacts device;  // the GPU the measurements were taken on
};

struct TrainReport {
  int64_t shapes = 0, samples = 0;
  double objective_before = 0, objective_after = 0;  // mean J_s (no penalty)
  // Share of problems whose most probable measured spec is their fastest measured one.
  double best_share_before = 0, best_share_after = 0;
};

// mean_s J_s for `shapes` (0 when empty).
double policy_objective(const Policy& policy, const std::vector<TrainingShape>& shapes,
                        const DeviceFacts& device);

// Trains `policy` in place from its current parameters (weights of features constant over
// `shapes` are kept as they are), records the run in policy.info (device, counts, epochs,
// objectives) and sets policy.library to each problem's fastest correct spec (distinct, in
// problem order). Throws Error when `shapes` is empty.
TrainReport train_policy(Policy& policy, const std::vector<TrainingShape>& shapes,
                         const TrainOptions& options);

}  // namespace autogemm::tune
