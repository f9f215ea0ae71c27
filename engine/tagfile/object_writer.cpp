#include "engine/tagfile/object_writer.h"

#include <bit>
#include <limits>
#include <string>
#include <fmt/format.h>

namespace meshproof::tagfile {

namespace {

std::string_view first_component(std::string_view path, std::string_view& rest) {
    const auto dot = path.find('.');
    if (dot == std::string_view::npos) {
        rest = {};
        return path;
    }
    rest = path.substr(dot + 1);
    return path.substr(0, dot);
}

bool is_reference_format(FormatWord f) {
    return f.kind() == TypeKind::kPointer || (f.kind() == TypeKind::kString && !f.is_inline_string()) ||
           (f.kind() == TypeKind::kArray && !f.is_inline_array());
}

}  // namespace

// ---- ObjectWriter -----------------------------------------------------------------------

ObjectWriter::ObjectWriter(std::shared_ptr<const TypeTable> types) : types_(std::move(types)) {
    nodes_.emplace_back();  // NodeId 0 = none
}

Status ObjectWriter::status() const {
    if (error_) return *error_;
    return ok_status();
}

void ObjectWriter::fail(ErrorCode code, std::string message) {
    if (!error_) error_ = make_error(code, 0, std::move(message));
}

NodeId ObjectWriter::add_node(Node node) {
    nodes_.push_back(std::move(node));
    return NodeId{static_cast<std::uint32_t>(nodes_.size() - 1)};
}

RecordWriter ObjectWriter::new_object(std::uint32_t type) {
    if (!types_->is_valid(type) || types_->kind(type) == TypeKind::kVoid) {
        fail(ErrorCode::kBadType, "new_object: type index " + std::to_string(type) + " is not a class");
        return {};
    }
    Node n;
    n.kind = NodeKind::kObject;
    n.type = type;
    n.bytes.assign(types_->size(type), 0);
    const NodeId id = add_node(std::move(n));
    return RecordWriter(this, id, 0, type);
}

RecordWriter ObjectWriter::new_object(std::string_view class_name) {
    const auto type = types_->find_type(class_name);
    if (!type) {
        fail(ErrorCode::kBadType, "new_object: no type " + std::string(class_name));
        return {};
    }
    return new_object(*type);
}

ArrayWriter ObjectWriter::new_array(std::uint32_t element_type, std::size_t count) {
    const std::uint32_t stride = types_->size(element_type);
    if (!types_->is_valid(element_type) || stride == 0) {
        fail(ErrorCode::kBadType, "new_array: element type " + std::to_string(element_type) + " has no size");
        return {};
    }
    if (count > std::numeric_limits<std::uint32_t>::max() / stride) {
        fail(ErrorCode::kOutOfBounds, "new_array: " + std::to_string(count) + " elements do not fit a tagfile");
        return {};
    }
    Node n;
    n.kind = NodeKind::kArray;
    n.type = element_type;
    n.count = static_cast<std::uint32_t>(count);
    n.bytes.assign(count * stride, 0);
    const NodeId id = add_node(std::move(n));
    return ArrayWriter(this, id, element_type, count, stride);
}

ArrayWriter ObjectWriter::new_array(std::string_view element_type_name, std::size_t count) {
    const auto type = types_->find_type(element_type_name);
    if (!type) {
        fail(ErrorCode::kBadType, "new_array: no type " + std::string(element_type_name));
        return {};
    }
    return new_array(*type, count);
}

ArrayWriter ObjectWriter::new_string(std::string_view text) {
    const auto type = types_->find_type("char");
    if (!type) {
        fail(ErrorCode::kBadType, "new_string: the type table has no char");
        return {};
    }
    ArrayWriter a = new_array(*type, text.size() + 1);
    if (!a.ok()) return a;
    std::memcpy(a.raw().data(), text.data(), text.size());
    nodes_[a.node().value].is_string = true;
    return a;
}

std::optional<ObjectWriter::Resolved> ObjectWriter::resolve(std::uint32_t record_type, std::string_view path) {
    Resolved r{0, record_type};
    if (path.empty()) return r;  // the record itself (e.g. an hkRefPtr array element)
    std::string_view rest = path;
    while (true) {
        const std::string_view name = first_component(rest, rest);
        const Member* m = types_->member(r.type, name);
        if (!m) {
            fail(ErrorCode::kMissingField,
                 "type " + std::string(types_->full_name(record_type)) + " has no member " + std::string(path));
            return std::nullopt;
        }
        r.offset += m->offset;
        r.type = m->type;
        if (rest.empty()) return r;
    }
}

std::uint32_t ObjectWriter::unwrap(std::uint32_t type, std::uint32_t& offset) const {
    // hkEnum, hkFlags, hkBool carry the storage's format themselves; records such as
    // hknpBodyId or hkHandle wrap one scalar member at offset 0 (as ObjectView::unwrap).
    for (int depth = 0; depth < 8 && types_->kind(type) == TypeKind::kRecord; ++depth) {
        const auto members = types_->members(type);
        if (members.size() != 1 || members[0].offset != 0) break;
        offset += members[0].offset;
        type = members[0].type;
    }
    return type;
}

void ObjectWriter::write_integer(NodeId node, std::uint32_t offset, std::string_view path, std::uint32_t record_type,
                                 std::uint64_t bits, bool negative) {
    auto r = resolve(record_type, path);
    if (!r) return;
    std::uint32_t at = offset + r->offset;
    const std::uint32_t type = unwrap(r->type, at);
    const FormatWord f = types_->format(type);
    if (f.kind() != TypeKind::kInt && f.kind() != TypeKind::kBool) {
        fail(ErrorCode::kBadObject, "member " + std::string(path) + " is not an integer");
        return;
    }
    const std::uint32_t width_bits = f.int_bits();
    if ((width_bits != 8 && width_bits != 16 && width_bits != 32 && width_bits != 64) ||
        width_bits / 8 > types_->size(type)) {
        fail(ErrorCode::kBadType,
             "member " + std::string(path) + " has an integer width of " + std::to_string(width_bits));
        return;
    }
    bool fits = true;
    if (f.is_signed()) {
        const std::int64_t v = static_cast<std::int64_t>(bits);
        if (!negative && bits > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) fits = false;
        if (width_bits < 64) {
            const std::int64_t lo = -(std::int64_t{1} << (width_bits - 1));
            const std::int64_t hi = (std::int64_t{1} << (width_bits - 1)) - 1;
            fits = fits && v >= lo && v <= hi;
        }
    } else {
        fits = !negative && (width_bits == 64 || bits < (std::uint64_t{1} << width_bits));
    }
    if (!fits) {
        fail(ErrorCode::kOutOfBounds,
             "value does not fit member " + std::string(path) + " (" + std::to_string(width_bits) + " bits)");
        return;
    }
    if (f.is_big_endian()) {
        fail(ErrorCode::kUnsupported, "big-endian member " + std::string(path));
        return;
    }
    std::uint8_t* p = this->at(node, at);
    for (std::uint32_t i = 0; i < width_bits / 8; ++i) p[i] = static_cast<std::uint8_t>(bits >> (8 * i));
}

void ObjectWriter::add_ref(NodeId node, std::uint32_t offset, std::uint32_t field_type, NodeId target,
                           std::string_view path) {
    if (target.value == 0 || target.value >= nodes_.size()) {
        fail(ErrorCode::kBadObject, "reference " + std::string(path) + " to an invalid node");
        return;
    }
    const FormatWord f = types_->format(field_type);
    if (!is_reference_format(f)) {
        fail(ErrorCode::kBadObject, "member " + std::string(path) + " is not a reference field");
        return;
    }
    Node& t = nodes_[target.value];
    if (f.kind() == TypeKind::kPointer && t.kind != NodeKind::kObject) {
        fail(ErrorCode::kBadObject, "pointer " + std::string(path) + " must refer to an object");
        return;
    }
    if (f.kind() == TypeKind::kArray && t.kind != NodeKind::kArray) {
        fail(ErrorCode::kBadObject, "array " + std::string(path) + " must refer to an array");
        return;
    }
    if (f.kind() == TypeKind::kString) {
        if (t.kind != NodeKind::kArray || types_->size(t.type) != 1) {
            fail(ErrorCode::kBadObject, "string " + std::string(path) + " must refer to a char array");
            return;
        }
        t.is_string = true;
    }
    const std::uint32_t size = types_->size(field_type);
    if (size < 4 || offset + std::uint64_t{size} > nodes_[node.value].bytes.size()) {
        fail(ErrorCode::kBadObject, "reference " + std::string(path) + " lies outside its node");
        return;
    }
    nodes_[node.value].refs.push_back(Ref{offset, field_type, target});
}

// ---- RecordWriter ---------------------------------------------------------------------

RecordWriter RecordWriter::field(std::string_view path) const {
    if (!w_) return {};
    auto r = w_->resolve(type_, path);
    if (!r) return {};
    return RecordWriter(w_, node_, offset_ + r->offset, r->type);
}

void RecordWriter::set_int(std::string_view path, std::int64_t value) const {
    if (w_) w_->write_integer(node_, offset_, path, type_, static_cast<std::uint64_t>(value), value < 0);
}

void RecordWriter::set_uint(std::string_view path, std::uint64_t value) const {
    if (w_) w_->write_integer(node_, offset_, path, type_, value, false);
}

void RecordWriter::set_bool(std::string_view path, bool value) const { set_uint(path, value ? 1 : 0); }

void RecordWriter::set_f32(std::string_view path, float value) const {
    if (!w_) return;
    auto r = w_->resolve(type_, path);
    if (!r) return;
    std::uint32_t at = offset_ + r->offset;
    const std::uint32_t type = w_->unwrap(r->type, at);
    const TypeTable& types = w_->types();
    const FormatWord f = types.format(type);
    const std::uint32_t size = types.size(type);
    std::uint8_t* p = w_->at(node_, at);
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    if (f.kind() == TypeKind::kFloat && f.float_mantissa_bits() == 23 && size == 4) {
        std::memcpy(p, &value, 4);
    } else if (f.kind() == TypeKind::kFloat && f.float_mantissa_bits() == 7 && size == 2) {
        const auto half = static_cast<std::uint16_t>(bits >> 16);
        std::memcpy(p, &half, 2);
    } else {
        w_->fail(ErrorCode::kBadObject, "member " + std::string(path) + " is not an f32 or hkHalf16");
    }
}

void RecordWriter::set_floats(std::string_view path, std::span<const float> values) const {
    if (!w_) return;
    auto r = w_->resolve(type_, path);
    if (!r) return;
    const TypeTable& types = w_->types();
    const FormatWord f = types.format(r->type);
    const std::uint32_t element = types.subtype(r->type);
    const bool float_array = f.kind() == TypeKind::kArray && f.is_inline_array() &&
                             types.kind(element) == TypeKind::kFloat && types.size(element) == 4 &&
                             types.format(element).float_mantissa_bits() == 23;
    const std::size_t capacity = float_array ? f.inline_array_count() : 0;
    if (!float_array || values.size() > capacity || capacity * 4 > types.size(r->type)) {
        w_->fail(ErrorCode::kBadObject, "member " + std::string(path) + " is not an inline array of " +
                                            std::to_string(values.size()) + " or more f32");
        return;
    }
    std::memcpy(w_->at(node_, offset_ + r->offset), values.data(), values.size() * 4);
}

void RecordWriter::set_bytes(std::string_view path, std::span<const std::uint8_t> bytes) const {
    if (!w_) return;
    auto r = w_->resolve(type_, path);
    if (!r) return;
    if (bytes.size() > w_->types().size(r->type)) {
        w_->fail(ErrorCode::kOutOfBounds,
                 std::to_string(bytes.size()) + " bytes do not fit member " + std::string(path));
        return;
    }
    if (!bytes.empty()) std::memcpy(w_->at(node_, offset_ + r->offset), bytes.data(), bytes.size());
}

void RecordWriter::set_ref(std::string_view path, const RecordWriter& object) const {
    if (!w_) return;
    if (!object.ok() || object.offset_ != 0 || w_->node(object.node_).kind != ObjectWriter::NodeKind::kObject) {
        w_->fail(ErrorCode::kBadObject, "set_ref " + std::string(path) + ": the target is not an object");
        return;
    }
    auto r = w_->resolve(type_, path);
    if (!r) return;
    const TypeTable& types = w_->types();
    const std::uint32_t pointee = types.subtype(r->type);
    if (types.kind(r->type) == TypeKind::kPointer && pointee != 0 && !types.is_a(object.type_, pointee)) {
        w_->fail(ErrorCode::kBadObject, "set_ref " + std::string(path) + ": " +
                                            std::string(types.full_name(object.type_)) + " is not a " +
                                            std::string(types.full_name(pointee)));
        return;
    }
    w_->add_ref(node_, offset_ + r->offset, r->type, object.node_, path);
}

void RecordWriter::set_ref(std::string_view path, const ArrayWriter& array) const {
    if (!w_) return;
    if (!array.ok()) {
        w_->fail(ErrorCode::kBadObject, "set_ref " + std::string(path) + ": invalid array");
        return;
    }
    auto r = w_->resolve(type_, path);
    if (!r) return;
    const TypeTable& types = w_->types();
    const std::uint32_t element = types.subtype(r->type);
    if (types.kind(r->type) == TypeKind::kArray && element != 0 && !types.is_a(array.element_type(), element)) {
        w_->fail(ErrorCode::kBadObject, "set_ref " + std::string(path) + ": elements of " +
                                            std::string(types.full_name(array.element_type())) + " are not " +
                                            std::string(types.full_name(element)));
        return;
    }
    w_->add_ref(node_, offset_ + r->offset, r->type, array.node(), path);
}

void RecordWriter::set_string(std::string_view path, std::string_view text) const {
    if (!w_) return;
    const ArrayWriter s = w_->new_string(text);
    if (!s.ok()) return;
    auto r = w_->resolve(type_, path);
    if (!r) return;
    w_->add_ref(node_, offset_ + r->offset, r->type, s.node(), path);
}

void RecordWriter::set_ref_at(std::uint32_t offset, std::uint32_t field_type, NodeId target) const {
    if (w_) w_->add_ref(node_, offset_ + offset, field_type, target, fmt::format("@{}", offset));
}

std::span<std::uint8_t> RecordWriter::bytes() const {
    if (!w_) return {};
    return std::span<std::uint8_t>(w_->at(node_, offset_), w_->types().size(type_));
}

// ---- ArrayWriter ----------------------------------------------------------------------

RecordWriter ArrayWriter::at(std::size_t index) const {
    if (!w_) return {};
    if (index >= count_) {
        w_->fail(ErrorCode::kOutOfBounds,
                 "array element " + std::to_string(index) + " >= count " + std::to_string(count_));
        return {};
    }
    return RecordWriter(w_, node_, static_cast<std::uint32_t>(index * stride_), element_type_);
}

void ArrayWriter::set_ref(std::size_t index, const RecordWriter& object) const {
    const RecordWriter element = at(index);
    if (element.ok()) element.set_ref({}, object);
}

std::span<std::uint8_t> ArrayWriter::raw() const {
    if (!w_) return {};
    auto& bytes = w_->nodes_[node_.value].bytes;
    return std::span<std::uint8_t>(bytes.data(), bytes.size());
}

bool ArrayWriter::check_values(std::size_t width, std::size_t n, bool floating) const {
    if (!w_) return false;
    const TypeTable& types = w_->types();
    std::uint32_t offset = 0;
    const std::uint32_t scalar = w_->unwrap(element_type_, offset);
    const TypeKind kind = types.kind(scalar);
    const bool kind_ok = floating ? kind == TypeKind::kFloat : (kind == TypeKind::kInt || kind == TypeKind::kBool);
    if (n != count_ || width != stride_ || !kind_ok) {
        w_->fail(ErrorCode::kBadObject, "set_values: " + std::to_string(n) + " values of " + std::to_string(width) +
                                            " bytes for " + std::to_string(count_) + " elements of " +
                                            std::string(types.full_name(element_type_)));
        return false;
    }
    return true;
}

std::optional<std::uint32_t> ArrayWriter::check_column(std::string_view path, std::size_t width, std::size_t n,
                                                       bool floating) const {
    if (!w_) return std::nullopt;
    auto r = w_->resolve(element_type_, path);
    if (!r) return std::nullopt;
    const TypeTable& types = w_->types();
    std::uint32_t offset = r->offset;
    const std::uint32_t scalar = w_->unwrap(r->type, offset);
    const TypeKind kind = types.kind(scalar);
    const bool kind_ok = floating ? kind == TypeKind::kFloat : (kind == TypeKind::kInt || kind == TypeKind::kBool);
    if (n != count_ || types.size(scalar) != width || !kind_ok || offset + width > stride_) {
        w_->fail(ErrorCode::kBadObject, "set_column " + std::string(path) + ": " + std::to_string(n) + " values of " +
                                            std::to_string(width) + " bytes do not fit " + std::to_string(count_) +
                                            " elements of " + std::string(types.full_name(element_type_)));
        return std::nullopt;
    }
    return offset;
}

void ArrayWriter::copy_strided(std::uint32_t offset, std::size_t width, const void* values, std::size_t n) const {
    std::uint8_t* out = w_->nodes_[node_.value].bytes.data() + offset;
    const auto* in = static_cast<const std::uint8_t*>(values);
    if (width == stride_) {
        if (n) std::memcpy(out, in, n * width);
        return;
    }
    for (std::size_t i = 0; i < n; ++i) std::memcpy(out + i * stride_, in + i * width, width);
}

}  // namespace meshproof::tagfile
