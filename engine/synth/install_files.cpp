#include "engine/synth/install_files.h"

#include <fstream>

namespace meshproof::synth {

BinderFile binder_file(std::string name, std::int32_t id, std::vector<std::uint8_t> data) {
    BinderFile f;
    f.name = std::move(name);
    f.id = id;
    f.data = std::move(data);
    return f;
}

void write_file(const std::filesystem::path& p, const std::vector<std::uint8_t>& bytes, std::string& error) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!f) error = "cannot write " + p.string();
}

}  // namespace meshproof::synth
