// The documents the editor has open, as the editor holds them: the client sends the whole text
// on open and edits (ranges in LSP positions, or the whole text again) on change, and the
// server's copy must stay equal to the editor's. What the server derives from a document
// (the checker's report, the model for hover values, the element ids) is computed on first
// use after a change and dropped by the next change, so a burst of edits costs one check; that
// check re-checks only the statements the edits touched and those that read them.
#pragma once

#include "dataset/checker.hpp"
#include "dataset/element_ids.hpp"
#include "dataset/loaded_model.hpp"
#include "lsp/positions.hpp"
#include "lsp/rpc.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::lsp {

class Document {
 public:
  // language_id is the client's (didOpen's textDocument.languageId); see format().
  Document(std::string uri, std::string text, long long version, std::string_view language_id = {});
  // The line index views the text in place, so a document stays where it was made.
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  const std::string& uri() const { return uri_; }
  const std::string& text() const { return text_; }
  long long version() const { return version_; }

  // Applies the contentChanges of a didChange in order; throws RpcError on a malformed change.
  void change(const json& changes, long long version);

  // The name the checker is given: the URI's file name, which also says whether it is a
  // command file (.acf).
  const std::string& name() const { return name_; }
  // How the text is read: a View command file where the language id says so ("adams_cmd") or
  // the name ends in .cmd; a dataset otherwise.
  dataset::Format format() const { return dataset::format_of(name_, given_format_); }
  const LineIndex& lines();
  const dataset::CheckedFile& checked();
  dataset::LoadedModel& model();
  // The statement whose span holds the offset (ends included), or null.
  const dataset::Statement* statement_at(std::uint32_t offset);
  // The last statement that starts at or before the offset, or null: while a statement is
  // being typed the cursor is often past the end of what the reader could read of it.
  const dataset::Statement* statement_before(std::uint32_t offset);
  // The element ids of each statement of model().dataset, in the same order.
  const std::vector<std::vector<dataset::ElementId>>& ids();

 private:
  void changed();

  std::string uri_;
  std::string name_;
  std::string text_;
  long long version_;
  std::optional<dataset::Format> given_format_;
  std::optional<LineIndex> lines_;
  std::optional<dataset::CheckedFile> checked_;
  std::optional<dataset::CheckedFile> previous_;
  std::unique_ptr<dataset::LoadedModel> model_;
  std::optional<std::vector<std::vector<dataset::ElementId>>> ids_;
};

class DocumentStore {
 public:
  Document& open(const std::string& uri, std::string text, long long version, std::string_view language_id = {});
  void close(const std::string& uri);
  // Throws RpcError (invalid_params) when the document is not open.
  Document& get(const std::string& uri);
  std::vector<Document*> all();

 private:
  std::map<std::string, Document> documents_;
};

}  // namespace fexpr::lsp
