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

}  // namespace meshproof
