#include "tune/text_file.hpp"

#include <fmt/format.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <fstream>
#include <memory>

#include "autogemm/types.hpp"

namespace autogemm::tune {

std::string read_text_file(const std::filesystem::path& path, std::string_view what) {
  // gzread passes a file that is not gzip through as it is.
  std::unique_ptr<gzFile_s, int (*)(gzFile)> in(gzopen(path.c_str(), "rb"), gzclose);
  if (!in) throw Error(fmt::format("{} '{}': cannot open the file", what, path.string()));
  std::string text;
  char buf[1 << 16];
  int n = 0;
  while ((n = gzread(in.get(), buf, sizeof buf)) > 0) text.append(buf, size_t(n));
  if (n < 0)
    throw Error(fmt::format("{} '{}': cannot read the file ({})", what, path.string(),
                            gzerror(in.get(), nullptr)));
  // gzclose reports a gzip stream that ended early (a truncated file) as Z_BUF_ERROR.
  if (gzclose(in.release()) != Z_OK)
    throw Error(fmt::format("{} '{}': the file is truncated or unreadable", what, path.string()));
  return text;
}

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
