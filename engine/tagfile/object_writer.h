// Building the object graph of a tagfile before it is laid out (spec containers-and-tagfiles.md
// §5.7, §5.8, §6). The writing counterpart of object_view.h; tagfile_writer.h turns the graph
// into TAG0 bytes.
//
// Objects and arrays are "nodes": each owns one zero-filled byte block (an object: the size of
// its class; an array: count × element stride), allocated once when it is created. Fields are
// addressed by member name through the writer's TypeTable (inherited members included, dotted
// paths reach into nested records: "meshTree.domain.min"). References are recorded, not
// written: the ITEM indices only exist once write_tag0 has numbered the reachable nodes.
//
//   ObjectWriter w(table);                                      // std::shared_ptr<const TypeTable>
//   RecordWriter root = w.new_object("hkRootLevelContainer");
//   ArrayWriter variants = w.new_array("hkRootLevelContainer::NamedVariant", 1);
//   RecordWriter scene = w.new_object("hknpPhysicsSceneData");
//   variants.at(0).set_string("name", "Physics Scene Data");
//   variants.at(0).set_string("className", "hknpPhysicsSceneData");
//   variants.at(0).set_ref("variant", scene);
//   root.set_ref("namedVariants", variants);
//
// Big arrays without per-element work: write a whole scalar array, a member column of every
// element, or the raw element bytes at once:
//
//   ArrayWriter packed = w.new_array("unsigned int", packed_words.size());
//   packed.set_values(packed_words);                           // std::vector<std::uint32_t>
//   ArrayWriter sections = w.new_array("hkcdStaticMeshTree::Section", n);
//   sections.set_column("firstPrimitiveIndex", first_primitive);  // std::vector<std::uint32_t>
//   std::span<std::uint8_t> bytes = sections.raw();            // n × 96 bytes, fill directly
//   tree.set_ref("sections", sections);
//
// Errors: a setter on a missing member, a value that does not fit the member, or a reference of
// the wrong kind records the first error in the writer (later calls still run); check status(),
// and write_tag0 returns that error instead of a file. Handles (RecordWriter, ArrayWriter) stay
// valid as long as their ObjectWriter; raw()/bytes() spans too (node blocks never move).
#pragma once

#include <cstdint>
#include <cstring>
#include <deque>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/core/error.h"
#include "engine/tagfile/type_table.h"

namespace meshproof::tagfile {

class ObjectWriter;
class ArrayWriter;

// Identifies a node of an ObjectWriter; 0 = none.
struct NodeId {
    std::uint32_t value = 0;
    bool operator==(const NodeId&) const = default;
};

// A record inside a node: an object, an array element, or a record member of either.
class RecordWriter {
public:
    RecordWriter() = default;
    bool ok() const { return w_ != nullptr; }
    std::uint32_t type() const { return type_; }
    NodeId node() const { return node_; }
    std::uint32_t offset() const { return offset_; }  // within the node's block

    // A nested record member (e.g. "meshTree", "triangleIsInterior.storage"). In every
    // setter an empty path names the record itself.
    RecordWriter field(std::string_view path) const;

    // Integers, bools and enums, written with the member's width (hkEnum/hkFlags and other
    // single-member wrappers included); the value must fit the width and signedness.
    void set_int(std::string_view path, std::int64_t value) const;
    void set_uint(std::string_view path, std::uint64_t value) const;
    void set_bool(std::string_view path, bool value) const;
    // f32 members (hkReal); hkHalf16 keeps the upper 16 bits of the f32 (§5.6, truncated).
    void set_f32(std::string_view path, float value) const;
    // Inline float arrays: hkVector4 (4), hkQuaternion (4, xyzw), hkTransform (16), hkReal[N].
    // Fewer values than the array holds leave the rest as they are.
    void set_floats(std::string_view path, std::span<const float> values) const;
    // Raw bytes at the start of the member (at most its size): inline byte arrays, opaque
    // layouts, stub classes.
    void set_bytes(std::string_view path, std::span<const std::uint8_t> bytes) const;

    // References (§5.8): a pointer member (T*, hkRefPtr, hkRefVariant) to an object whose class
    // is the pointee class or derives from it; an hkArray member to an array of its element
    // type; a string member (hkStringPtr, char*) to a string. Setting a member again replaces
    // the reference. Unset references are null.
    void set_ref(std::string_view path, const RecordWriter& object) const;
    void set_ref(std::string_view path, const ArrayWriter& array) const;
    void set_string(std::string_view path, std::string_view text) const;  // new_string + set_ref
    // Low level, for copying graphs: a reference field of type `field_type` at `offset` from
    // this record, to any node. Only the kinds are checked.
    void set_ref_at(std::uint32_t offset, std::uint32_t field_type, NodeId target) const;

    // The record's bytes (size of its type).
    std::span<std::uint8_t> bytes() const;

private:
    friend class ObjectWriter;
    friend class ArrayWriter;
    RecordWriter(ObjectWriter* w, NodeId node, std::uint32_t offset, std::uint32_t type)
        : w_(w), node_(node), offset_(offset), type_(type) {}

