// Read-only memory mapping (RAII). meshproof never writes into an install: files are opened
// O_RDONLY and mapped PROT_READ, so even a bug cannot modify a game file.
#pragma once

#include <cstdint>
#include <filesystem>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

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
    const std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace meshproof
