// fexpr codegen of a dataset's elements (codegen/dataset_calls.hpp): each SFORCE, VARIABLE and
// DIFF of the example models, of models made to exercise every measure, ARYVAL, DIF and DIF1
// (tests/data/codegen), and of the corpus
// is generated, compiled with the system C compiler and run at several states, against the
// interpreter's value and gradient and against central differences of its own value.
//
// Tolerance, not bits: the generated code writes each measure out in the part states and
// differentiates it forwards, while the interpreter evaluates DX..VR and their derivatives in
// closed form (kinematics/measure_closed_form.cpp) and the others on its own dual numbers, with
// Eigen's products; the operations differ in order, so the last bits do.
#include "codegen/dataset_calls.hpp"
#include "dataset/loaded_model.hpp"
#include "dataset/values.hpp"
#include "kinematics/singular_points.hpp"
#include "native_build.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

namespace test_codegen_dataset {

namespace {

using namespace fexpr;
using testing::ScratchDirectory;
using testing::SharedObject;

using Function = int (*)(const double*, double*, double*, const char**);
using HessianFunction = int (*)(const double*, double*, double*, double*, const char**);

// The measures' operations differ from the interpreter's in order only, a few roundings each.
// A value agrees within kRelative of the larger of its size and 1; a derivative within
// kRelative of the gradient's largest entry (and 1). The margin is for cancellation: a
// derivative by a turn of DY on a corpus model in millimetres sums terms of 1e4 to a few
// units, and its last bits differ by 7e-13 of the gradient.
constexpr double kRelative = 1e-11;
// Central differences with step h = 1e-6 (scaled to the input) are good to about h^2 f''' and
// 1e-16 f / h: a relative 1e-6 even for the stiff forces of the corpus.
constexpr double kDifference = 1e-6;
constexpr double kDifferenceTolerance = 1e-6;

// The size a value is computed from, for what rounding alone can change in it: |f| and, to first
// order, each input's size times its slope. A corpus BEAM turns positions of a few hundred
// millimetres and differences them to deflections of micrometres, times a stiffness: the
// last digits of the positions are all the force keeps, and the two codes round them apart.
double rounding_scale(double f, std::span<const double> grad, std::span<const double> x) {
  double sum = 0.0;
  for (std::size_t k = 0; k < x.size(); ++k) sum += std::abs(grad[k]) * std::max(1.0, std::abs(x[k]));
  return std::max({1.0, std::abs(f), sum});
}
// A generated value's own rounding within this many epsilons of that size; a central
// difference over 2h divides two such roundings by 2h.
constexpr double kOwnRounding = 16 * std::numeric_limits<double>::epsilon();

bool close(double generated, double interpreted, double tolerance) {
  return std::abs(generated - interpreted) <= tolerance * std::max(1.0, std::abs(interpreted));
}

// (f(x + h e_k) - f(x - h e_k)) / 2h for h scaled to x[k]; nothing where f fails or has a
// corner at x (an IF whose test is exactly 0 there), where the one-sided slopes differ, or
// where the slope is too small beside the curvature to tell.
template <class F>
std::optional<double> central_difference(F f, const std::vector<double>& x, std::size_t k, double step) {
  const double h = step * std::max(1.0, std::abs(x[k]));
  std::vector<double> up = x, down = x, grad(x.size());
  up[k] += h;
  down[k] -= h;
  double fu = 0.0, f0 = 0.0, fd = 0.0;
  if (f(up.data(), &fu, grad.data(), nullptr) != 0 || f(x.data(), &f0, grad.data(), nullptr) != 0 ||
      f(down.data(), &fd, grad.data(), nullptr) != 0)
    return std::nullopt;
  const double central = (fu - fd) / (up[k] - down[k]);
  // Smooth, they differ by about h f'', far below a thousandth of the slope.
  const double forward = (fu - f0) / (up[k] - x[k]), backward = (f0 - fd) / (x[k] - down[k]);
  const double corner = std::abs(forward - backward);
  if (corner > 1e-12 && corner > 1e-3 * std::max(std::abs(forward), std::abs(backward))) return std::nullopt;
  return central;
}

struct Element {
  std::string label;                // "SFORCE/1"
  std::string function;             // its C name
  std::vector<std::string> inputs;  // the generated function's gradient inputs, in order
  const Expression* interpreted = nullptr;
  bool reads_mode = false;          // MODE is its last input, after the gradient's
};

// The elements of a dataset that fexpr codegen writes, in one C file.
struct Generated {
  std::vector<Element> elements;
  std::string source;
  int refused = 0;  // SFORCE, VARIABLE and DIFF functions it does not write (measures, functions)
  int same_form = 0;  // left out as the form of one already generated
};

// The C of one generated function with its name, its comments and every number taken out: two
// elements of one form (an IMPACT of DM and VR between other markers, with other stiffnesses)
// give the same text, written by the same rules of the generator.
std::string form_of(const std::string& c, const std::string& name) {
  const auto word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
  std::string out;
  for (std::size_t i = 0; i < c.size();) {
    if (c.compare(i, 2, "/*") == 0) {
      i = std::min(c.size(), c.find("*/", i + 2) + 2);
    } else if (c.compare(i, name.size(), name) == 0) {
      out += 'F';
      i += name.size();
    } else if (std::isdigit(static_cast<unsigned char>(c[i])) && (out.empty() || !word(out.back()))) {
      while (i < c.size() && (std::isalnum(static_cast<unsigned char>(c[i])) || c[i] == '.' ||
                              ((c[i] == '+' || c[i] == '-') && (c[i - 1] == 'e' || c[i - 1] == 'E'))))
        ++i;
      out += 'N';
    } else {
      out += c[i++];
    }
  }
  return out;
}

// order 1: functions with the gradient; 2: with the Hessian too. Only the first `most`; with
// `one_per_form`, only the first element of each form (form_of).
Generated generate_all(const dataset::LoadedModel& m, const codegen::DatasetCalls& calls, int order = 1,
                       std::size_t most = 1000, bool one_per_form = false) {
  Generated g;
  std::set<std::string> forms;
  for (const dataset::Statement& s : m.dataset.statements) {
    if (g.elements.size() == most) break;
    if (!s.id || (s.name != "SFORCE" && s.name != "VARIABLE" && s.name != "DIFF")) continue;
    const auto* element = m.elements->element(s.name, *s.id);
    if (!element || !element->expression || !element->function) continue;
    auto compiled = calls.compile_function(*element->function);
    codegen::Options o;
    o.name = "f" + std::to_string(g.elements.size());
    o.order = order;
    const codegen::Origin origin{&calls, element->function->expression_span.begin, element->label};
    const auto c = compiled ? codegen::generate_c(*compiled.expression, element->function->expression, o, origin)
                            : codegen::Generated{};
    if (c.source.empty()) {
      ++g.refused;
      continue;
    }
    if (one_per_form && !forms.insert(form_of(c.source, o.name)).second) {
      ++g.same_form;
      continue;
    }
    g.source += c.source;
    g.elements.push_back(
        {element->label, o.name, compiled.expression->derivative_names(), &*element->expression, c.reads_mode});
  }
  return g;
}

// The index of state `name` ("psi") among a part's 12.
int state_index(std::string_view name) {
  for (int k = 0; k < kinematics::kStatesPerPart; ++k)
    if (kinematics::state_name(k) == name) return k;
  return -1;
}

// The generated function's inputs at the interpreter's state, time and DIFF states (its
// variables, by slot).
std::vector<double> inputs_at(const dataset::LoadedModel& m, const std::vector<std::string>& names, double time,
                              std::span<const double> diffs = {}) {
  std::vector<double> in{time};
  for (std::size_t k = 1; k < names.size(); ++k) {
    const std::string& n = names[k];  // "PART/2.psi" or "DIFF/3"
    if (n.starts_with("DIFF/")) {
      in.push_back(diffs[*m.elements->context().variable_slot(n)]);
      continue;
    }
    const std::size_t slash = n.find('/'), dot = n.find('.');
    const int part = m.build.model.find_part(std::stol(n.substr(slash + 1, dot - slash - 1)));
    in.push_back(kinematics::state_value(m.state->part(part), state_index(n.substr(dot + 1))));
  }
  return in;
}

// Moves every part away from its initial state, and sets the DIFF states, differently each time.
void scatter(dataset::LoadedModel& m, std::vector<double>& diffs, std::mt19937& random) {
  std::uniform_real_distribution<double> d(-0.4, 0.4);
  const kinematics::State initial(m.build.model);
  for (int p = 1; p < m.state->size(); ++p)
    for (int k = 0; k < kinematics::kStatesPerPart; ++k)
      m.state->set_value(p, k, kinematics::state_value(initial.part(p), k) + d(random));
  for (double& x : diffs) x = 1.0 + d(random);
}

// The DIFF states, one a variable of the dataset's context, at a first state.
std::vector<double> first_diffs(const dataset::LoadedModel& m) {
  std::vector<double> diffs(m.elements->context().variables().size());
  for (std::size_t k = 0; k < diffs.size(); ++k) diffs[k] = 0.5 + 0.25 * static_cast<double>(k);
  return diffs;
}

struct Agreement {
  int compared = 0;      // element evaluations compared
  int errors = 0;        // of those, where both reported an error
  int value_bits = 0;    // of the values, those equal to the bit
  int differenced = 0;   // derivatives compared to central differences
  double worst = 0.0;    // the largest difference of a value or derivative, relative as checked
};

// Runs every generated element at `states` states (the first the initial one) against the
// interpreter and against central differences of its own value.
Agreement compare(dataset::LoadedModel& m, const Generated& g, const SharedObject& so, int states) {
  Agreement a;
  std::mt19937 random(7);
  Workspace ws;
  std::vector<double> diffs = first_diffs(m);
  for (int state = 0; state < states; ++state) {
    if (state > 0) scatter(m, diffs, random);
    const double time = 0.25 * state;
    Inputs in;
    in.time = time;
    in.state = m.state.get();
    in.variables = diffs;
    for (const Element& e : g.elements) {
      INFO(e.label << " at state " << state);
      REQUIRE(e.inputs == e.interpreted->derivative_names());
      const Function f = so.function<Function>(e.function);
      std::vector<double> x = inputs_at(m, e.inputs, time, diffs), grad(x.size()), expected(x.size());
      const std::size_t gradient_inputs = x.size();
      // A function that reads MODE (a DIFF's IF(MODE-5: ...)) takes it after the gradient's
      // inputs; without it, it would read past them.
      if (e.reads_mode) x.push_back(in.mode);
      double value = 0.0;
      const char* error = nullptr;
      const int status = f(x.data(), &value, grad.data(), &error);
      double interpreted = 0.0;
      try {
        interpreted = e.interpreted->gradient(in, ws, expected);
      } catch (const EvaluationError& thrown) {
        INFO(thrown.diagnostic.message);
        REQUIRE(status == 1);
        CHECK(thrown.diagnostic.message.find(error) != std::string::npos);
        ++a.errors;
        continue;
      }
      INFO((error ? error : ""));
      REQUIRE(status == 0);
      ++a.compared;
      a.value_bits += value == interpreted;
      a.worst = std::max(a.worst, std::abs(value - interpreted) / std::max(1.0, std::abs(interpreted)));
      const double scale = rounding_scale(interpreted, expected, std::span<const double>(x).first(gradient_inputs));
      INFO("value " << std::setprecision(17) << value << " vs " << interpreted << ", computed from sizes " << scale);
      CHECK(std::abs(value - interpreted) <= kRelative * scale);
      double largest = 1.0;
      for (double d : expected) largest = std::max(largest, std::abs(d));
      for (std::size_t k = 0; k < gradient_inputs; ++k) {
        INFO("d/d" << e.inputs[k] << ": " << grad[k] << " vs " << expected[k]);
        a.worst = std::max(a.worst, std::abs(grad[k] - expected[k]) / largest);
        CHECK(std::abs(grad[k] - expected[k]) <= kRelative * largest);
        const auto d1 = central_difference(f, x, k, kDifference), d2 = central_difference(f, x, k, kDifference / 2);
        // A step across a singular point, a jump of IF or a corner of STEP: no derivative to compare.
        if (!d1 || !d2 || !close(*d1, *d2, kDifferenceTolerance)) continue;
        ++a.differenced;
        INFO("central difference " << *d2);
        const double h = kDifference / 2 * std::max(1.0, std::abs(x[k]));
        CHECK(std::abs(*d2 - grad[k]) <=
              kDifferenceTolerance * std::max(1.0, std::abs(grad[k])) + kOwnRounding * scale / h);
      }
    }
  }
  return a;
}

// With its DIFFs as states, as fexpr codegen and the C API load it.
std::unique_ptr<dataset::LoadedModel> load(const std::string& path) {
  std::ostringstream errors;
  auto loaded = dataset::load_model(path, errors, dataset::DiffValues::states);
  INFO(errors.str());
  REQUIRE(loaded);
  return std::move(*loaded);
}

const std::string kSource = FEXPR_SOURCE_DIR;
// The models whose every SFORCE, VARIABLE and DIFF is generated: measures.adm has every
// measure and ARYVAL, diffs.adm DIF and DIF1, splines.adm CUBSPL and AKISPL (of measures too),
// loads.adm every element load function (SFORCE, SPDP, BUSH, FIELD, BEAM, VFORCE, VTORQ,
// GFORCE), net loads (FX, FZ, TZ), PINVAL and POUVAL.
const std::vector<std::string> kModels = {"tests/data/codegen/measures.adm", "tests/data/codegen/diffs.adm",
                                          "tests/data/codegen/splines.adm",   "tests/data/codegen/loads.adm",
                                          "examples/models/spring_damper.adm", "examples/models/contact.adm",
                                          "examples/models/pendulum.adm"};

}  // namespace

TEST_CASE("generated dataset elements agree with the interpreter and with central differences", "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  const auto file = GENERATE(from_range(kModels));
  INFO(file);
  auto m = load(kSource + "/" + file);
  const codegen::DatasetCalls calls(*m);
  const Generated g = generate_all(*m, calls);
  CHECK(g.refused == 0);
  REQUIRE(!g.elements.empty());
  ScratchDirectory dir;
  const SharedObject so(dir.path(), g.source);
  const Agreement a = compare(*m, g, so, 6);
  CHECK(a.compared >= static_cast<int>(g.elements.size()) * 5);
  WARN(file << ": " << a.compared << " evaluations, " << a.value_bits << " values to the bit, worst relative difference "
            << a.worst << "; " << a.differenced << " derivatives against central differences");
}

// One element of each form: a corpus model repeats a form up to 58 times (a BEAM per segment of a
// drill string), and its 129 functions were 1.06 million lines of C, 25 forms 89,000.
TEST_CASE("corpus SFORCE and VARIABLE functions that fexpr codegen writes agree with the interpreter", "[codegen][corpus]") {
  FEXPR_NEED_C_COMPILER();
  int files = 0, elements = 0, refused = 0, same_form = 0, compared = 0, value_bits = 0;
  double worst = 0.0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kSource + "/tests/data/corpus")) {
    if (entry.path().extension() != ".adm") continue;
    std::ostringstream errors;
    auto loaded = dataset::load_model(entry.path().string(), errors, dataset::DiffValues::states);
    if (!loaded) continue;
    auto& m = **loaded;
    const codegen::DatasetCalls calls(m);
    const Generated g = generate_all(m, calls, 1, 1000, true);
    refused += g.refused;
    same_form += g.same_form;
    if (g.elements.empty()) continue;
    INFO(entry.path().string());
    ++files;
    elements += static_cast<int>(g.elements.size());
    ScratchDirectory dir;
    const SharedObject so(dir.path(), g.source);
    const Agreement a = compare(m, g, so, 3);
    compared += a.compared;
    value_bits += a.value_bits;
    worst = std::max(worst, a.worst);
  }
  WARN(elements << " corpus elements in " << files << " files generated, " << same_form << " of their forms left out, "
                << refused << " not written; " << compared
                << " evaluations, " << value_bits << " values to the bit, worst relative difference " << worst);
  CHECK(elements > 0);
}

