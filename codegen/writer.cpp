#include "codegen/writer.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <set>

namespace fexpr::codegen {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kLargest = std::numeric_limits<double>::max();

// Whenever s is not NaN, low(s) <= s <= high(s).
double low(const Scalar& s) {
  if (s.known) return std::isnan(s.value) ? -kInfinity : s.value;
  return s.finite ? std::max(s.lo, -kLargest) : s.lo;
}
double high(const Scalar& s) {
  if (s.known) return std::isnan(s.value) ? kInfinity : s.value;
  return s.finite ? std::min(s.hi, kLargest) : s.hi;
}
bool never_nan(const Scalar& s) { return s.known ? !std::isnan(s.value) : s.finite || s.no_nan; }
// Finite on every run that reaches it.
bool bounded(const Scalar& s) { return never_nan(s) && low(s) > -kInfinity && high(s) < kInfinity; }
bool never_zero(const Scalar& s) { return low(s) > 0.0 || high(s) < 0.0; }
bool sign_set(const Scalar& s) {
  return s.known ? !std::isnan(s.value) && std::signbit(s.value) : s.negative || high(s) < 0.0;
}
// Never -0: known so, marked, or with its sign bit clear or never zero.
bool not_minus_zero(const Scalar& s) {
  if (s.known) return !(s.value == 0.0 && std::signbit(s.value));
  return s.not_minus_zero || s.nonnegative || never_zero(s);
}

}  // namespace

bool is(const Scalar& s, double v) { return s.known && s.value == v && std::signbit(s.value) == std::signbit(v); }
bool is_finite(const Scalar& s) { return s.known ? std::isfinite(s.value) : s.finite || s.zero; }
bool sign_clear(const Scalar& s) {
  return s.known ? !std::isnan(s.value) && !std::signbit(s.value) : s.nonnegative || low(s) > 0.0;
}

void keep_facts(Scalar& to, const Scalar& from) {
  to.finite = to.finite || from.finite;
  to.guarded = to.guarded || from.guarded;
  to.zero = to.zero || from.zero;
  to.nonnegative = to.nonnegative || from.nonnegative;
  to.negative = to.negative || from.negative;
  to.not_minus_zero = to.not_minus_zero || from.not_minus_zero;
  to.no_nan = to.no_nan || from.no_nan;
  to.lo = std::max(to.lo, from.lo);
  to.hi = std::min(to.hi, from.hi);
}

