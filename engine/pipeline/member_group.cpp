#include "engine/pipeline/member_group.h"

#include <algorithm>
#include <map>

#include "engine/core/path_text.h"
#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/dcx.h"
#include "engine/io/shrink_guard.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

bool ends_with_ci(std::string_view s, std::string_view suffix) {
    std::string lower = ascii_lower(s);
    return lower.size() >= suffix.size() && lower.compare(lower.size() - suffix.size(), suffix.size(), suffix) == 0;
}
bool is_compendium_name(std::string_view n) { return ascii_lower(n).find(".compendium") != std::string::npos; }
bool is_tagfile_name(std::string_view n) { return ends_with_ci(n, ".hkx") || ends_with_ci(n, ".hkx.dcx"); }

MemberStatus failed(std::string path, std::string set, Error e) {
    MemberStatus s;
    s.path = std::move(path);
    s.set = std::move(set);
    s.state = MemberState::kDecodeError;
    s.error = std::move(e);
    return s;
}

MemberStatus skipped(std::string path, std::string set, std::string reason) {
    MemberStatus s;
    s.path = std::move(path);
    s.set = std::move(set);
    s.state = MemberState::kSkipped;
    s.skip_reason = std::move(reason);
    s.remedy = kMissingCodecRemedy;
    return s;
}

// Maps a binder, parses it, and lists its tagfile and compendium members as jobs.
void open_binder(const InputFile& in, const DecompressorRegistry& codecs, OpenedGroup& g) {
    auto header = MappedFile::open(in.path);
    if (!header.ok()) {
        g.failures.push_back(failed(in.rel_path, in.set, header.error()));
        return;
    }
    g.file_bytes += header->size();
    Bytes container;
    Result<Binder> binder = make_error(ErrorCode::kInternal, 0, "binder not parsed");
    if (in.kind == InputKind::kSplitBinder) {
        auto data = MappedFile::open(in.data_path);
        if (!data.ok()) {
            g.failures.push_back(failed(in.rel_path, in.set, data.error()));
            return;
        }
        g.file_bytes += data->size();
        binder = parse_bhf4(header->bytes());
        if (binder.ok())
            if (auto st = check_bdf4(data->bytes()); !st.ok()) binder = st.error();
        container = data->bytes();
        g.maps.push_back(std::move(*header));
        g.maps.push_back(std::move(*data));
    } else {
        container = header->bytes();
        if (is_dcx(container)) {
            std::string skip;
            auto body = member_bytes(MemberJob{in.rel_path, in.set, container}, codecs, skip);
            if (!skip.empty()) {
                g.failures.push_back(skipped(in.rel_path, in.set, skip));
                return;
            }
            if (!body.ok()) {
                g.failures.push_back(failed(in.rel_path, in.set, body.error()));
                return;
            }
            g.owned = std::move(*body);
            container = g.owned;
        }
        binder = parse_bnd4(container);
        g.maps.push_back(std::move(*header));
    }
    if (!binder.ok()) {
        g.failures.push_back(failed(in.rel_path, in.set, binder.error()));
        return;
    }
    const bool fixed_set = is_fixed_set(in.set);
    for (const BinderEntry& e : binder->entries) {
        std::string_view name = e.name_last_component();
        if (!is_tagfile_name(name) && !is_compendium_name(name)) continue;
        MemberJob job{in.rel_path + " :: " + std::string(name), fixed_set ? in.set : set_from_name(name, in.set), {}};
        auto stored = entry_stored_bytes(e, container);
        if (!stored.ok()) {
            g.failures.push_back(failed(job.path, job.set, stored.error()));
            continue;
        }
        job.stored = *stored;
        job.entry_compressed = e.compressed();
        job.uncompressed_size = e.uncompressed_size.value_or(0);
        job.is_compendium = is_compendium_name(name);
        g.jobs.push_back(std::move(job));
    }
}

