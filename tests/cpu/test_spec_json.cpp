// KernelSpec's JSON form: round trip, strict reading, defaults for absent keys.
#include <gtest/gtest.h>

#include "spec/enumerate.hpp"
#include "spec/json.hpp"
#include "spec/name.hpp"

namespace autogemm {
namespace {

using nlohmann::json;

std::string error_of(const json& j) {
  try {
    (void)j.get<KernelSpec>();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(SpecJson, RoundTripsTheDefaultSweep) {
  for (Layout layout : {Layout::nn, Layout::tn})
    for (const KernelSpec& s : default_sweep(DType::bf16, AccType::f32, layout)) {
      const json j = s;
      // Through text too, as a tuning table stores it.
      EXPECT_EQ(json::parse(j.dump()).get<KernelSpec>(), s) << j.dump();
    }
}

TEST(SpecJson, ExactFormOfOneSpec) {
  const KernelSpec s = parse_name("sm90_bf16f32_nn_256x128x64_s3_c1x2_coop_tiles_r4n");
  const json j = s;
  // Every field is written; fields added later add keys beside these.
  const json expected = json::parse(R"({"dtype":"bf16","acc":"fp32","layout":"nn","bm":256,
    "bn":128,"bk":64,"stages":3,"consumers":2,"cluster_m":1,"cluster_n":2,"persistent":false,
    "raster":"n","swizzle":4})");
  for (const auto& [key, value] : expected.items()) EXPECT_EQ(j.at(key), value) << key;
  EXPECT_EQ(expected.get<KernelSpec>(), s);  // absent later fields take their defaults
}

TEST(SpecJson, AbsentKeysTakeDefaults) {
  EXPECT_EQ(json::object().get<KernelSpec>(), KernelSpec{});
  KernelSpec expect;
  expect.stages = 3;
  EXPECT_EQ(json::parse(R"({"stages":3})").get<KernelSpec>(), expect);
}

TEST(SpecJson, BadJsonIsRefused) {
  EXPECT_NE(error_of(json::parse(R"({"stagez":3})")).find("unknown key 'stagez'"),
            std::string::npos);
  EXPECT_NE(error_of(json::parse(R"({"bm":128.0})")).find("'bm' must be an integer"),
            std::string::npos);
  EXPECT_NE(error_of(json::parse(R"({"bm":"128"})")).find("'bm' must be an integer"),
            std::string::npos);
  EXPECT_NE(error_of(json::parse(R"({"persistent":1})")).find("'persistent' must be true or false"),
            std::string::npos);
  EXPECT_NE(error_of(json::parse(R"({"raster":"x"})")).find("'raster' must be"), std::string::npos);
  EXPECT_NE(error_of(json::parse(R"({"dtype":"fp8"})")).find("unsupported dtype 'fp8'"),
            std::string::npos);
  EXPECT_NE(error_of(json::parse(R"({"bm":99999999999})")).find("'bm'"), std::string::npos);
  EXPECT_NE(error_of(json::parse(R"([1,2])")).find("expected an object"), std::string::npos);
  EXPECT_NE(error_of(json::parse(R"({"stages":8})")).find("invalid spec: shared memory"),
            std::string::npos);
}

}  // namespace
}  // namespace autogemm
