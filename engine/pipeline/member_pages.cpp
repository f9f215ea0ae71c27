// See member_pages.h.
#include "engine/pipeline/member_pages.h"

#include <algorithm>

#include "engine/containers/dcx.h"
#include "engine/core/bytes.h"
#include "engine/io/mapped_file.h"

namespace meshproof {

Bytes readable_part(Bytes b) {
    if (is_dcx(b)) {
        const auto header = parse_dcx_header(b);
        if (!header.ok()) return {};
        return b.first(
            static_cast<std::size_t>(DcxHeader::payload_offset() + header->compressed_size));  // inside b: parsed
    }
    if (b.size() < 8 || !(has_prefix(b.subspan(4), "TAG0") || has_prefix(b.subspan(4), "TCM0"))) return {};
    return b.first(std::min<std::size_t>(b.size(), load_be<std::uint32_t>(b.data()) & 0x3FFFFFFF));
}

namespace {

// A job's readable bytes as offsets into one mapping.
struct Placed {
    std::size_t job;
    std::uint32_t map;
    std::uint64_t begin, end;
};

}  // namespace

MemberPages::MemberPages(const OpenedGroup& g) : first_block_(g.jobs.size(), 0), block_span_(g.jobs.size(), 0) {
    // The mappings by address, to find the one holding a job's bytes.
    std::vector<std::uint32_t> maps(g.maps.size());
    for (std::uint32_t m = 0; m < maps.size(); ++m) maps[m] = m;
    auto base = [&](std::uint32_t m) { return g.maps[m].bytes().data(); };
    std::sort(maps.begin(), maps.end(), [&](std::uint32_t a, std::uint32_t b) { return base(a) < base(b); });

    std::vector<Placed> placed;
    placed.reserve(g.jobs.size());
    for (std::size_t i = 0; i < g.jobs.size(); ++i) {
        const Bytes part = readable_part(g.jobs[i].stored);
        if (part.empty()) continue;
        auto it = std::upper_bound(maps.begin(), maps.end(), part.data(),
                                   [&](const std::uint8_t* p, std::uint32_t m) { return p < base(m); });
        if (it == maps.begin()) continue;
        const std::uint32_t m = *--it;
        const Bytes whole = g.maps[m].bytes();
        if (part.data() + part.size() > whole.data() + whole.size()) continue;
        const auto offset = static_cast<std::uint64_t>(part.data() - whole.data());
        placed.push_back(Placed{i, m, offset, offset + part.size()});
    }
    // Blocks as (mapping, block) keys in order; a job's blocks are consecutive keys.
    std::vector<std::uint64_t> keys;
    for (const Placed& p : placed)
        for (std::uint64_t b = p.begin / kBlockBytes; b <= (p.end - 1) / kBlockBytes; ++b)
            keys.push_back((std::uint64_t{p.map} << 44) | b);
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    block_count_ = keys.size();
    block_ = std::make_unique<Block[]>(block_count_);
    std::vector<std::uint64_t> lo(block_count_, ~std::uint64_t{0}), hi(block_count_, 0);
    for (const Placed& p : placed) {
        const std::uint64_t first_key = (std::uint64_t{p.map} << 44) | (p.begin / kBlockBytes);
        const auto first =
            static_cast<std::uint32_t>(std::lower_bound(keys.begin(), keys.end(), first_key) - keys.begin());
        const auto span = static_cast<std::uint32_t>((p.end - 1) / kBlockBytes - p.begin / kBlockBytes + 1);
        first_block_[p.job] = first;
        block_span_[p.job] = span;
        for (std::uint32_t k = 0; k < span; ++k) {
            const std::uint64_t block_begin = ((p.begin / kBlockBytes) + k) * kBlockBytes;
            lo[first + k] = std::min(lo[first + k], std::max(p.begin, block_begin));
            hi[first + k] = std::min(std::max(hi[first + k], p.end), block_begin + kBlockBytes);
            block_[first + k].pending.fetch_add(1, std::memory_order_relaxed);
        }
    }
    for (std::size_t k = 0; k < block_count_; ++k) {
        const auto m = static_cast<std::uint32_t>(keys[k] >> 44);
        block_[k].part = g.maps[m].bytes().subspan(lo[k], hi[k] - lo[k]);
    }
}

void MemberPages::begin(std::size_t i) {
    for (std::uint32_t k = first_block_[i]; k < first_block_[i] + block_span_[i]; ++k)
        if (!block_[k].populated.exchange(true, std::memory_order_relaxed)) populate_pages(block_[k].part);
}

void MemberPages::end(std::size_t i) {
    for (std::uint32_t k = first_block_[i]; k < first_block_[i] + block_span_[i]; ++k)
        if (block_[k].pending.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            release_pages(block_[k].part);
            released_.fetch_add(1, std::memory_order_relaxed);
        }
}

}  // namespace meshproof
