#include "engine/pipeline/run_setup.h"

#include "engine/containers/default_decompressors.h"

namespace meshproof {

void set_up_run(const RunOptions& options, RunSetup& setup) {
    setup.codecs = options.decompressors;
    if (setup.codecs == nullptr) {
        setup.default_codecs = default_decompressors();
        setup.codecs = &setup.default_codecs;
    }
    if (options.threads > 0) {
        setup.limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                            static_cast<std::size_t>(options.threads));
        setup.arena = std::make_unique<tbb::task_arena>(options.threads);
    }
}

}  // namespace meshproof
