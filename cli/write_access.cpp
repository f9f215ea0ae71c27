#include "cli/write_access.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <unistd.h>
#endif

namespace meshproof::cli {

#ifdef _WIN32

bool may_overwrite(const std::filesystem::path& file) {
    const DWORD attributes = ::GetFileAttributesW(file.c_str());
    return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_READONLY) == 0;
}

// A folder's read-only attribute means nothing for the files in it on Windows.
bool may_create_in(const std::filesystem::path& folder) {
    return ::GetFileAttributesW(folder.c_str()) != INVALID_FILE_ATTRIBUTES;
}

#else

bool may_overwrite(const std::filesystem::path& file) { return ::access(file.c_str(), W_OK) == 0; }
bool may_create_in(const std::filesystem::path& folder) { return ::access(folder.c_str(), W_OK | X_OK) == 0; }

#endif

}  // namespace meshproof::cli
