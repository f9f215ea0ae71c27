#include "engine/core/manifest_figure.h"

namespace meshproof {

std::string_view figure_kind_name(FigureKind k) {
    switch (k) {
        case FigureKind::kValue: return "value";
        case FigureKind::kValueSet: return "value_set";
        case FigureKind::kList: return "list";
        case FigureKind::kMean: return "mean";
        case FigureKind::kMedian: return "median";
        case FigureKind::kBound: return "bound";
        case FigureKind::kLowestSet: return "lowest_set";
        case FigureKind::kHighestSet: return "highest_set";
        case FigureKind::kLowestOf: return "lowest_of";
        case FigureKind::kHighestOf: return "highest_of";
        case FigureKind::kDistinct: return "distinct";
    }
    return "value";
}

std::optional<FigureKind> figure_kind_from_name(std::string_view name) {
    for (FigureKind k : {FigureKind::kValue, FigureKind::kValueSet, FigureKind::kList, FigureKind::kMean,
                         FigureKind::kMedian, FigureKind::kBound, FigureKind::kLowestSet, FigureKind::kHighestSet,
                         FigureKind::kLowestOf, FigureKind::kHighestOf, FigureKind::kDistinct})
        if (figure_kind_name(k) == name) return k;
    return std::nullopt;
}

}  // namespace meshproof