TEST_CASE("generated dataset elements fail where the interpreter does, with its message", "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  // PART/2 and PART/3 start at one place: DM has no derivative there, VR no value.
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("coincident.adm", R"(Coincident markers
PART/1, GROUND
PART/2, MASS = 1, QG = 1, 2, 3
MARKER/20, PART = 2
PART/3, MASS = 1, QG = 1, 2, 3, VX = 1
MARKER/30, PART = 3
VARIABLE/1, FUNCTION = 1 + DM(20, 30)
VARIABLE/2, FUNCTION = VR(20, 30)
END
)", errors);
  REQUIRE(loaded);
  auto& m = **loaded;
  const codegen::DatasetCalls calls(m);
  const Generated g = generate_all(m, calls);
  REQUIRE(g.elements.size() == 2);
  ScratchDirectory dir;
  const SharedObject so(dir.path(), g.source);
  const Agreement a = compare(m, g, so, 1);
  CHECK(a.errors == 2);
  const Function vr = so.function<Function>(g.elements[1].function);
  double value = 0.0;
  std::vector<double> grad(g.elements[1].inputs.size());
  const char* error = nullptr;
  CHECK(vr(inputs_at(m, g.elements[1].inputs, 0.0).data(), &value, grad.data(), &error) == 1);
  CHECK(std::string(error) == "VR is undefined when markers coincide");
}

