// fexpr codegen: write one expression, or an element's FUNCTION= of a dataset, as a
// self-contained C function, with its derivatives.
#include "cli/codegen_dataset.hpp"
#include "cli/commands.hpp"
#include "codegen/generate.hpp"

#include <fexpr/expression.hpp>

#include <cctype>
#include <iostream>

namespace fexpr::cli {
namespace {

struct CodegenOptions {
  bool gradient = false;
  bool hessian = false;
  bool unchecked = false;
  std::string name = "fexpr_function";
  std::vector<std::string> vars;
  std::string expression;  // or, with --id, the dataset
  std::string id;
};

codegen::Options generator_options(const CodegenOptions& o) {
  codegen::Options options;
  options.name = o.name;
  options.order = o.hessian ? 2 : o.gradient ? 1 : 0;
  options.checked = !o.unchecked;
  return options;
}

int run_codegen(const CodegenOptions& o) {
  if (!o.id.empty()) {
    if (!o.vars.empty()) {
      std::cerr << "fexpr codegen: --var is for an expression; an element's inputs are TIME, the dataset's DIFF states and the part states it reads\n";
      return 2;
    }
    return run_codegen_dataset(o.expression, o.id, generator_options(o));
  }
  const SourceText source("<expression>", o.expression);
  Context context;
  for (const std::string& v : o.vars) {
    std::string problem;
    // eval's --var NAME=VALUE, written out of habit
    if (const std::size_t eq = v.find('='); eq != std::string::npos) {
      problem = "codegen's --var takes a NAME alone, an input of the C function whose value comes with each call: "
                "--var " + v.substr(0, eq);
    } else {
      try {
        context.declare_variable(v);
      } catch (const std::invalid_argument& e) {
        problem = e.what();
      }
    }
    if (!problem.empty()) {
      std::cerr << "fexpr codegen: --var '" << v << "': " << problem << "\n";
      return 2;
    }
  }
  CompileOptions options;
  options.hints = {"declare it with --var NAME, an input of the C function",
                   "an expression alone has none: write the element that reads one from its dataset, with "
                   "fexpr codegen FILE.adm --id TYPE/N"};
  auto compiled = compile(o.expression, context, options);
  if (!compiled) {
    for (const Diagnostic& d : compiled.diagnostics) std::cerr << source.render(d);
    return 1;
  }
  const codegen::Generated generated = codegen::generate_c(*compiled.expression, o.expression, generator_options(o));
  for (const Diagnostic& d : generated.diagnostics) std::cerr << source.render(d);
  if (generated.source.empty()) return 1;
  std::cout << generated.source;
  return 0;
}

}  // namespace

Runner add_codegen_command(CLI::App& app) {
  auto o = std::make_shared<CodegenOptions>();
  CLI::App* sub = app.add_subcommand("codegen", "Write an expression as a self-contained C99 function with its derivatives");
  sub->add_flag("--gradient", o->gradient, "Also write the gradient over TIME and the variables");
  sub->add_flag("--hessian", o->hessian, "Also write the gradient and the Hessian");
  sub->add_flag("--unchecked", o->unchecked, "Leave out the domain and finiteness checks");
  sub->add_option("--name", o->name, "Name of the C function")->check([](const std::string& s) {
    const bool ok = !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0])) &&
                    s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
                        std::string::npos;
    return ok ? std::string() : "'" + s + "' is not a C identifier: letters, digits and '_', not starting with a digit";
  });
  sub->add_option("--var", o->vars, "A variable of the expression, an input of the function (in this order)");
  sub->add_option("--id", o->id,
                  "With a model FILE.adm or FILE.cmd: the element whose FUNCTION= to write (SFORCE/1, VARIABLE/3, "
                  "or a View name)");
  sub->add_option("expression", o->expression, "The expression, or with --id the dataset")->required();
  return [o] { return run_codegen(*o); };
}

}  // namespace fexpr::cli
