// Progress on stderr while a run works: on a terminal a redrawn bar with members done,
// members/s and ETA (from bytes, which are known up front); otherwise a plain line every
// few seconds, so logs of long runs stay readable.
#pragma once

#include <atomic>
#include <thread>

#include "engine/pipeline/progress.h"

namespace meshproof::cli {

class ProgressDisplay {
public:
    ProgressDisplay(const Progress& progress, bool enabled);
    ~ProgressDisplay();   // stops the thread and clears the bar

private:
    void loop();
    const Progress& progress_;
    bool tty_ = false;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

}  // namespace meshproof::cli
