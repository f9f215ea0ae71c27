// Typed reads of the fields of one JSON object (simdjson DOM), shared by the two strict
// readers of reports/: the manifest reader (reports/manifest.h) and the report reader
// (reports/report_reader.h). Each error names the JSON path of the field and the problem
// ("passes[3].maxima[0].value: expected a number"), because a reader that drops a field it
// cannot read would report a coverage, or changes, that are not there.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <string>
#include <string_view>

#include <simdjson.h>

#include "engine/core/error.h"

namespace meshproof {

// "PATH: what" as an error (kBadHeader; offset 0: the DOM parser gives no position).
Error json_error(const std::string& path, std::string_view what);

// "where.key", or "key" at the top level (an empty `where`).
std::string json_member_path(const std::string& where, std::string_view key);
// "where[i]".
std::string json_index_path(const std::string& where, std::size_t i);

// Parses `json` with `parser` (which owns the DOM the returned object views) and requires an
// object at the top: "(document): not valid JSON: ..." / "(document): expected an object".
Result<simdjson::dom::object> parse_json_object(simdjson::dom::parser& parser, std::string_view json);

// An element as an object: "WHERE: expected an object".
Result<simdjson::dom::object> json_object_at(simdjson::dom::element e, const std::string& where);

// An element that is an array of exactly two strings (a figure's [counter, of] pair), or nothing.
std::optional<std::pair<std::string, std::string>> json_string_pair(simdjson::dom::element e);

class JsonFields {
public:
    JsonFields(simdjson::dom::object o, std::string where) : o_(o), where_(std::move(where)) {}

    const std::string& where() const { return where_; }
    std::string path(std::string_view key) const { return json_member_path(where_, key); }
    // "WHERE.KEY: what".
    Error bad(std::string_view key, std::string_view what) const { return json_error(path(key), what); }

    bool has(std::string_view key) const;                                 // present, null or not
    bool present(std::string_view key) const;                             // present and not null
    Result<simdjson::dom::element> required(std::string_view key) const;  // required

    Result<std::string> string(std::string_view key) const;
    Result<std::string> optional_string(std::string_view key) const;  // absent or null: ""
    Result<std::uint64_t> uint(std::string_view key) const;
    Result<double> number(std::string_view key) const;                          // integer or not, never null
    Result<std::optional<double>> nullable_number(std::string_view key) const;  // null: nullopt
    Result<bool> boolean(std::string_view key) const;
    Result<bool> optional_boolean(std::string_view key, bool fallback) const;  // absent or null: fallback
    Result<simdjson::dom::object> sub_object(std::string_view key) const;
    Result<simdjson::dom::array> sub_array(std::string_view key) const;

private:
    simdjson::dom::object o_;
    std::string where_;
};

}  // namespace meshproof
