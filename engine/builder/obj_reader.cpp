// See obj_reader.h. One pass over the bytes, line by line; every field is parsed where it stands
// (std::from_chars: exact, locale-free), every index resolved against the vertices read so far.
#include "engine/builder/obj_reader.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <optional>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

namespace meshproof::builder {

namespace {

// Vertices and rows are numbered with 32 bits downstream; 0xFFFFFFFF is the "none" marker.
constexpr std::uint64_t kMaxCount = 0xFFFFFFFEu;
constexpr std::size_t kMaxVertexNumbers = 7;  // x y z [w] or x y z r g b (the colour extension)

bool is_blank(std::uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// A field: [begin, end) offsets into the text.
struct Field {
    std::size_t begin = 0, end = 0;
    std::size_t size() const { return end - begin; }
};

// A name table: names in the order rows first use them. The statement that sets a name only
// records it; the first row after it interns it, so a name no row uses never reaches the table.
class NameTable {
public:
    explicit NameTable(std::vector<std::string>& names, std::vector<TextPosition>* positions = nullptr)
        : names_(names), positions_(positions) {}

    void set(std::string_view name, TextPosition at = {}) {
        pending_.assign(name);
        pending_at_ = at;
        has_name_ = !name.empty();
        index_ = kUnresolved;
    }
    std::uint32_t current() {
        if (!has_name_) return kNoObjName;
        if (index_ == kUnresolved) {
            auto [it, inserted] = index_of_.try_emplace(pending_, static_cast<std::uint32_t>(names_.size()));
            if (inserted) {
                names_.push_back(pending_);
                if (positions_) positions_->push_back(pending_at_);
            }
            index_ = it->second;
        }
        return index_;
    }

private:
    static constexpr std::uint32_t kUnresolved = 0xFFFFFFFEu;  // never a table index: names ≤ rows ≤ kMaxCount
    std::vector<std::string>& names_;
    std::vector<TextPosition>* positions_;
    TextPosition pending_at_;
    std::unordered_map<std::string, std::uint32_t> index_of_;
    std::string pending_;
    bool has_name_ = false;
    std::uint32_t index_ = kUnresolved;
};

class ObjParser {
public:
    ObjParser(Bytes text, const ObjReadOptions& options)
        : text_(text),
          scale_(options.scale),
          materials_(mesh_.material_names, &mesh_.material_name_at),
          objects_(mesh_.object_names),
          groups_(mesh_.group_names) {}

    Result<ObjMesh> run() {
        // A UTF-8 byte order mark (Windows editors write one) is not part of the first statement.
        // Columns still count its bytes, as text_position does.
        std::size_t pos = text_.size() >= 3 && text_[0] == 0xEF && text_[1] == 0xBB && text_[2] == 0xBF ? 3 : 0;
        std::size_t line_start = 0;
        while (pos < text_.size()) {
            const void* nl = std::memchr(text_.data() + pos, '\n', text_.size() - pos);
            const std::size_t line_end =
                nl ? static_cast<std::size_t>(static_cast<const std::uint8_t*>(nl) - text_.data()) : text_.size();
            line_begin_ = line_start;
            // A comment runs from `#` to the end of the line.
            const void* hash = std::memchr(text_.data() + pos, '#', line_end - pos);
            end_ = hash ? static_cast<std::size_t>(static_cast<const std::uint8_t*>(hash) - text_.data()) : line_end;
            cursor_ = pos;
            if (auto error = statement()) return std::move(*error);
            pos = line_end + 1;
            line_start = pos;
            ++line_;
        }
        if (mesh_.rows.empty()) {
            // Point at the end of the text.
            const TextPosition at = text_position(text_, text_.size());
            return make_error(
                ErrorCode::kMissingField, text_.size(),
                fmt::format("{}:{}: no faces: the file holds no `f` statement, so there is no mesh to build", at.line,
                            at.column));
        }
        return std::move(mesh_);
    }

private:
    std::optional<Error> fail(ErrorCode code, std::size_t offset, std::string_view what) const {
        return make_error(code, offset, fmt::format("{}:{}: {}", line_, offset - line_begin_ + 1, what));
    }

    std::string_view view(Field f) const { return {reinterpret_cast<const char*>(text_.data()) + f.begin, f.size()}; }

    // The next whitespace-separated field of the line; false at its end.
    bool next_field(Field& f) {
        while (cursor_ < end_ && is_blank(text_[cursor_])) ++cursor_;
        if (cursor_ == end_) return false;
        f.begin = cursor_;
        while (cursor_ < end_ && !is_blank(text_[cursor_])) ++cursor_;
        f.end = cursor_;
        return true;
    }

    // The rest of the line, blanks trimmed at both ends (names may hold spaces).
    Field rest_of_line() {
        std::size_t b = cursor_, e = end_;
        while (b < e && is_blank(text_[b])) ++b;
        while (e > b && is_blank(text_[e - 1])) --e;
        cursor_ = end_;
        return {b, e};
    }

    std::optional<Error> statement() {
        Field keyword;
        if (!next_field(keyword)) return std::nullopt;  // blank or comment-only line
        const std::string_view k = view(keyword);
        if (k == "v") return vertex(keyword);
        if (k == "f") return face(keyword);
        if (k == "o") {
            objects_.set(view(rest_of_line()));
            return std::nullopt;
        }
        if (k == "g") {
            groups_.set(view(rest_of_line()));
            return std::nullopt;
        }
        if (k == "usemtl") {
            const Field name = rest_of_line();
            materials_.set(view(name), TextPosition{line_, name.begin - line_begin_ + 1});
            return std::nullopt;
        }
        if (k == "vt" || k == "vn" || k == "vp" || k == "s" || k == "mtllib" || k == "l" || k == "p") {
            ++mesh_.ignored_statements;
            return std::nullopt;
        }
        if (mesh_.unknown_statements++ == 0) {
            mesh_.first_unknown_line = line_;
            mesh_.first_unknown_keyword.assign(k.substr(0, 64));  // a binary line is not worth echoing whole
        }
        return std::nullopt;
    }

    // A float field, whole (from_chars takes no leading '+', which strtod-based writers may put).
    std::optional<Error> parse_float(Field f, float& out) const {
        const char* b = reinterpret_cast<const char*>(text_.data()) + f.begin;
        const char* e = b + f.size();
        if (e - b >= 2 && *b == '+' && b[1] != '-' && b[1] != '+') ++b;
        const auto [p, ec] = std::from_chars(b, e, out, std::chars_format::general);
        if (ec == std::errc::invalid_argument || p != e)
            return fail(ErrorCode::kBadHeader, f.begin, fmt::format("`{}` is not a number", view(f).substr(0, 64)));
        if (ec == std::errc::result_out_of_range)
            return fail(ErrorCode::kBadHeader, f.begin,
                        fmt::format("`{}` is outside the range of a float", view(f).substr(0, 64)));
        if (!std::isfinite(out))
            return fail(ErrorCode::kBadHeader, f.begin,
                        fmt::format("`{}` is not a finite number", view(f).substr(0, 64)));
        return std::nullopt;
    }

    // A position field times the scale: the file's number read as a double (the field is already
    // a valid float, so it reads), multiplied, rounded once to float.
    std::optional<Error> scale_position(Field f, float& out) const {
        const char* b = reinterpret_cast<const char*>(text_.data()) + f.begin;
        const char* e = b + f.size();
        if (e - b >= 2 && *b == '+') ++b;
        double read = 0;
        static_cast<void>(std::from_chars(b, e, read, std::chars_format::general));
        const double scaled = read * scale_;
        out = static_cast<float>(scaled);
        if (!std::isfinite(out))
            return fail(ErrorCode::kLimit, f.begin,
                        fmt::format("`{}` times --scale {} is {:g}: wider than single precision holds, so the format's "
                                    "codecs cannot",
                                    view(f).substr(0, 64), scale_, scaled));
        return std::nullopt;
    }

    std::optional<Error> vertex(Field keyword) {
        float numbers[kMaxVertexNumbers] = {};
        std::size_t count = 0;
        Field f;
        while (next_field(f)) {
            if (count == kMaxVertexNumbers)
                return fail(ErrorCode::kBadHeader, f.begin,
                            "a vertex has at most 7 numbers (x y z, an optional w, or the colour r g b)");
            if (auto error = parse_float(f, numbers[count])) return error;
            if (count < 3 && scale_ != 1.0)
                if (auto error = scale_position(f, numbers[count])) return error;
            ++count;
        }
        if (count < 3)
            return fail(ErrorCode::kBadHeader, keyword.begin,
                        fmt::format("a vertex needs 3 coordinates, this one has {}", count));
        if (mesh_.x.size() >= kMaxCount) return fail(ErrorCode::kLimit, keyword.begin, "more than 2^32 - 2 vertices");
        mesh_.x.push_back(numbers[0]);
        mesh_.y.push_back(numbers[1]);
        mesh_.z.push_back(numbers[2]);
        return std::nullopt;
    }

    // An integer field [b, e) (a leading '+' allowed, as for the numbers).
    std::optional<Error> parse_integer(std::size_t b, std::size_t e, std::int64_t& out) const {
        const char* first = reinterpret_cast<const char*>(text_.data()) + b;
        const char* last = reinterpret_cast<const char*>(text_.data()) + e;
        if (last - first >= 2 && *first == '+' && first[1] != '-' && first[1] != '+') ++first;
        const auto [p, ec] = std::from_chars(first, last, out);
        if (ec == std::errc::invalid_argument || p != last)
            return fail(ErrorCode::kBadHeader, b, fmt::format("`{}` is not an index", view({b, e}).substr(0, 64)));
        if (ec == std::errc::result_out_of_range)
            return fail(ErrorCode::kOutOfBounds, b,
                        fmt::format("index {} is out of range: {} vertices are defined above this line",
                                    view({b, e}).substr(0, 64), mesh_.x.size()));
        return std::nullopt;
    }

    // One corner: v, v/vt, v//vn or v/vt/vn. Only v is used; vt and vn are checked for form.
    std::optional<Error> corner(Field f, std::uint32_t& vertex) const {
        std::size_t slash[2];
        std::size_t slashes = 0;
        for (std::size_t i = f.begin; i < f.end; ++i) {
            if (text_[i] != '/') continue;
            if (slashes == 2)
                return fail(ErrorCode::kBadHeader, i,
                            "a face corner is v, v/vt, v//vn or v/vt/vn (one slash too many)");
            slash[slashes++] = i;
        }
        const std::size_t v_end = slashes > 0 ? slash[0] : f.end;
        if (v_end == f.begin)
            return fail(ErrorCode::kBadHeader, f.begin, "a face corner must begin with its vertex index");
        std::int64_t index = 0;
        if (auto error = parse_integer(f.begin, v_end, index)) return error;
        if (slashes >= 1) {
            const std::size_t vt_end = slashes == 2 ? slash[1] : f.end;
            if (vt_end > slash[0] + 1) {
                std::int64_t unused = 0;
                if (auto error = parse_integer(slash[0] + 1, vt_end, unused)) return error;
            } else if (slashes == 1) {
                return fail(ErrorCode::kBadHeader, slash[0],
                            "a face corner is v, v/vt, v//vn or v/vt/vn (nothing after the slash)");
            }
            if (slashes == 2) {
                if (f.end == slash[1] + 1)
                    return fail(ErrorCode::kBadHeader, slash[1],
                                "a face corner is v, v/vt, v//vn or v/vt/vn (nothing after the slash)");
                std::int64_t unused = 0;
                if (auto error = parse_integer(slash[1] + 1, f.end, unused)) return error;
            }
        }
        const auto defined = static_cast<std::int64_t>(mesh_.x.size());  // ≤ kMaxCount: no overflow below
        if (index == 0)
            return fail(ErrorCode::kOutOfBounds, f.begin,
                        "index 0: OBJ vertex indices start at 1 (or count back from -1)");
        if (index > defined || index < -defined)
            return fail(ErrorCode::kOutOfBounds, f.begin,
                        fmt::format("vertex index {} is out of range: {} vertices are defined above this line", index,
                                    defined));
        vertex = static_cast<std::uint32_t>(index > 0 ? index - 1 : defined + index);
        return std::nullopt;
    }

    std::optional<Error> face(Field keyword) {
        corners_.clear();
        Field f;
        while (next_field(f)) {
            std::uint32_t v = 0;
            if (auto error = corner(f, v)) return error;
            corners_.push_back(v);
        }
        if (corners_.size() < 3)
            return fail(ErrorCode::kBadHeader, keyword.begin,
                        fmt::format("a face needs at least 3 corners, this one has {}", corners_.size()));
        const std::uint64_t triangles = corners_.size() - 2;
        if (triangles > kMaxCount - mesh_.rows.size())
            return fail(ErrorCode::kLimit, keyword.begin, "more than 2^32 - 2 triangles");
        ++mesh_.faces;
        const std::uint32_t material = materials_.current();
        const std::uint32_t object = objects_.current();
        const std::uint32_t group = groups_.current();
        // The fan from the first corner (obj_reader.h: the order the quad pairing recognises).
        for (std::size_t i = 1; i + 1 < corners_.size(); ++i) {
            mesh_.rows.push_back({corners_[0], corners_[i], corners_[i + 1]});
            mesh_.row_material.push_back(material);
            mesh_.row_object.push_back(object);
            mesh_.row_group.push_back(group);
            mesh_.row_line.push_back(line_);
        }
        return std::nullopt;
    }

    Bytes text_;
    double scale_;
    ObjMesh mesh_;
    NameTable materials_, objects_, groups_;
    std::vector<std::uint32_t> corners_;
    std::uint64_t line_ = 1;
    std::size_t line_begin_ = 0, end_ = 0, cursor_ = 0;
};

}  // namespace

Result<ObjMesh> read_obj(Bytes text, const ObjReadOptions& options) { return ObjParser(text, options).run(); }

TextPosition text_position(Bytes text, std::uint64_t offset) {
    TextPosition at;
    const std::size_t end = offset < text.size() ? static_cast<std::size_t>(offset) : text.size();
    std::size_t line_begin = 0;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++at.line;
            line_begin = i + 1;
        }
    }
    at.column = end - line_begin + 1;
    return at;
}

}  // namespace meshproof::builder
