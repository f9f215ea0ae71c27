// The .sur figures that need the model's joints (freelancer-models.md §2.4, §4), for sur_derive:
// which terminal hulls are copies folded into an ancestor part, and in which frame a hull whose id
// names another part has its points.
//
// Copies (§4): a terminal hull of .sur part P (model part A) is a copy when its id names a model
// part Q below A — by Q's Object name, or as the FL-CRC of one of Q's hardpoints — and Q's own
// .sur part holds a terminal hull with the same id. Counted through fixed joints only, or through a
// moving one (Rev, Pris, Sphere) on the chain from Q up to A. "Placeable" hulls are the terminal
// hulls of parts that match the model (id zero or name).
//
// Frames (§4; the rule is ours, the document does not state one): a candidate is a terminal hull
// of part P (id 0 names the model root) whose id names another compound part Q. Its points are
// either in P's frame (the containing part) or in Q's (the named part). The two frames differ when
// Q's rest frame relative to P (T, the product of the Cons frames along the chain) is not the
// identity: a rotation entry off by more than kFrameRotationTolerance or a translation component
// by more than kFrameTranslationTolerance (near-identity Fix records differ only by float noise).
// Score: the distance from the centroid c of the hull's distinct points to Q's Level0 VMeshRef
// sphere centre s as each hypothesis places it: |c − T·s| for the containing frame, |c − s| for
// the named frame; the smaller wins, equal distances tie. Hulls whose Q has no sphere are counted
// apart.
#pragma once

#include "verifiers/sur_walk.h"

namespace meshproof::verifiers {

inline constexpr double kFrameRotationTolerance = 1e-4;
inline constexpr double kFrameTranslationTolerance = 1e-3;

// Counts into w (sur_derive's counters): fold_placeable, fold_copies, fold_copies_fixed,
// fold_copies_moving, fold_files, frame_same, frame_candidates, frame_containing_wins,
// frame_named_wins, frame_tie, frame_no_sphere. Nothing for a file without a model.
void count_copies_and_frames(SurWalk& w);

}  // namespace meshproof::verifiers
