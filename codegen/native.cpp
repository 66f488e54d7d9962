#include "codegen/native.hpp"

#include "codegen/generate.hpp"
#include "eval/program.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace fexpr::codegen {

using ValueFunction = int (*)(const double*, double*, const char**);
using GradientFunction = int (*)(const double*, double*, double*, const char**);

struct NativeFunction::Library {
  void* handle = nullptr;
  ValueFunction value = nullptr;
  GradientFunction gradient = nullptr;
  ~Library() {
    if (handle) dlclose(handle);
  }
};

namespace {

constexpr const char* kFlags = "-std=c99 -O2 -fno-fast-math -ffp-contract=off -shared -fPIC";

// A shell command's standard output and error, and whether it exited with 0.
bool run(const std::string& command, std::string& out) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return false;
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  return pclose(pipe) == 0;
}

// The compiler's own description, part of the cache key: a new compiler builds anew.
const std::optional<std::string>& compiler() {
  static const std::optional<std::string> version = []() -> std::optional<std::string> {
    std::string out;
    if (!run("cc --version", out)) return std::nullopt;
    return out.substr(0, out.find('\n'));
  }();
  return version;
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

// The shared object for `source` in the cache, built first if it is not there.
std::string build(const std::string& source, std::filesystem::path& object) {
  const std::filesystem::path folder = cache_folder();
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) return "cannot create the cache folder " + folder.string() + ": " + ec.message();
  const std::string name = key(source + '\n' + *compiler() + '\n' + kFlags);
  object = folder / (name + ".so");
  if (std::filesystem::exists(object)) return {};
  static std::atomic<unsigned> next{0};
  const std::string unique = name + "." + std::to_string(getpid()) + "." + std::to_string(next++);
  const std::filesystem::path c = folder / (unique + ".c"), partial = folder / (unique + ".so");
  std::ofstream(c) << source;
  std::string out;
  const bool built = run("cc " + std::string(kFlags) + " -o '" + partial.string() + "' '" + c.string() + "' -lm", out);
  std::filesystem::remove(c, ec);
  if (!built) {
    std::filesystem::remove(partial, ec);
    return "the C compiler failed: " + out;
  }
  std::filesystem::rename(partial, object, ec);
  return ec ? "cannot place " + object.string() + ": " + ec.message() : std::string();
}

}  // namespace

NativeResult compile_native(const Expression& expression, std::string_view text) {
  NativeResult result;
  if (!compiler()) {
    result.why_not = "no C compiler (cc) found; keep using the interpreter";
    return result;
  }
  const Generated value = generate_c(expression, text, {"fexpr_value", 0, true});
  const Generated gradient = generate_c(expression, text, {"fexpr_gradient", 1, true});
  for (const Generated* g : {&value, &gradient}) {
    if (g->source.empty()) {
      result.why_not = g->diagnostics.empty() ? "not generated" : g->diagnostics.front().message;
      return result;
    }
  }
  std::filesystem::path object;
  if (std::string error = build(value.source + gradient.source, object); !error.empty()) {
    result.why_not = error;
    return result;
  }
  auto library = std::make_shared<NativeFunction::Library>();
  library->handle = dlopen(object.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library->handle) {
    result.why_not = std::string("cannot load ") + object.string() + ": " + dlerror();
    return result;
  }
  library->value = reinterpret_cast<ValueFunction>(dlsym(library->handle, "fexpr_value"));
  library->gradient = reinterpret_cast<GradientFunction>(dlsym(library->handle, "fexpr_gradient"));
  if (!library->value || !library->gradient) {
    result.why_not = object.string() + " lacks its functions";
    return result;
  }
  result.function.emplace(std::move(library), expression, value.reads_mode);
  return result;
}

NativeFunction::NativeFunction(std::shared_ptr<const Library> library, const Expression& expression, bool reads_mode)
    : library_(std::move(library)), expression_(expression), reads_mode_(reads_mode) {}

// TIME, the variables (0 beyond those given, as the interpreter reads them), then MODE if read.
std::vector<double> NativeFunction::inputs(const Inputs& in) const {
  const std::size_t variables = expression_.derivative_count() - 1;
  std::vector<double> v{in.time};
  for (std::size_t k = 0; k < variables; ++k) v.push_back(k < in.variables.size() ? in.variables[k] : 0.0);
  if (reads_mode_) v.push_back(in.mode);
  return v;
}

void NativeFunction::fail(const char* message) const {
  throw EvaluationError(Diagnostic{Severity::error, Code::domain, expression_.program().whole, message});
}

double NativeFunction::value(const Inputs& in) const {
  const std::vector<double> v = inputs(in);
  double out = 0.0;
  const char* error = nullptr;
  if (library_->value(v.data(), &out, &error)) fail(error);
  return out;
}

double NativeFunction::gradient(const Inputs& in, std::span<double> grad) const {
  const std::vector<double> v = inputs(in);
  std::vector<double> g(v.size());
  double out = 0.0;
  const char* error = nullptr;
  if (library_->gradient(v.data(), &out, g.data(), &error)) fail(error);
  std::copy_n(g.begin(), std::min(grad.size(), expression_.derivative_count()), grad.begin());
  return out;
}

}  // namespace fexpr::codegen
