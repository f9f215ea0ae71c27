// MappedFile on Windows: CreateFileW, CreateFileMappingW, MapViewOfFile (the POSIX one:
// mapped_file_posix.cpp). The view keeps the file and the mapping object referenced, so both
// handles are closed once it is made.
#include "engine/io/mapped_file.h"

#ifdef _WIN32

#include <string>
#include <system_error>

#include <windows.h>

namespace meshproof {
namespace {

std::string windows_error_text(DWORD code) { return std::system_category().message(static_cast<int>(code)); }

struct HandleCloser {
    HANDLE handle;
    ~HandleCloser() { ::CloseHandle(handle); }
};

}  // namespace

// PrefetchVirtualMemory (Windows 8) asks for the pages the way MADV_POPULATE_READ does: a hint,
// whose failure leaves the mapping as it was.
void populate_pages(Bytes part) {
    if (part.empty()) return;
    WIN32_MEMORY_RANGE_ENTRY range{const_cast<std::uint8_t*>(part.data()), part.size()};
    (void)::PrefetchVirtualMemory(::GetCurrentProcess(), 1, &range, 0);
}

// VirtualUnlock of pages that are not locked fails (ERROR_NOT_LOCKED) and takes them out of the
// working set: the documented way to trim a range of it.
void release_pages(Bytes part) {
    if (part.empty()) return;
    (void)::VirtualUnlock(const_cast<std::uint8_t*>(part.data()), part.size());
}

void MappedFile::unmap(const std::uint8_t* data, std::size_t /*size*/) { ::UnmapViewOfFile(data); }

Result<MappedFile> MappedFile::open(const std::filesystem::path& path) {
    // A folder cannot be opened as a file (CreateFileW says "access denied"): said as on POSIX.
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return make_error(ErrorCode::kIo, 0, "not a regular file (a folder)");
    // FILE_SHARE_WRITE and _DELETE: another program may keep the file open for writing (an
    // editor, the game's own tools); while the view is mapped Windows refuses to truncate it, so
    // it cannot shrink under the reader (shrink_guard_windows.cpp).
    HANDLE file = ::CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file == INVALID_HANDLE_VALUE)
        return make_error(ErrorCode::kIo, 0, "cannot open: " + windows_error_text(::GetLastError()));
    HandleCloser file_closer{file};
    if (::GetFileType(file) != FILE_TYPE_DISK)
        return make_error(ErrorCode::kIo, 0, "not a regular file (a device or a pipe)");
    LARGE_INTEGER size{};
    if (!::GetFileSizeEx(file, &size))
        return make_error(ErrorCode::kIo, 0, "cannot stat: " + windows_error_text(::GetLastError()));
    MappedFile out;
    if (size.QuadPart > 0) {
        HANDLE mapping = ::CreateFileMappingW(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
        if (mapping == nullptr)
            return make_error(ErrorCode::kIo, 0, "cannot map: " + windows_error_text(::GetLastError()));
        HandleCloser mapping_closer{mapping};
        void* view = ::MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0);
        if (view == nullptr)
            return make_error(ErrorCode::kIo, 0, "cannot map: " + windows_error_text(::GetLastError()));
        out.data_ = static_cast<const std::uint8_t*>(view);
        out.size_ = static_cast<std::size_t>(size.QuadPart);
        out.watch_ = watch_mapping(out.data_, out.size_);
    }
    return out;
}

}  // namespace meshproof

#endif  // _WIN32
