// The expression language as PEGTL rules, read top to bottom like the language reference
// (spec section 1). Rules only: the AST is built by grammar/parse.cpp, and every `must<>`
// has its message in grammar/errors.hpp. Included by exactly one translation unit.
#pragma once

#include <tao/pegtl.hpp>

namespace fexpr::grammar {

namespace pegtl = tao::pegtl;
using pegtl::at;
using pegtl::digit;
using pegtl::eof;
using pegtl::if_must;
using pegtl::must;
using pegtl::not_at;
using pegtl::one;
using pegtl::opt;
using pegtl::plus;
using pegtl::seq;
using pegtl::sor;
using pegtl::star;

// Blanks, tabs and line breaks separate tokens anywhere (a dataset reader has already
// turned its continuation commas and comments into blanks).
struct blank : one<' ', '\t', '\r', '\n', '\f', '\v'> {};
struct ws : star<blank> {};

// Numbers: 12  12.  .5  1.5E-3  1e5, and a trailing D for degrees (90D).
struct digits : plus<digit> {};
struct mantissa : sor<seq<digits, opt<one<'.'>, opt<digits>>>, seq<one<'.'>, digits>> {};
struct exponent_digits : seq<opt<one<'+', '-'>>, digits> {};
struct exponent : seq<one<'e', 'E'>, must<exponent_digits>> {};
struct degree_suffix : one<'d', 'D'> {};
struct no_exponent_after_degrees : not_at<digit> {};
struct ident_char : sor<pegtl::alnum, one<'_'>> {};
struct number_end : not_at<ident_char> {};
struct number_text : seq<mantissa, opt<exponent>, opt<degree_suffix, must<no_exponent_after_degrees>>> {};
struct number : seq<number_text, must<number_end>> {};

// Names: constants (PI, TIME), user variables and function names; case-insensitive.
struct identifier : seq<sor<pegtl::alpha, one<'_'>>, star<ident_char>> {};
struct name : identifier {};
// Adams/View object references (.model.PART_1.MARKER_2) are read so that View-style text
// gets a clear message instead of a syntax error.
struct object_name : seq<one<'.'>, identifier, star<one<'.'>, identifier>> {};

struct expr;
struct unary;

struct open_paren : one<'('> {};
struct close_paren : one<')'> {};
struct comma : one<','> {};
struct colon : one<':'> {};

// NAME(args): blanks are allowed before '(' as in RecurDyn's POLY (time, ...).
struct argument : seq<expr> {};
struct call_head : seq<identifier, ws, one<'('>> {};
struct more_arguments : seq<ws, comma, ws, must<argument>> {};
struct arguments : seq<argument, star<more_arguments>> {};
struct call : seq<call_head, ws, opt<arguments>, ws, must<close_paren>> {};

// IF(test: lt, eq, gt) is the only conditional; only the selected branch is evaluated.
struct if_keyword : seq<pegtl::istring<'I', 'F'>, not_at<ident_char>> {};
struct if_head : seq<if_keyword, ws, one<'('>> {};
struct if_test : seq<expr> {};
struct if_branch : seq<expr> {};
struct if_colon : seq<ws, colon> {};
struct if_comma : seq<ws, comma> {};
struct if_expr : seq<if_head, ws, must<if_test>, must<if_colon>, ws, must<if_branch>, must<if_comma>, ws,
                     must<if_branch>, must<if_comma>, ws, must<if_branch>, ws, must<close_paren>> {};

struct paren : seq<open_paren, ws, must<expr>, ws, must<close_paren>> {};

// [x, y, z] builds a vector from three scalars (Adams Solver C++ vector expressions).
struct open_bracket : one<'['> {};
struct close_bracket : one<']'> {};
struct vector_component : seq<expr> {};
struct vector_comma : seq<ws, comma> {};
struct vector_expr : seq<open_bracket, ws, must<vector_component>, must<vector_comma>, ws, must<vector_component>,
                         must<vector_comma>, ws, must<vector_component>, ws, must<close_bracket>> {};

struct primary : sor<number, if_expr, call, object_name, name, paren, vector_expr> {};

// '**' binds tighter than a sign on its left and accepts one on its right, and is
// right-associative: -2**2 = -(2**2), 2**-2 = 2**(-2), 2**3**2 = 2**(3**2).
// The documentation also writes it with a blank between the stars.
struct power_op : seq<one<'*'>, ws, one<'*'>> {};
struct exponent_operand : seq<unary> {};
struct power : seq<primary, opt<ws, power_op, ws, must<exponent_operand>>> {};

struct sign_operand : seq<unary> {};
struct negation : seq<one<'-'>, ws, must<sign_operand>> {};
struct affirmation : seq<one<'+'>, ws, must<sign_operand>> {};
struct unary : sor<negation, affirmation, power> {};

// '*' is also the dot product of two vectors, and '%' their cross product.
struct multiply_op : seq<one<'*'>, not_at<ws, one<'*'>>> {};
struct divide_op : one<'/'> {};
struct cross_op : one<'%'> {};
struct product_operand : seq<unary> {};
struct cross_operand : seq<unary> {};
struct product_tail : seq<ws, sor<seq<sor<multiply_op, divide_op>, ws, must<product_operand>>,
                                 seq<cross_op, ws, must<cross_operand>>>> {};
struct product : seq<unary, star<product_tail>> {};

struct add_op : one<'+'> {};
struct subtract_op : one<'-'> {};
struct sum_operand : seq<product> {};
struct sum_tail : seq<ws, sor<add_op, subtract_op>, ws, must<sum_operand>> {};
struct sum : seq<product, star<sum_tail>> {};

struct expr : seq<sum> {};

struct end_of_expression : eof {};
struct expression : seq<ws, must<expr>, ws, must<end_of_expression>> {};

}  // namespace fexpr::grammar
