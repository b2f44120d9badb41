#pragma once
// Reading data files (maps, tables, orders of battle, scenarios) so that every
// mistake is reported as "file:line: reason" and never crashes. Include only
// from loader .cpp files: yaml-cpp is a heavy header.
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace rz::data {

// Thrown inside loaders only; load() catches it and returns an Error.
class DataFileError : public std::runtime_error {
 public:
  DataFileError(const std::string& file, int line, const std::string& reason);
  std::string file;
  int line;
  std::string reason;
};

struct Doc {
  std::string file;  // as given, for messages
  YAML::Node root;
};

// 1-based line of a node (0 if unknown).
int line_of(const YAML::Node& node);
[[noreturn]] void fail(const Doc& doc, const YAML::Node& at, const std::string& reason);
[[noreturn]] void fail_line(const Doc& doc, int line, const std::string& reason);

// Parses a file or a text; syntax errors carry their line.
Doc parse_file(const std::string& path);
Doc parse_text(const std::string& text, const std::string& name);

// Typed fields. `what` names the record in messages ("hex 2107").
const YAML::Node& require_map(const Doc& doc, const YAML::Node& node, std::string_view what);
const YAML::Node& require_seq(const Doc& doc, const YAML::Node& node, std::string_view what);
YAML::Node field(const Doc& doc, const YAML::Node& map, const char* key);  // required
std::string get_string(const Doc& doc, const YAML::Node& map, const char* key);
long get_int(const Doc& doc, const YAML::Node& map, const char* key, long min, long max);
bool get_bool(const Doc& doc, const YAML::Node& map, const char* key);
std::optional<std::string> opt_string(const Doc& doc, const YAML::Node& map, const char* key);
std::optional<long> opt_int(const Doc& doc, const YAML::Node& map, const char* key, long min, long max);
std::optional<bool> opt_bool(const Doc& doc, const YAML::Node& map, const char* key);
std::string as_string(const Doc& doc, const YAML::Node& node, std::string_view what);
long as_int(const Doc& doc, const YAML::Node& node, std::string_view what, long min, long max);

// Unknown keys are errors: a typo must not silently become a default.
void allow_keys(const Doc& doc, const YAML::Node& map, std::initializer_list<std::string_view> keys);
// Every value says where it comes from: "rule 8.3 ..." or "reconstructed: why".
std::string require_source(const Doc& doc, const YAML::Node& map);
bool valid_source(std::string_view s);

// Runs a loader, turning DataFileError (and yaml-cpp's own errors) into a
// Result with code kDataError and the message "file:line: reason".
template <class F>
auto guarded(const std::string& file, F&& loader) -> Result<decltype(loader())> {
  try {
    return loader();
  } catch (const DataFileError& e) {
    return make_error(Code::kDataError, e.what());
  } catch (const YAML::Exception& e) {
    return make_error(Code::kDataError, file + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
}

}  // namespace rz::data
