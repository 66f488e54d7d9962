// Text to syntax tree. The only entry point into the PEGTL grammar.
#pragma once

#include "ast/ast.hpp"

#include <fexpr/diagnostic.hpp>

#include <cstddef>
#include <string_view>
#include <variant>

namespace fexpr::grammar {

// Deeper nesting (of parentheses, signs, '**', IF and calls together) is a clean error
// instead of a stack overflow; real expressions stay far below it.
inline constexpr int kMaxNesting = 100;
// Stack that must be left when a nesting level starts; less is the same clean limit error
// (a Debug build needs about 1 KiB per level to parse, and compiling and checking the tree
// afterwards runs from the parser's entry depth).
inline constexpr std::size_t kStackReserve = 64 * 1024;

struct ParseOptions {
  std::uint32_t offset = 0;            // added to every span (the text sits inside a larger file)
  const SourceText* source = nullptr;  // positions in messages ("opened at 3:14") come from it
};

std::variant<ast::Tree, Diagnostic> parse(std::string_view text, ParseOptions options = {});

}  // namespace fexpr::grammar
