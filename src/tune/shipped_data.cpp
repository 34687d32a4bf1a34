#include "tune/shipped_data.hpp"

#include "tune/cost_model.hpp"
#include "tune/gpu_name.hpp"

namespace autogemm::tune {

Dispatcher dispatcher_for_gpu(std::string_view gpu_name, int cc_major, int cc_minor, int sm_count,
                              const std::filesystem::path& data_dir) {
  auto data_of = [&](std::string_view suffix) {
    return data_gpu(gpu_name, cc_major, cc_minor, sm_count, data_dir, suffix);
  };
  const DataGpu table = data_of(".json"), model = data_of(".costmodel.json"),
                policy = data_of(".policy.json");
  Dispatcher d = Dispatcher::table_from_environment(table.name, data_dir, DeviceFacts{sm_count},
                                                    table.note, table.underlay);
  d.use_policy_from_environment(policy.name, data_dir, policy.note);
  use_cost_model_from_environment(d, model.name, data_dir, model.note);
  return d;
}

}  // namespace autogemm::tune
