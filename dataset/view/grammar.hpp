// The Adams View command language as PEGTL rules: the lexical layer of a command file (.cmd).
// A command is a path of words and `name = value` parameters on one line; '&' at the end of a
// line continues it on the next, and '!' starts a comment outside strings and parentheses.
// Inside parentheses (a design expression) '!' is the NOT operator and "&&" the AND operator.
// Strings are quoted with " or ' and may span lines (a simulation script's solver commands).
// Rules only: dataset/view/read.cpp builds the commands and reports the problems. Included by
// that one translation unit.
#pragma once

#include <tao/pegtl.hpp>

#include <array>

namespace fexpr::dataset::view::grammar {

namespace pegtl = tao::pegtl;
using pegtl::any;
using pegtl::at;
using pegtl::eof;
using pegtl::not_at;
using pegtl::not_one;
using pegtl::one;
using pegtl::opt;
using pegtl::plus;
using pegtl::ranges;
using pegtl::seq;
using pegtl::sor;
using pegtl::star;

// One or more bytes, none of them one of Cs: a table lookup per byte rather than a comparison
// with each of Cs (most of a command file is bare items and expression text). Cs holds '\n', so
// the run stays on its line.
template <char... Cs>
struct none_of {
  using rule_t = none_of;
  using subs_t = pegtl::empty_list;
  template <typename ParseInput>
  static bool match(ParseInput& in) {
    static constexpr auto stops = [] {
      std::array<bool, 256> t{};
      ((t[static_cast<unsigned char>(Cs)] = true), ...);
      return t;
    }();
    static_assert(stops[static_cast<unsigned char>('\n')]);
    const char* const begin = in.current();
    const char* p = begin;
    while (p != in.end() && !stops[static_cast<unsigned char>(*p)]) ++p;
    if (p == begin) return false;
    in.bump_in_this_line(static_cast<std::size_t>(p - begin));
    return true;
  }
};

struct blank : one<' ', '\t', '\r', '\f', '\v'> {};
struct newline : one<'\n'> {};
struct comment : seq<one<'!'>, star<not_one<'\n'>>> {};
struct line_end : sor<newline, eof> {};

// '&' as the last thing on a line but blanks and a comment joins the next line to this one;
// lines that hold only a comment in between are skipped (a command's line commented out).
// At the end of the file it continues nothing (reported).
struct comment_line : seq<star<blank>, comment, newline> {};
struct continued : seq<one<'&'>, star<blank>, opt<comment>, newline, star<comment_line>> {};
struct dangling : seq<one<'&'>, star<blank>, opt<comment>, eof> {};
struct continuation : sor<continued, dangling> {};
struct gap : star<sor<blank, continuation>> {};

struct word : seq<ranges<'a', 'z', 'A', 'Z', '_'>, star<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>> {};

// Strings: a backslash escapes the next character ("a \"quoted\" word"). One that is not closed
// before the end of the file is read to the end of its line and reported.
template <char Q>
struct quoted_body : star<sor<seq<one<'\\'>, any>, not_one<Q>>> {};
template <char Q>
struct closed_string : seq<one<Q>, quoted_body<Q>, one<Q>> {};
template <char Q>
struct open_string : seq<one<Q>, star<not_one<'\n'>>> {};
struct double_quoted : sor<closed_string<'"'>, open_string<'"'>> {};
struct single_quoted : sor<closed_string<'\''>, open_string<'\''>> {};
struct string : sor<double_quoted, single_quoted> {};

// (...): nested parentheses, strings and continuations inside; anything else is text of the
// expression. One that is not closed before the command ends is reported at its '('.
struct group;
// Inside parentheses '!' is an operator, so a '&' continues the line only where nothing
// but blanks follows it ("a && !b" is an expression).
struct group_continued : seq<one<'&'>, star<blank>, newline> {};
struct group_ampersand : seq<one<'&'>, not_at<star<blank>, line_end>> {};
struct group_text : none_of<'(', ')', '"', '\'', '&', '\n'> {};
struct group_body : star<sor<group_text, string, group, group_continued, group_ampersand>> {};
struct closed_group : seq<one<'('>, group_body, one<')'>> {};
struct open_group : seq<one<'('>, group_body> {};
struct group : sor<closed_group, open_group> {};

// A bare piece of an item: a number, a unit, an object name, yes/no, $variable, {...}.
struct bare_ampersand : seq<one<'&'>, not_at<star<blank>, sor<one<'!'>, line_end>>> {};
struct bare_text : none_of<' ', '\t', '\r', '\f', '\v', '\n', ',', '=', '!', '"', '\'', '(', ')', '&'> {};
struct item : plus<sor<bare_text, string, group, bare_ampersand>> {};
struct comma : one<','> {};
struct parameter_item : item {};
struct items : seq<parameter_item, star<gap, comma, gap, opt<parameter_item>>> {};

struct equals : seq<one<'='>, not_at<one<'='>>> {};
struct parameter_name : word {};
// The name is looked at first, so that a word which turns out not to name a parameter leaves
// no trace in the actions.
struct parameter : seq<at<word, star<blank>, equals>, parameter_name, star<blank>, equals, gap, opt<items>> {};

struct command_word : seq<word, not_at<star<blank>, equals>> {};
// What stands where a parameter was expected: a ')' with no '(', a '=' with no name, a word
// and items after a parameter's value.
struct stray_close : one<')'> {};
struct stray_equals : one<'='> {};
struct stray_item : item {};
struct stray : sor<stray_close, stray_equals, comma, stray_item> {};
struct command_body : seq<command_word, star<gap, command_word>, star<gap, sor<parameter, stray>>> {};
struct command : seq<star<blank>, command_body, gap, opt<comment>, line_end> {};

struct empty_line : seq<star<blank>, opt<comment>, newline> {};
// A line that does not start with a command word.
struct foreign_line : seq<star<blank>, not_at<one<'!'>>, plus<not_one<'\n'>>, line_end> {};
struct file : seq<star<sor<empty_line, command, foreign_line>>, star<blank>, opt<comment>, eof> {};

}  // namespace fexpr::dataset::view::grammar