namespace {

bool nonzero(const Scalar& s) { return s.known && s.value != 0.0; }
Scalar zero_of(Scalar s) {
  s.finite = s.zero = true;
  return s;
}
// A finite number plus a constant under 2^970 in magnitude (half the spacing of doubles near the
// largest) rounds to a finite one, as does a finite number times a constant of at most 1: such
// results need no test.
bool stays_finite_sum(const Scalar& a, const Scalar& b) {
  const auto small = [](const Scalar& s) { return s.known && std::fabs(s.value) < 0x1p970; };
  return (is_finite(a) && small(b)) || (is_finite(b) && small(a));
}
bool stays_finite_product(const Scalar& a, const Scalar& b) {
  const auto at_most_one = [](const Scalar& s) { return s.known && std::fabs(s.value) <= 1.0; };
  return (is_finite(a) && at_most_one(b)) || (is_finite(b) && at_most_one(a));
}

// The facts of a result (no name): its bounds from the operands' bounds, and whether it can be
// NaN, for operands that never are.
Scalar bounds(double lo, double hi) {
  Scalar f = variable({});
  f.no_nan = true;
  f.lo = std::isnan(lo) ? -kInfinity : lo;
  f.hi = std::isnan(hi) ? kInfinity : hi;
  return f;
}
Scalar sum_facts(const Scalar& a, const Scalar& b) {
  Scalar f = variable({});
  // Infinities of opposite signs are the one way a sum of numbers makes a NaN.
  if (never_nan(a) && never_nan(b) && !(high(a) == kInfinity && low(b) == -kInfinity) &&
      !(low(a) == -kInfinity && high(b) == kInfinity))
    f = bounds(low(a) + low(b), high(a) + high(b));
  f.nonnegative = sign_clear(a) && sign_clear(b);
  f.negative = sign_set(a) && sign_set(b);
  // Rounding to nearest, a sum is -0 only when both terms are.
  f.not_minus_zero = not_minus_zero(a) || not_minus_zero(b);
  return f;
}
Scalar negated(const Scalar& a) {
  Scalar n = variable({});
  n.lo = -high(a);
  n.hi = -low(a);
  n.no_nan = never_nan(a);
  n.nonnegative = sign_set(a);
  n.negative = sign_clear(a);
  n.not_minus_zero = sign_set(a) || never_zero(a);
  return n;
}
// Products and quotients of finite numbers lie between those of the ends; their sign is the
// sign bits' exclusive or, zeros and underflows included.
Scalar corner_facts(const Scalar& a, const Scalar& b, double (*op)(double, double)) {
  const double c[4] = {op(low(a), low(b)), op(low(a), high(b)), op(high(a), low(b)), op(high(a), high(b))};
  return bounds(std::min({c[0], c[1], c[2], c[3]}), std::max({c[0], c[1], c[2], c[3]}));
}
Scalar product_facts(const Scalar& a, const Scalar& b, bool divide) {
  Scalar f = variable({});
  if (bounded(a) && bounded(b) && (!divide || never_zero(b)))
    f = corner_facts(a, b, divide ? +[](double x, double y) { return x / y; } : +[](double x, double y) { return x * y; });
  const bool square = !divide && !a.known && !b.known && a.name == b.name;
  f.nonnegative = square || (sign_clear(a) && sign_clear(b)) || (sign_set(a) && sign_set(b));
  f.negative = (sign_clear(a) && sign_set(b)) || (sign_set(a) && sign_clear(b));
  // A product by a constant of magnitude at least 1 is zero only when the other factor is, and
  // then -0 when their signs differ.
  const auto scaled = [&](const Scalar& k, const Scalar& x) {
    if (divide || !k.known || !(std::fabs(k.value) >= 1.0)) return false;
    return k.value > 0.0 ? not_minus_zero(x) : sign_set(x) || never_zero(x);
  };
  f.not_minus_zero = scaled(a, b) || scaled(b, a);
  return f;
}
Scalar with(Scalar s, const Scalar& facts) {
  keep_facts(s, facts);
  return s;
}

// The C library's functions that it does not round correctly. The C compiler folds a call on a
// number it can work out (an IF on a constant) with its own correctly rounded arithmetic, which
// may differ from the library's in the last place (cosh(10.0)): their arguments are made opaque.
bool rounded_by_library(const std::string& function) {
  static const std::set<std::string> functions = {"sin",  "cos",  "tan", "asin", "acos",  "atan", "atan2", "sinh",
                                                  "cosh", "tanh", "exp", "log",  "log10", "pow",  "hypot"};
  return functions.count(function) > 0;
}

}  // namespace

std::string literal(double v) {
  // A constant folded out of range (1/0 in a branch never taken) still needs C text.
  if (std::isnan(v)) return "NAN";
  if (std::isinf(v)) return v > 0.0 ? "INFINITY" : "(-INFINITY)";
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
  std::string s(buffer, end);
  // "2" and "1e+05" read as doubles in C only with a point or an exponent.
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return std::signbit(v) ? "(" + s + ")" : s;
}

std::string text(const Scalar& s) { return s.known ? literal(s.value) : s.name; }

const char* opaque_helper() {
  return R"(#ifndef FEXPR_CODEGEN_OPAQUE
#define FEXPR_CODEGEN_OPAQUE
/* x, as a number the C compiler cannot work out: it would fold a libm call on a number it knows
   with its own correctly rounded arithmetic, which may differ from the C library's in the last
   place (cosh(10.0)), and fexpr calls the library. No instruction where there is GNU asm. */
static inline double fx_opaque(double x) {
#if defined(__GNUC__) && defined(__SSE2_MATH__)
  __asm__("" : "+x"(x));
#elif defined(__GNUC__) && defined(__aarch64__)
  __asm__("" : "+w"(x));
#else
  volatile double kept = x;
  x = kept;
#endif
  return x;
}
#endif

)";
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void Writer::line(const std::string& statement) { body_ += std::string(2 * static_cast<std::size_t>(depth_), ' ') + statement + "\n"; }

void Writer::open(const std::string& head) {
  line(head.empty() ? "{" : head + " {");
  ++depth_;
  held_.emplace_back();
}

void Writer::close() {
  --depth_;
  held_.pop_back();
  line("}");
}

