#include "engine/synth/install_plan.h"

#include <algorithm>
#include <cstdio>

#include "engine/synth/prng.h"

namespace meshproof::synth {

ScaleParams scale_params(SynthGame g, SynthScale s) {
    switch (s) {
        case SynthScale::kDemo: return {2, 6, 1500, 5000, 4, 270, 4, 3};
        case SynthScale::kSmall: return {6, 40, 1000, 8000, 4, 300, 12, 4};
        case SynthScale::kFull:
            // ER: 500 × 50 = 25,000 tagfiles, ≈ 66 M triangles; Sekiro: 10 × 564 = 5,640, ≈ 25 M.
            return g == SynthGame::kEldenRing ? ScaleParams{500, 25, 2000, 6000, 3, 300, 40, 10}
                                              : ScaleParams{10, 282, 4000, 10000, 3, 300, 40, 10};
    }
    return {2, 6, 1500, 5000, 4, 270, 4, 3};
}

std::string block_name(SynthGame g, std::uint32_t b) {
    char buf[32];
    if (g == SynthGame::kSekiro || b < 10) std::snprintf(buf, sizeof buf, "m%02u_00_00_00", 10 + b);
    else std::snprintf(buf, sizeof buf, "m60_%02u_%02u_00", 30 + (b - 10) / 40, 30 + (b - 10) % 40);
    return buf;
}

std::vector<BinderPlan> plan_map_binders(const SynthOptions& o, const ScaleParams& sp) {
    std::vector<BinderPlan> binders;
    binders.reserve(2ull * sp.blocks);
    for (std::uint32_t b = 0; b < sp.blocks; ++b) {
        for (char set : {'h', 'l', 'f'}) {
            BinderPlan bp{b, set, {}};
            bp.members.reserve(sp.models + 1);
            for (std::uint32_t k = 0; k < sp.models; ++k) {
                MemberPlan mp;
                mp.model = 100 * (k + 1);
                SplitMix64 r(derive_seed(o.seed, (static_cast<std::uint64_t>(b) << 20) | k));
                const std::uint32_t h_target = sp.h_min + r.below(sp.h_max - sp.h_min + 1);
                mp.target = set == 'h'   ? h_target
                            : set == 'l' ? std::max<std::uint32_t>(64, h_target / sp.l_divisor)
                                         : std::max<std::uint32_t>(32, h_target / 8);  // f: a coarse shell
                mp.seed =
                    derive_seed(o.seed, (static_cast<std::uint64_t>(b) << 22) | (static_cast<std::uint64_t>(k) << 2) |
                                            (set == 'l'   ? 1u
                                             : set == 'f' ? 2u
                                                          : 0u));
                mp.x0 = -120.0f + 30.0f * static_cast<float>(k % 8);
                mp.z0 = -120.0f + 30.0f * static_cast<float>((k / 8) % 8);
                bp.members.push_back(mp);
            }
            if (b == 0 && set == 'l') {
                MemberPlan large;
                large.model = 900000;
                large.large = true;
                large.seed = derive_seed(o.seed, 0xB16B00B5ull);
                large.x0 = large.z0 = -128.0f;
                bp.members.push_back(large);
            }
            binders.push_back(std::move(bp));
        }
    }
    return binders;
}

}  // namespace meshproof::synth
