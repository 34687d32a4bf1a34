// The JIT's caches: file format, atomic writes, corruption detection and rebuild, two processes
// compiling the same key at once.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "autogemm/types.hpp"
#include "jit/disk_cache.hpp"
#include "jit/kernel_cache.hpp"

namespace autogemm::jit {
namespace {

namespace fs = std::filesystem;

// A fresh directory per test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() /
            ("autogemm_test_" + std::string(info->name()) + "_" + std::to_string(::getpid()));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& f : fs::directory_iterator(dir)) out.push_back(f.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

const Digest kKey = sha256("some key");
const CacheEntry kEntry{std::string("\x7f"
                                    "ELF\0\1\2cubin bytes",
                                    16),
                        "ptxas info: Used 8 registers"};

TEST(CacheFormat, RoundTripAndEveryCorruptionIsNamed) {
  const std::string blob = serialize_entry(kKey, kEntry);
  std::string why;
  ASSERT_EQ(parse_entry(kKey, blob, &why), kEntry) << why;

  auto reason = [&](const std::string& b, const Digest& key = kKey) {
    std::string w;
    EXPECT_FALSE(parse_entry(key, b, &w));
    return w;
  };
  EXPECT_NE(reason(blob.substr(0, 10)).find("shorter than"), std::string::npos);
  EXPECT_NE(reason(blob.substr(0, blob.size() - 1)).find("payload length"), std::string::npos);
  EXPECT_NE(reason(blob + "x").find("payload length"), std::string::npos);
  std::string magic = blob;
  magic[0] = 'X';
  EXPECT_EQ(reason(magic), "bad magic");
  std::string version = blob;
  version[8] = 9;
  EXPECT_EQ(reason(version), "format version 9");
  EXPECT_EQ(reason(blob, sha256("another key")), "key does not match the file name");
  // A flipped bit anywhere in the payload.
  for (size_t at : {blob.size() - 1, blob.size() - 20, size_t(88), size_t(95)}) {
    std::string flipped = blob;
    flipped[at] ^= 0x10;
    EXPECT_EQ(reason(flipped), "payload checksum mismatch") << at;
  }
}

TEST(DiskCache, StoreIsAtomicAndLeavesNoTempFiles) {
  TempDir tmp;
  DiskCache cache(tmp.path() / "nested" / "dir");  // created on demand
  EXPECT_FALSE(cache.load(kKey));
  cache.store(kKey, kEntry);
  EXPECT_EQ(names_in(cache.dir()), std::vector<std::string>{cache.path_of(kKey).filename()});
  EXPECT_EQ(cache.load(kKey), kEntry);
  // Overwriting an entry (another process stored it first) replaces it whole.
  const CacheEntry other{"other cubin", "other log"};
  cache.store(kKey, other);
  EXPECT_EQ(cache.load(kKey), other);
  EXPECT_EQ(names_in(cache.dir()).size(), 1u);
  // A temp file left by a killed writer is invisible to readers.
  write_file(cache.dir() / (".x.bin.tmp.1.2.3"), "half a fi");
  EXPECT_EQ(cache.load(kKey), other);
}

// A cache over its limit removes its least recently used entries (down to 90% of the limit),
// never the one just stored; a hit counts as a use; other files in the directory stay.
TEST(DiskCache, OverItsLimitTheLeastRecentlyUsedEntriesGo) {
  TempDir tmp;
  const CacheEntry big{std::string(10000, 'c'), "log"};
  const uint64_t entry_bytes = serialize_entry(kKey, big).size();
  DiskCache cache(tmp.path(), 4 * entry_bytes + entry_bytes / 2);  // room for four
  std::vector<Digest> keys;
  for (int i = 0; i < 4; ++i) keys.push_back(sha256("key " + std::to_string(i)));
  const auto now = fs::file_time_type::clock::now();
  for (int i = 0; i < 4; ++i) {
    cache.store(keys[i], big);
    // Stored i * 10 minutes apart, the first oldest.
    fs::last_write_time(cache.path_of(keys[i]), now - std::chrono::minutes(40 - 10 * i));
  }
  write_file(tmp.path() / "notes.txt", std::string(100000, 'x'));  // not an entry: never counted
  EXPECT_EQ(cache.prune(), 0u);                                    // four fit
  ASSERT_TRUE(cache.load(keys[0]));  // the oldest is used now: it stays
  const Digest fifth = sha256("key 4");
  cache.store(fifth, big);  // five: over the limit, down to 90% of it (four)
  EXPECT_TRUE(fs::exists(cache.path_of(fifth)));
  EXPECT_TRUE(fs::exists(cache.path_of(keys[0])));
  EXPECT_FALSE(fs::exists(cache.path_of(keys[1])));  // the least recently used
  EXPECT_TRUE(fs::exists(cache.path_of(keys[2])));
  EXPECT_TRUE(fs::exists(cache.path_of(keys[3])));
  EXPECT_TRUE(fs::exists(tmp.path() / "notes.txt"));
  // No limit: nothing ever goes.
  DiskCache unlimited(tmp.path());
  EXPECT_EQ(unlimited.prune(), 0u);
}

TEST(DiskCache, SizeLimitSettingDefaultsTo2GBAndRefusesNonsense) {
  EXPECT_EQ(parse_cache_max_bytes(nullptr), 2048ull << 20);
  EXPECT_EQ(parse_cache_max_bytes(""), 2048ull << 20);
  EXPECT_EQ(parse_cache_max_bytes("0"), 0u);
  EXPECT_EQ(parse_cache_max_bytes("100"), 100ull << 20);
  for (const char* bad : {"-1", "1.5", "2G", "99999999", " 5"}) {
    try {
      parse_cache_max_bytes(bad);
      ADD_FAILURE() << bad << " accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("AUTOGEMM_CACHE_MAX_MB"), std::string::npos) << e.what();
    }
  }
}

TEST(DiskCache, StoreFailureIsAnError) {
  TempDir tmp;
  DiskCache cache(tmp.path() / "gone");
  fs::remove_all(tmp.path() / "gone");
  EXPECT_THROW(cache.store(kKey, kEntry), Error);
}

// Truncation, a flipped byte and a bad magic are each reported once, deleted, and missed.
TEST(DiskCache, CorruptEntriesAreReportedDeletedAndMissed) {
  TempDir tmp;
  DiskCache cache(tmp.path());
  const std::string good = serialize_entry(kKey, kEntry);
  std::string flipped = good, magic = good;
  flipped[good.size() / 2] ^= 1;
  magic.replace(0, 8, "NOTMAGIC");
  for (const std::string& bad : {good.substr(0, good.size() - 3), flipped, magic}) {
    write_file(cache.path_of(kKey), bad);
    testing::internal::CaptureStderr();
    EXPECT_FALSE(cache.load(kKey));
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("autogemm: corrupt JIT cache entry"), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
    EXPECT_FALSE(fs::exists(cache.path_of(kKey)));
    // Reported once: the next load is a plain, silent miss.
    testing::internal::CaptureStderr();
    EXPECT_FALSE(cache.load(kKey));
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  }
}

// ---- KernelCache over NVRTC, with a trivial kernel so each compile is quick. ----

const HeaderMap kNoHeaders;
const std::string kTrivial = "extern \"C\" __global__ void trivial(int* p) { *p = 42; }\n";

KernelCache::Options memory_only(const HeaderMap* headers = &kNoHeaders) {
  KernelCache::Options o;
  o.headers = headers;
  return o;
}

KernelCache::Options on_disk(const fs::path& dir) {
  KernelCache::Options o = memory_only();
  o.disk_dir = dir;
  return o;
}

TEST(KernelCache, CompilesOnceThenHitsMemoryThenDisk) {
  TempDir tmp;
  KernelCache cache(on_disk(tmp.path()));
  auto first = cache.get(kTrivial);
  EXPECT_EQ(first->origin, CompiledKernel::Origin::compiled);
  EXPECT_GT(first->compile_seconds, 0);
  EXPECT_EQ(cache.get(kTrivial), first);  // the same object from memory

  KernelCache fresh(on_disk(tmp.path()));  // a new process, in effect
  auto again = fresh.get(kTrivial);
  EXPECT_EQ(again->origin, CompiledKernel::Origin::disk);
  EXPECT_EQ(again->cubin, first->cubin);
  EXPECT_EQ(again->log, first->log);
  EXPECT_EQ(again->usage.registers, first->usage.registers);
  std::cout << "trivial kernel: compile " << first->compile_seconds * 1e3 << " ms, disk fetch "
            << again->fetch_seconds * 1e3 << " ms\n";
}

TEST(KernelCache, KeyCoversSourceOptionsAndHeaders) {
  KernelCache base(memory_only());
  const HeaderMap one{{"x.cuh", "int x;"}}, other{{"x.cuh", "int y;"}};
  KernelCache with_header(memory_only(&one)), with_other(memory_only(&other));
  KernelCache::Options opts = memory_only();
  opts.nvrtc_options.push_back("-DSOMETHING");
  KernelCache with_option(opts);
  const Digest k = base.key_of(kTrivial);
  EXPECT_EQ(k, KernelCache(memory_only()).key_of(kTrivial));
  EXPECT_NE(k, base.key_of(kTrivial + " "));
  EXPECT_NE(k, with_header.key_of(kTrivial));
  EXPECT_NE(with_header.key_of(kTrivial), with_other.key_of(kTrivial));
  EXPECT_NE(k, with_option.key_of(kTrivial));
}

TEST(KernelCache, CorruptEntryIsRebuilt) {
  TempDir tmp;
  const auto original = KernelCache(on_disk(tmp.path())).get(kTrivial);
  const fs::path file = DiskCache(tmp.path()).path_of(original->key);
  std::string bytes = read_file(file);
  bytes[bytes.size() - 5] ^= 0x40;
  write_file(file, bytes);

  KernelCache cache(on_disk(tmp.path()));
  testing::internal::CaptureStderr();
  const auto rebuilt = cache.get(kTrivial);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("payload checksum mismatch"), std::string::npos) << err;
  EXPECT_EQ(rebuilt->origin, CompiledKernel::Origin::compiled);
  EXPECT_EQ(rebuilt->cubin, original->cubin);
  // The rebuilt file is whole again.
  std::string why;
  EXPECT_TRUE(parse_entry(original->key, read_file(file), &why)) << why;
}

TEST(KernelCache, TwoProcessesCompilingTheSameKeyBothSucceed) {
  TempDir tmp;
  // Both children block on the pipe until the parent closes it, then compile at once.
  int go[2];
  ASSERT_EQ(::pipe(go), 0);
  pid_t kids[2];
  for (pid_t& kid : kids) {
    kid = ::fork();
    ASSERT_GE(kid, 0);
    if (kid == 0) {
      ::close(go[1]);
      char c;
      (void)!::read(go[0], &c, 1);
      int code = 1;
      try {
        KernelCache cache(on_disk(tmp.path()));
        code = cache.get(kTrivial)->cubin.empty() ? 2 : 0;
      } catch (...) {
      }
      ::_exit(code);  // no gtest teardown in the child
    }
  }
  ::close(go[0]);
  ::close(go[1]);
  for (pid_t kid : kids) {
    int status = 0;
    ASSERT_EQ(::waitpid(kid, &status, 0), kid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
  }
  // One valid entry, no temp files.
  KernelCache reader(on_disk(tmp.path()));
  const Digest key = reader.key_of(kTrivial);
  EXPECT_EQ(names_in(tmp.path()),
            std::vector<std::string>{DiskCache(tmp.path()).path_of(key).filename()});
  EXPECT_EQ(reader.get(kTrivial)->origin, CompiledKernel::Origin::disk);
}

TEST(KernelCache, ThreadsAskingForOneKeyShareOneCompile) {
  KernelCache cache(memory_only());
  const auto results = cache.get_many(std::vector<std::string>(8, kTrivial), {}, 8);
  for (const auto& r : results) {
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.kernel, results[0].kernel);
  }
}

}  // namespace
}  // namespace autogemm::jit
