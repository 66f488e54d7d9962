// Reading the numeric parameters of force statements (K=, C=, LENGTH=, ...) with the place of
// a bad value, and writing numbers into the expression text the loads are composed of.
#pragma once

#include "dataset/statement.hpp"

#include <fexpr/diagnostic.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::dataset {

enum class Sign { any, non_negative };

// count numbers of keyword into out (left as given when the keyword is absent), or the error
// at the offending value: not a number, the wrong count, or negative where sign forbids it.
std::optional<Diagnostic> read_reals(const Statement& s, std::string_view keyword, std::size_t count, Sign sign,
                                     std::vector<double>& out);

// A number as expression text that reads back to the same double.
std::string text(double value);
// "[x, y, z]"
std::string vector_text(const std::string& x, const std::string& y, const std::string& z);
// The vector with components x, y, z along marker m's axes, in ground ("" for m = 0: ground).
std::string along_axes(const std::string& x, const std::string& y, const std::string& z, long m);

Diagnostic force_error(Span span, std::string message, Code code = Code::parameter);
std::string element_label(const Statement& s);

}  // namespace fexpr::dataset