    ObjectWriter* w_ = nullptr;
    NodeId node_;
    std::uint32_t offset_ = 0;
    std::uint32_t type_ = 0;
};

class ArrayWriter {
public:
    ArrayWriter() = default;
    bool ok() const { return w_ != nullptr; }
    NodeId node() const { return node_; }
    std::uint32_t element_type() const { return element_type_; }
    std::size_t count() const { return count_; }
    std::uint32_t stride() const { return stride_; }  // the element type's size (§5.7)

    RecordWriter at(std::size_t index) const;  // element `index` (< count) as a record
    std::span<std::uint8_t> raw() const;       // count × stride bytes
    // Element `index` of an array of pointers (hkRefPtr<T>, T*) refers to `object`.
    void set_ref(std::size_t index, const RecordWriter& object) const;

    // Every element of a scalar array at once: sizeof(T) must be the stride, values.size() the count.
    template <class Range>
    void set_values(const Range& values) const {
        using T = std::remove_cvref_t<decltype(*std::data(values))>;
        static_assert(std::is_arithmetic_v<T>);
        if (check_values(sizeof(T), std::size(values), std::is_floating_point_v<T>))
            copy_strided(0, sizeof(T), std::data(values), std::size(values));
    }
    // Member `path` of every element at once (values.size() == count).
    template <class Range>
    void set_column(std::string_view path, const Range& values) const {
        using T = std::remove_cvref_t<decltype(*std::data(values))>;
        static_assert(std::is_arithmetic_v<T>);
        if (auto offset = check_column(path, sizeof(T), std::size(values), std::is_floating_point_v<T>))
            copy_strided(*offset, sizeof(T), std::data(values), std::size(values));
    }

private:
    friend class ObjectWriter;
    ArrayWriter(ObjectWriter* w, NodeId node, std::uint32_t element_type, std::size_t count, std::uint32_t stride)
        : w_(w), node_(node), element_type_(element_type), count_(count), stride_(stride) {}
    bool check_values(std::size_t width, std::size_t n, bool floating) const;
    std::optional<std::uint32_t> check_column(std::string_view path, std::size_t width, std::size_t n,
                                              bool floating) const;
    void copy_strided(std::uint32_t offset, std::size_t width, const void* values, std::size_t n) const;

    ObjectWriter* w_ = nullptr;
    NodeId node_;
    std::uint32_t element_type_ = 0;
    std::size_t count_ = 0;
    std::uint32_t stride_ = 0;
};

class ObjectWriter {
public:
    explicit ObjectWriter(std::shared_ptr<const TypeTable> types);
    ObjectWriter(const ObjectWriter&) = delete;  // handles point at it
    ObjectWriter& operator=(const ObjectWriter&) = delete;

    const TypeTable& types() const { return *types_; }
    const std::shared_ptr<const TypeTable>& types_ptr() const { return types_; }

    // An object of a record class (its dynamic class: ITEM records it, §5.7).
    RecordWriter new_object(std::uint32_t type);
    RecordWriter new_object(std::string_view class_name);  // TypeTable::find_type
    // `count` zeroed elements of `element_type` (an array item, §5.7).
    ArrayWriter new_array(std::uint32_t element_type, std::size_t count);
    ArrayWriter new_array(std::string_view element_type_name, std::size_t count);
    // A `char` array holding `text` and its NUL (§5.7), for string members.
    ArrayWriter new_string(std::string_view text);

    Status status() const;  // the first error recorded, or ok

    // ---- read by tagfile_writer ---------------------------------------------------------
    enum class NodeKind : std::uint8_t { kObject, kArray };
    struct Ref {
        std::uint32_t offset = 0;      // of the reference field within the node
        std::uint32_t field_type = 0;  // the field's declared type (PTCH groups by it)
        NodeId target;
    };
    struct Node {
        NodeKind kind = NodeKind::kObject;
        bool is_string = false;  // a char array that a string member refers to
        std::uint32_t type = 0;  // object: its class; array: the element type
        std::uint32_t count = 1;
        std::vector<std::uint8_t> bytes;
        std::vector<Ref> refs;  // in the order set; a later ref at the same offset wins
    };
    std::size_t node_count() const { return nodes_.size(); }  // including the unused node 0
    const Node& node(NodeId id) const { return nodes_[id.value < nodes_.size() ? id.value : 0]; }

private:
    friend class RecordWriter;
    friend class ArrayWriter;

    struct Resolved {
        std::uint32_t offset = 0;  // from the record start
        std::uint32_t type = 0;    // the member's declared type
    };
    std::optional<Resolved> resolve(std::uint32_t record_type, std::string_view path);
    std::uint32_t unwrap(std::uint32_t type, std::uint32_t& offset) const;  // single-member wrappers
    std::uint8_t* at(NodeId node, std::uint32_t offset) { return nodes_[node.value].bytes.data() + offset; }
    void fail(ErrorCode code, std::string message);
    NodeId add_node(Node node);
    void write_integer(NodeId node, std::uint32_t offset, std::string_view path, std::uint32_t record_type,
                       std::uint64_t bits, bool negative);
    void add_ref(NodeId node, std::uint32_t offset, std::uint32_t field_type, NodeId target, std::string_view path);

    std::shared_ptr<const TypeTable> types_;
    std::deque<Node> nodes_;  // deque: blocks and handles never move
    std::optional<Error> error_;
};

}  // namespace meshproof::tagfile
