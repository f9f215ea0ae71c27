#include "engine/tagfile/object_view.h"

#include <bit>
#include <cstring>
#include <limits>
#include <string>

namespace meshproof::tagfile {

namespace {

const Error& empty_view_error() {
    static const Error e = make_error(ErrorCode::kBadObject, 0, "empty object view");
    return e;
}

// A FieldRef applies to `type` when it was resolved on it or a base, or when `type` declares
// the same member at the same place (a typedef twin of the record).
bool field_ref_applies(const TypeTable& types, std::uint32_t type, const FieldRef& ref) {
    if (types.is_a(type, ref.record_type)) return true;
    const Member* m = types.member(type, ref.name);
    return m && m->offset == ref.offset && m->type == ref.type;
}

std::uint64_t load_uint(const std::uint8_t* p, std::size_t width, bool big_endian) {
    std::uint64_t v = 0;
    if (big_endian) {
        for (std::size_t i = 0; i < width; ++i) v = (v << 8) | p[i];
    } else {
        for (std::size_t i = width; i-- > 0;) v = (v << 8) | p[i];
    }
    return v;
}

}  // namespace

ObjectView ObjectView::with_error(const Tagfile* tf, Error error) {
    ObjectView v;
    v.tf_ = tf;
    v.offset_ =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(error.offset, std::numeric_limits<std::uint32_t>::max()));
    v.error_ = std::make_shared<const Error>(std::move(error));
    return v;
}

Error ObjectView::make(ErrorCode code, std::string message) const {
    if (tf_ && type_ != 0) message += " (in " + std::string(tf_->types().full_name(type_)) + ")";
    return make_error(code, offset_, std::move(message));
}

ObjectView ObjectView::fail(ErrorCode code, std::string message) const {
    return with_error(tf_, make(code, std::move(message)));
}

const Error& ObjectView::error() const {
    if (error_) return *error_;
    return empty_view_error();
}

Status ObjectView::status() const {
    if (ok()) return ok_status();
    return error();
}

ObjectView ObjectView::item(const Tagfile& tf, std::uint32_t index) {
    if (index == 0 || index >= tf.item_count())
        return with_error(
            &tf, make_error(ErrorCode::kOutOfBounds, 0, "item index " + std::to_string(index) + " out of range"));
    const Item it = tf.item(index);
    if (it.kind != ItemKind::kObject)
        return with_error(
            &tf, make_error(ErrorCode::kBadObject, it.offset, "item " + std::to_string(index) + " is not an object"));
    return ObjectView(tf, it.type, it.offset);  // extent validated by parse_tagfile
}

std::string_view ObjectView::type_name() const { return tf_ ? tf_->types().full_name(type_) : std::string_view(); }
TypeKind ObjectView::kind() const { return tf_ ? tf_->types().kind(type_) : TypeKind::kVoid; }
FormatWord ObjectView::format() const { return tf_ ? tf_->types().format(type_) : FormatWord{}; }
std::uint32_t ObjectView::size() const { return tf_ ? tf_->types().size(type_) : 0; }

bool ObjectView::is_a(std::string_view class_name) const {
    if (!ok()) return false;
    const TypeTable& types = tf_->types();
    for (std::uint32_t t = type_, steps = 0; t != 0 && steps <= types.type_count(); t = types.parent(t), ++steps)
        if (types.name(t) == class_name || types.full_name(t) == class_name) return true;
    return false;
}

Result<Bytes> ObjectView::bytes() const {
    if (!ok()) return error();
    const std::uint32_t n = size();
    if (!in_range(offset_, n, tf_->data().size())) return make(ErrorCode::kOutOfBounds, "object runs past DATA");
    return tf_->data().subspan(offset_, n);
}

ObjectView ObjectView::field(std::string_view name) const {
    if (!ok()) return *this;
    const TypeTable& types = tf_->types();
    const Member* m = types.member(type_, name);
    if (!m) return fail(ErrorCode::kMissingField, "no member " + std::string(name));
    return field(types.field_ref(type_, *m));
}

