// Running a shell command from a test and collecting what it printed (the CLI tests).
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace autogemm::test {

struct CommandResult {
  int code;            // exit status; -1 when the process did not exit normally
  std::string output;  // what it wrote, when `command` sends it to stdout (e.g. 2>&1)
};

// Runs a shell command and collects its standard output.
inline CommandResult run_command(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, "popen failed"};
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace autogemm::test
