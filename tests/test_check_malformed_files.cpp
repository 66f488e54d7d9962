// Hostile input: the files of tests/data/malformed/datasets (binary, truncated, wrongly
// encoded, too deep, ...) each give exactly the diagnostics expected.txt works out by hand,
// with messages meant for a user; `fexpr check` over all of them reports every file, exits 1
// and changes nothing on disk; and element references nested beyond the limit are one clean
// limit error, also on a thread with a small stack.
#include "dataset/checker.hpp"
#include "dataset/element_bindings.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "json_reader.hpp"
#include "run_program.hpp"
#include "small_stack.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace test_check_malformed_files {

namespace fs = std::filesystem;
using fexpr::testing::on_stack;
using fexpr::testing::parse_json;
using fexpr::testing::run_fexpr;

namespace {

const std::string kDir = std::string(FEXPR_SOURCE_DIR) + "/tests/data/malformed/datasets/";
// One clean model among the hostile files: SFORCE/1 is its one function.
const std::string kGood = std::string(FEXPR_SOURCE_DIR) + "/examples/models/spring_damper.adm";

// expected.txt: file name -> "line:column severity code", in the order of their position.
std::map<std::string, std::vector<std::string>> expected() {
  std::ifstream in(kDir + "expected.txt");
  REQUIRE(in);
  std::map<std::string, std::vector<std::string>> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string file, at, severity, code;
    words >> file >> at;
    auto& list = out[file];
    if (at == "none") continue;
    words >> severity >> code;
    REQUIRE_FALSE(code.empty());
    list.push_back(at + " " + severity + " " + code);
  }
  return out;
}

std::string where(const fexpr::dataset::CheckedFile& f, const fexpr::Diagnostic& d) {
  auto p = f.source->position(d.span.begin);
  return std::to_string(p.line) + ":" + std::to_string(p.column) + " " + std::string(fexpr::severity_name(d.severity)) +
         " " + std::string(fexpr::code_name(d.code));
}

std::vector<std::string> found(const fexpr::dataset::CheckedFile& f) {
  std::vector<std::string> out;
  for (const auto& d : f.diagnostics) {
    if (d.severity != fexpr::Severity::info) out.push_back(where(f, d));
  }
  return out;
}

std::vector<std::string> hostile_files() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(kDir)) {
    std::string name = entry.path().filename().string();
    if (name != "expected.txt") names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

int count(const std::map<std::string, std::vector<std::string>>& all, const std::string& severity) {
  int n = 0;
  for (const auto& [file, list] : all)
    for (const auto& d : list) n += d.find(" " + severity + " ") != std::string::npos;
  return n;
}

// A copy of every hostile file and of the good model in a directory of its own, removed
// again at the end of the test; the program runs from inside it, so anything it wrote would
// land there.
struct Scratch {
  fs::path dir, previous = fs::current_path();
  std::vector<std::string> files;  // the hostile ones, then the good one
  Scratch() {
    std::string pattern = (fs::temp_directory_path() / "fexpr_malformed_XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    dir = pattern;
    for (const std::string& name : hostile_files()) {
      fs::copy_file(kDir + name, dir / name);
      files.push_back(name);
    }
    fs::copy_file(kGood, dir / "good.adm");
    files.push_back("good.adm");
    fs::current_path(dir);
  }
  ~Scratch() {
    fs::current_path(previous);
    fs::remove_all(dir);
  }
  std::string arguments() const {
    std::string out;
    for (const std::string& f : files) out += " " + quoted(f);
    return out;
  }
  std::map<std::string, std::string> contents() const {
    std::map<std::string, std::string> out;
    for (const auto& entry : fs::directory_iterator(dir)) out[entry.path().filename().string()] = read_bytes(entry.path());
    return out;
  }
};

// The line `fexpr check` ends a file's report with.
std::string summary(const std::string& out, const std::string& file) {
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(file + ": ", 0) == 0 && line.find(" error(s), ") != std::string::npos) return line;
  }
  return {};
}

// "VARIABLE/k, FUNCTION=..." for k = 1..n on lines 2..n+1 after a title: VARIABLE/k is
// VARVAL(k+1)+1 and the last is 0, so VARIABLE/k is n-k.
std::string varval_chain(int n) {
  std::string text = "chain\n";
  text.reserve(static_cast<std::size_t>(n) * 40);
  for (int k = 1; k <= n; ++k) {
    text += "VARIABLE/" + std::to_string(k) + ", FUNCTION=";
    text += k == n ? std::string("0") : "VARVAL(" + std::to_string(k + 1) + ")+1";
    text += "\n";
  }
  return text + "END\n";
}

