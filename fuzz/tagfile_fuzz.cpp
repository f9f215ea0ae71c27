// libFuzzer target for engine/tagfile: sections, varints, type table, compendium, tagfile,
// object view, PTCH walk and dump. Input layout: an optional TCM0 compendium followed by a
// TAG0 tagfile, i.e. `cat h.compendium h.hkx` seeds it (the compendium's root size word
// says where the tagfile starts); an input starting with TAG0 is a tagfile alone.
// Every parsed thing is walked end to end; errors must carry offsets inside the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "engine/tagfile/compendium.h"
#include "engine/tagfile/dump.h"
#include "engine/tagfile/object_view.h"
#include "engine/tagfile/patch_check.h"
#include "engine/tagfile/sections.h"
#include "engine/tagfile/tagfile.h"

namespace {

using namespace meshproof;
using namespace meshproof::tagfile;

void walk(const Tagfile& tf) {
    DumpOptions opt;
    opt.max_array_elements = 16;
    (void)dump_tagfile(tf, opt);
    (void)check_patch_table(tf);
    const TypeTable& types = tf.types();
    for (std::uint32_t i = 1; i < tf.item_count(); ++i) {
        const Item item = tf.item(i);
        if (item.kind == ItemKind::kArray) {
            // Elements of array items read as columns of their first scalar member.
            for (const Member& m : types.members(item.type)) {
                const FieldRef ref = types.field_ref(item.type, m);
                ArrayView arr(tf, item.type, item.offset, item.count, types.size(item.type), i);
                auto col = arr.column<std::uint32_t>(ref);
                if (col.ok())
                    for (std::size_t k = 0; k < col->size(); ++k) (void)(*col)[k];
                break;
            }
            continue;
        }
        ObjectView v = ObjectView::item(tf, i);
        for (const Member& m : types.members(v.type())) {
            ObjectView f = v.field(m.name);
            (void)f.as_u64();
            (void)f.as_f32();
            (void)f.as_string();
            (void)f.deref().type_name();
            auto arr = f.array();
            if (arr.ok() && !arr->empty()) {
                (void)arr->raw();
                (void)arr->at(arr->count() - 1).as_u64();
                (void)arr->values<std::uint8_t>();
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const Bytes input(data, size);
    CompendiumRegistry registry;
    Bytes tag0 = input;
    if (auto root = read_root_section(input); root.ok() && root->tag() == "TCM0") {
        auto c = parse_compendium(input);
        if (!c.ok() && c.error().offset > size) std::abort();
        if (c.ok()) (void)registry.add(*c);
        tag0 = input.subspan(root->size);
    }
    auto tf = parse_tagfile(tag0, &registry);
    if (!tf.ok()) {
        if (tf.error().offset > tag0.size()) std::abort();
        return 0;
    }
    walk(*tf);
    return 0;
}
