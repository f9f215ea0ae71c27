// A minimal streaming JSON writer (simdjson 3.0 has no writer). Keys are written in the
// order the caller gives them, so a caller that iterates sorted data writes deterministic JSON.
// In the core floor so that the reports and the synthetic install's manifest.json and
// defects.json are written by one writer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meshproof {

// kIndented: each element on a line of its own; kOneLine: the elements on the container's line,
// separated by ", " (`{"game": "sekiro", "set": "h"}`), and so is every container inside it.
enum class JsonLayout { kIndented, kOneLine };

class JsonWriter {
public:
    explicit JsonWriter(int indent = 2) : indent_(indent) {}

    JsonWriter& begin_object(JsonLayout layout = JsonLayout::kIndented);
    JsonWriter& end_object();
    JsonWriter& begin_array(JsonLayout layout = JsonLayout::kIndented);
    JsonWriter& end_array();
    JsonWriter& key(std::string_view k);

    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
    JsonWriter& value(std::int64_t v);
    JsonWriter& value(std::uint64_t v);
    JsonWriter& value(int v) { return value(static_cast<std::int64_t>(v)); }
    JsonWriter& value(unsigned v) { return value(static_cast<std::uint64_t>(v)); }
    JsonWriter& value(double v);
    JsonWriter& value(bool v);
    JsonWriter& null();

    template <class T>
    JsonWriter& field(std::string_view k, const T& v) {
        key(k);
        return value(v);
    }

    const std::string& str() const { return out_; }
    std::string take() { return std::move(out_); }

private:
    void before_value();
    void newline();

    std::string out_;
    int indent_;
    struct Level {
        bool is_object;
        bool empty;
        bool one_line;
    };
    // The layout of a container opened now: one line inside a one-line container.
    bool opens_one_line(JsonLayout layout) const {
        return layout == JsonLayout::kOneLine || (!stack_.empty() && stack_.back().one_line);
    }
    std::vector<Level> stack_;
    bool after_key_ = false;
};

// JSON string escaping (UTF-8 passes through; control characters are \u-escaped).
void append_json_string(std::string& out, std::string_view s);

}  // namespace meshproof
