#include "tune/policy_train.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <tuple>

#include "spec/name.hpp"
#include "tune/store.hpp"

namespace autogemm::tune {
namespace {

using ProblemKey = std::tuple<int, int, int, int64_t, int64_t, int64_t>;

ProblemKey key_of(const Problem& p) {
  return {int(p.dtype), int(p.acc), int(p.layout), p.shape.m, p.shape.n, p.shape.k};
}

struct Row {
  KernelSpec spec;
  const Measurement* m;
};

// Each problem's fastest correct spec, distinct, in problem order: the policy's library.
std::vector<KernelSpec> fastest_specs(const std::vector<TrainingShape>& shapes) {
  std::vector<KernelSpec> out;
  for (const TrainingShape& shape : shapes) {
    const TrainingSample* best = nullptr;
    for (const TrainingSample& s : shape.samples)
      if (s.correct && (!best || s.reward > best->reward)) best = &s;
    if (!best) continue;
    KernelSpec general = best->spec;
    general.fixed = {};  // a shape compiled in serves only its own shape
    if (std::find(out.begin(), out.end(), general) == out.end()) out.push_back(general);
  }
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

bool correct(const Measurement& m) {
  return m.status == Status::ok && m.median_us && *m.median_us > 0;
}

// One problem's rows -> its distinct specs with their rewards (see the header).
std::vector<TrainingSample> samples_of(const std::vector<Row>& rows, double failure_penalty) {
  std::vector<double> refs;
  double fastest = 0;
  for (const Row& r : rows) {
    if (r.m->reference_median_us && *r.m->reference_median_us > 0)
      refs.push_back(*r.m->reference_median_us);
    if (correct(*r.m) && (fastest == 0 || *r.m->median_us < fastest)) fastest = *r.m->median_us;
  }
  const double shape_ref = refs.empty() ? fastest : median(refs);
  std::vector<std::optional<double>> reward(rows.size());
  double worst = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    const Measurement& m = *rows[i].m;
    if (!correct(m)) continue;
    const double ref =
        m.reference_median_us && *m.reference_median_us > 0 ? *m.reference_median_us : shape_ref;
    reward[i] = std::log(ref / *m.median_us);
    worst = std::min(worst, *reward[i]);
  }
  // Distinct specs in first-measured order, rewards averaged.
  std::vector<TrainingSample> out;
  std::vector<int> counts;
  for (size_t i = 0; i < rows.size(); ++i) {
    const double r = reward[i].value_or(worst - failure_penalty);
    auto it = std::find_if(out.begin(), out.end(),
                           [&](const TrainingSample& s) { return s.spec == rows[i].spec; });
    if (it == out.end()) {
      out.push_back({rows[i].spec, r, reward[i].has_value()});
      counts.push_back(1);
    } else {
      const size_t j = size_t(it - out.begin());
      it->reward = (it->reward * counts[j] + r) / (counts[j] + 1);
      it->correct = it->correct && reward[i].has_value();
      ++counts[j];
    }
  }
  return out;
}

std::string only_gpu(const std::vector<Measurement>& rows, const std::string& mode) {
  std::vector<std::string> gpus;
  for (const Measurement& m : rows)
    if (m.mode == mode && std::find(gpus.begin(), gpus.end(), m.env.gpu_name) == gpus.end())
      gpus.push_back(m.env.gpu_name);
  if (gpus.empty()) throw Error(fmt::format("no {}-mode measurements to train on", mode));
  if (gpus.size() > 1)
    throw Error(
        fmt::format("the measurements are of several GPUs ({}); name one", fmt::join(gpus, ", ")));
  return gpus.front();
}

// A problem ready for training: its features and its specs' field values.
struct Prepared {
  Features x;
  std::vector<FieldChoice> choices;
  std::vector<double> rewards;
  size_t fastest = 0;  // index of the largest reward
};

std::vector<Prepared> prepare(const std::vector<TrainingShape>& shapes, const DeviceFacts& device) {
  std::vector<Prepared> out;
  for (const TrainingShape& s : shapes) {
    Prepared p;
    p.x = features(s.problem, device);
    for (const TrainingSample& t : s.samples) {
      const auto choice = encode(t.spec);
      if (!choice) continue;
      p.choices.push_back(*choice);
      p.rewards.push_back(t.reward);
      if (t.reward > p.rewards[p.fastest]) p.fastest = p.rewards.size() - 1;
    }
    if (!p.choices.empty()) out.push_back(std::move(p));
  }
  return out;
}

// Per feature, its mean and standard deviation over the training problems. Training runs on
// standardised features (mean 0, variance 1) and folds the result back into the weights of the
// raw features: with raw features the wide-ranged ones (waves, bytes over L2) take the largest
// steps, and the learned thresholds tilt towards them.
struct Standardizer {
  Features mean{}, scale{};
  bool varies(size_t j) const { return scale[j] > 1e-12; }

