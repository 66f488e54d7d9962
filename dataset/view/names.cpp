#include "dataset/view/names.hpp"

#include "support/text.hpp"

namespace fexpr::dataset::view {
namespace {

const NamedObject* exact(const Dataset& d, const std::string& lower) {
  auto it = d.objects.find(lower);
  return it == d.objects.end() ? nullptr : &it->second;
}

const NamedObject* relative(const Dataset& d, const std::string& lower) {
  if (lower.starts_with('.')) return exact(d, lower);
  for (const std::string& model : d.models) {
    if (const NamedObject* o = exact(d, model + "." + lower)) return o;
  }
  return nullptr;
}

}  // namespace

Found find_object(const Dataset& dataset, std::string_view written) {
  const std::string lower = text::lower(written);
  if (const NamedObject* o = relative(dataset, lower)) return {o, false};
  constexpr std::string_view kId = ".adams_id";
  if (lower.size() > kId.size() && lower.ends_with(kId)) {
    if (const NamedObject* o = relative(dataset, lower.substr(0, lower.size() - kId.size()))) return {o, true};
  }
  return {};
}

std::vector<std::string_view> object_names(const Dataset& dataset) {
  std::vector<std::string_view> out;
  out.reserve(dataset.objects.size());
  for (const auto& [key, o] : dataset.objects) out.push_back(o.name);
  return out;
}

ElementLabel element_label(const Dataset& dataset, std::string_view written) {
  const std::string quoted = "'" + std::string(written) + "'";
  if (dataset.objects.empty())
    return {{}, quoted + " is an Adams View name, and the model is a dataset, which names its elements TYPE/N"};
  const Found found = find_object(dataset, written);
  if (!found.object) {
    const auto names = object_names(dataset);
    const std::string_view near = text::nearest(written, names);
    return {{}, "no object is named " + quoted + (near.empty() ? "" : " (did you mean " + std::string(near) + "?)")};
  }
  return {found.object->type + "/" + std::to_string(found.object->id), {}};
}

bool is_view_file(std::string_view name) {
  return name.size() >= 4 && text::iequals(name.substr(name.size() - 4), ".cmd");
}

}  // namespace fexpr::dataset::view
