// A verifier pass: declares its name, family, the document claims it checks and its
// counters; receives one decoded unit at a time with its own thread-local Tally, which the
// pipeline merges once at the end. A pass never knows another pass.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/pipeline/join.h"
#include "engine/pipeline/tally.h"
#include "engine/pipeline/unit.h"

namespace meshproof {

struct CounterInfo {
    std::string name;
    std::string description;  // in the document's terms
    bool violation = false;   // a non-zero value means a claim failed (verify exits 1)
};

struct PassInfo {
    std::string name;                 // "tagfile", "page", "leafbox", ...
    std::string family;               // "havok-structure", "havok-mesh", "havok-extern", "sur", ...
    std::vector<std::string> claims;  // the document statements checked, quoted briefly
    std::vector<CounterInfo> counters;
    // The maxima the pass records (Tally::max), e.g. "the largest page": declared like the
    // counters so that a manifest figure can name them and a report can describe them.
    std::vector<CounterInfo> maxima;
    // The minima (Tally::min, "the smallest gap") and the value sets (Tally::value / values: each
    // value seen with its count, "the SDK version of every tagfile", a list per section), declared
    // the same way. A name is declared in one of the four lists only.
    std::vector<CounterInfo> minima;
    std::vector<CounterInfo> value_sets;
    // The pass judges each unit (Tally::judge): whether every rule it holds exact held. Where
    // judging passes ran, the pipeline repeats every pass's counts of the unit under the
    // sub-scope "#ivp-exact" (all said exact) or "#structurally-valid" — the severities of
    // ivp-surface-notes.md §14 for .sur files (a malformed file is a decode error, never a unit).
    bool judges_units = false;
    // The pass joins members across the binders of a map (engine/pipeline/join.h): the engine
    // calls join_key, extract and join. Units of its join are counted under their map's scopes.
    bool joins = false;
    // A counter of the pass (declared in `counters`) that the pipeline adds 1 to for every input
    // file handed to the pass's family, in the file's scope, whether it decodes or not: the
    // document counts the files of an install, and a malformed one is a decode error the pass
    // never sees. Only the sur family's inputs are counted so (a .sur file is its own unit);
    // empty: none.
    std::string input_counter;
};

class Pass {
public:
    virtual ~Pass() = default;
    virtual const PassInfo& info() const = 0;
    // Called concurrently from many threads with distinct tallies: a pass keeps no mutable state.
    virtual void run(const Unit& unit, Tally& tally) const = 0;

    // A joining pass (PassInfo::joins; join.h). The key the members of a map's binders are joined
    // by ("" = not joined): several maps may share one.
    virtual std::string join_key(std::string_view /*map_id*/) const { return {}; }
    // What the join keeps of a member of a keyed binder (null: nothing); concurrent like run().
    virtual std::unique_ptr<JoinExtract> extract(const Unit& /*unit*/) const { return nullptr; }
    // Every extract of one key of one game, in path order; may run its own parallel loops.
    virtual void join(std::string_view /*key*/, std::span<const JoinItem> /*items*/, JoinTallies& /*tallies*/) const {}
};

class PassRegistry {
public:
    static PassRegistry& global();
    void add(std::unique_ptr<Pass> pass);
    // Sorted by name, so reports list passes in a stable order.
    std::vector<const Pass*> all() const;
    const Pass* find(std::string_view name) const;

private:
    std::vector<std::unique_ptr<Pass>> passes_;
};

struct PassRegistrar {
    explicit PassRegistrar(std::unique_ptr<Pass> pass) { PassRegistry::global().add(std::move(pass)); }
};

}  // namespace meshproof

// In a verifier's .cpp: MESHPROOF_REGISTER_PASS(MyPass);
#define MESHPROOF_REGISTER_PASS(Type) \
    static const ::meshproof::PassRegistrar MP_CONCAT(mp_pass_registrar_, __LINE__) { std::make_unique<Type>() }
