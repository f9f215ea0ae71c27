// The validators of every numeric option of every command, so that a bad value is refused alike
// everywhere with one line naming the option, the value and what is accepted:
//   meshproof verify: --threads -1: expected a whole number from 0 (every core) to 1024
// (CLI11's own checks printed their range's limits in full: 300 digits for a double's).
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace meshproof::cli {

// The most worker threads any command takes: more than any machine meshproof runs on has, and
// few enough that a typo (--threads 10000) is caught rather than spawning them.
inline constexpr std::uint64_t kMaxThreads = 1024;

// A whole number in [min, max], written in decimal digits (no sign, no fraction, no exponent).
// Refused: "VALUE: expected a whole number from MIN[ MIN_NOTE] to MAX".
// `min_note` says what the least value means, e.g. "(every core)" for --threads 0.
CLI::Validator whole_number(std::uint64_t min, std::uint64_t max, std::string min_note = {});

// A real number in [min, max] (strtod's forms; NaN never; inf only when max is inf).
// Refused: "VALUE: expected ACCEPTED", e.g. "a number of seconds, 0 (no limit) or more".
CLI::Validator real_number(double min, double max, std::string accepted);

// The --threads of verify and synth: 0 (every core) to kMaxThreads.
CLI::Validator thread_count();

}  // namespace meshproof::cli
