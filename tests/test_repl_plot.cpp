// The REPL's plots: where the text plot puts each sample, and an SVG that is well-formed and
// whose polyline maps back to the samples.
#include "repl/plot.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <system_error>

namespace test_repl_plot {

using fexpr::repl::Curve;

namespace {

// STEP's cubic written out again, so that the test does not lean on the builtin it plots.
double cubic_step(double x, double x0, double h0, double x1, double h1) {
  double d = std::clamp((x - x0) / (x1 - x0), 0.0, 1.0);
  return h0 + (h1 - h0) * d * d * (3 - 2 * d);
}

Curve step_curve(std::size_t n) {
  Curve c{"STEP(TIME, 0.5, 0, 1.5, 1)", "TIME", fexpr::repl::sample_points(0, 2, n), {}};
  for (double x : c.x) c.y.push_back(cubic_step(x, 0.5, 0, 1.5, 1));
  return c;
}

// The SVG's numbers read back as they were written, whatever the locale (std::stod follows it).
double number(const std::string& text) {
  double value = 0.0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  REQUIRE(ec == std::errc());
  REQUIRE(end == text.data() + text.size());
  return value;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The row (0 = bottom) of the '*' in each column of a text plot with `rows` rows, whose
// drawing area starts after the "LABEL |" prefix.
std::vector<int> star_rows(const std::string& plot, std::size_t rows, std::size_t columns) {
  std::vector<std::string> lines = lines_of(plot);
  std::vector<int> found(columns, -1);
  for (std::size_t r = 0; r < rows; ++r) {
    const std::string& line = lines[1 + r];  // after the title, top row first
    std::size_t bar = line.find('|');
    for (std::size_t c = 0; c < columns && bar + 1 + c < line.size(); ++c) {
      if (line[bar + 1 + c] == '*') {
        CHECK(found[c] == -1);  // one star per column
        found[c] = static_cast<int>(rows - 1 - r);
      }
    }
  }
  return found;
}

}  // namespace

TEST_CASE("sample points are evenly spaced and include both ends exactly", "[repl][plot]") {
  CHECK(fexpr::repl::sample_points(0, 2, 5) == std::vector<double>{0, 0.5, 1, 1.5, 2});
  auto x = fexpr::repl::sample_points(0.1, 0.7, 7);
  CHECK(x.front() == 0.1);
  CHECK(x.back() == 0.7);
  CHECK(x[3] == Approx(0.4).margin(1e-15));
}

TEST_CASE("the text plot of a STEP is flat before x0, rises between x0 and x1 and is flat after", "[repl][plot]") {
  const std::size_t columns = fexpr::repl::kTextColumns, rows = fexpr::repl::kTextRows;
  Curve c = step_curve(columns);
  std::string plot = fexpr::repl::text_plot(c, rows);
  std::vector<int> row = star_rows(plot, rows, columns);
  for (std::size_t i = 0; i < columns; ++i) {
    INFO("column " << i << " at TIME = " << c.x[i]);
    REQUIRE(row[i] >= 0);
    if (c.x[i] <= 0.5) CHECK(row[i] == 0);
    if (c.x[i] >= 1.5) CHECK(row[i] == static_cast<int>(rows - 1));
    if (i > 0) CHECK(row[i] >= row[i - 1]);
    // Row of a value: round(y * 15) for y in [0, 1]; at TIME = 1 the step is half way, 7.5.
    CHECK(row[i] == static_cast<int>(std::lround(cubic_step(c.x[i], 0.5, 0, 1.5, 1) * 15)));
  }
  // TIME = 1, where the step is half way, lies between columns 31 and 32 (TIME = 2 i / 63).
  CHECK(row[31] == 7);
  CHECK(row[32] == 8);
  std::vector<std::string> lines = lines_of(plot);
  REQUIRE(lines.size() == 1 + rows + 2);
  CHECK(lines[0] == "STEP(TIME, 0.5, 0, 1.5, 1)");
  CHECK(lines[1].starts_with("1 |"));
  CHECK(lines[rows].starts_with("0 |"));
  CHECK(lines[rows + 1] == "  +" + std::string(columns, '-'));
  // The axis labels: 0 under the first column, 2 under the last, the variable's name centred.
  std::string axis = "   " + std::string(columns, ' ');
  axis[3] = '0';
  axis.replace(3 + (columns - 4) / 2, 4, "TIME");
  axis[3 + columns - 1] = '2';
  CHECK(lines[rows + 2] == axis);
}

TEST_CASE("a jump of several rows is joined with '|' in the later column", "[repl][plot]") {
  Curve c{"t", "x", {0, 1, 2, 3}, {0, 0, 1, 1}};
  // Rows 0..4; the jump from row 0 to row 4 at column 2 fills rows 1 to 3 of that column. The
  // four columns are too narrow for "0", "x" and "3" apart, so they share one line.
  CHECK(fexpr::repl::text_plot(c, 5) ==
        "t\n"
        "1 |  **\n"
        "  |  |\n"
        "  |  |\n"
        "  |  |\n"
        "0 |**\n"
        "  +----\n"
        "   0 x 3\n");
}

TEST_CASE("a constant curve sits in the middle of a range around its value", "[repl][plot]") {
  Curve c{"4", "TIME", fexpr::repl::sample_points(0, 1, 8), std::vector<double>(8, 4.0)};
  // The range is 4 -+ 4/2 = [2, 6]; 4 is half way, row round(0.5 * 4) = 2 of rows 0..4.
  std::string plot = fexpr::repl::text_plot(c, 5);
  std::vector<std::string> lines = lines_of(plot);
  CHECK(lines[1] == "6 |");
  CHECK(lines[3] == "  |********");
  CHECK(lines[5] == "2 |");
}

namespace {

// A small checker of XML well-formedness for what the SVG writer produces: one root, tags
// balanced and properly nested, attribute values quoted, only the predefined entities.
struct Element {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text;
};

bool well_formed_entities(std::string_view s) {
  for (std::size_t i = s.find('&'); i != std::string_view::npos; i = s.find('&', i + 1)) {
    auto rest = s.substr(i);
    if (!(rest.starts_with("&amp;") || rest.starts_with("&lt;") || rest.starts_with("&gt;") ||
          rest.starts_with("&quot;") || rest.starts_with("&apos;"))) {
      return false;
    }
  }
  return true;
}

std::vector<Element> parse_xml(const std::string& doc, bool& ok) {
  ok = true;
  std::vector<Element> elements;
  std::vector<std::size_t> open;  // indices into elements
  std::size_t i = 0, roots = 0;
  if (doc.starts_with("<?xml")) i = doc.find("?>") + 2;
  while (ok && i < doc.size()) {
    std::size_t lt = doc.find('<', i);
    std::string_view text(doc.data() + i, (lt == std::string::npos ? doc.size() : lt) - i);
    if (!well_formed_entities(text) || text.find('>') != std::string_view::npos) ok = false;
    if (open.empty() && text.find_first_not_of(" \n") != std::string_view::npos) ok = false;
    if (!open.empty()) elements[open.back()].text += text;
    if (lt == std::string::npos) break;
    std::size_t gt = doc.find('>', lt);
    if (gt == std::string::npos) {
      ok = false;
      break;
    }
    std::string tag = doc.substr(lt + 1, gt - lt - 1);
    i = gt + 1;
    if (tag.starts_with('/')) {
      if (open.empty() || elements[open.back()].name != tag.substr(1))
        ok = false;
      else
        open.pop_back();
      continue;
    }
    bool self_closing = tag.ends_with('/');
    if (self_closing) tag.pop_back();
    Element e;
    std::size_t p = tag.find_first_of(" \n");
    e.name = tag.substr(0, p);
    while (p != std::string::npos && ok) {
      p = tag.find_first_not_of(" \n", p);
      if (p == std::string::npos) break;
      std::size_t eq = tag.find('=', p);
      if (eq == std::string::npos || eq + 1 >= tag.size() || tag[eq + 1] != '"') {
        ok = false;
        break;
      }
      std::size_t close = tag.find('"', eq + 2);
      if (close == std::string::npos) {
        ok = false;
        break;
      }
      std::string value = tag.substr(eq + 2, close - eq - 2);
      if (!well_formed_entities(value) || value.find('<') != std::string::npos) ok = false;
      e.attributes.emplace_back(tag.substr(p, eq - p), value);
      p = close + 1;
    }
    if (open.empty() && ++roots > 1) ok = false;
    elements.push_back(e);
    if (!self_closing) open.push_back(elements.size() - 1);
  }
  if (!open.empty() || roots != 1) ok = false;
  return elements;
}

std::string attribute(const Element& e, std::string_view name) {
  for (const auto& [n, v] : e.attributes) {
    if (n == name) return v;
  }
  return {};
}

const Element* find_class(const std::vector<Element>& elements, std::string_view name, std::string_view cls) {
  for (const Element& e : elements) {
    if (e.name == name && attribute(e, "class") == cls) return &e;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("the SVG plot is well-formed XML with the title escaped", "[repl][plot][svg]") {
  Curve c = step_curve(fexpr::repl::kSvgPoints);
  c.title = "a<b & \"c\"";
  bool ok = false;
  std::vector<Element> elements = parse_xml(fexpr::repl::svg_plot(c), ok);
  CHECK(ok);
  REQUIRE(!elements.empty());
  CHECK(elements[0].name == "svg");
  CHECK(attribute(elements[0], "xmlns") == "http://www.w3.org/2000/svg");
  auto title = std::find_if(elements.begin(), elements.end(), [](const Element& e) { return e.name == "title"; });
  REQUIRE(title != elements.end());
  CHECK(title->text == "a&lt;b &amp; &quot;c&quot;");
}

TEST_CASE("the SVG polyline has one point per sample, mapping back through the plot area", "[repl][plot][svg]") {
  const std::size_t n = fexpr::repl::kSvgPoints;
  Curve c = step_curve(n);
  bool ok = false;
  std::vector<Element> elements = parse_xml(fexpr::repl::svg_plot(c), ok);
  REQUIRE(ok);
  const Element* area = find_class(elements, "rect", "plot-area");
  const Element* curve = find_class(elements, "polyline", "curve");
  REQUIRE(area);
  REQUIRE(curve);
  double left = number(attribute(*area, "x")), top = number(attribute(*area, "y"));
  double width = number(attribute(*area, "width")), height = number(attribute(*area, "height"));
  CHECK(width > 0);
  CHECK(height > 0);

  std::istringstream points(attribute(*curve, "points"));
  std::vector<std::pair<double, double>> xy;
  for (std::string point; points >> point;) {
    std::size_t comma = point.find(',');
    REQUIRE(comma != std::string::npos);
    xy.emplace_back(number(point.substr(0, comma)), number(point.substr(comma + 1)));
  }
  REQUIRE(xy.size() == n);
  // The area spans TIME 0..2 and the step's values 0..1, with y growing downwards; points
  // are written with two decimals, so they map back to within 0.005 px.
  for (std::size_t i = 0; i < n; ++i) {
    double time = (xy[i].first - left) / width * 2;
    double value = (top + height - xy[i].second) / height;
    CHECK(time == Approx(c.x[i]).margin(0.005 / width * 2 + 1e-12));
    CHECK(value == Approx(cubic_step(c.x[i], 0.5, 0, 1.5, 1)).margin(0.005 / height + 1e-12));
  }
  // The rise: the last sample at the bottom edge is at TIME 0.5, the first at the top at 1.5.
  CHECK(xy[100].second == Approx(top + height));
  CHECK(xy[101].second < top + height);
  CHECK(xy[300].second == Approx(top));
  CHECK(xy[299].second > top);
}

TEST_CASE("an undefined sample leaves its column empty and is never joined across", "[repl][plot]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Curve c{"g", "x", {0, 1, 2, 3, 4}, {0, nan, 1, nan, 0}};
  // Rows 0..2: 0 in row 0, 1 in row 2. Columns 1 and 3 are gaps, so the jumps to and from
  // column 2 are not joined with '|'.
  CHECK(fexpr::repl::text_plot(c, 3) ==
        "g\n"
        "1 |  *\n"
        "  |\n"
        "0 |*   *\n"
        "  +-----\n"
        "   0 x 4\n");
}

TEST_CASE("overlaid curves share the axes, each with its mark, and a legend names them", "[repl][plot]") {
  std::vector<Curve> curves = {{"up", "x", {0, 1, 2}, {0, 1, 2}}, {"down", "x", {0, 1, 2}, {2, 1, 0}}};
  // Rows 0..2 for the values 0..2: both curves meet at (1, 1), where the later one, '+', shows.
  CHECK(fexpr::repl::text_plot(curves, 3) ==
        "up, down\n"
        "2 |+ *\n"
        "  | +\n"
        "0 |* +\n"
        "  +---\n"
        "   0 x 2\n"
        "  * up\n"
        "  + down\n");
}

TEST_CASE("in the SVG a gap splits a curve into separate polylines, and overlays get a legend", "[repl][plot][svg]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<Curve> curves = {{"g", "x", {0, 1, 2, 3, 4, 5}, {0, 1, nan, nan, 1, 0}},
                               {"h", "x", {0, 1, 2, 3, 4, 5}, {1, 1, 1, 1, 1, 1}}};
  bool ok = false;
  std::vector<Element> elements = parse_xml(fexpr::repl::svg_plot(curves), ok);
  REQUIRE(ok);
  std::vector<std::size_t> points_of_g, points_of_h;
  for (const Element& e : elements) {
    if (e.name != "polyline") continue;
    CHECK(attribute(e, "class") == "curve");
    std::istringstream points(attribute(e, "points"));
    std::size_t n = 0;
    for (std::string point; points >> point;) ++n;
    (attribute(e, "data-series") == "0" ? points_of_g : points_of_h).push_back(n);
  }
  CHECK(points_of_g == std::vector<std::size_t>{2, 2});  // x = 0, 1 and x = 4, 5
  CHECK(points_of_h == std::vector<std::size_t>{6});
  // The legend's entries follow its <g>, a <text> naming each curve.
  auto legend = std::find_if(elements.begin(), elements.end(),
                             [](const Element& e) { return e.name == "g" && attribute(e, "class") == "legend"; });
  REQUIRE(legend != elements.end());
  std::vector<std::string> names;
  for (auto e = legend; e != elements.end(); ++e) {
    if (e->name == "text") names.push_back(e->text);
  }
  CHECK(names.size() >= 2);
  CHECK(names[0] == "g");
  CHECK(names[1] == "h");
  SECTION("one curve has no legend") {
    CHECK(fexpr::repl::svg_plot(curves[1]).find("legend") == std::string::npos);
  }
}

}  // namespace test_repl_plot
