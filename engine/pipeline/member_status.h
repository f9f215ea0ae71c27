// What a run says of one member (or loose file, or .sur file): read, failed to decode, or skipped,
// and the rules it broke. Kept in the run's path order (RunResult::members), so every report,
// `verify --failures` and the terminal summary name failing files the same way at any thread count.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/io/install_scan.h"

namespace meshproof {

enum class MemberState { kOk, kDecodeError, kSkipped };
std::string_view member_state_name(MemberState s);  // "ok", "decode_error", "skipped"

// One rule a member broke: a violation counter of a pass that was above 0 in this member, with
// the first place it was seen (the pass's first sample of the counter in the member; empty when
// the pass records no location for it).
struct MemberFinding {
    std::string pass;
    std::string counter;
    std::uint64_t count = 0;
    std::string location;
    std::string detail;
};

struct MemberStatus {
    std::string path;  // game terms; "binder :: member" for binder members
    std::string set;
    Game game = Game::kUnknown;  // the game of the root the member came from
    MemberState state = MemberState::kOk;
    Error error;              // for kDecodeError
    std::string skip_reason;  // for kSkipped, e.g. "unsupported compression KRAK"
    std::string remedy;       // what the user can do about a skip
    // kOk, but not collision: a member of a character binder that holds no compressed mesh
    // (engine/pipeline/collision_content.h), read and left out of the passes.
    bool not_collision = false;
    // The rules the member broke, in pass name order, then each pass's counter order. Empty for a
    // member that held every rule, or was not handed to the passes.
    std::vector<MemberFinding> findings;

    std::uint64_t violations() const {
        std::uint64_t n = 0;
        for (const MemberFinding& f : findings) n += f.count;
        return n;
    }
    // Failed: did not decode, or broke a rule. A skipped member is neither read nor failed.
    bool failed() const { return state == MemberState::kDecodeError || !findings.empty(); }
};

// The text shown with every member skipped for a missing codec.
extern const char* const kMissingCodecRemedy;

// A member (or the file standing for its members) that could not be read: `e`.
MemberStatus decode_error_status(std::string path, std::string set, Error e);
// A member skipped for its codec (`reason`: "unsupported compression KRAK"), with the remedy.
MemberStatus missing_codec_status(std::string path, std::string set, std::string reason);

}  // namespace meshproof
