// The builder's (engine/builder) value types the synthetic writer names everywhere, by their
// short names inside meshproof::synth (synth is built on build).
#pragma once

#include "engine/builder/simd_tree_build.h"
#include "engine/rules/stock_tree.h"

namespace meshproof::synth {

using builder::SimdNumbering;
using mesh::SimdNode;
using rules::kNoNode;

}  // namespace meshproof::synth
