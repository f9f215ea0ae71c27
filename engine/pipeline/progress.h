// Progress of a run, read by the CLI from another thread while the pipeline works.
#pragma once

#include <atomic>
#include <cstdint>

namespace meshproof {

struct Progress {
    std::atomic<std::uint64_t> members_done{0};
    std::atomic<std::uint64_t> members_known{0};   // grows as binders are opened
    std::atomic<std::uint64_t> bytes_done{0};      // stored bytes of finished members and inputs
    std::atomic<std::uint64_t> bytes_total{0};     // file sizes of every input, known after the scan
    std::atomic<bool> finished{false};
};

}  // namespace meshproof
