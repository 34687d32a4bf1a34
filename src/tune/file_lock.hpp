// An exclusive lock between processes on a lock file (flock), held for one scope.
//
// Why: a user tuning table is read, changed and written back by whichever process tuned a
// shape; two doing it at once would each drop the other's entry. The lock file sits beside
// the table and is never removed (removing it would let two processes lock different files).
#pragma once

#include <filesystem>

namespace autogemm::tune {

class FileLock {
 public:
  // Creates `path` (and its directory) when absent and waits until the lock is ours. Throws
  // Error naming the file when it cannot be created or locked.
  explicit FileLock(const std::filesystem::path& path);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace autogemm::tune
