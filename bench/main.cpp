// fexpr against the same functions hand-written in C++ and against muparser: ns per value, per
// value + gradient and per Hessian, and parse + compile time, all in one run, then one table
// of the medians and their ratios. bench/run.sh builds and runs it; bench/README.md records it.
#include "bench/cases.hpp"
#include "bench/native.hpp"
#include "bench/registry.hpp"
#include "bench/results.hpp"
#include "dataset/element_bindings.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "eval/machine_gradient.hpp"
#include "eval/machine_value.hpp"
#include "kinematics/model_bindings.hpp"

#include <fexpr/bindings.hpp>
#include <fexpr/expression.hpp>

#include <benchmark/benchmark.h>
#include <muParser.h>

#include <cmath>
#include <cstdio>
#include <deque>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace fexpr::bench {
namespace {

// The model behind DM, VR, DZ and VZ: part 2 above the ground and moving, marker 2 at its
// origin (a CM marker); part 3 turned and spinning, marker 3 off its origin and turned (the
// general marker, DZ(3,1) = 0.9947 in the contact's damping band); marker 1 at the ground origin.
struct BenchModel {
  kinematics::Model model;
  std::unique_ptr<kinematics::State> state;
  std::unique_ptr<kinematics::ModelBindings> bindings;

  BenchModel() {
    kinematics::PartState part;
    part.position = {0.6, 0.0, 0.995};
    part.velocity = {0.3, 0.0, -0.5};
    model.add_part(2, part);
    kinematics::PartState turned;
    turned.position = {0.6, 0.1, 0.987};
    turned.euler = {0.3, 0.2, -0.1};
    turned.velocity = {0.3, -0.1, -0.5};
    turned.omega = {0.1, -0.2, 0.3};
    model.add_part(3, turned);
    model.add_marker(1, 0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
    model.add_marker(2, 2, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
    const double* q = native::kGeneralOffset;
    model.add_marker(3, 3, {q[0], q[1], q[2]}, kinematics::orientation_from_reuler(0.4, 0.5, 0.6));
    state = std::make_unique<kinematics::State>(model);
    bindings = std::make_unique<kinematics::ModelBindings>(model);
  }
};

Expression compile_or_throw(const std::string& text, const Context& context) {
  auto compiled = compile(text, context);
  if (!compiled) throw std::runtime_error("does not compile: " + text + ": " + compiled.diagnostics.front().message);
  return *compiled.expression;
}

// One case made ready to run: fexpr's expression and inputs, the natives' and muparser's.
struct Prepared {
  Case c;
  std::string slug;
  Context own_context;
  const Context* context = &own_context;
  // A dataset case's elements and model.
  std::unique_ptr<SourceText> source;
  dataset::Dataset data;
  dataset::ModelBuild build;
  std::unique_ptr<kinematics::State> dataset_state;
  std::unique_ptr<kinematics::ModelBindings> dataset_model;
  std::unique_ptr<dataset::ElementBindings> elements;
  std::unique_ptr<Expression> expression;
  // The same expression kept on the interpreter (its machine-code countdown held at zero).
  std::unique_ptr<Expression> interpreted;
  Workspace workspace;
  std::vector<double> values;  // fexpr's variables
  Inputs in;
  // A model case's state, its part's index and state, set again before each "state set" value.
  kinematics::State* state = nullptr;
  int part_index = 0;
  kinematics::PartState part_state;
  std::vector<double> grad, hess;
  // Natives and muparser: TIME then x, v, ... at stable addresses.
  std::vector<double> plain;  // [0] time, then the variables
  Inputs plain_in;
  std::vector<double> plain_grad;
  mu::Parser parser;
};

double mu_step(double x, double x0, double h0, double x1, double h1) { return native::step(x, x0, h0, x1, h1); }
double mu_impact(double x, double v, double x1, double k, double e, double cmax, double d) {
  return native::impact(x, v, x1, k, e, cmax, d);
}

void prepare(Prepared& p, const BenchModel& model) {
  p.slug = slug_of(p.c.name);
  if (p.c.model) p.own_context.set_bindings(model.bindings.get());
  for (const auto& [name, value] : p.c.variables) {
    p.own_context.declare_variable(name);
    p.values.push_back(value);
  }
  p.in.state = model.state.get();
  if (!p.c.dataset.empty()) {
    p.source = std::make_unique<SourceText>("bench.adm", p.c.dataset);
    p.data = dataset::read(*p.source);
    p.build = dataset::build_model(p.data);
    p.dataset_state = std::make_unique<kinematics::State>(p.build.model);
    p.dataset_model = std::make_unique<kinematics::ModelBindings>(p.build.model);
    p.elements = std::make_unique<dataset::ElementBindings>(p.data, *p.source, *p.dataset_model);
    p.context = &p.elements->context();
    p.in.state = p.dataset_state.get();
  }
  p.expression = std::make_unique<Expression>(compile_or_throw(p.c.text, *p.context));
  p.interpreted = std::make_unique<Expression>(compile_or_throw(p.c.text, *p.context));
  p.interpreted->program().machine.countdown.store(0);
  p.interpreted->program().machine.gradient_countdown.store(0);
  p.in.time = p.c.time;
  p.in.variables = p.values;
  const std::size_t n = p.expression->derivative_count();
  p.grad.assign(n, 0.0);
  p.hess.assign(n * n, 0.0);

  if (p.c.model) {
    p.state = model.state.get();
    p.part_index = model.model.find_part(p.c.part);
    p.part_state = p.state->part(p.part_index);
  }
  p.plain.push_back(p.c.time);
  if (p.c.native_reads_part) {
    for (int k = 0; k < kinematics::kStatesPerPart; ++k) p.plain.push_back(kinematics::state_value(p.part_state, k));
  } else if (p.c.model) {
    // The measures' values at the model state become the natives' and muparser's variables.
    for (const std::string& measure : p.c.measures) {
      Workspace ws;
      p.plain.push_back(compile_or_throw(measure, *p.context).value(p.in, ws));
    }
  } else {
    p.plain.insert(p.plain.end(), p.values.begin(), p.values.end());
  }
  p.plain_in.time = p.plain[0];
  p.plain_in.variables = std::span<const double>(p.plain).subspan(1);
  p.plain_grad.assign(p.plain.size(), 0.0);

  // The three must agree before their speeds mean anything. The first kMachineAfter values are
  // a host's first steps: the value is measured after them, machine code made where it can be.
  for (std::uint32_t k = 1; k < detail::kMachineAfter; ++k) p.expression->value(p.in, p.workspace);
  const double f = p.expression->value(p.in, p.workspace);
  if (p.interpreted->value(p.in, p.workspace) != f)
    std::fprintf(stderr, "warning: %s: machine code and interpreter differ\n", p.c.name.c_str());
  const double fn = p.c.native(p.plain_in);
  auto close = [](double a, double b, double tol) { return std::abs(a - b) <= tol * (1.0 + std::abs(b)); };
  if (!close(f, fn, 1e-12))
    std::fprintf(stderr, "warning: %s: fexpr %.17g, native %.17g\n", p.c.name.c_str(), f, fn);
  if (!p.c.muparser.empty()) {
    p.parser.DefineFun("STEP", mu_step);
    p.parser.DefineFun("IMPACT", mu_impact);
    p.parser.DefineVar("t", &p.plain[0]);
    const char* names[] = {"x", "v", "d"};
    for (std::size_t k = 1; k < p.plain.size(); ++k) p.parser.DefineVar(names[k - 1], &p.plain[k]);
    p.parser.SetExpr(p.c.muparser);
    const double fm = p.parser.Eval();
    if (!close(fm, fn, 1e-12))
      std::fprintf(stderr, "warning: %s: muparser %.17g, native %.17g\n", p.c.name.c_str(), fm, fn);
  }
  // Likewise the first kMachineAfter gradients.
  for (std::uint32_t k = 0; k < detail::kMachineAfter; ++k) p.expression->gradient(p.in, p.workspace, p.grad);
  {
    std::vector<double> interpreted(n);
    const double g = p.expression->gradient(p.in, p.workspace, p.grad);
    if (p.interpreted->gradient(p.in, p.workspace, interpreted) != g || interpreted != p.grad)
      std::fprintf(stderr, "warning: %s: gradient machine code and interpreter differ\n", p.c.name.c_str());
  }
  if ((!p.c.model || p.c.native_reads_part) && p.plain.size() == n) {
    p.expression->gradient(p.in, p.workspace, p.grad);
    p.c.native_gradient(p.plain_in, p.plain_grad.data());
    for (std::size_t k = 0; k < n; ++k) {
      if (!close(p.grad[k], p.plain_grad[k], 1e-9))
        std::fprintf(stderr, "warning: %s: d/d%s fexpr %.17g, native %.17g\n", p.c.name.c_str(),
                     p.expression->derivative_names()[k].c_str(), p.grad[k], p.plain_grad[k]);
    }
  }
}

// Central differences over every input muparser reads (TIME and the variables).
double mu_gradient(Prepared& p) {
  double f = p.parser.Eval();
  for (std::size_t k = 0; k < p.plain.size(); ++k) {
    const double x = p.plain[k], h = 1e-6 * (1.0 + std::abs(x));
    p.plain[k] = x + h;
    const double up = p.parser.Eval();
    p.plain[k] = x - h;
    const double down = p.parser.Eval();
    p.plain[k] = x;
    p.plain_grad[k] = (up - down) / (2.0 * h);
  }
  return f;
}

void register_muparser(Prepared& p) {
  using benchmark::kMicrosecond;
  using benchmark::kNanosecond;
  Prepared* q = &p;
  add("muparser/" + p.slug, kNanosecond, [q] { benchmark::DoNotOptimize(q->parser.Eval()); });
  add("muparser_fd_gradient/" + p.slug, kNanosecond, [q] { benchmark::DoNotOptimize(mu_gradient(*q)); });
  add("muparser_compile/" + p.slug, kMicrosecond, [q] {
    q->parser.SetExpr(q->c.muparser);
    benchmark::DoNotOptimize(q->parser.Eval());  // muparser parses at the first Eval
  });
}

void register_case(Prepared& p) {
  using benchmark::kMicrosecond;
  using benchmark::kNanosecond;
  Prepared* q = &p;
  add("value/" + p.slug, kNanosecond, [q] { benchmark::DoNotOptimize(q->expression->value(q->in, q->workspace)); });
  add("native/" + p.slug, kNanosecond, [q] { benchmark::DoNotOptimize(q->c.native(q->plain_in)); });
  add("interpreted/" + p.slug, kNanosecond,
      [q] { benchmark::DoNotOptimize(q->interpreted->value(q->in, q->workspace)); });
  if (p.expression->program().machine.run.load() != nullptr) {
    add("compile_and_make/" + p.slug, kMicrosecond, [q] {
      auto compiled = compile(q->c.text, *q->context);
      benchmark::DoNotOptimize(detail::make_machine_value(compiled.expression->program()));
    });
    add("compile_and_make_gradient/" + p.slug, kMicrosecond, [q] {
      auto compiled = compile(q->c.text, *q->context);
      benchmark::DoNotOptimize(detail::make_machine_gradient(compiled.expression->program()));
    });
  }
  if (p.c.model) {
    // A solver's pattern: a new state, then the expression. Setting the part's state computes
    // its rotation, which every measure of every expression at that state then shares.
    // Setting the state alone: what the row above pays before its expression starts.
    add("state_set_only/" + p.slug, kNanosecond, [q] {
      q->state->set_part(q->part_index, q->part_state);
      benchmark::ClobberMemory();
    });
    add("value_state_set/" + p.slug, kNanosecond, [q] {
      q->state->set_part(q->part_index, q->part_state);
      benchmark::DoNotOptimize(q->expression->value(q->in, q->workspace));
    });
  }
  if (!p.c.muparser.empty()) register_muparser(p);
  add("gradient/" + p.slug, kNanosecond, [q] {
    benchmark::DoNotOptimize(q->expression->gradient(q->in, q->workspace, q->grad));
    benchmark::ClobberMemory();
  });
  add("interpreted_gradient/" + p.slug, kNanosecond, [q] {
    benchmark::DoNotOptimize(q->interpreted->gradient(q->in, q->workspace, q->grad));
    benchmark::ClobberMemory();
  });
  add("native_gradient/" + p.slug, kNanosecond, [q] {
    benchmark::DoNotOptimize(q->c.native_gradient(q->plain_in, q->plain_grad.data()));
    benchmark::ClobberMemory();
  });
  add("hessian/" + p.slug, kNanosecond, [q] {
    benchmark::DoNotOptimize(q->expression->hessian(q->in, q->workspace, q->grad, q->hess));
    benchmark::ClobberMemory();
  });
  add("compile/" + p.slug, kMicrosecond, [q] { benchmark::DoNotOptimize(compile(q->c.text, *q->context)); });
}

void register_hundred(Context& context) {
  Context* c = &context;
  add("compile/hundred", benchmark::kMicrosecond, [c] { benchmark::DoNotOptimize(compile(kHundredCharacters, *c)); });
}

void print_tables(const std::deque<Prepared>& prepared, const Results& r) {
  auto s = [&r](const std::string& kind, const Prepared& p) { return r.seconds(kind + "/" + p.slug); };
  std::printf("\n## Evaluation, ns per call (medians of %d runs)\n\n", kRepetitions);
  std::printf("| case | fexpr value | native | fexpr/native | muparser | muparser/fexpr |"
              " fexpr value+grad | grad/value | native grad | fexpr grad/native grad | muparser FD grad |"
              " fexpr Hessian | n |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const Prepared& p : prepared) {
    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %zu |\n", p.c.name.c_str(),
                cell(s("value", p), 1e9, "%.1f").c_str(), cell(s("native", p), 1e9, "%.1f").c_str(),
                ratio(s("value", p), s("native", p)).c_str(), cell(s("muparser", p), 1e9, "%.1f").c_str(),
                ratio(s("muparser", p), s("value", p)).c_str(), cell(s("gradient", p), 1e9, "%.1f").c_str(),
                ratio(s("gradient", p), s("value", p)).c_str(), cell(s("native_gradient", p), 1e9, "%.1f").c_str(),
                ratio(s("gradient", p), s("native_gradient", p)).c_str(),
                cell(s("muparser_fd_gradient", p), 1e9, "%.1f").c_str(), cell(s("hessian", p), 1e9, "%.1f").c_str(),
                p.expression->derivative_count());
  }
  std::printf("\nn: width of fexpr's gradient (TIME, the variables, and 12 states per part read).\n");
  for (const Prepared& p : prepared) {
    if (!p.c.note.empty()) std::printf("%s: %s.\n", p.c.name.c_str(), p.c.note.c_str());
  }
  std::printf("\n## Model-bound cases, ns per call\n\n"
              "| case | fexpr value | value, state set first | setting the state alone | native | state set/native |"
              " fexpr value+grad | native grad | fexpr grad/native grad | fexpr Hessian |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const Prepared& p : prepared) {
    if (!p.c.model || !p.c.dataset.empty()) continue;
    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", p.c.name.c_str(),
                cell(s("value", p), 1e9, "%.1f").c_str(), cell(s("value_state_set", p), 1e9, "%.1f").c_str(),
                cell(s("state_set_only", p), 1e9, "%.1f").c_str(), cell(s("native", p), 1e9, "%.1f").c_str(), ratio(s("value_state_set", p), s("native", p)).c_str(),
                cell(s("gradient", p), 1e9, "%.1f").c_str(), cell(s("native_gradient", p), 1e9, "%.1f").c_str(),
                ratio(s("gradient", p), s("native_gradient", p)).c_str(), cell(s("hessian", p), 1e9, "%.1f").c_str());
  }
  std::printf("\n## Machine code against the interpreter, ns per value\n\n"
              "| case | value | interpreted | native | value/native | interpreted/native | interpreted/value |"
              " compile | compile + make machine code (us) |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const Prepared& p : prepared) {
    if (p.expression->program().machine.run.load() == nullptr) continue;
    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", p.c.name.c_str(),
                cell(s("value", p), 1e9, "%.1f").c_str(), cell(s("interpreted", p), 1e9, "%.1f").c_str(),
                cell(s("native", p), 1e9, "%.1f").c_str(), ratio(s("value", p), s("native", p)).c_str(),
                ratio(s("interpreted", p), s("native", p)).c_str(), ratio(s("interpreted", p), s("value", p)).c_str(),
                cell(s("compile", p), 1e6, "%.2f").c_str(), cell(s("compile_and_make", p), 1e6, "%.2f").c_str());
  }
  std::printf("\n## Gradients as machine code, ns per value + gradient\n\n"
              "| case | value | gradient | gradient/value | interpreted gradient | interpreted/gradient |"
              " native gradient | gradient/native gradient | compile + make (us) |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const Prepared& p : prepared) {
    if (p.expression->program().machine.gradient.load() == nullptr) continue;
    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", p.c.name.c_str(),
                cell(s("value", p), 1e9, "%.1f").c_str(), cell(s("gradient", p), 1e9, "%.1f").c_str(),
                ratio(s("gradient", p), s("value", p)).c_str(), cell(s("interpreted_gradient", p), 1e9, "%.1f").c_str(),
                ratio(s("interpreted_gradient", p), s("gradient", p)).c_str(),
                cell(s("native_gradient", p), 1e9, "%.1f").c_str(),
                ratio(s("gradient", p), s("native_gradient", p)).c_str(),
                cell(s("compile_and_make_gradient", p), 1e6, "%.2f").c_str());
  }
  std::printf("\n## Parse + compile, microseconds\n\n| case | characters | fexpr | muparser |\n|---|---:|---:|---:|\n");
  for (const Prepared& p : prepared) {
    std::printf("| %s | %zu | %s | %s |\n", p.c.name.c_str(), p.c.text.size(),
                cell(s("compile", p), 1e6, "%.2f").c_str(), cell(s("muparser_compile", p), 1e6, "%.2f").c_str());
  }
  std::printf("| 100 characters: `%s` | %zu | %s | - |\n", kHundredCharacters, std::string(kHundredCharacters).size(),
              cell(r.seconds("compile/hundred"), 1e6, "%.2f").c_str());
}

