// Wall-clock timestamps for records: ISO 8601 in UTC, so rows from different hosts sort.
#pragma once

#include <string>

namespace autogemm::tune {

// e.g. "2026-11-21T06:33:08Z".
std::string utc_timestamp();

// Seconds since the Unix epoch, with a fraction: heartbeats that other processes compare.
double unix_seconds();

}  // namespace autogemm::tune
