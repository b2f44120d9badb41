#include "bots/search.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <functional>
#include <string_view>

namespace rz::bots {

namespace {
constexpr std::uint64_t kSearchStream = 0x7365617263682121ULL;  // its own stream, like RandomBot

bool has(const std::vector<Action>& list, const Action& a) {
  return std::find(list.begin(), list.end(), a) != list.end();
}

// A quick key to match a sample's legal actions with a node's edges: equal
// actions have equal keys, and only actions whose keys agree are compared in
// full (a node's list is matched at every visit, most of its orders unequal).
// In memory only: the choices do not depend on its values.
std::size_t quick_key(const Action& a) {
  const std::hash<std::string_view> h;
  std::size_t k = h(a.verb) ^ a.args.size();
  for (const auto& arg : a.args) k = k * 0x9e3779b97f4a7c15ULL + h(arg.second);
  return k;
}
}  // namespace

Result<SearchBudget> parse_search_budget(const std::string& bot_name) {
  SearchBudget b;
  if (bot_name == "search") return b;
  const std::string prefix = "search:";
  const auto wrong = [&](const std::string& why) {
    return make_error(Code::kMalformed,
                      "'" + bot_name + "': " + why +
                          " (search, search:1000 for iterations a decision, search:200ms for a "
                          "time, search:1000:r2 for a rollout of 2 decisions)");
  };
  if (bot_name.rfind(prefix, 0) != 0) return wrong("not a search bot");
  auto number = [](std::string_view text, long lo, long& n) {
    if (text.size() > 1 && text.front() == '0')
      return false;  // "010": as the command line, no leading zero
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    return ec == std::errc() && end == text.data() + text.size() && n >= lo && n <= 100000000;
  };
  std::string_view spec(bot_name);
  spec.remove_prefix(prefix.size());
  if (const auto colon = spec.find(':'); colon != std::string_view::npos) {
    const std::string_view rollout = spec.substr(colon + 1);
    long r = 0;
    if (!rollout.starts_with('r') || !number(rollout.substr(1), 0, r) || r > 1000)
      return wrong("the rollout must be r and a whole number of decisions from 0 to 1000");
    b.rollout = static_cast<int>(r);
    spec = spec.substr(0, colon);
  }
  const bool ms = spec.size() > 2 && spec.ends_with("ms");
  if (ms) spec.remove_suffix(2);
  long n = 0;
  if (!number(spec, 1, n))
    return wrong("the budget must be a whole number of iterations or of milliseconds, at least 1");
  if (ms) {
    b.iterations = 0;
    b.millis = static_cast<double>(n);
  } else {
    b.iterations = static_cast<int>(n);
  }
  return b;
}

// Open-loop tree of the searching player's own decisions: an edge is an action,
// a node what follows it, whatever the dice and the opponent did. Actions are
// compared as they are: equal actions are equal texts (the text round-trips).
struct SearchBot::Tree {
  struct Edge {
    Action action;
    std::size_t key = 0;  // quick_key(action)
    bool policy = false;  // the node's policy chose it
    int child = -1;
    int visits = 0;
    int available = 0;   // iterations in which the action was legal (ISMCTS)
    double value = 0;    // sum of the values backed up through it
    double squares = 0;  // and of their squares
    double mean() const { return visits > 0 ? value / visits : 0; }
    double variance() const {
      return visits > 1 ? std::max(0.0, squares / visits - mean() * mean()) : 0.25;
    }
  };
  struct Node {
    std::vector<Edge> edges;
    Action policy;  // the policy's choice in the first sample that reached it
    bool has_policy = false;
  };
  std::vector<Node> nodes{Node{}};
};

SearchBot::SearchBot(std::unique_ptr<SearchModel> model, SearchBudget budget, std::uint64_t seed,
                     std::string name)
    : model_(std::move(model)),
      budget_(budget),
      rng_(seed, kSearchStream),
      name_(std::move(name)) {}

SearchBot::~SearchBot() = default;

Action SearchBot::choose(const State& st, Player me, const std::string& view_json) {
  last_ = {};
  const auto root_legal = st.legal_actions(me);
  assert(!root_legal.empty() && "choose() is only called when the player has a choice");
  if (root_legal.size() == 1) return root_legal.front();
  if (!model_->prepare(st, me, view_json, rng_)) {
    last_.fell_back = true;
    const Action a = model_->fallback(st, me, view_json);
    return has(root_legal, a) ? a : root_legal.front();
  }

  // A decision the model leaves to its policy takes none of the budget.
  if (auto s = model_->sample(rng_); s && !model_->decides(*s, me)) {
    const Action a = model_->policy(*s, me);
    if (has(root_legal, a)) return a;
  }

  Tree tree;
  const auto start = std::chrono::steady_clock::now();
  auto out_of_budget = [&](int done) {
    if (budget_.iterations > 0 && done >= budget_.iterations) return true;
    if (budget_.millis > 0) {
      const std::chrono::duration<double, std::milli> spent =
          std::chrono::steady_clock::now() - start;
      if (spent.count() >= budget_.millis) return true;
    }
    return budget_.iterations <= 0 && budget_.millis <= 0;
  };

  std::vector<std::pair<int, int>> path;  // (node, edge) from the root down
  std::vector<int> available;             // edges of the node legal in this sample
  std::vector<std::size_t> keys;          // quick_key of each legal action
  for (int it = 0; !out_of_budget(it); ++it) {
    auto s = model_->sample(rng_);
    if (!s) break;
    s->set_narration(false);  // nothing reads what an iteration's orders tell
    path.clear();
    int node = 0;
    bool in_tree = true;
    int rollout_left = budget_.rollout;
    bool broken = false;
    while (!broken && !s->terminal()) {
      const ToMove tm = s->to_move();
      if (tm.kind == MoveKind::kChance) {
        const auto list = s->chance_outcome_list();  // not copied: 36 outcomes for 2d6
        const auto& outcomes = *list;
        // Draw one outcome by its exact probability: u in [0, 1) against the running sum.
        const double u = static_cast<double>(rng_.next()) / 4294967296.0;
        double sum = 0;
        std::size_t pick = outcomes.size() - 1;
        for (std::size_t i = 0; i < outcomes.size(); ++i) {
          sum += outcomes[i].probability.to_double();
          if (u < sum) {
            pick = i;
            break;
          }
        }
        if (!s->apply_listed(kChance, outcomes[pick].action)) broken = true;
        continue;
      }
      if (!in_tree &&
          std::any_of(tm.players.begin(), tm.players.end(),
                      [&](Player p) { return model_->decides(*s, p); }) &&
          rollout_left-- <= 0)
        break;
      for (Player p : tm.players) {
        if (p != me || !in_tree || !model_->decides(*s, me)) {
          const auto m = model_->policy_move(*s, p);
          if (!(m.checked ? s->apply_listed(p, m.action) : s->apply(p, m.action))) broken = true;
          continue;
        }
        auto legal = s->legal_actions(me);
        if (legal.size() == 1) {  // a forced move is no decision: no node for it
          if (!s->apply_listed(me, legal.front())) broken = true;
          continue;
        }
        if (legal.empty()) {
          broken = true;
          break;
        }
        Tree::Node& nd = tree.nodes[static_cast<std::size_t>(node)];
        if (!nd.has_policy) {
          nd.policy = model_->policy_listed(*s, me, legal);
          nd.has_policy = true;
        }
        // Which known edges are legal in this sample, and which actions are new.
        available.clear();
        keys.resize(legal.size());
        std::vector<std::size_t> fresh;
        for (std::size_t i = 0; i < legal.size(); ++i) {
          keys[i] = quick_key(legal[i]);
          auto e = std::find_if(nd.edges.begin(), nd.edges.end(), [&](const auto& x) {
            return x.key == keys[i] && x.action == legal[i];
          });
          if (e == nd.edges.end()) {
            fresh.push_back(i);
          } else {
            ++e->available;
            available.push_back(static_cast<int>(e - nd.edges.begin()));
          }
        }
        int chosen = -1;
        if (!fresh.empty()) {
          // Expand: the policy's choice first, then the others in random order.
          std::size_t pick = fresh[rng_.below(static_cast<std::uint32_t>(fresh.size()))];
          for (std::size_t i : fresh)
            if (legal[i] == nd.policy) pick = i;
          Tree::Edge e;
          e.action = legal[pick];
          e.key = keys[pick];
          e.policy = e.action == nd.policy;
          e.available = 1;
          nd.edges.push_back(std::move(e));
          chosen = static_cast<int>(nd.edges.size()) - 1;
          in_tree = false;
        } else {
          double best = -1e300;
          for (int i : available) {
            const Tree::Edge& e = nd.edges[static_cast<std::size_t>(i)];
            const double n = e.visits > 0 ? e.visits : 1;
            double score =
                e.value / n +
                budget_.exploration * std::sqrt(std::log(static_cast<double>(e.available)) / n);
            if (e.policy) score += budget_.policy_bias / (e.visits + 1);
            if (score > best) {
              best = score;
              chosen = i;
            }
          }
        }
        path.emplace_back(node, chosen);
        const Action action = nd.edges[static_cast<std::size_t>(chosen)].action;
        if (in_tree) {
          int child = nd.edges[static_cast<std::size_t>(chosen)].child;
          if (child < 0) {
            child = static_cast<int>(tree.nodes.size());
            tree.nodes[static_cast<std::size_t>(node)]
                .edges[static_cast<std::size_t>(chosen)]
                .child = child;
            tree.nodes.emplace_back();  // may move nodes: nd is not used after this
          }
          node = child;
        }
        last_.max_depth = std::max(last_.max_depth, static_cast<int>(path.size()));
        if (!s->apply_listed(me, action)) broken = true;  // an order of `legal`
      }
    }
    const double value =
        s->terminal() ? s->returns()[static_cast<std::size_t>(me)] : model_->evaluate(*s, me);
    for (const auto& [n, e] : path) {
      Tree::Edge& edge = tree.nodes[static_cast<std::size_t>(n)].edges[static_cast<std::size_t>(e)];
      ++edge.visits;
      edge.value += value;
      edge.squares += value * value;
    }
    ++last_.iterations;
  }
  last_.nodes = static_cast<int>(tree.nodes.size());

  // The policy's choice stands unless another action the player really has (a
  // sample may have offered others) did better by more than the noise of the
  // dice and the samples: its mean value above the policy's by two standard
  // errors of the difference and a margin. Among those, the most visited.
  const Tree::Node& root = tree.nodes.front();
  const Tree::Edge* policy = nullptr;
  for (const auto& e : root.edges)
    if (e.action == root.policy && e.visits > 0 && has(root_legal, e.action)) policy = &e;
  const Tree::Edge* best = policy;
  for (const auto& e : root.edges) {
    if (&e == policy || e.visits < budget_.min_visits || !has(root_legal, e.action)) continue;
    if (policy) {
      const double noise = std::sqrt(e.variance() / e.visits + policy->variance() / policy->visits);
      if (e.mean() - policy->mean() <= budget_.margin + 2 * noise) continue;
    }
    if (!best || best == policy || e.visits > best->visits ||
        (e.visits == best->visits && e.value > best->value))
      best = &e;
  }
  if (best && best->visits > 0) {
    last_.chosen_visits = best->visits;
    last_.overruled = best != policy;
    return best->action;
  }
  last_.fell_back = true;
  const Action a = model_->fallback(st, me, view_json);
  return has(root_legal, a) ? a : root_legal.front();
}

}  // namespace rz::bots
