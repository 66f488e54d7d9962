// A small strict JSON reader for tests that check the CLI's machine-readable output by
// parsing it back (RFC 8259 grammar; numbers read with from_chars).
#pragma once

#include <charconv>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fexpr::testing {

struct Json {
  using Array = std::vector<Json>;
  using Object = std::map<std::string, Json>;
  std::variant<std::nullptr_t, bool, double, std::string, std::shared_ptr<Array>, std::shared_ptr<Object>> v;

  bool is_null() const { return std::holds_alternative<std::nullptr_t>(v); }
  double number() const { return std::get<double>(v); }
  const std::string& str() const { return std::get<std::string>(v); }
  bool boolean() const { return std::get<bool>(v); }
  const Array& array() const { return *std::get<std::shared_ptr<Array>>(v); }
  const Object& object() const { return *std::get<std::shared_ptr<Object>>(v); }
  bool has(const std::string& key) const { return object().count(key) != 0; }
  const Json& operator[](const std::string& key) const {
    auto it = object().find(key);
    if (it == object().end()) throw std::runtime_error("missing key " + key);
    return it->second;
  }
  const Json& operator[](std::size_t i) const { return array().at(i); }
};

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : s_(text) {}

  Json document() {
    Json j = value();
    blanks();
    if (i_ != s_.size()) fail("trailing text");
    return j;
  }

 private:
  [[noreturn]] void fail(const char* what) { throw std::runtime_error(std::string("JSON: ") + what + " at " + std::to_string(i_)); }
  void blanks() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    blanks();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!eat(c)) fail("unexpected character");
  }
  bool word(std::string_view w) {
    if (s_.substr(i_, w.size()) == w) {
      i_ += w.size();
      return true;
    }
    return false;
  }

  Json value() {
    blanks();
    if (i_ >= s_.size()) fail("unexpected end");
    char c = s_[i_];
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return Json{string()};
    if (word("null")) return Json{nullptr};
    if (word("true")) return Json{true};
    if (word("false")) return Json{false};
    return Json{number()};
  }

  Json object() {
    expect('{');
    auto o = std::make_shared<Json::Object>();
    if (!eat('}')) {
      do {
        blanks();
        std::string key = string();
        expect(':');
        (*o)[key] = value();
      } while (eat(','));
      expect('}');
    }
    return Json{o};
  }

  Json array() {
    expect('[');
    auto a = std::make_shared<Json::Array>();
    if (!eat(']')) {
      do a->push_back(value());
      while (eat(','));
      expect(']');
    }
    return Json{a};
  }

  std::string string() {
    if (i_ >= s_.size() || s_[i_] != '"') fail("expected a string");
    ++i_;
    std::string out;
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) fail("bad escape");
      char e = s_[i_++];
      switch (e) {
        case '"': case '\\': case '/': out += e; break;
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (i_ + 4 > s_.size()) fail("bad \\u escape");
          unsigned code = 0;
          std::from_chars(s_.data() + i_, s_.data() + i_ + 4, code, 16);
          i_ += 4;
          if (code < 0x80) out += static_cast<char>(code);
          else out += '?';
          break;
        }
        default: fail("bad escape");
      }
    }
    if (i_ >= s_.size()) fail("unterminated string");
    ++i_;
    return out;
  }

  double number() {
    std::size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_]))) fail("bad number");
    if (s_[i_] == '0' && i_ + 1 < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_ + 1]))) fail("leading zero");
    while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.' || s_[i_] == 'e' ||
                              s_[i_] == 'E' || s_[i_] == '+' || s_[i_] == '-'))
      ++i_;
    double v = 0;
    auto [end, ec] = std::from_chars(s_.data() + start, s_.data() + i_, v);
    if (ec != std::errc() || end != s_.data() + i_) fail("bad number");
    return v;
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

inline Json parse_json(std::string_view text) { return JsonReader(text).document(); }

}  // namespace fexpr::testing
