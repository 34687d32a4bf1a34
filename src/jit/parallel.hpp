// A minimal thread pool for independent jobs: run fn(0..n-1) on up to `threads` threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace autogemm::jit {

// Workers take the next index from a shared counter, so long and short jobs balance without a
// queue. fn must not throw (callers catch per item: one failure must not stop the others).
// threads <= 0 means one per hardware thread.
template <class Fn>
void parallel_for(size_t n, int threads, Fn&& fn) {
  if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
  const size_t workers = std::min<size_t>(size_t(threads), n);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < n;) fn(i);
  };
  std::vector<std::thread> pool;
  for (size_t w = 1; w < workers; ++w) pool.emplace_back(work);
  if (n > 0) work();  // the calling thread is one of the workers
  for (auto& t : pool) t.join();
}

}  // namespace autogemm::jit
