// A minimal streaming JSON writer (simdjson 3.0 has no writer). Keys are written in the
// order the caller gives them, so a caller that iterates sorted data writes deterministic JSON.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meshproof {

class JsonWriter {
public:
    explicit JsonWriter(int indent = 2) : indent_(indent) {}

    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
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
    JsonWriter& field(std::string_view k, const T& v) { key(k); return value(v); }

    const std::string& str() const { return out_; }
    std::string take() { return std::move(out_); }

private:
    void before_value();
    void newline();

    std::string out_;
    int indent_;
    struct Level { bool is_object; bool empty; };
    std::vector<Level> stack_;
    bool after_key_ = false;
};

// JSON string escaping (UTF-8 passes through; control characters are \u-escaped).
void append_json_string(std::string& out, std::string_view s);

}  // namespace meshproof
