#include "engine/io/sibling_model.h"

#include <string>

#include "engine/core/path_text.h"
#include "engine/io/install_scan.h"

namespace meshproof {
namespace fs = std::filesystem;

std::optional<fs::path> sibling_model(const fs::path& sur_path) {
    const fs::path dir = sur_path.parent_path();
    const std::string stem = path_text(sur_path.stem());
    std::error_code ec;
    for (const char* ext : {".cmp", ".3db"}) {
        const fs::path exact = dir / path_from_text(stem + ext);
        if (fs::is_regular_file(exact, ec)) return exact;
    }
    std::optional<fs::path> found[2];
    const std::string want[2] = {ascii_lower(stem + ".cmp"), ascii_lower(stem + ".3db")};
    for (fs::directory_iterator it(dir.empty() ? fs::path(".") : dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = ascii_lower(path_text(it->path().filename()));
        for (int k = 0; k < 2; ++k)
            if (!found[k] && name == want[k] && it->is_regular_file(ec)) found[k] = it->path();
    }
    return found[0] ? found[0] : found[1];
}

}  // namespace meshproof
