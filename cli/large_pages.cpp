#include "cli/large_pages.h"

#include <cstdlib>

#ifdef MESHPROOF_WITH_MIMALLOC
#include <mimalloc.h>
#endif

namespace meshproof::cli {

void use_large_pages() {
#ifdef MESHPROOF_WITH_MIMALLOC
    // MIMALLOC_LARGE_OS_PAGES=0 in the environment still turns it off (mimalloc reads it first).
    if (std::getenv("MIMALLOC_LARGE_OS_PAGES") == nullptr) mi_option_enable(mi_option_large_os_pages);
#endif
}

}  // namespace meshproof::cli
