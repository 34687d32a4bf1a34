// Shape parsing, shape files, the CUDA-L2 grid and the stratified sample.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "bench/errors.hpp"
#include "bench/shapes.hpp"

using namespace autogemm;
using namespace autogemm::bench;

namespace {

std::string error_of(auto&& fn) {
  try {
    fn();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Shapes, ParseMnk) {
  EXPECT_EQ(parse_mnk("64_4096_64"), (Shape{64, 4096, 64}));
  EXPECT_EQ(parse_mnk("1_8_16384"), (Shape{1, 8, 16384}));
}

TEST(Shapes, ParseMnkRejectsMalformed) {
  for (const char* bad : {"64x4096", "0_64_64", "64_64", "64_64_64_64", "-1_2_3", "a_b_c", "64__64",
                          "", "64_64_64 ", "1e3_2_3", "64_4096_64x"}) {
    const std::string msg = error_of([&] { parse_mnk(bad); });
    EXPECT_NE(msg, "") << bad;
    EXPECT_NE(msg.find(std::string("'") + bad + "'"), std::string::npos) << msg;
  }
}

TEST(Shapes, ParseLineForms) {
  EXPECT_EQ(parse_shape_line("64_128_256"), (Shape{64, 128, 256}));
  EXPECT_EQ(parse_shape_line("64 128\t256"), (Shape{64, 128, 256}));
  EXPECT_EQ(parse_shape_line(" 64, 128 ,256 "), (Shape{64, 128, 256}));
  EXPECT_THROW(parse_shape_line("64 128"), InputError);
  EXPECT_THROW(parse_shape_line("64,128,0"), InputError);
}

TEST(Shapes, FileWithCommentsAndBlanks) {
  const auto shapes =
      parse_shapes_text("# header\n\n64_64_64\n 128 256 512  # trailing\n1,2,3\n", "f.txt");
  ASSERT_EQ(shapes.size(), 3u);
  EXPECT_EQ(shapes[1], (Shape{128, 256, 512}));
  EXPECT_EQ(shapes[2], (Shape{1, 2, 3}));
}

TEST(Shapes, FileErrorsNameFileAndLine) {
  const std::string msg = error_of([] { parse_shapes_text("64_64_64\n# ok\n64x64\n", "s.txt"); });
  EXPECT_EQ(msg.rfind("s.txt:3: ", 0), 0u) << msg;
  EXPECT_NE(error_of([] { parse_shapes_text("# nothing\n\n", "e.txt"); }).find("e.txt"),
            std::string::npos);
}

TEST(Shapes, MissingFileIsInputError) {
  const std::string msg = error_of([] { read_shapes_file("/no/such/shapes.txt"); });
  EXPECT_NE(msg.find("/no/such/shapes.txt"), std::string::npos);
}

TEST(Shapes, ReadFileRoundTrip) {
  const auto path = std::filesystem::temp_directory_path() / "autogemm_test_shapes.txt";
  std::ofstream(path) << "64_4096_64\n8192 8192 8192\n";
  const auto shapes = read_shapes_file(path.string());
  std::filesystem::remove(path);
  ASSERT_EQ(shapes.size(), 2u);
  EXPECT_EQ(shapes[0], parse_mnk("64_4096_64"));
}

TEST(Shapes, CudaL2Grid) {
  const auto grid = cudal2_grid();
  ASSERT_EQ(grid.size(), 1000u);
  EXPECT_EQ(std::set<Shape>(grid.begin(), grid.end()).size(), 1000u);
  EXPECT_EQ(grid.front(), (Shape{64, 64, 64}));
  EXPECT_EQ(grid.back(), (Shape{16384, 16384, 16384}));
  double total = 0;
  for (const auto& s : grid) total += s.flops();
  EXPECT_NEAR(total, 1.82e14, 0.01e14);  // the figure the time budget is planned on
  EXPECT_THROW(named_grid("cudal3"), InputError);
}

TEST(Shapes, StratifiedSampleIsDeterministicAndSpread) {
  const auto grid = cudal2_grid();
  const auto a = stratified_sample(grid, 100, 2026);
  const auto b = stratified_sample(grid, 100, 2026);
  const auto c = stratified_sample(grid, 100, 7);
  ASSERT_EQ(a.size(), 100u);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(std::set<Shape>(a.begin(), a.end()).size(), 100u);
  // One shape per stratum of 10 consecutive shapes in flop order: the i-th pick's flops lie
  // between the 10i-th and (10i+9)-th smallest flops of the grid.
  auto sorted = grid;
  std::sort(sorted.begin(), sorted.end(),
            [](const Shape& x, const Shape& y) { return x.flops() < y.flops(); });
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_GE(a[i].flops(), sorted[10 * i].flops());
    EXPECT_LE(a[i].flops(), sorted[10 * i + 9].flops());
  }
  EXPECT_EQ(stratified_sample(grid, 2000, 1).size(), 1000u);
}

TEST(Shapes, CommittedGrid100MatchesTheSampler) {
  // bench/shapes/grid100.txt must be exactly `autogemm shapes --grid cudal2 --sample 100
  // --seed 2026`: results on it are comparable only if it never drifts from the code.
  const auto committed =
      read_shapes_file(std::string(AUTOGEMM_SOURCE_DIR) + "/bench/shapes/grid100.txt");
  EXPECT_EQ(committed, stratified_sample(cudal2_grid(), 100, 2026));
}