// Generates each VARIABLE of `text` as a value function and as a gradient function; each value
// must be expected[e] (to 1e-12) or, where that is empty, fail with derivative_error[e]; each
// gradient must fail with derivative_error[e] or, where that is null, succeed; and the gradient
// functions must agree with the interpreter.
void check_closed_forms(const char* text, const std::vector<std::optional<double>>& expected,
                        const std::vector<const char*>& derivative_error) {
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("closed_forms.adm", text, errors);
  INFO(errors.str());
  REQUIRE(loaded);
  auto& m = **loaded;
  const codegen::DatasetCalls calls(m);
  const Generated values = generate_all(m, calls, 0), gradients = generate_all(m, calls, 1);
  REQUIRE(values.elements.size() == expected.size());
  REQUIRE(gradients.elements.size() == expected.size());
  ScratchDirectory value_dir, gradient_dir;
  const SharedObject value_so(value_dir.path(), values.source), gradient_so(gradient_dir.path(), gradients.source);
  using ValueFunction = int (*)(const double*, double*, const char**);
  int errors_expected = 0;
  for (std::size_t e = 0; e < expected.size(); ++e) {
    INFO(values.elements[e].label);
    const std::vector<double> x = inputs_at(m, values.elements[e].inputs, 0.0);
    double value = -1.0;
    const char* error = nullptr;
    const int value_status = value_so.function<ValueFunction>(values.elements[e].function)(x.data(), &value, &error);
    if (expected[e]) {
      REQUIRE(value_status == 0);
      CHECK(std::abs(value - *expected[e]) <= 1e-12);
    } else {
      REQUIRE(value_status == 1);
      CHECK(std::string(error) == derivative_error[e]);
    }
    std::vector<double> grad(x.size());
    const int status = gradient_so.function<Function>(gradients.elements[e].function)(x.data(), &value, grad.data(), &error);
    CHECK(status == (derivative_error[e] ? 1 : 0));
    if (derivative_error[e] && status == 1) CHECK(std::string(error) == derivative_error[e]);
    errors_expected += derivative_error[e] != nullptr;
  }
  // And the interpreter says the same.
  const Agreement a = compare(m, gradients, gradient_so, 1);
  CHECK(a.errors == errors_expected);
  CHECK(a.compared == static_cast<int>(expected.size()) - errors_expected);
}

