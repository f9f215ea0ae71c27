// The Kraken fixtures of the shared corpus and their expected decoded size and SHA-256
// (../shared/corpus/README.md, sections `havok/`, `kraken/`, `kraken/silesia/`,
// `kraken/crafted/`), and how to get the raw stream out of each file layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/core/bytes.h"
#include "tests/support/corpus.h"

namespace meshproof::test {

struct KrakenFixture {
    std::string path;          // relative to the corpus
    std::size_t decoded_size;  // from the README
    std::string sha256;        // of the decoded bytes (README); empty for crafted ones
};
// gtest prints parameters with this instead of a byte dump.
inline void PrintTo(const KrakenFixture& f, std::ostream* os) { *os << f.path; }

// DCX_KRAK members and silesia streams, with README figures.
inline const std::vector<KrakenFixture>& kraken_fixtures() {
    static const std::vector<KrakenFixture> list = {
        {"havok/h.hkx.dcx", 3696, "3af2a509459ffa5a9b9d1a16bc9b5c4a5aef1a6e5913670000987f61b99a654c"},
        {"havok/l.hkx.dcx", 3696, "13a1c2fcae92f5fd7d40a1992d15ccdaa21dd8740f3c5e8310f747e8886eb4ea"},
        {"havok/h.compendium.dcx", 16168, "dea32e95ea5ef2a86b1620b3c5dee8e80859537ac1218bfe1a616b3321adf069"},
        {"kraken/er__m10_00_00_00.emevd.dcx", 97424,
         "53480283d6f01d7ae89ca0eb4f3addb3dedb40f9cf0727b4172921cf6b498a2a"},
        {"kraken/sekiro__allmaterialbnd.mtdbnd.dcx", 12815568,
         "1246c9bb834e25a7b90f5db8df5817603daf098ab4c47c778146c141960469df"},
        {"kraken/er__allmaterial.matbinbnd.dcx", 77457355,
         "28fcad57053acd942d2db1caa9922fd5b89d4c071f8992bb8d0ca406c78513f5"},
        {"kraken/silesia/xml.kraken", 5345280, "0e82e54e695c1938e4193448022543845b33020c8be6bf3bf3ead2224903e08c"},
        {"kraken/silesia/reymont.kraken", 6627202, "0eac0114a3dfe6e2ee1f345a0f79d653cb26c3bc9f0ed79238af4933422b7578"},
        {"kraken/silesia/dickens.kraken", 10192446, "b24c37886142e11d0ee687db6ab06f936207aa7f2ea1fd1d9a36763c7a507e6a"},
    };
    return list;
}

// kraken/crafted/: a stream with a .expected file decodes to it; one without must be rejected.
inline const std::vector<std::string>& crafted_kraken_streams() {
    static const std::vector<std::string> list = {
        "uncomp",     "fill_stored",      "entropy_only",      "stored_sub2",
        "fill_cksum", "stored_sub_mode1", "stored_sub2_mode1", "wholematch",
    };
    return list;
}

struct RawKrakenStream {
    std::vector<std::uint8_t> file;
    std::size_t stream_offset = 0;  // where the raw Kraken stream starts in `file`
    std::size_t stream_size = 0;
    std::uint64_t decoded_size = 0;  // as the file's own header states it
    Bytes stream() const { return Bytes(file).subspan(stream_offset, stream_size); }
};

// Splits a fixture file into its header and raw stream:
//  *.dcx       DCX_KRAK (spec containers-and-tagfiles.md §4): big-endian uncompressed size at
//              0x1C, compressed size at 0x20, the stream at 0x4C.
//  silesia/    4-byte little-endian decoded size, then the stream.
//  crafted/    8-byte little-endian decoded size, then the stream.
inline std::optional<RawKrakenStream> load_kraken_stream(const std::string& relative) {
    RawKrakenStream s;
    s.file = read_file(corpus_path(relative));
    const Bytes b(s.file);
    auto ends_with = [&](const std::string& suffix) {
        return relative.size() >= suffix.size() &&
               relative.compare(relative.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (ends_with(".dcx")) {
        const auto decoded = read_be_at<std::uint32_t>(b, 0x1C);
        const auto compressed = read_be_at<std::uint32_t>(b, 0x20);
        if (!decoded || !compressed || !in_range(0x4C, *compressed, b.size())) return std::nullopt;
        s.decoded_size = *decoded;
        s.stream_offset = 0x4C;
        s.stream_size = *compressed;
    } else if (relative.find("silesia/") != std::string::npos) {
        const auto decoded = read_le_at<std::uint32_t>(b, 0);
        if (!decoded) return std::nullopt;
        s.decoded_size = *decoded;
        s.stream_offset = 4;
        s.stream_size = b.size() - 4;
    } else {
        const auto decoded = read_le_at<std::uint64_t>(b, 0);
        if (!decoded) return std::nullopt;
        s.decoded_size = *decoded;
        s.stream_offset = 8;
        s.stream_size = b.size() - 8;
    }
    return s;
}

}  // namespace meshproof::test
