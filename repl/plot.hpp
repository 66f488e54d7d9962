// Plots of a sampled curve: a text plot for the terminal and an SVG document. Both are pure
// functions of the samples, so their geometry is tested without a terminal or a browser.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fexpr::repl {

struct Curve {
  std::string title;      // the expression, shown above the plot
  std::string variable;   // the abscissa's name: TIME or a user variable
  std::vector<double> x;  // increasing
  std::vector<double> y;  // parallel to x, all finite
};

// `count` evenly spaced values from `from` to `to`, both ends included exactly.
std::vector<double> sample_points(double from, double to, std::size_t count);

// The columns and rows of the text plot's drawing area (axes and labels come on top).
inline constexpr std::size_t kTextColumns = 64;
inline constexpr std::size_t kTextRows = 16;
// Enough points that a STEP or IMPACT looks smooth at the SVG's size.
inline constexpr std::size_t kSvgPoints = 401;

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
// column, so a steep rise reads as one line. A constant curve sits on the middle row.
std::string text_plot(const Curve& curve, std::size_t rows = kTextRows);

// A standalone SVG document. The frame <rect class="plot-area" .../> spans the data range
// exactly (x from the first to the last sample, y from the smallest to the largest value), and
// the curve is one <polyline class="curve"> with a point per sample, so every point maps back
// to its sample through the frame's x, y, width and height.
std::string svg_plot(const Curve& curve);

}  // namespace fexpr::repl
