// Accumulator registers touched while their wgmma is still in flight, found in a cubin's SASS.
//
// An HGMMA writes its accumulators asynchronously until a `WARPGROUP.DEPBAR.LE gsb0, 0x0`
// (wgmma.wait_group 0) covers it; reading or writing them before is undefined. Our PTX always
// waits first, yet ptxas once scheduled the epilogue's F2FP of two accumulators above the wait
// (64x8 ping-pong swap-AB with the shape compiled in: a wrong C on the GPU; notes/NOTES.md 143).
#pragma once

#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace autogemm::test {

// The instructions of `sass` (cuobjdump -sass text), in address order, that name an
// accumulator register of an HGMMA issued earlier and not yet covered by a wait for all groups.
// A linear scan, per kernel of the cubin: code laid out between an HGMMA and its wait counts as
// running there (a read on a path that skips a wait laid out earlier is not seen), and a wide
// operand (R24.64) is judged by its first register.
inline std::vector<std::string> accumulators_touched_in_flight(const std::string& sass) {
  static const std::regex instruction(R"(/\*[0-9a-f]+\*/\s+([^;]*?)\s*;)");
  // HGMMA.64xNx16.F32 R24, ...: N/2 fp32 accumulators per thread from R24 (fp16: N/4).
  static const std::regex hgmma(R"(HGMMA\.64x(\d+)x\d+\.(F32|F16)\S*\s+R(\d+))");
  static const std::regex reg(R"(\bR(\d+)\b)");
  std::set<int> in_flight;
  std::vector<std::string> touched;
  std::istringstream lines(sass);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("Function :") != std::string::npos) {  // another kernel of the cubin
      in_flight.clear();
      continue;
    }
    std::smatch m;
    if (!std::regex_search(line, m, instruction)) continue;
    const std::string text = m[1];
    if (std::regex_search(text, m, hgmma)) {
      const int n = std::stoi(m[1]), first = std::stoi(m[3]);
      const int count = m[2] == "F32" ? n / 2 : n / 4;
      for (int r = first; r < first + count; ++r) in_flight.insert(r);
      continue;
    }
    if (text.find("WARPGROUP.DEPBAR.LE gsb0, 0x0") != std::string::npos) {
      in_flight.clear();
      continue;
    }
    for (std::sregex_iterator it(text.begin(), text.end(), reg), end; it != end; ++it)
      if (in_flight.count(std::stoi((*it)[1]))) {
        touched.push_back(text);
        break;
      }
  }
  return touched;
}

}  // namespace autogemm::test
