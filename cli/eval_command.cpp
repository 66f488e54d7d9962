// fexpr eval: evaluate expressions given on the command line or in a file, with derivatives.
#include "ast/ast.hpp"
#include "cli/commands.hpp"
#include "cli/input_options.hpp"
#include "dataset/loaded_model.hpp"
#include "cli/part_states.hpp"
#include "grammar/parse.hpp"
#include "support/json.hpp"

#include <fexpr/expression.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

namespace fexpr::cli {
namespace {

struct EvalOptions : InputOptions {
  bool grad = false;
  bool hessian = false;
  bool ast = false;
  std::string format = "text";
  std::string file;
  int precision = 0;
  std::vector<std::string> expressions;
};

const CompileHints kHints{"define it with --var NAME=VALUE", "add --model FILE.adm"};
const std::string kExpressionFile = "name a file of expressions, one a line (- reads standard input)";

// One expression to evaluate and where its text sits, so messages quote file:line:column.
struct Item {
  std::shared_ptr<SourceText> source;
  std::uint32_t offset;
  std::uint32_t length;
};

std::string_view error_kind(Code c) {
  switch (c) {
    case Code::syntax:
    case Code::limit: return "syntax";
    case Code::arity: return "arity";
    case Code::domain: return "domain";
    default: return "name";
  }
}

class Evaluator {
 public:
  Evaluator(const EvalOptions& o, Context& ctx, std::vector<double> values, const void* state)
      : o_(o), ctx_(ctx), values_(std::move(values)), state_(state) {}

  bool run(const Item& item) {
    std::string_view text = std::string_view(item.source->text()).substr(item.offset, item.length);
    CompileOptions copts{item.offset, item.source.get()};
    copts.hints = kHints;
    ast_json_.clear();
    if (o_.ast) {
      auto parsed = grammar::parse(text, {item.offset, item.source.get()});
      if (auto* tree = std::get_if<ast::Tree>(&parsed)) {
        if (o_.format == "text") std::cout << ast::dump(*tree);
        ast_json_ = ", \"ast\": " + ast::json(*tree);
      }
    }
    auto compiled = compile(text, ctx_, copts);
    if (!compiled) return report(item, text, compiled.diagnostics.front());
    const Expression& e = *compiled.expression;
    Inputs in;
    in.time = o_.time;
    in.mode = o_.mode;
    in.variables = values_;
    in.state = state_;
    const std::size_t n = e.derivative_count();
    std::vector<double> grad(n), hess(n * n);
    double value = 0.0;
    try {
      if (o_.hessian) value = e.hessian(in, ws_, grad, hess);
      else if (o_.grad) value = e.gradient(in, ws_, grad);
      else value = e.value(in, ws_);
    } catch (const EvaluationError& err) {
      return report(item, text, err.diagnostic);
    }
    const auto& names = e.derivative_names();
    if (o_.format == "json") {
      std::cout << "{\"expr\": " << json::quote(text) << ", \"value\": " << json::number(value);
      if (o_.grad || o_.hessian) {
        std::cout << ", \"gradient\": {";
        for (std::size_t i = 0; i < n; ++i) std::cout << (i ? ", " : "") << json::quote(names[i]) << ": " << json::number(grad[i]);
        std::cout << "}";
      }
      if (o_.hessian) {
        std::cout << ", \"hessian\": {";
        bool first = true;
        for (std::size_t i = 0; i < n; ++i) {
          for (std::size_t j = i; j < n; ++j) {
            std::cout << (first ? "" : ", ") << json::quote(names[i] + "," + names[j]) << ": " << json::number(hess[i * n + j]);
            first = false;
          }
        }
        std::cout << "}";
      }
      std::cout << ", \"error\": null" << ast_json_ << "}\n";
    } else {
      std::cout << trimmed(text) << " = " << format_number(value, o_.precision) << "\n";
      if (o_.grad || o_.hessian) table(names, grad, hess);
    }
    return true;
  }

 private:
  static std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
  }

