// Test-side owners of C API handles, and the last error as one value.
#pragma once

#include <catch2/catch.hpp>
#include <fexpr/fexpr.h>

#include <string>
#include <vector>

namespace {

struct Error {
  fexpr_status status;
  std::string message;
  unsigned line;
  unsigned column;
};

Error last_error() {
  const char* message = nullptr;
  unsigned line = 99, column = 99;
  fexpr_status status = fexpr_last_error(&message, &line, &column);
  return {status, message, line, column};
}

// A context with variables, owned by the test.
struct Context {
  fexpr_context* handle = nullptr;
  Context() { REQUIRE(fexpr_context_create(&handle) == FEXPR_OK); }
  ~Context() { fexpr_context_destroy(handle); }
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  std::size_t declare(const char* name) {
    std::size_t slot = 0;
    REQUIRE(fexpr_context_declare_variable(handle, name, &slot) == FEXPR_OK);
    return slot;
  }
};

struct Expression {
  fexpr_expression* handle = nullptr;
  using Compile = fexpr_status (*)(const fexpr_context*, const char*, fexpr_expression**);
  // text is an expression for fexpr_compile, an element name for fexpr_compile_element.
  Expression(const fexpr_context* context, const char* text, Compile compile = fexpr_compile) {
    INFO(text);
    REQUIRE(compile(context, text, &handle) == FEXPR_OK);
  }
  ~Expression() { fexpr_expression_destroy(handle); }
  Expression(const Expression&) = delete;
  Expression& operator=(const Expression&) = delete;
  std::vector<std::string> derivative_names() const {
    std::size_t n = 0;
    REQUIRE(fexpr_expression_derivative_count(handle, &n) == FEXPR_OK);
    std::vector<std::string> names;
    for (std::size_t k = 0; k < n; ++k) {
      const char* name = nullptr;
      REQUIRE(fexpr_expression_derivative_name(handle, k, &name) == FEXPR_OK);
      names.emplace_back(name);
    }
    return names;
  }
};

struct Workspace {
  fexpr_workspace* handle = nullptr;
  Workspace() { REQUIRE(fexpr_workspace_create(&handle) == FEXPR_OK); }
  ~Workspace() { fexpr_workspace_destroy(handle); }
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
};

[[maybe_unused]] std::size_t index_of(const std::vector<std::string>& names, const std::string& name) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return i;
  }
  FAIL("no derivative named " << name);
  return 0;
}

}  // namespace
