// The tuner's text files: plain or gzip-compressed (text_file.hpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "autogemm/types.hpp"
#include "tune/text_file.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using autogemm::tune::testing::ScratchDir;

namespace {

std::string raw_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Enough text that the compressed file is much smaller, with the bytes a JSON model holds.
std::string sample_text() {
  std::string t = "autogemm-cost-model 1\n{\"trees\": [";
  for (int i = 0; i < 5000; ++i) t += "{\"split\": " + std::to_string(i % 97) + ", \"leaf\": 0.5},";
  return t + "{}]}\n";
}

}  // namespace

TEST(TextFile, PlainAndGzipNamesRoundTrip) {
  ScratchDir dir;
  const std::string text = sample_text();
  write_text_file_atomically(dir / "m.json", text, "cost model");
  write_text_file_atomically(dir / "m.json.gz", text, "cost model");
  EXPECT_EQ(raw_bytes(dir / "m.json"), text);  // a plain name stays plain
  const std::string gz = raw_bytes(dir / "m.json.gz");
  ASSERT_GE(gz.size(), 2u);
  EXPECT_EQ(gz.substr(0, 2), std::string("\x1f\x8b"));  // the gzip magic
  EXPECT_LT(gz.size(), text.size() / 4);
  EXPECT_EQ(read_text_file(dir / "m.json", "cost model"), text);
  EXPECT_EQ(read_text_file(dir / "m.json.gz", "cost model"), text);
  // No temporary file is left beside them.
  int files = 0;
  for ([[maybe_unused]] const auto& f : std::filesystem::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 2);
  // Empty files, plain or compressed, read as empty.
  write_text_file_atomically(dir / "e.json", "", "cost model");
  write_text_file_atomically(dir / "e.json.gz", "", "cost model");
  EXPECT_EQ(read_text_file(dir / "e.json", "cost model"), "");
  EXPECT_EQ(read_text_file(dir / "e.json.gz", "cost model"), "");
}

TEST(TextFile, MissingAndTruncatedFilesAreErrorsNamingThem) {
  ScratchDir dir;
  try {
    read_text_file(dir / "none.json.gz", "cost model");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("none.json.gz"), std::string::npos) << e.what();
  }
  write_text_file_atomically(dir / "m.json.gz", sample_text(), "cost model");
  const std::string gz = raw_bytes(dir / "m.json.gz");
  std::ofstream(dir / "cut.json.gz", std::ios::binary) << gz.substr(0, gz.size() / 2);
  try {
    read_text_file(dir / "cut.json.gz", "cost model");
    FAIL() << "a truncated gzip file read without an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("cut.json.gz"), std::string::npos) << e.what();
  }
}