TEST_CASE("generated angles keep the interpreter's conventions at their singular points", "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  // Markers 30 and 31 of PART/3 differ by a turn of 0.5 about their z axis:
  // A = (Rz(0.3) Rx(0.4) Rz(0.2))ᵀ Rz(0.3) Rx(0.4) Rz(0.7) = Rz(0.5). So THETA = 0, where PSI
  // takes the whole 0.5 and PHI is 0; as 3-2-1 angles it is regular, YAW = 0.5. Markers 20, 30
  // and 31 lie on the x axis at 1, 2 and 3: INCANG at 30 is pi, a value without a derivative.
  check_closed_forms(R"(Turned about z only
PART/1, GROUND
PART/2, MASS = 1, QG = 1, 0, 0, REULER = 0.3, 0.4, 0.2
MARKER/20, PART = 2
PART/3, MASS = 1, QG = 2, 0, 0
MARKER/30, PART = 3, REULER = 0.3, 0.4, 0.2
MARKER/31, PART = 3, QP = 1, 0, 0, REULER = 0.3, 0.4, 0.7
VARIABLE/1, FUNCTION = PSI(31, 30)
VARIABLE/2, FUNCTION = PHI(31, 30)
VARIABLE/3, FUNCTION = THETA(31, 30)
VARIABLE/4, FUNCTION = YAW(31, 30)
VARIABLE/5, FUNCTION = INCANG(20, 30, 31)
END
)",
                     {0.5, 0.0, 0.0, 0.5, std::acos(-1.0)},
                     {kinematics::kEulerSingular, kinematics::kEulerSingular, kinematics::kEulerSingular, nullptr,
                      kinematics::kIncludedAngleInLine});
}

TEST_CASE("generated Euler and Rodriguez parameters take the interpreter's pivot and sign", "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  // A turn t about axis u has e0 = cos(t/2), (e1, e2, e3) = sin(t/2) u, and Rodriguez
  // parameters e_k / e0 = tan(t/2) u_k. 2.8 about x, y or z makes that axis's parameter the
  // largest, each a pivot of its own; 0.6 about x keeps e0 the largest. Rz(pi/2) Rx(2.8)
  // Rz(-pi/2) turns about Rz(pi/2) x = y. A half turn about x (REULER 0, pi, 0: e0 = cos(pi/2),
  // about 6e-17) has Euler parameters without derivatives and no Rodriguez parameters at all.
  check_closed_forms(R"(One marker turned each way, on a part at rest in its design pose
PART/1, GROUND
PART/2, MASS = 1, QG = 1, 2, 3
MARKER/20, PART = 2, REULER = 0, 0.6, 0
MARKER/21, PART = 2, REULER = 0, 2.8, 0
MARKER/22, PART = 2, REULER = 90D, 2.8, -90D
MARKER/23, PART = 2, REULER = 2.8, 0, 0
MARKER/24, PART = 2, REULER = 0, 180D, 0
VARIABLE/1, FUNCTION = ORIENT(27, 1, 20)
VARIABLE/2, FUNCTION = ORIENT(27, 2, 20)
VARIABLE/3, FUNCTION = ORIENT(27, 2, 21)
VARIABLE/4, FUNCTION = ORIENT(28, 2, 22)
VARIABLE/5, FUNCTION = ORIENT(27, 4, 23)
VARIABLE/6, FUNCTION = ORIENT(28, 3, 23)
VARIABLE/7, FUNCTION = ORIENT(27, 2, 24)
VARIABLE/8, FUNCTION = ORIENT(28, 1, 24)
END
)",
                     {std::cos(0.3), std::sin(0.3), std::sin(1.4), std::tan(1.4), std::sin(1.4), std::tan(1.4), 1.0,
                      std::nullopt},
                     {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, kinematics::kEulerParametersHalfTurn,
                      kinematics::kRodriguezHalfTurn});
}

