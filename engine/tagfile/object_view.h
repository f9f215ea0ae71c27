// Typed views over a tagfile's DATA (spec containers-and-tagfiles.md §5.7, §5.8).
//
// ObjectView is a small value handle {tagfile, type index, DATA offset}. Navigation returns a
// view, so chains read naturally; a failed step yields a view that carries the error, every
// later step passes it on, and the terminal read (as_u64, array, ...) returns it in its
// Result. Error offsets are DATA-relative. No step allocates unless it fails.
//
//   ObjectView shape = ...;                                     // e.g. body.field("shape").deref()
//   MP_TRY_ASSIGN(auto bits, shape.field("numShapeKeyBits").as_u64());
//   ObjectView tree = shape.field("data").deref().field("meshTree");
//   MP_TRY_ASSIGN(ArrayView sections, tree.field("sections").array());
//   for (std::size_t i = 0; i < sections.count(); ++i) {        // simple, one hash lookup per read
//       MP_TRY_ASSIGN(auto first, sections.at(i).field("firstPackedVertexIndex").as_u64());
//   }
//
// Hot loops: resolve the member once (TypeTable::field_ref) and read a whole column with one
// range check, or read single elements through the FieldRef:
//
//   const TypeTable& types = shape.tagfile().types();
//   MP_TRY_ASSIGN(FieldRef num_prims, types.field_ref(sections.element_type(), "numPrimitives"));
//   MP_TRY_ASSIGN(Column<std::uint8_t> counts, sections.column<std::uint8_t>(num_prims));
//   for (std::size_t i = 0; i < counts.size(); ++i) total += counts[i];
//   MP_TRY_ASSIGN(auto n0, sections.at(0).read<std::uint8_t>(num_prims));   // a single element
//   MP_TRY_ASSIGN(Column<std::uint64_t> shared, tree.field("sharedVertices").array()->values<std::uint64_t>());
//
// Pointers: deref() follows the ITEM index to the object item; the view's type is the item's
// own (dynamic) class, so dispatch on view.type_name(), not on the field's declared type.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <type_traits>

#include "engine/core/bytes.h"
#include "engine/core/error.h"
#include "engine/tagfile/tagfile.h"
#include "engine/tagfile/type_table.h"

namespace meshproof::tagfile {

class ArrayView;

// A strided column of scalars inside an array's DATA bytes, range-checked once on creation.
template <class T>
class Column {
public:
    Column() = default;
    Column(const std::uint8_t* base, std::size_t stride, std::size_t count)
        : base_(base), stride_(stride), count_(count) {}
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    std::size_t stride() const { return stride_; }
    T operator[](std::size_t i) const { return load_le<T>(base_ + i * stride_); }  // i < size()

private:
    const std::uint8_t* base_ = nullptr;
    std::size_t stride_ = 0;
    std::size_t count_ = 0;
};

class ObjectView {
public:
    ObjectView() = default;  // an empty view: !ok()
    ObjectView(const Tagfile& tf, std::uint32_t type, std::uint32_t data_offset)
        : tf_(&tf), type_(type), offset_(data_offset) {}
    static ObjectView with_error(const Tagfile* tf, Error error);

    // The object of ITEM `index` (must be an object item); root() is item 1,
    // the hkRootLevelContainer (§5.7).
    static ObjectView item(const Tagfile& tf, std::uint32_t index);
    static ObjectView root(const Tagfile& tf) { return item(tf, 1); }

    bool ok() const { return tf_ != nullptr && error_ == nullptr; }
    const Error& error() const;  // when !ok()
    Status status() const;

    const Tagfile& tagfile() const { return *tf_; }  // ok() or with_error(tf, ...) views only
    std::uint32_t type() const { return type_; }
    std::uint32_t offset() const { return offset_; }  // DATA-relative
    std::string_view type_name() const;               // full name with template arguments
    TypeKind kind() const;
    FormatWord format() const;
    std::uint32_t size() const;                    // resolved size of the type
    bool is_a(std::string_view class_name) const;  // this class or a subclass of it

    // Record member by name (inherited members included); offset from the type table.
    ObjectView field(std::string_view name) const;
    // Member through a resolved FieldRef (no hash lookup).
    ObjectView field(const FieldRef& ref) const;
    bool has_field(std::string_view name) const;

    // Scalars, honouring the format word's width, signedness and byte order. A record with a
    // single member at offset 0 (hkEnum, hkFlags, hkBool wrappers) reads as that member.
    Result<std::uint64_t> as_u64() const;  // error for negative signed values
    Result<std::int64_t> as_i64() const;   // error for unsigned values above INT64_MAX
    Result<bool> as_bool() const;          // bool or int kinds: value != 0
    Result<float> as_f32() const;          // float (f32, hkHalf16, f64 narrowed)
    Result<double> as_f64() const;
    Result<std::string_view> as_string() const;  // string kinds; "" for a null pointer

