#include "engine/tagfile/format_word.h"

namespace meshproof::tagfile {

std::string_view type_kind_name(TypeKind kind) {
    switch (kind) {
        case TypeKind::kVoid: return "void";
        case TypeKind::kOpaque: return "opaque";
        case TypeKind::kBool: return "bool";
        case TypeKind::kString: return "string";
        case TypeKind::kInt: return "int";
        case TypeKind::kFloat: return "float";
        case TypeKind::kPointer: return "pointer";
        case TypeKind::kRecord: return "record";
        case TypeKind::kArray: return "array";
        case TypeKind::kUnknown: break;
    }
    return "unknown";
}

}  // namespace meshproof::tagfile
