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
#pragma once

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

class DiskCache {
 public:
  // Creates `dir` (and parents) if needed.
  explicit DiskCache(std::filesystem::path dir);

  // $AUTOGEMM_CACHE_DIR if set, else $HOME/.cache/autogemm (else /tmp/autogemm-cache).
  static std::filesystem::path default_dir();

  std::optional<CacheEntry> load(const Digest& key) const;
  // Throws Error when the file cannot be written (full disk, read-only directory).
  void store(const Digest& key, const CacheEntry&) const;

  std::filesystem::path path_of(const Digest& key) const;
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path dir_;
};

}  // namespace autogemm::jit
