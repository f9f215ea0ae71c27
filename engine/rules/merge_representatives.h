// The vertex merge of havok-compressed-mesh.txt ("Naming the vertices by the representative a
// merge of equal positions would give (the lowest in the order of an unstable sort by x, using the
// source indices) instead of by first use ... the same with a merge distance of 1 mm or 1 cm",
// Observed · Sekiro).
//
// The source vertices are the rows' source indices with their positions. Where one index names
// several positions (indices local to parts, the document's 63 meshes) each (index, position) is
// its own vertex, so the vertex array is the distinct (index, position) pairs in order of index,
// then of the position's first use. That array is sorted by x with the Havok quicksort (unstable:
// equal x keep the order the procedure gives them, which follows from the array's order, i.e. from
// the source indices). Walking the sorted vertices, each vertex not merged yet is a representative
// and takes every later vertex not merged yet within the merge distance (Euclidean, |p − q|² ≤ d²
// in double; distance 0: the same bits of x, y, z, as the pairing's vertices are). A vertex is then
// named by its representative's place in the vertex array.
//
// Vertices at one position always merge together (they are at distance 0 from whatever merges the
// first of them), so the walk runs over distinct positions, each at its first vertex's place in the
// sort; distance 0 needs no walk at all. Every array is reused from a caller-kept workspace.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace meshproof::rules {

struct VertexMergeWorkspace {
    std::vector<std::uint64_t> vertex_key;  // the vertex array: index << 32 | position number, sorted
    std::vector<std::uint32_t> order;       // vertex places in the sort by x
    std::vector<std::uint32_t>
        first_vertex;  // per position: the first of its vertices in the sort (a place in vertex_key)
    std::vector<std::uint32_t> position_order;  // positions by where their first vertex is in the sort
    std::vector<std::uint32_t> position_name;   // per position: its representative's place in vertex_key
};

// The vertex array and its sort, for corners given as (source index, position number); position
// numbers are 0 .. x.size() − 1 and x[p] is position p's x. Corners whose position number is out
// of range are left out.
void sort_merge_vertices(std::span<const std::uint32_t> corner_index, std::span<const std::uint32_t> corner_position,
                         std::span<const float> x, VertexMergeWorkspace& ws);

// After sort_merge_vertices: per position number, the name its vertices get with merge distance
// `distance` (metres; 0: equal positions), in ws.position_name. x, y, z per position number.
void name_by_representative(double distance, std::span<const float> x, std::span<const float> y,
                            std::span<const float> z, VertexMergeWorkspace& ws);

}  // namespace meshproof::rules
