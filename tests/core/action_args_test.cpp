// An action's arguments come from a per-thread free list of blocks
// (core/action.hpp, ArgsAllocator): the actions stay what they were, and a
// block is used again, on the thread that dropped it.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/action.hpp"

namespace rz {
namespace {

std::vector<Action> some_actions(int n) {
  std::vector<Action> out;
  for (int i = 0; i < n; ++i) {
    Action a("move");
    a.with("to", std::to_string(2000 + i));
    if (i % 2) a.with("sp", std::to_string(i));
    if (i % 3 == 0) a.with("extra", "1").with("why", "more-than-a-block");  // four: past the block
    out.push_back(std::move(a));
  }
  return out;
}

std::string text_of(const std::vector<Action>& list) {
  std::string s;
  for (const auto& a : list) s += a.to_string() + ";";
  return s;
}

TEST(Core_Action, ArgumentsKeptInReusedBlocksStayTheArgumentsGiven) {
  const std::string expected = text_of(some_actions(50));
  for (int round = 0; round < 20; ++round) {
    auto list = some_actions(50);
    const auto copy = list;
    EXPECT_EQ(text_of(list), expected);
    EXPECT_EQ(copy, list);
    Action moved = std::move(list[1]);
    EXPECT_TRUE(list[1].args.empty());  // a moved-from action has no arguments
    EXPECT_EQ(moved.to_string(), "move to=2001 sp=1");
  }
}

// The free list itself, on a thread of its own (so it starts empty): a block
// kept is the next taken, and it keeps 1,024 blocks at most.
TEST(Core_Action, TheFreeListGivesBackTheBlocksItKeptUpToItsLimit) {
  std::thread([] {
    std::allocator<Action::Arg> alloc;
    EXPECT_EQ(detail::take_args_block(), nullptr);
    Action::Arg* one = alloc.allocate(detail::kArgsBlock);
    EXPECT_TRUE(detail::keep_args_block(one));
    EXPECT_EQ(detail::take_args_block(), one);
    EXPECT_EQ(detail::take_args_block(), nullptr);
    alloc.deallocate(one, detail::kArgsBlock);
    std::vector<Action::Arg*> blocks(1025);
    int kept = 0;
    for (auto& b : blocks) {
      b = alloc.allocate(detail::kArgsBlock);
      if (detail::keep_args_block(b))
        ++kept;
      else
        alloc.deallocate(b, detail::kArgsBlock);
    }
    EXPECT_EQ(kept, 1024);
    int taken = 0;
    while (void* b = detail::take_args_block()) {
      ++taken;
      alloc.deallocate(static_cast<Action::Arg*>(b), detail::kArgsBlock);
    }
    EXPECT_EQ(taken, 1024);
    // An action's arguments are such a block: dropped, it is the next one taken.
    const void* block = nullptr;
    {
      Action a("move");
      a.with("to", "2206");
      block = a.args.data();
    }
    EXPECT_EQ(detail::take_args_block(), block);
    alloc.deallocate(static_cast<Action::Arg*>(const_cast<void*>(block)), detail::kArgsBlock);
  }).join();
}

TEST(Core_Action, ActionsMadeOnOneThreadAreDroppedOnAnother) {
  for (int round = 0; round < 4; ++round) {
    std::vector<Action> made;
    std::thread([&] { made = some_actions(300); }).join();
    const std::string text = text_of(made);
    std::thread([&] { made.clear(); }).join();
    EXPECT_TRUE(made.empty());
    EXPECT_EQ(text, text_of(some_actions(300)));
  }
}

}  // namespace
}  // namespace rz
