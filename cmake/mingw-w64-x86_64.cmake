# Cross-compiling meshproof (and its dependencies) for Windows x86-64 with Debian's mingw-w64,
# the POSIX-threads flavour (std::thread and std::mutex, which oneTBB and the engine use, need
# it). Dependencies are looked for only under MESHPROOF_WINDOWS_PREFIX (scripts/windows builds
# them there), never in the build machine's /usr.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_AR x86_64-w64-mingw32-gcc-ar-posix CACHE FILEPATH "")
set(CMAKE_RANLIB x86_64-w64-mingw32-gcc-ranlib-posix CACHE FILEPATH "")

if(NOT MESHPROOF_WINDOWS_PREFIX)
  if(DEFINED ENV{MESHPROOF_WINDOWS_PREFIX})
    set(MESHPROOF_WINDOWS_PREFIX "$ENV{MESHPROOF_WINDOWS_PREFIX}")
  else()
    set(MESHPROOF_WINDOWS_PREFIX "$ENV{HOME}/.cache/meshproof-windows/prefix")
  endif()
endif()
# Carried into try_compile projects, which read this file again.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES MESHPROOF_WINDOWS_PREFIX)

# One folder per dependency (a cache entry of scripts/windows), each an install tree of its own.
file(GLOB meshproof_entries LIST_DIRECTORIES true "${MESHPROOF_WINDOWS_PREFIX}/*")
list(FILTER meshproof_entries EXCLUDE REGEX "/\\.[^/]*$")   # .<entry>.partial: a build not finished
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 ${meshproof_entries})
set(CMAKE_PREFIX_PATH ${meshproof_entries})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config (libdeflate, xxhash) reads the target's .pc files only.
set(meshproof_pc "")
foreach(entry ${meshproof_entries})
  list(APPEND meshproof_pc "${entry}/lib/pkgconfig")
endforeach()
string(REPLACE ";" ":" meshproof_pc "${meshproof_pc}")
set(ENV{PKG_CONFIG_LIBDIR} "${meshproof_pc}")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")

# No DLL beside the .exe: the compiler's runtimes (libgcc, libstdc++, winpthread) linked in.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")

# Test executables run under Wine.
find_program(MESHPROOF_WINE NAMES wine64 wine PATHS /usr/lib/wine)   # Debian: outside PATH
if(MESHPROOF_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${MESHPROOF_WINE}")
endif()
