// The kept reference: one cuBLASLt algorithm per (GPU model, driver, CUDA, cuBLASLt, problem,
// method), its bytes intact, replaced and forgotten on demand.
#include <gtest/gtest.h>

#include "tune/reference_cache.hpp"
#include "tune/store.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

ReferenceKey key() {
  return {"NVIDIA H200",         "580.159.04", "13.0", "130100", problem(4096, 4096, 4096),
          "cublaslt_autotune_tn"};
}

CachedReference algo(uint8_t first) {
  CachedReference r;
  for (int i = 0; i < 64; ++i) r.algo.push_back(uint8_t(first + i * 3));  // 0x00 and 0xff too
  r.description = "id=21 tile=18 stages=8";
  r.gpu_uuid = "GPU-1234";
  r.timestamp = "2026-11-21T06:33:08Z";
  return r;
}

}  // namespace

TEST(TuneReferenceCache, PutFindReplaceForget) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  ReferenceCache cache(store);
  EXPECT_FALSE(cache.find(key()));
  cache.put(key(), algo(0));
  EXPECT_EQ(cache.find(key()), algo(0));
  cache.put(key(), algo(7));
  EXPECT_EQ(cache.find(key()), algo(7));

  // Another process (a later run, another worker) reads what this one kept.
  {
    auto again = ExperienceStore::open(dir / "s.sqlite");
    EXPECT_EQ(ReferenceCache(again).find(key()), algo(7));
  }
  cache.forget(key());
  EXPECT_FALSE(cache.find(key()));
}

TEST(TuneReferenceCache, EveryKeyFieldSeparatesEntries) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  ReferenceCache cache(store);
  cache.put(key(), algo(1));
  std::vector<ReferenceKey> others(7, key());
  others[0].gpu_name = "NVIDIA H100";
  others[1].driver = "575.0";
  others[2].cuda = "12.8";
  others[3].cublaslt = "120900";
  others[4].problem = problem(4096, 4096, 4096, Layout::nn);
  others[5].problem = problem(4096, 4096, 2048);
  others[6].method = "cublaslt_autotune_nn";
  for (const ReferenceKey& k : others) EXPECT_FALSE(cache.find(k)) << k.gpu_name;
  // A GPU of the same model (another UUID) shares the entry: the UUID is not in the key.
  EXPECT_TRUE(cache.find(key()));
}
