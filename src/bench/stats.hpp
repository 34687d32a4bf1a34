// Statistics of timing samples and of speedups. Pure C++.
#pragma once

#include <cstddef>
#include <vector>

namespace autogemm::bench {

// Percentile with linear interpolation between order statistics (numpy's default):
// position p * (n - 1) in the sorted samples. p in [0, 1]. Throws Error on empty input.
double percentile(std::vector<double> samples, double p);
double median(const std::vector<double>& samples);

// exp(mean(log x)). Throws Error on empty input or a non-positive value.
double geomean(const std::vector<double>& values);
double mean(const std::vector<double>& values);

// What the CSV reports for one method on one shape.
struct TimeStats {
  double median_us = 0, p10_us = 0, p90_us = 0;
  size_t samples = 0;
};
TimeStats summarize(const std::vector<double>& samples_us);

// 2MNK / t, in TFLOP/s, for a time in microseconds.
double tflops(double flops, double time_us);

}  // namespace autogemm::bench
