// Reading and atomically replacing the tuner's text files (tuning tables, policies, cost models).
// A gzip-compressed file reads as its text whatever its name, and a path ending in ".gz" is
// written compressed (the shipped cost model: 4.7 MB of JSON, 1.4 MB compressed).
//
// `what` names the kind of file in error messages, e.g. "tuning table" gives
// "tuning table 'data/x.json': cannot open the file".
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/text_file.hpp"

namespace autogemm::tune {

// Reading: autogemm::read_text_file (core/text_file.hpp), the same for the bench's CSVs.
using autogemm::read_text_file;

// Writes `text` (gzip-compressed where `path` ends in ".gz") to a temporary file beside `path`
// and renames it over `path`, so a reader never sees half a file. Throws Error on an I/O failure,
// leaving no temporary file behind.
void write_text_file_atomically(const std::filesystem::path& path, std::string_view text,
                                std::string_view what);

}  // namespace autogemm::tune
