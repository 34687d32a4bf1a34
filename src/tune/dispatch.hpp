// The dispatcher: which kernel runs a problem, decided without a GPU.
//
// Order (issue 5):
//   1. a problem the autogemm kernel cannot serve (N or K not a multiple of 8, a dtype/acc
//      combination without a kernel) -> cublaslt_fallback, with the rule it breaks;
//   2. the exact problem in the loaded tuning table -> its spec (then the user table; then, for
//      a problem of other types than fp16/fp32/tn, the entry of its twin of those types, the
//      spec's types changed where that is valid for the problem);
//   3. otherwise, when a ranker is set (the cost model: the runtime sets one from
//      AUTOGEMM_COST_MODEL or <data dir>/<gpu>.costmodel.json[.gz]; tune/cost_model.hpp), its
//      best-ranked spec among the default sweep, the specs fitted to the shape
//      (spec/fitted.hpp) and, when a policy is loaded, the policy's top
//      kPolicyProposals choices: the policy proposes, the model screens (no measurement). A
//      model that knows fp16/fp32/tn only ranks the twin's candidates; the best-ranked one
//      valid for the problem's types is the pick;
//   4. otherwise, when a learned policy is loaded (tune/policy.hpp), its most probable valid spec
//      for the problem (no search, no measurement);
//   5. otherwise the heuristic (tune/heuristic.hpp) -> its spec.
// The ranker comes before the policy: zero-shot on oracle100, in-run, the cost model's pick over
// the sweep and the policy's proposals reached 0.979 of the sweep's best, over the sweep alone
// 0.974, the policy's own top choice 0.728 (bench/results/h200/h200_issue5_retuned_tn.md).
//
// A user tuning table (user_table.hpp: shapes tuned on this machine) is consulted after the
// loaded table, and with tuning on first sight (set_first_sight_tuner, first_sight.hpp) a
// problem in neither table is tuned the first time tune() is called for it.
//
// The table comes from AUTOGEMM_TABLE (a file path) when set, else from
// <data dir>/<sanitized GPU name>.json when that file exists (tune/gpu_name.hpp), else none.
// The policy likewise from AUTOGEMM_POLICY, else <data dir>/<sanitized GPU name>.policy.json.
// A table or policy that exists but does not load is an Error, never a silent fallback: a
// broken shipped file would otherwise cost performance unnoticed.
//
// The choice is visible: query() returns it, and with AUTOGEMM_LOG=1 the first query of each
// problem prints one line to stderr:
//   autogemm: dispatch 4096x4096x4096 fp16/fp32/tn -> table sm90_..._etma (tuning table ...)
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tune/heuristic.hpp"
#include "tune/table.hpp"

namespace autogemm::tune {

enum class ChoiceKind { table, heuristic, cublaslt_fallback, policy, cost_model, timed };
std::string_view to_string(ChoiceKind);

struct Choice {
  ChoiceKind kind = ChoiceKind::heuristic;
  std::string spec;    // kernel spec name; empty for cublaslt_fallback
  std::string reason;  // one line: where the choice came from
  // A table entry of another problem (bf16 taking its fp16 twin's): never measured for this
  // one, so tuning on first sight still tunes it.
  bool borrowed = false;
  friend bool operator==(const Choice&, const Choice&) = default;
};

// Why the autogemm kernel cannot run `p` (so cuBLASLt must), or nullopt when it can.
std::optional<std::string> unservable_reason(const Problem& p);

class Policy;

// `source` followed by " (note)", or `source` alone for an empty note.
std::string with_note(std::string source, std::string_view note);

// "fp16/fp32/tn": a problem's types, as reasons and CostModelHeader::problem_types name them.
std::string problem_type(const Problem& p);

// A problem of other types than fp16/fp32/tn borrows from its twin of those types (the shipped
// table and cost model hold only them): twin_of gives the twin (nullopt for a problem of those
// types), with_types_of a twin's spec with p's data type, accumulator and layout when that spec
// is valid and runs p (nullopt otherwise).
std::optional<Problem> twin_of(const Problem& p);
std::optional<std::string> with_types_of(const std::string& spec, const Problem& p);

// What `table` lends p through its twin: the twin's entry (null when p has no twin or the table
// has no entry for it) and that entry's spec in p's types (nullopt where it has no form in them).
// The dispatcher serves p with `spec` when both are set; the bench's tableborrow: picker times it.
struct TwinLoan {
  const TableEntry* entry = nullptr;
  std::optional<std::string> spec;
};
TwinLoan borrow_from_twin(const TuningTable& table, const Problem& p);

class Dispatcher {
 public:
  // `table_source` names the table in reasons (its file); `no_table_note` says why there is
  // none when `table` is empty.
  Dispatcher(std::optional<TuningTable> table, std::string table_source,
             std::string no_table_note = "no tuning table loaded", DeviceFacts device = {});

