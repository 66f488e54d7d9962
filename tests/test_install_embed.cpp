// cmake --install of this build tree into a temporary prefix, then host programs built against
// the installed package only: examples/embed/ (C, the ball on an IMPACT contact) and the
// guide's C++ and C snippets (docs/c-cpp.md), exactly as the guide shows them. The build tree is the directory of the fexpr program the tests are given.
#include <catch2/catch.hpp>
#include <fexpr/fexpr.h>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace test_install_embed {

namespace fs = std::filesystem;

namespace {

struct Run {
  int status = -1;
  std::string out;
};

// Runs a shell command, standard error merged into the output.
Run run(const std::string& command) {
  Run r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// A fresh directory, removed with everything in it at the end of the test.
struct TemporaryDirectory {
  fs::path path = fs::temp_directory_path() / ("fexpr-install-" + std::to_string(getpid()));
  TemporaryDirectory() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

void require_ok(const Run& r, const std::string& what) {
  INFO(what << ":\n" << r.out);
  REQUIRE(r.status == 0);
}

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The first ```language block of docs/c-cpp.md after the heading.
std::string guide_block(const std::string& heading, const std::string& language) {
  const std::string guide = read(fs::path(FEXPR_SOURCE_DIR) / "docs/c-cpp.md");
  const auto section = guide.find("\n" + heading + "\n");
  REQUIRE(section != std::string::npos);
  const std::string fence = "\n```" + language + "\n";
  const auto begin = guide.find(fence, section);
  REQUIRE(begin != std::string::npos);
  const auto end = guide.find("\n```\n", begin + fence.size());
  REQUIRE(end != std::string::npos);
  return guide.substr(begin + fence.size(), end + 1 - begin - fence.size());
}

// A program of a guide's snippet: its #include lines, then the rest as the body of main.
std::string program(const std::string& snippet) {
  std::string includes, body;
  std::istringstream lines(snippet);
  for (std::string line; std::getline(lines, line);) (line.starts_with("#include") ? includes : body) += line + "\n";
  return includes + "int main(void) {\n" + body + "return 0;\n}\n";
}

// Builds the snippet in a project of the guide's CMake lines, without a language standard,
// and runs it.
Run run_guide_snippet(const fs::path& dir, const fs::path& prefix, const std::string& heading,
                       const std::string& language, const std::string& cmake_language) {
  fs::create_directories(dir);
  const std::string source = language == "c" ? "app.c" : "app.cpp";
  std::ofstream(dir / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.20)\n"
                                           "project(app LANGUAGES " << cmake_language << ")\n"
                                        << "add_executable(app " << source << ")\n"
                                        << guide_block("## Embedding", "cmake");
  std::ofstream(dir / source) << program(guide_block(heading, language));
  require_ok(run("cmake -S " + quoted(dir) + " -B " + quoted(dir / "build") + " -DCMAKE_PREFIX_PATH=" + quoted(prefix)),
             "configure " + source);
  const Run built = run("cmake --build " + quoted(dir / "build"));
  require_ok(built, "build " + source + ":\n" + read(dir / source));
  const Run out = run(quoted(dir / "build/app"));
  require_ok(out, "run " + source);
  return out;
}

// The numbers of a line, read with from_chars (the suite also runs under a comma-decimal locale).
std::vector<double> numbers(const std::string& line) {
  std::vector<double> out;
  const char* p = line.c_str();
  const char* end = p + line.size();
  while (p < end) {
    while (p < end && *p == ' ') ++p;
    double v = 0.0;
    auto [next, error] = std::from_chars(p, end, v);
    if (error != std::errc() || next == p) break;
    out.push_back(v);
    p = next;
  }
  return out;
}

// x'' + c x' + k x = F sin(w t), x(0) = 1, x'(0) = 0, with oscillator.adm's k = 4, c = 0.4,
// F = 1, w = 1: the forced response plus the damped free one that meets the initial values.
struct Oscillator {
  double k = 4.0, c = 0.4, force = 1.0, w = 1.0, x0 = 1.0, v0 = 0.0;
  double d = (k - w * w) * (k - w * w) + c * w * c * w;
  double sigma = c / 2, wd = std::sqrt(k - sigma * sigma);
  double a = x0 - forced_x(0.0);
  double b = (v0 - forced_v(0.0) + sigma * a) / wd;
  double forced_x(double t) const { return force * ((k - w * w) * std::sin(w * t) - c * w * std::cos(w * t)) / d; }
  double forced_v(double t) const { return force * w * ((k - w * w) * std::cos(w * t) + c * w * std::sin(w * t)) / d; }
  double x(double t) const {
    return std::exp(-sigma * t) * (a * std::cos(wd * t) + b * std::sin(wd * t)) + forced_x(t);
  }
  double v(double t) const {
    return std::exp(-sigma * t) * ((-sigma * a + wd * b) * std::cos(wd * t) + (-sigma * b - wd * a) * std::sin(wd * t)) +
           forced_v(t);
  }
};

// d(DIFF k's FUNCTION)/d(DIF j) at the initial state by central differences of the values fexpr
// gives through the C API, as the host never computes them.
double finite_difference(const fs::path& dataset, const char* element, std::size_t j) {
  fexpr_context* ctx = nullptr;
  fexpr_expression* f = nullptr;
  fexpr_workspace* ws = nullptr;
  REQUIRE(fexpr_context_create(&ctx) == FEXPR_OK);
  REQUIRE(fexpr_context_load_model(ctx, dataset.c_str()) == FEXPR_OK);
  REQUIRE(fexpr_compile_element(ctx, element, &f) == FEXPR_OK);
  REQUIRE(fexpr_workspace_create(&ws) == FEXPR_OK);
  const double h = 1e-6;
  double plus[2] = {1.0, 0.0}, minus[2] = {1.0, 0.0}, up = 0.0, down = 0.0;
  plus[j] += h;
  minus[j] -= h;
  REQUIRE(fexpr_evaluate(f, ws, 0.0, plus, 2, &up) == FEXPR_OK);
  REQUIRE(fexpr_evaluate(f, ws, 0.0, minus, 2, &down) == FEXPR_OK);
  fexpr_workspace_destroy(ws);
  fexpr_expression_destroy(f);
  fexpr_context_destroy(ctx);
  return (up - down) / (2 * h);
}

void check_oscillator_run(const std::string& output, const fs::path& dataset) {
  const Oscillator exact;
  std::istringstream lines(output);
  std::vector<std::vector<double>> jacobian, rows;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("jacobian")) jacobian.push_back(numbers(line.substr(8)));
    else if (auto row = numbers(line); row.size() == 4) rows.push_back(row);
  }
  REQUIRE(jacobian.size() == 2);
  const char* elements[2] = {"DIFF/1", "DIFF/2"};
  for (std::size_t i = 0; i < 2; ++i) {
    REQUIRE(jacobian[i].size() == 2);
    for (std::size_t j = 0; j < 2; ++j) {
      INFO("d(" << elements[i] << ")/d(state " << j << ")");
      CHECK(jacobian[i][j] == Approx(finite_difference(dataset, elements[i], j)).margin(1e-8));
    }
  }
  // x' = v, v' = -k x - c v + F sin(w t).
  CHECK(jacobian[0] == std::vector<double>{0.0, 1.0});
  CHECK(jacobian[1] == std::vector<double>{-exact.k, -exact.c});

