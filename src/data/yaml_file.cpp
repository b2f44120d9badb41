#include "data/yaml_file.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace rz::data {

DataFileError::DataFileError(const std::string& f, int l, const std::string& r)
    : std::runtime_error(f + ":" + std::to_string(l) + ": " + r), file(f), line(l), reason(r) {}

int line_of(const YAML::Node& node) {
  if (!node.IsDefined()) return 0;
  const auto m = node.Mark();
  return m.is_null() ? 0 : m.line + 1;
}

void fail(const Doc& doc, const YAML::Node& at, const std::string& reason) {
  throw DataFileError(doc.file, line_of(at), reason);
}

void fail_line(const Doc& doc, int line, const std::string& reason) {
  throw DataFileError(doc.file, line, reason);
}

namespace {

// What yaml-cpp lets through and a loader cannot see afterwards: a key given
// twice in one mapping (yaml-cpp keeps the first and drops the other
// silently) and a control character in a value (a line break in a name would
// split the one-line error messages that quote it).
void check_nodes(const Doc& doc, const YAML::Node& node) {
  if (node.IsScalar()) {
    for (const char c : node.Scalar())
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        fail(doc, node,
             "a value must not hold a control character (a line break, a tab): '" +
                 std::string(node.Scalar().substr(0, node.Scalar().find(c))) + "...'");
  } else if (node.IsSequence()) {
    for (const auto& item : node) check_nodes(doc, item);
  } else if (node.IsMap()) {
    std::map<std::string, int> lines;  // each key and the line it was first given on
    for (const auto& kv : node) {
      check_nodes(doc, kv.first);
      if (kv.first.IsScalar()) {
        const auto [at, first] = lines.emplace(kv.first.Scalar(), line_of(kv.first));
        if (!first)
          fail(doc, kv.first,
               "the key '" + kv.first.Scalar() +
                   "' is given twice in the same mapping (first on line " +
                   std::to_string(at->second) + "): which one is meant?");
      }
      check_nodes(doc, kv.second);
    }
  }
}

}  // namespace

Doc parse_text(const std::string& text, const std::string& name) {
  try {
    const std::vector<YAML::Node> docs = YAML::LoadAll(text);
    Doc d{name, docs.empty() ? YAML::Node() : docs.front()};
    // A second document ("---") would be read by no loader: an edit put in the wrong place.
    if (docs.size() > 1)
      fail_line(d,
                line_of(docs[1]) > 0
                    ? line_of(docs[1])
                    : 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n')),
                "a data file holds one YAML document; a second one starts here (after '---')");
    if (!d.root.IsMap()) fail_line(d, 1, "the file must be a mapping of named sections");
    check_nodes(d, d.root);
    return d;
  } catch (const YAML::ParserException& e) {
    throw DataFileError(name, e.mark.line + 1, "not valid YAML: " + e.msg);
  }
}

Doc parse_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataFileError(path, 0, "cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_text(ss.str(), path);
}

const YAML::Node& require_map(const Doc& doc, const YAML::Node& node, std::string_view what) {
  if (!node.IsMap()) fail(doc, node, std::string(what) + " must be a mapping (key: value)");
  return node;
}

const YAML::Node& require_seq(const Doc& doc, const YAML::Node& node, std::string_view what) {
  if (!node.IsSequence()) fail(doc, node, std::string(what) + " must be a list");
  return node;
}

YAML::Node field(const Doc& doc, const YAML::Node& map, const char* key) {
  YAML::Node n = map[key];
  if (!n.IsDefined() || n.IsNull()) fail(doc, map, std::string("missing '") + key + "'");
  return n;
}

std::string as_string(const Doc& doc, const YAML::Node& node, std::string_view what) {
  if (!node.IsScalar()) fail(doc, node, std::string(what) + " must be a single value");
  return node.Scalar();
}

long as_int(const Doc& doc, const YAML::Node& node, std::string_view what, long min, long max) {
  const std::string s = as_string(doc, node, what);
  long v = 0;
  std::size_t used = 0;
  try {
    v = std::stol(s, &used, 10);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != s.size())
    fail(doc, node, std::string(what) + " must be a whole number, not '" + s + "'");
  if (v < min || v > max)
    fail(doc, node,
         std::string(what) + " is " + s + "; it must be from " + std::to_string(min) + " to " + std::to_string(max));
  return v;
}

std::string get_string(const Doc& doc, const YAML::Node& map, const char* key) {
  return as_string(doc, field(doc, map, key), std::string("'") + key + "'");
}

long get_int(const Doc& doc, const YAML::Node& map, const char* key, long min, long max) {
  return as_int(doc, field(doc, map, key), std::string("'") + key + "'", min, max);
}

bool get_bool(const Doc& doc, const YAML::Node& map, const char* key) {
  const YAML::Node n = field(doc, map, key);
  const std::string s = as_string(doc, n, std::string("'") + key + "'");
  if (s == "true" || s == "yes") return true;
  if (s == "false" || s == "no") return false;
  fail(doc, n, std::string("'") + key + "' must be true or false, not '" + s + "'");
}

std::optional<std::string> opt_string(const Doc& doc, const YAML::Node& map, const char* key) {
  if (!map[key].IsDefined() || map[key].IsNull()) return std::nullopt;
  return get_string(doc, map, key);
}

std::optional<long> opt_int(const Doc& doc, const YAML::Node& map, const char* key, long min, long max) {
  if (!map[key].IsDefined() || map[key].IsNull()) return std::nullopt;
  return get_int(doc, map, key, min, max);
}

std::optional<bool> opt_bool(const Doc& doc, const YAML::Node& map, const char* key) {
  if (!map[key].IsDefined() || map[key].IsNull()) return std::nullopt;
  return get_bool(doc, map, key);
}

void allow_keys(const Doc& doc, const YAML::Node& map, std::initializer_list<std::string_view> keys) {
  for (const auto& kv : map) {
    const std::string k = kv.first.Scalar();
    bool known = false;
    for (auto a : keys) known = known || a == k;
    if (!known) {
      std::string list;
      for (auto a : keys) list += (list.empty() ? "" : ", ") + std::string(a);
      fail(doc, kv.first, "unknown key '" + k + "' (expected one of: " + list + ")");
    }
  }
}

bool valid_source(std::string_view s) {
  return s.rfind("rule ", 0) == 0 || s.rfind("rules ", 0) == 0 ||
         (s.rfind("reconstructed:", 0) == 0 && s.size() > 16);
}

std::string require_source(const Doc& doc, const YAML::Node& map) {
  const YAML::Node n = map["source"];
  if (!n.IsDefined() || n.IsNull())
    fail(doc, map, "missing 'source': every value must say where it comes from (rule N or reconstructed: why)");
  const std::string s = as_string(doc, n, "'source'");
  if (!valid_source(s))
    fail(doc, n, "'source' must start with 'rule <number>' or 'reconstructed: <why>', not '" + s + "'");
  return s;
}

}  // namespace rz::data