TEST_CASE("generated accelerations are those of a spinning part, worked by hand", "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  // PART/2 spins at w = 2 about the ground z axis through its origin, turned 30 degrees about
  // it: marker 20, at r = 0.5 on the part's x axis, is at 0.5 (cos 30, sin 30, 0) and
  // accelerates towards the axis at w^2 r = 2: ACCX = -2 cos 30, ACCY = -2 sin 30, and -2
  // along 20's own x axis. Seen from marker 21, which turns with it, 20 stands still: ACCM is
  // 0, which has no derivative. PART/3's origin (marker 30) is at (1, 0, 0) moving at
  // v = (0, 3, 0): seen from PART/2's frame its velocity is v - w x r = (0, 1, 0), and its
  // acceleration there is Coriolis -2 w x (0, 1, 0) = (4, 0, 0) plus centrifugal
  // -w x (w x r) = (4, 0, 0). PART/3 spins at (3, 0, 0): from it, PART/2's steady spin turns
  // at -(3, 0, 0) x (0, 0, 2) = (0, 6, 0); in ground it is steady, WDTM 0 without derivative.
  check_closed_forms(R"(A spinning part and a moving one
PART/1, GROUND
PART/2, MASS = 1, REULER = 30D, 0, 0, WZ = 2
MARKER/20, PART = 2, QP = 0.5, 0, 0
MARKER/21, PART = 2
PART/3, MASS = 1, QG = 1, 0, 0, VY = 3, WX = 3
MARKER/30, PART = 3
VARIABLE/1, FUNCTION = ACCX(20)
VARIABLE/2, FUNCTION = ACCY(20)
VARIABLE/3, FUNCTION = ACCM(20)
VARIABLE/4, FUNCTION = ACCX(20, 0, 20)
VARIABLE/5, FUNCTION = ACCM(20, 0, 21)
VARIABLE/6, FUNCTION = ACCX(30, 0, 0, 21)
VARIABLE/7, FUNCTION = WDTY(20, 0, 0, 30)
VARIABLE/8, FUNCTION = WDTM(20, 0, 30)
VARIABLE/9, FUNCTION = WDTM(20)
END
)",
                     {-2 * std::cos(std::numbers::pi / 6), -2 * std::sin(std::numbers::pi / 6), 2.0, -2.0, 0.0, 8.0,
                      6.0, 6.0, 0.0},
                     {nullptr, nullptr, nullptr, nullptr, "ACCM has no derivative at zero acceleration", nullptr,
                      nullptr, nullptr, "WDTM has no derivative at zero angular acceleration"});
}

TEST_CASE("a part's acceleration and angular acceleration, the model's constants, enter as the interpreter's",
          "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  // No dataset statement sets them (a dataset's parts start with none, and no API or option
  // changes them), so PART/5 is added to the loaded model the way a host's own Model would
  // hold it: turned, moving, spinning and accelerating, its markers off its origin and turned.
  auto m = load(kSource + "/tests/data/codegen/measures.adm");
  kinematics::PartState five;
  five.position = {0.3, -0.6, 0.2};
  five.euler = {0.7, -0.3, 1.2};
  five.velocity = {0.2, 0.5, -0.1};
  five.omega = {-0.6, 0.4, 0.9};
  five.acceleration = {0.1, -0.2, 0.3};
  five.alpha = {0.2, -0.4, 0.7};
  m->build.model.add_part(5, five);
  m->build.model.add_marker(50, 5, {0.3, -0.1, 0.2}, kinematics::orientation_from_reuler(0.4, 0.2, -0.5));
  m->build.model.add_marker(51, 5, {-0.2, 0.4, 0.1}, kinematics::orientation_from_reuler(-0.3, 0.8, 0.1));
  m->state = std::make_unique<kinematics::State>(m->build.model);
  const std::string text =
      "ACCX(50, 21, 4, 31) + ACCY(51) + ACCZ(21, 51, 50, 51) + ACCM(50, 30, 51) + WDTX(50, 31, 4, 21) + WDTY(51) "
      "+ WDTZ(21, 50, 51, 50) + WDTM(50, 0, 30)";
  const codegen::DatasetCalls calls(*m);
  Context own;
  own.set_bindings(&calls);
  auto compiled = compile(text, own);
  REQUIRE(compiled);
  auto interpreted = compile(text, m->elements->context());
  REQUIRE(interpreted);
  Generated g;
  for (int order = 1; order <= 2; ++order) {
    codegen::Options o;
    o.name = "f" + std::to_string(order);
    o.order = order;
    const auto c = codegen::generate_c(*compiled.expression, text, o, codegen::Origin{&calls, 0, "accelerations"});
    REQUIRE(!c.source.empty());
    g.source += c.source;
  }
  g.elements.push_back({"accelerations", "f1", compiled.expression->derivative_names(), &*interpreted.expression});
  ScratchDirectory dir;
  const SharedObject so(dir.path(), g.source);
  const Agreement a = compare(*m, g, so, 4);
  CHECK(a.compared == 4);
  // And the Hessian, at the initial state.
  Inputs in;
  in.state = m->state.get();
  Workspace ws;
  const std::vector<double> x = inputs_at(*m, g.elements[0].inputs, 0.0);
  const std::size_t n = x.size();
  std::vector<double> grad(n), hess(n * n), expected_grad(n), expected(n * n);
  double value = 0.0;
  REQUIRE(so.function<HessianFunction>("f2")(x.data(), &value, grad.data(), hess.data(), nullptr) == 0);
  interpreted.expression->hessian(in, ws, expected_grad, expected);
  double largest = 1.0;
  for (double h : expected) largest = std::max(largest, std::abs(h));
  for (std::size_t k = 0; k < n * n; ++k) {
    INFO("d2/d" << g.elements[0].inputs[k / n] << " d" << g.elements[0].inputs[k % n]);
    CHECK(std::abs(hess[k] - expected[k]) <= kRelative * largest);
  }
}

namespace {
const char* const kTwoDiffs = R"(Two DIFFs and a VARIABLE that reads them
PART/1, GROUND
DIFF/1, IC = 2, FUNCTION = -3*DIF(1) + TIME
DIFF/2, IC = 1, FUNCTION = DIF(1)*DIF(2)
VARIABLE/1, FUNCTION = DIF1(1) + DIF(2)**2
END
)";
}  // namespace

