// A one-binder install for pipeline tests: map/m10_00_00_00/<stem>.hkxbhd + .hkxbdt holding the
// given members (names as the games store them, "m10_00_00_00\<name>"), written under `root`
// (emptied first). Header-only, like the other test helpers of tests/support.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/containers/binder_writer.h"

namespace meshproof::test {

struct SplitBinderMember {
    std::string name;                // e.g. "h10_00_00_00_000001.hkx.dcx"
    std::vector<std::uint8_t> data;  // as stored (DCX or raw)
};

inline void write_test_file(const std::filesystem::path& p, const std::vector<std::uint8_t>& bytes) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

inline void write_split_binder_install(const std::filesystem::path& root, const std::string& stem,
                                       std::vector<SplitBinderMember> members) {
    std::filesystem::remove_all(root);
    std::vector<BinderFile> files;
    for (auto& m : members) {
        BinderFile f;
        f.name = "m10_00_00_00\\" + m.name;
        f.id = static_cast<std::int32_t>(files.size());
        f.data = std::move(m.data);
        files.push_back(std::move(f));
    }
    const auto bxf = write_bxf4(files);
    const std::filesystem::path dir = root / "map" / "m10_00_00_00";
    write_test_file(dir / (stem + ".hkxbhd"), bxf.bhd);
    write_test_file(dir / (stem + ".hkxbdt"), bxf.bdt);
}

}  // namespace meshproof::test
