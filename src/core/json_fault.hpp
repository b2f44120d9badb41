#pragma once
// Where a text that is not valid JSON goes wrong, for the messages that refuse
// a damaged save or log: "line 12, column 5: unexpected end of input". The
// parsers call it only once a parse has failed (it parses again).
#include <string>
#include <string_view>

namespace rz {

// "" if `text` is valid JSON.
std::string json_syntax_fault(std::string_view text);

}  // namespace rz
