// `--spec table:NAME=FILE`, `--spec policy:NAME=FILE` and `--spec costmodel:NAME=FILE`: a bench
// method named NAME that runs, per shape, the kernel spec a tuning table (tune/table.hpp), a
// learned policy (tune/policy.hpp) or a cost model (tune/cost_model.hpp: its best-ranked sweep or
// fitted spec, rank_sweep) picks for it; `tablefix:NAME=FILE` runs the table's spec with the shape
// compiled in (KernelSpec::fixed), to measure what that specialization gains;
// `tableab:NAME=FILE` runs the table's spec's scaled twin (`_ab`; with the plain scaling it
// measures what the scaling epilogue costs at beta 0);
// `tablebk32:NAME=FILE` runs the table's spec with bk 32 and as many more stages as keep the
// ring's bytes (bk32_twin), to measure what the 64-byte-swizzle stage gains;
// `tableborrow:NAME=FILE` runs, where the table has no entry for the problem, its fp16/fp32/tn
// twin's spec in the problem's types and layout, as the dispatcher borrows it (so a table tuned
// in one type is timed as gemm() serves the others; none where that spec has no form in them,
// where the dispatcher goes on to its cost model);
// `costmodel:NAME=FILE,POLICY` ranks the sweep and POLICY's top
// choices, as the dispatcher does with both loaded (rank_candidates); `costmodel:NAME@K=FILE`
// runs the model's K-th ranked spec instead of its first (what timing its top K would find). Issue
// 5's acceptance compares such picks with the sweep's best spec and cuBLASLt-autotune in one
// interleaved run, so the picks are ordinary methods. Pure C++ (no GPU): parsing, loading and
// picking are tested on the CPU.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"
#include "tune/heuristic.hpp"
#include "tune/table.hpp"

namespace autogemm::tune {
class Policy;
class CostModel;
}  // namespace autogemm::tune

namespace autogemm::bench {

struct PickerSource {
  enum class Kind { table, policy, cost_model };
  Kind kind = Kind::table;
  std::string name;         // the method's name in the results (the CSV's method column)
  std::string file;         // the tuning table, policy or cost model file
  std::string policy_file;  // cost_model only: the policy whose top choices it also ranks
  int rank = 1;  // cost_model only: run its rank-th spec (costmodel:NAME@K=FILE), not its best
  bool compile_shape = false;  // tablefix: the table's spec with the problem's shape compiled in
  bool bk32_twin = false;      // tablebk32: the table's spec as its bk-32 twin
  bool scaled_twin = false;    // tableab: the table's spec as its scaled twin (`_ab`)
  bool borrow_twin = false;    // tableborrow: else its fp16/fp32/tn twin's, as gemm() borrows it
};

// `s` with bk 32 and stages x (bk / 32), the ring's bytes unchanged; why not when s is bk 32
// already or the twin breaks a rule (validate: e.g. more stages than the limit).
std::optional<std::string> bk32_twin(KernelSpec& s);

// nullopt when `text` starts with none of "table:", "tablefix:", "tableab:", "tablebk32:",
// "tableborrow:", "policy:", "costmodel:" (a spec name, sweep, auto). Throws InputError naming
// --spec when it does but is not KIND:NAME=FILE with NAME letters, digits and '_' (starting with a
// letter), not a registered method and not "oracle", and FILE not empty (for costmodel, FILE may be
// COST_MODEL,POLICY).
std::optional<PickerSource> parse_picker_source(std::string_view text);

// What a picker chooses for one problem: a spec, or none and why.
struct Pick {
  std::string spec;    // canonical spec name; empty: the source has none for the problem
  std::string reason;  // when empty spec: why (the CSV's no_entry status)
};

class SpecPicker {
 public:
  // Loads the file. Throws Error naming it when it is missing, unreadable or malformed.
  explicit SpecPicker(PickerSource source);

  const PickerSource& source() const { return source_; }

  // A table: its entry for exactly `p` (tableborrow: else its twin's, in p's types). A policy: its
  // most probable valid spec for `p`, as the dispatcher's "policy" choice (dispatch.hpp), with
  // `device`'s facts (tables ignore them); none for a problem the dispatcher sends to cuBLASLt. A
  // cost model: its best-ranked sweep or fitted spec (tune::rank_sweep), with a policy its
  // best-ranked of the sweep and the policy's Dispatcher::kPolicyProposals top choices (the
  // dispatcher's "cost_model" choice); likewise none for cuBLASLt's problems.
  Pick pick(const Problem& p, const tune::DeviceFacts& device) const;

 private:
  PickerSource source_;
  std::optional<tune::TuningTable> table_;
  std::shared_ptr<const tune::Policy> policy_;
  std::shared_ptr<const tune::CostModel> cost_model_;
};

}  // namespace autogemm::bench
