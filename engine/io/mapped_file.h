// Read-only memory mapping (RAII). meshproof never writes into an install: files are opened
// O_RDONLY and mapped PROT_READ (on Windows: GENERIC_READ, PAGE_READONLY), so even a bug cannot
// modify a game file. Each mapping is watched
// for the file shrinking under it (engine/io/shrink_guard.h): ask shrank_error(bytes).
#pragma once

#include <cstdint>
#include <filesystem>

#include "engine/core/bytes.h"
#include "engine/core/error.h"
#include "engine/io/shrink_guard.h"

namespace meshproof {

class MappedFile {
public:
    MappedFile() = default;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    ~MappedFile();

    static Result<MappedFile> open(const std::filesystem::path& path);

    Bytes bytes() const { return {data_, size_}; }
    std::size_t size() const { return size_; }

private:
    void reset();
    static void unmap(const std::uint8_t* data, std::size_t size);  // the platform's (mapped_file_posix / _windows)
    const std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
    std::uint32_t watch_ = kUnwatched;  // its slot in shrink_guard's table
};

// Has the kernel map now the pages holding `part` (bytes of a MappedFile), for a caller about to
// read all of it (MADV_POPULATE_READ): one call instead of a fault taken by the reader every
// 64 KiB (on a VM, where taking a fault is dear, a decode-only run spends less system time).
// Only what a decoder will read should be asked for: a large sparse file named like a binder,
// populated whole, held a run for minutes and its size in page cache. A hint: on a kernel without it (before
// 5.14), or on any failure, the mapping stays as it was.
void populate_pages(Bytes part);

// Lets the kernel take the pages holding `part` (bytes of a MappedFile) out of this process
// (MADV_DONTNEED; on Windows, VirtualUnlock of unlocked pages, which drops them from the working
// set). The file's bytes stay in the page cache and a later read maps them again, the same bytes:
// the mapping is read-only. A hint, for a caller done with those pages; whole pages are let go, so
// the caller owns every byte of the pages it names.
void release_pages(Bytes part);

}  // namespace meshproof
