// The on-disk kernel cache: one file per key, written atomically, verified on every read.
//
// File layout (little-endian):
//   magic "AGJITBIN" | u32 format version | u32 reserved (0) | 32-byte key |
//   u64 payload length | 32-byte SHA-256 of the payload | payload
//   payload = u64 cubin length | cubin | u64 log length | log
// A file that fails any check (short, bad magic/version/key/length/checksum) is reported on
// stderr in one line, deleted, and treated as a miss, so the caller rebuilds it.
//
// Writers never expose a partial file: they write a temp file in the same directory (unique
// per process, thread and call), fsync it, and rename it over the entry. Two processes storing
// the same key both succeed; the last rename wins and both files were complete.
//
// Size: a cache with a limit (AUTOGEMM_CACHE_MAX_MB, default 2048; 0: none) removes its least
// recently used entries after a store takes it over the limit, down to 90% of it. A hit marks its
// file used (its modification time). Fixed-shape kernels add entries per problem (gemm()'s trial,
// notes 218), so a process meeting many shapes would otherwise grow the cache without end. Two
// processes may prune at once; an entry removed under another's feet is a miss there.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "jit/sha256.hpp"

namespace autogemm::jit {

struct CacheEntry {
  std::string cubin;
  std::string log;
  friend bool operator==(const CacheEntry&, const CacheEntry&) = default;
};

// Serialization, exposed for tests; parse_entry returns the reason a blob is not a valid entry
// for `key` in `why`.
std::string serialize_entry(const Digest& key, const CacheEntry&);
std::optional<CacheEntry> parse_entry(const Digest& key, std::string_view blob, std::string* why);

// The limit AUTOGEMM_CACHE_MAX_MB asks for, in bytes (`text` its value, null when unset): default
// 2048 MB, 0 for none. Throws Error for anything but a whole number of MB up to 10^7.
uint64_t parse_cache_max_bytes(const char* text);

class DiskCache {
 public:
  // Creates `dir` (and parents) if needed. `max_bytes` 0: no limit.
  explicit DiskCache(std::filesystem::path dir, uint64_t max_bytes = 0);

  // $AUTOGEMM_CACHE_DIR if set, else $HOME/.cache/autogemm (else /tmp/autogemm-cache).
  static std::filesystem::path default_dir();

  std::optional<CacheEntry> load(const Digest& key) const;
  // Throws Error when the file cannot be written (full disk, read-only directory).
  void store(const Digest& key, const CacheEntry&) const;

  std::filesystem::path path_of(const Digest& key) const;
  const std::filesystem::path& dir() const { return dir_; }
  uint64_t max_bytes() const { return max_bytes_; }

  // Removes the least recently used entries (never `keep`) until the entries take at most 90%
  // of max_bytes(), when they take more than it; returns how many it removed.
  size_t prune(const std::filesystem::path& keep = {}) const;

 private:
  std::filesystem::path dir_;
  uint64_t max_bytes_ = 0;
};

}  // namespace autogemm::jit
