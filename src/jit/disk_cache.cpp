#include "jit/disk_cache.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::jit {
namespace {

constexpr char kMagic[8] = {'A', 'G', 'J', 'I', 'T', 'B', 'I', 'N'};
constexpr uint32_t kVersion = 1;
constexpr size_t kHeaderBytes = 8 + 4 + 4 + 32 + 8 + 32;

void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char(v >> (8 * i)));
}
void put_u64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(char(v >> (8 * i)));
}

// Reads little-endian fields from a blob, refusing to run past its end.
class Reader {
 public:
  explicit Reader(std::string_view s) : s_(s) {}
  bool has(size_t n) const { return s_.size() - pos_ >= n; }
  uint64_t u(int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= uint64_t(uint8_t(s_[pos_ + i])) << (8 * i);
    pos_ += bytes;
    return v;
  }
  std::string_view take(size_t n) {
    auto v = s_.substr(pos_, n);
    pos_ += n;
    return v;
  }
  size_t left() const { return s_.size() - pos_; }

 private:
  std::string_view s_;
  size_t pos_ = 0;
};

std::string errno_text() {
  return std::strerror(errno);
}

// write(2) until done; false on error.
bool write_all(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

// A name no other writer can pick: pid + thread + per-process counter.
std::string temp_name(const std::string& base) {
  static std::atomic<uint64_t> counter{0};
  return fmt::format(".{}.tmp.{}.{:x}.{}", base, ::getpid(),
                     std::hash<std::thread::id>{}(std::this_thread::get_id()), counter++);
}

}  // namespace

std::string serialize_entry(const Digest& key, const CacheEntry& e) {
  std::string payload;
  put_u64(payload, e.cubin.size());
  payload += e.cubin;
  put_u64(payload, e.log.size());
  payload += e.log;

  std::string out(kMagic, sizeof kMagic);
  put_u32(out, kVersion);
  put_u32(out, 0);
  out.append(reinterpret_cast<const char*>(key.data()), key.size());
  put_u64(out, payload.size());
  const Digest sum = sha256(payload);
  out.append(reinterpret_cast<const char*>(sum.data()), sum.size());
  return out + payload;
}

std::optional<CacheEntry> parse_entry(const Digest& key, std::string_view blob, std::string* why) {
  auto bad = [&](std::string reason) -> std::optional<CacheEntry> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  Reader r(blob);
  if (!r.has(kHeaderBytes))
    return bad(fmt::format("{} bytes, shorter than the {}-byte header", blob.size(), kHeaderBytes));
  if (r.take(8) != std::string_view(kMagic, 8)) return bad("bad magic");
  if (const auto v = r.u(4); v != kVersion) return bad(fmt::format("format version {}", v));
  r.u(4);
  if (r.take(32) != std::string_view(reinterpret_cast<const char*>(key.data()), key.size()))
    return bad("key does not match the file name");
  const uint64_t length = r.u(8);
  const std::string_view sum = r.take(32);
  if (length != r.left())
    return bad(fmt::format("payload length {} but {} bytes follow", length, r.left()));
  const std::string_view payload = blob.substr(kHeaderBytes);
  const Digest actual = sha256(payload);
  if (sum != std::string_view(reinterpret_cast<const char*>(actual.data()), actual.size()))
    return bad("payload checksum mismatch");

  Reader p(payload);
  CacheEntry e;
  for (std::string* field : {&e.cubin, &e.log}) {
    if (!p.has(8)) return bad("payload truncated");
    const uint64_t n = p.u(8);
    if (!p.has(n)) return bad("payload field overruns");
    *field = std::string(p.take(n));
  }
  if (p.left() != 0) return bad("trailing bytes in payload");
  return e;
}

uint64_t parse_cache_max_bytes(const char* text) {
  constexpr uint64_t kDefaultMb = 2048, kMostMb = 10'000'000;
  if (text == nullptr || *text == '\0') return kDefaultMb << 20;
  const std::string s(text);
  const bool digits =
      s.size() <= 8 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || std::stoull(s) > kMostMb)
    throw Error(
        fmt::format("AUTOGEMM_CACHE_MAX_MB='{}': want the JIT cache's size limit in MB, a "
                    "whole number up to {} (0: no limit; unset: {})",
                    s, kMostMb, kDefaultMb));
  return std::stoull(s) << 20;
}

