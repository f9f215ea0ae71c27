#include "engine/tagfile/patch_check.h"

#include <absl/container/flat_hash_map.h>

namespace meshproof::tagfile {

namespace {

class ReferenceWalker {
public:
    explicit ReferenceWalker(const Tagfile& tf) : tf_(tf), types_(tf.types()) {}

    // offset → declared field type of every non-null reference field.
    absl::flat_hash_map<std::uint32_t, std::uint32_t> run() {
        for (std::uint32_t i = 1; i < tf_.item_count(); ++i) {
            const Item item = tf_.item(i);
            const std::uint64_t stride = types_.size(item.type);
            for (std::uint64_t e = 0; e < item.count; ++e) visit(item.type, item.offset + e * stride, 0);
        }
        return std::move(found_);
    }

private:
    void visit(std::uint32_t type, std::uint64_t offset, int depth) {
        // Value nesting is shallow in real files; the bound stops hostile self-containing types.
        if (depth > 64 || !in_range(offset, types_.size(type), tf_.data().size())) return;
        const FormatWord f = types_.format(type);
        switch (f.kind()) {
            case TypeKind::kPointer: reference(type, offset); return;
            case TypeKind::kString:
                if (!f.is_inline_string()) reference(type, offset);
                return;
            case TypeKind::kArray:
                if (!f.is_inline_array()) {
                    reference(type, offset);
                } else {
                    const std::uint32_t element = types_.subtype(type);
                    const std::uint64_t stride = types_.size(element);
                    if (stride == 0) return;
                    for (std::uint64_t i = 0; i < f.inline_array_count() && (i + 1) * stride <= types_.size(type); ++i)
                        visit(element, offset + i * stride, depth + 1);
                }
                return;
            case TypeKind::kRecord:
                for (const Member& m : types_.members(type)) visit(m.type, offset + m.offset, depth + 1);
                return;
            default: return;
        }
    }

    void reference(std::uint32_t type, std::uint64_t offset) {
        if (types_.size(type) < 4 || !in_range(offset, 4, tf_.data().size())) return;
        if (load_le<std::uint32_t>(tf_.data().data() + offset) != 0)
            found_.emplace(static_cast<std::uint32_t>(offset), type);
    }

    const Tagfile& tf_;
    const TypeTable& types_;
    absl::flat_hash_map<std::uint32_t, std::uint32_t> found_;
};

void note(std::vector<std::uint32_t>& examples, std::uint32_t offset) {
    if (examples.size() < PatchCheck::kExamples) examples.push_back(offset);
}

}  // namespace

PatchCheck check_patch_table(const Tagfile& tagfile) {
    PatchCheck out;
    const auto found = ReferenceWalker(tagfile).run();
    out.references = found.size();
    absl::flat_hash_map<std::uint32_t, int> listed;
    tagfile.for_each_patch([&](std::uint32_t type, std::uint32_t offset) {
        ++out.patch_entries;
        if (++listed[offset] > 1) {
            ++out.duplicates;
            return;
        }
        auto it = found.find(offset);
        if (it == found.end()) {
            ++out.extra;
            note(out.first_extra, offset);
        } else if (it->second != type) {
            ++out.type_mismatches;
            note(out.first_type_mismatch, offset);
        }
    });
    for (const auto& [offset, type] : found) {
        if (listed.contains(offset)) continue;
        ++out.missing;
        note(out.first_missing, offset);
    }
    std::sort(out.first_missing.begin(), out.first_missing.end());
    return out;
}

}  // namespace meshproof::tagfile
