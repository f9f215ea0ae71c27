#include "engine/pipeline/run.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>
#include <span>
#include <tuple>

#include <fmt/format.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "engine/core/path_text.h"
#include "engine/core/deadline.h"
#include "engine/io/mapped_file.h"
#include "engine/io/sibling_model.h"
#include "engine/io/shrink_guard.h"
#include "engine/mesh/decode_member.h"
#include "engine/pipeline/collision_content.h"
#include "engine/pipeline/count_members.h"
#include "engine/pipeline/game_from_tagfiles.h"
#include "engine/pipeline/join_waves.h"
#include "engine/pipeline/member_group.h"
#include "engine/pipeline/place_scope.h"
#include "engine/pipeline/run_setup.h"
#include "engine/pipeline/timing_collector.h"
#include "engine/sur/sur_file.h"
#include "engine/tagfile/tagfile.h"
#include "engine/utf/model.h"

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

namespace {

// `component` is `name`, or `name` followed by '.' (extensions); ASCII case ignored, as the
// games' own file systems do.
bool component_names(std::string_view component, std::string_view name) {
    if (name.empty() || component.size() < name.size()) return false;
    for (std::size_t i = 0; i < name.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(component[i])) != std::tolower(static_cast<unsigned char>(name[i]))) return false;
    return component.size() == name.size() || component[name.size()] == '.';
}

// The last component of a path; "__" separates too (the shared corpus flattens a file's game
// path that way: equipment__models__commodities__crates__pod_drab.sur).
std::string_view last_component(std::string_view p) {
    std::size_t cut = p.find_last_of("/\\");
    p = cut == std::string_view::npos ? p : p.substr(cut + 1);
    cut = p.rfind("__");
    return cut == std::string_view::npos ? p : p.substr(cut + 2);
}

}  // namespace

namespace {

bool path_names_one_file(std::string_view unit_path, std::string_view name) {
    // "binder :: member/path": the binder's file name and the member's last component; a loose
    // file: its own last component.
    const std::size_t sep = unit_path.find(" :: ");
    if (sep == std::string_view::npos) return component_names(last_component(unit_path), name);
    return component_names(last_component(unit_path.substr(0, sep)), name) ||
           component_names(last_component(unit_path.substr(sep + 4)), name);
}

}  // namespace

bool path_names_file(std::string_view unit_path, std::string_view name) {
    // "!A,B": none of them (the document's "the other 367 meshes"); "A,B": any of them.
    const bool none = !name.empty() && name.front() == '!';
    if (none) name.remove_prefix(1);
    if (name.empty() || name.front() == ',' || name.back() == ',' || name.find(",,") != std::string_view::npos) return false;
    bool any = false;
    while (!any) {
        const std::size_t comma = name.find(',');
        any = path_names_one_file(unit_path, name.substr(0, comma));
        if (comma == std::string_view::npos) break;
        name.remove_prefix(comma + 1);
    }
    return any != none;
}

std::uint64_t RunResult::not_collision() const {
    return static_cast<std::uint64_t>(std::count_if(members.begin(), members.end(), [](const MemberStatus& m) { return m.not_collision; }));
}

bool RunResult::any_violation() const {
    for (const auto& p : passes)
        for (const auto& c : p.pass->info().counters)
            if (c.violation && p.tally.total(c.name) > 0) return true;
    return false;
}

