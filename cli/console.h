// What the platform says about the console a stream writes to (terminal.cpp decides colour and
// width from it): POSIX isatty / TIOCGWINSZ; Windows _isatty / GetConsoleScreenBufferInfo, whose
// console shows the escape sequences of paint() only once virtual terminal processing is on.
#pragma once

#include <cstdio>

namespace meshproof::cli {

bool is_console(std::FILE* stream);

// The console's width in columns, or 0 when `stream` is no console or it cannot say.
int console_columns(std::FILE* stream);

// Makes the console of `stream` show ANSI escape sequences as colour; false when it cannot (an
// older Windows console), and the text then goes out plain. Always true on POSIX.
bool enable_escape_sequences(std::FILE* stream);

}  // namespace meshproof::cli
