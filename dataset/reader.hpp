// The .adm / .acf statement reader: text to statements, lexical and syntactic layer only
// (no value is converted, no reference checked, no expression parsed).
#pragma once

#include "dataset/statement.hpp"

#include <fexpr/diagnostic.hpp>

#include <string_view>

namespace fexpr::dataset {

// A command file (.acf, by its name) begins with two lines that name the model file and the
// output files (either may be blank), then holds commands; a dataset begins with its title.
bool is_command_file(std::string_view name);

// Never throws on bad input and never reads outside the text: every problem becomes a
// diagnostic with the span it concerns, and reading goes on with the next statement.
// Time is linear in the size of the text.
Dataset read(const SourceText& source);

}  // namespace fexpr::dataset
