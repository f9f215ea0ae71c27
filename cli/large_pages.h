// The allocator's large regions on transparent huge pages.
//
// A cold `build` of a large mesh touches much fresh memory; with 4 KiB pages a good part of its
// time goes to page faults on a VM (bench/build_bench.cpp, BM_BuildMesh, measures it). The kernel here gives huge pages only to regions advised
// with MADV_HUGEPAGE ("madvise" mode), which mimalloc does for its regions when its
// large-OS-pages option is on. Freed pages are kept a while before they go back to the system, so
// one member's arrays serve the next; a thread hands its own back at once through
// engine/core/thread_memory.h. A no-op where mimalloc is not linked (sanitizer builds).
#pragma once

namespace meshproof::cli {

void use_large_pages();

}  // namespace meshproof::cli