TEST_CASE("generated DIF is the input DIFF/id and DIF1 its DIFF's FUNCTION, worked by hand", "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("diffs.adm", kTwoDiffs, errors, dataset::DiffValues::states);
  REQUIRE(loaded);
  const codegen::DatasetCalls calls(**loaded);
  const Generated g = generate_all(**loaded, calls);
  REQUIRE(g.elements.size() == 3);
  const Element& v = g.elements[2];
  CHECK(v.label == "VARIABLE/1");
  CHECK(v.inputs == std::vector<std::string>{"TIME", "DIFF/1", "DIFF/2"});
  ScratchDirectory dir;
  const SharedObject so(dir.path(), g.source);
  // At TIME 0.5, DIF(1) 0.25, DIF(2) 3: DIF1(1) = -3*0.25 + 0.5 = -0.25, and 9 more; its
  // derivatives by TIME, DIF(1), DIF(2) are 1, -3 and 2*3.
  const double x[] = {0.5, 0.25, 3.0};
  double value = 0.0, grad[3] = {};
  REQUIRE(so.function<Function>(v.function)(x, &value, grad, nullptr) == 0);
  CHECK(value == 8.75);
  CHECK(grad[0] == 1.0);
  CHECK(grad[1] == -3.0);
  CHECK(grad[2] == 6.0);
  // A DIFF state that is not finite fails at the DIF that reads it, as in the interpreter.
  const double nan[] = {0.5, std::nan(""), 3.0};
  const char* error = nullptr;
  CHECK(so.function<Function>(v.function)(nan, &value, grad, &error) == 1);
  CHECK(std::string(error) == "result is too large (overflow to infinity)");
  Inputs in;
  in.variables = std::span<const double>(nan + 1, 2);
  Workspace ws;
  CHECK_THROWS_WITH(v.interpreted->value(in, ws), Catch::Contains(error));
}

TEST_CASE("DIF and DIF1 of a dataset whose DIFFs are at their initial conditions are refused", "[codegen]") {
  // There the interpreter reads IC= as constants, and the DIFFs are no inputs to be given.
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("diffs.adm", kTwoDiffs, errors);
  REQUIRE(loaded);
  const codegen::DatasetCalls calls(**loaded);
  auto compiled = calls.compile_function(*(*loaded)->elements->element("VARIABLE", 1)->function);
  CHECK(!compiled);
  std::vector<std::string> messages;
  for (const Diagnostic& d : compiled.diagnostics) messages.push_back(d.message);
  const std::string rest = " over the DIFF states, and this dataset was loaded with its DIFFs at their initial "
                           "conditions (load it with dataset::DiffValues::states)";
  CHECK(messages == std::vector<std::string>{"fexpr codegen writes DIF1" + rest, "fexpr codegen writes DIF" + rest});
}

TEST_CASE("an inlined VARIABLE or DIFF that reads MODE takes the function's MODE, after the gradient's inputs",
          "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  // VARIABLE/2 = VARVAL(1) + 1 is -DX + 1, 1 or 0.4 MODE DX + 1 as MODE is below, at or above 4
  // (MODE read again in a branch, after a label); at
  // the initial state DX(20) = 1, so 0, 1 and 3 at MODE 5. VARIABLE/3 adds DIF1(1) = MODE*DIF(1).
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("mode.adm", R"(MODE read through VARVAL and DIF1
PART/1, GROUND
MARKER/1, PART = 1
PART/2, MASS = 1, QG = 1, 2, 0, VX = 0.5
MARKER/20, PART = 2
VARIABLE/1, FUNCTION = IF(MODE - 4: -DX(20), 0, 0.4*MODE*DX(20))
VARIABLE/2, FUNCTION = VARVAL(1) + 1
DIFF/1, IC = 1, FUNCTION = MODE*DIF(1)
VARIABLE/3, FUNCTION = DIF1(1) + VARVAL(2)*VX(20)
END
)",
                                         errors, dataset::DiffValues::states);
  REQUIRE(loaded);
  auto& m = **loaded;
  const codegen::DatasetCalls calls(m);
  std::string source;
  const char* const ids[] = {"VARIABLE/2", "VARIABLE/3"};
  for (int k = 0; k < 2; ++k) {
    const auto* element = m.elements->element("VARIABLE", k + 2);
    auto compiled = calls.compile_function(*element->function);
    REQUIRE(compiled);
    codegen::Options o;
    o.name = "mode" + std::to_string(k);
    o.order = 1;
    const auto g = codegen::generate_c(*compiled.expression, element->function->expression, o,
                                       codegen::Origin{&calls, element->function->expression_span.begin, ids[k]});
    REQUIRE(g.reads_mode);
    source += g.source;
  }
  ScratchDirectory dir;
  const SharedObject so(dir.path(), source);
  Workspace ws;
  const std::vector<double> diffs = first_diffs(m);
  for (int mode : {1, 3, 4, 5}) {
    for (int k = 0; k < 2; ++k) {
      INFO("VARIABLE/" << k + 2 << " at MODE " << mode);
      const Expression& interpreted = *m.elements->element("VARIABLE", k + 2)->expression;
      std::vector<double> x = inputs_at(m, interpreted.derivative_names(), 0.0, diffs);
      x.push_back(mode);  // after the gradient's inputs
      std::vector<double> grad(interpreted.derivative_count()), expected(grad.size());
      double value = 0.0;
      const char* error = nullptr;
      REQUIRE(so.function<Function>("mode" + std::to_string(k))(x.data(), &value, grad.data(), &error) == 0);
      Inputs in;
      in.mode = mode;
      in.state = m.state.get();
      in.variables = diffs;
      CHECK(value == interpreted.gradient(in, ws, expected));
      CHECK(grad == expected);
      const double varval = mode < 4 ? 0.0 : mode == 4 ? 1.0 : 0.4 * mode + 1.0;
      if (k == 0) CHECK(value == varval);
      else CHECK(value == Approx(mode * diffs[0] + varval * 0.5).epsilon(1e-15));
    }
  }
}