void open_loose(const Group& group, OpenedGroup& g) {
    for (const InputFile* f : group.loose) {
        auto map = MappedFile::open(f->path);
        if (!map.ok()) {
            g.failures.push_back(failed(f->rel_path, f->set, map.error()));
            continue;
        }
        g.file_bytes += map->size();
        MemberJob job{f->rel_path, f->set, map->bytes()};
        job.is_compendium = f->kind == InputKind::kCompendium;
        g.maps.push_back(std::move(*map));
        g.jobs.push_back(std::move(job));
    }
}

// One compendium's IDs into the group's registry. `skip` is set (and the group's
// compendium_skip) when its codec has no decompressor.
Status register_compendium(const MemberJob& job, const DecompressorRegistry& codecs, OpenedGroup& g,
                           std::string& skip) {
    auto bytes = member_bytes(job, codecs, skip);
    if (!skip.empty()) {
        g.compendium_skip = skip;
        return ok_status();
    }
    if (!bytes.ok()) return bytes.error();
    MP_TRY_ASSIGN(tagfile::Compendium compendium, tagfile::parse_compendium(*bytes));
    // The same compendium can be present twice (h.compendium beside h.compendium.dcx);
    // a copy whose IDs are all known adds nothing.
    const bool all_known = std::all_of(compendium.ids.begin(), compendium.ids.end(),
                                       [&](tagfile::CompendiumId id) { return g.compendiums.find(id) != nullptr; });
    if (!all_known) MP_TRY(g.compendiums.add(compendium));
    return ok_status();
}

// Compendiums first, serially: every tagfile of the group resolves its TCRF against them.
void register_compendiums(const DecompressorRegistry& codecs, OpenedGroup& g) {
    for (std::size_t i = 0; i < g.jobs.size(); ++i) {
        const MemberJob& job = g.jobs[i];
        MemberStatus& s = g.job_status[i];
        s.path = job.path;
        s.set = job.set;
        if (!job.is_compendium) continue;
        std::string skip;
        if (Status st = register_compendium(job, codecs, g, skip); !skip.empty()) s = skipped(job.path, job.set, skip);
        else if (!st.ok()) s = failed(job.path, job.set, st.error());
    }
}

// A later chunk's compendium context (plan_groups): registered as the first chunk registers them,
// their statuses left to that chunk, which lists them as members.
void register_compendium_context(const Group& group, const DecompressorRegistry& codecs, OpenedGroup& g) {
    for (const InputFile* f : group.compendium_context) {
        auto map = MappedFile::open(f->path);
        if (!map.ok()) continue;
        MemberJob job{f->rel_path, f->set, map->bytes()};
        job.is_compendium = true;
        g.maps.push_back(std::move(*map));
        std::string skip;
        (void)register_compendium(job, codecs, g, skip);
    }
}

}  // namespace

const char* const kMissingCodecRemedy =
    "meshproof has no decoder for this codec; unpack the member with a tool that has one "
    "and verify the unpacked files";

