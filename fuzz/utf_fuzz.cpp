// libFuzzer target for the UTF reader and the model view (freelancer-models.md §1, §2): the
// input is decoded as a UTF tree, every leaf string is read, then the model view is built and
// its frames composed; FL-CRC hashes every node name.
#include <cstddef>
#include <cstdint>

#include "engine/utf/fl_crc.h"
#include "engine/utf/model.h"
#include "engine/utf/utf_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const meshproof::Bytes bytes(data, size);
    auto tree = meshproof::utf::decode_utf(bytes);
    if (!tree.ok()) return 0;
    std::uint32_t sink = 0;
    for (const auto& node : tree->nodes) {
        sink ^= meshproof::utf::fl_crc(node.name);
        if (!node.folder) sink ^= static_cast<std::uint32_t>(meshproof::utf::leaf_string(node).size());
    }
    auto model = meshproof::utf::model_view(*tree);
    if (model.ok())
        for (std::size_t i = 0; i < model->parts.size(); ++i)
            (void)model->relative(model->root < 0 ? 0 : model->root, static_cast<std::int32_t>(i));
    (void)sink;
    return 0;
}
