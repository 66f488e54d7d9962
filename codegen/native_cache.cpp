#include "codegen/native_cache.hpp"

#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>

namespace fexpr::codegen {
namespace {

// No contraction into FMA and no reassociation, so the code gives the interpreter's bits; no
// semantic interposition, so the entry points may inline the functions they call; no errno,
// which nothing reads, so that sqrt is one instruction without a library call beside it.
constexpr const char* kFlags =
    "-std=c99 -O2 -fno-fast-math -fno-math-errno -ffp-contract=off -fno-semantic-interposition -shared -fPIC";

// A shell command's standard output and error, and whether it exited with 0.
bool run(const std::string& command, std::string& out) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return false;
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  return pclose(pipe) == 0;
}

std::string compiler_command() {
  const char* cc = std::getenv("CC");
  return cc && *cc ? cc : "cc";
}

// The compiler's first line of --version, part of the cache key. Asked once per command and
// PATH, since a process may change either to pick another compiler.
std::optional<std::string> compiler_description(const std::string& command) {
  static std::mutex mutex;
  static std::map<std::string, std::optional<std::string>> known;
  const char* path = std::getenv("PATH");
  const std::lock_guard lock(mutex);
  auto [it, added] = known.try_emplace(command + '\n' + (path ? path : ""));
  if (added) {
    std::string out;
    if (run(command + " --version", out)) it->second = out.substr(0, out.find('\n'));
  }
  return it->second;
}

std::filesystem::path cache_folder() {
  if (const char* c = std::getenv("FEXPR_CACHE"); c && *c) return c;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::filesystem::path(x) / "fexpr";
  if (const char* h = std::getenv("HOME"); h && *h) return std::filesystem::path(h) / ".cache" / "fexpr";
  return std::filesystem::temp_directory_path() / "fexpr-cache";
}

std::string key(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(h));
  return buffer;
}

}  // namespace

std::string cached_object(const std::string& source, std::filesystem::path& object) {
  const std::string cc = compiler_command();
  const std::optional<std::string> description = compiler_description(cc);
  if (!description) return "no C compiler found (" + cc + "; set CC to choose one); keep using the interpreter";
  const std::filesystem::path folder = cache_folder();
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) return "cannot create the cache folder " + folder.string() + ": " + ec.message();
  const std::string name = key(source + '\n' + *description + '\n' + kFlags);
  object = folder / (name + ".so");
  if (std::filesystem::exists(object)) return {};
  static std::atomic<unsigned> next{0};
  const std::string unique = name + "." + std::to_string(getpid()) + "." + std::to_string(next++);
  const std::filesystem::path c = folder / (unique + ".c"), partial = folder / (unique + ".so");
  std::ofstream(c) << source;
  std::string out;
  const bool built = run(cc + " " + kFlags + " -o '" + partial.string() + "' '" + c.string() + "' -lm", out);
  std::filesystem::remove(c, ec);
  if (!built) {
    std::filesystem::remove(partial, ec);
    return "the C compiler failed: " + out;
  }
  std::filesystem::rename(partial, object, ec);
  return ec ? "cannot place " + object.string() + ": " + ec.message() : std::string();
}

}  // namespace fexpr::codegen
