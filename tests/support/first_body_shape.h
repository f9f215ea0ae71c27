// The shape of a collision tagfile's first body (root → namedVariants[0].variant →
// systemDatas[0] → bodyCinfos[0].shape), as the tests that write or decode one reach it.
#pragma once

#include "engine/tagfile/object_view.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof::test {

inline tagfile::ObjectView first_body_shape(const tagfile::Tagfile& tf) {
    return tagfile::ObjectView::root(tf)
        .field("namedVariants")
        .array()
        ->at(0)
        .field("variant")
        .deref()
        .field("systemDatas")
        .array()
        ->at(0)
        .deref()
        .field("bodyCinfos")
        .array()
        ->at(0)
        .field("shape")
        .deref();
}

}  // namespace meshproof::test
