// Shape sets for the bench: --mnk strings, shape files, the CUDA-L2 grid, stratified subsets.
// Pure C++ (no CUDA) so the CPU tests cover it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::bench {

// "64_4096_64" -> {64, 4096, 64}. Exactly three positive integers joined by '_'.
// Throws InputError naming the text on anything else.
Shape parse_mnk(std::string_view text);

// One line of a shape file: "M_N_K", "M N K" or "M,N,K" (spaces around separators allowed).
// Throws InputError (without file context; read_shapes_file adds it).
Shape parse_shape_line(std::string_view line);

// Shapes from a file, one per line; '#' starts a comment, blank lines are skipped.
// Errors name the file and the line number. A missing or empty file is an InputError.
std::vector<Shape> read_shapes_file(const std::string& path);

// Parses a whole shape file's text (what read_shapes_file does after reading); `name` is used
// in error messages.
std::vector<Shape> parse_shapes_text(std::string_view text, const std::string& name);

// The CUDA-L2 grid: every (M,N,K) with each of M, N, K in {64, ..., 16384} — 1,000 shapes,
// ordered by M, then N, then K.
const std::vector<int64_t>& cudal2_sizes();
std::vector<Shape> cudal2_grid();

// Named grids for --grid; throws InputError on an unknown name.
std::vector<Shape> named_grid(std::string_view name);

// A deterministic subset of `count` shapes stratified by log10(2MNK): the shapes are sorted by
// flops and cut into `count` strata of (nearly) equal size; from each stratum the shape with the
// smallest seeded hash is taken. So the subset covers the whole flop range evenly, and the same
// (shapes, count, seed) always give the same subset on every platform (no std:: distributions).
// Returns the subset sorted by flops. count >= shapes.size() returns all shapes (sorted).
std::vector<Shape> stratified_sample(const std::vector<Shape>& shapes, size_t count, uint64_t seed);

// "64_4096_64" — the form --mnk takes and shape files use.
std::string shape_name(const Shape& s);

}  // namespace autogemm::bench