namespace {
namespace fs = std::filesystem;

// What one group gave: its member statuses and, per joining pass, its members' extracts.
struct GroupOutcome {
    std::vector<MemberStatus> statuses;
    std::vector<std::vector<JoinItem>> items;   // [joining pass], member (path) order
};

// The units of a join (join.h): each unit(map, set) ends the previous one with its place
// sub-scopes and begins the next; ordinals follow every member's and .sur file's.
class JoinUnits final : public JoinTallies {
public:
    JoinUnits(Tally& tally, Game game, const std::vector<std::string>& map_scopes, std::uint64_t first_ordinal)
        : tally_(tally), game_(game), map_scopes_(map_scopes), ordinal_(first_ordinal) {}
    Tally& unit(std::string_view map_id, std::string_view set) override {
        finish();
        const std::string scope = fmt::format("{}/{}", game_name(game_), set);
        for (const std::string& key : map_scopes_)
            if (map_in_place(map_id, key)) sub_scopes_.push_back(fmt::format("{}{}{}{}", scope, kSubScopeMark, kMapScopePrefix, key));
        tally_.begin_unit(scope, ordinal_++, !sub_scopes_.empty());
        open_ = true;
        return tally_;
    }
    void finish() {
        if (open_ && !sub_scopes_.empty()) tally_.end_unit(sub_scopes_);
        sub_scopes_.clear();
        open_ = false;
    }

private:
    Tally& tally_;
    Game game_;
    const std::vector<std::string>& map_scopes_;
    std::uint64_t ordinal_;
    std::vector<std::string> sub_scopes_;
    bool open_ = false;
};

// Join units are numbered after every member (group << 32 | member) and .sur file.
constexpr std::uint64_t kJoinOrdinalBase = std::uint64_t{1} << 62;

// Fans a group's members out to the passes; each thread keeps one Tally per pass.
class Runner {
public:
    Runner(const RunOptions& options, const DecompressorRegistry& codecs, std::vector<const Pass*> passes)
        : options_(options), codecs_(codecs), passes_(std::move(passes)),
          timing_(passes_.size(), options.timings ? options.timings->slowest_wanted : 0, options.timings != nullptr),
          join_tallies_(sample_capped(passes_.size())) {
        for (std::size_t p = 0; p < passes_.size(); ++p) {
            (passes_[p]->info().family == kSurFamily ? sur_passes_ : havok_passes_).push_back(p);
            if (passes_[p]->info().joins && passes_[p]->info().family != kSurFamily) joining_.push_back(p);
        }
    }
    // The selected passes that join, in pass order (JoinPlan's pass index).
    std::vector<const Pass*> joining_passes() const {
        std::vector<const Pass*> out;
        for (std::size_t p : joining_) out.push_back(passes_[p]);
        return out;
    }

    // Processes one group; returns its member statuses and, for each joining pass whose key
    // `keys[j]` is not empty, its members' extracts. Thread-safe.
    GroupOutcome run_group(const Group& group, std::uint64_t group_index, Game game, const std::vector<std::string>& keys,
                           const std::string& map);
    // Joins one key of joining pass `j` into a Tally of its own (a join may run parallel loops,
    // so it never shares a thread's tally). Thread-safe.
    Tally run_join(std::size_t j, Game game, std::string_view key, std::span<const JoinItem> items, std::uint64_t serial) const;
    // Charges a join step's cost to joining pass j (its thread seconds and the passes stage).
    void charge_join(std::size_t j, double thread_seconds) {
        auto& local = timing_.local();
        local.pass[joining_[j]] += thread_seconds;
        local.stage[static_cast<std::size_t>(Stage::kPasses)] += thread_seconds;
    }
    void add_join(std::size_t j, const Tally& t) { join_tallies_[joining_[j]].merge(t); }
    // Decodes one .sur input (and its sibling model) and hands it to the sur passes; returns
    // its status, then the model's when the model is malformed. Thread-safe.
    std::vector<MemberStatus> run_sur(const InputFile& in, std::uint64_t ordinal, Game game);
    // A .sur input that reached no pass (a decode error): counted under the sur passes' input
    // counters (PassInfo::input_counter) in `scope`, outside any unit. Thread-safe.
    void count_sur_input(const std::string& scope);

    // The pass's tally over every thread and join; its counts over distinct contents folded
    // only then, when every unit's content key is in.
    Tally merged(std::size_t pass) {
        Tally out;
        for (const auto& local : tallies_) out.merge(local[pass]);
        out.merge(join_tallies_[pass]);
        out.fold_distinct();
        return out;
    }
    void merge_timings(RunTimings& out) const { timing_.merge_into(out, passes_); }

private:
    // `extracts` (one slot per joining pass, null when the group is not joined) receives what the
    // joining passes keep of the member; `keys` says which of them join the group.
    void process(const MemberJob& job, std::uint64_t ordinal, const OpenedGroup& group, Game game, MemberStatus& status,
                 const std::vector<std::string>& keys, std::vector<std::unique_ptr<JoinExtract>>* extracts);
    // process() without its last step: true when the passes counted the member and its unit is
    // still open in each thread tally (to be ended under `sub_scopes`, or discarded).
    bool decode_and_run_passes(const MemberJob& job, std::uint64_t ordinal, const OpenedGroup& group, Game game,
                               MemberStatus& status, const std::vector<std::string>& keys,
                               std::vector<std::unique_ptr<JoinExtract>>* extracts, std::vector<std::string>& sub_scopes);
    // The rules the unit just run broke in `order`'s passes, into status.findings.
    void collect_findings(const std::vector<Tally>& tallies, const std::vector<std::size_t>& order, MemberStatus& status) const;
    // `n` tallies keeping the failing locations the run asks for.
    std::vector<Tally> sample_capped(std::size_t n) const {
        std::vector<Tally> out(n);
        for (Tally& t : out) t.set_sample_cap(options_.samples_per_counter);
        return out;
    }
    // The file and place sub-scopes ("scope#file:NAME", "scope#map:KEY") a unit at `path` is also tallied under.
    std::vector<std::string> file_sub_scopes(const std::string& scope, std::string_view path) const;

