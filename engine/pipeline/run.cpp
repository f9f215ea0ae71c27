#include "engine/pipeline/run.h"

#include <algorithm>
#include <map>
#include <memory>

#include <fmt/format.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>

#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/dcx.h"
#include "engine/containers/default_decompressors.h"
#include "engine/io/mapped_file.h"
#include "engine/mesh/decode_member.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof {

std::string_view member_state_name(MemberState s) {
    switch (s) {
        case MemberState::kOk: return "ok";
        case MemberState::kDecodeError: return "decode_error";
        case MemberState::kSkipped: return "skipped";
    }
    return "ok";
}

std::uint64_t RunResult::count(MemberState s) const {
    return static_cast<std::uint64_t>(
        std::count_if(members.begin(), members.end(), [s](const MemberStatus& m) { return m.state == s; }));
}

bool RunResult::any_violation() const {
    for (const auto& p : passes)
        for (const auto& c : p.pass->info().counters)
            if (c.violation && p.tally.total(c.name) > 0) return true;
    return false;
}

namespace {
namespace fs = std::filesystem;

// A group of members read together: one binder, or the loose tagfiles of one folder (whose
// compendiums are siblings, like a binder's compendium member).
struct Group {
    std::string path;                     // binder rel_path, or the folder for loose files
    const InputFile* binder = nullptr;    // null for a loose group
    std::vector<const InputFile*> loose;  // loose tagfiles and compendiums
};

struct MemberJob {
    std::string path;      // game terms
    std::string name;      // member or file name
    std::string set;
    Bytes stored;          // the bytes as stored (DCX or raw), into a mapping or an owned buffer
    bool entry_compressed = false;
    std::uint64_t uncompressed_size = 0;
    bool is_compendium = false;
};

bool ends_with_ci(std::string_view s, std::string_view suffix) {
    std::string lower = ascii_lower(s);
    return lower.size() >= suffix.size() && lower.compare(lower.size() - suffix.size(), suffix.size(), suffix) == 0;
}
bool is_compendium_name(std::string_view n) { return ascii_lower(n).find(".compendium") != std::string::npos; }
bool is_tagfile_name(std::string_view n) { return ends_with_ci(n, ".hkx") || ends_with_ci(n, ".hkx.dcx"); }

constexpr std::string_view kKrakenRemedy =
    "meshproof has no decoder for this codec yet; unpack the member with a tool that has one "
    "(e.g. WitchyBND) and verify the unpacked files";

// Decompresses a member's stored bytes. Returns a skip reason in `skip` when the codec is missing.
Result<std::vector<std::uint8_t>> member_bytes(const MemberJob& job, const DecompressorRegistry& codecs,
                                               std::string& skip) {
    if (is_dcx(job.stored)) {
        MP_TRY_ASSIGN(DcxHeader header, parse_dcx_header(job.stored));
        if (codecs.find(header.codec) == nullptr) {
            skip = "unsupported compression " + header.codec;
            return std::vector<std::uint8_t>{};
        }
        return dcx_decompress(job.stored, codecs);
    }
    BinderEntry entry;
    entry.flags = job.entry_compressed ? binder_entry_flags::kCompressed : 0;
    entry.compressed_size = job.stored.size();
    if (job.uncompressed_size) entry.uncompressed_size = job.uncompressed_size;
    return entry_decompressed_bytes(entry, job.stored, codecs);
}

class Runner {
public:
    Runner(const RunOptions& options, const DecompressorRegistry& codecs, std::vector<const Pass*> passes)
        : options_(options), codecs_(codecs), passes_(std::move(passes)) {}

    // Processes one group; returns its member statuses in name order. Thread-safe.
    std::vector<MemberStatus> run_group(const Group& group, std::uint64_t group_index);

    tbb::enumerable_thread_specific<std::vector<Tally>>& tallies() { return tallies_; }

private:
    void process(const MemberJob& job, std::uint64_t ordinal, const tagfile::CompendiumRegistry& registry,
                 const std::string& compendium_skip, MemberStatus& status);

