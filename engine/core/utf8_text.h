// Report text as valid UTF-8. What a report quotes comes from the install: file names are bytes
// on Linux, and a binder's member names or a file's own strings need not be UTF-8 either. A name
// with a byte such as 0xFF made the JSON report invalid (simdjson, and so `meshproof diff`, then
// refused to read it back) and the Markdown and HTML reports text in no encoding. Each byte that
// does not start a well-formed sequence (RFC 3629: no overlong form, no surrogate, nothing past
// U+10FFFF, none cut short) becomes U+FFFD; well-formed text is copied unchanged.
#pragma once

#include <string>
#include <string_view>

namespace meshproof {

// Appends `s` to `out`, each ill-formed byte as U+FFFD.
void append_valid_utf8(std::string& out, std::string_view s);

// The length of the well-formed sequence starting at s[i] (1 to 4), or 0 when the byte at i does
// not start one.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i);

// `s` itself when it is well formed (no copy made), else with each ill-formed byte as U+FFFD.
std::string valid_utf8(std::string s);

}  // namespace meshproof
