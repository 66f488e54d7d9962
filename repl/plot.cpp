#include "repl/plot.hpp"

#include "support/number.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

namespace fexpr::repl {
namespace {

std::string coordinate(double value) {
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 2);
  return std::string(buffer, ec == std::errc() ? end : buffer);
}

// The y range drawn: the finite samples' own, widened around a constant curve so that it has
// a height to be placed in (and the mapping does not divide by zero).
std::pair<double, double> value_range(std::span<const Curve> curves) {
  double lo = INFINITY, hi = -INFINITY;
  for (const Curve& c : curves) {
    for (double y : c.y) {
      if (std::isfinite(y)) {
        lo = std::min(lo, y);
        hi = std::max(hi, y);
      }
    }
  }
  if (lo < hi) return {lo, hi};
  double half = lo == 0.0 ? 1.0 : std::abs(lo) / 2;
  return {lo - half, lo + half};
}

std::string joined_titles(std::span<const Curve> curves) {
  std::string out;
  for (const Curve& c : curves) out += (out.empty() ? "" : ", ") + c.title;
  return out;
}

void trim_right(std::string& s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
}

std::string xml_escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Tick values at 1, 2 or 5 times a power of ten, about five across [lo, hi].
std::vector<double> ticks(double lo, double hi) {
  double raw = (hi - lo) / 5;
  double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double ratio = raw / magnitude;
  double step = magnitude * (ratio < 1.5 ? 1 : ratio < 3.5 ? 2 : ratio < 7.5 ? 5 : 10);
  std::vector<double> out;
  const double first = std::ceil(lo / step);
  // Counted, because far from zero (lo = 1E20, step = 1) first + i may not change with i.
  for (int i = 0; i <= 11; ++i) {
    double t = (first + i) * step;
    if (t > hi + step * 1e-9 || (!out.empty() && t == out.back())) break;
    out.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);  // no "-0" or 1E-17 for the tick at zero
  }
  return out;
}

// Colours that stay apart for the colour-blind (Okabe and Ito's palette), in turn.
std::string_view colour(std::size_t n) {
  static constexpr std::string_view palette[] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"};
  return palette[n % std::size(palette)];
}

}  // namespace

std::string label(double value) { return number::format(value, 6); }

std::vector<double> sample_points(double from, double to, std::size_t count) {
  std::vector<double> x(count);
  for (std::size_t i = 0; i < count; ++i) {
    x[i] = from + (to - from) * static_cast<double>(i) / static_cast<double>(count - 1);
  }
  if (count > 0) x.back() = to;
  return x;
}

std::string text_plot(std::span<const Curve> curves, std::size_t rows) {
  auto [lo, hi] = value_range(curves);
  const Curve& first = curves.front();
  const std::size_t columns = first.x.size();
  std::vector<std::string> grid(rows, std::string(columns, ' '));  // grid[0] is the bottom row
  for (std::size_t n = 0; n < curves.size(); ++n) {
    const char mark = kTextMarks[n % kTextMarks.size()];
    constexpr std::size_t kUndefined = std::numeric_limits<std::size_t>::max();
    std::size_t previous = kUndefined;  // the row of the sample before
    for (std::size_t i = 0; i < columns; ++i) {
      const double y = curves[n].y[i];
      if (!std::isfinite(y)) {
        previous = kUndefined;
        continue;
      }
      auto row = static_cast<std::size_t>(std::lround((y - lo) / (hi - lo) * static_cast<double>(rows - 1)));
      grid[row][i] = mark;
      if (previous != kUndefined) {
        for (std::size_t r = std::min(row, previous) + 1; r < std::max(row, previous); ++r) {
          if (grid[r][i] == ' ') grid[r][i] = '|';
        }
      }
      previous = row;
    }
  }

  std::string top = label(hi), bottom = label(lo);
  const std::size_t width = std::max(top.size(), bottom.size());
  std::string out = joined_titles(curves) + "\n";
  for (std::size_t r = rows; r-- > 0;) {
    std::string name = r == rows - 1 ? top : r == 0 ? bottom : "";
    std::string line = std::string(width - name.size(), ' ') + name + " |" + grid[r];
    trim_right(line);
    out += line + "\n";
  }
  out += std::string(width, ' ') + " +" + std::string(columns, '-') + "\n";

  std::string left = label(first.x.front()), right = label(first.x.back());
  const std::string& variable = first.variable;
  std::string axis;
  if (left.size() + variable.size() + right.size() + 2 <= columns) {
    axis = std::string(columns, ' ');
    axis.replace(0, left.size(), left);
    axis.replace((columns - variable.size()) / 2, variable.size(), variable);
    axis.replace(columns - right.size(), right.size(), right);
  } else {
    axis = left + " " + variable + " " + right;
  }
  out += std::string(width + 2, ' ') + axis + "\n";
  if (curves.size() > 1) {
    for (std::size_t n = 0; n < curves.size(); ++n) {
      out += "  " + std::string(1, kTextMarks[n % kTextMarks.size()]) + " " + curves[n].title + "\n";
    }
  }
  return out;
}