namespace {

// The emitted variables (t0, t1, ...) a line names.
std::vector<std::string> temporaries_in(const std::string& line) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < line.size();) {
    if (!(std::isalpha(static_cast<unsigned char>(line[i])) || line[i] == '_')) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.size() && (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_')) ++j;
    const std::string word = line.substr(i, j - i);
    if (word.size() > 1 && word[0] == 't' && word.find_first_not_of("0123456789", 1) == std::string::npos)
      out.push_back(word);
    i = j;
  }
  return out;
}

}  // namespace

void Writer::drop_unused() {
  std::vector<std::string> lines;
  for (std::size_t begin = 0; begin < body_.size();) {
    const std::size_t end = std::min(body_.find('\n', begin), body_.size());
    lines.push_back(body_.substr(begin, end - begin));
    begin = end + 1;
  }
  std::map<std::string, int> reads;
  std::vector<std::string> defines(lines.size());
  for (std::size_t k = 0; k < lines.size(); ++k) {
    for (const std::string& t : temporaries_in(lines[k])) ++reads[t];
    const std::size_t start = lines[k].find_first_not_of(' ');
    if (start != std::string::npos && lines[k].compare(start, 13, "const double ") == 0) {
      const std::vector<std::string> named = temporaries_in(lines[k].substr(start + 13, lines[k].find(' ', start + 13) - start - 13));
      if (named.size() == 1) defines[k] = named.front();
    }
  }
  std::vector<bool> dropped(lines.size(), false);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t k = 0; k < lines.size(); ++k) {
      if (dropped[k] || defines[k].empty() || reads[defines[k]] != 1) continue;
      dropped[k] = changed = true;
      for (const std::string& t : temporaries_in(lines[k])) --reads[t];
    }
  }
  std::string kept;
  for (std::size_t k = 0; k < lines.size(); ++k)
    if (!dropped[k]) kept += lines[k] + "\n";
  body_ = kept;
}

Scalar Writer::emit(const std::string& expression) {
  Scalar s = variable("t" + std::to_string(next_++));
  line("const double " + s.name + " = " + expression + ";");
  immutable_.insert(s.name);
  return s;
}

Scalar Writer::pure(const std::string& expression, std::initializer_list<const Scalar*> operands) {
  // Not at the function's own level, where the lines between a jump and a label may be skipped.
  bool reusable = held_.size() > 1;
  for (const Scalar* s : operands) reusable = reusable && (s->known || immutable_.count(s->name) > 0);
  if (!reusable) return emit(expression);
  for (auto block = held_.rbegin(); block != held_.rend(); ++block)
    if (const auto found = block->find(expression); found != block->end()) return found->second;
  const Scalar s = emit(expression);
  held_.back()[expression] = s;
  definition_[s.name] = expression;
  return s;
}

void Writer::refine(const Scalar& s) {
  if (s.known) return;
  if (const auto d = definition_.find(s.name); d != definition_.end()) held_.back()[d->second] = s;
}

void Writer::forget_reuse() {
  for (auto& block : held_) block.clear();
}

Scalar Writer::local() {
  Scalar s = variable("t" + std::to_string(next_++));
  line("FX_MAYBE_UNUSED double " + s.name + ";");
  return s;
}

void Writer::guard(const std::string& condition, const std::string& statement) {
  line("if (" + condition + ") { " + statement + " }");
}

void Writer::fail_if(const std::string& condition, const std::string& message) {
  if (checked_) guard(condition, failure(quoted(message)));
}

void Writer::fail(const std::string& message) { line(failure(quoted(message))); }

std::string Writer::failure(const std::string& message_expression) {
  fails_ = true;
  return failure_.empty() ? "return fx_fail(error, " + message_expression + ");" : failure_;
}

