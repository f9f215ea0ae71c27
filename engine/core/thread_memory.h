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

// How long the allocator keeps freed pages before it hands them back. The executable keeps them
// long (cli/large_pages.cpp), so that a thread's next unit reuses them; with many threads on few
// cores, each thread's kept pages added up to most of a run's peak memory. A run of more threads
// than kScratchThreads (scratch_release.h) keeps them briefly while it runs: long enough for the
// next unit of the thread, not for its every past one. Where the executable sets nothing, nothing
// changes. Runs may overlap in one process: the hook is called with true when the first of them
// begins and with false when the last of them ends (hold_freed_memory_briefly counts them).
using FreedMemoryHold = void (*)(bool brief);

void set_freed_memory_hold(FreedMemoryHold hold) noexcept;
void hold_freed_memory_briefly(bool brief) noexcept;

}  // namespace meshproof
