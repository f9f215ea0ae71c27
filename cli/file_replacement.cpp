#include "cli/file_replacement.h"

#include <fmt/format.h>

#include "engine/core/path_text.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <unistd.h>
#endif

namespace meshproof::cli {

namespace fs = std::filesystem;

namespace {

unsigned long process_id() {
#ifdef _WIN32
    return ::GetCurrentProcessId();
#else
    return static_cast<unsigned long>(::getpid());
#endif
}

}  // namespace

fs::path temporary_beside(const fs::path& target) {
    fs::path tmp = target;
    tmp.replace_filename(
        path_from_text(fmt::format(".{}.meshproof-tmp.{}", path_text(target.filename()), process_id())));
    return tmp;
}

std::error_code replace_file(const fs::path& from, const fs::path& to) {
#ifdef _WIN32
    if (::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING)) return {};
    return std::error_code(static_cast<int>(::GetLastError()), std::system_category());
#else
    std::error_code ec;
    fs::rename(from, to, ec);
    return ec;
#endif
}

}  // namespace meshproof::cli
