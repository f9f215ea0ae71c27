#include "reports/install_completeness.h"

#include <fmt/format.h>

namespace meshproof {
namespace {

bool ends_with(std::string_view lower, std::string_view tail) {
    return lower.size() >= tail.size() && lower.substr(lower.size() - tail.size()) == tail;
}

// The last component of a member path ("binder :: member", or a loose file's path), lower-cased.
std::string last_component(std::string_view path) {
    const std::size_t cut = path.find_last_of("/\\:");
    return ascii_lower(cut == std::string_view::npos ? path : path.substr(cut + 1));
}

// A file the document counts: a tagfile (a binder member or loose) or a .sur file.
bool counted_file(std::string_view path, bool freelancer) {
    const std::string name = last_component(path);
    if (freelancer) return ends_with(name, ".sur");
    return ends_with(name, ".hkx") || ends_with(name, ".hkx.dcx");
}

// The game of an input: with several roots, the "GAME/" its path starts with; else the run's.
std::string_view input_game(const RunResult& run, const InputFile& in) {
    if (run.roots.size() < 2) return game_name(run.scan.game);
    return std::string_view(in.rel_path).substr(0, in.rel_path.find('/'));
}

// "25,130": a count as the documents write it.
std::string grouped(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// "312 of 1,540 f binders" when `held` falls short of `expected`; "" otherwise.
std::string short_of(std::uint64_t held, std::optional<std::uint64_t> expected, std::string_view what) {
    if (!expected || held >= *expected) return "";
    return fmt::format("{} of {} {}", grouped(held), grouped(*expected), what);
}

}  // namespace

HeldInputs held_inputs(const RunResult& run, std::string_view game) {
    HeldInputs held;
    const bool freelancer = game == game_name(Game::kFreelancer);
    for (const InputFile& in : run.scan.inputs)
        if ((in.kind == InputKind::kSplitBinder || in.kind == InputKind::kBinder) && input_game(run, in) == game)
            ++held.sets[in.set].binders;
    for (const MemberStatus& m : run.members) {
        const Game g = m.game == Game::kUnknown ? run.scan.game : m.game;
        if (game_name(g) != game || !counted_file(m.path, freelancer)) continue;
        ++held.sets[m.set].files;
        if (m.set != kCharacterSet) ++held.files;
    }
    return held;
}

InstallCompleteness install_completeness(const ManifestInstall& expected, const HeldInputs& held) {
    const bool freelancer = expected.game == game_name(Game::kFreelancer);
    std::vector<std::string> parts;
    auto note = [&](std::string s) {
        if (!s.empty()) parts.push_back(std::move(s));
    };
    note(short_of(held.files, expected.files, freelancer ? ".sur files" : "tagfiles"));
    for (const auto& [set, counts] : expected.sets) {
        const auto it = held.sets.find(set);
        const HeldInputs::Set have = it == held.sets.end() ? HeldInputs::Set{} : it->second;
        note(short_of(have.binders, counts.binders, set + " binders"));
        note(short_of(have.files, counts.files, set + (freelancer ? " .sur files" : " files")));
    }
    InstallCompleteness out;
    out.complete = parts.empty();
    for (const std::string& p : parts) out.lacks += (out.lacks.empty() ? "" : "; ") + p;
    return out;
}

std::string install_text(const InstallCompleteness& c) {
    return c.complete ? std::string("complete install") : "partial install: " + c.lacks;
}

std::optional<InstallCompleteness> judge_install(const std::vector<ManifestInstall>& install, const RunResult& run) {
    if (install.empty()) return std::nullopt;
    InstallCompleteness out;
    for (const ManifestInstall& one : install) {
        const InstallCompleteness c = install_completeness(one, held_inputs(run, one.game));
        if (c.complete) continue;
        out.complete = false;
        out.lacks += (out.lacks.empty() ? "" : "; ") + (install.size() > 1 ? one.game + ": " : std::string()) + c.lacks;
    }
    return out;
}

}  // namespace meshproof
