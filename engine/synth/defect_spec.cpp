#include "engine/synth/defect_spec.h"

#include <charconv>
#include <string>

namespace meshproof::synth {

Result<DefectCounts> parse_defect_spec(std::string_view spec) {
    DefectCounts counts{};
    if (spec.empty() || spec == "none") return counts;
    if (spec == "all") {
        counts.fill(1);
        return counts;
    }
    std::array<bool, kDefectKindCount> seen{};
    while (!spec.empty()) {
        const std::size_t comma = spec.find(',');
        const std::string_view item = spec.substr(0, comma);
        spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
        const std::size_t colon = item.find(':');
        const std::string_view name = item.substr(0, colon);
        std::uint32_t n = 1;
        if (colon != std::string_view::npos) {
            const std::string_view digits = item.substr(colon + 1);
            const auto res = std::from_chars(digits.data(), digits.data() + digits.size(), n);
            if (res.ec != std::errc{} || res.ptr != digits.data() + digits.size())
                return make_error(ErrorCode::kUsage, 0, "defects: bad count in \"" + std::string(item) + "\"");
        }
        int kind = -1;
        for (int k = 0; k < kDefectKindCount; ++k)
            if (defect_name(static_cast<DefectKind>(k)) == name) kind = k;
        if (kind < 0)
            return make_error(ErrorCode::kUsage, 0,
                              "defects: unknown kind \"" + std::string(name) +
                                  "\" (page0, leafbox, nibble, interior, run_gap, key_width, truncated, dcx_header, "
                                  "extern_missing, extern_twice, extern_outside, all)");
        if (seen[static_cast<std::size_t>(kind)])
            return make_error(ErrorCode::kUsage, 0, "defects: kind \"" + std::string(name) + "\" given twice");
        seen[static_cast<std::size_t>(kind)] = true;
        counts[static_cast<std::size_t>(kind)] = n;
    }
    return counts;
}

}  // namespace meshproof::synth
