#include "cli/out_of_memory.h"

#include <cerrno>
#include <cstdlib>
#include <new>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#include "cli/exit_codes.h"

#ifdef MESHPROOF_WITH_MIMALLOC
#include <mimalloc.h>
#endif

namespace meshproof::cli {
namespace {

// Async-signal-safe calls only: the allocator may be in any state.
[[noreturn]] void out_of_memory() {
    static const char message[] = "meshproof: out of memory: an allocation failed and the command cannot go on\n";
#ifdef _WIN32
    (void)!::_write(2, message, sizeof message - 1);
#else
    (void)!::write(STDERR_FILENO, message, sizeof message - 1);
#endif
    std::_Exit(kExitInternal);
}

#ifdef MESHPROOF_WITH_MIMALLOC
// mimalloc's other errors (a double free, a bad pointer) keep its default handling.
void on_mimalloc_error(int err, void* /*arg*/) {
    if (err == ENOMEM) out_of_memory();
}
#endif

}  // namespace

void say_when_out_of_memory() {
    std::set_new_handler(out_of_memory);
#ifdef MESHPROOF_WITH_MIMALLOC
    mi_register_error(on_mimalloc_error, nullptr);
#endif
}

}  // namespace meshproof::cli
