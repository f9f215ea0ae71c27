// `meshproof build IN.obj -o OUT.sur --game freelancer [--model X.cmp|X.3db]` (issue 44, item 4):
// each OBJ object becomes one convex hull, the objects are grouped into parts by name, and the
// parts are written as a Freelancer .sur (engine/sur/surface_build.h). docs/cli.md states the
// naming convention and what is derived.
#pragma once

#include <string>

namespace meshproof::cli {

struct SurBuildArgs {
    std::string in, out, model;
    double scale = 1.0;
    bool force = false;
};

// The exit code: 0 written; 2 a usage error (bad OBJ with file:line:column, a bad object or part
// name, a model that does not decode, a file too large for the format, an existing output without
// --force), nothing written then.
int run_build_sur(const SurBuildArgs& args);

}  // namespace meshproof::cli
