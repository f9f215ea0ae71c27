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

// Binds the listing's members to the container's bytes (binds_to said they lie in it).
void bind_members(BinderListing& listing, Bytes container, OpenedGroup& g) {
    g.jobs.reserve(listing.members.size());
    for (ListedMember& m : listing.members) {
        MemberJob job{std::move(m.path), std::move(m.set), container.subspan(m.offset, m.size)};
        job.entry_compressed = m.entry_compressed;
        job.uncompressed_size = m.uncompressed_size;
        job.is_compendium = m.is_compendium;
        g.jobs.push_back(std::move(job));
    }
}

// Whether `listing`, the count's, holds for the container the run read: its table was read and
// every range was checked against a container of this size (a file may change between the two).
bool binds_to(const BinderListing& listing, Bytes container) {
    if (!listing.table_read || listing.container_size != container.size()) return false;
    return std::all_of(listing.members.begin(), listing.members.end(),
                       [&](const ListedMember& m) { return in_range(m.offset, m.size, container.size()); });
}

// The group's statuses and jobs once its container is read: the listing's failures, then its
// members bound to `container` (when the table was read).
void take_listing(BinderListing&& listing, Bytes container, OpenedGroup& g) {
    if (listing.table_read) bind_members(listing, container, g);
    for (MemberStatus& s : listing.failures) g.failures.push_back(std::move(s));
}

// A container that shrank while the run read it (shrink_guard.h) gave zeros: the binder is that
// error instead, and none of its members is read.
void unless_shrunk(const InputFile& in, Bytes read, OpenedGroup& g) {
    if (const Status shrank = shrank_error(read); !shrank.ok()) {
        g.jobs.clear();
        g.failures.assign(1, decode_error_status(in.rel_path, in.set, shrank.error()));
    }
}

// A split binder: its data file mapped, the listing bound to it (listed from the header file when
// none holds).
void open_split_binder(const InputFile& in, std::optional<BinderListing> listed, OpenedGroup& g) {
    auto data = MappedFile::open(in.data_path);
    if (!listed || !data.ok() || !binds_to(*listed, data->bytes()))
        listed = list_split_binder(
            in, data.ok() ? Result<std::uint64_t>(data->size()) : Result<std::uint64_t>(data.error()));
    g.file_bytes = listed->file_bytes;
    if (!data.ok()) {
        take_listing(std::move(*listed), {}, g);
        return;
    }
    if (listed->table_read)
        if (Status st = check_bdf4(data->bytes()); !st.ok())
            listed = binder_failure(decode_error_status(in.rel_path, in.set, st.error()));
    take_listing(std::move(*listed), data->bytes(), g);
    unless_shrunk(in, data->bytes(), g);
    g.maps.push_back(std::move(*data));
}

// A BND4: its file mapped and, DCX-wrapped, its body inflated (the only time it is), the listing
// bound to the body (listed from it when none holds). A body is owned: its file is let go.
void open_bnd4_binder(const InputFile& in, const DecompressorRegistry& codecs, std::optional<BinderListing> listed,
                      OpenedGroup& g) {
    auto file = MappedFile::open(in.path);
    if (!file.ok()) {
        g.failures.push_back(decode_error_status(in.rel_path, in.set, file.error()));
        return;
    }
    g.file_bytes = file->size();
    Bytes container = file->bytes();
    const bool dcx_wrapped = is_dcx(container);
    if (dcx_wrapped) {
        std::string skip;
        auto body = member_bytes(MemberJob{in.rel_path, in.set, container}, codecs, skip);
        if (!skip.empty()) {
            g.failures.push_back(missing_codec_status(in.rel_path, in.set, skip));
            return;
        }
        if (!body.ok()) {
            g.failures.push_back(decode_error_status(in.rel_path, in.set, body.error()));
            return;
        }
        g.owned = std::move(*body);
        container = g.owned;
    }
    if (!listed || !binds_to(*listed, container)) listed = list_bnd4(in, container);
    take_listing(std::move(*listed), container, g);
    unless_shrunk(in, file->bytes(), g);
    if (!dcx_wrapped) g.maps.push_back(std::move(*file));
}

void open_loose(const Group& group, OpenedGroup& g) {
    for (const InputFile* f : group.loose) {
        auto map = MappedFile::open(f->path);
        if (!map.ok()) {
            g.failures.push_back(decode_error_status(f->rel_path, f->set, map.error()));
            continue;
        }
        g.file_bytes += map->size();
        MemberJob job{f->rel_path, f->set, map->bytes()};
        job.is_compendium = f->kind == InputKind::kCompendium;
        g.maps.push_back(std::move(*map));
        g.jobs.push_back(std::move(job));
    }
    std::sort(g.jobs.begin(), g.jobs.end(), [](const MemberJob& a, const MemberJob& b) { return a.path < b.path; });
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
        if (Status st = register_compendium(job, codecs, g, skip); !skip.empty())
            s = missing_codec_status(job.path, job.set, skip);
        else if (!st.ok()) s = decode_error_status(job.path, job.set, st.error());
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

std::unique_ptr<OpenedGroup> bind_group(const Group& group, const DecompressorRegistry& codecs,
                                        std::optional<BinderListing> listed) {
    auto g = std::make_unique<OpenedGroup>();
    if (group.binder == nullptr) open_loose(group, *g);
    else if (group.binder->kind == InputKind::kSplitBinder) open_split_binder(*group.binder, std::move(listed), *g);
    else open_bnd4_binder(*group.binder, codecs, std::move(listed), *g);
    return g;
}

std::unique_ptr<OpenedGroup> open_group(const Group& group, const DecompressorRegistry& codecs,
                                        std::optional<BinderListing> listed) {
    std::unique_ptr<OpenedGroup> g = bind_group(group, codecs, std::move(listed));
    g->job_status.resize(g->jobs.size());
    register_compendiums(codecs, *g);
    register_compendium_context(group, codecs, *g);
    return g;
}

}  // namespace meshproof
