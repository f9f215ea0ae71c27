#include "engine/pipeline/inflate_floor.h"

#include <atomic>
#include <cstring>
#include <memory>

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include "engine/pipeline/member_group.h"
#include "engine/pipeline/member_pages.h"
#include "engine/pipeline/run_setup.h"

namespace meshproof {

namespace {

// Every byte read once: 8-byte words XORed (memcpy: the buffer need not be aligned), the tail
// bytes shifted in.
std::uint64_t touch(Bytes bytes) {
    std::uint64_t x = 0;
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, bytes.data() + i, 8);
        x ^= w;
    }
    for (; i < bytes.size(); ++i) x ^= std::uint64_t(bytes[i]) << (8 * (i % 8));
    return x;
}

// Every member of the scanned install, inside the setup's arena (run_setup.h).
InflateFloor inflate_scanned(const InstallScan& scan, const DecompressorRegistry& codecs);

}  // namespace

Result<InflateFloor> inflate_every_member(const std::filesystem::path& root, const RunOptions& options) {
    MP_TRY_ASSIGN(InstallScan scan, scan_install(root, options.game));
    RunSetup setup;
    set_up_run(options, setup);
    return in_run_arena(setup, [&] { return inflate_scanned(scan, *setup.codecs); });
}

namespace {

InflateFloor inflate_scanned(const InstallScan& scan, const DecompressorRegistry& codecs) {
    std::uint64_t binders = 0;
    const std::vector<Group> groups = plan_groups(scan, binders);
    std::atomic<std::uint64_t> members{0}, bytes{0}, failures{0}, checksum{0};
    // One buffer per thread, as verify decompresses (so the floor is the same inflate, not one
    // that also allocates and zero-fills every member).
    tbb::enumerable_thread_specific<std::vector<std::uint8_t>> buffers;
    tbb::parallel_for(std::size_t{0}, groups.size(), [&](std::size_t g) {
        const std::unique_ptr<OpenedGroup> opened = bind_group(groups[g], codecs);
        failures += opened->failures.size();
        MemberPages pages(*opened);  // mapped in and let go as the run does
        tbb::parallel_for(std::size_t{0}, opened->jobs.size(), [&](std::size_t i) {
            pages.begin(i);
            std::string skip;
            auto content = member_content(opened->jobs[i], codecs, skip, buffers.local());
            if (content.ok() && skip.empty()) {
                ++members;
                bytes += content->size();
                checksum ^= touch(*content);
            } else {
                ++failures;
            }
            pages.end(i);
        });
    });
    return InflateFloor{members.load(), bytes.load(), failures.load(), checksum.load()};
}

}  // namespace

}  // namespace meshproof
