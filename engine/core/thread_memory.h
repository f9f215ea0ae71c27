// The calling thread's freed memory handed back to the system at once. The executable's
// allocator keeps a thread's freed pages for a while so that the next unit's arrays reuse them
// (cli/large_pages.h); each thread keeps its own, so a run of many threads on few cores kept
// every thread's last large unit resident. The executable sets how (set_thread_memory_trim);
// where it does not (tests, sanitizer builds), trimming does nothing.
#pragma once

namespace meshproof {

using ThreadMemoryTrim = void (*)();

void set_thread_memory_trim(ThreadMemoryTrim trim) noexcept;
void trim_thread_memory() noexcept;

}  // namespace meshproof
