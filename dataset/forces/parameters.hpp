// Reading the numeric parameters of force statements (K=, C=, LENGTH=, ...) with the place of
// a bad value, and writing numbers into the expression text the loads are composed of.
#pragma once

#include "dataset/statement.hpp"

#include <fexpr/diagnostic.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::dataset {

enum class Sign { any, non_negative, positive };

// count numbers of keyword into out (left as given when the keyword is absent), or the error
// at the offending value: not a number, the wrong count, or of a sign that sign forbids.
std::optional<Diagnostic> read_reals(const Statement& s, std::string_view keyword, std::size_t count, Sign sign,
                                     std::vector<double>& out);

// An error at the first negative diagonal entry of the 6×6 matrix m (by columns), which makes
// it indefinite: the element would feed energy in. written[d] is the place of entry (d, d)
// among the keyword's values.
std::optional<Diagnostic> negative_diagonal(const Statement& s, const char* keyword, const std::vector<double>& m,
                                            const std::array<std::size_t, 6>& written);
// CRATIO= and CMATRIX= together give the damping twice (FIELD, BEAM).
std::optional<Diagnostic> damping_given_twice(const Statement& s);

// A number as expression text that reads back to the same double.
std::string text(double value);
// "[x, y, z]"
std::string vector_text(const std::string& x, const std::string& y, const std::string& z);
// The vector with components x, y, z along marker m's axes, in ground ("" for m = 0: ground).
std::string along_axes(const std::string& x, const std::string& y, const std::string& z, long m);

Diagnostic force_error(Span span, std::string message, Code code = Code::parameter);
std::string element_label(const Statement& s);

}  // namespace fexpr::dataset
