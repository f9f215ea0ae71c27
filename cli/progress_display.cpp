#include "cli/progress_display.h"

#include <chrono>
#include <cstdio>
#include <string>

#include <fmt/format.h>
#include <unistd.h>

namespace meshproof::cli {

ProgressDisplay::ProgressDisplay(const Progress& progress, bool enabled) : progress_(progress) {
    if (!enabled) return;
    tty_ = ::isatty(STDERR_FILENO) != 0;
    thread_ = std::thread([this] { loop(); });
}

ProgressDisplay::~ProgressDisplay() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

namespace {

std::string clock_text(double seconds) {
    if (seconds < 0 || seconds > 1e7) return "--:--";
    auto s = static_cast<long>(seconds + 0.5);
    return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
                     : fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

void ProgressDisplay::loop() {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    auto last_line = start;
    const auto plain_every = std::chrono::seconds(5);
    bool drew = false;
    while (!stop_) {
        std::this_thread::sleep_for(std::chrono::milliseconds(tty_ ? 200 : 250));
        const double elapsed = std::chrono::duration<double>(clock::now() - start).count();
        const auto done = progress_.members_done.load();
        const auto known = progress_.members_known.load();
        const auto bytes_done = progress_.bytes_done.load();
        const auto bytes_total = progress_.bytes_total.load();
        const double fraction = bytes_total ? static_cast<double>(bytes_done) / static_cast<double>(bytes_total) : 0.0;
        const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
        const double eta = fraction > 0.001 ? elapsed * (1.0 - fraction) / fraction : -1.0;
        if (tty_) {
            const int width = 30;
            const int filled = static_cast<int>(fraction * width);
            std::string bar(static_cast<std::size_t>(filled), '#');
            bar.append(static_cast<std::size_t>(width - filled), '-');
            std::fprintf(stderr, "\r[%s] %llu/%llu members  %.0f members/s  ETA %s ", bar.c_str(),
                         static_cast<unsigned long long>(done), static_cast<unsigned long long>(known), rate,
                         clock_text(eta).c_str());
            std::fflush(stderr);
            drew = true;
        } else if (clock::now() - last_line >= plain_every) {
            last_line = clock::now();
            std::fprintf(stderr, "progress: %llu/%llu members, %.0f members/s, %.0f%% of bytes, ETA %s\n",
                         static_cast<unsigned long long>(done), static_cast<unsigned long long>(known), rate,
                         fraction * 100.0, clock_text(eta).c_str());
        }
    }
    if (drew) std::fprintf(stderr, "\r%80s\r", "");
}

}  // namespace meshproof::cli
