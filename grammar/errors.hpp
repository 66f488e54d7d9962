// What each `must<>` of the grammar expected, in words for the user. The parser appends what
// it found instead (" but found 'x'") and, for a missing ')', where the '(' was opened.
// Every rule that can fail under must<> has an entry here (checked at compile time).
#pragma once

#include "grammar/grammar.hpp"

namespace fexpr::grammar {

template <typename Rule>
inline constexpr const char* error_message = nullptr;

template <> inline constexpr const char* error_message<exponent_digits> = "expected digits after the exponent 'E'";
template <> inline constexpr const char* error_message<no_exponent_after_degrees> =
    "'D' after a number means degrees; a FORTRAN 'D' exponent such as 1.D3 is not supported (write 1E3)";
template <> inline constexpr const char* error_message<number_end> = "expected an operator after a number";
template <> inline constexpr const char* error_message<argument> = "expected a function argument after ','";
template <> inline constexpr const char* error_message<close_paren> = "expected ')'";
template <> inline constexpr const char* error_message<if_test> = "expected the test of IF(test: lt, eq, gt)";
template <> inline constexpr const char* error_message<if_colon> = "expected ':' after the test of IF(test: lt, eq, gt)";
template <> inline constexpr const char* error_message<if_branch> = "expected a branch of IF(test: lt, eq, gt)";
template <> inline constexpr const char* error_message<if_comma> = "expected ',' between the branches of IF(test: lt, eq, gt)";
template <> inline constexpr const char* error_message<expr> = "expected an expression";
template <> inline constexpr const char* error_message<exponent_operand> = "expected an operand after '**'";
template <> inline constexpr const char* error_message<sign_operand> = "expected an operand after the sign";
template <> inline constexpr const char* error_message<product_operand> = "expected an operand after '*' or '/'";
template <> inline constexpr const char* error_message<cross_operand> = "expected an operand after the cross product '%'";
template <> inline constexpr const char* error_message<vector_component> = "expected a component of the vector [x, y, z]";
template <> inline constexpr const char* error_message<vector_comma> = "expected ',' between the components of the vector [x, y, z]";
template <> inline constexpr const char* error_message<close_bracket> = "expected ']'";
template <> inline constexpr const char* error_message<sum_operand> = "expected an operand after '+' or '-'";
template <> inline constexpr const char* error_message<end_of_expression> = "expected an operator or the end of the expression";

}  // namespace fexpr::grammar
