#include "tune/text_file.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <fstream>

#include "autogemm/types.hpp"

namespace autogemm::tune {

namespace {

bool gzip_name(const std::filesystem::path& path) {
  return path.extension() == ".gz";
}

// `text` into `file`, compressed where the final name asks for it.
bool write_all(const std::filesystem::path& file, std::string_view text, bool compress) {
  if (!compress) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out << text;
    out.flush();
    return bool(out);
  }
  gzFile out = gzopen(file.c_str(), "wb9");
  if (out == nullptr) return false;
  bool ok = true;
  for (size_t at = 0; ok && at < text.size();) {
    const unsigned chunk = unsigned(std::min<size_t>(text.size() - at, 1u << 20));
    ok = gzwrite(out, text.data() + at, chunk) == int(chunk);
    at += chunk;
  }
  return gzclose(out) == Z_OK && ok;
}

}  // namespace

void write_text_file_atomically(const std::filesystem::path& path, std::string_view text,
                                std::string_view what) {
  // Same directory, so the rename cannot cross file systems.
  const std::filesystem::path tmp =
      path.string() + fmt::format(".tmp.{}", static_cast<long>(::getpid()));
  if (!write_all(tmp, text, gzip_name(path))) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw Error(fmt::format("{} '{}': cannot write '{}'", what, path.string(), tmp.string()));
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw Error(fmt::format("{} '{}': cannot replace it: {}", what, path.string(), ec.message()));
  }
}

}  // namespace autogemm::tune
