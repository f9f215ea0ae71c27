#include "engine/pipeline/binder_listing.h"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "engine/containers/binder_entry_data.h"
#include "engine/containers/dcx.h"
#include "engine/core/path_text.h"
#include "engine/io/mapped_file.h"

namespace meshproof {
namespace {

bool ends_with_ci(std::string_view s, std::string_view suffix) {
    std::string lower = ascii_lower(s);
    return lower.size() >= suffix.size() && lower.compare(lower.size() - suffix.size(), suffix.size(), suffix) == 0;
}
bool is_compendium_name(std::string_view n) { return ascii_lower(n).find(".compendium") != std::string::npos; }
bool is_tagfile_name(std::string_view n) { return ends_with_ci(n, ".hkx") || ends_with_ci(n, ".hkx.dcx"); }

BinderListing binder_error(const InputFile& in, Error e) {
    return binder_failure(decode_error_status(in.rel_path, in.set, std::move(e)));
}

// A binder whose file shrank while it was read (shrink_guard.h) lists what zeros made of it: the
// binder is that error instead, and none of its members is read.
BinderListing unless_shrunk(const InputFile& in, Bytes read, BinderListing listing) {
    if (const Status shrank = shrank_error(read); !shrank.ok()) return binder_error(in, shrank.error());
    return listing;
}

// A DCX-wrapped binder's table from the first bytes of its body (list_binder).
Result<Binder> table_from_head(Bytes dcx, std::uint64_t body_size, const DecompressorRegistry& codecs) {
    std::vector<std::uint8_t> head_buffer;
    std::uint64_t want = std::min<std::uint64_t>(kFirstTableHead, body_size);
    for (;;) {
        MP_TRY_ASSIGN(const Bytes head, dcx_decompress_head(dcx, codecs, static_cast<std::size_t>(want), head_buffer));
        MP_TRY_ASSIGN(std::optional<Binder> table, parse_bnd4_table(head, body_size));
        if (table) return std::move(*table);
        // Never past the whole body: a table there is read, or an error.
        want = std::min<std::uint64_t>(body_size, std::max<std::uint64_t>(want, head.size()) * 2);
    }
}

BinderListing list_dcx_binder_head(const InputFile& in, Bytes dcx, const DecompressorRegistry& codecs) {
    auto header = parse_dcx_header(dcx);
    if (!header.ok()) return binder_error(in, header.error());
    if (codecs.find(header->codec) == nullptr)
        return binder_failure(missing_codec_status(in.rel_path, in.set, "unsupported compression " + header->codec));
    auto table = table_from_head(dcx, header->uncompressed_size, codecs);
    if (!table.ok()) return binder_error(in, table.error());
    return list_entries(in, *table, header->uncompressed_size);
}

}  // namespace

BinderListing binder_failure(MemberStatus status) {
    BinderListing out;
    out.failures.push_back(std::move(status));
    return out;
}

BinderListing list_entries(const InputFile& in, const Binder& binder, std::uint64_t container_size) {
    BinderListing out;
    out.table_read = true;
    out.container_size = container_size;
    const bool fixed_set = is_fixed_set(in.set);
    for (const BinderEntry& e : binder.entries) {
        std::string_view name = e.name_last_component();
        if (!is_tagfile_name(name) && !is_compendium_name(name)) continue;
        ListedMember m{in.rel_path + " :: " + std::string(name), fixed_set ? in.set : set_from_name(name, in.set)};
        if (Status in_container = check_entry_range(e, container_size); !in_container.ok()) {
            out.failures.push_back(decode_error_status(std::move(m.path), std::move(m.set), in_container.error()));
            continue;
        }
        m.offset = e.data_offset;
        m.size = e.compressed_size;
        m.entry_compressed = e.compressed();
        m.uncompressed_size = e.uncompressed_size.value_or(0);
        m.is_compendium = is_compendium_name(name);
        out.members.push_back(std::move(m));
    }
    std::sort(out.members.begin(), out.members.end(),
              [](const ListedMember& a, const ListedMember& b) { return a.path < b.path; });
    return out;
}

BinderListing list_split_binder(const InputFile& in, const Result<std::uint64_t>& data_size) {
    auto header = MappedFile::open(in.path);
    if (!header.ok()) return binder_error(in, header.error());
    BinderListing out;
    if (!data_size.ok()) {
        out = binder_error(in, data_size.error());
    } else {
        auto binder = parse_bhf4(header->bytes());
        out = binder.ok() ? list_entries(in, *binder, *data_size) : binder_error(in, binder.error());
        out = unless_shrunk(in, header->bytes(), std::move(out));
    }
    out.file_bytes = header->size() + (data_size.ok() ? *data_size : 0);
    return out;
}

BinderListing list_bnd4(const InputFile& in, Bytes bnd4) {
    auto binder = parse_bnd4(bnd4);
    if (!binder.ok()) return binder_error(in, binder.error());
    return list_entries(in, *binder, bnd4.size());
}

BinderListing list_binder(const InputFile& in, const DecompressorRegistry& codecs) {
    if (in.kind == InputKind::kSplitBinder) {
        std::error_code ec;
        const std::uint64_t size = std::filesystem::file_size(in.data_path, ec);
        if (ec) return list_split_binder(in, make_error(ErrorCode::kIo, 0, "cannot stat: " + ec.message()));
        return list_split_binder(in, size);
    }
    auto file = MappedFile::open(in.path);
    if (!file.ok()) return binder_error(in, file.error());
    BinderListing out =
        is_dcx(file->bytes()) ? list_dcx_binder_head(in, file->bytes(), codecs) : list_bnd4(in, file->bytes());
    return unless_shrunk(in, file->bytes(), std::move(out));
}

}  // namespace meshproof
