#include "cli/console.h"

#ifdef _WIN32
#include <io.h>
#include <windows.h>
#else
#include <sys/ioctl.h>
#include <unistd.h>
#endif

namespace meshproof::cli {

#ifdef _WIN32

namespace {

HANDLE console_of(std::FILE* stream) { return reinterpret_cast<HANDLE>(::_get_osfhandle(::_fileno(stream))); }

}  // namespace

bool is_console(std::FILE* stream) { return stream != nullptr && ::_isatty(::_fileno(stream)) != 0; }

int console_columns(std::FILE* stream) {
    CONSOLE_SCREEN_BUFFER_INFO info{};
    if (!is_console(stream) || !::GetConsoleScreenBufferInfo(console_of(stream), &info)) return 0;
    const int columns = info.srWindow.Right - info.srWindow.Left + 1;  // the window, not the buffer
    return columns > 0 ? columns : 0;
}

bool enable_escape_sequences(std::FILE* stream) {
    if (!is_console(stream)) return true;  // a file or pipe: the bytes go out as written
    const HANDLE console = console_of(stream);
    DWORD mode = 0;
    if (!::GetConsoleMode(console, &mode)) return false;
    if (mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING) return true;
    return ::SetConsoleMode(console, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING) != 0;
}

#else

bool is_console(std::FILE* stream) { return stream != nullptr && ::isatty(::fileno(stream)) != 0; }

int console_columns(std::FILE* stream) {
    winsize size{};
    if (is_console(stream) && ::ioctl(::fileno(stream), TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 0;
}

bool enable_escape_sequences(std::FILE* /*stream*/) { return true; }

#endif

}  // namespace meshproof::cli
