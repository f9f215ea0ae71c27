#include "engine/pipeline/unit_runner.h"
#include "engine/pipeline/member_pages.h"

#include <algorithm>
#include <atomic>

#include <fmt/format.h>
#include <oneapi/tbb/parallel_for.h>

#include "engine/core/deadline.h"
#include "engine/core/thread_memory.h"
#include "engine/io/shrink_guard.h"
#include "engine/mesh/decode_member.h"
#include "engine/pipeline/collision_content.h"
#include "engine/tagfile/tagfile.h"

// The Havok member runner: a group opened, its members in parallel, each inflated, parsed,
// decoded and handed to every pass of a Havok family (and to the joining passes' extracts).
namespace meshproof {

namespace {

// Triangles of a decoded member: its compressed meshes' and its extern meshes'.
std::uint64_t triangle_count(const mesh::DecodedMember& m) {
    std::uint64_t n = 0;
    for (const auto& mesh : m.meshes) n += mesh.triangles.size();
    for (const auto& ext : m.extern_meshes) n += ext.triangle_count();
    return n;
}

}  // namespace

// The one place a member's file is asked whether it shrank while it was read (shrink_guard.h):
// after everything that read it, decoders and passes alike, and before its counts are kept. Such a
// member is that error, whatever its zeros made of it (a decode error, no collision, a skip or
// counts), and what the passes counted of it is discarded, as for a timeout.
void UnitRunner::process(const MemberJob& job, std::uint64_t ordinal, const OpenedGroup& group, Game game,
                         MemberStatus& status, const std::vector<std::string>& keys,
                         std::vector<std::unique_ptr<JoinExtract>>* extracts) {
    std::vector<TallyScope> sub_scopes;
    std::uint64_t triangles = 0;
    const bool unit_open =
        decode_and_run_passes(job, ordinal, group, game, status, keys, extracts, sub_scopes, triangles);
    hand_back_if_large(buffers_.local());
    // After a large unit its arrays are freed (scratch_release.h); a run of many threads hands
    // them back to the system too, rather than each thread keeping its last large unit's pages.
    if (scratch_bound_lowered() && is_large_unit(triangles)) trim_thread_memory();
    if (const Status shrank = shrank_error(job.stored); !shrank.ok()) {
        status.state = MemberState::kDecodeError;
        status.error = shrank.error();
        status.skip_reason.clear();
        status.remedy.clear();
        status.not_collision = false;
        if (!unit_open) return;
        if (extracts != nullptr)
            for (auto& e : *extracts) e.reset();
        discard_unit_through(tallies_.local(), havok_passes_, havok_passes_.size() - 1);
        return;
    }
    if (unit_open) collect_findings(tallies_.local(), havok_passes_, status);
    if (unit_open && !sub_scopes.empty())
        for (std::size_t p : havok_passes_) tallies_.local()[p].end_unit(sub_scopes);
}

bool UnitRunner::decode_and_run_passes(const MemberJob& job, std::uint64_t ordinal, const OpenedGroup& group, Game game,
                                       MemberStatus& status, const std::vector<std::string>& keys,
                                       std::vector<std::unique_ptr<JoinExtract>>* extracts,
                                       std::vector<TallyScope>& sub_scopes, std::uint64_t& triangles_out) {
    auto fail = [&](Error e) {
        status.state = MemberState::kDecodeError;
        status.error = std::move(e);
        return false;
    };
    UnitClock clock(timing_, job.path);
    const ScopedDeadline deadline(options_.member_timeout);
    auto timed_out = [&](std::string_view stage) {
        if (!deadline_passed()) return false;
        fail(timeout_error(options_.member_timeout, stage));
        return true;
    };
    std::string skip;
    auto bytes = member_content(job, codecs_, skip, buffers_.local());
    clock.stage(Stage::kInflate);
    if (!skip.empty()) {
        status.state = MemberState::kSkipped;
        status.skip_reason = skip;
        status.remedy = kMissingCodecRemedy;
        return false;
    }
    if (!bytes.ok()) return fail(bytes.error());
    if (timed_out("after decompression")) return false;
    // A member selected by content (a character binder's) that is no TAG0 or declares no
    // compressed mesh is not collision: read, counted, left out of the passes.
    const bool by_content = selects_by_content(job.set);
    if (by_content && !opens_as_tag0(*bytes)) {
        status.not_collision = true;
        return false;
    }
    auto tf = tagfile::parse_tagfile(*bytes, &group.compendiums);
    clock.stage(Stage::kTagfile);
    if (by_content && tf.ok() && !declares_compressed_mesh(*tf)) {
        status.not_collision = true;
        return false;
    }
    if (!tf.ok()) {
        if (!group.compendium_skip.empty() && tf.error().code == ErrorCode::kBadType) {
            status.state = MemberState::kSkipped;
            status.skip_reason = "its compendium was not decoded: " + group.compendium_skip;
            status.remedy = kMissingCodecRemedy;
            return false;
        }
        return fail(tf.error());
    }
    if (timed_out("after the tagfile was parsed")) return false;
    MemberLease lease(decoded_.local());
    mesh::DecodedMember& decoded = lease.member();
    const Status decoding = mesh::decode_member_into(*tf, decoded);
    clock.stage(Stage::kMesh);
    if (!decoding.ok()) {
        lease.hand_back();
        return fail(decoding.error());
    }
    const std::uint64_t triangles = triangle_count(decoded);
    triangles_out = triangles;
    lease.hand_back_if_large(triangles);
    if (timed_out("after the mesh was decoded")) return false;
    if (by_content && !holds_compressed_mesh(decoded)) {
        status.not_collision = true;
        return false;
    }
    clock.decoded(bytes->size(), triangles);

    Unit unit;
    unit.path = job.path;
    unit.set = job.set;
    unit.game = game;
    unit.ordinal = ordinal;
    unit.tagfile = &*tf;
    unit.mesh = &decoded;
    unit.triangles = triangles;
    unit.bytes = *bytes;
    auto& tallies = tallies_.local();
    const TallyScope own{std::string(game_name(game)), job.set, {}};
    sub_scopes = file_sub_scopes(own, job.path);
    clock.skip();
    for (std::size_t i = 0; i < havok_passes_.size(); ++i) {
        const std::size_t p = havok_passes_[i];
        tallies[p].begin_unit(own, ordinal, !sub_scopes.empty());
        passes_[p]->run(unit, tallies[p]);
        clock.pass(p);
        if (deadline_passed()) {  // the stage's name is formatted only when it is needed
            fail(timeout_error(options_.member_timeout, fmt::format("in pass {}", passes_[p]->info().name)));
            discard_unit_through(tallies, havok_passes_, i);
            return false;
        }
    }
    if (extracts != nullptr) {
        for (std::size_t j = 0; j < joining_.size(); ++j)
            if (!keys[j].empty()) {
                (*extracts)[j] = passes_[joining_[j]]->extract(unit);
                clock.pass(joining_[j]);  // an extract is its pass's work on the unit
            }
        if (deadline_passed()) {
            fail(timeout_error(options_.member_timeout, "while the joining passes took their extracts"));
            for (auto& e : *extracts) e.reset();
            discard_unit_through(tallies, havok_passes_, havok_passes_.size() - 1);
            return false;
        }
    }
    return !havok_passes_.empty();
}

GroupOutcome UnitRunner::run_group(const Group& group, std::uint64_t group_index, Game game,
                                   const std::vector<std::string>& keys, const std::string& map,
                                   std::optional<BinderListing> listed) {
    Lap open(timing_.cpu());
    const std::uint64_t counted = listed ? listed->statuses() : 0;
    const bool was_counted = listed.has_value();
    std::unique_ptr<OpenedGroup> g = open_group(group, codecs_, std::move(listed));
    timing_.local().stage[static_cast<std::size_t>(Stage::kOpen)] += open.next();
    Progress* progress = options_.progress;
    // The count could not see what the run found (count_members.h): the total follows the run, so
    // that it equals the members done at the end (unsigned wrap-around adds a negative difference).
    if (progress && was_counted) progress->members_total += g->jobs.size() + g->failures.size() - counted;
    // Bytes of progress per member: its stored size, scaled down when the members' stored bytes
    // exceed the group's files (a DCX-wrapped binder's members lie in its inflated body), so a
    // group never advances the byte count past its own files.
    std::uint64_t member_bytes = 0;
    for (const auto& j : g->jobs) member_bytes += j.stored.size();
    const double byte_scale = member_bytes > g->file_bytes ? double(g->file_bytes) / double(member_bytes) : 1.0;
    std::atomic<std::uint64_t> advanced{0};
    const bool joined = std::any_of(keys.begin(), keys.end(), [](const std::string& k) { return !k.empty(); });
    std::vector<std::vector<std::unique_ptr<JoinExtract>>> extracts(joined ? g->jobs.size() : 0);
    for (auto& e : extracts) e.resize(joining_.size());

    // Members in parallel (nested in the parallel loop over groups): each task holds only its
    // own decompressed bytes and the group only the mapped blocks its running members read
    // (member_pages.h), so memory stays bounded by the number of threads.
    MemberPages pages(*g);
    tbb::parallel_for(std::size_t{0}, g->jobs.size(), [&](std::size_t i) {
        const MemberJob& job = g->jobs[i];
        if (!job.is_compendium) {
            pages.begin(i);
            process(job, (group_index << 32) | i, *g, game, g->job_status[i], keys, joined ? &extracts[i] : nullptr);
        }
        pages.end(i);
        if (progress) {
            const auto step = static_cast<std::uint64_t>(double(job.stored.size()) * byte_scale);
            progress->members_done += 1;
            progress->bytes_done += step;
            advanced += step;
        }
    });

    std::vector<MemberStatus> statuses = std::move(g->failures);
    if (progress) {
        progress->members_done += statuses.size();
        progress->bytes_done += g->file_bytes > advanced ? g->file_bytes - advanced : 0;
    }
    GroupOutcome out;
    out.items.resize(joining_.size());
    for (std::size_t i = 0; i < extracts.size(); ++i)
        for (std::size_t j = 0; j < joining_.size(); ++j)
            if (extracts[i][j]) {
                const MemberJob& job = g->jobs[i];
                out.items[j].push_back(
                    JoinItem{job.path, job.set, map, game, (group_index << 32) | i, std::move(extracts[i][j])});
            }
    for (auto& s : g->job_status) statuses.push_back(std::move(s));
    out.statuses = std::move(statuses);
    return out;
}

}  // namespace meshproof