// Only the foldings that are exact for every double: x·1 = x, x - (+0) = x, x + (-0) = x, and
// x + (+0) = x for x never -0 (or NaN); and for z, +0 or -0: z + x = x - z = x for x never -0,
// z - c = -c for a known c != 0, (+0) - z = +0 and z - (-0) = +0 (round to nearest: +0 + -0
// is +0). The facts of a result follow from its operands' (sum_facts, product_facts).
Scalar Writer::add(const Scalar& a, const Scalar& b) {
  if (a.known && b.known) return known(a.value + b.value);
  if (is(b, -0.0) || (is(b, 0.0) && not_minus_zero(a))) return a;
  if (is(a, -0.0) || (is(a, 0.0) && not_minus_zero(b))) return b;
  if (a.zero && not_minus_zero(b)) return b;
  if (b.zero && not_minus_zero(a)) return a;
  Scalar s = with(pure(text(a) + " + " + text(b), {&a, &b}), sum_facts(a, b));
  if (a.zero && b.zero) return zero_of(s);
  s.finite = s.finite || stays_finite_sum(a, b);
  return s;
}
Scalar Writer::sub(const Scalar& a, const Scalar& b) {
  if (a.known && b.known) return known(a.value - b.value);
  if (is(b, 0.0)) return a;
  if (a.zero && nonzero(b)) return known(-b.value);
  if (a.zero && is(b, -0.0)) return known(0.0);
  if (b.zero && not_minus_zero(a)) return a;
  Scalar s = with(pure(text(a) + " - " + text(b), {&a, &b}), sum_facts(a, negated(b)));
  if (a.zero && b.zero) return zero_of(s);
  s.finite = s.finite || stays_finite_sum(a, b);
  return s;
}
Scalar Writer::mul(const Scalar& a, const Scalar& b) {
  if (a.known && b.known) return known(a.value * b.value);
  if (is(b, 1.0)) return a;
  if (is(a, 1.0)) return b;
  Scalar s = with(pure(text(a) + " * " + text(b), {&a, &b}), product_facts(a, b, false));
  s.finite = s.finite || stays_finite_product(a, b);
  return s;
}
Scalar Writer::div(const Scalar& a, const Scalar& b) {
  if (a.known && b.known) return known(a.value / b.value);
  if (is(b, 1.0)) return a;
  return with(pure(text(a) + " / " + text(b), {&a, &b}), product_facts(a, b, true));
}
Scalar Writer::neg(const Scalar& a) {
  if (a.known) return known(-a.value);
  Scalar s = with(pure("-" + a.name, {&a}), negated(a));
  if (a.zero) return zero_of(s);
  s.finite = s.finite || is_finite(a);
  return s;
}
Scalar Writer::term(const Scalar& a, const Scalar& b) {
  const auto is_zero = [](const Scalar& s) { return s.zero || (s.known && s.value == 0.0); };
  const auto safe = [](const Scalar& x) { return is_finite(x) || x.guarded || bounded(x); };
  // A known zero times a finite number of known sign is a zero of known sign.
  if (b.known && b.value == 0.0 && safe(a) && sign_clear(a)) return known(b.value);
  if (b.known && b.value == 0.0 && safe(a) && sign_set(a)) return known(-b.value);
  if (a.known && a.value == 0.0 && safe(b) && sign_clear(b)) return known(a.value);
  if (a.known && a.value == 0.0 && safe(b) && sign_set(b)) return known(-a.value);
  const Scalar s = mul(a, b);
  if (s.known) return s;
  return (is_zero(a) && safe(b)) || (is_zero(b) && safe(a)) ? zero_of(s) : s;
}
Scalar Writer::opaque(const Scalar& a) {
  if (!a.known && opaque_.count(a.name) > 0) return a;
  Scalar facts = variable({});
  facts.lo = low(a);
  facts.hi = high(a);
  facts.no_nan = never_nan(a);
  facts.nonnegative = sign_clear(a);
  facts.negative = sign_set(a);
  facts.not_minus_zero = not_minus_zero(a);
  facts.finite = a.known ? std::isfinite(a.value) : a.finite;
  const Scalar o = with(pure("fx_opaque(" + text(a) + ")", {&a}), facts);
  opaque_.insert(o.name);
  return o;
}

Scalar Writer::call(const std::string& function, const Scalar& a) {
  if (rounded_by_library(function)) {
    const Scalar o = opaque(a);
    return pure(function + "(" + o.name + ")", {&o});
  }
  Scalar s = pure(function + "(" + text(a) + ")", {&a});
  if (function == "sqrt") {
    // The square root of +0 up to a finite number is one too; it is rounded correctly, so
    // monotone.
    s.finite = s.finite || (is_finite(a) && sign_clear(a));
    s.nonnegative = s.nonnegative || sign_clear(a);
    if (never_nan(a) && low(a) >= 0.0) s = with(s, bounds(std::sqrt(low(a)), std::sqrt(high(a))));
  }
  return s;
}
Scalar Writer::call(const std::string& function, const Scalar& a, const Scalar& b) {
  if (rounded_by_library(function)) {
    const Scalar o = opaque(a);
    return pure(function + "(" + o.name + ", " + text(b) + ")", {&o, &b});
  }
  return pure(function + "(" + text(a) + ", " + text(b) + ")", {&a, &b});
}
Scalar Writer::select(const std::string& condition, const Scalar& a, const Scalar& b) {
  return emit(condition + " ? " + text(a) + " : " + text(b));
}

