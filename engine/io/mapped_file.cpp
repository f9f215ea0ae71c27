#include "engine/io/mapped_file.h"

#include <utility>

namespace meshproof {

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      watch_(std::exchange(other.watch_, kUnwatched)) {}

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

void MappedFile::reset() {
    unwatch_mapping(std::exchange(watch_, kUnwatched));  // before the pages go: the table never names unmapped ones
    if (data_ != nullptr && size_ > 0) unmap(data_, size_);
    data_ = nullptr;
    size_ = 0;
}

}  // namespace meshproof
