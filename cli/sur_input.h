// A Freelancer .sur file as `dump` and `export` open it: decoded, with the model it collides for
// (the sibling .cmp / .3db, engine/io/sibling_model.h) decoded beside it, and each part's name and
// model part resolved by the pairing's rule (engine/utf/sur_ids.h). A malformed .sur or model is
// an error naming the file it is in; neither command writes anything then.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/core/error.h"
#include "engine/sur/sur_model.h"
#include "engine/utf/model.h"

namespace meshproof::cli {

// A .sur by name (".sur", any case) or by its vers signature.
bool is_sur_input(const std::filesystem::path& path);

struct SurInput {
    sur::SurModel sur;
    std::optional<std::filesystem::path> model_path;  // the sibling model, when there is one
    std::optional<utf::Model> model;
    std::vector<std::int32_t> model_part;  // per vers part: the model part it names, or -1
    std::vector<std::string> part_names;   // per vers part: the model part's name, or empty
};

struct SurInputError {
    std::string file;  // the .sur or its model
    Error error;
    bool decode = false;  // the file does not decode (exit 3); otherwise it could not be read (2)
};

// Reads the .sur, then (with `with_model`) its sibling model.
std::variant<SurInput, SurInputError> open_sur(const std::filesystem::path& path, bool with_model);

// The part (vers) or record (legacy) that `--part` names: an id (decimal or 0x hex), a model part's
// Object name, or a legacy record's name (names ignoring ASCII case); nullopt when none does.
std::optional<std::size_t> find_part(const SurInput& in, const std::string& wanted);

}  // namespace meshproof::cli