  explicit Standardizer(const std::vector<Prepared>& problems) {
    const double n = double(problems.size());
    for (const Prepared& p : problems)
      for (size_t j = 0; j < kNumFeatures; ++j) mean[j] += p.x[j] / n;
    for (const Prepared& p : problems)
      for (size_t j = 0; j < kNumFeatures; ++j)
        scale[j] += (p.x[j] - mean[j]) * (p.x[j] - mean[j]) / n;
    for (double& s : scale) s = std::sqrt(s);
  }

  Features apply(const Features& x) const {
    Features z{};
    for (size_t j = 0; j < kNumFeatures; ++j) z[j] = varies(j) ? (x[j] - mean[j]) / scale[j] : 0.0;
    return z;
  }

  // Rewrites `policy` for standardised features, giving the same logits on the training
  // problems. A feature constant over them is taken out (its part moves into the bias) and put
  // back unchanged by unapply(): there is nothing to learn about it here.
  void apply(Policy& policy) const {
    for (size_t f = 0; f < kNumPolicyFields; ++f)
      for (size_t at = 0; at < policy.params(f).size(); at += Policy::kParamsPerValue) {
        double* row = &policy.params(f)[at];
        for (size_t j = 0; j < kNumFeatures; ++j) {
          row[kNumFeatures] += row[j] * mean[j];
          row[j] = varies(j) ? row[j] * scale[j] : 0.0;
        }
      }
  }
  void unapply(Policy& policy, const Policy& original) const {
    for (size_t f = 0; f < kNumPolicyFields; ++f)
      for (size_t at = 0; at < policy.params(f).size(); at += Policy::kParamsPerValue) {
        double* row = &policy.params(f)[at];
        for (size_t j = 0; j < kNumFeatures; ++j) {
          row[j] = varies(j) ? row[j] / scale[j] : original.params(f)[at + j];
          row[kNumFeatures] -= row[j] * mean[j];
        }
      }
  }
};

// exp(v) / Σ exp(v), shifted by the maximum so that exp() cannot overflow.
std::vector<double> normalized(std::vector<double> log_w) {
  const double top = *std::max_element(log_w.begin(), log_w.end());
  double sum = 0;
  for (double& v : log_w) sum += (v = std::exp(v - top));
  for (double& v : log_w) v /= sum;
  return log_w;
}

// The self-normalised weights w_i of a problem's specs under the policy.
std::vector<double> weights(const Policy& policy, const Prepared& p) {
  const auto lp = policy.field_log_probs(p.x);
  std::vector<double> log_w(p.choices.size(), 0.0);
  for (size_t i = 0; i < log_w.size(); ++i)
    for (size_t f = 0; f < kNumPolicyFields; ++f) log_w[i] += lp[f][size_t(p.choices[i][f])];
  return normalized(std::move(log_w));
}

struct Evaluation {
  double objective = 0, best_share = 0;
};

Evaluation evaluate(const Policy& policy, const std::vector<Prepared>& problems) {
  Evaluation e;
  if (problems.empty()) return e;
  for (const Prepared& p : problems) {
    const auto w = weights(policy, p);
    for (size_t i = 0; i < w.size(); ++i) e.objective += w[i] * p.rewards[i];
    const size_t likeliest = size_t(std::max_element(w.begin(), w.end()) - w.begin());
    if (p.rewards[likeliest] >= p.rewards[p.fastest]) e.best_share += 1;
  }
  e.objective /= double(problems.size());
  e.best_share /= double(problems.size());
  return e;
}

// Adam's moment estimates, shaped like the policy's parameters.
struct Adam {
  std::array<std::vector<double>, kNumPolicyFields> m, v;
  int64_t step = 0;
};

// Adds one problem's gradient to `grad`: w_i (r_i - b) on the chosen value of each field for
// the joint term, w_fi (r_i - b_f) on field f's chosen value for the field terms (see the
// header). The -p_f part of ∇log π cancels: under each set of weights the advantages sum to 0.
void add_gradient(const Policy& policy, const Prepared& p,
                  std::array<std::vector<double>, kNumPolicyFields>& grad) {
  const size_t n = p.choices.size();
  auto add = [&](size_t f, size_t i, double g) {
    double* row = &grad[f][size_t(p.choices[i][f]) * Policy::kParamsPerValue];
    for (size_t j = 0; j < kNumFeatures; ++j) row[j] += g * p.x[j];
    row[kNumFeatures] += g;
  };
  auto baseline = [&](const std::vector<double>& w) {
    double b = 0;
    for (size_t i = 0; i < n; ++i) b += w[i] * p.rewards[i];
    return b;
  };
  const std::vector<double> w = weights(policy, p);
  const double b = baseline(w);
  for (size_t i = 0; i < n; ++i)
    for (size_t f = 0; f < kNumPolicyFields; ++f) add(f, i, w[i] * (p.rewards[i] - b));

  const auto lp = policy.field_log_probs(p.x);
  std::vector<double> log_w(n);
  for (size_t f = 0; f < kNumPolicyFields; ++f) {
    for (size_t i = 0; i < n; ++i) log_w[i] = lp[f][size_t(p.choices[i][f])];
    const std::vector<double> wf = normalized(log_w);
    const double bf = baseline(wf);
    for (size_t i = 0; i < n; ++i) add(f, i, wf[i] * (p.rewards[i] - bf));
  }
}

void adam_ascent(Policy& policy, std::array<std::vector<double>, kNumPolicyFields>& grad,
                 Adam& adam, const TrainOptions& o) {
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEps = 1e-8;
  ++adam.step;
  const double c1 = 1 - std::pow(kBeta1, double(adam.step));
  const double c2 = 1 - std::pow(kBeta2, double(adam.step));
  for (size_t f = 0; f < kNumPolicyFields; ++f) {
    std::vector<double>& theta = policy.params(f);
    for (size_t i = 0; i < theta.size(); ++i) {
      const double g = grad[f][i];
      adam.m[f][i] = kBeta1 * adam.m[f][i] + (1 - kBeta1) * g;
      adam.v[f][i] = kBeta2 * adam.v[f][i] + (1 - kBeta2) * g * g;
      theta[i] += o.learning_rate * (adam.m[f][i] / c1) / (std::sqrt(adam.v[f][i] / c2) + kEps);
      // The L2 penalty as decoupled weight decay (AdamW): inside Adam's scaling it would turn
      // into full-size steps towards zero and back, and a field the data never varies would
      // jitter instead of staying at zero (its defaults).
      if (i % Policy::kParamsPerValue != kNumFeatures)
        theta[i] -= o.learning_rate * o.l2 * theta[i];
    }
  }
}

}  // namespace

TrainingData make_training_data(const std::vector<Measurement>& rows,
                                const TrainingDataOptions& options) {
  TrainingData data;
  data.gpu = options.gpu.empty() ? only_gpu(rows, options.mode) : options.gpu;
  std::map<ProblemKey, std::pair<Problem, std::vector<Row>>> groups;
  std::map<ProblemKey, bool> excluded;
  for (const Measurement& m : rows) {
    if (m.env.gpu_name != data.gpu || m.mode != options.mode) continue;
    const Problem& p = m.problem;
    if (std::find(options.exclude.begin(), options.exclude.end(), p.shape) !=
        options.exclude.end()) {
      excluded[key_of(p)] = true;
      continue;
    }
    auto unusable = [&] {
      ++data.rows_unusable;
      auto& names = data.unusable_specs;
      if (std::find(names.begin(), names.end(), m.spec) == names.end()) names.push_back(m.spec);
    };
    KernelSpec spec;
    try {
      spec = parse_name(m.spec);
    } catch (const Error&) {
      unusable();  // a name from an older spec vocabulary
      continue;
    }
    if (!encode(spec) || spec.dtype != p.dtype || spec.acc != p.acc || spec.layout != p.layout) {
      unusable();
      continue;
    }
    auto& group = groups[key_of(p)];
    group.first = p;
    group.second.push_back({spec, &m});
  }
  data.shapes_excluded = int64_t(excluded.size());
  for (const auto& [key, group] : groups) {
    TrainingShape shape{group.first, samples_of(group.second, options.failure_penalty)};
    if (shape.samples.size() < 2) {
      ++data.shapes_too_few;
      continue;
    }
    data.rows += int64_t(group.second.size());
    data.shapes.push_back(std::move(shape));
  }
  return data;
}

TrainingData load_training_data(const ExperienceStore& store, const TrainingDataOptions& options) {
  MeasurementFilter filter;
  filter.mode = options.mode;
  if (!options.gpu.empty()) filter.gpu_name = options.gpu;
  const auto rows = store.measurements(filter);
  if (rows.empty())
    throw Error(fmt::format("experience store '{}' holds no {}-mode measurements{}", store.path(),
                            options.mode,
                            options.gpu.empty() ? "" : " on GPU '" + options.gpu + "'"));
  try {
    return make_training_data(rows, options);
  } catch (const Error& e) {
    throw Error(fmt::format("experience store '{}': {}", store.path(), e.what()));
  }
}

double policy_objective(const Policy& policy, const std::vector<TrainingShape>& shapes,
                        const DeviceFacts& device) {
  return evaluate(policy, prepare(shapes, device)).objective;
}

TrainReport train_policy(Policy& policy, const std::vector<TrainingShape>& shapes,
                         const TrainOptions& o) {
  std::vector<Prepared> problems = prepare(shapes, o.device);
  if (problems.empty()) throw Error("train policy: no problems with measured specs to learn from");
  // A value no training spec has gets no gradient: left at zero it could outrank the measured
  // values wherever their logits fall below zero, and the policy would recommend what was never
  // measured. It gets a low bias instead.
  for (size_t f = 0; f < kNumPolicyFields; ++f) {
    std::vector<bool> seen(policy_fields()[f].values.size(), false);
    for (const Prepared& p : problems)
      for (const FieldChoice& c : p.choices) seen[size_t(c[f])] = true;
    for (size_t v = 0; v < seen.size(); ++v)
      if (!seen[v]) policy.set_unmeasured(f, v);
  }
  TrainReport report;
  report.shapes = int64_t(problems.size());
  for (const Prepared& p : problems) report.samples += int64_t(p.choices.size());
  const Evaluation before = evaluate(policy, problems);

  const Standardizer standard(problems);
  const Policy original = policy;
  const std::vector<Prepared> raw = problems;
  standard.apply(policy);
  for (Prepared& p : problems) p.x = standard.apply(p.x);

  Adam adam;
  std::array<std::vector<double>, kNumPolicyFields> grad;
  for (size_t f = 0; f < kNumPolicyFields; ++f) {
    adam.m[f].assign(policy.params(f).size(), 0.0);
    adam.v[f] = adam.m[f];
  }
  std::mt19937_64 rng(o.seed);
  std::vector<size_t> order(problems.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  const size_t batch = std::max<size_t>(1, o.batch_shapes);
  for (int epoch = 0; epoch < o.epochs; ++epoch) {
    // Fisher-Yates with the engine's raw output: the same order on every standard library.
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng() % i]);
    for (size_t start = 0; start < order.size(); start += batch) {
      const size_t end = std::min(order.size(), start + batch);
      for (size_t f = 0; f < kNumPolicyFields; ++f) grad[f].assign(policy.params(f).size(), 0.0);
      for (size_t i = start; i < end; ++i) add_gradient(policy, problems[order[i]], grad);
      for (auto& g : grad)
        for (double& v : g) v /= double(end - start);
      adam_ascent(policy, grad, adam, o);
    }
  }

  standard.unapply(policy, original);
  const Evaluation after = evaluate(policy, raw);
  report.objective_before = before.objective;
  report.objective_after = after.objective;
  report.best_share_before = before.best_share;
  report.best_share_after = after.best_share;
  PolicyInfo& info = policy.info;
  info.device = o.device;
  info.shapes = report.shapes;
  info.samples = report.samples;
  info.epochs = o.epochs;
  info.objective_before = before.objective;
  info.objective_after = after.objective;
  policy.library = fastest_specs(shapes);
  return report;
}

}  // namespace autogemm::tune
