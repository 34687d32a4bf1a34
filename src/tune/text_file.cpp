#include "tune/text_file.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "autogemm/types.hpp"

namespace autogemm::tune {

std::string read_text_file(const std::filesystem::path& path, std::string_view what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("{} '{}': cannot open the file", what, path.string()));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw Error(fmt::format("{} '{}': cannot read the file", what, path.string()));
  return text.str();
}

void write_text_file_atomically(const std::filesystem::path& path, std::string_view text,
                                std::string_view what) {
  // Same directory, so the rename cannot cross file systems.
  const std::filesystem::path tmp =
      path.string() + fmt::format(".tmp.{}", static_cast<long>(::getpid()));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      throw Error(fmt::format("{} '{}': cannot write '{}'", what, path.string(), tmp.string()));
    out << text;
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      throw Error(fmt::format("{} '{}': write failed", what, path.string()));
    }
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
