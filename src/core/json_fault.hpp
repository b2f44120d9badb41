#pragma once
// nlohmann's messages as the messages that refuse a damaged save or log quote
// them: without the library's "[json.exception.parse_error.101] " tag.
#include <exception>
#include <string>
#include <string_view>

namespace rz {

// e.what(), less nlohmann's tag if it has one.
std::string json_error_text(const std::exception& e);

// Where a text that is not valid JSON goes wrong ("parse error at line 12,
// column 5: syntax error ..."), or "" if it is valid. It parses the text: the
// loaders call it only once their own parse has failed.
std::string json_syntax_fault(std::string_view text);

// The first key that an object of a valid JSON text names twice ("line 7: the
// key \"rp\" is given twice in one object"; without "line 7: " for a text of one
// line), or "" if none is. nlohmann keeps the last of the two without a word,
// so a save or log edited by hand could lose a value unseen.
std::string json_duplicate_key(std::string_view text);

}  // namespace rz