  // From the environment (see above): AUTOGEMM_TABLE, else <data_dir>/<gpu>.json; the policy
  // as use_policy_from_environment() finds it; logging on when AUTOGEMM_LOG is set to anything
  // but "" or "0". Throws Error for a table or policy that exists but does not load.
  // `data_note`, when given, follows the table's and policy's paths in every reason (why the
  // data is another GPU's: DataGpu::note). gemm() uses dispatcher_for_gpu (shipped_data.hpp).
  static Dispatcher from_environment(std::string_view gpu_name,
                                     const std::filesystem::path& data_dir, DeviceFacts device = {},
                                     std::string_view data_note = {});
  // The same without the policy. With `underlay_gpu` (DataGpu::underlay, empty when
  // AUTOGEMM_TABLE names the table), the shapes the table lacks come from that GPU's table in
  // `data_dir`.
  static Dispatcher table_from_environment(std::string_view gpu_name,
                                           const std::filesystem::path& data_dir,
                                           DeviceFacts device = {}, std::string_view data_note = {},
                                           std::string_view underlay_gpu = {});

  // The choice for `p`; pure (no cache, no log). Throws Error for M, N or K below 1.
  Choice choose(const Problem& p) const;

  // choose() remembered per problem, logging each problem's first choice when logging is on;
  // after tune(p) or set_timed(p), theirs. Thread-safe; the reference stays valid, and its
  // contents unchanged, for the dispatcher's lifetime (a later choice is a new entry).
  const Choice& query(const Problem& p);

  // The user tuning table at `path` (user_table.hpp), consulted after the loaded table; `table`
  // is its contents (nullopt: the file does not exist yet). Set it before the first query().
  void set_user_table(std::optional<TuningTable> table, std::filesystem::path path);
  const std::filesystem::path& user_table_path() const { return user_table_path_; }

  // Tunes `p` and adds it to the user table file; returns an error text, or nullopt on success.
  using FirstSightTuner = std::function<std::optional<std::string>(const Problem&)>;
  // Turns tuning on first sight on (needs a user table path). Set it before the first query().
  void set_first_sight_tuner(FirstSightTuner tuner) { tuner_ = std::move(tuner); }
  // Whether a choice may still change by tuning on first sight (a tuner and a user table set).
  bool tunes_on_first_sight() const { return tuner_ && !user_table_path_.empty(); }

  // Whether tune(p) would tune: a tuner is set, query(p) is neither a table hit nor the
  // cuBLASLt fallback, and this process has not tried to tune p yet.
  bool needs_tuning(const Problem& p);
  // Tunes `p` once per process, unless another process has put it in the user table since:
  // under a lock file beside the table ("<table>.tune.lock", so processes tune one shape at a
  // time), it rereads the table, runs the tuner when `p` is still missing, rereads the table
  // again, and remembers the resulting choice (a table hit when tuning succeeded; otherwise
  // the earlier choice, its reason saying why tuning failed). Returns query(p).
  const Choice& tune(const Problem& p);

