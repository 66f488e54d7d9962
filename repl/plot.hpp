// Plots of sampled curves: a text plot for the terminal and an SVG document. Both are pure
// functions of the samples, so their geometry is tested without a terminal or a browser.
// Several curves over the same abscissae are drawn on one pair of axes, with a legend; a
// sample that is NaN is a point where the function is undefined, and the curve has a gap there.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::repl {

struct Curve {
  std::string title;      // the expression, shown above the plot and in the legend
  std::string variable;   // the abscissa's name: TIME or a user variable
  std::vector<double> x;  // increasing
  std::vector<double> y;  // parallel to x; finite, or NaN where the function is undefined
};

// A number as the axes show it: six significant digits, to be read at a glance rather than read
// back exactly as number::format's shortest form is.
std::string label(double value);

// `count` evenly spaced values from `from` to `to`, both ends included exactly.
std::vector<double> sample_points(double from, double to, std::size_t count);

// The columns and rows of the text plot's drawing area (axes and labels come on top).
inline constexpr std::size_t kTextColumns = 64;
inline constexpr std::size_t kTextRows = 16;
// Enough points that a STEP or IMPACT looks smooth at the SVG's size.
inline constexpr std::size_t kSvgPoints = 401;

// The marks of the text plot's curves, in order; a curve past the last reuses them in turn.
inline constexpr std::string_view kTextMarks = "*+ox#@";

// One column per sample, `rows` rows, in ASCII so that any terminal and any log shows it:
//
//   <title>
//   YMAX |            ******
//        |          **
//   YMIN |**********
//        +------------------
//         XMIN   VAR    XMAX
//
// Each sample is a '*' in row round((y - ymin) / (ymax - ymin) * (rows - 1)) counted from the
// bottom; a jump of more than one row between neighbours is joined with '|' in the later
// column, so a steep rise reads as one line. A constant curve sits on the middle row. A NaN
// sample leaves its column empty and is never joined across. Several curves (all with the
// same x) share the axes, each drawn with its mark from kTextMarks (a later curve over an
// earlier one), their titles joined by ", " above and a legend "  MARK TITLE" per curve below.
// At least one sample must be finite.
std::string text_plot(std::span<const Curve> curves, std::size_t rows = kTextRows);
inline std::string text_plot(const Curve& curve, std::size_t rows = kTextRows) {
  return text_plot(std::span(&curve, 1), rows);
}

// A standalone SVG document. The frame <rect class="plot-area" .../> spans the data range
// exactly (x from the first to the last sample, y from the smallest to the largest finite
// value), and each run of finite samples of curve N is one <polyline class="curve"
// data-series="N"> with a point per sample, so every point maps back to its sample through the
// frame's x, y, width and height, and a gap is a break between two polylines. With more than
// one curve, a <g class="legend"> names each in its colour.
std::string svg_plot(std::span<const Curve> curves);
inline std::string svg_plot(const Curve& curve) { return svg_plot(std::span(&curve, 1)); }

}  // namespace fexpr::repl