Dual Writer::result(const Scalar& v) const {
  Dual r{v, {}, {}};
  if (order_ >= 1) r.g.assign(static_cast<std::size_t>(lanes_), known(0.0));
  if (order_ >= 2) r.h.assign(static_cast<std::size_t>(lanes_ * lanes_), known(0.0));
  return r;
}

Dual Writer::constant(double v) const { return result(known(v)); }

Dual Writer::add(const Dual& a, const Dual& b) {
  Dual r{add(a.v, b.v), {}, {}};
  for (std::size_t k = 0; k < a.g.size(); ++k) r.g.push_back(add(a.g[k], b.g[k]));
  for (std::size_t k = 0; k < a.h.size(); ++k) r.h.push_back(add(a.h[k], b.h[k]));
  return r;
}

Dual Writer::sub(const Dual& a, const Dual& b) {
  Dual r{sub(a.v, b.v), {}, {}};
  for (std::size_t k = 0; k < a.g.size(); ++k) r.g.push_back(sub(a.g[k], b.g[k]));
  for (std::size_t k = 0; k < a.h.size(); ++k) r.h.push_back(sub(a.h[k], b.h[k]));
  return r;
}

Dual Writer::neg(const Dual& a) {
  Dual r{neg(a.v), {}, {}};
  for (const Scalar& g : a.g) r.g.push_back(neg(g));
  for (const Scalar& h : a.h) r.h.push_back(neg(h));
  return r;
}

Dual Writer::mul(const Dual& a, const Dual& b) {
  Dual r{mul(a.v, b.v), {}, {}};
  for (std::size_t k = 0; k < a.g.size(); ++k) r.g.push_back(add(term(b.v, a.g[k]), term(a.v, b.g[k])));
  const std::size_t w = static_cast<std::size_t>(lanes_);
  for (std::size_t k = 0; k < a.h.size(); ++k) {
    const std::size_t i = k / w, j = k % w;
    const Scalar own = add(term(b.v, a.h[k]), term(a.v, b.h[k]));
    r.h.push_back(add(own, add(term(a.g[i], b.g[j]), term(b.g[i], a.g[j]))));
  }
  return r;
}

Dual Writer::div(const Dual& a, const Dual& b) {
  const Scalar q = div(a.v, b.v);
  if (order_ == 0) return result(q);
  const Scalar ib = div(known(1.0), b.v), ib2 = mul(ib, ib);
  return chain(a, b, q, ib, mul(neg(q), ib), known(0.0), neg(ib2), mul(mul(known(2.0), q), ib2));
}

void Writer::add_scaled(std::vector<Scalar>& to, const std::vector<Scalar>& from, const Scalar& c) {
  if (c.known && c.value == 0.0) return;
  for (std::size_t k = 0; k < to.size(); ++k) to[k] = add(to[k], term(c, from[k]));
}

void Writer::add_scaled(Dual& r, const Dual& u, const Scalar& c) {
  add_scaled(r.g, u.g, c);
  add_scaled(r.h, u.h, c);
}

void Writer::add_outer(Dual& r, const Dual& u, const Dual& w, const Scalar& c) {
  if (order_ < 2 || (c.known && c.value == 0.0)) return;
  const std::size_t n = static_cast<std::size_t>(lanes_);
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t l = 0; l < n; ++l) r.h[k * n + l] = add(r.h[k * n + l], term(term(c, u.g[k]), w.g[l]));
}

Dual Writer::chain(const Dual& u, const Scalar& f, const Scalar& f1, const Scalar& f2) {
  Dual r = result(f);
  if (order_ == 0) return r;
  add_scaled(r, u, f1);
  add_outer(r, u, u, f2);
  return r;
}

Dual Writer::chain(const Dual& u, const Dual& w, const Scalar& f, const Scalar& fu, const Scalar& fw,
                   const Scalar& fuu, const Scalar& fuw, const Scalar& fww) {
  Dual r = result(f);
  if (order_ == 0) return r;
  add_scaled(r, u, fu);
  add_scaled(r, w, fw);
  add_outer(r, u, u, fuu);
  add_outer(r, u, w, fuw);
  add_outer(r, w, u, fuw);
  add_outer(r, w, w, fww);
  return r;
}

