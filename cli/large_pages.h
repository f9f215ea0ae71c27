// The allocator's large regions on transparent huge pages.
//
// A cold `build` of a 1 M-triangle mesh touches about 300 MB of fresh memory; with 4 KiB pages a
// third of its time went to page faults on this kind of VM (bench/build_bench.cpp, BM_BuildMesh:
// 2.9 s → 1.6–2.0 s with huge pages). The kernel here gives huge pages only to regions advised
// with MADV_HUGEPAGE ("madvise" mode), which mimalloc does for its regions when its
// large-OS-pages option is on. Freed pages are kept a second before they go back to the system, so
// one member's arrays serve the next. A no-op where mimalloc is not linked (sanitizer builds).
#pragma once

namespace meshproof::cli {

void use_large_pages();

}  // namespace meshproof::cli
