#include "lsp/documents.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace fexpr::lsp {
namespace {

// The last path segment of a URI, percent-decoded: "file:///m/car%20v2.adm" -> "car v2.adm".
std::string file_name(const std::string& uri) {
  std::string_view path = uri;
  std::size_t query = path.find_first_of("?#");
  path = path.substr(0, query);
  std::size_t slash = path.rfind('/');
  if (slash != std::string_view::npos) path = path.substr(slash + 1);
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    auto hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
    if (path[i] == '%' && i + 2 < path.size() && hex(path[i + 1]) && hex(path[i + 2])) {
      out += static_cast<char>(std::stoi(std::string(path.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += path[i];
    }
  }
  return out.empty() ? uri : out;
}

// "adams_cmd", the Neovim setup's id for View command files (docs/lsp.md), makes a buffer one
// whatever its name. Any other id leaves it to the file name: Helix, Emacs and VS Code call all
// three kinds "adams", so that id cannot say that a file is a dataset.
std::optional<dataset::Format> format_of_language(std::string_view id) {
  if (id == "adams_cmd") return dataset::Format::view;
  return std::nullopt;
}

}  // namespace

Document::Document(std::string uri, std::string text, long long version, std::string_view language_id)
    : uri_(std::move(uri)),
      name_(file_name(uri_)),
      text_(std::move(text)),
      version_(version),
      given_format_(format_of_language(language_id)) {}

void Document::changed() {
  lines_.reset();
  // The last check serves the next: statements the edits did not touch keep its diagnostics.
  if (checked_) {
    checked_->read.reset();
    previous_ = std::move(checked_);
  }
  checked_.reset();
  model_.reset();
  ids_.reset();
}

void Document::change(const json& changes, long long version) {
  if (!changes.is_array()) throw RpcError(error_code::invalid_params, "params.contentChanges must be an array");
  // Validated in full before any is applied, so a bad change leaves the document as it was.
  std::string text = text_;
  for (std::size_t k = 0; k < changes.size(); ++k) {
    std::string where = "params.contentChanges[" + std::to_string(k) + "]";
    std::string replacement = string_member(changes[k], "text", where);
    if (!changes[k].contains("range")) {
      text = std::move(replacement);
      continue;
    }
    const json& range = object_member(changes[k], "range", where);
    LineIndex index(text);
    std::uint32_t begin = index.offset(position_member(range, "start", where + ".range"));
    std::uint32_t end = index.offset(position_member(range, "end", where + ".range"));
    if (end < begin) throw RpcError(error_code::invalid_params, where + ".range ends before it starts");
    text.replace(begin, end - begin, replacement);
  }
  text_ = std::move(text);
  version_ = version;
  changed();
}

const LineIndex& Document::lines() {
  if (!lines_) lines_.emplace(text_);
  return *lines_;
}

const dataset::CheckedFile& Document::checked() {
  if (!checked_) {
    checked_ = dataset::recheck_text(name_, text_, given_format_, previous_ ? &*previous_ : nullptr);
    previous_.reset();
  }
  return *checked_;
}

dataset::LoadedModel& Document::model() {
  // The check of this text has read and built it already, when it ran first.
  if (!model_ && checked_) model_ = dataset::take_model(*checked_);
  if (!model_) model_ = dataset::build_loaded_model(SourceText(name_, text_), given_format_);
  return *model_;
}

const std::vector<std::vector<dataset::ElementId>>& Document::ids() {
  if (!ids_) {
    ids_.emplace();
    for (const dataset::Statement& s : model().dataset.statements) ids_->push_back(dataset::element_ids(s));
  }
  return *ids_;
}

const dataset::Statement* Document::statement_before(std::uint32_t offset) {
  const auto& statements = model().dataset.statements;
  auto it = std::upper_bound(statements.begin(), statements.end(), offset,
                             [](std::uint32_t o, const dataset::Statement& s) { return o < s.span.begin; });
  return it == statements.begin() ? nullptr : &*(it - 1);
}

const dataset::Statement* Document::statement_at(std::uint32_t offset) {
  const dataset::Statement* s = statement_before(offset);
  return s && offset <= s->span.end ? s : nullptr;
}

Document& DocumentStore::open(const std::string& uri, std::string text, long long version,
                             std::string_view language_id) {
  documents_.erase(uri);
  return documents_.try_emplace(uri, uri, std::move(text), version, language_id).first->second;
}

void DocumentStore::close(const std::string& uri) { documents_.erase(uri); }

Document& DocumentStore::get(const std::string& uri) {
  auto it = documents_.find(uri);
  if (it == documents_.end()) throw RpcError(error_code::invalid_params, "document '" + uri + "' is not open");
  return it->second;
}

std::vector<Document*> DocumentStore::all() {
  std::vector<Document*> out;
  for (auto& [uri, d] : documents_) out.push_back(&d);
  return out;
}

}  // namespace fexpr::lsp