// SFORCE/k = SFORCE(k+1,0,1,0) + 1 for k = 1..n, the last 1, on lines 6..n+5: the magnitude
// of a scalar force is its absolute value, so SFORCE/k is n-k+1.
std::string sforce_chain(int n) {
  std::string text = "chain\nPART/1, GROUND\nMARKER/10, PART=1\nPART/2, QG=0,0,1\nMARKER/20, PART=2\n";
  text.reserve(static_cast<std::size_t>(n) * 60);
  for (int k = 1; k <= n; ++k) {
    text += "SFORCE/" + std::to_string(k) + ", I=20, J=10, FUNCTION=";
    text += k == n ? std::string("1") : "SFORCE(" + std::to_string(k + 1) + ",0,1,0)+1";
    text += "\n";
  }
  return text + "END\n";
}

std::string digits(long k) { return std::to_string(std::to_string(k).size()); }

// The value of an element at the initial state, compiled as the checker compiles it.
double element_value(const std::string& text, const char* type, long id) {
  fexpr::SourceText source("chain.adm", text);
  auto dataset = fexpr::dataset::read(source);
  auto build = fexpr::dataset::build_model(dataset);
  fexpr::kinematics::ModelBindings model(build.model);
  fexpr::dataset::ElementBindings elements(dataset, source, model);
  const auto* e = elements.element(type, id);
  REQUIRE(e);
  REQUIRE(e->expression);
  fexpr::kinematics::State state(build.model);
  fexpr::Inputs in;
  in.state = &state;
  fexpr::Workspace ws;
  return e->expression->value(in, ws);
}

constexpr int kLimit = fexpr::dataset::kMaxElementDepth;
constexpr std::size_t kSmallStack = 256 * 1024;
// With a Release build's frames kLimit levels of values fit kSmallStack (element_bindings.hpp);
// an unoptimised or sanitized build's larger ones stop a chain early there, with an error.
#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__)
constexpr bool kReleaseFrames = true;
#else
constexpr bool kReleaseFrames = false;
#endif

// check_text on a thread with a kSmallStack stack: what found() gives, less the evaluation
// errors of elements nested too deep for that stack, which are counted in *too_deep.
std::vector<std::string> found_on_small_stack(const std::string& text, int* too_deep) {
  std::vector<std::string> out;
  *too_deep = 0;
  on_stack(kSmallStack, [&] {
    auto f = fexpr::dataset::check_text("chain.adm", text);
    const std::string guard = "nested too deep for the stack of this thread";
    for (const auto& d : f.diagnostics) {
      if (d.severity == fexpr::Severity::info) continue;
      bool stack = d.code == fexpr::Code::domain && d.message.size() >= guard.size() &&
                   d.message.compare(d.message.size() - guard.size(), guard.size(), guard) == 0;
      if (stack) ++*too_deep;
      else out.push_back(where(f, d));
    }
  });
  return out;
}

}  // namespace

TEST_CASE("expected.txt lists every hostile file, and only those", "[check][malformed]") {
  auto all = expected();
  std::vector<std::string> listed;
  for (const auto& [file, list] : all) listed.push_back(file);
  CHECK(listed == hostile_files());
  CHECK(listed.size() == 52);
}

TEST_CASE("each hostile file gives exactly the diagnostics worked out by hand", "[check][malformed]") {
  for (const auto& [file, want] : expected()) {
    INFO(file);
    auto f = fexpr::dataset::check_file(kDir + file);
    REQUIRE(f.source);
    std::string rendered;
    for (const auto& d : f.diagnostics) rendered += f.source->render(d);
    INFO(rendered);
    CHECK(found(f) == want);
    for (const auto& d : f.diagnostics) {
      CHECK_FALSE(d.message.empty());
      std::string lower = d.message;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      CHECK(lower.find("tao::") == std::string::npos);
      CHECK(lower.find("pegtl") == std::string::npos);
      CHECK(d.span.begin <= d.span.end);
      CHECK(d.span.end <= f.source->text().size());
    }
  }
}

