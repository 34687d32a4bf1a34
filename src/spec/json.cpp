#include "spec/json.hpp"

#include <fmt/format.h>

#include <cstdint>

#include "spec/validity.hpp"

namespace autogemm {
namespace {

[[noreturn]] void fail(const std::string& why) {
  throw Error("bad kernel spec JSON: " + why);
}

int get_int(const nlohmann::json& v, const std::string& key) {
  // nlohmann narrows silently; an out-of-range number must not wrap into a plausible value.
  const bool in_range = v.is_number_unsigned() ? v.get<uint64_t>() <= 1u << 30
                        : v.is_number_integer()
                            ? v.get<int64_t>() >= -(1 << 30) && v.get<int64_t>() <= 1 << 30
                            : false;
  if (!in_range) fail(fmt::format("'{}' must be an integer, got {}", key, v.dump()));
  return v.get<int>();
}

std::string get_string(const nlohmann::json& v, const std::string& key) {
  if (!v.is_string()) fail(fmt::format("'{}' must be a string, got {}", key, v.dump()));
  return v.get<std::string>();
}

bool get_bool(const nlohmann::json& v, const std::string& key) {
  if (!v.is_boolean()) fail(fmt::format("'{}' must be true or false, got {}", key, v.dump()));
  return v.get<bool>();
}

Epilogue parse_epilogue(const std::string& s) {
  if (s == "direct") return Epilogue::direct;
  if (s == "tma") return Epilogue::tma;
  if (s == "tma_tile") return Epilogue::tma_tile;
  if (s == "tma_rows") return Epilogue::tma_rows;
  fail("'epilogue' must be \"direct\", \"tma\", \"tma_tile\" or \"tma_rows\", got \"" + s + "\"");
}

Raster parse_raster(const std::string& s) {
  if (s == "m") return Raster::m;
  if (s == "n") return Raster::n;
  fail("'raster' must be \"m\" or \"n\", got \"" + s + "\"");
}

}  // namespace

void to_json(nlohmann::json& j, const KernelSpec& s) {
  j = nlohmann::json{{"dtype", to_string(s.dtype)},
                     {"acc", to_string(s.acc)},
                     {"layout", to_string(s.layout)},
                     {"bm", s.bm},
                     {"bn", s.bn},
                     {"bk", s.bk},
                     {"stages", s.stages},
                     {"consumers", s.consumers},
                     {"cluster_m", s.cluster_m},
                     {"cluster_n", s.cluster_n},
                     {"cluster_k", s.cluster_k},
                     {"persistent", s.persistent},
                     {"raster", to_string(s.raster)},
                     {"swizzle", s.swizzle},
                     {"epilogue", to_string(s.epilogue)},
                     {"epilogue_parts", s.epilogue_parts},
                     {"stream_k", s.stream_k},
                     {"sk_splits", s.sk_splits},
                     {"split_pass", s.split_pass},
                     {"split_piece_major", s.split_piece_major},
                     {"split_last", s.split_last},
                     {"sm_placed", s.sm_placed},
                     {"pingpong", s.pingpong},
                     {"split_n", s.split_n},
                     {"mma_lag", s.mma_lag},
                     {"swap_ab", s.swap_ab},
                     {"defer_store", s.defer_store},
                     {"acc_sets", s.acc_sets},
                     {"pdl", s.pdl},
                     {"pdl_prefetch", s.pdl_prefetch},
                     {"scaled", s.scaled},
                     {"fixed_m", s.fixed.m},
                     {"fixed_n", s.fixed.n},
                     {"fixed_k", s.fixed.k}};
}

void from_json(const nlohmann::json& j, KernelSpec& out) {
  if (!j.is_object()) fail("expected an object, got " + j.dump());
  KernelSpec s;  // absent keys keep their defaults
  for (const auto& [key, v] : j.items()) {
    try {
      if (key == "dtype")
        s.dtype = parse_dtype(get_string(v, key));
      else if (key == "acc")
        s.acc = parse_acc(get_string(v, key));
      else if (key == "layout")
        s.layout = parse_layout(get_string(v, key));
      else if (key == "bm")
        s.bm = get_int(v, key);
      else if (key == "bn")
        s.bn = get_int(v, key);
      else if (key == "bk")
        s.bk = get_int(v, key);
      else if (key == "stages")
        s.stages = get_int(v, key);
      else if (key == "consumers")
        s.consumers = get_int(v, key);
      else if (key == "cluster_m")
        s.cluster_m = get_int(v, key);
      else if (key == "cluster_n")
        s.cluster_n = get_int(v, key);
      else if (key == "cluster_k")
        s.cluster_k = get_int(v, key);
      else if (key == "persistent")
        s.persistent = get_bool(v, key);
      else if (key == "raster")
        s.raster = parse_raster(get_string(v, key));
      else if (key == "swizzle")
        s.swizzle = get_int(v, key);
      else if (key == "swap_ab")
        s.swap_ab = get_bool(v, key);
      else if (key == "defer_store")
        s.defer_store = get_bool(v, key);
      else if (key == "acc_sets")
        s.acc_sets = get_int(v, key);
      else if (key == "epilogue_parts")
        s.epilogue_parts = get_int(v, key);
      else if (key == "pdl")
        s.pdl = get_bool(v, key);
      else if (key == "pdl_prefetch")
        s.pdl_prefetch = get_int(v, key);
      else if (key == "scaled")
        s.scaled = get_bool(v, key);
      else if (key == "fixed_m")
        s.fixed.m = get_int(v, key);
      else if (key == "fixed_n")
        s.fixed.n = get_int(v, key);
      else if (key == "fixed_k")
        s.fixed.k = get_int(v, key);
      else if (key == "mma_lag")
        s.mma_lag = get_int(v, key);
      else if (key == "pingpong")
        s.pingpong = get_bool(v, key);
      else if (key == "split_n")
        s.split_n = get_bool(v, key);
      else if (key == "stream_k")
        s.stream_k = get_bool(v, key);
      else if (key == "sk_splits")
        s.sk_splits = get_int(v, key);
      else if (key == "split_pass")
        s.split_pass = get_int(v, key);
      else if (key == "split_piece_major")
        s.split_piece_major = get_bool(v, key);
      else if (key == "split_last")
        s.split_last = get_bool(v, key);
      else if (key == "sm_placed")
        s.sm_placed = get_bool(v, key);
      else if (key == "epilogue")
        s.epilogue = parse_epilogue(get_string(v, key));
      else
        fail("unknown key '" + key + "'");
    } catch (const nlohmann::json::exception& e) {
      fail(fmt::format("'{}': {}", key, e.what()));
    }
  }
  if (auto broken = validate(s)) fail("invalid spec: " + *broken);
  out = s;
}

}  // namespace autogemm
