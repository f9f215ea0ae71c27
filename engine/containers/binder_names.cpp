#include "engine/containers/binder_names.h"

#include <algorithm>

#include <fmt/format.h>

namespace meshproof {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Decodes one code point at `i` (advancing it); invalid sequences yield U+FFFD.
char32_t next_code_point(std::string_view s, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(s[k]); };
    const std::uint8_t b0 = byte(i++);
    if (b0 < 0x80) return b0;
    int extra = 0;
    char32_t cp = 0;
    char32_t min = 0;
    if ((b0 & 0xE0) == 0xC0) {
        extra = 1, cp = b0 & 0x1F, min = 0x80;
    } else if ((b0 & 0xF0) == 0xE0) {
        extra = 2, cp = b0 & 0x0F, min = 0x800;
    } else if ((b0 & 0xF8) == 0xF0) {
        extra = 3, cp = b0 & 0x07, min = 0x10000;
    } else {
        return kReplacement;
    }
    for (int k = 0; k < extra; ++k) {
        if (i >= s.size() || (byte(i) & 0xC0) != 0x80) return kReplacement;
        cp = (cp << 6) | (byte(i++) & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return kReplacement;
    return cp;
}

}  // namespace

std::string utf16_to_utf8(Bytes units, bool big_endian) {
    std::string out;
    const std::size_t n = units.size() / 2;
    const auto unit = [&](std::size_t k) -> char32_t {
        const std::uint8_t* p = units.data() + 2 * k;
        return big_endian ? load_be<std::uint16_t>(p) : load_le<std::uint16_t>(p);
    };
    for (std::size_t k = 0; k < n; ++k) {
        const char32_t u = unit(k);
        if (u >= 0xD800 && u <= 0xDBFF && k + 1 < n && unit(k + 1) >= 0xDC00 && unit(k + 1) <= 0xDFFF) {
            append_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (unit(k + 1) - 0xDC00));
            ++k;
        } else if (u >= 0xD800 && u <= 0xDFFF) {
            append_utf8(out, kReplacement);
        } else {
            append_utf8(out, u);
        }
    }
    return out;
}

std::string shift_jis_to_utf8(Bytes bytes) {
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const std::uint8_t b = bytes[i];
        if (b < 0x80) {
            out += static_cast<char>(b);
        } else if (b >= 0xA1 && b <= 0xDF) {
            append_utf8(out, 0xFF61 + (b - 0xA1));
        } else if (((b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC)) && i + 1 < bytes.size()) {
            const std::uint8_t t = bytes[i + 1];
            if ((t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFC)) ++i;  // consume the trail byte
            append_utf8(out, kReplacement);
        } else {
            append_utf8(out, kReplacement);
        }
    }
    return out;
}

std::u16string utf8_to_utf16(std::string_view utf8) {
    std::u16string out;
    for (std::size_t i = 0; i < utf8.size();) {
        const char32_t cp = next_code_point(utf8, i);
        if (cp >= 0x10000) {
            out += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
            out += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            out += static_cast<char16_t>(cp);
        }
    }
    return out;
}

std::string utf8_to_shift_jis_lossy(std::string_view utf8) {
    std::string out;
    for (std::size_t i = 0; i < utf8.size();) {
        const char32_t cp = next_code_point(utf8, i);
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp >= 0xFF61 && cp <= 0xFF9F) {
            out += static_cast<char>(0xA1 + (cp - 0xFF61));
        } else {
            out += '?';
        }
    }
    return out;
}

std::string normalise_binder_name(std::string name) {
    for (char& c : name)
        if (c == '\\') c = '/';
    return name;
}

std::string_view last_name_component(std::string_view normalised) {
    const std::size_t slash = normalised.rfind('/');
    return slash == std::string_view::npos ? normalised : normalised.substr(slash + 1);
}

Result<bool> read_binder_name_in_head(Bytes head, std::uint64_t header_size, std::uint64_t offset, bool unicode,
                                      bool big_endian, std::string& name) {
    if (offset >= header_size)
        return make_error(ErrorCode::kOutOfBounds, offset,
                          fmt::format("binder name offset 0x{:X} is outside the {}-byte header", offset, header_size));
    if (offset >= head.size()) return false;
    // Windows paths are at most a few hundred characters; the cap keeps a hostile binder whose
    // many names run to the end of the file from costing entries × file size.
    constexpr std::size_t kMaxNameUnits = 4096;
    const std::size_t unit = unicode ? 2 : 1;
    const Bytes rest = head.subspan(offset, std::min<std::uint64_t>(head.size() - offset, (kMaxNameUnits + 1) * unit));
    if (unicode) {
        for (std::size_t k = 0; k + 1 < rest.size(); k += 2)
            if (rest[k] == 0 && rest[k + 1] == 0) {
                name = normalise_binder_name(utf16_to_utf8(rest.first(k), big_endian));
                return true;
            }
    } else {
        for (std::size_t k = 0; k < rest.size(); ++k)
            if (rest[k] == 0) {
                name = normalise_binder_name(shift_jis_to_utf8(rest.first(k)));
                return true;
            }
    }
    if (rest.size() == (kMaxNameUnits + 1) * unit)
        return make_error(ErrorCode::kBadHeader, offset,
                          fmt::format("binder name at 0x{:X} is longer than {} characters", offset, kMaxNameUnits));
    if (head.size() < header_size) return false;  // it may end past the head
    return make_error(ErrorCode::kTruncated, header_size,
                      fmt::format("binder name at 0x{:X} has no terminator before the end", offset));
}

Result<std::string> read_binder_name(Bytes header, std::uint64_t offset, bool unicode, bool big_endian) {
    std::string name;
    MP_TRY(read_binder_name_in_head(header, header.size(), offset, unicode, big_endian, name));
    return name;  // never past the head: the head is the whole header
}

}  // namespace meshproof
