// The loads of BUSHING, FIELD and BEAM (dataset/forces/j_frame.cpp): a component along the J
// marker's own axes is composed from the law's rows, not from the vectors in ground; it must be
// the same number, with the same derivatives, as the loads taken along another marker turned as
// J is, for every component on I and on J, with J on a moving part turned in all three angles.
#include "force_checks.hpp"

#include <map>

namespace test_forces_j_frame {

namespace {

using fexpr::Expression;
using fexpr::Workspace;
using fexpr::testing::ForceModel;

// Markers 20 (J of every element) and 21 sit at different places on part 2 with the same
// orientation, so "along 21's axes" is "along J's axes" by another route.
const std::string kModel =
    "linear elements between two moving, turned parts\n"
    "PART/1, GROUND\n"
    "MARKER/1, PART=1\n"
    "PART/2, QG=0.3,-0.2,0.1, REULER=0.4,0.7,-0.3, VX=0.2, VY=-0.1, VZ=0.05, WX=0.3, WY=-0.2, WZ=0.4\n"
    "MARKER/20, PART=2, QP=0.1,0.2,-0.1, REULER=0.2,-0.5,1.1\n"
    "MARKER/21, PART=2, QP=-0.3,0.1,0.2, REULER=0.2,-0.5,1.1\n"
    "PART/3, QG=2.3,0.2,-0.1, REULER=0.5,0.68,-0.25, VX=-0.1, WY=0.2, WZ=0.1\n"
    "MARKER/30, PART=3\n"
    "BUSHING/1, I=30, J=20, K=1E5,2E5,3E5, C=100,200,300, KT=1000,2000,3000, CT=10,20,30\n"
    ", FORCE=1,2,3, TORQUE=4,5,6\n"
    "FIELD/1, I=30, J=20, CRATIO=0.01\n"
    ", KMATRIX=1E5,0,0,0,0,100, 0,2E5,5E4,0,0,0, 0,5E4,3E5,0,0,0, 0,0,0,1E3,0,0, 0,0,0,0,2E3,0, 100,0,0,0,0,3E3\n"
    ", LENGTH=0.01,0,0,0,0,0, FORCE=1,2,3,4,5,6\n"
    "BEAM/1, I=30, J=20, LENGTH=2, AREA=0.5, IXX=0.02, IYY=0.01, IZZ=0.03\n"
    ", EMODULUS=1E6, GMODULUS=4.32E5, ASY=1.2, CRATIO=0.01\n"
    "END\n";

struct Function {
  const char* name;
  const char* statement;
};
constexpr Function kFunctions[] = {{"BUSH", "BUSHING"}, {"FIELD", "FIELD"}, {"BEAM", "BEAM"}};

std::map<std::string, double> gradient(ForceModel& m, const Expression& e) {
  Workspace ws;
  std::vector<double> g(e.derivative_count());
  e.gradient(m.inputs(), ws, g);
  std::map<std::string, double> out;
  for (std::size_t k = 0; k < g.size(); ++k) out[e.derivative_names()[k]] = g[k];
  return out;
}

}  // namespace

TEST_CASE("a linear element's components along J's own axes equal its loads along a marker turned as J",
          "[forces][j_frame][derivatives]") {
  ForceModel m(kModel);
  for (const Function& f : kFunctions) {
    // The loads' size, for the tolerance of rounding.
    const auto l = m.loads(f.statement, 1);
    double scale = 1.0;
    for (int row = 0; row < 4; ++row) scale = std::max(scale, m.load(l, row).norm());
    for (int jflag = 0; jflag <= 1; ++jflag) {
      for (int comp : {2, 3, 4, 6, 7, 8}) {
        const std::string call = std::string(f.name) + "(1, " + std::to_string(jflag) + ", " + std::to_string(comp) + ", ";
        INFO(call << "20) against " << call << "21)");
        const Expression along_j = m.compile_ok(call + "20)"), along_21 = m.compile_ok(call + "21)");
        CHECK(m.value(along_j) == Approx(m.value(along_21)).margin(1e-12 * scale));
        const auto gj = gradient(m, along_j), g21 = gradient(m, along_21);
        for (const auto& [name, d] : g21) {
          INFO("d/d" << name);
          const double dj = gj.count(name) ? gj.at(name) : 0.0;
          CHECK(dj == Approx(d).margin(1e-10 * scale));
        }
      }
    }
  }
}

TEST_CASE("a component along J's axes is composed from the law alone, without the loads' texts", "[forces][j_frame]") {
  ForceModel m(kModel);
  const fexpr::dataset::Statement* beam = nullptr;
  for (const auto& s : m.dataset.statements)
    if (s.name == "BEAM") beam = &s;
  REQUIRE(beam);
  auto texts_written = [&] {
    return !std::get<fexpr::dataset::ForceElement>(m.elements.force_element(*beam, false)).force_i.empty();
  };
  m.compile_ok("BEAM(1, 1, 8, 20)");
  CHECK_FALSE(texts_written());
  // Along ground's axes, or the magnitude, the components are taken from the vectors in ground.
  m.compile_ok("BEAM(1, 1, 5, 20)");
  CHECK(texts_written());
}

}  // namespace test_forces_j_frame