  // The learned policy consulted for problems not in the table; `source` names it in reasons.
  // Set it before the first query(): choices already made are remembered.
  void set_policy(std::shared_ptr<const Policy> policy, std::string source);
  // AUTOGEMM_POLICY when set, else <data_dir>/<gpu>.policy.json when it exists; else the
  // policy stays as it is. Throws Error for a policy file that does not load.
  void use_policy_from_environment(std::string_view gpu_name, const std::filesystem::path& data_dir,
                                   std::string_view data_note = {});
  const Policy* policy() const { return policy_.get(); }

  // A ranker: the spec names it ranks for a problem among the default sweep and `proposals`
  // (the policy's kPolicyProposals top choices when a policy is loaded, else none), best first,
  // or none when it has none. Consulted after the tables and before the policy's own top choice;
  // `source` names it in reasons. The dispatcher does not link the cost model (XGBoost):
  // whoever does wraps it in one (runtime/gemm.cpp). Set it before the first query().
  using Ranker = std::function<std::vector<std::string>(const Problem&,
                                                        const std::vector<KernelSpec>& proposals)>;
  static constexpr size_t kPolicyProposals = 16;
  void set_ranker(Ranker ranker, std::string source);
  bool has_ranker() const { return bool(ranker_); }
  const std::string& policy_source() const { return policy_source_; }

  // The cost model's ranking for `p` as choose() uses it, best first, each spec valid for p's
  // types and listed once (a twin's ranking converted): empty unless query(p) comes from the
  // ranker.
  std::vector<std::string> ranked_specs(const Problem& p);
  // Timing on the call (runtime/timed_choice.hpp): `spec` won the trial of the candidates timed
  // for `p` on this GPU (the ranker's top choices and, for a large problem, other families);
  // query(p) returns it from now on, as kind `timed`, with `why` after the ranker's reason (a
  // problem already tuned or timed keeps its choice). Returns query(p).
  const Choice& set_timed(const Problem& p, const std::string& spec, const std::string& why);

  // Where query() logs; nullptr turns logging off.
  void set_log(std::ostream* out) { log_ = out; }

  const TuningTable* table() const { return table_ ? &*table_ : nullptr; }
  const std::string& table_source() const { return table_source_; }

 private:
  struct ProblemHash {
    size_t operator()(const Problem& p) const;
  };

  // The ranker's specs for p (or, when it ranks none, for its twin, converted), best first.
  struct Ranking {
    std::vector<std::string> specs;
    size_t proposals = 0;         // policy proposals ranked with the sweep
    bool twin = false;            // the twin's ranking
    size_t first_rank = 0;        // twin: the rank of the first spec serving p
    size_t twin_ranked = 0;       // twin: how many it ranked
    std::string first_twin_spec;  // twin: that spec as ranked for the twin
  };
  Ranking rank(const Problem& p) const;
  std::shared_ptr<const TuningTable> user_table() const;
  void reload_user_table();

  std::optional<TuningTable> table_;
  std::string table_source_;
  std::string no_table_note_;
  DeviceFacts device_;
  std::shared_ptr<const Policy> policy_;
  std::string policy_source_;
  Ranker ranker_;
  std::string ranker_source_;
  std::ostream* log_ = nullptr;
  std::filesystem::path user_table_path_;
  FirstSightTuner tuner_;
  // Behind a pointer so that a Dispatcher can be moved (a mutex cannot).
  struct Cache {
    std::shared_mutex mutex;  // guards all below but tune_mutex
    std::unordered_map<Problem, Choice, ProblemHash> choices;
    // tune()'s choices: apart from `choices`, whose entries others may be reading.
    std::unordered_map<Problem, Choice, ProblemHash> tuned;
    std::unordered_set<Problem, ProblemHash> attempted;  // tune() ran for these
    std::shared_ptr<const TuningTable> user_table;       // replaced whole on reload
    std::mutex tune_mutex;                               // one tune() at a time
  };
  std::unique_ptr<Cache> cache_ = std::make_unique<Cache>();
};

}  // namespace autogemm::tune
