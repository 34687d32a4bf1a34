// What a traced kernel run says about where its time went (see include/autogemm/sm90/trace.cuh
// for the words it writes). Pure arithmetic on the buffer, so it is tested without a GPU.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace autogemm::trace {

// How the buffer is laid out: `ctas` regions of a header and `roles` × `items` records
// (roles = consumer warpgroups + the producer, which comes last).
struct TraceLayout {
  int ctas = 0;
  int roles = 0;
  int items = 0;
};

size_t trace_words(const TraceLayout&);

// Distribution of one quantity over the recorded items (cycles unless stated).
struct Stat {
  double mean = 0, p10 = 0, p50 = 0, p90 = 0;
  size_t count = 0;
};

struct TraceSummary {
  double clock_ghz = 0;        // SM cycles per globaltimer ns, median over CTAs
  double cta_cycles = 0;       // start to consumer 0's exit, median over CTAs
  double exit_spread_ns = 0;   // last CTA exit minus first (tail imbalance)
  double start_spread_ns = 0;  // last CTA start minus first (launch ramp)
  double span_ns = 0;          // first CTA start to last exit (the kernel as the CTAs see it)
  size_t consumer_items = 0;   // items recorded by consumer warpgroups
  size_t full_records = 0;     // consumer records with every slot used (items may be missing)
  // Consumer warpgroups, per item; "first" = each warpgroup's first item (pipeline fill).
  Stat first_ready;  // start -> first stage full
  Stat ready;        // the same for later items: the producer did not keep up across tiles
  Stat mainloop;     // first stage full -> MMAs done
  Stat stalled;      // cycles of the mainloop spent waiting for later stages
  Stat epilogue;     // MMAs done -> C handed off
  Stat gap;          // end of an item -> start of the warpgroup's next (scheduler, turn-taking)
  // Producer, per item: cycles waiting for a free stage.
  Stat producer_waited;
  // Drift between CTAs: for each item index that every recorded CTA reached (a wave of the
  // persistent schedule), the spread of the producers' start times, in units of the median
  // producer item (start to next start). Above ~1, the CTAs of one wave run tiles of different
  // waves at once, and the operand slices they share meet in L2 further apart in time.
  Stat wave_spread;
  double last_wave_spread = 0;  // the same for the last such item index
  // The SM each CTA ran on (%smid), by CTA index; -1 where the header was not written.
  std::vector<int> cta_sm;
};

// Throws Error if `words` is shorter than the layout needs or holds no finished CTA.
TraceSummary summarize(const TraceLayout&, const std::vector<uint64_t>& words);

// A few lines for a terminal: the phases in cycles and as shares of the item time.
std::string format_summary(const TraceSummary&);

}  // namespace autogemm::trace
