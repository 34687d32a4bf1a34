// The tuner's kept cuBLASLt choices (StoreAlgoCache): found again by a later process, and only
// under the cuBLASLt and the autotuning rule that chose them. No GPU: cublasLtGetVersion() needs
// none.
#include <gtest/gtest.h>

#include "tune/reference_cache.hpp"
#include "tune/store.hpp"
#include "tune/store_algo_cache.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

Environment env() {
  return {"NVIDIA H200", "GPU-1234", "580.159.04", "13.0", "fd54079"};
}

}  // namespace

TEST(TuneAlgoCache, KeyNamesTheCublasLtAndTheAutotuneRule) {
  const std::string v = kept_choice_version();
  EXPECT_EQ(v.rfind(cublaslt_version(), 0), 0u) << v;
  EXPECT_NE(v.find(" rule" + std::to_string(bench::kAutotuneRuleVersion)), std::string::npos) << v;
}

TEST(TuneAlgoCache, KeptChoiceIsFoundAgainByALaterProcess) {
  ScratchDir dir;
  const Problem p = problem(4096, 4096, 4096);
  const std::vector<uint8_t> algo = {0, 1, 2, 0xff, 7};
  {
    auto store = ExperienceStore::open(dir / "s.sqlite");
    ReferenceCache refs(store);
    StoreAlgoCache cache(refs, env());
    EXPECT_FALSE(cache.find(p, "cublaslt_autotune_tn"));
    cache.put(p, "cublaslt_autotune_tn", algo, "id=21 tile=18");
  }
  auto store = ExperienceStore::open(dir / "s.sqlite");
  ReferenceCache refs(store);
  StoreAlgoCache cache(refs, env());
  EXPECT_EQ(cache.find(p, "cublaslt_autotune_tn"), algo);
  EXPECT_FALSE(cache.find(p, "cublaslt_autotune_nn"));  // another method
}

// A choice kept before the rule was part of the key (or under an older rule) is searched again,
// not reused: it was picked by a rule this build no longer runs.
TEST(TuneAlgoCache, ChoicesOfAnOlderRuleAreNotReused) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  ReferenceCache refs(store);
  const Problem p = problem(512, 512, 16384);
  const Environment e = env();
  CachedReference old;
  old.algo = {9, 9, 9};
  old.description = "id=66";
  for (const std::string& version :
       {cublaslt_version(),
        cublaslt_version() + " rule" + std::to_string(bench::kAutotuneRuleVersion - 1)})
    refs.put({e.gpu_name, e.driver, e.cuda, version, p, "cublaslt_autotune_tn"}, old);
  StoreAlgoCache cache(refs, e);
  EXPECT_FALSE(cache.find(p, "cublaslt_autotune_tn"));
}