    const RunOptions& options_;
    const DecompressorRegistry& codecs_;
    std::vector<const Pass*> passes_;
    // Units go only to the passes of their kind: a .sur model to family "sur", a Havok member
    // to every other family (each pass also ignores units it has no decoded data for).
    static constexpr std::string_view kSurFamily = "sur";
    std::vector<std::size_t> havok_passes_, sur_passes_, joining_;
    tbb::enumerable_thread_specific<std::vector<Tally>> tallies_{[this] { return sample_capped(passes_.size()); }};
    // Each thread's decompression buffer, reused member after member (member_content): a member's
    // bytes live only while process() runs, and process() never waits on other tasks, so a thread
    // never holds two members at once.
    tbb::enumerable_thread_specific<std::vector<std::uint8_t>> buffers_;
    TimingCollector timing_;
    std::vector<Tally> join_tallies_;   // per pass: its joins' tallies, merged wave by wave
};

// Triangles of a decoded member: its compressed meshes' and its extern meshes'.
std::uint64_t triangle_count(const mesh::DecodedMember& m) {
    std::uint64_t n = 0;
    for (const auto& mesh : m.meshes) n += mesh.triangles.size();
    for (const auto& ext : m.extern_meshes) n += ext.triangle_count();
    return n;
}

// A member abandoned past its time budget: what passes[0..last] of `order` had counted of it is
// discarded, so the report reads as if it had failed to decode.
void discard_unit_through(std::vector<Tally>& tallies, const std::vector<std::size_t>& order, std::size_t last) {
    for (std::size_t j = 0; j <= last; ++j) tallies[order[j]].discard_unit();
}

Error timeout_error(double seconds, std::string_view stage) {
    return make_error(ErrorCode::kTimeout, 0, fmt::format("abandoned {}: the member ran past its time budget of {} s",
                                                          stage, seconds));
}

// The one place a member's file is asked whether it shrank while it was read (shrink_guard.h):
// after everything that read it, decoders and passes alike, and before its counts are kept. Such a
// member is that error, whatever its zeros made of it (a decode error, no collision, a skip or
// counts), and what the passes counted of it is discarded, as for a timeout.
void Runner::process(const MemberJob& job, std::uint64_t ordinal, const OpenedGroup& group, Game game, MemberStatus& status,
                     const std::vector<std::string>& keys, std::vector<std::unique_ptr<JoinExtract>>* extracts) {
    std::vector<std::string> sub_scopes;
    const bool unit_open = decode_and_run_passes(job, ordinal, group, game, status, keys, extracts, sub_scopes);
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

void Runner::collect_findings(const std::vector<Tally>& tallies, const std::vector<std::size_t>& order, MemberStatus& status) const {
    for (std::size_t p : order) {
        const PassInfo& info = passes_[p]->info();
        const Tally& t = tallies[p];
        auto is_violation = [&](std::string_view name) {
            for (const CounterInfo& c : info.counters)
                if (c.violation && c.name == name) return true;
            return false;
        };
        if (!t.unit_added_any(is_violation)) continue;   // the common case: every rule held
        for (const CounterInfo& c : info.counters) {
            if (!c.violation) continue;
            const std::uint64_t n = t.unit_count(c.name);
            if (n == 0) continue;
            MemberFinding f{info.name, c.name, n, {}, {}};
            if (const Sample* s = t.unit_first_sample(c.name)) {
                f.location = s->location;
                f.detail = s->detail;
            }
            status.findings.push_back(std::move(f));
        }
    }
}

bool Runner::decode_and_run_passes(const MemberJob& job, std::uint64_t ordinal, const OpenedGroup& group, Game game,
                                   MemberStatus& status, const std::vector<std::string>& keys,
                                   std::vector<std::unique_ptr<JoinExtract>>* extracts, std::vector<std::string>& sub_scopes) {
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
    auto decoded = mesh::decode_member(*tf);
    clock.stage(Stage::kMesh);
    if (!decoded.ok()) return fail(decoded.error());
    if (timed_out("after the mesh was decoded")) return false;
    if (by_content && !holds_compressed_mesh(*decoded)) {
        status.not_collision = true;
        return false;
    }
    const std::uint64_t triangles = triangle_count(*decoded);
    clock.decoded(bytes->size(), triangles);

    Unit unit;
    unit.path = job.path;
    unit.set = job.set;
    unit.game = game;
    unit.ordinal = ordinal;
    unit.tagfile = &*tf;
    unit.mesh = &*decoded;
    unit.triangles = triangles;
    unit.bytes = *bytes;
    auto& tallies = tallies_.local();
    const std::string scope = fmt::format("{}/{}", game_name(game), job.set);
    sub_scopes = file_sub_scopes(scope, job.path);
    clock.skip();
    for (std::size_t i = 0; i < havok_passes_.size(); ++i) {
        const std::size_t p = havok_passes_[i];
        tallies[p].begin_unit(scope, ordinal, !sub_scopes.empty());
        passes_[p]->run(unit, tallies[p]);
        clock.pass(p);
        if (deadline_passed()) {   // the stage's name is formatted only when it is needed
            fail(timeout_error(options_.member_timeout, fmt::format("in pass {}", passes_[p]->info().name)));
            discard_unit_through(tallies, havok_passes_, i);
            return false;
        }
    }
    if (extracts != nullptr) {
        for (std::size_t j = 0; j < joining_.size(); ++j)
            if (!keys[j].empty()) {
                (*extracts)[j] = passes_[joining_[j]]->extract(unit);
                clock.pass(joining_[j]);   // an extract is its pass's work on the unit
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

std::vector<std::string> Runner::file_sub_scopes(const std::string& scope, std::string_view path) const {
    std::vector<std::string> out;
    for (const std::string& name : options_.file_scopes)
        if (path_names_file(path, name)) out.push_back(fmt::format("{}{}{}{}", scope, kSubScopeMark, kFileScopePrefix, name));
    if (options_.map_scopes.empty()) return out;
    const std::string map = map_of_path(path);
    for (const std::string& key : options_.map_scopes)
        if (map_in_place(map, key)) out.push_back(fmt::format("{}{}{}{}", scope, kSubScopeMark, kMapScopePrefix, key));
    return out;
}

// The set of a .sur file is its layout, which the first bytes tell: "vers" (the vers 2.0
// container, freelancer-surface.md) or "legacy" (pre-vers, ivp-surface-notes.md §12) — the split
// the documents' figures use. Retail and mod files cannot be told apart by their path.
std::string sur_set(Bytes bytes) { return sur::is_sur_vers(bytes) ? "vers" : "legacy"; }

// The model's path in the .sur's own terms: its relative path with the model's file name.
std::string sibling_rel_path(const std::string& sur_rel, const fs::path& model) {
    const std::size_t cut = sur_rel.find_last_of("/\\");
    return (cut == std::string::npos ? std::string() : sur_rel.substr(0, cut + 1)) + model.filename().string();
}

void Runner::count_sur_input(const std::string& scope) {
    auto& tallies = tallies_.local();
    for (std::size_t p : sur_passes_)
        if (const std::string& counter = passes_[p]->info().input_counter; !counter.empty()) tallies[p].add_in(counter, scope, 1);
}

std::vector<MemberStatus> Runner::run_sur(const InputFile& in, std::uint64_t ordinal, Game game) {
    std::vector<MemberStatus> out(1);
    out.reserve(2);   // the model's status may follow: `status` (and the unit's views of it) must not move
    MemberStatus& status = out.front();
    status.path = in.rel_path;
    status.set = in.set;
    auto map = MappedFile::open(in.path);
    if (!map.ok()) {
        status.state = MemberState::kDecodeError;
        status.error = map.error();
        count_sur_input(fmt::format("{}/{}", game_name(game), status.set));
        return out;
    }
    const Bytes bytes = map->bytes();
    status.set = sur_set(bytes);
    const std::string scope = fmt::format("{}/{}", game_name(game), status.set);
    UnitClock clock(timing_, in.rel_path);
    const ScopedDeadline deadline(options_.member_timeout);
    auto model = sur::decode_sur(bytes);
    if (!model.ok()) {
        clock.stage(Stage::kSurDecode);
        status.state = MemberState::kDecodeError;
        const Status shrank = shrank_error(bytes);
        status.error = shrank.ok() ? model.error() : shrank.error();
        count_sur_input(scope);
        return out;
    }
    // The sibling model: a missing one is counted by the passes, a malformed one is a decode
    // error of the model (its own member status), and the .sur is verified all the same.
    std::optional<fs::path> model_path = sibling_model(in.path);
    std::optional<MappedFile> model_map;
    std::optional<Result<utf::Model>> pair;
    if (model_path) {
        auto mm = MappedFile::open(*model_path);
        if (mm.ok()) {
            model_map.emplace(std::move(*mm));
            pair.emplace(utf::decode_model(model_map->bytes()));
        } else {
            pair.emplace(mm.error());
        }
        if (!pair->ok()) {
            MemberStatus ms;
            ms.path = sibling_rel_path(in.rel_path, *model_path);
            ms.set = status.set;
            ms.state = MemberState::kDecodeError;
            ms.error = pair->error();
            out.push_back(std::move(ms));
        }
    }
    clock.stage(Stage::kSurDecode);
    clock.decoded(bytes.size(), 0);
    Unit unit;
    unit.path = status.path;
    unit.set = status.set;
    unit.game = game;
    unit.ordinal = ordinal;
    unit.sur = &*model;
    unit.bytes = bytes;
    if (pair && pair->ok()) unit.model = &pair->value();
    unit.model_malformed = pair && !pair->ok();
    auto& tallies = tallies_.local();
    clock.skip();
    for (std::size_t i = 0; i < sur_passes_.size(); ++i) {
        const std::size_t p = sur_passes_[i];
        tallies[p].begin_unit(scope, ordinal, true);
        // Inside the unit, so that a file's input count is split by its severity like its other counts.
        if (const std::string& counter = passes_[p]->info().input_counter; !counter.empty()) tallies[p].add(counter);
        passes_[p]->run(unit, tallies[p]);
        clock.pass(p);
        if (deadline_passed()) {
            discard_unit_through(tallies, sur_passes_, i);
            status.state = MemberState::kDecodeError;
            status.error = timeout_error(options_.member_timeout, fmt::format("in pass {}", passes_[p]->info().name));
            count_sur_input(scope);
            return out;
        }
    }
    // The file's severity (notes §14): IVP-exact when every judging pass found its exact rules
    // held, structurally valid otherwise; every pass's counts of the file are split by it.
    bool judged = false, exact = true;
    for (std::size_t p : sur_passes_)
        if (passes_[p]->info().judges_units && tallies[p].unit_judged()) {
            judged = true;
            exact = exact && tallies[p].unit_exact();
        }
    // The file (or its model) shrank while it was read (shrink_guard.h): that error, no counts.
    for (const Bytes read : {bytes, model_map ? model_map->bytes() : Bytes{}})
        if (const Status shrank = shrank_error(read); !shrank.ok()) {
            if (!sur_passes_.empty()) discard_unit_through(tallies, sur_passes_, sur_passes_.size() - 1);
            out.resize(1);
            status.state = MemberState::kDecodeError;
            status.error = shrank.error();
            count_sur_input(scope);
            return out;
        }
    collect_findings(tallies, sur_passes_, status);
    std::vector<std::string> sub_scopes = file_sub_scopes(scope, status.path);
    if (judged) sub_scopes.push_back(fmt::format("{}{}{}", scope, kSubScopeMark, exact ? kIvpExact : kStructurallyValid));
    for (std::size_t p : sur_passes_) tallies[p].end_unit(sub_scopes);
    return out;
}

Tally Runner::run_join(std::size_t j, Game game, std::string_view key, std::span<const JoinItem> items, std::uint64_t serial) const {
    Tally out;
    out.set_sample_cap(options_.samples_per_counter);
    JoinUnits units(out, game, options_.map_scopes, kJoinOrdinalBase | (serial << 24));
    passes_[joining_[j]]->join(key, items, units);
    units.finish();
    return out;
}

GroupOutcome Runner::run_group(const Group& group, std::uint64_t group_index, Game game, const std::vector<std::string>& keys,
                               const std::string& map) {
    Lap open(timing_.cpu());
    std::unique_ptr<OpenedGroup> g = open_group(group, codecs_);
    timing_.local().stage[static_cast<std::size_t>(Stage::kOpen)] += open.next();
    Progress* progress = options_.progress;
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
    // own decompressed bytes, so memory stays bounded by the number of threads.
    tbb::parallel_for(std::size_t{0}, g->jobs.size(), [&](std::size_t i) {
        const MemberJob& job = g->jobs[i];
        if (!job.is_compendium)
            process(job, (group_index << 32) | i, *g, game, g->job_status[i], keys, joined ? &extracts[i] : nullptr);
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
                out.items[j].push_back(JoinItem{job.path, job.set, map, game, (group_index << 32) | i, std::move(extracts[i][j])});
            }
    for (auto& s : g->job_status) statuses.push_back(std::move(s));
    out.statuses = std::move(statuses);
    return out;
}

Result<std::vector<const Pass*>> select_passes(const std::vector<std::string>& names) {
    if (names.empty()) return PassRegistry::global().all();
    std::vector<const Pass*> passes;
    for (const auto& name : names) {
        const Pass* p = PassRegistry::global().find(name);
        if (p == nullptr) {
            std::string known;
            for (const Pass* q : PassRegistry::global().all()) known += (known.empty() ? "" : ", ") + q->info().name;
            return make_error(ErrorCode::kUsage, 0, "unknown pass '" + name + "' (known: " + known + ")");
        }
        if (std::find(passes.begin(), passes.end(), p) == passes.end()) passes.push_back(p);
    }
    std::sort(passes.begin(), passes.end(), [](const Pass* a, const Pass* b) { return a->info().name < b->info().name; });
    return passes;
}

}  // namespace

namespace {

// Several roots: each root's paths under "GAME/", so that the members of two installs never share
// a path and the reports say which install each came from.
void prefix_paths(InstallScan& scan) {
    const std::string prefix = std::string(game_name(scan.game)) + "/";
    for (InputFile& in : scan.inputs) in.rel_path = prefix + in.rel_path;
    for (StrayFile& s : scan.strays) s.rel_path = prefix + s.rel_path;
    for (std::string& a : scan.packed_archives) a = prefix + a;
}

// The roots' scans as one (RunResult::scan).
InstallScan merged_scan(std::vector<InstallScan>& scans) {
    if (scans.size() == 1) return std::move(scans.front());
    InstallScan out;
    for (InstallScan& s : scans) {
        out.game_overridden = out.game_overridden || s.game_overridden;
        out.detection += (out.detection.empty() ? "" : "; ") + std::string(game_name(s.game)) + ": " + s.detection;
        out.inputs.insert(out.inputs.end(), s.inputs.begin(), s.inputs.end());
        out.strays.insert(out.strays.end(), s.strays.begin(), s.strays.end());
        out.packed_archives.insert(out.packed_archives.end(), s.packed_archives.begin(), s.packed_archives.end());
        out.files_seen += s.files_seen;
        out.files_ignored += s.files_ignored;
    }
    std::sort(out.inputs.begin(), out.inputs.end(), [](const InputFile& a, const InputFile& b) { return a.rel_path < b.rel_path; });
    std::sort(out.strays.begin(), out.strays.end(), [](const StrayFile& a, const StrayFile& b) { return a.rel_path < b.rel_path; });
    std::sort(out.packed_archives.begin(), out.packed_archives.end());
    return out;
}

// Several roots must each be one known game, and no two the same: a figure's scope names a game,
// and the members of two roots of one game would be summed as one install.
Status check_root_games(const std::vector<fs::path>& roots, const std::vector<InstallScan>& scans) {
    if (scans.size() < 2) return ok_status();
    for (std::size_t i = 0; i < scans.size(); ++i) {
        if (scans[i].game == Game::kUnknown)
            return make_error(ErrorCode::kUsage, 0,
                              "cannot tell the game of " + path_text(roots[i]) + " (" + scans[i].detection +
                                  "): with several roots each must be an install of its own game");
        for (std::size_t j = 0; j < i; ++j)
            if (scans[j].game == scans[i].game)
                return make_error(ErrorCode::kUsage, 0,
                                  path_text(roots[j]) + " and " + path_text(roots[i]) + " are both " + std::string(game_name(scans[i].game)) +
                                      ": give one root per game");
    }
    return ok_status();
}

}  // namespace

std::string run_games_text(const RunResult& run) {
    if (run.roots.size() < 2) return std::string(game_name(run.scan.game));
    std::string out;
    for (const RootRun& r : run.roots) out += (out.empty() ? "" : "+") + std::string(game_name(r.game));
    return out;
}

Result<RunResult> run_verify(const fs::path& root, const RunOptions& options) {
    return run_verify(std::vector<fs::path>{root}, options);
}

Result<RunResult> run_verify(const std::vector<fs::path>& roots, const RunOptions& options) {
    if (roots.empty()) return make_error(ErrorCode::kUsage, 0, "no root to verify");
    MP_TRY_ASSIGN(std::vector<const Pass*> passes, select_passes(options.passes));
    if (options.no_passes) passes.clear();
    Progress* progress = options.progress;
    RunTimings* timings = options.timings;
    Lap phase_clock;
    auto phase_done = [&](const char* phase) {
        const double s = phase_clock.next();
        if (timings) timings->phases.push_back(PhaseTime{phase, s});
    };
    if (progress) progress->phase = RunPhase::kScanning;
    RunSetup setup;
    set_up_run(options, setup);
    const DecompressorRegistry* codecs = setup.codecs;
    // Every scan is complete before a group points into it: `scans` does not grow after this.
    std::vector<InstallScan> scans;
    scans.reserve(roots.size());
    for (const fs::path& root : roots) {
        MP_TRY_ASSIGN(InstallScan scan, scan_install(root, options.game));
        detect_game_from_tagfiles(scan, *codecs);
        scans.push_back(std::move(scan));
    }
    MP_TRY(check_root_games(roots, scans));
    if (scans.size() > 1)
        for (InstallScan& scan : scans) prefix_paths(scan);
    phase_done("scan");

    RunResult result;
    for (std::size_t r = 0; r < roots.size(); ++r) result.roots.push_back(RootRun{path_text(roots[r]), scans[r].game, scans[r].detection});
    // Groups and .sur inputs of every root, root after root, each with its root's game.
    std::vector<Group> groups;
    std::vector<Game> group_games;
    std::vector<std::pair<const InputFile*, Game>> sur_inputs;   // path order within each root
    std::uint64_t total_bytes = 0;
    for (const InstallScan& scan : scans) {
        std::uint64_t binders = 0;
        for (Group& g : plan_groups(scan, binders)) {
            groups.push_back(std::move(g));
            group_games.push_back(scan.game);
        }
        result.binders += binders;
        for (const InputFile& in : scan.inputs) {
            std::error_code ec;
            total_bytes += fs::file_size(in.path, ec);
            if (!in.data_path.empty()) total_bytes += fs::file_size(in.data_path, ec);
            if (in.kind == InputKind::kSur) sur_inputs.push_back({&in, scan.game});
        }
    }
    if (progress) {
        // The whole count before the first member, so that the total (and the ETA) is right
        // from the start; only a display needs it.
        progress->phase = RunPhase::kCounting;
        progress->bytes_total = total_bytes;
        progress->members_total = count_members(groups, *codecs) + sur_inputs.size();
        progress->phase = RunPhase::kVerifying;
    }
    phase_done("count");

    Runner runner(options, *codecs, passes);
    std::vector<std::vector<MemberStatus>> per_group(groups.size());
    // The fan-out in waves (join_waves.h): one wave of every group when no joining pass runs.
    std::vector<std::string> group_maps(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) group_maps[g] = map_of_path(groups[g].path);
    const std::vector<const Pass*> joining = runner.joining_passes();
    const JoinPlan plan = plan_join_waves(group_maps, group_games, joining);
    std::uint64_t join_serial = 0;
    double join_wall = 0;
    for (const std::vector<std::size_t>& wave : plan.waves) {
        std::vector<GroupOutcome> outcomes(wave.size());
        tbb::parallel_for(std::size_t{0}, wave.size(), [&](std::size_t i) {
            const std::size_t g = wave[i];
            outcomes[i] = runner.run_group(groups[g], g, group_games[g], plan.keys[g], group_maps[g]);
        });
        // The wave's keys, each with its extracts in path order (groups ascending, members in order).
        std::map<std::tuple<std::size_t, Game, std::string>, std::vector<JoinItem>> keyed;
        for (std::size_t i = 0; i < wave.size(); ++i) {
            const std::size_t g = wave[i];
            per_group[g] = std::move(outcomes[i].statuses);
            for (std::size_t j = 0; j < outcomes[i].items.size(); ++j)
                for (JoinItem& item : outcomes[i].items[j])
                    keyed[{j, group_games[g], plan.keys[g][j]}].push_back(std::move(item));
        }
        outcomes.clear();
        std::vector<std::pair<const std::tuple<std::size_t, Game, std::string>*, std::vector<JoinItem>*>> joins;
        for (auto& [k, items] : keyed) joins.push_back({&k, &items});
        std::vector<Tally> joined(joins.size());
        std::vector<double> join_seconds(joins.size());
        Lap join_clock;
        const double step_cpu_start = timings ? process_cpu_seconds() : 0.0;
        tbb::parallel_for(std::size_t{0}, joins.size(), [&](std::size_t i) {
            const auto& [j, game, key] = *joins[i].first;
            Lap own;
            joined[i] = runner.run_join(j, game, key, *joins[i].second, join_serial + i);
            join_seconds[i] = own.next();
        });
        // Only the joins run during the step (the wave after it waits), so the CPU time the process
        // spent in it is theirs, shared among the joining passes by their joins' wall time (a join
        // may spread over several threads, so its own thread's clock would not see all of it).
        const double step_wall = join_clock.next();
        const double step_cpu = timings ? process_cpu_seconds() - step_cpu_start : 0.0;
        join_wall += step_wall;
        double all = 0;
        for (double t : join_seconds) all += t;
        for (std::size_t i = 0; i < joins.size(); ++i)
            if (all > 0) runner.charge_join(std::get<0>(*joins[i].first), step_cpu * join_seconds[i] / all);
        for (std::size_t i = 0; i < joins.size(); ++i) runner.add_join(std::get<0>(*joins[i].first), joined[i]);
        join_serial += joins.size();
    }   // the wave's extracts are released here
    // .sur files are units of their own; ordinals continue after the groups' (group << 32 | member).
    std::vector<std::vector<MemberStatus>> sur_status(sur_inputs.size());
    const std::uint64_t sur_base = std::uint64_t(groups.size()) << 32;
    tbb::parallel_for(std::size_t{0}, sur_inputs.size(), [&](std::size_t i) {
        sur_status[i] = runner.run_sur(*sur_inputs[i].first, sur_base + i, sur_inputs[i].second);
        if (progress) {
            std::error_code ec;
            progress->members_done += 1;
            progress->bytes_done += fs::file_size(sur_inputs[i].first->path, ec);
        }
    });
    phase_done("verify");
    if (timings) timings->join_wall_seconds = join_wall;

    for (std::size_t g = 0; g < per_group.size(); ++g)
        for (auto& s : per_group[g]) {
            s.game = group_games[g];
            result.members.push_back(std::move(s));
        }
    for (std::size_t i = 0; i < sur_status.size(); ++i)
        for (auto& s : sur_status[i]) {
            s.game = sur_inputs[i].second;
            result.members.push_back(std::move(s));
        }
    std::stable_sort(result.members.begin(), result.members.end(),
                     [](const MemberStatus& a, const MemberStatus& b) { return a.path < b.path; });
    for (std::size_t p = 0; p < passes.size(); ++p) result.passes.push_back(PassResult{passes[p], runner.merged(p)});
    for (const auto& c : codecs->codecs())
        result.decompressors.push_back(fmt::format("{} ({})", c, codecs->find(c)->library_version()));
    result.scan = merged_scan(scans);
    phase_done("gather");
    if (timings) {
        // The arena's concurrency as set_up_run's global_control limits it.
        timings->threads = static_cast<int>(std::min<std::size_t>(
            static_cast<std::size_t>(tbb::this_task_arena::max_concurrency()),
            tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism)));
        runner.merge_timings(*timings);
    }
    if (progress) progress->finished = true;
    return result;
}

}  // namespace meshproof
