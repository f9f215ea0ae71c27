#include "engine/pipeline/member_status.h"

namespace meshproof {

std::string_view member_state_name(MemberState s) {
    switch (s) {
        case MemberState::kOk: return "ok";
        case MemberState::kDecodeError: return "decode_error";
        case MemberState::kSkipped: return "skipped";
    }
    return "ok";
}

const char* const kMissingCodecRemedy =
    "meshproof has no decoder for this codec; unpack the member with a tool that has one "
    "and verify the unpacked files";

MemberStatus decode_error_status(std::string path, std::string set, Error e) {
    MemberStatus s;
    s.path = std::move(path);
    s.set = std::move(set);
    s.state = MemberState::kDecodeError;
    s.error = std::move(e);
    return s;
}

MemberStatus missing_codec_status(std::string path, std::string set, std::string reason) {
    MemberStatus s;
    s.path = std::move(path);
    s.set = std::move(set);
    s.state = MemberState::kSkipped;
    s.skip_reason = std::move(reason);
    s.remedy = kMissingCodecRemedy;
    return s;
}

}  // namespace meshproof
