#include "reports/json_fields.h"

namespace meshproof {

using simdjson::dom::element;

Error json_error(const std::string& path, std::string_view what) {
    return make_error(ErrorCode::kBadHeader, 0, path + ": " + std::string(what));
}

std::string json_member_path(const std::string& where, std::string_view key) {
    return where.empty() ? std::string(key) : where + "." + std::string(key);
}

std::string json_index_path(const std::string& where, std::size_t i) { return where + "[" + std::to_string(i) + "]"; }

Result<simdjson::dom::object> parse_json_object(simdjson::dom::parser& parser, std::string_view json) {
    const simdjson::padded_string padded(json);
    element doc;
    if (auto err = parser.parse(padded).get(doc); err != simdjson::SUCCESS)
        return json_error("(document)", std::string("not valid JSON: ") + simdjson::error_message(err));
    return json_object_at(doc, "(document)");
}

Result<simdjson::dom::object> json_object_at(element e, const std::string& where) {
    simdjson::dom::object out;
    if (e.get_object().get(out) != simdjson::SUCCESS) return json_error(where, "expected an object");
    return out;
}

std::optional<std::pair<std::string, std::string>> json_string_pair(element e) {
    simdjson::dom::array pair;
    if (e.get_array().get(pair) != simdjson::SUCCESS || pair.size() != 2) return std::nullopt;
    std::string_view first, second;
    if (pair.at(0).get_string().get(first) != simdjson::SUCCESS ||
        pair.at(1).get_string().get(second) != simdjson::SUCCESS)
        return std::nullopt;
    return std::make_pair(std::string(first), std::string(second));
}

bool JsonFields::has(std::string_view key) const {
    element e;
    return o_.at_key(key).get(e) == simdjson::SUCCESS;
}

bool JsonFields::present(std::string_view key) const {
    element e;
    return o_.at_key(key).get(e) == simdjson::SUCCESS && !e.is_null();
}

Result<element> JsonFields::required(std::string_view key) const {
    simdjson::dom::element e;
    if (o_.at_key(key).get(e) != simdjson::SUCCESS) return bad(key, "missing");
    return e;
}

Result<std::string> JsonFields::string(std::string_view key) const {
    MP_TRY_ASSIGN(simdjson::dom::element e, required(key));
    std::string_view s;
    if (e.get_string().get(s) != simdjson::SUCCESS) return bad(key, "expected a string");
    return std::string(s);
}

Result<std::string> JsonFields::optional_string(std::string_view key) const {
    if (!present(key)) return std::string();
    return string(key);
}

Result<std::uint64_t> JsonFields::uint(std::string_view key) const {
    MP_TRY_ASSIGN(simdjson::dom::element e, required(key));
    std::uint64_t v = 0;
    if (e.get_uint64().get(v) != simdjson::SUCCESS) return bad(key, "expected an unsigned integer");
    return v;
}

Result<double> JsonFields::number(std::string_view key) const {
    MP_TRY_ASSIGN(std::optional<double> v, nullable_number(key));
    if (!v) return bad(key, "expected a number, not null");
    return *v;
}

Result<std::optional<double>> JsonFields::nullable_number(std::string_view key) const {
    MP_TRY_ASSIGN(simdjson::dom::element e, required(key));
    if (e.is_null()) return std::optional<double>();
    // get_double reads integers too (JSON has no non-finite numbers, so v is finite).
    double v = 0;
    if (e.get_double().get(v) != simdjson::SUCCESS) return bad(key, "expected a number");
    return std::optional<double>(v);
}

Result<bool> JsonFields::boolean(std::string_view key) const {
    MP_TRY_ASSIGN(simdjson::dom::element e, required(key));
    bool v = false;
    if (e.get_bool().get(v) != simdjson::SUCCESS) return bad(key, "expected true or false");
    return v;
}

Result<bool> JsonFields::optional_boolean(std::string_view key, bool fallback) const {
    if (!present(key)) return fallback;
    return boolean(key);
}

Result<simdjson::dom::object> JsonFields::sub_object(std::string_view key) const {
    MP_TRY_ASSIGN(simdjson::dom::element e, required(key));
    simdjson::dom::object out;
    if (e.get_object().get(out) != simdjson::SUCCESS) return bad(key, "expected an object");
    return out;
}

Result<simdjson::dom::array> JsonFields::sub_array(std::string_view key) const {
    MP_TRY_ASSIGN(simdjson::dom::element e, required(key));
    simdjson::dom::array out;
    if (e.get_array().get(out) != simdjson::SUCCESS) return bad(key, "expected an array");
    return out;
}

}  // namespace meshproof
