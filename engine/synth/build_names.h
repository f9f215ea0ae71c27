// The builder's (engine/build) value types the synthetic writer names everywhere, by their
// short names inside meshproof::synth (synth is built on build).
#pragma once

#include "engine/build/aabb.h"
#include "engine/build/simd_tree_build.h"
#include "engine/build/stock_tree.h"

namespace meshproof::synth {

using build::Aabb;
using build::kNoNode;
using build::SimdNode;
using build::SimdNumbering;

}  // namespace meshproof::synth