TEST_CASE("a load whose composed expression reads what the generator refuses is refused at the call", "[codegen]") {
  // The SFORCE's FUNCTION reads DIF(1), a constant to the interpreter at IC= (it evaluates the
  // load), and no input of generated code: SFORCE(1, ...) cannot be written, and says why.
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("load.adm", R"(An SFORCE that reads a DIFF
PART/1, GROUND
MARKER/1, PART = 1
PART/2, MASS = 1, QG = 1, 0, 0
MARKER/20, PART = 2
DIFF/1, IC = 2, FUNCTION = -3*DIF(1)
SFORCE/1, TRANSLATIONAL, I = 20, J = 1, FUNCTION = -10*DM(20, 1)*DIF(1)
VARIABLE/1, FUNCTION = 1 + SFORCE(1, 0, 2, 0)
END
)",
                                         errors);
  REQUIRE(loaded);
  const codegen::DatasetCalls calls(**loaded);
  const auto* variable = (*loaded)->elements->element("VARIABLE", 1);
  REQUIRE(variable->expression);  // the interpreter evaluates it
  auto compiled = calls.compile_function(*variable->function);
  CHECK(!compiled);
  REQUIRE(compiled.diagnostics.size() == 1);
  CHECK(compiled.diagnostics.front().message ==
        "fexpr codegen cannot write SFORCE inline: fexpr codegen writes DIF over the DIFF states, and this dataset was "
        "loaded with its DIFFs at their initial conditions (load it with dataset::DiffValues::states)");
  CHECK(compiled.diagnostics.front().span.begin == variable->function->expression.find("SFORCE") +
                                                         variable->function->expression_span.begin);
}

TEST_CASE("a VARVAL of a VARIABLE the generator refuses says the error inside it, then the call", "[codegen]") {
  // VARIABLE/1 reads DIF(1), a constant to the interpreter at IC= and no input of generated code.
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("varval.adm", R"(A VARIABLE that reads a DIFF, and one that reads it
PART/1, GROUND
DIFF/1, IC = 2, FUNCTION = -3*DIF(1)
VARIABLE/1, FUNCTION = 2*DIF(1)
VARIABLE/2, FUNCTION = VARVAL(1) + 1
END
)",
                                         errors);
  REQUIRE(loaded);
  const codegen::DatasetCalls calls(**loaded);
  const auto* inner = (*loaded)->elements->element("VARIABLE", 1);
  const auto* outer = (*loaded)->elements->element("VARIABLE", 2);
  REQUIRE(outer->expression);  // the interpreter evaluates it
  auto compiled = calls.compile_function(*outer->function);
  CHECK(!compiled);
  // The error inside, kept for the caller to say first (fexpr codegen does), then the call's.
  REQUIRE(calls.inlined_diagnostics().size() == 1);
  const Diagnostic& inside = calls.inlined_diagnostics().front();
  CHECK(inside.message ==
        "fexpr codegen writes DIF over the DIFF states, and this dataset was loaded with its DIFFs at their initial "
        "conditions (load it with dataset::DiffValues::states)");
  CHECK(inside.span.begin == inner->function->expression_span.begin + inner->function->expression.find("DIF(1)"));
  REQUIRE(compiled.diagnostics.size() == 1);
  CHECK(compiled.diagnostics[0].message == "fexpr codegen cannot write VARIABLE/1 inline; see the error in it");
  CHECK(compiled.diagnostics[0].span.begin ==
        outer->function->expression_span.begin + outer->function->expression.find("VARVAL(1)"));
}

TEST_CASE("a dataset function the generator has no rule for is refused, naming those it writes", "[codegen]") {
  // Every call the dataset's bindings evaluate is written; the one left to this refusal is the
  // check of DELAY's ARRAY id, which the compiler asks for and, refused so, does not need.
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("delay.adm", "DELAY's settings\nPART/1, GROUND\nARRAY/1, NUMBERS = 1\nEND\n",
                                         errors, dataset::DiffValues::states);
  REQUIRE(loaded);
  const codegen::DatasetCalls calls(**loaded);
  const std::optional<double> id[] = {1.0};
  auto resolved = calls.resolve("DELAY", id);
  auto* rejected = std::get_if<Bindings::Rejected>(&resolved);
  REQUIRE(rejected);
  CHECK(rejected->code == Code::not_interpreted);
  CHECK(rejected->message.starts_with("fexpr codegen does not write DELAY yet; of the dataset's functions it writes "
                                      "VARVAL, DIF, DIF1, ARYVAL, CUBSPL, AKISPL, PINVAL, POUVAL, the element loads "
                                      "(SFORCE, SPDP, BUSH, FIELD, BEAM, VFORCE, VTORQ, GFORCE, FX..TM) and the "
                                      "measures DX, DY, DZ, DM, VX"));
  CHECK(rejected->message.ends_with(", ORIENT, INCANG, UVX, UVY, UVZ"));
}