  void table(const std::vector<std::string>& names, const std::vector<double>& grad, const std::vector<double>& hess) {
    const std::size_t n = names.size();
    std::size_t width = 0;
    for (const auto& name : names) width = std::max(width, name.size());
    for (std::size_t i = 0; i < n; ++i) {
      std::cout << "  d/d" << names[i] << std::string(width - names[i].size() + 2, ' ') << format_number(grad[i], o_.precision)
                << "\n";
    }
    if (!o_.hessian) return;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i; j < n; ++j) {
        std::string label = "d2/d" + names[i] + " d" + names[j];
        std::cout << "  " << label << std::string(label.size() < 2 * width + 8 ? 2 * width + 8 - label.size() : 1, ' ')
                  << format_number(hess[i * n + j], o_.precision) << "\n";
      }
    }
  }

  bool report(const Item& item, std::string_view text, const Diagnostic& d) {
    if (o_.format == "json") {
      Position p = item.source->position(d.span.begin);
      std::cout << "{\"expr\": " << json::quote(text) << ", \"value\": null, \"error\": {\"kind\": "
                << json::quote(error_kind(d.code)) << ", \"code\": " << json::quote(code_name(d.code))
                << ", \"message\": " << json::quote(d.message) << ", \"line\": " << p.line
                << ", \"column\": " << p.column << "}" << ast_json_ << "}\n";
    } else {
      std::cout << item.source->render(d);
    }
    return false;
  }

  const EvalOptions& o_;
  Context& ctx_;
  std::vector<double> values_;
  const void* state_;
  Workspace ws_;
  // With --ast, the expression being run's tree as a JSON member (", \"ast\": {...}"), which
  // its object carries after the value or the error; empty otherwise or when it did not parse.
  std::string ast_json_;
};

int run_eval(const EvalOptions& o) {
  Context ctx;
  std::unique_ptr<dataset::LoadedModel> model;
  if (!o.model.empty()) {
    if (auto problem = unreadable("--model", o.model, kDataset)) {
      std::cerr << "fexpr eval: " << *problem << "\n";
      return 2;
    }
    auto loaded = dataset::load_model(o.model, std::cerr);
    if (!loaded) return 2;
    model = std::move(*loaded);
    ctx.set_bindings(model->elements.get());
    if (auto problem = apply_sets(*model, o.sets)) {
      std::cerr << "fexpr eval: " << *problem << "\n";
      return 2;
    }
  } else if (!o.sets.empty()) {
    std::cerr << "fexpr eval: --set changes a part of a model; add --model FILE.adm\n";
    return 2;
  }
  std::vector<double> values;
  if (auto problem = declare_vars(ctx, o.vars, values)) {
    std::cerr << "fexpr eval: " << *problem << "\n";
    return 2;
  }
  std::vector<Item> items;
  for (std::size_t i = 0; i < o.expressions.size(); ++i) {
    auto source = std::make_shared<SourceText>("<expression " + std::to_string(i + 1) + ">", o.expressions[i]);
    items.push_back({source, 0, static_cast<std::uint32_t>(o.expressions[i].size())});
  }
  if (!o.file.empty()) {
    if (auto problem = o.file == "-" ? std::nullopt : unreadable("--file", o.file, kExpressionFile)) {
      std::cerr << "fexpr eval: " << *problem << "\n";
      return 2;
    }
    auto content = dataset::read_file(o.file);
    if (!content) {
      std::cerr << "fexpr eval: --file '" << o.file << "': cannot read it; " << kExpressionFile << "\n";
      return 2;
    }
    auto source = std::make_shared<SourceText>(o.file == "-" ? "<stdin>" : o.file, std::move(*content));
    const std::string& t = source->text();
    std::size_t begin = 0;
    while (begin <= t.size()) {
      std::size_t end = t.find('\n', begin);
      if (end == std::string::npos) end = t.size();
      std::string_view line(t.data() + begin, end - begin);
      std::size_t first = line.find_first_not_of(" \t\r");
      if (first != std::string_view::npos && line[first] != '#') {
        std::size_t length = line.size();
        while (length > 0 && line[length - 1] == '\r') --length;
        items.push_back({source, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(length)});
      }
      begin = end + 1;
    }
  }
  if (items.empty()) {
    std::cerr << "fexpr eval: nothing to evaluate; give EXPR arguments or --file FILE\n";
    return 2;
  }
  Evaluator evaluator(o, ctx, values, model ? model->state.get() : nullptr);
  bool all_ok = true;
  for (const Item& item : items) all_ok &= evaluator.run(item);
  return all_ok ? 0 : 1;
}

}  // namespace

Runner add_eval_command(CLI::App& app) {
  auto o = std::make_shared<EvalOptions>();
  CLI::App* sub = app.add_subcommand("eval", "Evaluate expressions, with derivatives");
  add_input_options(sub, *o);
  sub->add_flag("--grad", o->grad, "Print the gradient with respect to TIME, every variable and the model states read");
  sub->add_flag("--hessian", o->hessian, "Print the gradient and the Hessian");
  sub->add_flag("--ast", o->ast, "Print the syntax tree");
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  add_precision_option(sub, o->precision);
  sub->add_option("--file", o->file, "Evaluate each non-empty, non-# line of FILE (- = standard input)");
  add_positional_words(sub, "EXPR", o->expressions, "Expressions to evaluate");
  return [o] { return run_eval(*o); };
}

}  // namespace fexpr::cli
