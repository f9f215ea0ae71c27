// How gtest prints the enums the parameterised tests take (`--gtest_list_tests`, a failure's
// "GetParam() = ..."): by name, not as the bytes of an object. Include it in a test file that
// instantiates a suite over them: gtest finds PrintTo beside the type.
#pragma once

#include <ostream>

#include "engine/synth/install_writer.h"
#include "engine/tagfile/collision_types.h"

namespace meshproof::synth {
inline void PrintTo(SynthGame game, std::ostream* os) { *os << synth_game_name(game); }
}  // namespace meshproof::synth

namespace meshproof::tagfile {
inline void PrintTo(HavokDialect dialect, std::ostream* os) {
    *os << (dialect == HavokDialect::kEldenRing2018 ? "EldenRing2018" : "Sekiro2016");
}
inline void PrintTo(ExternMeshDataForm form, std::ostream* os) {
    *os << (form == ExternMeshDataForm::kDefault    ? "default"
            : form == ExternMeshDataForm::kSimdOnly ? "simd only"
                                                    : "aabbTree");
}
}  // namespace meshproof::tagfile
