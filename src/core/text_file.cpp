#include "core/text_file.hpp"

#include <zlib.h>

#include <memory>

#include "autogemm/types.hpp"

namespace autogemm {

std::string read_text_file(const std::filesystem::path& path, std::string_view what) {
  const std::string name = std::string(what) + " '" + path.string() + "'";
  // gzread passes a file that is not gzip through as it is.
  std::unique_ptr<gzFile_s, int (*)(gzFile)> in(gzopen(path.c_str(), "rb"), gzclose);
  if (!in) throw Error(name + ": cannot open the file");
  std::string text;
  char buf[1 << 16];
  int n = 0;
  while ((n = gzread(in.get(), buf, sizeof buf)) > 0) text.append(buf, size_t(n));
  if (n < 0) throw Error(name + ": cannot read the file (" + gzerror(in.get(), nullptr) + ")");
  // gzclose reports a gzip stream that ended early (a truncated file) as Z_BUF_ERROR.
  if (gzclose(in.release()) != Z_OK) throw Error(name + ": the file is truncated or unreadable");
  return text;
}

}  // namespace autogemm
