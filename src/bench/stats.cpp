#include "bench/stats.hpp"

#include <algorithm>
#include <cmath>

#include "autogemm/types.hpp"

namespace autogemm::bench {

double percentile(std::vector<double> samples, double p) {
  if (samples.empty()) throw Error("percentile of no samples");
  std::sort(samples.begin(), samples.end());
  const double pos = std::clamp(p, 0.0, 1.0) * double(samples.size() - 1);
  const size_t lo = size_t(std::floor(pos));
  const size_t hi = std::min(lo + 1, samples.size() - 1);
  const double frac = pos - double(lo);
  return samples[lo] + (samples[hi] - samples[lo]) * frac;
}

double median(const std::vector<double>& samples) {
  return percentile(samples, 0.5);
}

double geomean(const std::vector<double>& values) {
  if (values.empty()) throw Error("geomean of no values");
  double log_sum = 0;
  for (double v : values) {
    if (!(v > 0)) throw Error("geomean of a non-positive value");
    log_sum += std::log(v);
  }
  return std::exp(log_sum / double(values.size()));
}

double mean(const std::vector<double>& values) {
  if (values.empty()) throw Error("mean of no values");
  double sum = 0;
  for (double v : values) sum += v;
  return sum / double(values.size());
}

TimeStats summarize(const std::vector<double>& samples_us) {
  TimeStats s;
  s.median_us = percentile(samples_us, 0.5);
  s.p10_us = percentile(samples_us, 0.1);
  s.p90_us = percentile(samples_us, 0.9);
  s.samples = samples_us.size();
  return s;
}

double tflops(double flops, double time_us) {
  return flops / (time_us * 1e-6) / 1e12;
}

}  // namespace autogemm::bench
