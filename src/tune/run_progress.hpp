// What the parent of `autogemm tune --devices` shows while its workers run: shapes finished
// out of the run's total, the time left at the rate so far, and the running geomean speedup
// over the reference, read from the shared store (the workers' own numbers).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "autogemm/types.hpp"
#include "tune/work_queue.hpp"

namespace autogemm::tune {

class ExperienceStore;

struct Geomean {
  double value = 1;
  int rows = 0;  // (problem, GPU model) pairs it is over
};

// Over `problems`: the geomean of reference / best time of each problem's fastest correct row
// (per GPU model) in timing `mode` that has a reference time. nullopt when none has.
std::optional<Geomean> running_geomean(const ExperienceStore& store,
                                       const std::vector<Problem>& problems,
                                       const std::string& mode = "kernel");

// "tune: 12/100 shapes done (3 skipped), 2 workers, ETA 4m10s, geomean 1.024x over 12".
// The ETA is the shapes left at the rate of tuned (not skipped) shapes so far; "ETA ?" before
// the first.
std::string progress_line(const QueueProgress& progress, double elapsed_s, int workers,
                          std::optional<Geomean> geomean);

// 35 -> "35s", 250 -> "4m10s", 3720 -> "1h02m".
std::string short_duration(double seconds);

}  // namespace autogemm::tune