TEST_CASE("fexpr check over every hostile file and a good one reports each and exits 1", "[cli][check][malformed]") {
  auto all = expected();
  Scratch scratch;
  auto r = run_fexpr("check --verbose" + scratch.arguments());  // a summary line for every file
  CHECK(r.status == 1);  // not a signal (-1), not an I/O failure (2)
  for (const auto& [file, want] : all) {
    INFO(file);
    int errors = 0, warnings = 0;
    for (const std::string& d : want) {
      std::string at = d.substr(0, d.find(' '));
      std::string severity = d.substr(at.size() + 1, d.find(' ', at.size() + 1) - at.size() - 1);
      errors += severity == "error";
      warnings += severity == "warning";
      CHECK_THAT(r.out, Catch::Matchers::Contains(file + ":" + at + ": " + severity + "["));
    }
    CHECK_THAT(summary(r.out, file), Catch::Matchers::StartsWith(file + ": " + std::to_string(errors) + " error(s), " +
                                                                 std::to_string(warnings) + " warning(s)"));
  }
  std::string good = summary(r.out, "good.adm");
  CHECK_THAT(good, Catch::Matchers::StartsWith("good.adm: 0 error(s), 0 warning(s)"));
  CHECK_THAT(good, Catch::Matchers::EndsWith(", 1 function(s) checked"));
  CHECK_THAT(r.out, Catch::Matchers::Contains(" in 53 files\n"));

  auto json = run_fexpr("check --format json" + scratch.arguments());
  CHECK(json.status == 1);
  auto doc = parse_json(json.out);
  CHECK(doc["files"].array().size() == 53);
  CHECK(doc["summary"]["errors"].number() == count(all, "error"));
  CHECK(doc["summary"]["warnings"].number() == count(all, "warning"));

  auto sarif = run_fexpr("check --format sarif" + scratch.arguments());
  CHECK(sarif.status == 1);
  std::size_t listed = 0;
  const auto log = parse_json(sarif.out);
  for (const auto& res : log["runs"][0]["results"].array()) listed += res["level"].str() != "note";
  CHECK(listed == static_cast<std::size_t>(count(all, "error") + count(all, "warning")));
}

TEST_CASE("checking hostile files changes nothing on disk", "[cli][check][malformed]") {
  Scratch scratch;
  const auto before = scratch.contents();
  REQUIRE(before.size() == 53);
  for (const char* format : {"text", "json", "sarif"}) {
    INFO(format);
    CHECK(run_fexpr(std::string("check --format ") + format + scratch.arguments()).status == 1);
    CHECK(scratch.contents() == before);  // the same files, byte for byte, and no new ones
  }
}

TEST_CASE("in varval_chain_deep.adm the deepest chain within the limit has its value", "[check][elements]") {
  // VARIABLE/k = VARVAL(k+1)+1 for k = 1..120 and VARIABLE/121 = DZ(20,10) = 1 (PART/2 at
  // z = 1): VARIABLE/21 nests 100 references and is 100 + 1.
  static_assert(kLimit == 100, "expected.txt works out varval_chain_deep.adm for a limit of 100");
  CHECK(element_value(read_bytes(kDir + "varval_chain_deep.adm"), "VARIABLE", 21) == 101.0);
}

TEST_CASE("a VARVAL chain just under the limit evaluates to its closed form", "[check][elements][limits]") {
  // kLimit + 1 VARIABLEs: VARIABLE/1 nests kLimit references and is kLimit.
  const std::string text = varval_chain(kLimit + 1);
  CHECK(element_value(text, "VARIABLE", 1) == kLimit);
  CHECK(found(fexpr::dataset::check_text("chain.adm", text)).empty());
  int too_deep = 0;
  CHECK(found_on_small_stack(text, &too_deep).empty());
  if (kReleaseFrames) {
    CHECK(too_deep == 0);
    double value = 0.0;
    on_stack(kSmallStack, [&] { value = element_value(text, "VARIABLE", 1); });
    CHECK(value == kLimit);
  }
}

TEST_CASE("one VARVAL past the limit is a limit error at that reference", "[check][elements][limits]") {
  // kLimit + 2 VARIABLEs: VARIABLE/2 nests kLimit, so VARIABLE/1's VARVAL(2), on line 2 at
  // column 22, would be one level too many.
  auto f = fexpr::dataset::check_text("chain.adm", varval_chain(kLimit + 2));
  CHECK(found(f) == std::vector<std::string>{"2:22 error limit"});
  for (const auto& d : f.diagnostics) {
    if (d.code != fexpr::Code::limit) continue;
    CHECK_THAT(d.message, Catch::Matchers::Contains(std::to_string(kLimit)));
    CHECK_THAT(d.message, Catch::Matchers::Contains("shorten the chain"));
  }
}

