#include "tune/cost_model.hpp"

#include <fmt/format.h>
#include <xgboost/c_api.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <numeric>
#include <unordered_set>
#include <utility>

#include "spec/enumerate.hpp"
#include "spec/fitted.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/cost_features.hpp"
#include "tune/gpu_name.hpp"

namespace autogemm::tune {
namespace {

constexpr const char* kObjectives[] = {"reg:squarederror", "rank:pairwise", kPolicyGradient};

// Objectives that learn from comparisons inside a group (one shape's specs).
bool is_ranking(const std::string& objective) {
  return objective.rfind("rank:", 0) == 0 || objective == kPolicyGradient;
}

// XGBoost's message without the stack trace it appends.
std::string last_error() {
  const std::string e = XGBGetLastError();
  return e.substr(0, e.find('\n'));
}

// XGBoost reports failures through return codes and XGBGetLastError(); it also logs warnings
// to stderr unless told not to, which would interleave with the tuner's progress lines.
void check(int rc, std::string_view what) {
  if (rc != 0) throw Error(fmt::format("cost model: {}: {}", what, last_error()));
}

void quiet_xgboost() {
  static const bool done = [] {
    check(XGBSetGlobalConfig(R"({"verbosity": 0})"), "configuring XGBoost");
    return true;
  }();
  (void)done;
}

class Matrix {
 public:
  Matrix(const std::vector<float>& values, size_t rows) {
    check(XGDMatrixCreateFromMat(values.data(), rows, kNumCostFeatures, NAN, &h_),
          "building the feature matrix");
  }
  Matrix(const Matrix&) = delete;
  Matrix& operator=(const Matrix&) = delete;
  ~Matrix() { XGDMatrixFree(h_); }
  DMatrixHandle get() const { return h_; }

