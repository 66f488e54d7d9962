// Unit names are those of Adams View's `defaults units` and of the Adams Solver UNITS statement
// (adams.thisaray.com/adams_view_cmd/def_uni.html, adams_solver/state_units.html), with the
// abbreviations exports write (mm, deg, sec, kg, N) and 'd', the degree suffix of a number.
// Sizes are exact where the unit is defined exactly (the inch is 0.0254 m, the pound
// 0.45359237 kg, the pound-force that mass times standard gravity).
#include "dataset/view/units.hpp"

#include "support/number.hpp"
#include "support/text.hpp"

#include <array>
#include <cmath>
#include <numbers>

namespace fexpr::dataset::view {
namespace {

constexpr double kInch = 0.0254, kFoot = 0.3048, kPound = 0.45359237, kGravity = 9.80665;
constexpr double kPoundForce = kPound * kGravity;

struct UnitName {
  std::string_view name;  // lower case
  Dimension dimension;
  double size;  // in SI
  // A full name, which `defaults units` also accepts shortened to a unique beginning; the
  // abbreviations (mm, lbf, d) are accepted only as written.
  bool full;
};

constexpr std::array kUnits{
    UnitName{"meter", kLength, 1.0, true},
    UnitName{"millimeter", kLength, 1e-3, true},
    UnitName{"centimeter", kLength, 1e-2, true},
    UnitName{"kilometer", kLength, 1e3, true},
    UnitName{"micrometer", kLength, 1e-6, true},
    UnitName{"nanometer", kLength, 1e-9, true},
    UnitName{"angstrom", kLength, 1e-10, true},
    UnitName{"inch", kLength, kInch, true},
    UnitName{"foot", kLength, kFoot, true},
    UnitName{"yard", kLength, 3 * kFoot, true},
    UnitName{"mile", kLength, 5280 * kFoot, true},
    UnitName{"mils", kLength, kInch / 1000, true},
    UnitName{"microinch", kLength, kInch / 1e6, true},
    UnitName{"m", kLength, 1.0, false},
    UnitName{"meters", kLength, 1.0, false},
    UnitName{"mm", kLength, 1e-3, false},
    UnitName{"cm", kLength, 1e-2, false},
    UnitName{"km", kLength, 1e3, false},
    UnitName{"in", kLength, kInch, false},
    UnitName{"ft", kLength, kFoot, false},
    UnitName{"feet", kLength, kFoot, false},

    UnitName{"degrees", kAngle, std::numbers::pi / 180, true},
    UnitName{"radians", kAngle, 1.0, true},
    UnitName{"degree", kAngle, std::numbers::pi / 180, false},
    UnitName{"deg", kAngle, std::numbers::pi / 180, false},
    UnitName{"d", kAngle, std::numbers::pi / 180, false},
    UnitName{"radian", kAngle, 1.0, false},
    UnitName{"rad", kAngle, 1.0, false},

    UnitName{"kilogram", kMass, 1.0, true},
    UnitName{"gram", kMass, 1e-3, true},
    UnitName{"milligram", kMass, 1e-6, true},
    UnitName{"microgram", kMass, 1e-9, true},
    UnitName{"nanogram", kMass, 1e-12, true},
    UnitName{"tonne", kMass, 1e3, true},
    UnitName{"megagram", kMass, 1e3, true},
    UnitName{"pound_mass", kMass, kPound, true},
    UnitName{"kpound_mass", kMass, 1e3 * kPound, true},
    UnitName{"ounce_mass", kMass, kPound / 16, true},
    UnitName{"slug", kMass, kPoundForce / kFoot, true},
    UnitName{"slinch", kMass, kPoundForce / kInch, true},
    UnitName{"us_ton", kMass, 2000 * kPound, true},
    UnitName{"kg", kMass, 1.0, false},
    UnitName{"g", kMass, 1e-3, false},
    UnitName{"lbm", kMass, kPound, false},

    UnitName{"second", kTime, 1.0, true},
    UnitName{"millisecond", kTime, 1e-3, true},
    UnitName{"milliseconds", kTime, 1e-3, true},
    UnitName{"microsecond", kTime, 1e-6, true},
    UnitName{"nanosecond", kTime, 1e-9, true},
    UnitName{"minute", kTime, 60.0, true},
    UnitName{"hour", kTime, 3600.0, true},
    UnitName{"day", kTime, 86400.0, true},
    UnitName{"sec", kTime, 1.0, false},
    UnitName{"s", kTime, 1.0, false},
    UnitName{"ms", kTime, 1e-3, false},
    UnitName{"min", kTime, 60.0, false},
    UnitName{"hr", kTime, 3600.0, false},

    UnitName{"newton", kForce, 1.0, true},
    UnitName{"knewton", kForce, 1e3, true},
    UnitName{"kilo_newton", kForce, 1e3, true},
    UnitName{"meganewton", kForce, 1e6, true},
    UnitName{"millinewton", kForce, 1e-3, true},
    UnitName{"micronewton", kForce, 1e-6, true},
    UnitName{"nanonewton", kForce, 1e-9, true},
    UnitName{"centinewton", kForce, 1e-2, true},
    UnitName{"dyne", kForce, 1e-5, true},
    UnitName{"kilogram_force", kForce, kGravity, true},
    UnitName{"kg_force", kForce, kGravity, true},
    UnitName{"pound_force", kForce, kPoundForce, true},
    UnitName{"kpound_force", kForce, 1e3 * kPoundForce, true},
    UnitName{"ounce_force", kForce, kPoundForce / 16, true},
    UnitName{"poundal", kForce, kPound * kFoot, true},
    UnitName{"n", kForce, 1.0, false},
    UnitName{"kn", kForce, 1e3, false},
    UnitName{"lbf", kForce, kPoundForce, false},
    UnitName{"kip", kForce, 1e3 * kPoundForce, false},
};

// The unit of this exact name (any case).
const UnitName* exact_unit(std::string_view name) {
  for (const auto& u : kUnits) {
    if (text::iequals(u.name, name)) return &u;
  }
  return nullptr;
}

// What `defaults units` takes for a quantity: an exact name, or the one full name of that
// quantity that begins with what is written.
const UnitName* unit_for(const Dimension& dimension, std::string_view written) {
  if (const auto* u = exact_unit(written); u && u->dimension == dimension) return u;
  const UnitName* found = nullptr;
  for (const auto& u : kUnits) {
    if (!u.full || u.dimension != dimension || written.empty() || written.size() > u.name.size()) continue;
    if (!text::iequals(u.name.substr(0, written.size()), written)) continue;
    if (found && found->size != u.size) return nullptr;
    found = &u;
  }
  return found;
}

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A unit expression read left to right: names, parentheses, '*' and '-' (as in newton-sec)
// multiplying, '/' dividing, '**n' raising. Empty on anything else.
class UnitReader {
 public:
  explicit UnitReader(std::string_view text) : text_(text) {}

