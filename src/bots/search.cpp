#include "bots/search.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <functional>
#include <optional>
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

// The replay: the points where the iterations of one decision went more than
// one way (a chance node, a decision of the tree) and where they ended, in a
// trie by the way taken at each. Between two points only the policy plays, and
// its moves depend on nothing but the sample and its memory, so an iteration
// that draws the same dice and takes the same edges as an earlier one meets
// the same points: it walks them with the same draws of the random numbers
// and the same updates of the tree, without playing, and plays on from a
// point's state (and the policy's memory there) only where it parts from the
// others. The choices are those of iterations played in full.
//
// Most points are never parted from (session 49: one in six), so a point keeps
// no state until an iteration parts there: then it is played again from the
// nearest point that keeps one (or the sample), the way the trie went, and kept.
struct SearchBot::Replay {
  enum class Kind : std::uint8_t { kChance, kDecision, kEnd };
  struct Point {
    Kind kind = Kind::kEnd;
    int parent = -1;        // the point it was reached from, -1 for the sample's first
    std::uint32_t via = 0;  // the way taken there to reach it
    // The loop's variables here.
    int node = 0;
    bool in_tree = true;
    int rollout_left = 0;
    std::vector<Player> pending;   // kDecision: who moves after the player in this pass
    std::unique_ptr<State> state;  // the sample here, once an iteration parted here
    std::unique_ptr<SearchModel::Memory> memory;  // and the policy's memory
    std::vector<double> sums;                     // kChance: the outcomes' running sums
    std::vector<Action> legal;                    // kDecision: the player's legal actions
    std::vector<std::size_t> keys;                // and their quick keys
    std::vector<int> edge_of;                     // and the node's edge for each, -1 none yet
    double value = 0;                             // kEnd: the iteration's value
    struct Link {
      std::uint32_t label = 0;  // the way taken
      int point = -1;           // to the point it leads to
      // kChance: the key of the sample after the outcome (0: not known yet)
      std::uint64_t state = 0;
    };
    std::vector<Link> next;
  };
  std::vector<Point> points;
  std::vector<int> roots;  // by sample: its first point, -1 for none yet
  std::size_t states = 0;  // kept by the points
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
  std::vector<std::size_t> fresh;         // legal actions that are no edge of the node yet
  std::vector<std::size_t> keys;          // quick_key of each legal action
  std::vector<int> edge_of;               // the node's edge for each, -1 none
  std::vector<double> sums;               // a chance node's probabilities, summed in order
  std::vector<Player> pending;            // the players still to move in this pass
  Replay replay;
  const bool replaying = budget_.replay && model_->samples() > 0;
  if (replaying) replay.roots.assign(model_->samples(), -1);

  // The loop's own variables: the tree's node, whether the iteration is still
  // in the tree, the decisions left to the rollout.
  int node = 0;
  bool in_tree = true;
  int rollout_left = 0;

  // Draws a chance node's outcome by its exact probability: u in [0, 1)
  // against the running sum.
  const auto draw = [&](const std::vector<double>& running) {
    const double u = static_cast<double>(rng_.next()) / 4294967296.0;
    for (std::size_t i = 0; i < running.size(); ++i)
      if (u < running[i]) return i;
    return running.size() - 1;
  };