std::string svg_plot(std::span<const Curve> curves) {
  constexpr double kWidth = 640, kHeight = 400;
  constexpr double kLeft = 80, kTop = 40, kAreaWidth = 530, kAreaHeight = 300;
  auto [lo, hi] = value_range(curves);
  const std::string title = joined_titles(curves);
  const Curve& first = curves.front();
  const double x0 = first.x.front(), x1 = first.x.back();
  auto px = [&](double x) { return kLeft + (x - x0) / (x1 - x0) * kAreaWidth; };
  auto py = [&](double y) { return kTop + (hi - y) / (hi - lo) * kAreaHeight; };

  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"400\" viewBox=\"0 0 640 400\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n";
  out += "<title>" + xml_escaped(title) + "</title>\n";
  out += "<rect width=\"" + coordinate(kWidth) + "\" height=\"" + coordinate(kHeight) + "\" fill=\"white\"/>\n";
  out += "<text x=\"" + coordinate(kLeft + kAreaWidth / 2) + "\" y=\"24\" text-anchor=\"middle\" font-size=\"14\">" +
         xml_escaped(title) + "</text>\n";
  for (double t : ticks(x0, x1)) {
    std::string x = coordinate(px(t));
    out += "<line x1=\"" + x + "\" y1=\"" + coordinate(kTop) + "\" x2=\"" + x + "\" y2=\"" +
           coordinate(kTop + kAreaHeight) + "\" stroke=\"#ddd\"/>\n";
    out += "<text x=\"" + x + "\" y=\"" + coordinate(kTop + kAreaHeight + 18) + "\" text-anchor=\"middle\">" +
           label(t) + "</text>\n";
  }
  for (double t : ticks(lo, hi)) {
    std::string y = coordinate(py(t));
    out += "<line x1=\"" + coordinate(kLeft) + "\" y1=\"" + y + "\" x2=\"" + coordinate(kLeft + kAreaWidth) +
           "\" y2=\"" + y + "\" stroke=\"#ddd\"/>\n";
    out += "<text x=\"" + coordinate(kLeft - 6) + "\" y=\"" + y +
           "\" text-anchor=\"end\" dominant-baseline=\"middle\">" + label(t) + "</text>\n";
  }
  out += "<rect class=\"plot-area\" x=\"" + coordinate(kLeft) + "\" y=\"" + coordinate(kTop) + "\" width=\"" +
         coordinate(kAreaWidth) + "\" height=\"" + coordinate(kAreaHeight) + "\" fill=\"none\" stroke=\"#444\"/>\n";
  for (std::size_t n = 0; n < curves.size(); ++n) {
    const Curve& c = curves[n];
    const std::string head = "<polyline class=\"curve\" data-series=\"" + std::to_string(n) +
                             "\" fill=\"none\" stroke=\"" + std::string(colour(n)) + "\" stroke-width=\"1.5\" points=\"";
    bool open = false;
    for (std::size_t i = 0; i < c.x.size(); ++i) {
      if (!std::isfinite(c.y[i])) {
        if (open) out += "\"/>\n";
        open = false;
        continue;
      }
      out += (open ? " " : head) + coordinate(px(c.x[i])) + "," + coordinate(py(c.y[i]));
      open = true;
    }
    if (open) out += "\"/>\n";
  }
  if (curves.size() > 1) {
    out += "<g class=\"legend\">\n";
    for (std::size_t n = 0; n < curves.size(); ++n) {
      const std::string y = coordinate(kTop + 14 + 16 * static_cast<double>(n));
      out += "<line x1=\"" + coordinate(kLeft + 10) + "\" y1=\"" + y + "\" x2=\"" + coordinate(kLeft + 30) + "\" y2=\"" +
             y + "\" stroke=\"" + std::string(colour(n)) + "\" stroke-width=\"2\"/>\n";
      out += "<text x=\"" + coordinate(kLeft + 36) + "\" y=\"" + y + "\" dominant-baseline=\"middle\">" +
             xml_escaped(curves[n].title) + "</text>\n";
    }
    out += "</g>\n";
  }
  out += "<text x=\"" + coordinate(kLeft + kAreaWidth / 2) + "\" y=\"" + coordinate(kHeight - 12) +
         "\" text-anchor=\"middle\">" + xml_escaped(first.variable) + "</text>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace fexpr::repl
