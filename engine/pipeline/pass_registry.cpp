#include <algorithm>

#include "engine/pipeline/pass.h"

namespace meshproof {

PassRegistry& PassRegistry::global() {
    static PassRegistry registry;
    return registry;
}

void PassRegistry::add(std::unique_ptr<Pass> pass) { passes_.push_back(std::move(pass)); }

std::vector<const Pass*> PassRegistry::all() const {
    std::vector<const Pass*> out;
    for (const auto& p : passes_) out.push_back(p.get());
    std::sort(out.begin(), out.end(), [](const Pass* a, const Pass* b) { return a->info().name < b->info().name; });
    return out;
}

const Pass* PassRegistry::find(std::string_view name) const {
    for (const auto& p : passes_)
        if (p->info().name == name) return p.get();
    return nullptr;
}

}  // namespace meshproof
