// core::Name: interned names compare as their text would, copy as a pointer.
#include "core/name.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace rz {
namespace {

TEST(Core_Name, EqualTextsAreOneNameAndOrderAsTheirText) {
  const std::vector<std::string> texts{"",
                                       "G-III",
                                       "G-II",
                                       "G-IIIa",
                                       "F-I",
                                       "\xc3\xa9",
                                       "a",
                                       "Armee-de-Chalons",
                                       "Armee-de-Chalons-2"};
  for (const auto& a : texts) {
    const Name na(a);
    EXPECT_EQ(na.str(), a);
    EXPECT_EQ(&Name(std::string(a)).str(), &na.str()) << "one text per name: " << a;
    EXPECT_TRUE(na == a);
    EXPECT_TRUE(na == std::string_view(a));
    EXPECT_TRUE(na == a.c_str());
    for (const auto& b : texts) {
      const Name nb(b);
      EXPECT_EQ(na == nb, a == b) << a << " / " << b;
      EXPECT_EQ(na < nb, a < b) << a << " / " << b;
      EXPECT_EQ((na <=> nb) == 0, a == b);
    }
  }
  EXPECT_TRUE(Name().empty());
  EXPECT_EQ(Name(), Name(""));
  EXPECT_FALSE(Name("G-III") == "G-II");
}

TEST(Core_Name, ConvertsAndPrintsAsItsText) {
  const Name n("G-5CD");
  const std::string& s = n;
  EXPECT_EQ(s, "G-5CD");
  EXPECT_EQ(n + " in 2107", "G-5CD in 2107");
  EXPECT_EQ("HQ " + n, "HQ G-5CD");
  std::ostringstream out;
  out << n;
  EXPECT_EQ(out.str(), "G-5CD");
  EXPECT_EQ(n.size(), 5u);
}

TEST(Core_Name, ThreadsInterningTheSameTextsGetTheSameNames) {
  std::vector<std::vector<const std::string*>> seen(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < seen.size(); ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 500; ++i)
        seen[t].push_back(&Name("thread-name-" + std::to_string(i % 50)).str());
    });
  for (auto& th : threads) th.join();
  for (std::size_t t = 1; t < seen.size(); ++t) EXPECT_EQ(seen[t], seen[0]);
  EXPECT_EQ(*seen[0][7], "thread-name-7");
}

}  // namespace
}  // namespace rz
