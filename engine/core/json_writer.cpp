#include "engine/core/json_writer.h"

#include <cmath>
#include <cstdio>

#include <fmt/format.h>

#include "engine/core/utf8_text.h"

namespace meshproof {

// Valid UTF-8 always (engine/core/utf8_text.h): an ill-formed byte is written as U+FFFD.
void append_json_string(std::string& out, std::string_view s) {
    out.push_back('"');
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            const std::size_t n = utf8_sequence_length(s, i);
            if (n == 0) {
                out += "\xEF\xBF\xBD";
            } else {
                out.append(s, i, n);
                i += n - 1;
            }
            continue;
        }
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) out += fmt::format("\\u{:04x}", c);
                else out.push_back(static_cast<char>(c));
        }
    }
    out.push_back('"');
}

void JsonWriter::newline() {
    if (indent_ <= 0) return;
    out_.push_back('\n');
    out_.append(stack_.size() * static_cast<std::size_t>(indent_), ' ');
}

void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (stack_.empty()) return;
    Level& level = stack_.back();
    const bool first = level.empty;
    level.empty = false;
    if (!first) out_.push_back(',');
    if (!level.one_line) newline();
    else if (!first) out_.push_back(' ');
}

JsonWriter& JsonWriter::begin_object(JsonLayout layout) {
    const bool one_line = opens_one_line(layout);
    before_value();
    out_.push_back('{');
    stack_.push_back({true, true, one_line});
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    const Level level = stack_.back();
    stack_.pop_back();
    if (!level.empty && !level.one_line) newline();
    out_.push_back('}');
    if (stack_.empty() && indent_ > 0) out_.push_back('\n');
    return *this;
}

JsonWriter& JsonWriter::begin_array(JsonLayout layout) {
    const bool one_line = opens_one_line(layout);
    before_value();
    out_.push_back('[');
    stack_.push_back({false, true, one_line});
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    const Level level = stack_.back();
    stack_.pop_back();
    if (!level.empty && !level.one_line) newline();
    out_.push_back(']');
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
    before_value();
    append_json_string(out_, k);
    out_ += indent_ > 0 ? ": " : ":";
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
    before_value();
    append_json_string(out_, s);
    return *this;
}

JsonWriter& JsonWriter::value(std::int64_t v) {
    before_value();
    out_ += fmt::format("{}", v);
    return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t v) {
    before_value();
    out_ += fmt::format("{}", v);
    return *this;
}

JsonWriter& JsonWriter::value(double v) {
    before_value();
    if (!std::isfinite(v)) out_ += "null";
    else out_ += fmt::format("{}", v);  // shortest round-trip form: deterministic
    return *this;
}

JsonWriter& JsonWriter::value(bool v) {
    before_value();
    out_ += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    before_value();
    out_ += "null";
    return *this;
}

}  // namespace meshproof
