// autogemm shapes: print a shape set, one M_N_K per line — e.g. the stratified subset of the
// CUDA-L2 grid committed as bench/shapes/grid100.txt:
//   autogemm shapes --grid cudal2 --sample 100 --seed 2026 > bench/shapes/grid100.txt
#include <iostream>

#include "bench/shapes.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "shape_options.hpp"

namespace autogemm::cli {

void register_shapes(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "shapes",
      "Print shapes (from --mnk, --shapes, --grid; optionally a stratified --sample) "
      "one M_N_K per line, in a form --shapes reads back.");
  struct Options {
    ShapeOptions shapes;
    uint64_t seed = 2026;
  };
  auto opts = std::make_shared<Options>();
  add_shape_options(*sub, opts->shapes);
  sub->add_option("--seed", opts->seed, "Seed of the stratified sample")->capture_default_str();
  sub->callback([opts] {
    const auto shapes = resolve_shapes(opts->shapes, opts->seed);
    std::cout << "# " << shapes.size() << " shapes, made by: " << command_line() << "\n";
    for (const auto& s : shapes) std::cout << bench::shape_name(s) << "\n";
  });
}

}  // namespace autogemm::cli
