#include "engine/core/path_text.h"

#ifdef _WIN32
#include <windows.h>
#endif

namespace meshproof {

#ifdef _WIN32

std::string path_text(const std::filesystem::path& path) {
    const std::wstring wide = path.generic_wstring();
    if (wide.empty()) return {};
    const int n =
        ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()), nullptr, 0, nullptr, nullptr);
    std::string out(static_cast<std::size_t>(n), '\0');
    ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()), out.data(), n, nullptr, nullptr);
    return out;
}

std::filesystem::path path_from_text(std::string_view text) {
    if (text.empty()) return {};
    const int n = ::MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), nullptr, 0);
    std::wstring wide(static_cast<std::size_t>(n), L'\0');
    ::MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), wide.data(), n);
    return std::filesystem::path(wide);
}

#else

std::string path_text(const std::filesystem::path& path) { return path.generic_string(); }

std::filesystem::path path_from_text(std::string_view text) { return std::filesystem::path(std::string(text)); }

#endif

}  // namespace meshproof
