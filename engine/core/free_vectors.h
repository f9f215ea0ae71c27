// Hands a vector's memory back (clear() keeps it): for arrays a computation is done with while
// the ones it still needs are held, so that its steps' arrays do not add up to its peak.
#pragma once

#include <vector>

namespace meshproof {

template <class... T>
void free_vectors(std::vector<T>&... v) {
    (std::vector<T>().swap(v), ...);
}

// The same for values whose members own memory (a struct of vectors): each is moved over by an
// empty T, which frees what it held (`v = {}` would not: on a vector it keeps the capacity).
template <class... T>
void free_values(T&... v) {
    ((v = T{}), ...);
}

}  // namespace meshproof
