// What `fexpr check` reads: directories (the datasets below them, as ruff and eslint search a folder)
// and standard input ('-', named by --stdin-name).
#include "json_reader.hpp"
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace test_cli_check_inputs {

using fexpr::testing::parse_json;
using fexpr::testing::run_fexpr;
using fexpr::testing::run_shell;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

// A fresh directory for one test, so that files left by another test cannot be found.
fs::path fresh(const std::string& name) {
  fs::path dir = fs::current_path() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

const char* kClean = "clean\nPART/1, GROUND\nVARIABLE/1, FUNCTION=2*TIME\nEND\n";
// VARIABLE/5 is not defined: an error in a dataset, a note in a command file (it refers to the
// model it modifies). "VARIABLE/1, FUNCTION=VARVAL(" is 28 characters: the 5 is at 3:29.
const char* kReference = "reference\nPART/1, GROUND\nVARIABLE/1, FUNCTION=VARVAL(5)\nEND\n";

}  // namespace

TEST_CASE("check checks every dataset below a directory in sorted order, with or without -r", "[cli][check][inputs]") {
  fs::path dir = fresh("inputs_tree");
  fs::create_directories(dir / "b" / "deep");
  fs::create_directories(dir / "a");
  write(dir / "b" / "deep" / "z.adm", kClean);
  write(dir / "b" / "CMD.ACF", kReference);
  write(dir / "a" / "y.Adm", kClean);
  write(dir / "top.adm", kClean);
  write(dir / "notes.txt", kReference);
  write(dir / "adm", kReference);  // a name that is only the extension's letters is no dataset
  // A link back to the top would make an endless walk if links to directories were followed;
  // a link to a file is checked like the file.
  fs::create_directory_symlink("..", dir / "b" / "up");
  fs::create_symlink("../top.adm", dir / "a" / "linked.adm");

  const std::string clean = ": 0 error(s), 0 warning(s), 0 note(s), 1 function(s) checked\n";
  const std::string expected[] = {
      "inputs_tree/a/linked.adm" + clean,
      "inputs_tree/a/y.Adm" + clean,
      "inputs_tree/b/CMD.ACF: 0 error(s), 0 warning(s), 1 note(s) (--info shows them), 1 function(s) checked\n",
      "inputs_tree/b/deep/z.adm" + clean,
      "inputs_tree/top.adm" + clean,
  };
  for (const char* flag : {"", "--recursive ", "-r "}) {
    INFO(flag);
    auto r = run_fexpr(std::string("check --verbose ") + flag + "inputs_tree");  // clean files' lines too
    CHECK(r.status == 0);
    std::size_t at = 0;
    for (const std::string& line : expected) {
      INFO(line);
      at = r.out.find(line, at);
      REQUIRE(at != std::string::npos);
    }
    CHECK_THAT(r.out, Catch::Matchers::EndsWith("total: 0 error(s), 0 warning(s), 5 function(s) in 5 files\n"));
  }
}

TEST_CASE("check --recursive lists the files it found in JSON", "[cli][check][inputs][json]") {
  fs::path dir = fresh("inputs_json");
  write(dir / "b.adm", kReference);
  write(dir / "a.adm", kClean);
  auto r = run_fexpr("check -r --format json inputs_json");
  CHECK(r.status == 1);
  auto doc = parse_json(r.out);
  REQUIRE(doc["files"].array().size() == 2);
  CHECK(doc["files"][0].str() == "inputs_json/a.adm");
  CHECK(doc["files"][1].str() == "inputs_json/b.adm");
  REQUIRE(doc["diagnostics"].array().size() == 1);
  CHECK(doc["diagnostics"][0]["file"].str() == "inputs_json/b.adm");
  CHECK(doc["diagnostics"][0]["column"].number() == 29);
}

TEST_CASE("check --recursive of a directory without datasets is an error", "[cli][check][inputs]") {
  fs::path dir = fresh("inputs_empty");
  write(dir / "readme.txt", kClean);
  auto r = run_fexpr("check -r inputs_empty");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Matchers::Contains(
                        "inputs_empty: error[io]: 'inputs_empty' holds no *.adm, *.acf or *.cmd file; name the files to check\n"));
}

