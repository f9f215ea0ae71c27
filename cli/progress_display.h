// Progress on stderr while a run works: the phase (scanning, counting members, verifying,
// writing the report); while verifying, members done of the total counted before the fan-out,
// members/s and the ETA (from bytes, known up front). On a terminal a line redrawn five times a
// second; otherwise a plain line every 5 s, so logs of long runs stay readable.
#pragma once

#include <atomic>
#include <string>
#include <thread>

#include "engine/pipeline/progress.h"

namespace meshproof::cli {

// The line shown `elapsed` seconds into the run (without "progress: " or the carriage return).
std::string progress_line(const Progress& progress, double elapsed);

class ProgressDisplay {
public:
    ProgressDisplay(const Progress& progress, bool enabled);
    ~ProgressDisplay();  // stops the thread and clears the bar

private:
    void loop();
    const Progress& progress_;
    bool tty_ = false;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

}  // namespace meshproof::cli
