// Installs of the corpus sample laid out in maps, for the place-scope and several-root tests:
// each map's h binder holds the compendium and `members` copies of the sample tagfile, in
// Sekiro's layout (map/mAA_BB_CC_DD/) or Elden Ring's (map/mAA/mAA_BB_CC_DD/).
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "tests/support/corpus.h"

namespace meshproof::test {

inline void write_map_file(const std::filesystem::path& p, const std::vector<std::uint8_t>& bytes) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

inline void write_maps(const std::filesystem::path& root, bool elden_ring_layout,
                       const std::vector<std::pair<std::string, int>>& maps) {
    const auto hkx = read_file(corpus_path("havok/h.hkx"));
    const auto compendium = read_file(corpus_path("havok/h.compendium"));
    for (const auto& [map, members] : maps) {
        const std::string b = map.substr(1);
        std::vector<BinderFile> files;
        files.push_back({map + "\\h" + b + ".compendium.dcx", 0, dcx_write_dflt(compendium),
                         binder_entry_flags::kOrdinary, std::nullopt});
        for (int i = 0; i < members; ++i) {
            char name[64];
            std::snprintf(name, sizeof name, "%s\\h%s_%06d.hkx.dcx", map.c_str(), b.c_str(), i);
            files.push_back({name, i + 1, dcx_write_dflt(hkx), binder_entry_flags::kOrdinary, std::nullopt});
        }
        const auto bxf = write_bxf4(files);
        const std::filesystem::path dir =
            elden_ring_layout ? root / "map" / map.substr(0, 3) / map : root / "map" / map;
        write_map_file(dir / ("h" + b + ".hkxbhd"), bxf.bhd);
        write_map_file(dir / ("h" + b + ".hkxbdt"), bxf.bdt);
    }
}

}  // namespace meshproof::test