std::vector<Group> plan_groups(const InstallScan& scan, std::uint64_t& binders) {
    std::vector<Group> planned;
    std::map<std::string, std::size_t> loose_group;
    binders = 0;
    for (const InputFile& in : scan.inputs) {
        switch (in.kind) {
            case InputKind::kSplitBinder:
            case InputKind::kBinder:
                planned.push_back(Group{in.rel_path, &in, {}, {}});
                ++binders;
                break;
            case InputKind::kTagfile:
            case InputKind::kCompendium: {
                std::string folder = path_text(path_from_text(in.rel_path).parent_path());
                auto [it, inserted] = loose_group.try_emplace(folder, planned.size());
                if (inserted) planned.push_back(Group{folder, nullptr, {}, {}});
                planned[it->second].loose.push_back(&in);
                break;
            }
            case InputKind::kSur: break;
        }
    }
    // Large folders in chunks, each where its folder stood.
    std::vector<Group> groups;
    groups.reserve(planned.size());
    for (Group& g : planned) {
        const auto tagfiles = static_cast<std::size_t>(std::count_if(
            g.loose.begin(), g.loose.end(), [](const InputFile* f) { return f->kind == InputKind::kTagfile; }));
        if (g.binder != nullptr || tagfiles <= kLooseTagfilesPerGroup) {
            groups.push_back(std::move(g));
            continue;
        }
        std::vector<const InputFile*> compendiums;
        for (const InputFile* f : g.loose)
            if (f->kind == InputKind::kCompendium) compendiums.push_back(f);
        Group chunk{g.path, nullptr, compendiums, {}};
        std::size_t in_chunk = 0;
        for (const InputFile* f : g.loose) {
            if (f->kind != InputKind::kTagfile) continue;
            if (in_chunk == kLooseTagfilesPerGroup) {
                groups.push_back(std::move(chunk));
                chunk = Group{g.path, nullptr, {}, compendiums};
                in_chunk = 0;
            }
            chunk.loose.push_back(f);
            ++in_chunk;
        }
        groups.push_back(std::move(chunk));
    }
    return groups;
}

Result<Bytes> member_content(const MemberJob& job, const DecompressorRegistry& codecs, std::string& skip,
                             std::vector<std::uint8_t>& buffer) {
    if (is_dcx(job.stored)) {
        MP_TRY_ASSIGN(DcxHeader header, parse_dcx_header(job.stored));
        if (codecs.find(header.codec) == nullptr) {
            skip = "unsupported compression " + header.codec;
            return Bytes{};
        }
        return dcx_decompress_into(job.stored, codecs, buffer);
    }
    BinderEntry entry;
    entry.flags = job.entry_compressed ? binder_entry_flags::kCompressed : 0;
    entry.compressed_size = job.stored.size();
    if (job.uncompressed_size) entry.uncompressed_size = job.uncompressed_size;
    return entry_content(entry, job.stored, codecs, buffer);
}

Result<std::vector<std::uint8_t>> member_bytes(const MemberJob& job, const DecompressorRegistry& codecs,
                                               std::string& skip) {
    std::vector<std::uint8_t> buffer;
    MP_TRY_ASSIGN(const Bytes content, member_content(job, codecs, skip, buffer));
    return owned_copy(content, std::move(buffer));
}

std::unique_ptr<OpenedGroup> list_group(const Group& group, const DecompressorRegistry& codecs) {
    auto g = std::make_unique<OpenedGroup>();
    if (group.binder) open_binder(*group.binder, codecs, *g);
    else open_loose(group, *g);
    // A binder that shrank while its header was read (shrink_guard.h) lists what zeros made of
    // it: the binder is that error instead, and none of its members is read.
    if (group.binder)
        for (const MappedFile& m : g->maps)
            if (const Status shrank = shrank_error(m.bytes()); !shrank.ok()) {
                g->jobs.clear();
                g->failures.assign(1, failed(group.binder->rel_path, group.binder->set, shrank.error()));
                break;
            }
    std::sort(g->jobs.begin(), g->jobs.end(), [](const MemberJob& a, const MemberJob& b) { return a.path < b.path; });
    return g;
}

// The bytes of a member a decoder reads through: a valid DCX header and its stated payload, or a
// tagfile's or compendium's root section (its size word); nothing for anything else.
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

void populate_members(const OpenedGroup& g) {
    for (const MemberJob& job : g.jobs) populate_pages(readable_part(job.stored));
}

std::unique_ptr<OpenedGroup> open_group(const Group& group, const DecompressorRegistry& codecs,
                                        std::unique_ptr<OpenedGroup> listed) {
    std::unique_ptr<OpenedGroup> g = listed ? std::move(listed) : list_group(group, codecs);
    populate_members(*g);
    g->job_status.resize(g->jobs.size());
    register_compendiums(codecs, *g);
    register_compendium_context(group, codecs, *g);
    return g;
}

}  // namespace meshproof
