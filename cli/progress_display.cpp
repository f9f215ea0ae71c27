#include "cli/progress_display.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "cli/console.h"

#include "cli/terminal.h"

namespace meshproof::cli {

ProgressDisplay::ProgressDisplay(const Progress& progress, bool enabled) : progress_(progress) {
    if (!enabled) return;
    tty_ = is_console(stderr);
    thread_ = std::thread([this] { loop(); });
}

ProgressDisplay::~ProgressDisplay() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

namespace {

// m:ss, or h:mm:ss; "--:--" when unknown.
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
    // One column short of the terminal's width: a line that fills it wraps on some terminals,
    // and the carriage return then redraws only its second row.
    const std::size_t columns = static_cast<std::size_t>(std::max(20, terminal_width(stderr) - 1));
    while (!stop_) {
        std::this_thread::sleep_for(std::chrono::milliseconds(tty_ ? 200 : 250));
        const std::string line = progress_line(progress_, std::chrono::duration<double>(clock::now() - start).count());
        if (tty_) {
            std::fprintf(stderr, "\r%-*s", static_cast<int>(columns), line.substr(0, columns).c_str());
            std::fflush(stderr);
            drew = true;
        } else if (clock::now() - last_line >= plain_every) {
            last_line = clock::now();
            std::fprintf(stderr, "progress: %s\n", line.c_str());
        }
    }
    if (drew) std::fprintf(stderr, "\r%*s\r", static_cast<int>(columns), "");
}

std::string progress_line(const Progress& progress, double elapsed) {
    const RunPhase phase = progress.phase.load();
    if (phase != RunPhase::kVerifying) return fmt::format("{} ({})", run_phase_name(phase), clock_text(elapsed));
    const auto done = progress.members_done.load();
    const auto total = progress.members_total.load();
    const auto bytes_done = progress.bytes_done.load();
    const auto bytes_total = progress.bytes_total.load();
    // The ETA follows bytes (members differ in size by orders of magnitude); the bar, members.
    const double fraction = bytes_total ? std::min(1.0, double(bytes_done) / double(bytes_total)) : 0.0;
    const double rate = elapsed > 0 ? double(done) / elapsed : 0.0;
    const double eta = fraction > 0.001 ? elapsed * (1.0 - fraction) / fraction : -1.0;
    const int width = 16;  // the line stays under 80 columns (a narrower terminal cuts its end)
    const int filled = total ? static_cast<int>(std::min(1.0, double(done) / double(total)) * width) : 0;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.append(static_cast<std::size_t>(width - filled), '-');
    return fmt::format("verifying [{}] {}/{} members  {:.0f}/s  {:.0f}% of bytes  ETA {}", bar, done, total, rate,
                       fraction * 100.0, clock_text(eta));
}

}  // namespace meshproof::cli
