// On Windows a statically linked mimalloc does not replace malloc (that takes its DLL and
// mimalloc-redirect.dll beside the .exe, which meshproof.exe does without): C++ new and delete,
// which hold nearly all of a run's memory, are routed to it here instead. On Linux the shared
// mimalloc replaces malloc itself, and this file is empty.
#if defined(_WIN32) && defined(MESHPROOF_WITH_MIMALLOC)
#include <mimalloc-new-delete.h>
#endif
