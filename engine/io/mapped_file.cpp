#include "engine/io/mapped_file.h"

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22   // Linux 5.14 (include/uapi/asm-generic/mman-common.h)
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

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)), watch_(std::exchange(other.watch_, kUnwatched)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        reset();
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
        watch_ = std::exchange(other.watch_, kUnwatched);
    }
    return *this;
}

MappedFile::~MappedFile() { reset(); }

void populate_pages(Bytes part) {
    if (part.empty()) return;
    static const std::uintptr_t page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(part.data()) & ~(page - 1);   // madvise takes whole pages
    const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(part.data()) + part.size();
    (void)::madvise(reinterpret_cast<void*>(start), end - start, MADV_POPULATE_READ);
}

void MappedFile::reset() {
    unwatch_mapping(std::exchange(watch_, kUnwatched));   // before the pages go: the table never names unmapped ones
    if (data_ != nullptr && size_ > 0) ::munmap(const_cast<std::uint8_t*>(data_), size_);
    data_ = nullptr;
    size_ = 0;
}

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