  std::optional<Quantity> read() {
    auto q = product();
    skip_blanks();
    if (!q || pos_ != text_.size()) return std::nullopt;
    return q;
  }

 private:
  void skip_blanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }

  std::optional<Quantity> product() {
    auto q = factor();
    while (q) {
      skip_blanks();
      if (pos_ >= text_.size()) break;
      const char op = text_[pos_];
      if (op == '*' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '*') break;
      if (op != '*' && op != '-' && op != '/') break;
      ++pos_;
      auto rhs = factor();
      if (!rhs) return std::nullopt;
      const int sign = op == '/' ? -1 : 1;
      q->value = sign > 0 ? q->value * rhs->value : q->value / rhs->value;
      q->dimension = sign > 0 ? q->dimension * rhs->dimension : q->dimension / rhs->dimension;
    }
    return q;
  }

  std::optional<Quantity> factor() {
    skip_blanks();
    std::optional<Quantity> q;
    if (pos_ < text_.size() && text_[pos_] == '(') {
      ++pos_;
      q = product();
      skip_blanks();
      if (!q || pos_ >= text_.size() || text_[pos_] != ')') return std::nullopt;
      ++pos_;
    } else {
      const std::size_t begin = pos_;
      while (pos_ < text_.size() && (is_letter(text_[pos_]) || (pos_ > begin && is_digit(text_[pos_])))) ++pos_;
      const auto* u = exact_unit(text_.substr(begin, pos_ - begin));
      if (!u) return std::nullopt;
      q = Quantity{u->size, u->dimension, true};
    }
    skip_blanks();
    if (text_.substr(pos_, 2) == "**") {
      pos_ += 2;
      skip_blanks();
      int sign = 1;
      if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) sign = text_[pos_++] == '-' ? -1 : 1;
      const std::size_t begin = pos_;
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
      if (pos_ == begin || pos_ - begin > 2) return std::nullopt;
      const int n = sign * std::stoi(std::string(text_.substr(begin, pos_ - begin)));
      q->value = std::pow(q->value, n);
      q->dimension = units::power(q->dimension, n);
    }
    return q;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// The length of the number that text begins with, in Adams View's syntax (12, -3.5, .5,
// 1.5E-3, 5.0E-002): an exponent needs its digits, so "2em" is 2 followed by "em". 0 when
// there is none.
std::size_t number_length(std::string_view text) {
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  std::size_t digits = 0;
  while (i < text.size() && is_digit(text[i])) ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(text[i])) ++i, ++digits;
  }
  if (digits == 0) return 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '-' || text[j] == '+')) ++j;
    const std::size_t exponent = j;
    while (j < text.size() && is_digit(text[j])) ++j;
    if (j > exponent) i = j;
  }
  return i;
}