DiskCache::DiskCache(std::filesystem::path dir, uint64_t max_bytes)
    : dir_(std::move(dir)), max_bytes_(max_bytes) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec)
    throw Error(
        fmt::format("cannot create the JIT cache directory {}: {}", dir_.string(), ec.message()));
}

std::filesystem::path DiskCache::default_dir() {
  if (const char* d = std::getenv("AUTOGEMM_CACHE_DIR"); d && *d) return d;
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".cache" / "autogemm";
  return "/tmp/autogemm-cache";
}

std::filesystem::path DiskCache::path_of(const Digest& key) const {
  return dir_ / (to_hex(key) + ".bin");
}

std::optional<CacheEntry> DiskCache::load(const Digest& key) const {
  const auto path = path_of(key);
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;  // a plain miss
  std::ostringstream buf;
  buf << in.rdbuf();
  std::string why;
  auto entry = parse_entry(key, buf.str(), &why);
  if (entry) {
    // Used now: the least recently used entries go first when the cache is over its limit.
    std::error_code ec;
    std::filesystem::last_write_time(path, std::filesystem::file_time_type::clock::now(), ec);
  } else {
    std::fprintf(stderr, "autogemm: corrupt JIT cache entry %s (%s); deleted, rebuilding\n",
                 path.c_str(), why.c_str());
    std::error_code ec;
    std::filesystem::remove(path, ec);  // another process may have removed it already
  }
  return entry;
}

void DiskCache::store(const Digest& key, const CacheEntry& e) const {
  const auto path = path_of(key);
  const auto tmp = dir_ / temp_name(path.filename().string());
  const std::string blob = serialize_entry(key, e);

  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) throw Error(fmt::format("cannot create {}: {}", tmp.string(), errno_text()));
  // fsync before rename: after a crash the entry is either absent or complete, never empty.
  const bool ok = write_all(fd, blob) && ::fsync(fd) == 0;
  const std::string write_error = ok ? "" : errno_text();
  ::close(fd);
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string reason = ok ? errno_text() : write_error;
    ::unlink(tmp.c_str());
    throw Error(fmt::format("cannot write JIT cache entry {}: {}", path.string(), reason));
  }
  // Persist the rename itself (the directory entry).
  if (const int dfd = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  if (max_bytes_ > 0) prune(path);
}

size_t DiskCache::prune(const std::filesystem::path& keep) const {
  if (max_bytes_ == 0) return 0;
  namespace fs = std::filesystem;
  struct File {
    fs::file_time_type used;
    uint64_t bytes;
    fs::path path;
  };
  std::vector<File> files;
  uint64_t total = 0;
  std::error_code ec;
  for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    // Entries only: 64 hex digits and ".bin" (a writer's temp file starts with '.').
    const std::string name = p.filename().string();
    if (name.size() != 68 || p.extension() != ".bin" || name[0] == '.') continue;
    std::error_code e1, e2;
    const uint64_t bytes = it->file_size(e1);
    const fs::file_time_type used = it->last_write_time(e2);
    if (e1 || e2) continue;  // removed meanwhile
    files.push_back({used, bytes, p});
    total += bytes;
  }
  if (total <= max_bytes_) return 0;
  std::sort(files.begin(), files.end(),
            [](const File& a, const File& b) { return a.used < b.used; });
  const uint64_t target = max_bytes_ / 10 * 9;
  size_t removed = 0;
  for (const File& f : files) {
    if (total <= target) break;
    if (f.path == keep) continue;
    std::error_code e;
    if (fs::remove(f.path, e) || !e) {  // gone either way (another process may have removed it)
      total -= f.bytes;
      ++removed;
    }
  }
  std::fprintf(stderr,
               "autogemm: JIT cache %s over its %llu MB limit (AUTOGEMM_CACHE_MAX_MB): removed %zu "
               "least recently used entries\n",
               dir_.c_str(), static_cast<unsigned long long>(max_bytes_ >> 20), removed);
  return removed;
}

}  // namespace autogemm::jit
