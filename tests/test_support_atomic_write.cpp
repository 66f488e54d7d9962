// Replacing a file atomically: the new text and the old mode on success; on failure the old
// file untouched and no temporary file left behind.
#include "scratch_folder.hpp"
#include "support/atomic_write.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

namespace test_support_atomic_write {

namespace fs = std::filesystem;
using fexpr::testing::ScratchFolder;

namespace {

std::size_t entries(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

}  // namespace

TEST_CASE("a file is replaced with the new text and keeps its mode", "[support][atomic]") {
  ScratchFolder dir;
  std::string path = dir.write("m.adm", "old text\n");
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  CHECK_FALSE(fexpr::write_atomically(path, "new text\n"));
  CHECK(dir.read("m.adm") == "new text\n");
  CHECK(fs::status(path).permissions() == (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
  CHECK(entries(dir.path) == 1);
}

TEST_CASE("in a folder that cannot be written the original is untouched", "[support][atomic]") {
  if (geteuid() == 0) {
    WARN("root writes into read-only folders; test_cli_check_fix runs this case as the user nobody");
    return;
  }
  ScratchFolder dir;
  std::string path = dir.write("locked/m.adm", "old text\n");
  fs::permissions(dir.path / "locked", fs::perms::owner_read | fs::perms::owner_exec);
  auto failure = fexpr::write_atomically(path, "new text\n");
  REQUIRE(failure);
  CHECK_THAT(*failure, Catch::Matchers::StartsWith("cannot create a temporary file beside '" + path + "': "));
  CHECK(dir.read("locked/m.adm") == "old text\n");
  CHECK(entries(dir.path / "locked") == 1);
}

TEST_CASE("when the rename fails the target is untouched and the temporary file removed", "[support][atomic]") {
  ScratchFolder dir;
  dir.write("target/inside.adm", "x\n");
  auto failure = fexpr::write_atomically((dir.path / "target").string(), "new text\n");
  REQUIRE(failure);
  CHECK_THAT(*failure, Catch::Matchers::StartsWith("cannot replace '" + (dir.path / "target").string() + "': "));
  CHECK(fs::is_directory(dir.path / "target"));
  CHECK(dir.read("target/inside.adm") == "x\n");
  CHECK(entries(dir.path) == 1);
}

}  // namespace test_support_atomic_write
