// Reading a text file that may be gzip-compressed: the tuner's tables, policies and cost models
// (some shipped as .gz) and the bench's result CSVs (committed gzipped under bench/results).
// `what` names the kind of file in error messages, e.g. "tuning table" gives
// "tuning table 'data/x.json': cannot open the file".
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace autogemm {

// The whole file, decompressed if it is gzip; a missing, unreadable or truncated-gzip file is an
// Error naming it.
std::string read_text_file(const std::filesystem::path& path, std::string_view what);

}  // namespace autogemm