    // Reference fields (pointer, string pointer, hkArray, hkRelArray): the ITEM index held.
    Result<std::uint32_t> item_index() const;
    Result<bool> is_null() const;
    // Pointer kinds: the referenced object item, typed by the item's own dynamic class.
    // A null pointer gives an error view (test is_null() first when null is legal).
    ObjectView deref() const;
    // hkArray / hkRelArray (elements from ITEM), inline T[N]. A null hkArray is empty.
    Result<ArrayView> array() const;

    // Single scalar read through a FieldRef resolved on this view's class or a base of it.
    template <class T>
    Result<T> read(const FieldRef& ref) const;

    // The object's own bytes (size() of them), checked against DATA.
    Result<Bytes> bytes() const;

private:
    Error make(ErrorCode code, std::string message) const;
    ObjectView fail(ErrorCode code, std::string message) const;
    ObjectView unwrap() const;  // single-member record → that member
    Result<std::uint64_t> read_int_bits(bool& is_signed) const;
    Status check_field_ref(const FieldRef& ref, std::size_t width) const;

    const Tagfile* tf_ = nullptr;
    std::uint32_t type_ = 0;
    std::uint32_t offset_ = 0;
    std::shared_ptr<const Error> error_;  // set only on failure
};

// Elements of an hkArray, hkRelArray or inline T[N]. Constructed only after the whole
// count × stride range was checked against DATA.
class ArrayView {
public:
    ArrayView() = default;
    ArrayView(const Tagfile& tf, std::uint32_t element_type, std::uint32_t data_offset, std::uint32_t count,
              std::uint32_t stride, std::uint32_t item)
        : tf_(&tf), element_type_(element_type), offset_(data_offset), count_(count), stride_(stride), item_(item) {}

    std::size_t count() const { return count_; }
    bool empty() const { return count_ == 0; }
    std::size_t stride() const { return stride_; }  // element type size (padding included, §5.7)
    std::uint32_t element_type() const { return element_type_; }
    std::uint32_t offset() const { return offset_; }    // DATA-relative start of element 0
    std::uint32_t item_index() const { return item_; }  // 0 for inline arrays and null arrays
    std::string_view element_type_name() const;

    // Element i (an error view when i >= count()).
    ObjectView at(std::size_t i) const;
    // The count × stride bytes of the elements (already range-checked).
    Bytes raw() const;

    // Member `ref` (resolved on the element type or a base of it) of every element, as T.
    template <class T>
    Result<Column<T>> column(const FieldRef& ref) const;
    // The elements themselves when they are scalars of exactly sizeof(T) bytes.
    template <class T>
    Result<Column<T>> values() const;

private:
    Status check_column(const FieldRef& ref, std::size_t width, bool floating) const;

    const Tagfile* tf_ = nullptr;
    std::uint32_t element_type_ = 0;
    std::uint32_t offset_ = 0;
    std::uint32_t count_ = 0;
    std::uint32_t stride_ = 0;
    std::uint32_t item_ = 0;
};

// ---- templates ------------------------------------------------------------------------------

template <class T>
Result<T> ObjectView::read(const FieldRef& ref) const {
    static_assert(std::is_arithmetic_v<T>, "read<T> reads scalars");
    MP_TRY(check_field_ref(ref, sizeof(T)));
    if (std::is_floating_point_v<T> != (ref.kind() == TypeKind::kFloat))
        return make(ErrorCode::kBadObject, "member " + std::string(ref.name) + " read with the wrong scalar kind");
    return load_le<T>(tf_->data().data() + offset_ + ref.offset);
}

template <class T>
Result<Column<T>> ArrayView::column(const FieldRef& ref) const {
    static_assert(std::is_arithmetic_v<T>, "column<T> reads scalars");
    MP_TRY(check_column(ref, sizeof(T), std::is_floating_point_v<T>));
    if (count_ == 0) return Column<T>();
    return Column<T>(tf_->data().data() + offset_ + ref.offset, stride_, count_);
}

template <class T>
Result<Column<T>> ArrayView::values() const {
    static_assert(std::is_arithmetic_v<T>, "values<T> reads scalars");
    if (!tf_) return make_error(ErrorCode::kBadObject, 0, "empty array view");
    const TypeTable& types = tf_->types();
    FieldRef self{element_type_, 0, element_type_, types.size(element_type_), types.format(element_type_), 0, "[]"};
    MP_TRY(check_column(self, sizeof(T), std::is_floating_point_v<T>));
    if (count_ == 0) return Column<T>();
    return Column<T>(tf_->data().data() + offset_, stride_, count_);
}

}  // namespace meshproof::tagfile
