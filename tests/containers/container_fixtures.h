// Fixture lists for the container tests: the DCX and BND4 files of ../shared/corpus/havok and
// ../shared/corpus/kraken with the facts the corpus README states about them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace meshproof::test {

struct KrakDcxFixture {
    std::string path;  // relative to the corpus
    std::uint32_t uncompressed_size;
    std::uint32_t compressed_size;
};
// gtest prints parameters with these instead of a byte dump (which shows the string's pointer).
inline void PrintTo(const KrakDcxFixture& f, std::ostream* os) { *os << f.path; }

inline std::vector<KrakDcxFixture> krak_dcx_fixtures() {
    return {
        {"havok/h.hkx.dcx", 3696, 1450},
        {"havok/l.hkx.dcx", 3696, 1450},
        {"havok/h.compendium.dcx", 16168, 7524},
        {"kraken/er__allmaterial.matbinbnd.dcx", 77457355, 2747896},
        {"kraken/sekiro__allmaterialbnd.mtdbnd.dcx", 12815568, 386353},
        {"kraken/er__m10_00_00_00.emevd.dcx", 97424, 9932},
    };
}

struct AnibndFixture {
    std::string path;  // relative to the corpus
    std::size_t entries;
    bool dcx;                         // DCX_DFLT-wrapped
    std::uint32_t uncompressed_size;  // DCX only
    std::uint32_t dcx_field10;        // 0x24 (Sekiro 10000_24_9) or 0x44 (ER/AC6 11000_44_9_15)
};
inline void PrintTo(const AnibndFixture& f, std::ostream* os) { *os << f.path; }

inline std::vector<AnibndFixture> anibnd_fixtures() {
    return {
        {"havok/anibnd/sekiro/chr__c0000.anibnd.dcx", 57, true, 2703082, 0x24},
        {"havok/anibnd/sekiro/chr__c0000_a000_hi.anibnd.dcx", 12, true, 229724, 0x24},
        {"havok/anibnd/sekiro/chr__c0000_a00x.anibnd.dcx", 24, true, 970364, 0x24},
        {"havok/anibnd/sekiro/chr__c0000_a2xx.anibnd.dcx", 9, true, 248156, 0x24},
        {"havok/anibnd/sekiro/chr__c0000_c1180.anibnd.dcx", 5, true, 140220, 0x24},
        {"havok/anibnd/sekiro/chr__c1140.anibnd.dcx", 7, true, 274316, 0x24},
        {"havok/anibnd/sekiro/parts__WP_A_2300.anibnd", 3, false, 0, 0},
        {"havok/anibnd/sekiro/sfx__s04016.anibnd", 2, false, 0, 0},
        {"havok/anibnd/eldenring/chr__c3000.anibnd.dcx", 9, true, 1652061, 0x44},
        {"havok/anibnd/eldenring/parts__WP_A_0550_1.anibnd", 11, false, 0, 0},
        {"havok/anibnd/eldenring/sfx__s82120.anibnd", 1, false, 0, 0},
        {"havok/anibnd/eldenring/sfx__s88670.anibnd", 4, false, 0, 0},
        {"havok/anibnd/ac6/chr__c0900.anibnd.dcx", 39, true, 1904307, 0x44},
        {"havok/anibnd/ac6/parts__AM_M_1010.anibnd", 1, false, 0, 0},
        {"havok/anibnd/ac6/sfx__s88390.anibnd", 2, false, 0, 0},
    };
}

// A gtest-friendly parameter name from a corpus path.
inline std::string fixture_param_name(const std::string& path) {
    std::string name = path.substr(path.rfind('/') + 1);
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

}  // namespace meshproof::test
