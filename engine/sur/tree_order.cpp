#include "engine/sur/tree_order.h"

#include <string>
#include <vector>

namespace meshproof::sur {
namespace {

// For surface s, the new order of its ledges (global indices): leaf-held ledges in node storage
// order (pre-order, left first), then the others in stored order.
Result<std::vector<std::uint32_t>> tree_order(const SurModel& m, std::size_t s) {
    const Surface& sf = m.surfaces[s];
    std::vector<std::uint32_t> order;
    order.reserve(sf.ledges.count);
    std::vector<std::uint8_t> taken(sf.ledges.count, 0);
    for (std::uint32_t n = sf.nodes.first; n < sf.nodes.end() && n < m.nodes.size(); ++n) {
        if (m.nodes.right[n] >= 0) continue;
        const std::int32_t l = m.nodes.ledge[n];
        if (l < 0 || std::uint32_t(l) < sf.ledges.first || std::uint32_t(l) >= sf.ledges.end())
            return make_error(
                ErrorCode::kBadObject, 0,
                "surface " + std::to_string(s) + ": leaf node " + std::to_string(n) + " holds no ledge of its surface");
        if (taken[std::uint32_t(l) - sf.ledges.first]++)
            return make_error(ErrorCode::kBadObject, 0,
                              "surface " + std::to_string(s) + ": ledge " + std::to_string(l) + " held by two leaves");
        order.push_back(std::uint32_t(l));
    }
    for (std::uint32_t i = 0; i < sf.ledges.count; ++i)
        if (!taken[i]) order.push_back(sf.ledges.first + i);
    return order;
}

template <class T>
void permute(std::vector<T>& column, const std::vector<std::uint32_t>& source_of) {
    if (column.empty()) return;  // a column the model does not fill (inline_points of vers files)
    std::vector<T> out(column.size());
    for (std::size_t i = 0; i < source_of.size(); ++i) out[i] = column[source_of[i]];
    column = std::move(out);
}

}  // namespace

Result<SurModel> with_ledges_in_tree_order(const SurModel& model) {
    SurModel m = model;
    const std::size_t ledges = m.ledges.size();
    std::vector<std::uint32_t> source_of(ledges);  // new index -> old index
    for (std::size_t i = 0; i < ledges; ++i) source_of[i] = std::uint32_t(i);
    for (std::size_t s = 0; s < m.surfaces.size(); ++s) {
        const IndexRange r = m.surfaces[s].ledges;
        if (r.end() > ledges)
            return make_error(ErrorCode::kOutOfBounds, 0,
                              "surface " + std::to_string(s) + ": ledges outside the model");
        MP_TRY_ASSIGN(const std::vector<std::uint32_t> order, tree_order(model, s));
        for (std::uint32_t i = 0; i < r.count; ++i) source_of[r.first + i] = order[i];
    }
    std::vector<std::uint32_t> new_of(ledges);
    for (std::size_t i = 0; i < ledges; ++i) new_of[source_of[i]] = std::uint32_t(i);
    LedgeColumns& c = m.ledges;
    permute(c.client_data, source_of);
    permute(c.flags, source_of);
    permute(c.size_div_16, source_of);
    permute(c.reserved, source_of);
    permute(c.faces, source_of);
    permute(c.surface, source_of);
    permute(c.node, source_of);
    permute(c.inline_points, source_of);
    for (std::int32_t& l : m.nodes.ledge)
        if (l >= 0 && std::size_t(l) < ledges) l = std::int32_t(new_of[std::size_t(l)]);
    return m;
}

bool ledges_in_tree_order(const SurModel& model) {
    for (std::size_t s = 0; s < model.surfaces.size(); ++s) {
        auto order = tree_order(model, s);
        if (!order.ok()) return false;
        for (std::uint32_t i = 0; i < order->size(); ++i)
            if ((*order)[i] != model.surfaces[s].ledges.first + i) return false;
    }
    return true;
}

}  // namespace meshproof::sur