TEST_CASE("a 100,000-long VARVAL chain is one limit error, without recursion, on a small stack", "[check][elements][limits]") {
  // VARIABLE/j nests n - j references; the first compiled with more than kLimit is
  // k = n - kLimit - 1 (its VARVAL(k+1) would make n - k), on line k + 1 at column 21 + the
  // digits of k. Every VARIABLE above it refers to one with errors: notes only.
  constexpr int n = 100000;
  const std::string text = varval_chain(n);
  const long k = n - kLimit - 1;
  const std::vector<std::string> want{std::to_string(k + 1) + ":" + std::to_string(21 + std::stoi(digits(k))) + " error limit"};
  CHECK(found(fexpr::dataset::check_text("chain.adm", text)) == want);
  int too_deep = 0;
  CHECK(found_on_small_stack(text, &too_deep) == want);
  if (kReleaseFrames) CHECK(too_deep == 0);
}

TEST_CASE("SFORCE references nest under the same limit", "[check][elements][limits]") {
  SECTION("just under the limit: SFORCE/1 nests kLimit and is kLimit + 1") {
    const std::string text = sforce_chain(kLimit + 1);
    CHECK(element_value(text, "SFORCE", 1) == kLimit + 1);
    CHECK(found(fexpr::dataset::check_text("chain.adm", text)).empty());
    int too_deep = 0;
    CHECK(found_on_small_stack(text, &too_deep).empty());
    if (kReleaseFrames) CHECK(too_deep == 0);
  }
  SECTION("100,000 long: one limit error") {
    // As for VARVAL: the error is at SFORCE/k, k = n - kLimit - 1, on line k + 5, where the
    // expression starts after "SFORCE/k, I=20, J=10, FUNCTION=", at column 31 + digits of k.
    constexpr int n = 100000;
    const std::string text = sforce_chain(n);
    const long k = n - kLimit - 1;
    const std::vector<std::string> want{std::to_string(k + 5) + ":" + std::to_string(31 + std::stoi(digits(k))) + " error limit"};
    CHECK(found(fexpr::dataset::check_text("chain.adm", text)) == want);
    int too_deep = 0;
    CHECK(found_on_small_stack(text, &too_deep) == want);
    if (kReleaseFrames) CHECK(too_deep == 0);
  }
}

TEST_CASE("on a stack too small for a chain within the limit, evaluation stops cleanly", "[check][elements][limits]") {
  // 64 KiB holds the reserve of 32 KiB and a few dozen levels, not kLimit.
  // Compiled on this thread: the parser keeps a reserve of its own.
  fexpr::SourceText source("chain.adm", varval_chain(kLimit + 1));
  auto dataset = fexpr::dataset::read(source);
  auto build = fexpr::dataset::build_model(dataset);
  fexpr::kinematics::ModelBindings model(build.model);
  fexpr::dataset::ElementBindings elements(dataset, source, model);
  const auto* e = elements.element("VARIABLE", 1);
  REQUIRE(e);
  REQUIRE(e->expression);
  fexpr::kinematics::State state(build.model);
  fexpr::Inputs in;
  in.state = &state;
  std::string error;
  on_stack(64 * 1024, [&] {
    fexpr::Workspace ws;
    try {
      e->expression->value(in, ws);
    } catch (const fexpr::EvaluationError& x) {
      error = x.diagnostic.message;
    }
  });
  CHECK_THAT(error, Catch::Matchers::StartsWith("VARIABLE/"));
  CHECK_THAT(error, Catch::Matchers::EndsWith(": VARVAL and SFORCE references nested too deep for the stack of this thread"));
}

TEST_CASE("an error at the end of a long chain is found once for each element above it", "[check][elements][limits]") {
  // VARIABLE/k = VARVAL(k+1)+1 and the last, VARIABLE/n, is SQRT(-1): every VARIABLE fails at
  // the initial state, each at the start of its own expression (line k + 1, column 21 + the
  // digits of k), and the message names the innermost, where the error is. The evaluator
  // runs a failed program again to find the failing instruction; were the nested elements
  // evaluated again too, VARIABLE/1 would take 2^100 evaluations.
  constexpr int n = kLimit + 1;
  std::string text = varval_chain(n);
  text.replace(text.rfind("FUNCTION=0"), 10, "FUNCTION=SQRT(-1)");
  auto f = fexpr::dataset::check_text("chain.adm", text);
  std::vector<std::string> want;
  for (long k = 1; k <= n; ++k) want.push_back(std::to_string(k + 1) + ":" + std::to_string(21 + std::stoi(digits(k))) + " error domain");
  CHECK(found(f) == want);
  REQUIRE_FALSE(f.diagnostics.empty());
  CHECK_THAT(f.diagnostics.front().message, Catch::Matchers::StartsWith("at the initial state: VARIABLE/" + std::to_string(n) + ": "));
}