Dual Writer::chain_rows(const Scalar& f, const std::vector<const Dual*>& args, const std::vector<Scalar>& d,
                        const std::vector<Scalar>& dd) {
  Dual r = result(f);
  if (order_ == 0) return r;
  const std::size_t n = args.size();
  for (std::size_t a = 0; a < n; ++a) add_scaled(r, *args[a], d[a]);
  if (order_ < 2) return r;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t c = 0; c < n; ++c) add_outer(r, *args[a], *args[c], dd[a * n + c]);
  return r;
}

Dual Writer::reference_rows(const Scalar& f, const std::vector<const Dual*>& args, const std::vector<Scalar>& d,
                            const std::vector<Scalar>& dd) {
  Dual r = result(f);
  if (order_ == 0) return r;
  const std::size_t n = args.size();
  for (std::size_t a = 0; a < n; ++a)
    if (args[a]) add_scaled(r.g, args[a]->g, d[a]);
  for (std::size_t a = 0; a < n && order_ == 2; ++a) {
    if (!args[a]) continue;
    add_scaled(r.h, args[a]->h, d[a]);
    for (std::size_t c = 0; c < n; ++c)
      if (args[c]) add_outer(r, *args[a], *args[c], dd[a * n + c]);
  }
  return r;
}

std::string declaration(const Dual& d) {
  std::string names = d.v.name;
  for (const Scalar& g : d.g) names += ", " + g.name;
  for (const Scalar& h : d.h) names += ", " + h.name;
  return "FX_MAYBE_UNUSED double " + names + ";";
}

Dual Writer::declare() {
  Dual r = result(variable("t" + std::to_string(next_++)));
  for (std::size_t k = 0; k < r.g.size(); ++k) r.g[k] = variable(r.v.name + "_d" + std::to_string(k));
  for (std::size_t k = 0; k < r.h.size(); ++k) r.h[k] = variable(r.v.name + "_dd" + std::to_string(k));
  line(declaration(r));
  assigned_[r.v.name];
  for (const Scalar& g : r.g) assigned_[g.name];
  for (const Scalar& h : r.h) assigned_[h.name];
  return r;
}

Dual Writer::joined(const Dual& out) {
  Dual r = out;
  const auto join = [&](Scalar& s) {
    const auto found = assigned_.find(s.name);
    if (found == assigned_.end()) return;
    const std::vector<Scalar> set = std::move(found->second);
    assigned_.erase(found);
    if (set.empty()) return;
    const bool same = std::all_of(set.begin(), set.end(), [&](const Scalar& x) {
      return x.known && set.front().known && std::memcmp(&x.value, &set.front().value, sizeof x.value) == 0;
    });
    if (same) {
      s = set.front();
      return;
    }
    s.no_nan = s.nonnegative = s.negative = s.not_minus_zero = true;
    s.lo = kInfinity;
    s.hi = -kInfinity;
    for (const Scalar& x : set) {
      s.no_nan = s.no_nan && never_nan(x);
      s.nonnegative = s.nonnegative && sign_clear(x);
      s.negative = s.negative && sign_set(x);
      s.not_minus_zero = s.not_minus_zero && not_minus_zero(x);
      s.lo = std::min(s.lo, low(x));
      s.hi = std::max(s.hi, high(x));
    }
  };
  join(r.v);
  for (Scalar& g : r.g) join(g);
  for (Scalar& h : r.h) join(h);
  return r;
}

void Writer::assign(const Dual& to, const Dual& from) {
  std::vector<const Scalar*> targets{&to.v}, sources{&from.v};
  for (std::size_t k = 0; k < to.g.size(); ++k) targets.push_back(&to.g[k]), sources.push_back(&from.g[k]);
  for (std::size_t k = 0; k < to.h.size(); ++k) targets.push_back(&to.h[k]), sources.push_back(&from.h[k]);
  // A source that is another target's variable (r7_d1 = r7_d0 after r7_d0 changed) is read first.
  std::vector<std::string> texts;
  for (std::size_t k = 0; k < sources.size(); ++k) {
    const Scalar& s = *sources[k];
    bool overwritten = false;
    for (std::size_t t = 0; t < k && !s.known; ++t) overwritten = overwritten || targets[t]->name == s.name;
    texts.push_back(overwritten ? emit(s.name).name : text(s));
  }
  for (std::size_t k = 0; k < targets.size(); ++k) {
    if (const auto branches = assigned_.find(targets[k]->name); branches != assigned_.end())
      branches->second.push_back(*sources[k]);
    if (texts[k] != targets[k]->name) line(targets[k]->name + " = " + texts[k] + ";");
  }
}

}  // namespace fexpr::codegen
