// One figure of a corpus manifest (corpus-manifests/FORMAT.md): what a document (or a synthetic
// install's writer) states, the pass counter that measures it, its scope and its expected value.
// In the core floor because two floors hold figures: engine/synth writes a synthetic install's
// manifest.json from them, and reports/ reads manifests into them and measures them. The passes
// and counters are names here; reports/manifest.h checks them against the registry.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace meshproof {

// The game word of a figure of both games together (Sekiro's and Elden Ring's members summed).
inline constexpr std::string_view kBothGames = "both";

// The set word of a figure over every set, character binders included ("every distinct tagfile
// read"); an absent set is every set but character (the named collision binders).
inline constexpr std::string_view kEverySet = "every";

struct FigureScope {
    std::string game;  // "sekiro", "eldenring", "freelancer", or "both" (kBothGames: sekiro and eldenring together)
    std::string
        set;  // "h", "l", "f", "object", "asset", "character", "loose", kEverySet; empty: every set of the game but character
    bool dlc = false;  // the document's figure includes Elden Ring's DLC archive pair
    std::string file;  // a figure of one named file (engine/pipeline/file_scope.h path_names_file); empty: every file
    // A figure of a place (engine/pipeline/place_scope.h): its map-id prefixes joined by ','
    // ("m11_01_00_00", "m60_34_5,m60_41_3"); empty: every map.
    std::string map;
    bool both_games() const { return game == kBothGames; }
};

// What a figure measures and how its status is decided (corpus-manifests/FORMAT.md, `kind`).
enum class FigureKind {
    kValue,       // the counter (or maximum, minimum) summed over the scope; `of`: a percentage or ratio
    kValueSet,    // "a value every member shares": a value set; match when exactly that one value is seen
    kList,        // "payloads in pre-order: 2 3 0 1": a value set of lists; match when exactly that list is seen
    kMean,        // counter / of: a sum over a count ("average faces per hull")
    kMedian,      // the median of a value set's values (a small exact histogram)
    kBound,       // the value, matching when it is within the bound: measured ≤ expected + tolerance
    kLowestSet,   // the value in each binder set of the game; the smallest of them
    kHighestSet,  // the same; the largest of them
    kLowestOf,    // 100 × counter / of for each of a list of pairs (`pairs`); the smallest of them
    kHighestOf,   // the same; the largest of them
    kDistinct,    // "only 4 and 5 occur": the number of distinct values a value set saw
};
// "value", "value_set", "list", "mean", "median", "bound", "lowest_set", "highest_set", "lowest_of", "highest_of",
// "distinct"
std::string_view figure_kind_name(FigureKind k);
std::optional<FigureKind> figure_kind_from_name(std::string_view name);

struct ManifestFigure {
    std::string id;
    std::string figure;                    // what is counted, in the document's words
    std::optional<std::string> pass;       // nullopt: no pass computes it yet
    std::string counter;                   // set exactly when `pass` is
    bool maximum = false;                  // `counter` names a declared maximum (PassInfo::maxima)
    bool minimum = false;                  // `counter` names a declared minimum (PassInfo::minima)
    FigureKind kind = FigureKind::kValue;  // absent in the manifest: kValue
    std::string of;                        // a percentage figure: 100 × counter / of
    bool ratio = false;                    // with `of`: a ratio, counter / of (not × 100; "1.34 times")
    FigureScope scope;
    std::string scope_text;  // the document's own scope words (optional)
    double expected = 0;
    std::vector<double> expected_list;  // a list figure's values (`expected` is their count)
    bool percent = false;               // the document states a percentage
    std::optional<double> denominator;  // the y of an "x of y" figure
    // The document states "x of y" and the figure measures it as a share: `expected` is 100 x / y
    // (`denominator` y), a percentage ("in about four cases of five": 80 ± 10).
    bool share = false;
    std::string denominator_counter;  // the counter measuring y (same pass and scope)
    double tolerance = 0;             // absolute; the document's rounding
    std::string label;                // Proven, Observed, Inferred, Sourced, Unknown, Unlabelled, Synthetic
    std::string quote;
    // The figure counts stored values a derivation reproduces: measuring more than `expected`
    // (ours reproduces more than the document's own implementation) is status `exceeds`, not
    // `mismatch` (issue 17).
    bool exceeds = false;
    // Counters of the same pass measuring other readings of the figure (the document's where
    // meshproof has it, earlier or rejected ones), reported beside the measure (issue 17).
    std::vector<std::string> alternatives;
    // kLowestOf / kHighestOf: the (counter, of) pairs each giving a percentage, in the manifest's
    // order ("the lowest of the seven leaf-count bands"); `counter` and `of` are then empty.
    std::vector<std::pair<std::string, std::string>> pairs;
    // With `pairs`: each pair's share is the complement, 100 × (of − counter) / of ("lacks": the
    // nodes a counter of shared nodes does not count).
    bool complement = false;
};

// Whether the figure ranks a list of counter pairs (kLowestOf, kHighestOf).
inline bool ranks_pairs(FigureKind k) { return k == FigureKind::kLowestOf || k == FigureKind::kHighestOf; }

}  // namespace meshproof