// --count=NAME:N runs the benchmark NAME's call N times and nothing else, for callgrind:
// instructions per call are the difference of the counts for N + 1 and 1 calls, over N.
int count_calls(const std::string& request) {
  const std::size_t colon = request.rfind(':');
  const auto call = calls().find(request.substr(0, colon));
  if (colon == std::string::npos || call == calls().end()) {
    std::fprintf(stderr, "--count=NAME:N, NAME one of the benchmarks (value/spring, ...)\n");
    return 2;
  }
  call->second(std::stol(request.substr(colon + 1)));
  return 0;
}

}  // namespace
}  // namespace fexpr::bench

int main(int argc, char** argv) {
  using namespace fexpr::bench;
  const std::string count_flag = "--count=";
  std::string counted;
  std::vector<char*> args;
  for (int a = 0; a < argc; ++a) {
    if (std::string(argv[a]).rfind(count_flag, 0) == 0) counted = argv[a] + count_flag.size();
    else args.push_back(argv[a]);
  }
  // Repetitions of different benchmarks run interleaved in random order, so that a burst of
  // load on a shared machine spreads over all of them instead of skewing one ratio.
  std::string interleave = "--benchmark_enable_random_interleaving=true";
  args.insert(args.begin() + 1, interleave.data());
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  argc = count;
  argv = args.data();
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  BenchModel model;
  std::deque<Prepared> prepared;
  for (Case& c : cases()) {
    prepared.emplace_back();
    prepared.back().c = std::move(c);
    prepare(prepared.back(), model);
  }
  for (Prepared& p : prepared) register_case(p);
  fexpr::Context hundred;
  hundred.declare_variable("x");
  hundred.declare_variable("v");
  register_hundred(hundred);
  register_compiled_benchmarks();
  register_batch_benchmarks();
  if (!counted.empty()) return count_calls(counted);
  register_dataset_benchmarks();
  register_check_benchmarks();
  register_lsp_benchmarks();

  Results results;
  benchmark::RunSpecifiedBenchmarks(&results);
  print_tables(prepared, results);
  print_dataset_table(results);
  print_check_table(results);
  print_lsp_table(results);
  print_compiled_table(results);
  print_batch_table(results);
  benchmark::Shutdown();
  return 0;
}