 private:
  DMatrixHandle h_ = nullptr;
};

void append_features(std::vector<float>& out, const Problem& p, const KernelSpec& s,
                     const DeviceFacts& device) {
  const CostFeatures f = cost_features(p, s, device);
  out.insert(out.end(), f.begin(), f.end());
}

std::vector<std::string> this_builds_features() {
  const auto& names = cost_feature_names();
  return {names.begin(), names.end()};
}

// Policy gradient in function space. The booster's score f(problem, spec) is the logit of a
// policy over one shape's specs: π_i = softmax(f)_i over the group's measured specs. Each round
// adds a tree along the gradient of mean_s J_s, J_s = Σ_i π_i r_i (the expected reward of
// picking by π), whose derivative is ∂J_s/∂f_i = π_i (r_i - J_s) (REINFORCE with the baseline
// J_s, the expectation taken exactly over the measured specs). XGBoost descends a loss, so it
// gets g_i = -n_s π_i (r_i - J_s) and h_i = n_s π_i: a leaf's value -Σg / (Σh + λ) is then the
// π-weighted mean advantage of its specs, a step in the reward's own units (n_s, the group's
// size, makes a uniform policy's h 1 per spec, so min_child_weight keeps its usual meaning).
// As π concentrates on a shape's best specs, the other specs' terms fade: the trees spend
// their splits on what decides the top of each shape's list, which is what a top choice needs.
void boost_policy_gradient(BoosterHandle booster, DMatrixHandle train,
                           const std::vector<float>& rewards,
                           const std::vector<unsigned>& group_sizes, int rounds) {
  std::vector<float> grad(rewards.size()), hess(rewards.size());
  for (int round = 0; round < rounds; ++round) {
    bst_ulong n = 0;
    const float* f = nullptr;
    check(XGBoosterPredict(booster, train, /*output_margin*/ 1, 0, /*training*/ 1, &n, &f),
          "predicting during training");
    if (n != rewards.size()) throw Error("cost model: prediction count differs from the rows");
    size_t begin = 0;
    for (const unsigned size : group_sizes) {
      const size_t end = begin + size;
      const double top = *std::max_element(f + begin, f + end);
      double z = 0, j = 0;
      for (size_t i = begin; i < end; ++i) z += std::exp(double(f[i]) - top);
      for (size_t i = begin; i < end; ++i) j += std::exp(double(f[i]) - top) / z * rewards[i];
      for (size_t i = begin; i < end; ++i) {
        const double pi = std::exp(double(f[i]) - top) / z;
        grad[i] = float(-double(size) * pi * (rewards[i] - j));
        hess[i] = float(std::max(double(size) * pi, 1e-6));
      }
      begin = end;
    }
    check(XGBoosterBoostOneIter(booster, train, grad.data(), hess.data(), grad.size()), "training");
  }
}

// Split N over short K: its cooperative warpgroups store C with the tensor cores idle (no
// ping-pong to hide it), and the model has no feature that tells it apart from the cooperative
// split of rows. Among the dispatcher's picks on 37 off-grid shapes it ran 0.82-0.95x of the
// earlier picks with K of 88-480, and 1.014x over the 25 with K of 1024 or more
// (bench/results/h200/h200_split_n_s26.md).
constexpr int64_t kRankSplitNMinK = 1024;
bool short_k_split_n(const KernelSpec& s, const Problem& p) {
  return s.split_n && p.shape.k < kRankSplitNMinK;
}

}  // namespace

struct CostModel::Impl {
  std::vector<BoosterHandle> boosters;  // one, or an ensemble's members (scores averaged)
  // predict() may be called from several host threads (the dispatcher, through a policy's
  // spec head); one prediction at a time keeps the booster's use simple.
  std::mutex predicting;
  CostModelHeader header;
  ~Impl() {
    for (BoosterHandle b : boosters) XGBoosterFree(b);
  }
};

CostModel::CostModel(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CostModel::CostModel(CostModel&&) noexcept = default;
CostModel& CostModel::operator=(CostModel&&) noexcept = default;
CostModel::~CostModel() = default;

CostModel CostModel::train(const CostDataset& data, const CostModelOptions& o) {
  quiet_xgboost();
  if (std::find(std::begin(kObjectives), std::end(kObjectives), o.objective) ==
      std::end(kObjectives))
    throw Error(
        fmt::format("cost model: unknown objective '{}' (reg:squarederror, "
                    "rank:pairwise or policy:gradient)",
                    o.objective));
  if (o.rounds < 1) throw Error("cost model: rounds must be at least 1");
  if (o.objective == kPolicyGradient && o.policy_rounds < 1)
    throw Error("cost model: policy:gradient needs at least one policy round");
  const bool ranking = is_ranking(o.objective);
  std::vector<float> x, y;
  std::vector<unsigned> group_sizes;
  size_t failed = 0;
  for (const CostGroup& g : data.groups) {
    if (ranking && g.examples.size() < 2) continue;  // nothing to compare inside it
    group_sizes.push_back(unsigned(g.examples.size()));
    for (const CostExample& e : g.examples) {
      append_features(x, g.problem, e.spec, o.device);
      y.push_back(float(e.reward));
      failed += e.failed;
    }
  }
  if (group_sizes.empty() || y.size() < 2)
    throw Error("cost model: no shape with two or more measured specs to learn from");

  const Matrix train(x, y.size());
  check(XGDMatrixSetFloatInfo(train.get(), "label", y.data(), y.size()), "setting labels");
  if (ranking)
    check(XGDMatrixSetUIntInfo(train.get(), "group", group_sizes.data(), group_sizes.size()),
          "setting groups");
  for (size_t i = 0; i < o.ensemble_depths.size(); ++i) {
    if (o.ensemble_depths[i] < 1)
      throw Error("cost model: an ensemble's tree depths must be positive");
    // Same rows, seed and depth give the same booster: a repeat would only weigh it double.
    if (std::find(o.ensemble_depths.begin(), o.ensemble_depths.begin() + i, o.ensemble_depths[i]) !=
        o.ensemble_depths.begin() + i)
      throw Error(fmt::format("cost model: tree depth {} is listed twice in the ensemble",
                              o.ensemble_depths[i]));
  }
  const std::vector<int> depths =
      o.ensemble_depths.empty() ? std::vector<int>{o.max_depth} : o.ensemble_depths;
  auto impl = std::make_unique<Impl>();
  for (const int depth : depths) {
    const DMatrixHandle handles[] = {train.get()};
    BoosterHandle booster = nullptr;
    check(XGBoosterCreate(handles, 1, &booster), "creating the booster");
    impl->boosters.push_back(booster);  // freed by impl from here on
    const std::pair<const char*, std::string> params[] = {
        // policy:gradient supplies its own gradients (boost_policy_gradient); the objective
        // XGBoost is told of then only names the model's output (a raw score, base 0).
        {"objective", o.objective == kPolicyGradient ? "reg:squarederror" : o.objective},
        {"tree_method", "hist"},
        {"max_depth", std::to_string(depth)},
        {"eta", fmt::format("{}", o.learning_rate)},
        {"seed", std::to_string(o.seed)},
        {"nthread", std::to_string(std::max(1, o.threads))},
        {"verbosity", "0"},
    };
    for (const auto& [key, value] : params)
      check(XGBoosterSetParam(booster, key, value.c_str()),
            fmt::format("setting {}={}", key, value));
    // A policy's logits start at 0 (a uniform policy); XGBoost's default intercept is 0.5.
    if (o.objective == kPolicyGradient)
      check(XGBoosterSetParam(booster, "base_score", "0"), "setting base_score=0");
    // policy:gradient starts from the reward's regression (`rounds` trees): the tuner measured
    // each shape's promising specs only, and the softmax over them says nothing of the specs it
    // never tried, while a ranking over the sweep meets those; the regression gives them a
    // score in the reward's units, and the policy rounds then sharpen each shape's top.
    for (int i = 0; i < o.rounds; ++i)
      check(XGBoosterUpdateOneIter(booster, i, train.get()), "training");
    if (o.objective == kPolicyGradient)
      boost_policy_gradient(booster, train.get(), y, group_sizes, o.policy_rounds);
  }

  CostModelHeader& h = impl->header;
  std::vector<std::string> gpus;
  for (const CostGroup& g : data.groups)
    if (std::find(gpus.begin(), gpus.end(), g.gpu_name) == gpus.end()) gpus.push_back(g.gpu_name);
  h.gpu = gpus.size() == 1 ? gpus[0] : "";
  h.objective = o.objective;
  h.rounds = o.rounds;
  h.policy_rounds = o.objective == kPolicyGradient ? o.policy_rounds : 0;
  h.seed = o.seed;
  h.groups = group_sizes.size();
  h.examples = y.size();
  h.failed_examples = failed;
  h.sm_count = o.device.sm_count;
  h.smem_per_sm_bytes = o.device.smem_per_sm_bytes;
  h.l2_bytes = o.device.l2_bytes;
  h.features = this_builds_features();
  if (!o.ensemble_depths.empty()) h.member_depths = o.ensemble_depths;  // member_bytes: to_file
  h.max_depth = o.ensemble_depths.empty() ? o.max_depth : 0;
  h.learning_rate = o.learning_rate;
  for (const CostGroup& g : data.groups) h.problem_types.push_back(problem_type(g.problem));
  std::sort(h.problem_types.begin(), h.problem_types.end());
  h.problem_types.erase(std::unique(h.problem_types.begin(), h.problem_types.end()),
                        h.problem_types.end());
  return CostModel(std::move(impl));
}

CostModel CostModel::train(const std::vector<Measurement>& rows, const CostModelOptions& options,
                           const ExampleOptions& examples) {
  return train(build_cost_dataset(rows, examples), options);
}

CostModelFile CostModel::to_file() const {
  CostModelFile f{impl_->header, {}};
  f.header.member_bytes.clear();
  for (BoosterHandle b : impl_->boosters) {
    bst_ulong size = 0;
    const char* bytes = nullptr;
    check(XGBoosterSaveModelToBuffer(b, R"({"format": "ubj"})", &size, &bytes),
          "serializing the model");
    f.payload.append(bytes, size);
    if (!f.header.member_depths.empty()) f.header.member_bytes.push_back(size);
  }
  return f;
}

void CostModel::save(const std::filesystem::path& path) const {
  write_cost_model_file(path, to_file());
}

std::string CostModel::to_bytes() const {
  return encode_cost_model(to_file());
}

CostModel CostModel::load(const std::filesystem::path& path) {
  return from_file(read_cost_model_file(path), path.string(), "autogemm db train-cost-model");
}

CostModel CostModel::from_bytes(std::string_view bytes, std::string_view source,
                                std::string_view retrain) {
  return from_file(decode_cost_model(bytes, source), source, retrain);
}

CostModel CostModel::from_file(CostModelFile file, std::string_view source,
                               std::string_view retrain) {
  quiet_xgboost();
  auto fail = [&](const std::string& what) {
    return Error(fmt::format("cost model '{}': {}", source, what));
  };
  if (file.header.features != this_builds_features())
    throw fail(
        fmt::format("trained on another feature list ({} features, this build computes "
                    "{}); retrain it with `{}`",
                    file.header.features.size(), kNumCostFeatures, retrain));
  if (std::find(std::begin(kObjectives), std::end(kObjectives), file.header.objective) ==
      std::end(kObjectives))
    throw fail(fmt::format("unknown objective '{}'", file.header.objective));
  if (file.header.sm_count < 1 || file.header.smem_per_sm_bytes < 1 || file.header.l2_bytes < 1)
    throw fail("the device facts (sm_count, smem_per_sm_bytes, l2_bytes) must be positive");
  auto impl = std::make_unique<Impl>();
  impl->header = std::move(file.header);
  // The members' lengths are the file's layout, not the model's description: header() leaves
  // them out, as a freshly trained model's does (to_file fills them in).
  std::vector<uint64_t> parts = std::exchange(impl->header.member_bytes, {});
  const bool listed = !parts.empty();
  if (!listed) parts.push_back(file.payload.size());
  size_t at = 0;
  for (const uint64_t part : parts) {
    if (part > file.payload.size() - at) throw fail("an ensemble member runs past the payload");
    const std::string_view bytes(file.payload.data() + at, part);
    at += part;
    BoosterHandle booster = nullptr;
    check(XGBoosterCreate(nullptr, 0, &booster), "creating the booster");
    impl->boosters.push_back(booster);  // freed by impl from here on
    if (XGBoosterLoadModelFromBuffer(booster, bytes.data(), bytes.size()) != 0)
      throw fail(fmt::format("XGBoost cannot read the model: {}", last_error()));
    // XGBoost reads a booster from the front of the bytes and ignores the rest, so a header that
    // splits the payload wrongly (two members read as one, a member cut short) could load a
    // different model silently: each member must be exactly what saving it again writes.
    bst_ulong size = 0;
    const char* saved = nullptr;
    check(XGBoosterSaveModelToBuffer(booster, R"({"format": "ubj"})", &size, &saved),
          "serializing the model");
    if (std::string_view(saved, size) != bytes)
      throw fail(listed ? "the member lengths do not split the payload into boosters"
                        : "the payload is not exactly one booster");
    bst_ulong features = 0;
    check(XGBoosterGetNumFeature(booster, &features), "reading the feature count");
    if (features != kNumCostFeatures)
      throw fail(fmt::format("the booster takes {} features, the header names {}", features,
                             kNumCostFeatures));
    check(XGBoosterSetParam(booster, "nthread", "1"), "setting nthread");
  }
  return CostModel(std::move(impl));
}

std::vector<double> CostModel::predict(const Problem& p,
                                       const std::vector<KernelSpec>& specs) const {
  return predict(p, specs, device());
}

std::vector<double> CostModel::predict(const Problem& p, const std::vector<KernelSpec>& specs,
                                       const DeviceFacts& device) const {
  if (specs.empty()) return {};
  std::vector<float> x;
  x.reserve(specs.size() * kNumCostFeatures);
  for (const KernelSpec& s : specs) append_features(x, p, s, device);
  const Matrix m(x, specs.size());
  std::lock_guard lock(impl_->predicting);
  std::vector<double> scores(specs.size(), 0.0);
  for (BoosterHandle b : impl_->boosters) {
    const bst_ulong* shape = nullptr;
    bst_ulong dims = 0;
    const float* out = nullptr;
    check(XGBoosterPredictFromDMatrix(b, m.get(),
                                      R"({"type": 0, "training": false, "iteration_begin": 0, )"
                                      R"("iteration_end": 0, "strict_shape": false})",
                                      &shape, &dims, &out),
          "predicting");
    for (size_t i = 0; i < specs.size(); ++i) scores[i] += out[i];
  }
  for (double& v : scores) v /= double(impl_->boosters.size());
  return scores;
}

std::vector<KernelSpec> CostModel::rank(const Problem& p,
                                        const std::vector<KernelSpec>& candidates) const {
  return rank(p, candidates, device());
}

std::vector<KernelSpec> CostModel::rank(const Problem& p, const std::vector<KernelSpec>& candidates,
                                        const DeviceFacts& device) const {
  const std::vector<double> scores = predict(p, candidates, device);
  std::vector<size_t> order(candidates.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return scores[a] > scores[b]; });
  std::vector<KernelSpec> out;
  out.reserve(order.size());
  for (size_t i : order) out.push_back(candidates[i]);
  return out;
}

std::vector<std::pair<KernelSpec, double>> rank_candidates(
    const CostModel& model, const Problem& p, const std::vector<KernelSpec>& proposals) {
  return rank_candidates(model, p, proposals, model.device());
}

bool thin_split(const KernelSpec& s, const Problem& p) {
  const int pieces = std::max(s.cluster_k, s.split_pass);
  return pieces > 1 && (p.shape.k + s.bk - 1) / s.bk < 2 * int64_t(pieces);
}

std::vector<std::pair<KernelSpec, double>> rank_candidates(const CostModel& model, const Problem& p,
                                                           const std::vector<KernelSpec>& proposals,
                                                           const DeviceFacts& device) {
  std::vector<KernelSpec> fitting;
  std::unordered_set<std::string> seen;
  // Every sweep spec, split-K with a reduction pass and cluster split-K included: the features
  // name both (split_pass, cluster_k), and the shipped model learned them from the split-seed
  // re-tuning's store. (Models of the old feature list, which read them as mere pieces, ranked
  // cluster split-K picks at 0.47-1.13x of their other picks: h200_ck_dispatch_check_tn.md.)
  const auto add = [&](const KernelSpec& s) {
    if (!validate(s) && !validate_problem(s, p) && !thin_split(s, p) && !short_k_split_n(s, p) &&
        seen.insert(spec_name(s)).second)
      fitting.push_back(s);
  };
  for (const KernelSpec& s : default_sweep(p.dtype, p.acc, p.layout)) add(s);
  // And the specs whose tiles fit this shape (spec/fitted.hpp): the widths off the grid need.
  for (const KernelSpec& s : fitted_specs(p, device.sm_count)) add(s);
  for (const KernelSpec& s : proposals) add(s);
  std::vector<std::pair<KernelSpec, double>> out;
  if (fitting.empty()) return out;
  const std::vector<double> scores = model.predict(p, fitting, device);
  for (size_t i = 0; i < fitting.size(); ++i) out.emplace_back(fitting[i], scores[i]);
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

std::vector<std::pair<KernelSpec, double>> rank_sweep(const CostModel& model, const Problem& p) {
  return rank_candidates(model, p, {});
}

void set_cost_model_ranker(Dispatcher& d, std::shared_ptr<const CostModel> model,
                           std::string source) {
  // gemm() may dispatch new problems from several host threads at once: predict() takes the
  // model's own lock.
  d.set_ranker(
      [model](const Problem& p,
              const std::vector<KernelSpec>& proposals) -> std::vector<std::string> {
        std::vector<std::string> names;
        if (!model->trained_for(p)) return names;  // no experience of these types
        for (const auto& [spec, score] : rank_candidates(*model, p, proposals))
          names.push_back(spec_name(spec));
        return names;
      },
      std::move(source));
}

void use_cost_model_from_environment(Dispatcher& d, std::string_view gpu_name,
                                     const std::filesystem::path& data_dir,
                                     std::string_view data_note) {
  if (const auto path = gpu_data_file("AUTOGEMM_COST_MODEL", data_dir, gpu_name, ".costmodel.json"))
    set_cost_model_ranker(d, std::make_shared<const CostModel>(CostModel::load(*path)),
                          with_note(path->string(), data_note));
}

bool CostModel::trained_for(const Problem& p) const {
  const auto& types = impl_->header.problem_types;
  return types.empty() || std::find(types.begin(), types.end(), problem_type(p)) != types.end();
}

const CostModelHeader& CostModel::header() const {
  return impl_->header;
}

DeviceFacts CostModel::device() const {
  DeviceFacts d;
  d.sm_count = impl_->header.sm_count;
  d.smem_per_sm_bytes = impl_->header.smem_per_sm_bytes;
  d.l2_bytes = impl_->header.l2_bytes;
  return d;
}

RankingQuality evaluate(const CostModel& model, const CostDataset& data, double tolerance) {
  std::vector<std::vector<double>> scores, rewards;
  for (const CostGroup& g : data.groups) {
    std::vector<KernelSpec> specs;
    std::vector<double> truth;
    for (const CostExample& e : g.examples)
      if (!e.failed) {
        specs.push_back(e.spec);
        truth.push_back(e.reward);
      }
    scores.push_back(model.predict(g.problem, specs));
    rewards.push_back(std::move(truth));
  }
  return ranking_quality(scores, rewards, tolerance);
}

std::pair<CostDataset, CostDataset> split_by_shape(const CostDataset& data, double fraction) {
  std::pair<CostDataset, CostDataset> out;
  for (const CostGroup& g : data.groups) {
    const uint64_t h = fnv1a64(g.gpu_name + "/" + problem_key(g.problem));
    const bool held_out = double(h % 1000000) / 1e6 < fraction;
    (held_out ? out.second : out.first).groups.push_back(g);
  }
  return out;
}

}  // namespace autogemm::tune
