// Whether this process may write a report where it is asked to, checked before a run starts so
// that a long run does not end in "cannot write". POSIX asks access(2); Windows has no call that
// weighs the ACLs so cheaply, and refuses only what it can tell at once: a read-only file.
#pragma once

#include <filesystem>

namespace meshproof::cli {

bool may_overwrite(const std::filesystem::path& file);
bool may_create_in(const std::filesystem::path& folder);

}  // namespace meshproof::cli
