// The two kinds of file a model is read from: an Adams dataset (.adm, .acf), read statement by
// statement, and an Adams View command file (.cmd), whose commands are translated to the same
// statements. Everything after reading works on the statements alike.
#pragma once

#include "dataset/statement.hpp"

#include <fexpr/diagnostic.hpp>

#include <optional>
#include <string_view>

namespace fexpr::dataset {

enum class Format { dataset, view };

// The format a file's name says (.cmd: view), unless one is given.
Format format_of(std::string_view name, std::optional<Format> given = std::nullopt);
// "adm" or "cmd", as --format names them; empty for another word.
std::optional<Format> format_named(std::string_view word);

Dataset read_any(const SourceText& source, std::optional<Format> given = std::nullopt);

}  // namespace fexpr::dataset
