// Running a piece of a test in a child process (fork), for tests of what several processes do
// to one SQLite file: its locking is between processes, not threads.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>

namespace autogemm::test {

// Runs `body` in a child process; the child exits 0 when body returns, 1 when it throws.
template <typename F>
pid_t spawn(F&& body) {
  const pid_t pid = fork();
  if (pid == 0) {
    int code = 0;
    try {
      body();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "child %d: %s\n", int(getpid()), e.what());
      code = 1;
    }
    _exit(code);  // no gtest teardown or static destructors in the child
  }
  return pid;
}

// A file's whole text ("" when it cannot be read), e.g. what a child wrote before it exited.
inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The child's exit status; -1 when it did not exit normally.
inline int wait_exit_code(pid_t pid) {
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace autogemm::test
