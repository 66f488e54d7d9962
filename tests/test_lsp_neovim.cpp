// End to end with a real editor: Debian's Neovim (0.7) runs headless with the setup that
// docs/lsp.md prints, read from the page (tests/lsp/test_init.lua), opens tests/lsp/model.adm
// and tests/lsp/model.cmd with `fexpr` on the PATH, and presses the keys the page names. The
// expectations are counted by hand in those files. Neovim turns the server's UTF-16 positions
// into byte columns itself, so its columns check the server's conversion independently: STPE
// on line 12 is at byte 39 (0-based) after "é" (2 bytes) and "😀" (4).
#include "run_program.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace test_lsp_neovim {

using nlohmann::json;

namespace {

// The hover window's text lines. Neovim's markdown view drops the ``` fences; a version that
// draws a rule or a blank line between the parts still shows the same text.
std::vector<std::string> text_lines(const json& lines) {
  std::vector<std::string> out;
  for (const std::string line : lines) {
    if (line.empty() || line.find_first_not_of("─") == std::string::npos) continue;
    out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("Neovim with the documented setup shows diagnostics, hover on K, completion and gd") {
  if (fexpr::testing::run_shell("command -v nvim").status != 0) {
    WARN("nvim is not installed (apt-get install neovim); the end-to-end editor test is skipped");
    return;
  }
  char pattern[] = "/tmp/fexpr-lsp-nvim-XXXXXX";
  REQUIRE(mkdtemp(pattern) != nullptr);
  std::filesystem::path dir = pattern;
  std::filesystem::path out = dir / "result.json";
  // The page starts `fexpr` by name, as a user has it on the PATH.
  std::filesystem::create_directory(dir / "bin");
  std::filesystem::create_symlink(std::filesystem::absolute(FEXPR_BINARY), dir / "bin" / "fexpr");
  // Neovim's caches and logs go to the temporary directory, not the user's home.
  std::string command = "cd " + dir.string() + " && PATH=" + (dir / "bin").string() + ":$PATH XDG_CACHE_HOME=" +
                        dir.string() + " XDG_STATE_HOME=" + dir.string() +
                        " FEXPR_LSP_DOC=" FEXPR_SOURCE_DIR "/docs/lsp.md FEXPR_LSP_ADM=" FEXPR_SOURCE_DIR
                        "/tests/lsp/model.adm FEXPR_LSP_CMD=" FEXPR_SOURCE_DIR "/tests/lsp/model.cmd FEXPR_LSP_DIR=" +
                        dir.string() + " FEXPR_LSP_OUT=" + out.string() +
                        " timeout 120 nvim --headless --clean -u " FEXPR_SOURCE_DIR "/tests/lsp/test_init.lua";
  auto run = fexpr::testing::run_shell(command, true);
  INFO(run.out);
  CHECK(run.status == 0);
  std::ifstream f(out);
  REQUIRE(f);
  json r = json::parse(f);
  std::filesystem::remove_all(dir);
  INFO(r.dump(2));
  CHECK(r["errors"].empty());

  // The extensions get the page's file types, all served by one server.
  CHECK(r["adm_filetype"] == "adams");
  CHECK(r["acf_filetype"] == "adams");
  CHECK(r["cmd_filetype"] == "adams_cmd");  // not Vim's dosbatch
  CHECK(r["acf_clients"] == 1);
  CHECK(r["servers_started"] == 1);
  CHECK(r["clients"] == 1);

  // Diagnostics arrive for the dataset and for the View command file.
  CHECK(r["diagnostics_arrived"] == true);
  REQUIRE(r["diagnostics"].size() == 1);
  const json& d = r["diagnostics"][0];
  CHECK(d["lnum"] == 11);
  CHECK(d["col"] == 39);
  CHECK(d["end_col"] == 43);
  CHECK(d["severity"] == 1);  // vim.diagnostic.severity.ERROR
  CHECK(d["message"] == "unknown function 'STPE' (did you mean STEP?)");
  // Read as a command file, not a dataset: `   function = "DX(` is 18 bytes on line 9.
  REQUIRE(r["cmd_diagnostics"].size() == 1);
  const json& c = r["cmd_diagnostics"][0];
  CHECK(c["lnum"] == 8);
  CHECK(c["col"] == 18);
  CHECK(c["end_col"] == 37);
  CHECK(c["message"] == "no object is named '.pendulum.PART_2.MX' (did you mean .pendulum.PART_2.MK?)");

  // K opens the hover: the statement that defines VARIABLE/7, with its View name.
  CHECK(text_lines(r["hover"]) ==
        std::vector<std::string>{"**VARIABLE/7** `spring_length`", "VARIABLE/7, FUNCTION = DM(2, 1) - 0.5"});

  // gd jumps to the definition: from VARVAL(7) to VARIABLE/7 at the start of line 9.
  CHECK(r["adm_definition"] == json::array({9, 0}));
  // `part create rigid_body name_and_position part_name = ` is 53 bytes (line 2), and
  // `marker create marker_name = ` 28 (line 4): the part from PART_2, the marker from MK.
  CHECK(r["cmd_part_definition"] == json::array({2, 53}));
  CHECK(r["cmd_marker_definition"] == json::array({4, 28}));

  // <C-x><C-o> after ST offers the two functions whose names start so, with their arguments.
  // tests/data/spec/adams-function-index.md documents STEP(x, x0, h0, x1, h1) and
  // STEP5(x, x0, h0, x1, h1), and no other function or constant that starts with ST.
  CHECK(r["completion"] == json::parse(R"j([{"abbr": "STEP", "word": "STEP(x, x0, h0, x1, h1)"},
                                            {"abbr": "STEP5", "word": "STEP5(x, x0, h0, x1, h1)"}])j"));

  // Stopping the client ends the server with status 0 (shutdown, then exit).
  CHECK(r["stopped"] == true);
  CHECK(r["exit_code"] == 0);
}

}  // namespace test_lsp_neovim