  // The tree's decision at `node` among `legal` (keys: their quick keys; s: the sample, needed only
  // the first time a node is reached, for the policy's choice). Returns the
  // edge taken and a label for the way it was taken: which edge, whether it
  // was new (the tree ends there) and whether the policy was asked (it may
  // remember doing so).
  struct Decided {
    int edge = -1;
    std::uint32_t label = 0;
  };
  const auto decide = [&](const std::vector<Action>& legal, const std::vector<std::size_t>& keys,
                          std::vector<int>& edge_of, const State* s) {
    Tree::Node& nd = tree.nodes[static_cast<std::size_t>(node)];
    bool asked = false;
    if (!nd.has_policy) {
      assert(s && "a node is first reached in play");
      nd.policy = model_->policy_listed(*s, me, legal);
      nd.has_policy = true;
      asked = true;
    }
    // Which known edges are legal in this sample, and which actions are new.
    available.clear();
    fresh.clear();
    for (std::size_t i = 0; i < legal.size(); ++i) {
      if (edge_of[i] < 0) {
        const auto e = std::find_if(nd.edges.begin(), nd.edges.end(), [&](const auto& x) {
          return x.key == keys[i] && x.action == legal[i];
        });
        if (e == nd.edges.end()) {
          fresh.push_back(i);
          continue;
        }
        edge_of[i] = static_cast<int>(e - nd.edges.begin());  // an edge keeps its place
      }
      ++nd.edges[static_cast<std::size_t>(edge_of[i])].available;
      available.push_back(edge_of[i]);
    }
    int chosen = -1;
    const bool expanded = !fresh.empty();
    if (expanded) {
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
      edge_of[pick] = chosen;
      in_tree = false;
    } else {
      double best = -1e300;
      for (int i : available) {
        const Tree::Edge& e = nd.edges[static_cast<std::size_t>(i)];
        const double n = e.visits > 0 ? e.visits : 1;
        double score = e.value / n + budget_.exploration *
                                         std::sqrt(std::log(static_cast<double>(e.available)) / n);
        if (e.policy) score += budget_.policy_bias / (e.visits + 1);
        if (score > best) {
          best = score;
          chosen = i;
        }
      }
    }
    path.emplace_back(node, chosen);
    if (in_tree) {
      int child = nd.edges[static_cast<std::size_t>(chosen)].child;
      if (child < 0) {
        child = static_cast<int>(tree.nodes.size());
        nd.edges[static_cast<std::size_t>(chosen)].child = child;
        tree.nodes.emplace_back();  // may move nodes: nd is not used after this
      }
      node = child;
    }
    last_.max_depth = std::max(last_.max_depth, static_cast<int>(path.size()));
    return Decided{
        chosen, static_cast<std::uint32_t>(chosen) << 2 | (expanded ? 2u : 0u) | (asked ? 1u : 0u)};
  };

  // Outcome `k` of the chance node `st` is at; false if there is none such.
  const auto play_outcome = [](State& st, std::uint32_t k) {
    const auto list = st.chance_outcome_list();
    return k < list->size() && st.apply_listed(kChance, (*list)[k].action);
  };

  // Gives point `target` (of sample `smp`) its state and the policy's memory
  // there: from the nearest point on the way to it that keeps them (or the
  // sample), plays again what the iteration that reached it played. On the
  // way, all in the tree, the policy moves as in play but for the tree's own
  // decisions, taken as the trie went (asking the policy again where it was
  // asked: it may remember doing so). False if the play does not go so.
  std::vector<int> route;
  std::vector<Player> movers;
  const auto rebuild = [&](int target, std::size_t smp) {
    route.clear();
    for (int q = target;; q = replay.points[static_cast<std::size_t>(q)].parent) {
      route.push_back(q);
      const Replay::Point& pt = replay.points[static_cast<std::size_t>(q)];
      if (pt.state || pt.parent < 0) break;
    }
    std::reverse(route.begin(), route.end());
    const Replay::Point& first = replay.points[static_cast<std::size_t>(route.front())];
    std::unique_ptr<State> c;
    bool at_point = first.state != nullptr;
    if (at_point) {
      c = first.state->clone();
      if (first.memory) model_->restore_memory(*first.memory);
      movers = first.pending;
    } else {
      c = model_->sample_at(smp);
      if (!c) return false;
      c->set_narration(false);
      movers.clear();
    }
    for (std::size_t i = 0;;) {
      while (!at_point) {  // the policy's moves, up to the next point
        if (movers.empty()) {
          if (c->terminal()) return false;
          const ToMove tm = c->to_move();
          if (tm.kind == MoveKind::kChance) break;
          movers = tm.players;
        }
        const Player p = movers.front();
        movers.erase(movers.begin());
        if (p != me || !model_->decides(*c, me)) {
          const auto m = model_->policy_move(*c, p);
          if (!(m.checked ? c->apply_listed(p, m.action) : c->apply(p, m.action))) return false;
          continue;
        }
        const auto legal = c->legal_actions(me);
        if (legal.size() != 1) break;
        if (!c->apply_listed(me, legal.front())) return false;
      }
      const Replay::Point& pt = replay.points[static_cast<std::size_t>(route[i])];
      if (++i == route.size()) break;
      const std::uint32_t via = replay.points[static_cast<std::size_t>(route[i])].via;
      if (pt.kind == Replay::Kind::kChance) {
        if (!play_outcome(*c, via)) return false;
      } else {
        if (via & 1u) (void)model_->policy_listed(*c, me, pt.legal);
        const Action& action = tree.nodes[static_cast<std::size_t>(pt.node)].edges[via >> 2].action;
        if (!c->apply_listed(me, action)) return false;
        movers = pt.pending;
      }
      at_point = false;
    }
    Replay::Point& pt = replay.points[static_cast<std::size_t>(target)];
    pt.state = std::move(c);
    pt.memory = model_->save_memory();
    ++replay.states;
    return true;
  };

