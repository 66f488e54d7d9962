// End to end with a real editor: Neovim's built-in LSP client (Debian's neovim 0.7) runs
// headless, opens tests/lsp/model.adm with `fexpr lsp` as its server, and reports the
// diagnostics it received and a hover (tests/lsp/test_init.lua). Neovim turns the server's
// UTF-16 positions into byte columns itself, so its columns check the server's conversion
// independently: STPE on line 12 is at byte 39 (0-based) after "é" (2 bytes) and "😀" (4).
#include "run_program.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using nlohmann::json;

TEST_CASE("Neovim's LSP client shows the server's diagnostics and hover") {
  if (fexpr::testing::run_shell("command -v nvim").status != 0) {
    WARN("nvim is not installed (apt-get install neovim); the end-to-end editor test is skipped");
    return;
  }
  char pattern[] = "/tmp/fexpr-lsp-nvim-XXXXXX";
  REQUIRE(mkdtemp(pattern) != nullptr);
  std::filesystem::path dir = pattern;
  std::filesystem::path out = dir / "result.json";
  // Neovim's caches and logs go to the temporary directory, not the user's home.
  std::string command = "cd " + dir.string() + " && XDG_CACHE_HOME=" + dir.string() + " XDG_STATE_HOME=" +
                        dir.string() + " FEXPR_BINARY=" FEXPR_BINARY " FEXPR_LSP_FILE=" FEXPR_SOURCE_DIR
                        "/tests/lsp/model.adm FEXPR_LSP_OUT=" + out.string() +
                        " timeout 120 nvim --headless --clean -u " FEXPR_SOURCE_DIR "/tests/lsp/test_init.lua";
  auto run = fexpr::testing::run_shell(command, true);
  INFO(run.out);
  CHECK(run.status == 0);
  std::ifstream f(out);
  REQUIRE(f);
  json r = json::parse(f);
  std::filesystem::remove_all(dir);

  CHECK(r["errors"].empty());
  CHECK(r["diagnostics_arrived"] == true);
  REQUIRE(r["diagnostics"].size() == 1);
  const json& d = r["diagnostics"][0];
  CHECK(d["lnum"] == 11);
  CHECK(d["col"] == 39);
  CHECK(d["end_col"] == 43);
  CHECK(d["severity"] == 1);  // vim.diagnostic.severity.ERROR
  CHECK(d["message"] == "unknown function 'STPE' (did you mean STEP?)");
  CHECK(r["hover"] == "**VARIABLE/7** `spring_length`\n```\nVARIABLE/7, FUNCTION = DM(2, 1) - 0.5\n```");
  // The client's stop sends shutdown then exit: the server ends with status 0.
  CHECK(r["stopped"] == true);
  CHECK(r["exit_code"] == 0);
}
