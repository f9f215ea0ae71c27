// See weld.h.
#include "engine/builder/weld.h"

#include <bit>

#include <absl/container/flat_hash_map.h>
#include <fmt/format.h>

namespace meshproof::builder {

namespace {

// Bits that are equal exactly when the floats are equal by value (finite floats: the reader
// refuses NaN): -0 takes the bits of +0.
std::uint32_t value_key(float v) { return v == 0.0f ? 0u : std::bit_cast<std::uint32_t>(v); }

}  // namespace

Result<WeldedMesh> weld_positions(std::span<const float> x, std::span<const float> y, std::span<const float> z,
                                  std::span<const std::array<std::uint32_t, 3>> rows) {
    if (x.size() != y.size() || x.size() != z.size())
        return make_error(ErrorCode::kBadHeader, 0,
                          fmt::format("weld: {} x, {} y and {} z coordinates", x.size(), y.size(), z.size()));
    constexpr std::uint32_t kUnused = 0xFFFFFFFFu;
    std::vector<std::uint32_t> number(x.size(), kUnused);
    for (std::size_t r = 0; r < rows.size(); ++r)
        for (const std::uint32_t v : rows[r]) {
            if (v >= x.size())
                return make_error(ErrorCode::kOutOfBounds, r,
                                  fmt::format("weld: row {} names position {} of {}", r, v, x.size()));
            number[v] = 0;  // used; numbered below
        }

    WeldedMesh out;
    out.positions_in = x.size();
    absl::flat_hash_map<std::array<std::uint32_t, 3>, std::uint32_t> first_of;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (number[i] == kUnused) {
            ++out.unused_dropped;
            continue;
        }
        const std::array<std::uint32_t, 3> key{value_key(x[i]), value_key(y[i]), value_key(z[i])};
        const auto [it, inserted] = first_of.try_emplace(key, static_cast<std::uint32_t>(out.x.size()));
        // The first occurrence's value is kept, not a canonical +0: the welded position is one the
        // file gave, and a mesh with no signed zero to weld builds the bytes it built before
        // (file order fixes which occurrence is first, so the value is deterministic).
        if (inserted) {
            out.x.push_back(x[i]);
            out.y.push_back(y[i]);
            out.z.push_back(z[i]);
        } else {
            ++out.duplicates_merged;
        }
        number[i] = it->second;
    }
    out.rows.reserve(rows.size());
    for (const auto& row : rows) out.rows.push_back({number[row[0]], number[row[1]], number[row[2]]});
    return out;
}

}  // namespace meshproof::builder
