// Base64 (RFC 4648, standard alphabet, padded): binary bytes inside a JSON string, e.g. a
// policy's spec head (policy_file.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace autogemm::tune {

std::string base64_encode(std::string_view bytes);
// nullopt for anything but canonical padded base64 (wrong length, a character outside the
// alphabet, padding inside, or nonzero bits in the padding), so a damaged string is caught.
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace autogemm::tune
