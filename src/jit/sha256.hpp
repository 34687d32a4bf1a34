// SHA-256, for cache keys and cache-file checksums.
//
// Written here (FIPS 180-4) rather than taken from a crypto library: it is small, and the JIT
// must not pull a dependency into every program that links autogemm.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace autogemm::jit {

using Digest = std::array<uint8_t, 32>;

class Sha256 {
 public:
  Sha256();
  Sha256& update(const void* data, size_t size);
  Sha256& update(std::string_view s) { return update(s.data(), s.size()); }
  // Length-prefixed field: keeps ("ab","c") and ("a","bc") apart when hashing several fields.
  Sha256& field(std::string_view s);
  Digest finish();

 private:
  void block(const uint8_t* p);
  std::array<uint32_t, 8> h_;
  std::array<uint8_t, 64> buf_{};
  size_t buffered_ = 0;
  uint64_t total_ = 0;
};

Digest sha256(std::string_view data);
std::string to_hex(const Digest&);

}  // namespace autogemm::jit
