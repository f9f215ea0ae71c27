#include "engine/pipeline/unit_runner.h"

#include <optional>

#include <fmt/format.h>

#include "engine/core/deadline.h"
#include "engine/core/path_text.h"
#include "engine/io/mapped_file.h"
#include "engine/io/shrink_guard.h"
#include "engine/sur/sur_file.h"
#include "engine/utf/model.h"

// The .sur runner: a Freelancer .sur file is a unit of its own, decoded by engine/sur with its
// model by engine/utf, and handed to the passes of family "sur"; its counts are split by the
// file's severity (notes §14).
namespace meshproof {

namespace {
namespace fs = std::filesystem;

// The set of a .sur file is its layout, which the first bytes tell: "vers" (the vers 2.0
// container, freelancer-surface.md) or "legacy" (pre-vers, ivp-surface-notes.md §12) — the split
// the documents' figures use. Retail and mod files cannot be told apart by their path.
std::string sur_set(Bytes bytes) { return sur::is_sur_vers(bytes) ? "vers" : "legacy"; }

// The model's path in the .sur's own terms: its relative path with the model's file name.
std::string sibling_rel_path(const std::string& sur_rel, const fs::path& model) {
    const std::size_t cut = sur_rel.find_last_of("/\\");
    return (cut == std::string::npos ? std::string() : sur_rel.substr(0, cut + 1)) + model.filename().string();
}

}  // namespace

void UnitRunner::count_sur_input(const TallyScope& scope) {
    auto& tallies = tallies_.local();
    for (std::size_t p : sur_passes_)
        if (const std::string& counter = passes_[p]->info().input_counter; !counter.empty())
            tallies[p].add_in(counter, scope, 1);
}

std::vector<MemberStatus> UnitRunner::run_sur(const InputFile& in, std::uint64_t ordinal, Game game) {
    std::vector<MemberStatus> out(1);
    out.reserve(2);  // the model's status may follow: `status` (and the unit's views of it) must not move
    MemberStatus& status = out.front();
    status.path = in.rel_path;
    status.set = in.set;
    auto map = MappedFile::open(in.path);
    if (!map.ok()) {
        status.state = MemberState::kDecodeError;
        status.error = map.error();
        count_sur_input({std::string(game_name(game)), status.set, {}});
        return out;
    }
    const Bytes bytes = map->bytes();
    status.set = sur_set(bytes);
    const TallyScope scope{std::string(game_name(game)), status.set, {}};
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
    // The model: a missing one is counted by the passes, a malformed one is a decode
    // error of the model (its own member status), and the .sur is verified all the same.
    std::optional<fs::path> model_path;
    if (!in.model_path.empty()) model_path = in.model_path;  // paired by the install scan
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
    std::vector<TallyScope> sub_scopes = file_sub_scopes(scope, status.path);
    if (judged) sub_scopes.push_back(scope.with(SubScopeKind::kSeverity, exact ? kIvpExact : kStructurallyValid));
    for (std::size_t p : sur_passes_) tallies[p].end_unit(sub_scopes);
    return out;
}

}  // namespace meshproof