  for (int it = 0; !out_of_budget(it); ++it) {
    path.clear();
    pending.clear();
    node = 0;
    in_tree = true;
    rollout_left = budget_.rollout;
    bool broken = false;
    std::unique_ptr<State> s;
    std::optional<double> value;  // known from the replay
    // Where the next point met in play is linked from: a point and the label
    // of the way taken from it, or (from < 0) the root of sample `sample`.
    bool linking = false;
    int from = -1;
    std::uint32_t label = 0;
    std::size_t sample = 0;
    std::uint64_t after_key =
        0;  // the key of the sample the way taken from `from` led to, if known
    const auto arrive = [&](Replay::Kind kind) -> Replay::Point* {
      if (!linking) return nullptr;
      // Past the edge an iteration added, no other goes its way (the label of
      // a new edge is met once): the points there would never be walked.
      if (!in_tree || replay.points.size() >= static_cast<std::size_t>(budget_.replay_points)) {
        linking = false;
        return nullptr;
      }
      const int id = static_cast<int>(replay.points.size());
      if (from < 0)
        replay.roots[sample] = id;
      else
        replay.points[static_cast<std::size_t>(from)].next.push_back({label, id, after_key});
      after_key = 0;
      Replay::Point& pt = replay.points.emplace_back();
      pt.kind = kind;
      pt.parent = from;
      pt.via = label;
      pt.node = node;
      pt.in_tree = in_tree;
      pt.rollout_left = rollout_left;
      from = id;
      return &pt;
    };

    if (replaying) {
      sample = model_->pick_sample(rng_);
      // Walk the points an earlier iteration met, as long as this one goes
      // the same way; where it parts, play on from that point's state.
      int at = replay.roots[sample];
      while (at >= 0) {
        ++last_.walked;
        const Replay::Point& pt = replay.points[static_cast<std::size_t>(at)];
        if (pt.kind == Replay::Kind::kEnd) {
          value = pt.value;
          break;
        }
        node = pt.node;
        in_tree = pt.in_tree;
        rollout_left = pt.rollout_left;
        pending = pt.pending;
        Decided d;
        if (pt.kind == Replay::Kind::kChance) {
          d.edge = static_cast<int>(draw(pt.sums));
          d.label = static_cast<std::uint32_t>(d.edge);
        } else {
          d = decide(pt.legal, pt.keys, replay.points[static_cast<std::size_t>(at)].edge_of,
                     nullptr);
        }
        const auto next = std::find_if(pt.next.begin(), pt.next.end(),
                                       [&](const auto& x) { return x.label == d.label; });
        if (next != pt.next.end()) {
          at = next->point;
          continue;
        }
        // This iteration parts here: play on from the point's state.
        if (!pt.state && !rebuild(at, sample)) {
          assert(false && "a point is played again as it was played");
          broken = true;
          s = model_->sample_at(sample);
          break;
        }
        std::unique_ptr<State> after;  // kChance: the sample after the outcome
        if (pt.kind == Replay::Kind::kChance) {
          after = pt.state->clone();
          if (!play_outcome(*after, d.label)) {
            broken = true;
            s = std::move(after);  // as it was: a refused action changes nothing
            break;
          }
          // Another outcome may leave the same sample (dice that differ, a
          // result that does not): then the way on is the same.
          if (!pt.next.empty()) {
            after_key = model_->key(*after) | 1;
            int same = -1;
            for (std::size_t i = 0; i < pt.next.size() && same < 0; ++i) {
              auto& ln = replay.points[static_cast<std::size_t>(at)].next[i];
              if (ln.state == 0)
                if (const auto other = pt.state->clone(); play_outcome(*other, ln.label))
                  ln.state = model_->key(*other) | 1;
              if (ln.state == after_key) same = ln.point;
            }
            if (same >= 0) {
              replay.points[static_cast<std::size_t>(at)].next.push_back(
                  {d.label, same, after_key});
              after_key = 0;
              at = same;
              continue;
            }
          }
        }
        if (pt.memory) model_->restore_memory(*pt.memory);
        linking = true;
        from = at;
        label = d.label;
        if (after) {
          s = std::move(after);
        } else {
          s = pt.state->clone();
          const Action action = tree.nodes[static_cast<std::size_t>(path.back().first)]
                                    .edges[static_cast<std::size_t>(d.edge)]
                                    .action;
          if (!s->apply_listed(me, action)) broken = true;  // an order of the point's list
        }
        break;
      }
      if (!value && !s) {
        s = model_->sample_at(sample);
        linking = static_cast<bool>(s);
      }
    } else {
      s = model_->sample(rng_);
    }
    if (!value && !s) break;
    if (s) s->set_narration(false);  // nothing reads what an iteration's orders tell

    while (s && !broken) {
      if (pending.empty()) {
        if (s->terminal()) break;
        const ToMove tm = s->to_move();
        if (tm.kind == MoveKind::kChance) {
          const auto list = s->chance_outcome_list();  // not copied: 36 outcomes for 2d6
          const auto& outcomes = *list;
          sums.resize(outcomes.size());
          double sum = 0;
          for (std::size_t i = 0; i < outcomes.size(); ++i)
            sums[i] = sum += outcomes[i].probability.to_double();
          const std::size_t pick = draw(sums);
          if (Replay::Point* pt = arrive(Replay::Kind::kChance)) pt->sums = sums;
          label = static_cast<std::uint32_t>(pick);
          if (!s->apply_listed(kChance, outcomes[pick].action)) broken = true;
          continue;
        }
        if (!in_tree &&
            std::any_of(tm.players.begin(), tm.players.end(),
                        [&](Player p) { return model_->decides(*s, p); }) &&
            rollout_left-- <= 0)
          break;
        pending = tm.players;
      }
      const Player p = pending.front();
      pending.erase(pending.begin());
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
      keys.resize(legal.size());
      for (std::size_t i = 0; i < legal.size(); ++i) keys[i] = quick_key(legal[i]);
      edge_of.assign(legal.size(), -1);
      const std::vector<Action>* listed = &legal;
      std::vector<int>* edges = &edge_of;
      if (Replay::Point* pt = arrive(Replay::Kind::kDecision)) {
        pt->pending = pending;
        pt->keys = keys;
        pt->legal = std::move(legal);
        pt->edge_of = edge_of;
        listed = &pt->legal;  // until the next point is made
        edges = &pt->edge_of;
      }
      const Decided d = decide(*listed, keys, *edges, s.get());
      label = d.label;
      const Action action = tree.nodes[static_cast<std::size_t>(path.back().first)]
                                .edges[static_cast<std::size_t>(d.edge)]
                                .action;
      if (!s->apply_listed(me, action)) broken = true;  // an order of `legal`
    }
    if (!value) {
      value = s->terminal() ? s->returns()[static_cast<std::size_t>(me)] : model_->evaluate(*s, me);
      if (!broken)
        if (Replay::Point* pt = arrive(Replay::Kind::kEnd)) pt->value = *value;
    }
    for (const auto& [n, e] : path) {
      Tree::Edge& edge = tree.nodes[static_cast<std::size_t>(n)].edges[static_cast<std::size_t>(e)];
      ++edge.visits;
      edge.value += *value;
      edge.squares += *value * *value;
    }
    ++last_.iterations;
  }
  last_.nodes = static_cast<int>(tree.nodes.size());
  last_.kept = static_cast<int>(replay.states);

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