TEST_CASE("check --recursive reports a directory it cannot read and checks the rest", "[cli][check][inputs]") {
  fs::path dir = fresh("inputs_locked");
  fs::create_directories(dir / "locked");
  write(dir / "locked" / "hidden.adm", kClean);
  write(dir / "open.adm", kReference);
  fs::permissions(dir / "locked", fs::perms::none);
  // Permissions do not stop root, so as root the program runs as the unprivileged user nobody.
  std::string prefix;
  if (geteuid() == 0) {
    if (run_shell("command -v setpriv").status != 0) {
      fs::permissions(dir / "locked", fs::perms::owner_all);
      WARN("running as root without setpriv: an unreadable directory cannot be made");
      return;
    }
    fs::permissions(dir, fs::perms::all);
    fs::permissions(dir / "open.adm", fs::perms::all);
    prefix = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
  }
  auto r = run_shell(prefix + FEXPR_BINARY + " check -r inputs_locked");
  fs::permissions(dir / "locked", fs::perms::owner_all);
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Matchers::Contains(
                        "inputs_locked/locked: error[io]: cannot read the directory 'inputs_locked/locked': Permission "
                        "denied; check its permissions\n"));
  CHECK_THAT(r.out, Catch::Matchers::Contains("inputs_locked/open.adm:3:29: error[reference]: VARIABLE/5 is not defined"));
  CHECK(r.out.find("hidden.adm") == std::string::npos);
}

TEST_CASE("check - reads the dataset from standard input and names it <stdin>", "[cli][check][inputs]") {
  write("inputs_stdin.adm", kReference);
  auto r = run_fexpr("check - < inputs_stdin.adm");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Matchers::StartsWith("<stdin>:3:29: error[reference]: VARIABLE/5 is not defined\n"
                                                "VARIABLE/1, FUNCTION=VARVAL(5)\n"
                                                "                            ^\n"));
  CHECK_THAT(r.out, Catch::Matchers::Contains("<stdin>: 1 error(s)"));
}

TEST_CASE("check --stdin-name names standard input, and an .acf name reads it as a command file", "[cli][check][inputs]") {
  write("inputs_stdin.adm", kReference);
  auto as_dataset = run_fexpr("check --stdin-name model.adm - < inputs_stdin.adm");
  CHECK(as_dataset.status == 1);
  CHECK_THAT(as_dataset.out, Catch::Matchers::StartsWith("model.adm:3:29: error[reference]: VARIABLE/5 is not defined\n"));
  for (const char* option : {"--stdin-name", "--stdin-filename"}) {
    INFO(option);
    auto as_commands = run_fexpr(std::string("check --info ") + option + " run.acf - < inputs_stdin.adm");
    CHECK(as_commands.status == 0);
    CHECK_THAT(as_commands.out,
               Catch::Matchers::StartsWith("run.acf:3:29: info[reference]: VARIABLE/5 is not defined here; a command file refers "
                                           "to the elements of its model\n"));
  }
}

TEST_CASE("check reads standard input once; a second '-' is an error and the rest is checked", "[cli][check][inputs]") {
  write("inputs_stdin.adm", kReference);
  write("inputs_clean.adm", kClean);
  auto r = run_fexpr("check --verbose - inputs_clean.adm - < inputs_stdin.adm");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Matchers::StartsWith("<stdin>:3:29: error[reference]: VARIABLE/5 is not defined\n"));
  CHECK_THAT(r.out, Catch::Matchers::Contains("inputs_clean.adm: 0 error(s)"));
  CHECK_THAT(r.out,
             Catch::Matchers::Contains("<stdin>: error[io]: standard input was already read as '<stdin>'; give '-' once\n"));
}

}  // namespace test_cli_check_inputs