    const RunOptions& options_;
    const DecompressorRegistry& codecs_;
    std::vector<const Pass*> passes_;
    tbb::enumerable_thread_specific<std::vector<Tally>> tallies_{[this] { return std::vector<Tally>(passes_.size()); }};
};

void Runner::process(const MemberJob& job, std::uint64_t ordinal, const tagfile::CompendiumRegistry& registry,
                     const std::string& compendium_skip, MemberStatus& status) {
    status.path = job.path;
    status.set = job.set;
    std::string skip;
    auto bytes = member_bytes(job, codecs_, skip);
    if (!skip.empty()) {
        status.state = MemberState::kSkipped;
        status.skip_reason = skip;
        status.remedy = std::string(kKrakenRemedy);
        return;
    }
    if (!bytes.ok()) {
        status.state = MemberState::kDecodeError;
        status.error = bytes.error();
        return;
    }
    if (job.is_compendium) return;  // parsed when the group opened; its status is set there
    auto tf = tagfile::parse_tagfile(*bytes, &registry);
    if (!tf.ok()) {
        if (!compendium_skip.empty() && tf.error().code == ErrorCode::kBadType) {
            status.state = MemberState::kSkipped;
            status.skip_reason = "its compendium was not decoded: " + compendium_skip;
            status.remedy = std::string(kKrakenRemedy);
            return;
        }
        status.state = MemberState::kDecodeError;
        status.error = tf.error();
        return;
    }
    auto decoded = mesh::decode_member(*tf);
    if (!decoded.ok()) {
        status.state = MemberState::kDecodeError;
        status.error = decoded.error();
        return;
    }
    Unit unit;
    unit.mesh = &*decoded;
    unit.path = job.path;
    unit.set = job.set;
    unit.game = options_.game.value_or(Game::kUnknown);
    unit.ordinal = ordinal;
    unit.tagfile = &*tf;
    auto& tallies = tallies_.local();
    const std::string scope = fmt::format("{}/{}", game_name(unit.game), job.set);
    for (std::size_t p = 0; p < passes_.size(); ++p) {
        tallies[p].begin_unit(scope, ordinal);
        passes_[p]->run(unit, tallies[p]);
    }
}

std::vector<MemberStatus> Runner::run_group(const Group& group, std::uint64_t group_index) {
    std::vector<MemberStatus> statuses;
    std::vector<MemberJob> jobs;
    std::vector<MappedFile> maps;
    std::vector<std::uint8_t> owned;   // a DCX-wrapped binder, decompressed
    std::uint64_t group_bytes = 0;

    auto fail_group = [&](const Error& e) {
        MemberStatus s;
        s.path = group.path;
        s.set = group.binder ? group.binder->set : "loose";
        s.state = MemberState::kDecodeError;
        s.error = e;
        statuses.push_back(std::move(s));
        if (options_.progress) options_.progress->members_done += 1;
    };

    if (group.binder) {
        const InputFile& in = *group.binder;
        auto header = MappedFile::open(in.path);
        if (!header.ok()) {
            fail_group(header.error());
            return statuses;
        }
        group_bytes += header->size();
        Bytes container;
        Result<Binder> binder = make_error(ErrorCode::kInternal, 0, "unset");
        if (in.kind == InputKind::kSplitBinder) {
            auto data = MappedFile::open(in.data_path);
            if (!data.ok()) {
                fail_group(data.error());
                return statuses;
            }
            group_bytes += data->size();
            binder = parse_bhf4(header->bytes());
            if (binder.ok()) {
                if (auto st = check_bdf4(data->bytes()); !st.ok()) binder = st.error();
            }
            container = data->bytes();
            maps.push_back(std::move(*header));
            maps.push_back(std::move(*data));
        } else {
            Bytes raw = header->bytes();
            if (is_dcx(raw)) {
                std::string skip;
                MemberJob whole{in.rel_path, in.rel_path, in.set, raw};
                auto body = member_bytes(whole, codecs_, skip);
                if (!skip.empty()) {
                    MemberStatus s;
                    s.path = in.rel_path;
                    s.set = in.set;
                    s.state = MemberState::kSkipped;
                    s.skip_reason = skip;
                    s.remedy = std::string(kKrakenRemedy);
                    statuses.push_back(std::move(s));
                    if (options_.progress) options_.progress->bytes_done += group_bytes;
                    return statuses;
                }
                if (!body.ok()) {
                    fail_group(body.error());
                    return statuses;
                }
                owned = std::move(*body);
                container = owned;
            } else {
                container = raw;
            }
            binder = parse_bnd4(container);
            maps.push_back(std::move(*header));
        }
        if (!binder.ok()) {
            fail_group(binder.error());
            if (options_.progress) options_.progress->bytes_done += group_bytes;
            return statuses;
        }
        for (const BinderEntry& e : binder->entries) {
            std::string_view name = e.name_last_component();
            if (!is_tagfile_name(name) && !is_compendium_name(name)) continue;
            auto stored = entry_stored_bytes(e, container);
            MemberJob job{in.rel_path + " :: " + std::string(name), std::string(name), set_from_name(name, in.set),
                          stored.ok() ? *stored : Bytes{}};
            if (in.set == "object" || in.set == "asset") job.set = in.set;
            job.entry_compressed = e.compressed();
            job.uncompressed_size = e.uncompressed_size.value_or(0);
            job.is_compendium = is_compendium_name(name);
            if (!stored.ok()) {
                MemberStatus s;
                s.path = job.path;
                s.set = job.set;
                s.state = MemberState::kDecodeError;
                s.error = stored.error();
                statuses.push_back(std::move(s));
                continue;
            }
            jobs.push_back(std::move(job));
        }
    } else {
        for (const InputFile* f : group.loose) {
            auto map = MappedFile::open(f->path);
            std::string name = fs::path(f->path).filename().string();
            if (!map.ok()) {
                MemberStatus s;
                s.path = f->rel_path;
                s.set = f->set;
                s.state = MemberState::kDecodeError;
                s.error = map.error();
                statuses.push_back(std::move(s));
                continue;
            }
            group_bytes += map->size();
            MemberJob job{f->rel_path, name, f->set, map->bytes()};
            job.is_compendium = f->kind == InputKind::kCompendium;
            maps.push_back(std::move(*map));
            jobs.push_back(std::move(job));
        }
    }
    std::sort(jobs.begin(), jobs.end(), [](const MemberJob& a, const MemberJob& b) { return a.path < b.path; });
    if (options_.progress) options_.progress->members_known += jobs.size();

    // Compendiums first, serially: every tagfile of the group resolves its TCRF against them.
    tagfile::CompendiumRegistry registry;
    std::string compendium_skip;
    std::vector<MemberStatus> member_status(jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (!jobs[i].is_compendium) continue;
        MemberStatus& s = member_status[i];
        s.path = jobs[i].path;
        s.set = jobs[i].set;
        std::string skip;
        auto bytes = member_bytes(jobs[i], codecs_, skip);
        if (!skip.empty()) {
            s.state = MemberState::kSkipped;
            s.skip_reason = skip;
            s.remedy = std::string(kKrakenRemedy);
            compendium_skip = skip;
            continue;
        }
        if (!bytes.ok()) {
            s.state = MemberState::kDecodeError;
            s.error = bytes.error();
            continue;
        }
        auto compendium = tagfile::parse_compendium(*bytes);
        if (!compendium.ok()) {
            s.state = MemberState::kDecodeError;
            s.error = compendium.error();
            continue;
        }
        // The same compendium can be present twice (h.compendium beside h.compendium.dcx);
        // a copy whose IDs are all known adds nothing.
        bool all_known = std::all_of(compendium->ids.begin(), compendium->ids.end(),
                                     [&](tagfile::CompendiumId id) { return registry.find(id) != nullptr; });
        if (!all_known) {
            if (auto st = registry.add(*compendium); !st.ok()) {
                s.state = MemberState::kDecodeError;
                s.error = st.error();
            }
        }
    }

    tbb::parallel_for(std::size_t{0}, jobs.size(), [&](std::size_t i) {
        if (!jobs[i].is_compendium)
            process(jobs[i], (group_index << 32) | i, registry, compendium_skip, member_status[i]);
        if (options_.progress) {
            options_.progress->members_done += 1;
            options_.progress->bytes_done += jobs[i].stored.size();
        }
    });
    if (options_.progress) {
        std::uint64_t members = 0;
        for (const auto& j : jobs) members += j.stored.size();
        options_.progress->bytes_done += group_bytes > members ? group_bytes - members : 0;
    }
    for (auto& s : member_status) statuses.push_back(std::move(s));
    return statuses;
}

}  // namespace

