#include "engine/tagfile/patch_check.h"

#include <algorithm>

#include <absl/container/flat_hash_map.h>

#include "engine/core/deadline.h"

namespace meshproof::tagfile {

namespace {

// Whether a value of each type can hold a reference, decided once per type. Records and inline
// arrays inherit it from their members / element type; a type met again while it is being
// decided (a value that contains itself, which no real layout can) holds none.
class ReferenceHolders {
public:
    explicit ReferenceHolders(const TypeTable& types) : types_(types), state_(types.type_count(), kUnknown) {}

    bool holds(std::uint32_t type) {
        if (type >= state_.size()) return false;
        if (state_[type] == kUnknown) decide(type);
        return state_[type] == kYes;
    }

private:
    enum State : std::uint8_t { kUnknown, kDeciding, kYes, kNo };

    // Post-order over the type graph with an explicit stack (a chain of 10^5 nested types must
    // not exhaust the call stack): each type's children are decided before it. Each frame keeps
    // its place in its type's children, so a type's children are scanned once in all (a record
    // of many members is not rescanned from its first member after every child it descends into).
    void decide(std::uint32_t root) {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> stack{{root, 0}};  // (type, next child)
        state_[root] = kDeciding;
        while (!stack.empty()) {
            auto& [type, next] = stack.back();
            const std::uint32_t count = child_count(type);
            bool pushed = false;
            while (!pushed && next < count) {  // `pushed` first: a push may move the frame
                const std::uint32_t child = child_at(type, next++);
                if (child >= state_.size() || state_[child] != kUnknown) continue;
                state_[child] = kDeciding;
                stack.push_back({child, 0});  // `type` and `next` are not used past this point
                pushed = true;
            }
            if (pushed) continue;
            state_[type] = own_verdict(type) ? kYes : kNo;
            stack.pop_back();
        }
    }

    // The types whose verdict this type's depends on: an inline array's element, a record's members.
    std::uint32_t child_count(std::uint32_t type) const {
        const FormatWord f = types_.format(type);
        if (f.kind() == TypeKind::kArray && f.is_inline_array()) return 1;
        if (f.kind() == TypeKind::kRecord) return static_cast<std::uint32_t>(types_.members(type).size());
        return 0;
    }
    std::uint32_t child_at(std::uint32_t type, std::uint32_t i) const {
        return types_.format(type).kind() == TypeKind::kArray ? types_.subtype(type) : types_.members(type)[i].type;
    }

    bool own_verdict(std::uint32_t type) const {
        const FormatWord f = types_.format(type);
        switch (f.kind()) {
            case TypeKind::kPointer: return true;
            case TypeKind::kString: return !f.is_inline_string();
            case TypeKind::kArray: {
                if (!f.is_inline_array()) return true;
                const std::uint32_t element = types_.subtype(type);
                return f.inline_array_count() > 0 && types_.size(element) > 0 && state_[element] == kYes;
            }
            case TypeKind::kRecord:
                for (const Member& m : types_.members(type))
                    if (m.type < state_.size() && state_[m.type] == kYes) return true;
                return false;
            default: return false;
        }
    }

    const TypeTable& types_;
    std::vector<State> state_;
};

class ReferenceWalker {
public:
    explicit ReferenceWalker(const Tagfile& tf)
        : tf_(tf),
          types_(tf.types()),
          holders_(types_),
          budget_(tf.data().size() * PatchCheck::kVisitsPerDataByte + PatchCheck::kVisitAllowance) {}

    // offset → declared field type of every non-null reference field.
    Result<absl::flat_hash_map<std::uint32_t, std::uint32_t>> run(std::size_t& visits) {
        for (std::uint32_t i = 1; i < tf_.item_count(); ++i) {
            const Item item = tf_.item(i);
            const std::uint64_t stride = types_.size(item.type);
            // An element of size 0 has no bytes to hold a reference in (and a hostile count
            // of them would only repeat one offset).
            if (stride == 0 || !holders_.holds(item.type)) continue;
            for (std::uint64_t e = 0; e < item.count && !over_budget_; ++e)
                visit(item.type, item.offset + e * stride, 0);
            if (timed_out_) {
                visits = visits_;
                return make_error(
                    ErrorCode::kTimeout, tf_.data_offset() + item.offset,
                    "PTCH walk abandoned at ITEM " + std::to_string(i) + ": the member's time budget ran out");
            }
            if (over_budget_) {
                visits = visits_;
                return make_error(ErrorCode::kLimit, tf_.data_offset() + item.offset,
                                  "PTCH walk of ITEM " + std::to_string(i) + " exceeds " + std::to_string(budget_) +
                                      " visits for " + std::to_string(tf_.data().size()) +
                                      " DATA bytes (a type that nests into itself)");
            }
        }
        visits = visits_;
        return std::move(found_);
    }

private:
    void visit(std::uint32_t type, std::uint64_t offset, int depth) {
        if (++visits_ > budget_) {
            over_budget_ = true;
            return;
        }
        if ((visits_ & 4095) == 0 && deadline_passed()) {
            timed_out_ = over_budget_ = true;  // stops the walk the same way
            return;
        }
        // Value nesting is shallow in real files; the bound keeps the call stack small.
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
                    if (stride == 0 || !holders_.holds(element)) return;
                    for (std::uint64_t i = 0;
                         i < f.inline_array_count() && (i + 1) * stride <= types_.size(type) && !over_budget_; ++i)
                        visit(element, offset + i * stride, depth + 1);
                }
                return;
            case TypeKind::kRecord:
                for (const Member& m : types_.members(type)) {
                    if (over_budget_) return;
                    if (holders_.holds(m.type)) visit(m.type, offset + m.offset, depth + 1);
                }
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
    ReferenceHolders holders_;
    const std::size_t budget_;
    std::size_t visits_ = 0;
    bool over_budget_ = false;
    bool timed_out_ = false;
    absl::flat_hash_map<std::uint32_t, std::uint32_t> found_;
};

void note(std::vector<std::uint32_t>& examples, std::uint32_t offset) {
    if (examples.size() < PatchCheck::kExamples) examples.push_back(offset);
}

}  // namespace

Result<PatchCheck> check_patch_table(const Tagfile& tagfile) {
    PatchCheck out;
    MP_TRY_ASSIGN(const auto found, ReferenceWalker(tagfile).run(out.visits));
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
