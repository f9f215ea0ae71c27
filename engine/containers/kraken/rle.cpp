#include "engine/containers/kraken/rle.h"

#include <cstring>

#include "engine/containers/kraken/byte_array.h"

namespace meshproof::kraken {

Status decode_rle(DecodeContext& ctx, Bytes payload, std::span<std::uint8_t> out, int depth) {
    const std::uint8_t* base = payload.data();
    if (payload.empty()) return ctx.corrupt(base, "rle: empty payload");
    if (payload.size() == 1) {
        std::memset(out.data(), base[0], out.size());
        return ok_status();
    }

    ScratchScope scope(ctx.scratch);
    const std::uint8_t* cb = nullptr;
    std::size_t cb_size = 0;
    if (base[0] == 0) {
        cb = base + 1;
        cb_size = payload.size() - 1;
    } else {
        // A nested block heads the command buffer. Its capacity is an implementation limit
        // (§7, §10): the largest block the format can describe.
        std::span<std::uint8_t> buffer = ctx.scratch.allocate(kMaxBlockSize + payload.size());
        MP_TRY_ASSIGN(const DecodedBlock prefix,
                      decode_byte_array(ctx, payload, buffer.first(kMaxBlockSize), depth + 1));
        if (prefix.consumed < 1) return ctx.corrupt(base, "rle: empty prefix block");
        const std::size_t rest = payload.size() - prefix.consumed;
        if (rest) std::memcpy(buffer.data() + prefix.size, base + prefix.consumed, rest);
        cb = buffer.data();
        cb_size = prefix.size + rest;
    }

    std::size_t front = 0;
    std::size_t back = cb_size;
    std::uint8_t fill = 0;
    std::uint8_t* dst = out.data();
    std::size_t written = 0;
    const std::size_t ds = out.size();
    while (front < back) {
        const unsigned c = cb[back - 1];
        std::size_t copy = 0;
        std::size_t run = 0;
        if (c == 0 || c >= 0x30) {  // one-byte command
            back -= 1;
            copy = 15 - (c & 15);
            run = c >> 4;
        } else if (c >= 0x10) {  // two-byte command
            if (back - front < 2) return ctx.corrupt(base, "rle: command cut short");
            const std::size_t x = ((std::size_t{c} << 8) | cb[back - 2]) - 0x1000;
            back -= 2;
            copy = x & 63;
            run = x >> 6;
        } else if (c == 1) {  // set the fill byte from the next literal
            back -= 1;
            if (front >= back) return ctx.corrupt(base, "rle: fill command without a literal");
            fill = cb[front++];
            continue;
        } else if (c >= 9) {  // long run
            if (back - front < 2) return ctx.corrupt(base, "rle: command cut short");
            run = ((((std::size_t{c} - 9) << 8) | cb[back - 2]) + 1) * 128;
            back -= 2;
        } else {  // 2..8: long copy
            if (back - front < 2) return ctx.corrupt(base, "rle: command cut short");
            copy = ((((std::size_t{c} - 2) << 8) | cb[back - 2]) + 1) * 64;
            back -= 2;
        }
        if (copy > back - front) return ctx.corrupt(base, "rle: copy beyond the literals");
        if (copy + run > ds - written) return ctx.corrupt(base, "rle: output overrun");
        if (copy) std::memcpy(dst + written, cb + front, copy);
        front += copy;
        written += copy;
        if (run) std::memset(dst + written, fill, run);
        written += run;
    }
    if (front != back || written != ds) return ctx.corrupt(base, "rle: commands do not produce the stated size");
    return ok_status();
}

}  // namespace meshproof::kraken
