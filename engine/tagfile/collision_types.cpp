// Primitives, base objects, the scene / system / body classes and the shape hierarchy
// (spec containers-and-tagfiles.md §7.1; Sekiro differences §7.2). Layouts of ER classes are
// the compendium's (see collision_types.h); hashes are its THSH entries.
#include "engine/tagfile/collision_types.h"

#include "engine/tagfile/collision_types_internal.h"

namespace meshproof::tagfile {

namespace fl = member_flags;
namespace fw = format_word;

CollisionTypes collision_types(HavokDialect dialect, const CollisionTypeOptions& options) {
    CollisionTypes out;
    out.sdk_version = dialect == HavokDialect::kEldenRing2018 ? "20180100" : "20160200";
    detail::CollisionTypeDeclarer(out.builder, dialect, options, out.layout_stubs).declare_all();
    return out;
}

namespace detail {

void CollisionTypeDeclarer::declare_all() {
    primitives();
    math();
    base_objects();
    scene();
    body_cinfo();
    shapes();
    codecs();
    static_trees();
    simd_tree();
    connectivity();
    mesh_data();
    custom_mesh_parameter();
    extern_mesh();
    if (er_ && options_.convex_shapes) convex_shapes();
}

TypeRef CollisionTypeDeclarer::stub(std::string name, TypeRef parent, std::uint32_t size, std::uint32_t alignment,
                                    std::optional<std::uint32_t> version, std::optional<std::uint32_t> flags) {
    const TypeRef t =
        b_.record(name, {.parent = parent, .size = size, .alignment = alignment, .version = version, .flags = flags});
    stubs_.push_back(b_.full_name(t));
    return t;
}

void CollisionTypeDeclarer::primitives() {
    int_ = b_.primitive("int", fw::integer(32, true), 4, 4);
    uint_ = b_.primitive("unsigned int", fw::integer(32, false), 4, 4);
    ushort_ = b_.primitive("unsigned short", fw::integer(16, false), 2, 2);
    short_ = b_.primitive("short", fw::integer(16, true), 2, 2);
    uchar_ = b_.primitive("unsigned char", fw::integer(8, false), 1, 1);
    schar_ = b_.primitive("signed char", fw::integer(8, true), 1, 1);
    char_ = b_.primitive("char", fw::integer(8, false), 1, 1);  // string items are char arrays (§5.7)
    bool_ = b_.primitive("bool", fw::kBool8, 1, 1);
    float_ = b_.primitive("float", fw::kFloat32, 4, 4);
    ulonglong_ = b_.primitive("unsigned long long", fw::integer(64, false), 8, 8);
    u8_ = b_.alias("hkUint8", uchar_);
    u16_ = b_.alias("hkUint16", ushort_);
    u32_ = b_.alias("hkUint32", uint_);
    u64_ = b_.alias("hkUint64", ulonglong_);
    i8_ = b_.alias("hkInt8", schar_);
    i16_ = b_.alias("hkInt16", short_);
    i32_ = b_.alias("hkInt32", int_);
    real_ = b_.alias("hkReal", float_);
    hash(uint_, 0x94e0eb06);
    hash(char_, 0xf96fee69);
    hash(ulonglong_, 0x20760f81);
    hash(u16_, 0xf9194383);
    hash(u32_, 0x664be534);
    hk_bool_ = b_.record(
        "hkBool", {.size = 1, .alignment = 1, .members = {{"bool", 0, char_, fl::kPrivate}}, .format = fw::kBool8});
    // Runtime-only pointers (signals, allocators): NonSerializable members of this type.
    opaque_ptr_ = b_.pointer(b_.primitive("hkReflect::Detail::Opaque", fw::kOpaque, 0, 0));
}

void CollisionTypeDeclarer::math() {
    const TypeRef vec4f = b_.declare("hkVector4f");
    b_.define(vec4f, {.format = fw::inline_array(4), .subtype = float_, .size = 16, .alignment = 16});
    vec4_ = b_.alias("hkVector4", vec4f);
    const TypeRef quatf = b_.record("hkQuaternionf", {.size = 16,
                                                      .alignment = 16,
                                                      .members = {{"vec", 0, vec4f}},
                                                      .format = fw::inline_array(4),
                                                      .subtype = float_});
    quat_ = b_.alias("hkQuaternion", quatf);
    const TypeRef rotation_impl = b_.declare("hkRotationImpl", {type_arg("tFT", float_)});
    b_.define(rotation_impl, {.format = fw::inline_array(12), .subtype = float_, .size = 48, .alignment = 16});
    const TypeRef rotation = b_.alias("hkRotationf", rotation_impl);
    const TypeRef transformf =
        b_.record("hkTransformf",
                  {.size = 64,
                   .alignment = 16,
                   .members = {{"rotation", 0, rotation, fl::kProtected}, {"translation", 48, vec4f, fl::kProtected}},
                   .format = fw::inline_array(16),
                   .subtype = float_});
    transform_ = b_.alias("hkTransform", transformf);
    aabb_ = b_.record("hkAabb", {.size = 32, .alignment = 16, .members = {{"min", 0, vec4_}, {"max", 16, vec4_}}});
}

void CollisionTypeDeclarer::base_objects() {
    base_object_ = b_.record("hkBaseObject", {.size = 8, .alignment = 8, .flags = type_flag::kBaseObject});
    ref_object_ = b_.declare("hkReferencedObject");
    b_.set_referenced_object(ref_object_);
    // hkPropertyBag is an array-format wrapper around the bag pointer (ER compendium).
    const TypeRef default_bag = stub("hkDefaultPropertyBag", 0, 72, 8, 1);
    const TypeRef bag = b_.record("hkPropertyBag", {.size = 8,
                                                    .alignment = 8,
                                                    .members = {{"bag", 0, b_.pointer(default_bag), fl::kProtectedNs}},
                                                    .format = fw::kArray,
                                                    .subtype = default_bag});
    b_.define_record(ref_object_, {.parent = base_object_,
                                   .size = 24,
                                   .alignment = 8,
                                   .version = 3,
                                   .members = {{"propertyBag", 8, bag, fl::kPrivate},
                                               {"memSizeAndFlags", 16, u16_, fl::kPrivateNs},
                                               {"refCount", 18, u16_, fl::kPrivateNs}}});

    const TypeRef cstring = b_.primitive("char*", fw::kCString, 8, 8);
    // hkStringPtr: format 0x83 in 2018.1, 0x3 in 2016.2 (§5.6).
    string_ptr_ = b_.record("hkStringPtr", {.size = 8,
                                            .alignment = 8,
                                            .members = {{"stringAndFlag", 0, cstring, fl::kPrivate}},
                                            .format = er_ ? fw::kStringPtr2018 : fw::kCString});
    hash(string_ptr_, 0xa1909ef9);
    ref_variant_ = b_.record("hkRefVariant", {.size = 8,
                                              .alignment = 8,
                                              .members = {{"ptr", 0, b_.pointer(ref_object_), fl::kPrivate}},
                                              .format = fw::kPointer,
                                              .subtype = ref_object_});
    hash(ref_variant_, 0x144cb56c);

    const TypeRef root = b_.declare("hkRootLevelContainer");
    const TypeRef variant =
        b_.record("hkRootLevelContainer::NamedVariant", {.size = 24,
                                                         .alignment = 8,
                                                         .version = 1,
                                                         .members = {{"name", 0, string_ptr_, fl::kPrivate},
                                                                     {"className", 8, string_ptr_, fl::kPrivate},
                                                                     {"variant", 16, ref_variant_, fl::kPrivate}}});
    const TypeRef variants = b_.array_of(variant);
    b_.define_record(root, {.size = 16, .alignment = 8, .members = {{"namedVariants", 0, variants}}});
    hash(root, 0xa0f984bc);
    hash(variant, 0xb4ff8f0);
    hash(variants, 0x80b6f982);
}

void CollisionTypeDeclarer::scene() {
    const TypeRef scene = b_.declare("hknpPhysicsSceneData");
    const TypeRef system = b_.declare("hknpPhysicsSystemData");
    const TypeRef system_ptr = b_.ref_ptr(system);
    const TypeRef systems = b_.array_of(system_ptr);
    const TypeRef world = stub("hknpRefWorldCinfo", ref_object_, 336, 16);
    b_.define_record(
        scene, {.parent = ref_object_,
                .size = 48,
                .alignment = 8,
                .version = 1,
                .members = {{"systemDatas", 24, systems}, {"worldCinfo", 40, b_.pointer(world), fl::kProtected}}});
    hash(scene, 0xcbad926b);
    hash(systems, 0x5fcea779);
    hash(system_ptr, 0x3e845767);

    const TypeRef material = stub("hknpMaterial", ref_object_, 112, 16, 5);
    const TypeRef motion = stub("hknpMotionProperties", 0, 112, 16, 5);
    const TypeRef body = b_.declare("hknpPhysicsSystemData::bodyCinfoWithAttachment");
    const TypeRef constraint = stub("hknpConstraintCinfo", 0, 40, 8, 5);
    const TypeRef materials = b_.array_of(material);
    const TypeRef motions = b_.array_of(motion);
    const TypeRef bodies = b_.array_of(body);
    b_.define_record(system, {.parent = ref_object_,
                              .size = 104,
                              .alignment = 8,
                              .version = 3,
                              .members = {{"materials", 24, materials},
                                          {"motionProperties", 40, motions},
                                          {"bodyCinfos", 56, bodies},
                                          {"constraintCinfos", 72, b_.array_of(constraint)},
                                          {"name", 88, string_ptr_},
                                          {"microStepMultiplier", 96, u8_}}});
    hash(system, 0x9d844619);
    hash(material, 0xdce1b222);
    hash(motion, 0x7928832c);
    hash(materials, 0x34889aab);
    hash(motions, 0x861f63a9);
    hash(bodies, 0x7cdd0523);
}

void CollisionTypeDeclarer::body_cinfo() {
    shape_ = b_.declare("hknpShape");
    const TypeRef shape_ptr = b_.ref_ptr(shape_);
    hash(shape_ptr, 0x5fb1f945);
    const TypeRef mass = stub("hknpRefMassDistribution", ref_object_, 80, 16);
    const TypeRef drag = stub("hknpRefDragProperties", ref_object_, 224, 16);
    hash(drag, 0x57292ac5);
    const TypeRef drag_ptr = b_.ref_ptr(drag);
    hash(drag_ptr, 0x649f65ee);
    const TypeRef body_id =
        b_.record("hknpBodyId", {.size = 4, .alignment = 4, .members = {{"serialAndIndex", 0, u32_, fl::kProtected}}});
    // hkLocalFrame is abstract and member-less in the compendium: a complete declaration.
    const TypeRef local_frame =
        b_.record("hkLocalFrame", {.parent = ref_object_,
                                   .size = 24,
                                   .alignment = 8,
                                   .flags = type_flag::kNonSerializable | type_flag::kAbstract});
    const TypeRef cinfo = b_.record("hknpBodyCinfo", {.size = 176,
                                                      .alignment = 16,
                                                      .version = 8,
                                                      .members = {{"shape", 0, shape_ptr},
                                                                  {"flags", 8, int_},
                                                                  {"collisionCntrl", 12, short_},
                                                                  {"collisionFilterInfo", 16, u32_},
                                                                  {"materialId", 20, ushort_},
                                                                  {"qualityId", 22, uchar_},
                                                                  {"name", 24, string_ptr_},
                                                                  {"userData", 32, u64_},
                                                                  {"motionType", 40, uchar_},
                                                                  {"position", 48, vec4_},
                                                                  {"orientation", 64, quat_},  // xyzw (§6)
                                                                  {"linearVelocity", 80, vec4_},
                                                                  {"angularVelocity", 96, vec4_},
                                                                  {"mass", 112, real_},
                                                                  {"massDistribution", 120, b_.ref_ptr(mass)},
                                                                  {"dragProperties", 128, drag_ptr},
                                                                  {"motionPropertiesId", 136, ushort_},
                                                                  {"desiredBodyId", 140, body_id},
                                                                  {"motionId", 144, uint_},
                                                                  {"collisionLookAheadDistance", 148, real_},
                                                                  {"localFrame", 152, b_.ref_ptr(local_frame)},
                                                                  {"activationPriority", 160, i8_}}});
    const TypeRef with_attachment = *b_.find("hknpPhysicsSystemData::bodyCinfoWithAttachment");
    b_.define_record(with_attachment,
                     {.parent = cinfo, .size = 192, .alignment = 16, .members = {{"attachedBody", 176, int_}}});
    hash(with_attachment, 0xb5de5b8d);
}

void CollisionTypeDeclarer::shapes() {
    const auto enum_type = [&](std::string name) { return b_.primitive(std::move(name), fw::integer(32, true), 4, 4); };
    const TypeRef properties = stub("hkRefCountedProperties", ref_object_, 40, 8, 2);
    b_.define_record(shape_,
                     {.parent = ref_object_,
                      .size = 56,
                      .alignment = 8,
                      .version = 4,
                      .members = {{"flags", 24, b_.flags_of(enum_type("hknpShape::FlagsEnum"), u16_), fl::kProtected},
                                  {"type", 26, b_.enum_of(enum_type("hknpShapeType::Enum"), u8_), fl::kProtected},
                                  {"numShapeKeyBits", 27, u8_, fl::kProtected},
                                  {"dispatchType", 28, b_.enum_of(enum_type("hknpCollisionDispatchType::Enum"), u8_)},
                                  {"convexRadius", 32, real_},
                                  {"userData", 40, u64_},
                                  {"properties", 48, b_.ref_ptr(properties), fl::kProtected}}});
    const TypeRef ref_object_ptr = b_.ref_ptr(ref_object_);
    hash(ref_object_ptr, 0x5a986a75);
    composite_shape_ = b_.record("hknpCompositeShape",
                                 {.parent = shape_,
                                  .size = 72,
                                  .alignment = 8,
                                  .version = 2,
                                  .members = {{"shapeTagCodecInfo", 56, u32_}, {"materialTable", 64, ref_object_ptr}}});

    // triangleIsInterior: hkBitField → hkBitFieldBase<hkBitFieldStorage<hkArray<hkUint32>>>.
    const TypeRef words = b_.array_of(u32_);
    hash(words, 0x4223c021);
    const TypeRef storage = b_.record(
        "hkBitFieldStorage", {.size = 24, .alignment = 8, .members = {{"words", 0, words}, {"numBits", 16, int_}}},
        {type_arg("tStorage", words)});
    const TypeRef bitfield_base =
        b_.record("hkBitFieldBase", {.size = 24, .alignment = 8, .members = {{"storage", 0, storage, fl::kProtected}}},
                  {type_arg("tStorage", storage)});
    const TypeRef bitfield =
        b_.record("hkBitField", {.parent = bitfield_base, .size = 24, .alignment = 8, .version = 2});

    std::vector<MemberDecl> members = {{"data", 72, ref_object_ptr, fl::kProtected},
                                       {"triangleIsInterior", 80, bitfield, fl::kProtected},
                                       {"numTriangles", 104, int_, fl::kProtectedNs},
                                       {"numConvexShapes", 108, int_, fl::kProtectedNs}};
    if (er_) {
        // hknpShapeInstance, for externShapes (2018.1 only).
        const TypeRef compound = stub("hknpCompoundShape", composite_shape_, 288, 16, 6);
        const TypeRef instance_id =
            b_.alias("hknpShapeInstanceId",
                     b_.record("hkHandle", {.size = 2, .alignment = 2, .members = {{"value", 0, i16_, fl::kProtected}}},
                               {type_arg("tTYPE", i16_), value_arg("vINVALID_VALUE", 32767)}));
        shape_instance_ =
            b_.record("hknpShapeInstance", {.size = 112,
                                            .alignment = 16,
                                            .version = 3,
                                            .members = {{"transform", 0, transform_, fl::kProtected},
                                                        {"scale", 64, vec4_, fl::kProtected},
                                                        {"shape", 80, b_.ref_ptr(shape_), fl::kProtected},
                                                        {"shapeTag", 88, u16_, fl::kProtected},
                                                        {"destructionTag", 90, u16_, fl::kProtected},
                                                        {"isEmpty", 92, u8_, fl::kProtected},
                                                        {"nextEmptyElement", 96, u32_, fl::kProtected},
                                                        {"instanceId", 100, instance_id, fl::kProtected},
                                                        {"parentShape", 104, b_.pointer(compound), fl::kProtected}}});
        members.push_back({"externShapes", 112, b_.array_of(shape_instance_), fl::kProtected});
    }
    // Version 7 with externShapes (ER, 128 bytes); version 6 without (Sekiro §7.2, 112 bytes).
    compressed_mesh_shape_ = b_.record("hknpCompressedMeshShape", {.parent = composite_shape_,
                                                                   .size = er_ ? 128u : 112u,
                                                                   .alignment = 8,
                                                                   .version = er_ ? 7u : 6u,
                                                                   .members = members});

    const TypeRef parameter = b_.declare("fsnpCustomMeshParameter");
    const TypeRef parameter_ptr = b_.pointer(parameter);
    const TypeRef keys = b_.array_of(uint_);
    const std::uint32_t base = er_ ? 128 : 112;  // the fsnp members follow the shape directly
    const TypeRef fsnp = b_.record("fsnpCustomParamCompressedMeshShape",
                                   {.parent = compressed_mesh_shape_,
                                    .size = base + 24,
                                    .alignment = 8,
                                    .members = {{"pParam", base, parameter_ptr, fl::kProtected},
                                                {"triangleIndexToShapeKey", base + 8, keys, fl::kProtected}}});
    hash(fsnp, 0xa1ba49a4);
    hash(parameter_ptr, 0xba672bca);
    hash(keys, 0x7e15a107);
}

}  // namespace detail
}  // namespace meshproof::tagfile
