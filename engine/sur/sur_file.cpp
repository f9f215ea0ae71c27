#include "engine/sur/sur_file.h"

#include <cstdio>
#include <string>
#include <vector>

#include "engine/sur/compact_surface.h"
#include "engine/sur/sur_format.h"

namespace meshproof::sur {
namespace {

std::string tag_name(std::uint32_t tag) {
    std::string s = "'";
    bool printable = true;
    for (int i = 0; i < 4; ++i) {
        const char ch = static_cast<char>((tag >> (8 * i)) & 0xFF);
        if (ch < 0x20 || ch > 0x7E) printable = false;
        s += ch;
    }
    if (printable) return s + "'";
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08X", tag);
    return hex;
}

bool is_chunk_tag(std::uint32_t v) {
    return v == kTagNotFixed || v == kTagExtents || v == kTagSurface || v == kTagHardpoints;
}

// A surf chunk (or a legacy surf item) found by the container scan, decoded in the fill pass.
struct PendingSurface {
    Bytes chunk;
    std::uint64_t offset = 0;
    CompactSurfaceCounts counts;
};

struct PendingPart {
    Part part;  // surface / hardpoints filled in the fill pass
    std::int32_t pending_surface = -1;
    Bytes hardpoints;  // the hpid ids
};

Status scan_part(ByteReader& r, std::vector<PendingPart>& parts, std::vector<PendingSurface>& surfaces,
                 ModelCounts& total) {
    PendingPart pp;
    const auto id = r.le<std::uint32_t>();
    if (!id) return r.truncated("part id");
    const auto count = r.le<std::uint32_t>();
    if (!count) return r.truncated("part chunk count");
    pp.part.id = *id;
    for (std::uint32_t k = 0; k < *count; ++k) {
        const std::uint64_t tag_off = r.unit_offset();
        const auto tag = r.le<std::uint32_t>();
        if (!tag) return r.truncated("chunk tag " + std::to_string(k + 1) + " of " + std::to_string(*count));
        ChunkTag kind;
        switch (*tag) {
            case kTagNotFixed: kind = ChunkTag::kNotFixed; break;
            case kTagExtents: kind = ChunkTag::kExtents; break;
            case kTagSurface: kind = ChunkTag::kSurface; break;
            case kTagHardpoints: kind = ChunkTag::kHardpoints; break;
            default:
                return make_error(ErrorCode::kUnknownChunk, tag_off,
                                  "unknown chunk tag " + tag_name(*tag) + " (chunk " + std::to_string(k + 1) + " of " +
                                      std::to_string(*count) + " declared by the part)");
        }
        for (std::uint8_t j = 0; j < pp.part.chunk_count; ++j)
            if (pp.part.chunks[j] == kind)
                return make_error(ErrorCode::kBadHeader, tag_off, "duplicate chunk " + tag_name(*tag) + " in a part");
        pp.part.chunks[pp.part.chunk_count++] = kind;  // at most 4: duplicates are refused above
        switch (kind) {
            case ChunkTag::kNotFixed: pp.part.not_fixed = true; break;
            case ChunkTag::kExtents:
                for (float& f : pp.part.extents) {
                    const auto v = r.le<float>();
                    if (!v) return r.truncated("exts");
                    f = *v;
                }
                pp.part.has_extents = true;
                break;
            case ChunkTag::kSurface: {
                const auto size = r.le<std::uint32_t>();
                if (!size) return r.truncated("surf size");
                const std::uint64_t at = r.unit_offset();
                const auto chunk = r.take(*size);
                if (!chunk) return r.truncated("surf chunk of " + std::to_string(*size) + " bytes");
                MP_TRY_ASSIGN(auto counts, scan_compact_surface(*chunk, at));
                pp.pending_surface = static_cast<std::int32_t>(surfaces.size());
                surfaces.push_back(PendingSurface{*chunk, at, counts});
                break;
            }
            case ChunkTag::kHardpoints: {
                const auto n = r.le<std::uint32_t>();
                if (!n) return r.truncated("hpid count");
                if (std::uint64_t(*n) * 4 > r.remaining()) return r.truncated("hpid ids (" + std::to_string(*n) + ")");
                const auto ids = r.take(std::size_t(*n) * 4);
                if (!ids) return r.truncated("hpid ids");
                pp.hardpoints = *ids;
                pp.part.has_hardpoints = true;
                total.hardpoints += *n;
                break;
            }
        }
    }
    parts.push_back(pp);
    return ok_status();
}

void add_counts(ModelCounts& t, const CompactSurfaceCounts& c) {
    ++t.surfaces;
    t.ledges += c.ledges;
    t.faces += c.faces;
    t.points += c.points;
    t.nodes += c.nodes;
    t.extension_bytes += c.extension_size;
}

Error with_prefix(Error e, const std::string& prefix) {
    e.message = prefix + e.message;
    return e;
}

}  // namespace

bool is_sur_vers(Bytes bytes) { return read_le_at<std::uint32_t>(bytes, 0) == kTagVers; }

Result<SurModel> decode_sur_vers2(Bytes bytes) {
    ByteReader r(bytes);
    const auto magic = r.le<std::uint32_t>();
    if (!magic) return r.truncated("vers signature");
    if (*magic != kTagVers)
        return make_error(
            ErrorCode::kBadMagic, 0,
            "no 'vers' signature: not a vers 2.0 .sur (a legacy pre-vers .sur starts with its bounding box)");
    const auto version = r.le<float>();
    if (!version) return r.truncated("vers version");
    if (*version != 2.0f)
        return make_error(ErrorCode::kUnsupported, 4,
                          "vers version " + std::to_string(*version) + ", only 2.0 is read");

    std::vector<PendingPart> parts;
    std::vector<PendingSurface> surfaces;
    ModelCounts total;
    while (r.remaining() > 0) {
        const std::uint64_t part_off = r.unit_offset();
        const auto id = read_le_at<std::uint32_t>(bytes, part_off);
        auto st = scan_part(r, parts, surfaces, total);
        if (!st.ok()) {
            Error e = std::move(st).error();
            e.message = "part " + std::to_string(parts.size()) + " at " + std::to_string(part_off) + ": " + e.message;
            if (id && is_chunk_tag(*id))
                e.message += "; the part id reads as the chunk tag " + tag_name(*id) +
                             ", so the previous part's chunk count is short";
            return e;
        }
    }
    for (const auto& s : surfaces) add_counts(total, s.counts);

    SurModel m;
    m.format = SurFormat::kVers2;
    m.version = *version;
    m.parts.reserve(parts.size());
    reserve_model(m, total);
    for (PendingPart& pp : parts) {
        Part part = pp.part;
        if (pp.pending_surface >= 0) {
            const PendingSurface& s = surfaces[static_cast<std::size_t>(pp.pending_surface)];
            part.surface = static_cast<std::int32_t>(m.surfaces.size());
            MP_TRY(decode_compact_surface(s.chunk, s.offset, s.counts, m));
        }
        part.hardpoints = {static_cast<std::uint32_t>(m.hardpoints.size()),
                           static_cast<std::uint32_t>(pp.hardpoints.size() / 4)};
        for (std::size_t i = 0; i < pp.hardpoints.size(); i += 4)
            m.hardpoints.push_back(load_le<std::uint32_t>(pp.hardpoints.data() + i));
        m.parts.push_back(part);
    }
    return m;
}

Result<SurModel> decode_sur_legacy(Bytes bytes) {
    static const std::string kPrefix = "legacy (pre-vers) .sur: ";
    ByteReader r(bytes);
    std::array<float, 6> box{};
    for (float& f : box) {
        const auto v = r.le<float>();
        if (!v) return with_prefix(r.truncated("bounding box"), kPrefix);
        f = *v;
    }
    struct PendingRecord {
        std::string name;
        bool ledges = false;
        std::size_t first = 0, count = 0;  // into `surfaces` or `ledges`
    };
    struct PendingLedge {
        Bytes payload;
        std::uint64_t offset = 0;
        BareLedgeCounts counts;
    };
    std::vector<PendingRecord> records;
    std::vector<PendingSurface> surfaces;
    std::vector<PendingLedge> ledges;
    ModelCounts total;
    while (r.remaining() > 0) {
        const auto name_len = r.le<std::uint32_t>();
        if (!name_len) return with_prefix(r.truncated("record name length"), kPrefix);
        const auto name = r.take(*name_len);
        if (!name) return with_prefix(r.truncated("record name"), kPrefix);
        const std::uint64_t tag_off = r.unit_offset();
        const auto tag = r.le<std::uint32_t>();
        if (!tag) return with_prefix(r.truncated("record tag"), kPrefix);
        if (*tag != kTagSurface && *tag != kTagLedge)
            return make_error(ErrorCode::kUnknownChunk, tag_off, kPrefix + "unknown record tag " + tag_name(*tag));
        const auto count = r.le<std::uint32_t>();
        if (!count) return with_prefix(r.truncated("record count"), kPrefix);
        PendingRecord rec;
        rec.name.assign(name->begin(), name->end());
        rec.ledges = *tag == kTagLedge;
        rec.first = rec.ledges ? ledges.size() : surfaces.size();
        rec.count = *count;
        for (std::uint32_t i = 0; i < *count; ++i) {
            const auto size = r.le<std::uint32_t>();
            if (!size) return with_prefix(r.truncated("record item size"), kPrefix);
            const std::uint64_t at = r.unit_offset();
            const auto payload = r.take(*size);
            if (!payload)
                return with_prefix(r.truncated("record item of " + std::to_string(*size) + " bytes"), kPrefix);
            if (rec.ledges) {
                auto c = scan_bare_ledge(*payload, at);
                if (!c.ok()) return with_prefix(std::move(c).error(), kPrefix);
                ledges.push_back(PendingLedge{*payload, at, *c});
                ++total.ledges;
                total.faces += c->faces;
                total.points += c->points;
            } else {
                auto c = scan_compact_surface(*payload, at);
                if (!c.ok()) return with_prefix(std::move(c).error(), kPrefix);
                if (c->extension_size != 0)
                    return make_error(ErrorCode::kSizeMismatch, at, kPrefix + "surf item larger than its IVP block");
                surfaces.push_back(PendingSurface{*payload, at, *c});
                add_counts(total, *c);
            }
        }
        records.push_back(std::move(rec));
    }

    SurModel m;
    m.format = SurFormat::kLegacy;
    m.version = 0;
    m.legacy_box = box;
    m.legacy_records.reserve(records.size());
    reserve_model(m, total);
    for (const PendingRecord& rec : records) {
        LegacyRecord out;
        out.name = rec.name;
        out.ledges = rec.ledges;
        out.items.first = static_cast<std::uint32_t>(rec.ledges ? m.ledges.size() : m.surfaces.size());
        out.items.count = static_cast<std::uint32_t>(rec.count);
        for (std::size_t i = rec.first; i < rec.first + rec.count; ++i) {
            Status st = rec.ledges
                            ? decode_bare_ledge(ledges[i].payload, ledges[i].offset, ledges[i].counts, m)
                            : decode_compact_surface(surfaces[i].chunk, surfaces[i].offset, surfaces[i].counts, m);
            if (!st.ok()) return with_prefix(std::move(st).error(), kPrefix);
        }
        m.legacy_records.push_back(std::move(out));
    }
    return m;
}

Result<SurModel> decode_sur(Bytes bytes) {
    if (is_sur_vers(bytes)) return decode_sur_vers2(bytes);
    return decode_sur_legacy(bytes);
}

}  // namespace meshproof::sur
