#include "trace/trace_summary.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "autogemm/types.hpp"

namespace autogemm::trace {
namespace {

// Mirrors trace.cuh (kept in sync by the tests, which write buffers the way the kernel does).
constexpr int kHeader = 5, kFields = 5, kSmWord = 4;
enum : int { kStart = 0, kReady = 1, kMmaDone = 2, kEnd = 3, kWaited = 4 };

Stat stat_of(std::vector<double> v) {
  Stat s;
  s.count = v.size();
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x;
  s.mean = sum / double(v.size());
  auto at = [&](double q) { return v[std::min(v.size() - 1, size_t(q * double(v.size())))]; };
  s.p10 = at(0.1);
  s.p50 = at(0.5);
  s.p90 = at(0.9);
  return s;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

size_t trace_words(const TraceLayout& l) {
  return size_t(l.ctas) * (kHeader + size_t(l.roles) * size_t(l.items) * kFields);
}

TraceSummary summarize(const TraceLayout& l, const std::vector<uint64_t>& words) {
  if (l.ctas < 1 || l.roles < 2 || l.items < 1) throw Error("trace: empty layout");
  if (words.size() < trace_words(l))
    throw Error(fmt::format("trace: buffer has {} words, the layout needs {}", words.size(),
                            trace_words(l)));
  const size_t region = kHeader + size_t(l.roles) * size_t(l.items) * kFields;
  TraceSummary s;
  std::vector<double> ghz, cycles, first_ready, ready, mainloop, stalled, epilogue, gap, waited;
  std::vector<std::vector<double>> item_start_ns(size_t(l.items));  // producers', per item
  std::vector<double> item_ns;                                      // producer start to start
  int recorded = 0;
  uint64_t base_ns = 0;  // the first recorded CTA's start
  uint64_t first_exit = UINT64_MAX, last_exit = 0, first_start = UINT64_MAX, last_start = 0;
  s.cta_sm.assign(size_t(l.ctas), -1);
  for (int cta = 0; cta < l.ctas; ++cta) {
    const uint64_t* h = words.data() + size_t(cta) * region;
    if (h[kSmWord] > 0) s.cta_sm[size_t(cta)] = int(h[kSmWord] - 1);
    // Consumer 0 never finished (or a corrupt header): not recorded.
    if (h[2] <= h[0] || h[3] <= h[1]) continue;
    const double cta_ghz = double(h[2] - h[0]) / double(h[3] - h[1]);
    ghz.push_back(cta_ghz);
    if (recorded++ == 0) base_ns = h[1];
    cycles.push_back(double(h[2] - h[0]));
    first_exit = std::min(first_exit, h[3]);
    last_exit = std::max(last_exit, h[3]);
    first_start = std::min(first_start, h[1]);
    last_start = std::max(last_start, h[1]);
    for (int role = 0; role < l.roles; ++role) {
      const uint64_t* rec = h + kHeader + size_t(role) * size_t(l.items) * kFields;
      const bool producer = role == l.roles - 1;
      const uint64_t* prev = nullptr;
      for (int item = 0; item < l.items; ++item) {
        const uint64_t* r = rec + size_t(item) * kFields;
        if (r[kStart] == 0) continue;  // another role's item (ping-pong) or none
        if (producer) {
          waited.push_back(double(r[kWaited]));
          // On the globaltimer's scale, so that CTAs compare.
          // %globaltimer counts from the epoch (~1.7e18 ns, where a double steps by 256 ns):
          // taken relative to the first CTA's start in integers before the conversion.
          const double t = double(int64_t(h[1] - base_ns)) + double(r[kStart] - h[0]) / cta_ghz;
          item_start_ns[size_t(item)].push_back(t);
          if (prev != nullptr) item_ns.push_back(double(r[kStart] - prev[kStart]) / cta_ghz);
          prev = r;
          continue;
        }
        ++s.consumer_items;
        const bool first = prev == nullptr;
        (first ? first_ready : ready).push_back(double(r[kReady] - r[kStart]));
        mainloop.push_back(double(r[kMmaDone] - r[kReady]));
        stalled.push_back(double(r[kWaited]));
        epilogue.push_back(double(r[kEnd] - r[kMmaDone]));
        if (prev != nullptr) gap.push_back(double(r[kStart] - prev[kEnd]));
        prev = r;
      }
      // A full record may have had more items than it could hold.
      if (!producer && rec[size_t(l.items - 1) * kFields + kStart] != 0) ++s.full_records;
    }
  }
  if (ghz.empty()) throw Error("trace: no CTA recorded its exit (was the traced kernel run?)");
  s.clock_ghz = median(ghz);
  s.cta_cycles = median(cycles);
  s.exit_spread_ns = double(last_exit - first_exit);
  s.start_spread_ns = double(last_start - first_start);
  s.span_ns = double(last_exit - first_start);
  s.first_ready = stat_of(first_ready);
  s.ready = stat_of(ready);
  s.mainloop = stat_of(mainloop);
  s.stalled = stat_of(stalled);
  s.epilogue = stat_of(epilogue);
  s.gap = stat_of(gap);
  s.producer_waited = stat_of(waited);
  if (const double unit = median(item_ns); unit > 0) {
    std::vector<double> spreads;
    for (const auto& starts : item_start_ns) {
      if (int(starts.size()) < recorded) continue;  // not a whole wave
      const auto [lo, hi] = std::minmax_element(starts.begin(), starts.end());
      spreads.push_back((*hi - *lo) / unit);
    }
    if (!spreads.empty()) {
      s.last_wave_spread = spreads.back();
      s.wave_spread = stat_of(spreads);
    }
  }
  return s;
}

std::string format_summary(const TraceSummary& s) {
  std::string out = fmt::format(
      "SM clock {:.3f} GHz; CTA {:.0f} cycles (median); CTA starts spread over {:.1f} us, exits "
      "over {:.1f} us; first start to last exit {:.1f} us; {} consumer items{}\n",
      s.clock_ghz, s.cta_cycles, s.start_spread_ns / 1000, s.exit_spread_ns / 1000,
      s.span_ns / 1000, s.consumer_items,
      s.full_records ? fmt::format(" ({} records full: raise --items)", s.full_records) : "");
  const double item = s.ready.mean + s.mainloop.mean + s.epilogue.mean + s.gap.mean;
  out += fmt::format("{:<34} {:>9} {:>9} {:>9} {:>9} {:>7}\n", "per item (cycles)", "mean", "p10",
                     "p50", "p90", "share");
  auto row = [&](const char* name, const Stat& st, bool share) {
    out += fmt::format("{:<34} {:>9.0f} {:>9.0f} {:>9.0f} {:>9.0f} {:>7}\n", name, st.mean, st.p10,
                       st.p50, st.p90,
                       share && item > 0 ? fmt::format("{:.1f}%", 100 * st.mean / item) : "");
  };
  row("first item: wait for data", s.first_ready, false);
  row("later items: wait for data", s.ready, true);
  row("mainloop (first stage -> MMAs done)", s.mainloop, true);
  row("  of which waiting for stages", s.stalled, false);
  row("epilogue (MMAs done -> C issued)", s.epilogue, true);
  row("gap to the next item", s.gap, true);
  row("producer: waiting for free stages", s.producer_waited, false);
  if (s.wave_spread.count > 0)
    out += fmt::format(
        "drift: a wave's producer starts spread over {:.2f} items (median; p90 {:.2f}, last "
        "wave {:.2f}, {} waves)\n",
        s.wave_spread.p50, s.wave_spread.p90, s.last_wave_spread, s.wave_spread.count);
  return out;
}

}  // namespace autogemm::trace