TEST_CASE("references that fan out at every level are compiled and evaluated once each", "[check][elements][limits]") {
  // Level k refers to level k+1 twice, 60 levels deep: done naively that is 2^59 compilations
  // or evaluations of the last level. With the last one 1, level k is 2^(60-k).
  constexpr int n = 60;
  std::string variables = "fan\n", forces = "fan\nPART/1, GROUND\nMARKER/10, PART=1\nPART/2, QG=0,0,1\nMARKER/20, PART=2\n";
  for (int k = 1; k <= n; ++k) {
    std::string next = std::to_string(k + 1);
    variables += "VARIABLE/" + std::to_string(k) + ", FUNCTION=" + (k == n ? "1" : "VARVAL(" + next + ")+VARVAL(" + next + ")") + "\n";
    forces += "SFORCE/" + std::to_string(k) + ", I=20, J=10, FUNCTION=" +
              (k == n ? "1" : "SFORCE(" + next + ",0,1,0)+SFORCE(" + next + ",0,1,0)") + "\n";
  }
  variables += "END\n";
  forces += "END\n";
  CHECK(element_value(variables, "VARIABLE", 1) == std::ldexp(1.0, n - 1));
  CHECK(element_value(forces, "SFORCE", 1) == std::ldexp(1.0, n - 1));
  CHECK(found(fexpr::dataset::check_text("fan.adm", variables)).empty());
  CHECK(found(fexpr::dataset::check_text("fan.adm", forces)).empty());
}

TEST_CASE("a reference cycle among many elements names exactly the elements on it", "[check][elements]") {
  // VARIABLE/1 -> 12 -> 13 -> 12: VARIABLE/1 leads into the cycle but is not on it, though
  // its label is the start of VARIABLE/12's; VARIABLE/2 refers to VARIABLE/1.
  auto f = fexpr::dataset::check_text("cycle.adm", "cycle\nVARIABLE/1, FUNCTION=VARVAL(12)\n"
                                                   "VARIABLE/12, FUNCTION=VARVAL(13)\nVARIABLE/13, FUNCTION=VARVAL(12)\n"
                                                   "VARIABLE/2, FUNCTION=VARVAL(1)\nEND\n");
  std::vector<std::string> cycles, notes;
  for (const auto& d : f.diagnostics) {
    if (d.code == fexpr::Code::cycle) cycles.push_back(d.message);
    if (d.code == fexpr::Code::not_interpreted) notes.push_back(d.message);
  }
  CHECK(cycles == std::vector<std::string>{"reference cycle: VARIABLE/12 -> VARIABLE/13 -> VARIABLE/12"});
  const std::string cycle = " is on the reference cycle VARIABLE/12 -> VARIABLE/13 -> VARIABLE/12";
  CHECK(notes == std::vector<std::string>{"VARVAL(12) is not evaluated: VARIABLE/12" + cycle,
                                          "VARVAL(13) is not evaluated: VARIABLE/13" + cycle,
                                          "VARVAL(1) is not evaluated: VARIABLE/1 reads VARVAL(12), which is not evaluated"});
}

TEST_CASE("a hostile file's control bytes do not reach the terminal", "[cli][check][malformed]") {
  // ctrl_chars.adm holds BEL (0x07) on line 6 and ESC (0x1B) on line 7, both reported, so both
  // source lines are printed under their messages.
  auto r = run_fexpr("check " + quoted(kDir + "ctrl_chars.adm"));
  CHECK(r.status == 1);
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK(r.out.find('\x07') == std::string::npos);
  CHECK_THAT(r.out, Catch::Matchers::Contains("\nVARIABLE/1, FUNCTION=DZ(20,10)?\n"));
  CHECK_THAT(r.out, Catch::Matchers::Contains("\nPART/3?, QG=0,0,0\n"));
}

}  // namespace test_check_malformed_files