// Text wrapped whole in one pair of parentheses, without them: "(10(mm))" is "10(mm)", but
// "(1)(mm)" stays as it is.
std::string_view unwrap(std::string_view text) {
  while (text.size() >= 2 && text.front() == '(' && text.back() == ')') {
    int depth = 0;
    bool whole = true;
    for (std::size_t i = 0; i < text.size(); ++i) {
      depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
      if (depth == 0 && i + 1 < text.size()) {
        whole = false;
        break;
      }
    }
    if (!whole) break;
    text = text.substr(1, text.size() - 2);
  }
  return text;
}

}  // namespace

bool Units::set(std::string_view quantity_name, std::string_view name) {
  struct Slot {
    std::string_view quantity;
    Dimension dimension;
    double Units::*size;
    std::string Units::*written;
  };
  static constexpr std::array kSlots{
      Slot{"length", kLength, &Units::length, &Units::length_name},
      Slot{"angle", kAngle, &Units::angle, &Units::angle_name},
      Slot{"mass", kMass, &Units::mass, &Units::mass_name},
      Slot{"time", kTime, &Units::time, &Units::time_name},
      Slot{"force", kForce, &Units::force, &Units::force_name},
  };
  for (const auto& slot : kSlots) {
    if (!text::iequals(slot.quantity, quantity_name)) continue;
    const auto* u = unit_for(slot.dimension, name);
    if (!u) return false;
    this->*slot.size = u->size;
    this->*slot.written = text::lower(name);
    return true;
  }
  return false;
}

double Units::model_unit(const Dimension& d) const {
  // Angles are kept in radians whatever the model's angle unit, so their model unit is 1.
  return std::pow(length, d.length) * std::pow(mass, d.mass) * std::pow(time, d.time) * std::pow(force, d.force);
}

std::optional<Quantity> unit(std::string_view text) { return UnitReader(text).read(); }

std::optional<Quantity> quantity(std::string_view text, const Units& units) {
  text = unwrap(text);
  const std::size_t n = number_length(text);
  if (n == 0) return std::nullopt;
  std::string_view digits = text.substr(0, n);
  if (digits.front() == '+') digits.remove_prefix(1);
  const auto value = number::parse(digits);
  if (!value) return std::nullopt;
  std::string_view suffix = text.substr(n);
  if (suffix.empty()) return Quantity{*value, kNone, false};
  // The unit is a word (12mm, 0.0d) or a parenthesised unit expression (30(deg)).
  const bool word = is_letter(suffix.front());
  const bool group = suffix.front() == '(' && suffix.back() == ')';
  if (!word && !group) return std::nullopt;
  const auto u = unit(group ? suffix.substr(1, suffix.size() - 2) : suffix);
  if (!u) return std::nullopt;
  return Quantity{*value * u->value / units.model_unit(u->dimension), u->dimension, true};
}

}  // namespace fexpr::dataset::view
