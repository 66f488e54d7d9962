// Compiling generated C with the system compiler into a shared object and loading it, for the
// tests of fexpr codegen. The flags are those the generated file's comment asks for.
#pragma once

#include "run_program.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace fexpr::testing {

inline constexpr const char* kGeneratedFlags = "-std=c99 -O2 -fno-fast-math -ffp-contract=off";

// The system C compiler, when there is one.
inline bool have_c_compiler() { return run_shell("command -v cc").status == 0; }

// Ends the test case, with a warning, where there is no C compiler to build generated code with.
#define FEXPR_NEED_C_COMPILER()                                                \
  do {                                                                         \
    if (!::fexpr::testing::have_c_compiler()) {                                \
      WARN("no C compiler (cc) on this system: the generated code is not run"); \
      return;                                                                  \
    }                                                                          \
  } while (false)

// A fresh directory under the system's temporary one, removed with the object.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    std::string pattern = (std::filesystem::temp_directory_path() / "fexpr-codegen-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDirectory() { std::filesystem::remove_all(path_); }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Generated C files compiled into one shared object, loaded. Files are joined into translation
// units of about 2 MB, compiled by one cc call: GCC's time on one unit grows faster than its size
// (-Wmisleading-indentation, in -Wall, took 28 of the 34 s that parsing 35 MB of generated
// functions took, and collecting garbage another 27 s), and in 2 MB units the same functions
// compile in 31 s instead of 81.
class SharedObject {
 public:
  // Throws with the compiler's output when the sources do not compile.
  SharedObject(const std::filesystem::path& directory, const std::vector<std::string>& c_files,
               const std::string& extra_flags = "") {
    constexpr std::size_t kUnitBytes = 2'000'000;
    std::string units;
    std::string unit;
    int count = 0;
    const auto write_unit = [&] {
      const auto path = directory / ("generated" + std::to_string(count++) + ".c");
      std::ofstream(path) << unit;
      units += " " + path.string();
      unit.clear();
    };
    for (const std::string& file : c_files) {
      if (!unit.empty() && unit.size() + file.size() > kUnitBytes) write_unit();
      unit += file;
    }
    if (!unit.empty() || count == 0) write_unit();
    const auto object = directory / "generated.so";
    const ProgramResult r = run_shell("cc " + std::string(kGeneratedFlags) + " -Wall -Wextra -Wpedantic -Werror " +
                                          extra_flags + " -shared -fPIC -o " + object.string() + units + " -lm",
                                      true);
    if (r.status != 0) throw std::runtime_error("cc failed:\n" + r.out);
    handle_ = dlopen(object.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) throw std::runtime_error(std::string("dlopen failed: ") + dlerror());
  }
  SharedObject(const std::filesystem::path& directory, const std::string& c_source, const std::string& extra_flags = "")
      : SharedObject(directory, std::vector<std::string>{c_source}, extra_flags) {}
  ~SharedObject() {
    if (handle_) dlclose(handle_);
  }
  SharedObject(const SharedObject&) = delete;
  SharedObject& operator=(const SharedObject&) = delete;

  template <class F>
  F function(const std::string& name) const {
    void* f = dlsym(handle_, name.c_str());
    if (!f) throw std::runtime_error("no symbol " + name);
    return reinterpret_cast<F>(f);
  }

 private:
  void* handle_ = nullptr;
};

}  // namespace fexpr::testing
