// The stable short name of a KernelSpec, e.g. sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m.
//
// Names are what tuning tables, logs and the bench's --spec flag carry, so the mapping must be
// exact both ways. Tokens, in order: arch, data+accumulator types, B layout, BMxBNxBK,
// stages, cluster MxN, consumers (coop = 2 cooperative warpgroups splitting bm, coopn splitting
// bn, pp = ping-pong, wg1 = one), persist|tiles,
// raster (swizzle width + fastest-moving tile index). A field added later appends its own token
// only when it differs from its default, so every name written today stays valid.
#pragma once

#include <string>
#include <string_view>

#include "spec/kernel_spec.hpp"

namespace autogemm {

std::string spec_name(const KernelSpec&);

// Inverse of spec_name: parse_name(spec_name(s)) == s and spec_name(parse_name(n)) == n.
// Throws Error naming the offending token for a malformed or non-canonical name, and the
// broken rule for a well-formed name of an invalid spec.
KernelSpec parse_name(std::string_view name);

}  // namespace autogemm
