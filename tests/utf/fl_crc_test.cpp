// FL-CRC (freelancer-models.md §3): the document's test vectors, the table's corrupted top byte,
// and that it is neither zlib's crc32 nor case-sensitive.
#include <gtest/gtest.h>

#include "engine/utf/fl_crc.h"

namespace meshproof::utf {
namespace {

TEST(FlCrc, DocumentTestVectors) {
    EXPECT_EQ(fl_crc("Root"), 0x12688F2Du);
    EXPECT_EQ(fl_crc("root"), 0x12688F2Du);
    EXPECT_EQ(fl_crc("ROOT"), 0x12688F2Du);
    EXPECT_EQ(fl_crc("Li_Engine02_lod1"), 0xF6030470u);
    EXPECT_EQ(fl_crc("Li_port_wing_lod1"), 0xEEF0ED36u);
    EXPECT_EQ(fl_crc("HpWeapon01"), 0x03981F6Fu);
    EXPECT_EQ(fl_crc("DpPortwing"), 0xEDE6D444u);
    EXPECT_EQ(fl_crc(""), 0u);
    // §2.6: a VMeshRef's meshId is the same hash of the VMeshLibrary folder name.
    EXPECT_EQ(fl_crc("data.ships.liberty.li_elite.li_elite.lod0-112.vms"), 0xE188C9BBu);
}

TEST(FlCrc, IsNotZlibCrc32) {
    // §3: crc32("root") = 0x16F4F95B; the corrupted table gives another value.
    EXPECT_NE(fl_crc("root"), 0x16F4F95Bu);
}

TEST(FlCrc, FoldsAsciiOnly) {
    EXPECT_EQ(fl_crc("HPWEAPON01"), fl_crc("hpweapon01"));
    // Bytes above 0x7F are hashed as they are (no windows-1252 folding of 0xC0..0xDE).
    EXPECT_NE(fl_crc("\xC0"), fl_crc("\xE0"));
}

}  // namespace
}  // namespace meshproof::utf
