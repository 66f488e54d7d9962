#include "dataset/formats.hpp"

#include "dataset/reader.hpp"
#include "dataset/view/names.hpp"
#include "dataset/view/translate.hpp"
#include "support/text.hpp"

namespace fexpr::dataset {

Format format_of(std::string_view name, std::optional<Format> given) {
  if (given) return *given;
  return view::is_view_file(name) ? Format::view : Format::dataset;
}

std::optional<Format> format_named(std::string_view word) {
  if (text::iequals(word, "adm") || text::iequals(word, "acf")) return Format::dataset;
  if (text::iequals(word, "cmd")) return Format::view;
  return std::nullopt;
}

Dataset read_any(const SourceText& source, std::optional<Format> given) {
  return format_of(source.name(), given) == Format::view ? view::read_view(source) : read(source);
}

}  // namespace fexpr::dataset
