// MappedFile on POSIX: open(2), fstat, mmap (the Windows one: mapped_file_windows.cpp).
#include "engine/io/mapped_file.h"

#ifndef _WIN32

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22  // Linux 5.14 (include/uapi/asm-generic/mman-common.h)
#endif

namespace meshproof {
namespace {

const char* file_type_name(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a file";
}

}  // namespace

namespace {

// The whole pages holding `part`: [start, end) rounded out to page bounds (madvise takes whole pages).
std::pair<void*, std::size_t> page_span(Bytes part) {
    static const std::uintptr_t page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(part.data()) & ~(page - 1);
    const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(part.data()) + part.size() + page - 1) & ~(page - 1);
    return {reinterpret_cast<void*>(start), end - start};
}

}  // namespace

void populate_pages(Bytes part) {
    if (part.empty()) return;
    const auto [start, size] = page_span(part);
    (void)::madvise(start, size, MADV_POPULATE_READ);
}

void release_pages(Bytes part) {
    if (part.empty()) return;
    const auto [start, size] = page_span(part);
    (void)::madvise(start, size, MADV_DONTNEED);
}

void MappedFile::unmap(const std::uint8_t* data, std::size_t size) { ::munmap(const_cast<std::uint8_t*>(data), size); }

Result<MappedFile> MappedFile::open(const std::filesystem::path& path) {
    // O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer, for ever when there is
    // none (`dump` and `unpack` of a FIFO named like a binder hung so). With it the open returns
    // at once and the type check below refuses the FIFO; a regular file reads and maps the same.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return make_error(ErrorCode::kIo, 0, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        int e = errno;
        ::close(fd);
        return make_error(ErrorCode::kIo, 0, std::string("cannot stat: ") + std::strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return make_error(ErrorCode::kIo, 0, std::string("not a regular file (") + file_type_name(st.st_mode) + ")");
    }
    MappedFile file;
    if (st.st_size > 0) {
        void* p = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            int e = errno;
            ::close(fd);
            return make_error(ErrorCode::kIo, 0, std::string("cannot map: ") + std::strerror(e));
        }
        file.data_ = static_cast<const std::uint8_t*>(p);
        file.size_ = static_cast<std::size_t>(st.st_size);
        file.watch_ = watch_mapping(file.data_, file.size_);
    }
    ::close(fd);  // the mapping keeps the file referenced
    return file;
}

}  // namespace meshproof

#endif  // !_WIN32
