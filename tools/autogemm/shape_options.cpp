#include "shape_options.hpp"

#include "bench/errors.hpp"
#include "bench/shapes.hpp"

namespace autogemm::cli {

void add_shape_options(CLI::App& sub, ShapeOptions& o) {
  sub.add_option("--mnk", o.mnk, "Shape M_N_K, e.g. 64_4096_64 (repeatable)");
  sub.add_option("--shapes", o.shapes_file,
                 "File of shapes, one per line: M_N_K, 'M N K' or M,N,K; '#' comments");
  sub.add_option("--grid", o.grid, "Named shape grid: cudal2 (the 1,000 CUDA-L2 shapes)");
  sub.add_option("--sample", o.sample,
                 "Keep a stratified subset of N shapes (by log10 of 2MNK; depends on --seed)");
}

std::vector<Shape> resolve_shapes(const ShapeOptions& o, uint64_t seed) {
  std::vector<Shape> shapes;
  for (const auto& s : o.mnk) shapes.push_back(bench::parse_mnk(s));
  if (!o.shapes_file.empty()) {
    auto file = bench::read_shapes_file(o.shapes_file);
    shapes.insert(shapes.end(), file.begin(), file.end());
  }
  if (!o.grid.empty()) {
    auto grid = bench::named_grid(o.grid);
    shapes.insert(shapes.end(), grid.begin(), grid.end());
  }
  if (shapes.empty()) throw bench::InputError("no shapes: give --mnk, --shapes or --grid");
  if (o.sample > 0) shapes = bench::stratified_sample(shapes, o.sample, seed);
  return shapes;
}

}  // namespace autogemm::cli