ObjectView ObjectView::field(const FieldRef& ref) const {
    if (!ok()) return *this;
    const TypeTable& types = tf_->types();
    if (ref.record_type != type_ && !field_ref_applies(types, type_, ref))
        return fail(ErrorCode::kBadObject, "member " + std::string(ref.name) + " belongs to another class");
    const std::uint64_t at = std::uint64_t{offset_} + ref.offset;
    if (!in_range(at, ref.size, tf_->data().size()))
        return fail(ErrorCode::kOutOfBounds, "member " + std::string(ref.name) + " runs past DATA");
    return ObjectView(*tf_, ref.type, static_cast<std::uint32_t>(at));
}

bool ObjectView::has_field(std::string_view name) const { return ok() && tf_->types().member(type_, name) != nullptr; }

ObjectView ObjectView::unwrap() const {
    ObjectView v = *this;
    // Wrappers nest shallowly (hkEnum<hkFlags<...>>); the bound stops hostile self-nesting.
    for (int depth = 0; depth < 8 && v.ok() && v.kind() == TypeKind::kRecord; ++depth) {
        const auto members = tf_->types().members(v.type_);
        if (members.size() != 1 || members[0].offset != 0) break;
        v = v.field(tf_->types().field_ref(v.type_, members[0]));
    }
    return v;
}

Result<std::uint64_t> ObjectView::read_int_bits(bool& is_signed) const {
    ObjectView v = unwrap();
    if (!v.ok()) return v.error();
    const FormatWord f = v.format();
    if (f.kind() != TypeKind::kInt && f.kind() != TypeKind::kBool)
        return v.make(ErrorCode::kBadObject, "not an integer (kind " + std::string(type_kind_name(f.kind())) + ")");
    const std::uint32_t bits = f.int_bits();
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
        return v.make(ErrorCode::kBadType, "integer width " + std::to_string(bits) + " bits");
    const std::size_t width = bits / 8;
    if (width > v.size()) return v.make(ErrorCode::kBadType, "integer wider than its type");
    if (!in_range(v.offset_, width, tf_->data().size())) return v.make(ErrorCode::kOutOfBounds, "integer past DATA");
    std::uint64_t raw = load_uint(tf_->data().data() + v.offset_, width, f.is_big_endian());
    is_signed = f.is_signed();
    if (is_signed && bits < 64 && (raw >> (bits - 1)) & 1) raw |= ~std::uint64_t{0} << bits;  // sign-extend
    return raw;
}

Result<std::uint64_t> ObjectView::as_u64() const {
    bool is_signed = false;
    MP_TRY_ASSIGN(std::uint64_t raw, read_int_bits(is_signed));
    if (is_signed && static_cast<std::int64_t>(raw) < 0)
        return make(ErrorCode::kBadObject, "negative value read as unsigned");
    return raw;
}

