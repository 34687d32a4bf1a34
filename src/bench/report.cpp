#include "bench/report.hpp"

#include <algorithm>
#include <set>

#include "bench/errors.hpp"

namespace autogemm::bench {
namespace {

bool has_layout_suffix(const std::string& s) {
  return s.size() > 3 && (s.ends_with("_nn") || s.ends_with("_tn"));
}

// Speedup statistics of candidate vs the baseline times `base` (shape index -> time).
SpeedupSummary speedup_of(const std::string& name, bool is_max,
                          const std::map<size_t, double>& base,
                          const std::map<size_t, double>& cand, std::vector<ShapeReport>& shapes) {
  SpeedupSummary s;
  s.baseline = name;
  s.is_max = is_max;
  std::vector<double> ratios;
  for (const auto& [i, tb] : base) {
    auto it = cand.find(i);
    if (it == cand.end()) continue;
    double r = tb / it->second;
    ratios.push_back(r);
    shapes[i].speedup[name] = r;
  }
  s.shapes = ratios.size();
  if (!ratios.empty()) {
    s.geomean = geomean(ratios);
    s.mean = mean(ratios);
    s.win_fraction =
        double(std::count_if(ratios.begin(), ratios.end(), [](double r) { return r > 1; })) /
        double(ratios.size());
  }
  return s;
}

}  // namespace

std::string row_label(const ResultRow& row) {
  std::string label = row.method;
  if (!has_layout_suffix(label)) {
    label += '_';
    label += to_string(row.layout);
  }
  if (!row.tag.empty()) {
    label += '[';
    label += row.tag;
    label += ']';
  }
  return label;
}

std::string family_of(const std::string& label) {
  return has_layout_suffix(label) ? label.substr(0, label.size() - 3) : label;
}

std::string pick_candidate(const std::vector<std::string>& labels, const std::string& vs) {
  if (!vs.empty()) {
    if (std::find(labels.begin(), labels.end(), vs) == labels.end()) {
      std::string all;
      for (const auto& l : labels) {
        if (!all.empty()) all += ", ";
        all += l;
      }
      throw InputError("--vs '" + vs + "' is not one of the methods measured (" + all + ")");
    }
    return vs;
  }
  for (const char* prefix : {"oracle", "autogemm"})
    for (const auto& l : labels)
      if (l.rfind(prefix, 0) == 0) return l;
  return labels.empty() ? "" : labels.front();
}

std::vector<std::string> labels_in_order(const std::vector<ResultRow>& rows) {
  std::vector<std::string> labels;
  for (const auto& r : rows) {
    std::string l = row_label(r);
    if (std::find(labels.begin(), labels.end(), l) == labels.end()) labels.push_back(l);
  }
  return labels;
}

Summary summarize_results(const std::vector<ResultRow>& all_rows, const std::string& candidate) {
  // With an oracle (best of several autogemm specs) the per-spec rows would be one column per
  // spec; the summary shows the oracle instead (the CSV keeps every row).
  const bool has_oracle = std::any_of(all_rows.begin(), all_rows.end(),
                                      [](const ResultRow& r) { return r.method == "oracle"; });
  std::vector<ResultRow> rows;
  for (const auto& r : all_rows)
    if (!(has_oracle && r.method == "autogemm")) rows.push_back(r);
  Summary sum;
  sum.candidate = candidate;
  if (rows.empty()) return sum;
  for (const auto& r : rows)
    if (r.dtype != rows[0].dtype || r.acc != rows[0].acc || r.mode != rows[0].mode)
      throw InputError("rows mix dtypes, accumulators or modes; report one run at a time");

  // Index shapes and collect each label's times by shape index.
  std::map<Shape, size_t> shape_index;
  std::map<std::string, std::map<size_t, double>> times;  // label -> shape index -> median
  const std::vector<std::string> labels = labels_in_order(rows);
  for (const auto& l : labels) sum.methods.push_back(MethodSummary{l, 0, 0, 0, 0, 0});
  for (const auto& r : rows) {
    auto [it, added] = shape_index.try_emplace(r.shape, sum.shapes.size());
    if (added) sum.shapes.push_back(ShapeReport{r.shape, {}, {}});
    const std::string label = row_label(r);
    auto& m = *std::find_if(sum.methods.begin(), sum.methods.end(),
                            [&](const MethodSummary& x) { return x.label == label; });
    if (r.status == RowStatus::ok && r.time) {
      ++m.ok;
      times[label][it->second] = r.time->median_us;
      sum.shapes[it->second].time_us[label] = r.time->median_us;
    } else if (r.status == RowStatus::skipped || r.status == RowStatus::no_entry) {
      ++m.skipped;
    } else {
      ++m.failed;
    }
  }
  for (auto& m : sum.methods) {
    std::vector<double> us, tf;
    for (const auto& [i, t] : times[m.label]) {
      us.push_back(t);
      tf.push_back(tflops(sum.shapes[i].shape.flops(), t));
    }
    if (!us.empty()) {
      m.geomean_us = geomean(us);
      m.geomean_tflops = geomean(tf);
    }
  }
  if (candidate.empty()) return sum;
  if (std::find(labels.begin(), labels.end(), candidate) == labels.end())
    throw InputError("candidate '" + candidate + "' has no rows");

  const auto& cand = times[candidate];
  for (const auto& l : labels)
    if (l != candidate) sum.speedups.push_back(speedup_of(l, false, times[l], cand, sum.shapes));

  // -max: for each family with both an _nn and a _tn member, the faster of the two per shape
  // (or the one that ran, if the other failed there).
  std::set<std::string> done;
  for (const auto& l : labels) {
    const std::string fam = family_of(l);
    if (fam == l || done.count(fam)) continue;
    const std::string nn = fam + "_nn", tn = fam + "_tn";
    if (!times.count(nn) || !times.count(tn)) continue;
    done.insert(fam);
    std::map<size_t, double> best = times[nn];
    for (const auto& [i, t] : times[tn]) {
      auto [it, added] = best.try_emplace(i, t);
      if (!added) it->second = std::min(it->second, t);
    }
    sum.speedups.push_back(speedup_of(fam + "-max", true, best, cand, sum.shapes));
  }
  return sum;
}

}  // namespace autogemm::bench
