// What the process does when an allocation fails: it says so on stderr and exits 4 (an internal
// error). Debian's mimalloc is built as C: when `new` cannot allocate it aborts without a word
// (exit 134; a folder of more loose files than the kernel's map count once ended that way), and a
// std::new_handler is not seen by it. Its error callback is: on ENOMEM it writes the message and
// ends the process. Without mimalloc (sanitizer builds) a new_handler does the same.
#pragma once

namespace meshproof::cli {

void say_when_out_of_memory();

}  // namespace meshproof::cli