Result<std::int64_t> ObjectView::as_i64() const {
    bool is_signed = false;
    MP_TRY_ASSIGN(std::uint64_t raw, read_int_bits(is_signed));
    if (!is_signed && raw > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        return make(ErrorCode::kBadObject, "unsigned value above INT64_MAX");
    return static_cast<std::int64_t>(raw);
}

Result<bool> ObjectView::as_bool() const {
    bool is_signed = false;
    MP_TRY_ASSIGN(std::uint64_t raw, read_int_bits(is_signed));
    return raw != 0;
}

Result<double> ObjectView::as_f64() const {
    ObjectView v = unwrap();
    if (!v.ok()) return v.error();
    const FormatWord f = v.format();
    if (f.kind() != TypeKind::kFloat) return v.make(ErrorCode::kBadObject, "not a float");
    const std::uint32_t n = v.size();
    if (!in_range(v.offset_, n, tf_->data().size())) return v.make(ErrorCode::kOutOfBounds, "float past DATA");
    const std::uint8_t* p = tf_->data().data() + v.offset_;
    const std::uint32_t mantissa = f.float_mantissa_bits();
    if (mantissa == 23 && n == 4) return static_cast<double>(load_le<float>(p));
    if (mantissa == 52 && n == 8) return load_le<double>(p);
    // hkHalf16: the upper 16 bits of an f32 (§5.6).
    if (mantissa == 7 && n == 2)
        return static_cast<double>(std::bit_cast<float>(std::uint32_t{load_le<std::uint16_t>(p)} << 16));
    return v.make(ErrorCode::kUnsupported,
                  "float with " + std::to_string(mantissa) + " mantissa bits in " + std::to_string(n) + " bytes");
}

Result<float> ObjectView::as_f32() const {
    ObjectView v = unwrap();
    if (v.ok() && v.format().float_mantissa_bits() == 23 && v.size() == 4 && v.kind() == TypeKind::kFloat &&
        in_range(v.offset_, 4, tf_->data().size()))
        return load_le<float>(tf_->data().data() + v.offset_);  // exact bits, no round trip
    MP_TRY_ASSIGN(double d, as_f64());
    return static_cast<float>(d);
}

Result<std::string_view> ObjectView::as_string() const {
    ObjectView v = unwrap();
    if (!v.ok()) return v.error();
    const FormatWord f = v.format();
    if (f.kind() != TypeKind::kString) return v.make(ErrorCode::kBadObject, "not a string");
    const Bytes data = tf_->data();
    const auto text = [](Bytes b) {
        std::string_view s(reinterpret_cast<const char*>(b.data()), b.size());
        const auto nul = s.find('\0');
        return nul == std::string_view::npos ? s : s.substr(0, nul);
    };
    if (f.is_inline_string()) {
        // §5.6: fixed inline buffer of (format >> 16) bytes, NUL-padded.
        const std::uint32_t length = f.inline_string_length();
        if (length > v.size()) return v.make(ErrorCode::kBadType, "inline string longer than its type");
        if (!in_range(v.offset_, length, data.size())) return v.make(ErrorCode::kOutOfBounds, "string past DATA");
        return text(data.subspan(v.offset_, length));
    }
    MP_TRY_ASSIGN(std::uint32_t index, v.item_index());
    if (index == 0) return std::string_view();
    const Item it = tf_->item(index);
    // §5.7: string contents are an array item of `char`, count including the NUL.
    if (it.kind != ItemKind::kArray || tf_->types().size(it.type) != 1)
        return v.make(ErrorCode::kBadObject,
                      "string refers to item " + std::to_string(index) + " which is not a char array");
    return text(data.subspan(it.offset, it.count));  // extent validated by parse_tagfile
}

Result<std::uint32_t> ObjectView::item_index() const {
    ObjectView v = unwrap();
    if (!v.ok()) return v.error();
    const FormatWord f = v.format();
    const bool reference = f.kind() == TypeKind::kPointer || (f.kind() == TypeKind::kString && !f.is_inline_string()) ||
                           (f.kind() == TypeKind::kArray && !f.is_inline_array());
    if (!reference) return v.make(ErrorCode::kBadObject, "not a reference field");
    // §5.8: pointers and hkArray::m_data hold the ITEM index in their low u32; hkRelArray is 4 bytes.
    if (v.size() < 4 || !in_range(v.offset_, 4, tf_->data().size()))
        return v.make(ErrorCode::kOutOfBounds, "reference field past DATA");
    const std::uint32_t index = load_le<std::uint32_t>(tf_->data().data() + v.offset_);
    if (index >= tf_->item_count())
        return v.make(ErrorCode::kOutOfBounds, "item index " + std::to_string(index) + " out of range");
    return index;
}

Result<bool> ObjectView::is_null() const {
    MP_TRY_ASSIGN(std::uint32_t index, item_index());
    return index == 0;
}

ObjectView ObjectView::deref() const {
    if (!ok()) return *this;
    if (unwrap().kind() != TypeKind::kPointer) return fail(ErrorCode::kBadObject, "deref of a non-pointer");
    auto index = item_index();
    if (!index.ok()) return with_error(tf_, index.error());
    if (*index == 0) return fail(ErrorCode::kBadObject, "null pointer");
    const Item it = tf_->item(*index);
    if (it.kind != ItemKind::kObject)
        return fail(ErrorCode::kBadObject, "pointer to item " + std::to_string(*index) + " which is not an object");
    return ObjectView(*tf_, it.type, it.offset);
}

Result<ArrayView> ObjectView::array() const {
    ObjectView v = unwrap();
    if (!v.ok()) return v.error();
    const TypeTable& types = tf_->types();
    const FormatWord f = v.format();
    if (f.kind() != TypeKind::kArray) return v.make(ErrorCode::kBadObject, "not an array");
    if (f.is_inline_array()) {
        const std::uint32_t element = types.subtype(v.type_);
        const std::uint64_t count = f.inline_array_count();
        const std::uint64_t stride = types.size(element);
        if (count * stride > v.size()) return v.make(ErrorCode::kBadType, "inline array larger than its type");
        if (!in_range(v.offset_, count * stride, tf_->data().size()))
            return v.make(ErrorCode::kOutOfBounds, "inline array past DATA");
        return ArrayView(*tf_, element, v.offset_, static_cast<std::uint32_t>(count),
                         static_cast<std::uint32_t>(stride), 0);
    }
    MP_TRY_ASSIGN(std::uint32_t index, v.item_index());
    if (index == 0) {
        const std::uint32_t element = types.subtype(v.type_);
        return ArrayView(*tf_, element, 0, 0, types.size(element), 0);
    }
    const Item it = tf_->item(index);
    if (it.kind != ItemKind::kArray)
        return v.make(ErrorCode::kBadObject,
                      "array refers to item " + std::to_string(index) + " which is not an array item");
    // §5.7: the array item's type is the element type; its size is the stride (padding exists).
    // parse_tagfile checked offset + count × size inside DATA.
    return ArrayView(*tf_, it.type, it.offset, it.count, types.size(it.type), index);
}

Status ObjectView::check_field_ref(const FieldRef& ref, std::size_t width) const {
    if (!ok()) return error();
    if (ref.size != width)
        return make(ErrorCode::kBadObject, "member " + std::string(ref.name) + " is " + std::to_string(ref.size) +
                                               " bytes, read as " + std::to_string(width));
    if (ref.format.kind() != TypeKind::kFloat && ref.format.is_big_endian())
        return make(ErrorCode::kUnsupported, "big-endian member " + std::string(ref.name));
    if (ref.record_type != type_ && !field_ref_applies(tf_->types(), type_, ref))
        return make(ErrorCode::kBadObject, "member " + std::string(ref.name) + " belongs to another class");
    if (!in_range(std::uint64_t{offset_} + ref.offset, width, tf_->data().size()))
        return make(ErrorCode::kOutOfBounds, "member " + std::string(ref.name) + " past DATA");
    return ok_status();
}

// ---- ArrayView ------------------------------------------------------------------------------

std::string_view ArrayView::element_type_name() const { return tf_ ? tf_->types().full_name(element_type_) : ""; }

ObjectView ArrayView::at(std::size_t i) const {
    if (!tf_ || i >= count_)
        return ObjectView::with_error(
            tf_, make_error(ErrorCode::kOutOfBounds, offset_,
                            "array index " + std::to_string(i) + " >= count " + std::to_string(count_)));
    return ObjectView(*tf_, element_type_, static_cast<std::uint32_t>(offset_ + i * stride_));
}

Bytes ArrayView::raw() const {
    if (!tf_ || count_ == 0) return {};
    return tf_->data().subspan(offset_, std::size_t{count_} * stride_);
}

Status ArrayView::check_column(const FieldRef& ref, std::size_t width, bool floating) const {
    if (!tf_) return make_error(ErrorCode::kBadObject, 0, "empty array view");
    const auto err = [&](ErrorCode code, std::string msg) {
        return make_error(code, offset_,
                          msg + " (column " + std::string(ref.name) + " of " +
                              std::string(tf_->types().full_name(element_type_)) + ")");
    };
    if (ref.size != width)
        return err(ErrorCode::kBadObject,
                   "member is " + std::to_string(ref.size) + " bytes, read as " + std::to_string(width));
    if (floating != (ref.format.kind() == TypeKind::kFloat)) return err(ErrorCode::kBadObject, "wrong scalar kind");
    if (!floating && ref.format.is_big_endian()) return err(ErrorCode::kUnsupported, "big-endian member");
    if (ref.record_type != element_type_ && !field_ref_applies(tf_->types(), element_type_, ref))
        return err(ErrorCode::kBadObject, "member belongs to another class");
    if (std::uint64_t{ref.offset} + width > stride_)
        return err(ErrorCode::kBadType, "member lies outside the element stride");
    return ok_status();  // the elements' range was checked when the view was made
}

}  // namespace meshproof::tagfile
