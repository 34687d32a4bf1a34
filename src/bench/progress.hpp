// Progress on stderr for long runs: a bar with ETA redrawn in place when stderr is a terminal
// (or --progress), otherwise one plain line every `every` shapes. Pure C++.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>

namespace autogemm::bench {

// "1:02:03" / "4:05" for seconds.
std::string format_duration(double seconds);

// Estimated seconds left after `done` of `total` items took `elapsed` seconds.
double eta_seconds(size_t done, size_t total, double elapsed);

class Progress {
 public:
  // bar: redraw one line with '\r'; otherwise print a line every `every` items (and the last).
  Progress(std::ostream& out, size_t total, bool bar, size_t every);
  // Called after item `done` (1-based) finished, `elapsed` seconds after the start.
  void update(size_t done, double elapsed, const std::string& note);
  // Ends the bar's line.
  void finish();

 private:
  std::ostream& out_;
  size_t total_;
  bool bar_;
  size_t every_;
  bool drawn_ = false;
};

}  // namespace autogemm::bench