Result<RunResult> run_verify(const fs::path& root, const RunOptions& options) {
    // Passes: all registered, or the named ones (an unknown name is a configuration error).
    std::vector<const Pass*> passes;
    if (options.passes.empty()) {
        passes = PassRegistry::global().all();
    } else {
        for (const auto& name : options.passes) {
            const Pass* p = PassRegistry::global().find(name);
            if (p == nullptr) {
                std::string known;
                for (const Pass* q : PassRegistry::global().all()) known += (known.empty() ? "" : ", ") + q->info().name;
                return make_error(ErrorCode::kBadHeader, 0, "unknown pass '" + name + "' (known: " + known + ")");
            }
            if (std::find(passes.begin(), passes.end(), p) == passes.end()) passes.push_back(p);
        }
        std::sort(passes.begin(), passes.end(), [](const Pass* a, const Pass* b) { return a->info().name < b->info().name; });
    }

    MP_TRY_ASSIGN(InstallScan scan, scan_install(root, options.game));
    RunOptions effective = options;
    effective.game = scan.game;

    DecompressorRegistry default_codecs;
    const DecompressorRegistry* codecs = options.decompressors;
    if (codecs == nullptr) {
        default_codecs = default_decompressors();
        codecs = &default_codecs;
    }

    std::unique_ptr<tbb::global_control> limit;
    if (options.threads > 0)
        limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                      static_cast<std::size_t>(options.threads));

    // Groups in path order: binders by their path, loose files by their folder.
    std::vector<Group> groups;
    std::map<std::string, std::size_t> loose_group;
    RunResult result;
    std::vector<MemberStatus> sur_skips;
    std::uint64_t total_bytes = 0;
    for (const InputFile& in : scan.inputs) {
        std::error_code ec;
        total_bytes += fs::file_size(in.path, ec);
        if (!in.data_path.empty()) total_bytes += fs::file_size(in.data_path, ec);
        switch (in.kind) {
            case InputKind::kSplitBinder:
            case InputKind::kBinder:
                groups.push_back(Group{in.rel_path, &in, {}});
                ++result.binders;
                break;
            case InputKind::kTagfile:
            case InputKind::kCompendium: {
                std::string folder = fs::path(in.rel_path).parent_path().generic_string();
                auto [it, inserted] = loose_group.try_emplace(folder, groups.size());
                if (inserted) groups.push_back(Group{folder, nullptr, {}});
                groups[it->second].loose.push_back(&in);
                break;
            }
            case InputKind::kSur: {
                MemberStatus s;
                s.path = in.rel_path;
                s.set = in.set;
                s.state = MemberState::kSkipped;
                s.skip_reason = "no .sur reader yet";
                s.remedy = "the Freelancer .sur family is not implemented in this version";
                sur_skips.push_back(std::move(s));
                break;
            }
        }
    }
    if (options.progress) options.progress->bytes_total = total_bytes;

    Runner runner(effective, *codecs, passes);
    std::vector<std::vector<MemberStatus>> per_group(groups.size());
    tbb::parallel_for(std::size_t{0}, groups.size(), [&](std::size_t g) { per_group[g] = runner.run_group(groups[g], g); });

    for (auto& list : per_group)
        for (auto& s : list) result.members.push_back(std::move(s));
    for (auto& s : sur_skips) result.members.push_back(std::move(s));
    std::stable_sort(result.members.begin(), result.members.end(),
                     [](const MemberStatus& a, const MemberStatus& b) { return a.path < b.path; });

    for (std::size_t p = 0; p < passes.size(); ++p) {
        PassResult pr;
        pr.pass = passes[p];
        for (const auto& local : runner.tallies()) pr.tally.merge(local[p]);
        result.passes.push_back(std::move(pr));
    }
    for (const auto& c : codecs->codecs()) {
        const Decompressor* d = codecs->find(c);
        result.decompressors.push_back(fmt::format("{} ({})", c, d->library_version()));
    }
    result.scan = std::move(scan);
    if (options.progress) options.progress->finished = true;
    return result;
}

}  // namespace meshproof
