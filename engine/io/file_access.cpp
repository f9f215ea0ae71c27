#include "engine/io/file_access.h"

#ifdef _WIN32
#include <system_error>

#include <windows.h>
#else
#include <cerrno>
#include <cstring>

#include <unistd.h>
#endif

namespace meshproof {

std::optional<std::string> unreadable_reason(const std::filesystem::path& path) {
#ifdef _WIN32
    // Windows has no access(2) that checks the ACLs: the file is opened as MappedFile would.
    HANDLE h = ::CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                             nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) return std::system_category().message(static_cast<int>(::GetLastError()));
    ::CloseHandle(h);
    return std::nullopt;
#else
    // errno says why: permission, or a path longer than the system takes (ENAMETOOLONG).
    if (::access(path.c_str(), R_OK) != 0) return std::string(std::strerror(errno));
    return std::nullopt;
#endif
}

}  // namespace meshproof
