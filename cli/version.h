#pragma once
#include <string>
namespace meshproof::cli {
// meshproof and the versions of the libraries it runs on, one per line.
std::string version_text();
}  // namespace meshproof::cli
