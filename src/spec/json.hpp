// JSON form of a KernelSpec: an object with one key per field, e.g.
//   {"dtype":"fp16","acc":"fp32","layout":"tn","bm":128,"bn":256,"bk":64,"stages":4,
//    "consumers":2,"cluster_m":2,"cluster_n":1,"persistent":true,"raster":"m","swizzle":8}
//
// Writing emits every field. Reading is strict about what is present (unknown keys, wrong
// types and invalid specs are refused with Error, so a typo in a tuning table cannot silently
// become a default) and lenient about what is absent: a missing key takes the field's default,
// which is what lets files written before a field existed keep their meaning.
#pragma once

#include <nlohmann/json.hpp>

#include "spec/kernel_spec.hpp"

namespace autogemm {

// Found by nlohmann::json through ADL: json j = spec; spec = j.get<KernelSpec>().
void to_json(nlohmann::json& j, const KernelSpec& s);
void from_json(const nlohmann::json& j, KernelSpec& s);

}  // namespace autogemm