TEST_CASE("generated unit vectors are a turned marker's axes and ARYVAL its NUMBERS=, worked by hand", "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  // PART/2 is turned by a = 0.6 about x (REULER = 0, a, 0: psi 0, theta a), so UVZ(20) is
  // R e_z = (sin psi sin theta, -cos psi sin theta, cos theta) = (0, -sin a, cos a). By psi and
  // theta: UVZ.X' = (cos psi sin theta, sin psi cos theta) = (sin a, 0), UVZ.Y' = (0, -cos a),
  // UVZ.Y'' = sin a by psi twice and by theta twice, 0 across; UVZ.Z' = (0, -sin a),
  // UVZ.Z'' = -cos a by theta twice. MARKER/4 on ground is turned by b = 0.25 about x: its y
  // axis (0, cos b, sin b) with z_20 gives sin(b - theta), whose derivative by theta is
  // -cos(b - a), its second -sin(b - a), and by psi twice sin a cos b. ARYVAL(1, 2) is 30
  // degrees, pi/6, a constant.
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("turned.adm", R"(A part turned about x
PART/1, GROUND
MARKER/4, PART = 1, REULER = 0, 0.25, 0
PART/2, MASS = 1, REULER = 0, 0.6, 0
MARKER/20, PART = 2
ARRAY/1, NUMBERS = 2, 30D
VARIABLE/1, FUNCTION = UVZ(20)*[1, 0, 0]
VARIABLE/2, FUNCTION = UVZ(20)*[0, 1, 0]
VARIABLE/3, FUNCTION = UVZ(20)*[0, 0, 1]
VARIABLE/4, FUNCTION = UVZ(20, 4)*[0, 1, 0]
VARIABLE/5, FUNCTION = ARYVAL(1, 2)*UVZ(20)*[0, 0, 1]
END
)", errors);
  INFO(errors.str());
  REQUIRE(loaded);
  auto& m = **loaded;
  const codegen::DatasetCalls calls(m);
  const Generated g = generate_all(m, calls, 2);
  REQUIRE(g.elements.size() == 5);
  ScratchDirectory dir;
  const SharedObject so(dir.path(), g.source);
  const double a = 0.6, b = 0.25, sixth = std::numbers::pi / 6;
  struct Expected {
    double value, psi, theta, psi_psi, psi_theta, theta_theta;
  };
  const Expected expected[] = {
      {0.0, std::sin(a), 0.0, 0.0, std::cos(a), 0.0},
      {-std::sin(a), 0.0, -std::cos(a), std::sin(a), 0.0, std::sin(a)},
      {std::cos(a), 0.0, -std::sin(a), 0.0, 0.0, -std::cos(a)},
      {std::sin(b - a), 0.0, -std::cos(b - a), std::sin(a) * std::cos(b), 0.0, -std::sin(b - a)},
      {sixth * std::cos(a), 0.0, -sixth * std::sin(a), 0.0, 0.0, -sixth * std::cos(a)},
  };
  for (std::size_t e = 0; e < g.elements.size(); ++e) {
    INFO(g.elements[e].label);
    const std::vector<double> x = inputs_at(m, g.elements[e].inputs, 0.0);
    const std::size_t n = x.size(), psi = 1 + 3, theta = psi + 1;
    REQUIRE(n == 13);
    REQUIRE(g.elements[e].inputs[theta] == "PART/2.theta");
    REQUIRE(x[psi] == 0.0);
    REQUIRE(x[theta] == a);
    std::vector<double> grad(n), hess(n * n);
    double value = 0.0;
    REQUIRE(so.function<HessianFunction>(g.elements[e].function)(x.data(), &value, grad.data(), hess.data(), nullptr) == 0);
    const Expected& want = expected[e];
    CHECK(std::abs(value - want.value) <= 1e-15);
    // The axes turn with the angles only: no other input moves them.
    for (std::size_t k = 0; k < n; ++k) {
      INFO("d/d" << g.elements[e].inputs[k]);
      const double d = k == psi ? want.psi : k == theta ? want.theta : 0.0;
      CHECK(std::abs(grad[k] - d) <= 1e-15);
    }
    CHECK(std::abs(hess[psi * n + psi] - want.psi_psi) <= 1e-15);
    CHECK(std::abs(hess[psi * n + theta] - want.psi_theta) <= 1e-15);
    CHECK(std::abs(hess[theta * n + theta] - want.theta_theta) <= 1e-15);
  }
}

TEST_CASE("Hessians of generated dataset elements agree with the interpreter and with differences of the gradient",
          "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  const auto file = GENERATE(from_range(kModels));
  INFO(file);
  auto m = load(kSource + "/" + file);
  const codegen::DatasetCalls calls(*m);
  // A Hessian's code grows with the square of the inputs: VARIABLE/1 .. 7 and 10 .. 12 of
  // measures.adm have every measure, the VARVAL chains after them would add 400,000 lines to
  // compile.
  const Generated g = generate_all(*m, calls, 2, 10);
  REQUIRE(g.refused == 0);
  ScratchDirectory dir;
  const SharedObject so(dir.path(), g.source);
  std::mt19937 random(11);
  Workspace ws;
  int compared = 0;
  double worst = 0.0;
  std::vector<double> diffs = first_diffs(*m);
  for (int state = 0; state < 3; ++state) {
    if (state > 0) scatter(*m, diffs, random);
    Inputs in;
    in.time = 0.5 * state;
    in.state = m->state.get();
    in.variables = diffs;
    for (const Element& e : g.elements) {
      INFO(e.label << " at state " << state);
      const auto f = so.function<HessianFunction>(e.function);
      const std::vector<double> x = inputs_at(*m, e.inputs, in.time, diffs);
      const std::size_t n = x.size();
      std::vector<double> grad(n), hess(n * n), expected_grad(n), expected(n * n);
      double value = 0.0;
      REQUIRE(f(x.data(), &value, grad.data(), hess.data(), nullptr) == 0);
      e.interpreted->hessian(in, ws, expected_grad, expected);
      double largest = 1.0;
      for (double h : expected) largest = std::max(largest, std::abs(h));
      for (std::size_t k = 0; k < n * n; ++k) {
        INFO("d2/d" << e.inputs[k / n] << " d" << e.inputs[k % n] << ": " << hess[k] << " vs " << expected[k]);
        worst = std::max(worst, std::abs(hess[k] - expected[k]) / largest);
        CHECK(std::abs(hess[k] - expected[k]) <= kRelative * largest);
        CHECK(std::abs(hess[k] - hess[k % n * n + k / n]) <= kRelative * largest);
      }
      // Row l of the Hessian is the derivative of the gradient by input l.
      for (std::size_t l = 0; l < n; ++l) {
        const double h = kDifference * std::max(1.0, std::abs(x[l]));
        std::vector<double> up = x, down = x, gu(n), gd(n), hu(n * n), hd(n * n);
        up[l] += h;
        down[l] -= h;
        if (f(up.data(), &value, gu.data(), hu.data(), nullptr) != 0 || f(down.data(), &value, gd.data(), hd.data(), nullptr) != 0)
          continue;
        for (std::size_t k = 0; k < n; ++k) {
          INFO("d/d" << e.inputs[l] << " of d/d" << e.inputs[k]);
          // A corner of the gradient at x (STEP's ends): the one-sided slopes differ.
          const double forward = (gu[k] - grad[k]) / (up[l] - x[l]), backward = (grad[k] - gd[k]) / (x[l] - down[l]);
          if (std::abs(forward - backward) > 1e-3 * std::max({1.0, std::abs(forward), std::abs(backward)})) continue;
          CHECK(std::abs((gu[k] - gd[k]) / (up[l] - down[l]) - hess[l * n + k]) <= kDifferenceTolerance * largest);
        }
      }
      ++compared;
    }
  }
  CHECK(compared == 3 * static_cast<int>(g.elements.size()));
  WARN(file << ": " << compared << " Hessians, worst difference " << worst << " of the largest entry");
}

}  // namespace test_codegen_dataset
