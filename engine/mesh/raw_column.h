// A column of little-endian scalars read straight from a tagfile's DATA (or from a test's
// hand-built buffer): the extraction layer fills these, the decode layer reads them.
//
// It wraps tagfile::Column (range-checked once when made, plain loads after) and remembers the
// DATA-relative offset of element 0, so a decoder that finds a bad value can report where it
// was read (DEVELOPERS.md: errors carry the offset in the unit).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/tagfile/object_view.h"

namespace meshproof::mesh {

template <class T>
struct RawColumn {
    tagfile::Column<T> values;
    std::uint64_t offset = 0;  // DATA-relative offset of element 0

    std::size_t size() const { return values.size(); }
    bool empty() const { return values.empty(); }
    T operator[](std::size_t i) const { return values[i]; }  // i < size()
    std::uint64_t offset_of(std::size_t i) const { return offset + i * values.stride(); }
};

// A column over contiguous values in memory (tests and benchmarks build raw meshes this way).
// `data` must outlive the column.
template <class T>
RawColumn<T> column_over(std::span<const T> data, std::uint64_t offset = 0) {
    return RawColumn<T>{tagfile::Column<T>(reinterpret_cast<const std::uint8_t*>(data.data()), sizeof(T), data.size()),
                        offset};
}
template <class T>
RawColumn<T> column_over(const std::vector<T>& data, std::uint64_t offset = 0) {
    return column_over(std::span<const T>(data), offset);
}

}  // namespace meshproof::mesh