  REQUIRE(rows.size() == 41);  // t = 0, 0.25, ..., 10
  // The trapezoidal rule's phase error over T = 10 s at h = 1E-3 is about h^2 T w0^3 / 12 with
  // w0 = 2 rad/s: 7E-6 on an amplitude below 1.
  for (const auto& row : rows) {
    const double t = row[0], x = exact.x(t), v = exact.v(t);
    INFO("t = " << t);
    CHECK(row[1] == Approx(x).margin(2e-5));
    CHECK(row[2] == Approx(v).margin(2e-5));
    CHECK(row[3] == Approx(0.5 * exact.k * x * x + 0.5 * v * v).margin(1e-4));  // VARIABLE/2
  }
  CHECK(rows.back()[0] == 10.0);
  // With the exact Jacobian of a linear system the first Newton iteration lands on the solution
  // and the second only confirms it.
  CHECK(output.find("at most 2 Newton iterations a step") != std::string::npos);
}

}  // namespace

TEST_CASE("the installed package builds and links C and C++ hosts", "[install]") {
  const fs::path build = fs::path(FEXPR_BINARY).parent_path();
  REQUIRE(fs::exists(build / "CMakeCache.txt"));
  TemporaryDirectory tmp;
  const fs::path prefix = tmp.path / "prefix";

  require_ok(run("cmake --install " + quoted(build) + " --prefix " + quoted(prefix)), "cmake --install");
  CHECK(fs::exists(prefix / "include/fexpr/fexpr.h"));
  CHECK(fs::exists(prefix / "include/fexpr/expression.hpp"));

  SECTION("examples/embed: the ball comes to rest at the static penetration (m g / k)^(1/e)") {
    const fs::path ball = tmp.path / "ball";
    require_ok(run("cmake -S " + quoted(fs::path(FEXPR_SOURCE_DIR) / "examples/embed") + " -B " + quoted(ball) +
                   " -DCMAKE_PREFIX_PATH=" + quoted(prefix)),
               "configure examples/embed");
    const Run built = run("cmake --build " + quoted(ball));
    require_ok(built, "build examples/embed");
    CHECK(built.out.find("warning") == std::string::npos);

    const Run out = run(quoted(ball / "ball"));
    require_ok(out, "run ball");
    INFO(out.out);
    const std::string label = "final penetration ";
    const auto at = out.out.find(label);
    REQUIRE(at != std::string::npos);
    // from_chars, not strtod: the suite also runs under a comma-decimal locale.
    double penetration = 0.0;
    const char* number = out.out.c_str() + at + label.size();
    std::from_chars(number, out.out.c_str() + out.out.size(), penetration);
    // m = 1 kg, g = 9.81 m/s^2, k = 1E5, e = 1.5, as in ball.c.
    const double expected = std::pow(1.0 * 9.81 / 1E5, 1.0 / 1.5);
    CHECK(penetration == Approx(expected).epsilon(1e-6));
    CHECK(out.out.find("left the ground 4 times") != std::string::npos);
  }

  SECTION("examples/host integrates a dataset's DIFFs with fexpr's Jacobian along the closed form") {
    const fs::path dir = tmp.path / "host";
    const fs::path example = fs::path(FEXPR_SOURCE_DIR) / "examples/host";
    require_ok(run("cmake -S " + quoted(example) + " -B " + quoted(dir) + " -DCMAKE_PREFIX_PATH=" + quoted(prefix)),
               "configure examples/host");
    const Run built = run("cmake --build " + quoted(dir));
    require_ok(built, "build examples/host");
    CHECK(built.out.find("warning") == std::string::npos);
    const fs::path dataset = example / "oscillator.adm";
    const Run out = run(quoted(dir / "host") + " " + quoted(dataset) + " 10 0.001 250 VARIABLE/2");
    require_ok(out, "run examples/host");
    INFO(out.out);
    check_oscillator_run(out.out, dataset);
  }

  SECTION("the guide's C++ snippet builds as written, with no language standard set") {
    const Run out = run_guide_snippet(tmp.path / "cxx", prefix, "## Using the library", "cpp", "CXX");
    // -1E4*(0.6-0.5) and its derivative -1E4 with respect to x.
    CHECK(out.out == "slot 0: -1000, d/dx -10000\n");
  }

  SECTION("the guide's C snippet builds as written, with no language standard set") {
    const Run out = run_guide_snippet(tmp.path / "c", prefix, "## Embedding", "c", "C");
    // -1E4*(0.6-0.5) - 25*0.3, and d/dTIME, d/dx, d/dv.
    CHECK(out.out == "-1007.5 0 -10000 -25\n");
  }
}

}  // namespace test_install_embed
