// The shrink guard on Windows has nothing to watch: a file with a mapped view cannot be
// truncated (SetEndOfFile fails with ERROR_USER_MAPPED_FILE), so a mapping never loses pages
// under its reader and no read of one faults as SIGBUS does on POSIX (shrink_guard.cpp).
#include "engine/io/shrink_guard.h"

#ifdef _WIN32

namespace meshproof {

std::uint32_t watch_mapping(const std::uint8_t* /*start*/, std::size_t /*size*/) { return kUnwatched; }
void unwatch_mapping(std::uint32_t /*slot*/) {}
Status shrank_error(Bytes /*part*/) { return ok_status(); }

}  // namespace meshproof

#endif  // _WIN32
