#include "tune/file_lock.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "autogemm/types.hpp"

namespace autogemm::tune {

FileLock::FileLock(const std::filesystem::path& path) {
  std::error_code ignored;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ignored);
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw Error(
        fmt::format("lock file '{}': cannot open: {}", path.string(), std::strerror(errno)));
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int err = errno;
    ::close(fd_);
    throw Error(fmt::format("lock file '{}': cannot lock: {}", path.string(), std::strerror(err)));
  }
}

FileLock::~FileLock() {
  ::close(fd_);  // releases the lock
}

}  // namespace autogemm::tune
