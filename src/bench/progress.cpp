#include "bench/progress.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace autogemm::bench {

std::string format_duration(double seconds) {
  long s = long(std::lround(std::max(0.0, seconds)));
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

double eta_seconds(size_t done, size_t total, double elapsed) {
  if (done == 0 || done >= total) return 0;
  return elapsed / double(done) * double(total - done);
}

Progress::Progress(std::ostream& out, size_t total, bool bar, size_t every)
    : out_(out), total_(total), bar_(bar), every_(std::max<size_t>(1, every)) {}

void Progress::update(size_t done, double elapsed, const std::string& note) {
  const std::string times = "elapsed " + format_duration(elapsed) + " ETA " +
                            format_duration(eta_seconds(done, total_, elapsed));
  char head[64];
  std::snprintf(head, sizeof head, "%zu/%zu (%3.0f%%)", done, total_,
                100.0 * double(done) / double(std::max<size_t>(1, total_)));
  if (bar_) {
    constexpr size_t kWidth = 30;
    const size_t filled = total_ ? done * kWidth / total_ : kWidth;
    out_ << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] " << head
         << ' ' << times << "  " << note << "\033[K" << std::flush;
    drawn_ = true;
  } else if (done % every_ == 0 || done == total_) {
    out_ << head << ' ' << times << "  " << note << '\n' << std::flush;
  }
}

void Progress::finish() {
  if (drawn_) out_ << '\n' << std::flush;
  drawn_ = false;
}

}  // namespace autogemm::bench
