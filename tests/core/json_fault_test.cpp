// Where a damaged save or log stops being JSON (core/json_fault.hpp).
#include "core/json_fault.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace rz {
namespace {

TEST(Core_JsonFault, NlohmannsTagIsLeftOut) {
  EXPECT_EQ(
      json_error_text(std::runtime_error("[json.exception.type_error.302] type must be number")),
      "type must be number");
  EXPECT_EQ(json_error_text(std::runtime_error("unknown side \"X\"")), "unknown side \"X\"");
}

TEST(Core_JsonFault, ValidJsonHasNoFault) {
  EXPECT_EQ(json_syntax_fault("{\"a\": [1, 2], \"b\": null}"), "");
}

TEST(Core_JsonFault, TheFaultIsPlacedByLineAndColumn) {
  const std::string fault = json_syntax_fault("{\n  \"a\": 1,\n  \"b\": }\n");
  EXPECT_EQ(fault.rfind("parse error at line 3, column 8: ", 0), 0u) << fault;
  EXPECT_NE(fault.find("unexpected '}'"), std::string::npos) << fault;
}

TEST(Core_JsonFault, ATextCutShortEndsWhereTheTextEnds) {
  // Line 3 holds 18 characters: the fault is at column 19, just after them.
  const std::string fault = json_syntax_fault("{\n  \"entries\": [\n    {\"player\":\"Fre");
  EXPECT_EQ(fault.rfind("parse error at line 3, column 19: ", 0), 0u) << fault;
  EXPECT_NE(fault.find("missing closing quote"), std::string::npos) << fault;
  EXPECT_EQ(json_syntax_fault("").rfind("parse error at line 1, column 1: ", 0), 0u)
      << json_syntax_fault("");
}

TEST(Core_JsonFault, AKeyGivenTwiceIsFoundWithItsLine) {
  EXPECT_EQ(json_duplicate_key("{\n  \"a\": 1,\n  \"b\": {\"c\": 1,\n \"c\": 2}\n}\n"),
            "line 4: the key \"c\" is given twice in one object");
  EXPECT_EQ(json_duplicate_key("{\"a\": 1,\n\n\"a\": 2}"),
            "line 3: the key \"a\" is given twice in one object");
  // A text of one line needs no line number.
  EXPECT_EQ(json_duplicate_key("{\"x\": [1], \"x\": [2]}\n"),
            "the key \"x\" is given twice in one object");
}

TEST(Core_JsonFault, TheSameKeyInDifferentObjectsIsNoFault) {
  EXPECT_EQ(json_duplicate_key("{\"a\": {\"k\": 1}, \"b\": {\"k\": 2}, \"k\": 3}"), "");
  EXPECT_EQ(json_duplicate_key("[{\"k\": 1}, {\"k\": 2, \"j\": {\"k\": 3}}]"), "");
  EXPECT_EQ(json_duplicate_key("{\"a\": \"a\", \"b\": [\"a\", \"a\"]}"), "");
  // Not JSON: json_syntax_fault says why, this has nothing to add.
  EXPECT_EQ(json_duplicate_key("{\"a\": "), "");
}

}  // namespace
}  // namespace rz
