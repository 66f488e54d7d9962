// The translator's state while it runs through a command file: the defaults the commands set,
// the objects they make, and what it reports. Private to dataset/view/translate*.cpp.
#pragma once

#include "dataset/view/design.hpp"
#include "dataset/view/frames.hpp"
#include "dataset/view/schema.hpp"
#include "dataset/view/translate.hpp"
#include "dataset/view/units.hpp"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fexpr::dataset::view {

// An object a command made, as it stands after every command that changed it.
struct Object {
  Action kind = Action::none;
  std::string type;      // the statement it becomes: "PART", "MARKER", "JOINT", ...
  std::string name;      // full, as first written
  std::string key;       // full, lower case
  std::string parent;    // key of the part a marker or point is on, of the model a part is in
  Span name_span;
  std::optional<long> id;
  Span id_span;
  const Command* made = nullptr;
  std::string subtype;   // a joint's type, an array's kind
  bool ground = false;
  // Where it is: a part in ground, a marker and a point in their part; unknown (with why) when a
  // design expression for it could not be evaluated.
  Frame local;
  std::string unplaced;
  Span location_span, orientation_span;
  // Parameters that keep their meaning until the model is emitted (functions, stiffnesses,
  // marker references), by full name: the last command's.
  std::map<std::string, const Parameter*> parameters;
  bool uncertain = false;  // made inside a condition or loop
};

// The words of a location's or an orientation's messages (translate_bodies.cpp).
struct TripleWords;

class Translator : public DesignScope {
 public:
  Translator(const CommandFile& file, const SourceText& source);
  Dataset run();

  // DesignScope
  const Units& units() const override { return units_; }
  std::optional<Frame> frame(std::string_view name) const override;
  std::optional<DesignValue> variable(std::string_view name) const override;
  bool exists(std::string_view name) const override;

 private:
  // translate.cpp: the commands and the defaults
  // c, which find_command gave syntax and path.
  void command(const Command& c, const CommandSyntax* syntax, const std::string& path);
  void defaults_units(const Command& c, const CommandSyntax& syntax);
  void defaults_coordinate_system(const Command& c, const CommandSyntax& syntax);
  void defaults_model(const Command& c, const CommandSyntax& syntax);
  void model_create(const Command& c, const CommandSyntax& syntax);
  void design_variable(const Command& c, const CommandSyntax& syntax);
  // The parameters of c, by full name; unknown and repeated ones reported.
  std::map<std::string, const Parameter*> parameters(const Command& c, const CommandSyntax& syntax);

  // Names
  std::string key_of(std::string_view written) const;
  // The full name of an object a command makes: relative names are in the default model (a
  // part) or part (a marker).
  std::string full_name(std::string_view written, Action kind) const;
  Object* find(std::string_view written);
  const Object* find(std::string_view written) const;
  // The object `name` of c names, made when c creates it.
  Object* object(const Command& c, const std::map<std::string, const Parameter*>& p, std::string_view parameter,
                 const CommandSyntax& syntax, std::string_view type);
  void unknown_name(const Item& item, std::string_view what);

  // translate_bodies.cpp
  void part_position(const Command& c, const CommandSyntax& syntax);
  void part_mass(const Command& c, const CommandSyntax& syntax);
  void part_velocity(const Command& c, const CommandSyntax& syntax);
  void marker(const Command& c, const CommandSyntax& syntax);
  void floating_marker(const Command& c, const CommandSyntax& syntax);
  void point(const Command& c, const CommandSyntax& syntax);
  // The frame in ground of the object of that name (or ground, the global frame).
  std::optional<Frame> frame_of(const Object& o) const;
  // The frame a command's location and orientation are given in: its relative_to, else the
  // default coordinate system. Empty (reported) when that object is unknown.
  std::optional<Frame> reference_frame(const std::map<std::string, const Parameter*>& p);
  // A location or orientation parameter, in the reference frame `context`; empty, with why in
  // `why`, where it cannot be evaluated.
  std::optional<Eigen::Vector3d> location(const Parameter& p, const Frame& context, std::string& why);
  std::optional<Eigen::Vector3d> triple(const Parameter& p, const Frame& context, const TripleWords& words,
                                        std::string& why, bool* body313);
  std::optional<Eigen::Matrix3d> orientation(const Parameter& p, const Frame& context, std::string& why);
  // Places `o` (on a part whose frame in ground is `parent`, or ground's for a part) from a
  // command's parameters; where the command makes it, what they do not give is the reference's.
  void place(Object& o, const std::map<std::string, const Parameter*>& p, const Frame& parent, bool creates);

  // translate_elements.cpp
  void element(const Command& c, const CommandSyntax& syntax, std::string_view type, std::string_view name_parameter);

  // emit.cpp: the statements of every object
  void emit();
  Statement& statement(const Object& o);
  void emit_part(const Object& o);
  void emit_marker(const Object& o);
  void emit_element(const Object& o);
  void emit_measure(const Object& o);
  std::string measure_function(const Object& o, std::string& why);
  void add_numbers(Statement& s, std::string_view keyword, const std::vector<double>& numbers, Span span);
  void add_flag(Statement& s, std::string_view keyword, Span span);
  void add_function(Statement& s, std::string_view keyword, const Parameter& p);
  // A parameter naming an object of `type` ("MARKER"), as KEYWORD=id.
  // False (reported, and the statement not interpreted) where it names no such object.
  bool add_reference(Statement& s, std::string_view keyword, const Object& o, std::string_view parameter,
                     std::string_view type);
  // A parameter's numbers (design expressions evaluated), in model units where `plain` says;
  // empty, noted on the element, where one cannot be read.
  std::optional<std::vector<double>> numbers(const Object& o, const Parameter& p, Dimension plain);
  void add_parameter_numbers(Statement& s, const Object& o, std::string_view parameter, std::string_view keyword,
                             Dimension plain = kNone);
  void assign_ids();

  void note(Span span, std::string message);
  void error(Span span, std::string message, Code code = Code::argument);
  void warning(Span span, std::string message, Code code = Code::argument);
  // Notes once, at its first place, that this kind of command is not interpreted.
  void not_interpreted(const Command& c, const std::string& what, const std::string& why);
  // The model is not all known from here on (objects made in a loop, a file read).
  void unfollowed(Span span);
  // The instance of a user-defined element that `written` names inside of, if any (its parts
  // and markers are made from a definition fexpr does not read).
  const std::string* opaque_owner(std::string_view written) const;

  const CommandFile& file_;
  const SourceText& source_;
  Dataset out_;
  Units units_;
  Sequence sequence_{{2, 0, 2}, true};
  std::string model_;             // key of the default model
  std::string default_part_;      // key of the default part
  std::string coordinate_system_;  // key of the default coordinate system; empty: ground
  std::map<std::string, Object> objects_;
  std::vector<std::string> order_;  // keys, in the order made
  std::map<std::string, DesignValue> design_variables_;
  std::set<std::string> noted_;
  std::set<std::string> unplaced_parts_;  // parts emitted without a place, whose markers have none
  int block_depth_ = 0;
  std::optional<Span> unfollowed_;
};

// "1.5", the shortest text that reads back as the number.
std::string number_text(double value);

}  // namespace fexpr::dataset::view
