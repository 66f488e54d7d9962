// cmake --install of this build tree into a temporary prefix, then host programs built against
// the installed package only: examples/embed/ (C, the ball on an IMPACT contact) and a small
// C++ host. The build tree is the directory of the fexpr program the tests are given.
#include <catch2/catch.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

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

  SECTION("a C++ host uses <fexpr/expression.hpp> through fexpr::fexpr") {
    const fs::path host = tmp.path / "cxx";
    fs::create_directories(host);
    std::ofstream(host / "CMakeLists.txt") << "cmake_minimum_required(VERSION 3.20)\n"
                                              "project(host LANGUAGES CXX)\n"
                                              "set(CMAKE_CXX_STANDARD 20)\n"
                                              "find_package(fexpr REQUIRED)\n"
                                              "add_executable(host host.cpp)\n"
                                              "target_link_libraries(host PRIVATE fexpr::fexpr)\n";
    std::ofstream(host / "host.cpp") << "#include <fexpr/expression.hpp>\n"
                                        "#include <cstdio>\n"
                                        "int main() {\n"
                                        "  fexpr::Context ctx;\n"
                                        "  ctx.declare_variable(\"x\");\n"
                                        "  auto compiled = fexpr::compile(\"-1E4*(x-0.5)\", ctx);\n"
                                        "  if (!compiled) return 1;\n"
                                        "  fexpr::Workspace ws;\n"
                                        "  double x = 0.6, grad[2];\n"
                                        "  fexpr::Inputs in;\n"
                                        "  in.variables = {&x, 1};\n"
                                        "  double f = compiled.expression->gradient(in, ws, grad);\n"
                                        "  std::printf(\"%g %g\\n\", f, grad[1]);\n"
                                        "}\n";
    require_ok(run("cmake -S " + quoted(host) + " -B " + quoted(host / "build") + " -DCMAKE_PREFIX_PATH=" +
                   quoted(prefix)),
               "configure the C++ host");
    require_ok(run("cmake --build " + quoted(host / "build")), "build the C++ host");
    const Run out = run(quoted(host / "build/host"));
    require_ok(out, "run the C++ host");
    CHECK(out.out == "-1000 -10000\n");
  }
}
