// JsonWriter's layouts (engine/core/json_writer.h): indented containers, and one-line ones as
// synth's manifest.json and defects.json write their figures and locations.
#include <gtest/gtest.h>

#include "engine/core/json_writer.h"

namespace meshproof {
namespace {

TEST(JsonWriter, OneLineContainersInsideIndentedOnes) {
    JsonWriter w;
    w.begin_object();
    w.field("n", 1);
    w.key("list").begin_array();
    for (int i = 0; i < 2; ++i) {
        w.begin_object(JsonLayout::kOneLine);
        w.field("i", i);
        w.key("scope").begin_object();  // inside a one-line object: one line too
        w.field("game", "sekiro");
        w.field("set", "h");
        w.end_object();
        w.key("none").null();
        w.end_object();
    }
    w.end_array();
    w.key("empty").begin_array(JsonLayout::kOneLine).end_array();
    w.key("counts").begin_object(JsonLayout::kOneLine);
    w.field("a", 1u);
    w.field("b", 2u);
    w.end_object();
    w.end_object();
    EXPECT_EQ(w.str(),
              "{\n  \"n\": 1,\n  \"list\": [\n"
              "    {\"i\": 0, \"scope\": {\"game\": \"sekiro\", \"set\": \"h\"}, \"none\": null},\n"
              "    {\"i\": 1, \"scope\": {\"game\": \"sekiro\", \"set\": \"h\"}, \"none\": null}\n  ],\n"
              "  \"empty\": [],\n  \"counts\": {\"a\": 1, \"b\": 2}\n}\n");
}

}  // namespace
}  // namespace meshproof
