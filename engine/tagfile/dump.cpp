#include "engine/tagfile/dump.h"

#include <vector>

#include <fmt/format.h>

#include "engine/tagfile/object_view.h"

namespace meshproof::tagfile {

namespace {

bool is_scalar(TypeKind k) { return k == TypeKind::kBool || k == TypeKind::kInt || k == TypeKind::kFloat; }

class Dumper {
public:
    Dumper(const Tagfile& tf, const DumpOptions& opt)
        : tf_(tf),
          types_(tf.types()),
          opt_(opt),
          visited_(tf.item_count(), false),
          budget_(opt.max_output_bytes
                      ? opt.max_output_bytes
                      : tf.bytes().size() * DumpOptions::kOutputBytesPerInputByte + DumpOptions::kOutputAllowance) {}

    std::string run() {
        out_ += fmt::format("sdk {}\n", tf_.sdk_version());
        if (tf_.compendium_id())
            out_ +=
                fmt::format("types {} (compendium {})\n", types_.type_count(), compendium_id_hex(*tf_.compendium_id()));
        else out_ += fmt::format("types {}\n", types_.type_count());
        out_ += fmt::format("items {}\n", tf_.item_count());
        if (tf_.item_count() < 2) return out_ += "(no root item)\n", out_;
        ObjectView root = ObjectView::root(tf_);
        if (!root.ok()) return out_ += fmt::format("root: <error: {}>\n", root.error().message), out_;
        visited_[1] = true;
        out_ += fmt::format("#1 {}{}\n", root.type_name(), where(root));
        record(root, 1, 0);
        if (stopped_)
            out_ +=
                fmt::format("… dump stopped at {} bytes of output (limit {} for this file)\n", out_.size(), budget_);
        return out_;
    }

private:
    std::string where(const ObjectView& v) const { return opt_.show_offsets ? fmt::format(" @{}", v.offset()) : ""; }
    void indent(std::size_t n) { out_.append(n * 2, ' '); }

    // Fields of a record, one per line at `depth`.
    void record(const ObjectView& obj, std::size_t depth, std::size_t nesting) {
        for (const Member& m : types_.members(obj.type())) {
            if (m.non_serializable() && !opt_.show_non_serializable) continue;
            if (over_budget()) return;
            indent(depth);
            out_ += m.name;
            out_ += ": ";
            value(obj.field(types_.field_ref(obj.type(), m)), depth, nesting + 1);
        }
    }

    std::string scalar(const ObjectView& v) {
        switch (v.kind()) {
            case TypeKind::kFloat: {
                auto f = v.as_f64();
                return f.ok() ? fmt::format("{}", static_cast<float>(*f))
                              : fmt::format("<error: {}>", f.error().message);
            }
            case TypeKind::kBool: {
                auto b = v.as_bool();
                return b.ok() ? (*b ? "true" : "false") : fmt::format("<error: {}>", b.error().message);
            }
            default: {
                if (v.format().is_signed()) {
                    auto i = v.as_i64();
                    return i.ok() ? fmt::format("{}", *i) : fmt::format("<error: {}>", i.error().message);
                }
                auto u = v.as_u64();
                return u.ok() ? fmt::format("{}", *u) : fmt::format("<error: {}>", u.error().message);
            }
        }
    }

    // The value of `v` after "name: ", ending the line (and printing nested lines below it).
    void value(const ObjectView& v, std::size_t depth, std::size_t nesting) {
        if (!v.ok()) {
            out_ += fmt::format("<error: {}>\n", v.error().message);
            return;
        }
        if (nesting > opt_.max_depth) {
            out_ += "<nesting too deep>\n";
            return;
        }
        switch (v.kind()) {
            case TypeKind::kBool:
            case TypeKind::kInt:
            case TypeKind::kFloat: out_ += scalar(v) + "\n"; return;
            case TypeKind::kString: {
                auto s = v.as_string();
                out_ += s.ok() ? fmt::format("\"{}\"\n", *s) : fmt::format("<error: {}>\n", s.error().message);
                return;
            }
            case TypeKind::kPointer: pointer(v, depth, nesting); return;
            case TypeKind::kArray: array(v, depth, nesting); return;
            case TypeKind::kRecord:
                out_ += fmt::format("{}\n", v.type_name());
                record(v, depth + 1, nesting);
                return;
            default:
                out_ += fmt::format("<{} {}, {} bytes>\n", type_kind_name(v.kind()), v.type_name(), v.size());
                return;
        }
    }

    void pointer(const ObjectView& v, std::size_t depth, std::size_t nesting) {
        auto index = v.item_index();
        if (!index.ok()) return void(out_ += fmt::format("<error: {}>\n", index.error().message));
        if (*index == 0) return void(out_ += "null\n");
        ObjectView target = v.deref();
        if (!target.ok()) return void(out_ += fmt::format("<error: {}>\n", target.error().message));
        if (visited_[*index]) return void(out_ += fmt::format("-> #{} {} (shown above)\n", *index, target.type_name()));
        visited_[*index] = true;
        out_ += fmt::format("-> #{} {}{}\n", *index, target.type_name(), where(target));
        record(target, depth + 1, nesting);
    }

    void array(const ObjectView& v, std::size_t depth, std::size_t nesting) {
        auto arr = v.array();
        if (!arr.ok()) return void(out_ += fmt::format("<error: {}>\n", arr.error().message));
        const std::size_t shown = std::min(arr->count(), opt_.max_array_elements);
        const std::size_t more = arr->count() - shown;
        const TypeKind element_kind = types_.kind(arr->element_type());
        if (is_scalar(element_kind)) {  // one line: [a, b, c, … (k more)]
            out_ += fmt::format("{}[{}] [", arr->element_type_name(), arr->count());
            for (std::size_t i = 0; i < shown; ++i) out_ += (i ? ", " : "") + scalar(arr->at(i));
            if (more) out_ += fmt::format("{}… ({} more)", shown ? ", " : "", more);
            out_ += "]\n";
            return;
        }
        out_ += fmt::format("{}[{}]\n", arr->element_type_name(), arr->count());
        for (std::size_t i = 0; i < shown && !over_budget(); ++i) {
            indent(depth + 1);
            out_ += fmt::format("[{}]: ", i);
            value(arr->at(i), depth + 1, nesting + 1);
        }
        if (more) {
            indent(depth + 1);
            out_ += fmt::format("… ({} more)\n", more);
        }
    }

    // Records whose members overlap and nest again (a hostile type table) would print
    // exponentially many lines: the output is bounded in proportion to the input.
    bool over_budget() {
        stopped_ = stopped_ || out_.size() > budget_;
        return stopped_;
    }

    const Tagfile& tf_;
    const TypeTable& types_;
    const DumpOptions& opt_;
    std::vector<bool> visited_;
    const std::size_t budget_;
    bool stopped_ = false;
    std::string out_;
};

}  // namespace

std::string dump_tagfile(const Tagfile& tagfile, const DumpOptions& options) { return Dumper(tagfile, options).run(); }

}  // namespace meshproof::tagfile
