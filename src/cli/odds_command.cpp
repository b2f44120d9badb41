// reisswitz odds 1870: the exact odds of a combat, an Opportunity Chassepot
// Fire, a Forced March or a Siege Assault (src/rules/wate1870/odds.hpp,
// docs/odds.md), described by flags or asked of a saved game:
//   reisswitz odds 1870 --saved game.json --action "attack target=2107 from=2206,2207"
//   reisswitz odds 1870 --attack-sp 12 --defence-sp 8 --terrain forest --artillery both
#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/whole_number.hpp"
#include "core/game_log.hpp"
#include "core/text.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/odds.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::cli {

namespace {

using namespace rz::wate1870;

struct OddsArgs {
  std::string system;
  bool json = false;
  // A saved game: a game log (play's save, run --log) or a state (run --save).
  std::string saved;
  std::vector<std::string> actions;  // applied in turn; the last is the attack
  std::string as;                    // the viewer: French, German or umpire
  // A described combat.
  std::string attacker = "German";
  ForceStatus attack, defence;
  std::string terrain = "clear";
  bool town = false, river = false;
  int fortress_sr = 0;
  int attack_hq = 0, defence_hq = 0, attack_hqs = 1, defence_hqs = 1;
  bool no_loc_attacker = false, no_loc_defender = false;
  bool attack_cavalry = false, defence_cavalry = false, entrained = false, march_combat = false;
  std::string artillery = "all";
  // Opportunity Chassepot Fire.
  bool chassepot = false;
  ForceStatus french, german;
  std::string fortress;  // the target hex's undestroyed fortress: french or german
  bool mitrailleuse = false;
  int hqs = 0;
  // Forced March and Siege Assault.
  int forced_march = 0;
  bool siege = false;
  int besieger_sp = 0, garrison = 0;
  bool army_hq = false;
};

int print(const nlohmann::json& j, const std::string& text, bool as_json) {
  if (as_json)
    std::cout << j.dump(2) << "\n";
  else
    std::cout << text;
  return 0;
}

// --terrain in any case ("Forest"), or a message naming what was given.
std::optional<Terrain> terrain_of(const std::string& given) {
  const auto t = parse_terrain(lower(given));
  if (!t)
    std::cerr << "error: --terrain '" << given << "' must be clear, forest, rough or mountain\n";
  return t;
}

// Whose eyes (--as): the player to move when not given, none for the umpire.
bool odds_viewer(const WateState& ws, const std::string& as, std::optional<Side>& viewer) {
  if (as.empty()) {
    if (ws.to_move().kind == MoveKind::kPlayer)
      viewer = static_cast<Side>(ws.to_move().players.front());
  } else if (as != "umpire") {
    viewer = parse_side(as);
    if (!viewer) {
      std::cerr << "error: --as: '" << as << "' is not French, German or umpire\n";
      return false;
    }
  }
  return true;
}

int saved_odds(const WateGame& game, const OddsArgs& a) {
  auto loaded = load_game_or_state(game, a.saved);
  if (!loaded) {
    std::cerr << "error: " << loaded.error().message << "\n";
    return 1;
  }
  std::unique_ptr<State> st = std::move(loaded).value();
  if (a.actions.empty()) {
    // 8.4: a game saved at the artillery or re-roll decision of a combat.
    const auto& ws = static_cast<const WateState&>(*st);
    std::optional<Side> viewer;
    if (!odds_viewer(ws, a.as, viewer)) return 2;
    if (const auto now = combat_now_odds(ws, viewer))
      return print(odds_json(*now), odds_text(*now), a.json);
    std::cerr << "error: --saved needs --action \"attack target=XXYY from=XXYY[,XXYY]\" (or "
                 "\"attack to=XXYY\" for a March Combat), unless the game waits on a combat's "
                 "artillery or re-roll (8.4)\n";
    return 2;
  }
  // Orders before the attack (e.g. "activate hq=F-IV") are played on this copy only.
  for (std::size_t i = 0; i + 1 < a.actions.size(); ++i) {
    auto act = Action::parse(a.actions[i]);
    const ToMove tm = st->to_move();
    if (!act || tm.kind != MoveKind::kPlayer) {
      std::cerr << "error: --action '" << a.actions[i]
                << "': " << (act ? "no player is to move" : act.error().to_string()) << "\n";
      return 1;
    }
    if (auto ev = st->apply(tm.players.front(), *act); !ev) {
      std::cerr << "error: --action '" << a.actions[i] << "' refused: " << ev.error().to_string()
                << "\n";
      return 1;
    }
  }
  auto attack = Action::parse(a.actions.back());
  if (!attack) {
    std::cerr << "error: --action: " << attack.error().to_string() << "\n";
    return 2;
  }
  const auto& ws = static_cast<const WateState&>(*st);
  std::optional<Side> viewer;
  if (!odds_viewer(ws, a.as, viewer)) return 2;
  auto odds = attack_odds(ws, *attack, viewer);
  if (!odds) {
    std::cerr << "error: " << odds.error().to_string() << "\n";
    return 1;
  }
  return print(odds_json(*odds), odds_text(*odds), a.json);
}

int described_combat(const WateGame& game, const OddsArgs& a) {
  CombatDescription d;
  const auto att = parse_side(a.attacker);
  if (!att) {
    std::cerr << "error: --attacker '" << a.attacker << "' must be French or German\n";
    return 2;
  }
  const auto terr = terrain_of(a.terrain);
  if (!terr) return 2;
  if (a.attack.sp() <= 0 || a.defence.sp() <= 0) {
    std::cerr
        << "error: both sides need SP: --attack-sp/--attack-disrupted/--attack-demoralized and "
           "--defence-sp/--defence-disrupted/--defence-demoralized\n";
    return 2;
  }
  d.attacker = *att;
  d.attack = a.attack;
  d.defence = a.defence;
  d.terrain = *terr;
  d.town = a.town;
  d.river = a.river;
  d.fortress_sr = a.fortress_sr;
  d.attack_hq = a.attack_hq;
  d.defence_hq = a.defence_hq;
  d.attack_hq_units = a.attack_hqs;
  d.defence_hq_units = a.defence_hqs;
  d.attack_loc = !a.no_loc_attacker;
  d.defence_loc = !a.no_loc_defender;
  d.attack_cavalry = a.attack_cavalry;
  d.defence_cavalry = a.defence_cavalry;
  d.entrained = a.entrained;
  d.march_combat = a.march_combat;
  const CombatValues v = describe_combat(game.data().tables, d);
  // --artillery: which sides commit; "all" lists every choice the LOCs allow
  // and the RP a side may hold (6.1: at most rp_cap) can pay.
  const int cap = game.data().tables.rp_cap();
  bool att_may = v.attack_may_commit && v.attack_artillery_rp <= cap,
       def_may = v.defence_may_commit && v.defence_artillery_rp <= cap;
  std::vector<CombatOdds> cases;
  const CombatOddsInput in = odds_input(v, d);
  if (a.artillery == "all") {
    cases = artillery_cases(in, att_may, def_may);
  } else {
    CombatOddsInput c = in;
    c.attack_artillery = a.artillery == "attacker" || a.artillery == "both";
    c.defence_artillery = a.artillery == "defender" || a.artillery == "both";
    if ((c.attack_artillery && !att_may) || (c.defence_artillery && !def_may)) {
      std::cerr << "error: --artillery " << a.artillery
                << ": a side without a LOC may not commit artillery (8.2, 8.4), nor one whose "
                   "artillery costs more than the "
                << cap << " RP it may hold (6.1)\n";
      return 2;
    }
    cases.push_back(combat_odds(c));
  }
  std::string text = "Described combat (RP assumed sufficient for artillery, up to the " +
                     std::to_string(cap) + " a side may hold, 6.1)\n";
  for (const auto& l : v.steps) text += "  " + l + "\n";
  nlohmann::json j{
      {"kind", "described_combat"}, {"setup", v.steps}, {"cases", nlohmann::json::array()}};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    text += "\n--- Case " + std::to_string(i + 1) + " of " + std::to_string(cases.size()) +
            " ---\n" + odds_text(cases[i]);
    j["cases"].push_back(odds_json(cases[i]));
  }
  return print(j, text, a.json);
}

// The one question asked, and the options it reads (beside --json).
enum class Question { kSaved, kCombat, kChassepot, kForcedMarch, kSiege };

constexpr const char* kCombatGroup = "A described combat (8.0)";

bool question_reads(Question q, const CLI::Option& opt) {
  const std::string name = opt.get_name();
  auto one_of = [&](std::initializer_list<const char*> names) {
    for (const char* n : names)
      if (name == n) return true;
    return false;
  };
  switch (q) {
    case Question::kSaved:
      return one_of({"--saved", "--action", "--as"});
    case Question::kCombat:
      return opt.get_group() == kCombatGroup;
    case Question::kChassepot:
      return one_of({"--chassepot", "--french-sp", "--french-disrupted", "--french-demoralized",
                     "--german-sp", "--german-disrupted", "--german-demoralized", "--fortress",
                     "--mitrailleuse", "--hqs", "--terrain"});
    case Question::kForcedMarch:
      return one_of({"--forced-march"});
    case Question::kSiege:
      return one_of({"--siege", "--besieger-sp", "--fortress-sr", "--garrison", "--army-hq"});
  }
  return false;
}

std::string_view question_name(Question q) {
  switch (q) {
    case Question::kSaved:
      return "an attack in a saved game";
    case Question::kCombat:
      return "a described combat";
    case Question::kChassepot:
      return "a Chassepot Fire";
    case Question::kForcedMarch:
      return "a Forced March";
    case Question::kSiege:
      return "a Siege Assault";
  }
  return "";
}

// A flag the question does not read would be ignored: "--fortress german" on a
// combat looks like a fortress and changes nothing. It is refused instead.
bool only_its_own_options(Question q, const CLI::App& cmd) {
  for (const CLI::Option* opt : cmd.get_options()) {
    if (opt->count() == 0 || opt->get_positional() || opt->get_name() == "--json" ||
        question_reads(q, *opt))
      continue;
    std::cerr << "error: " << opt->get_name() << " has no part in " << question_name(q)
              << " (it belongs to: " << opt->get_group() << "); leave it out\n";
    return false;
  }
  return true;
}

int run_odds(const OddsArgs& a, const CLI::App& cmd, bool combat_given) {
  if (a.system != "1870") {
    std::cerr << "error: the only rule system with odds yet is 1870, not '" << a.system << "'\n";
    return 2;
  }
  const bool forced_given = cmd.get_option("--forced-march")->count() > 0;
  const int modes = (a.saved.empty() ? 0 : 1) + (a.chassepot ? 1 : 0) + (forced_given ? 1 : 0) +
                    (a.siege ? 1 : 0) + (combat_given ? 1 : 0);
  if (modes != 1) {
    std::cerr << "error: ask for one thing: --saved FILE --action ATTACK, a combat (--attack-sp N "
                 "--defence-sp N "
                 "...), --chassepot, --forced-march N or --siege (reisswitz odds --help)\n";
    return 2;
  }
  const Question q = !a.saved.empty() ? Question::kSaved
                     : combat_given   ? Question::kCombat
                     : a.chassepot    ? Question::kChassepot
                     : forced_given   ? Question::kForcedMarch
                                      : Question::kSiege;
  if (!only_its_own_options(q, cmd)) return 2;
  auto game = WateGame::load();
  if (!game) {
    std::cerr << "error: " << game.error().to_string() << "\n";
    return 1;
  }
  const Tables& t = (*game)->data().tables;
  if (q == Question::kSaved) return saved_odds(**game, a);
  if (q == Question::kCombat) return described_combat(**game, a);
  if (q == Question::kForcedMarch) {
    const auto o = forced_march_odds(a.forced_march);
    return print(odds_json(o), odds_text(o), a.json);
  }
  if (q == Question::kSiege) {
    std::string wrong;
    if (a.besieger_sp <= 0)
      wrong = "--siege needs the SP besieging: --besieger-sp of 1 or more";
    else if (a.fortress_sr <= 0)
      wrong = "--siege needs the fortress's strength: --fortress-sr from 1 to 6";
    else if (a.garrison > a.fortress_sr)
      wrong = "a fortress holds a garrison of at most its SR: --garrison " +
              std::to_string(a.garrison) + " is more than --fortress-sr " +
              std::to_string(a.fortress_sr) + " (9.0)";
    if (!wrong.empty()) {
      std::cerr << "error: " << wrong << "\n";
      return 2;
    }
    const auto o = siege_odds(t, a.besieger_sp, a.fortress_sr, a.garrison, a.army_hq);
    return print(odds_json(o), odds_text(o), a.json);
  }
  // Opportunity Chassepot Fire.
  const auto terr = terrain_of(a.terrain);
  if (!terr) return 2;
  const std::string fortress = lower(a.fortress);
  if (!fortress.empty() && fortress != "french" && fortress != "german") {
    std::cerr << "error: --fortress '" << a.fortress
              << "': the fortress of the target hex is french or german\n";
    return 2;
  }
  if (a.french.sp() <= 0) {
    std::cerr
        << "error: --chassepot needs the French SP firing: --french-sp N (--french-disrupted, "
           "--french-demoralized)\n";
    return 2;
  }
  ChassepotInput in;
  in.french_strength = status_strength(a.french.good, a.french.disrupted, a.french.demoralized);
  in.good_order = a.french.good > 0;
  std::optional<Country> fort;
  if (fortress == "french") fort = Country::kFrance;
  if (fortress == "german") fort = Country::kGermany;
  in.column_shift = t.cft_shift(*terr, fort);
  in.mitrailleuse = a.mitrailleuse;
  in.target = a.german;
  in.hqs = a.hqs;
  const auto o = chassepot_odds(t, in);
  return print(odds_json(o), odds_text(o), a.json);
}

}  // namespace

void add_odds_command(CLI::App& app) {
  auto a = std::make_shared<OddsArgs>();
  auto* cmd = app.add_subcommand(
      "odds",
      "Exact odds of a combat (every artillery choice, re-rolls played optimally), an Opportunity "
      "Chassepot "
      "Fire, a Forced March or a Siege Assault; described by flags or asked of a saved game");
  cmd->add_option("system", a->system, "Rule system (1870)")->required();
  cmd->add_flag("--json", a->json, "Print JSON instead of a table");
  auto* g = "A saved game";
  cmd->add_option("--saved", a->saved,
                  "A saved game: a game log (play's save, run --log) or a state (run --save); "
                  "without --action, a game waiting on a combat's artillery or re-roll gives the "
                  "odds of each choice (8.4)")
      ->group(g);
  cmd->add_option(
         "--action", a->actions,
         "The attack to weigh, as the player to move would order it: \"attack target=XXYY "
         "from=XXYY[,XXYY] [with=HQ]\" or \"attack to=XXYY\"; repeat it to give orders first "
         "(e.g. --action \"activate hq=F-IV\" --action \"attack ...\")")
      ->group(g);
  cmd->add_option(
         "--as", a->as,
         "Whose eyes (12.2 fog of war): French, German or umpire (default: the player to move)")
      ->group(g);

  auto* c = kCombatGroup;
  std::vector<CLI::Option*> combat{
      cmd->add_option("--attack-sp", a->attack.good, "Attacking SP in good order")->group(c),
      cmd->add_option("--attack-disrupted", a->attack.disrupted, "Attacking SP disrupted")
          ->group(c),
      cmd->add_option("--attack-demoralized", a->attack.demoralized, "Attacking SP demoralized")
          ->group(c),
      cmd->add_option("--defence-sp", a->defence.good, "Defending SP in good order")->group(c),
      cmd->add_option("--defence-disrupted", a->defence.disrupted, "Defending SP disrupted")
          ->group(c),
      cmd->add_option("--defence-demoralized", a->defence.demoralized, "Defending SP demoralized")
          ->group(c)};
  cmd->add_option("--attacker", a->attacker, "The attacking side: French or German")
      ->capture_default_str()
      ->group(c);
  cmd->add_option("--terrain", a->terrain,
                  "The defender's (or target's) terrain: clear, forest, rough, mountain")
      ->capture_default_str()
      ->group(c);
  cmd->add_flag("--town", a->town, "The defender is in a town")->group(c);
  cmd->add_flag("--river", a->river, "Every attacking hex attacks across a river hexside")
      ->group(c);
  cmd->add_option("--fortress-sr", a->fortress_sr,
                  "The defender holds an undestroyed fortress of this SR (combat), or the fortress "
                  "besieged (--siege)")
      ->group(c);
  cmd->add_option("--attack-hq", a->attack_hq, "The attacker's combined HQ AB (3.6), -9 to 9")
      ->group(c);
  cmd->add_option("--defence-hq", a->defence_hq,
                  "The defender's combined HQ DB (3.6), -9 to 9; a force of up to 3 German or 4 "
                  "French SP without an HQ unit has an inherent division HQ (3.6.1: French DB +1): "
                  "give it here")
      ->group(c);
  cmd->add_option("--attack-hqs", a->attack_hqs,
                  "Attacking HQ units checking for casualties on doubles")
      ->capture_default_str()
      ->group(c);
  cmd->add_option("--defence-hqs", a->defence_hqs,
                  "Defending HQ units checking for casualties on doubles")
      ->capture_default_str()
      ->group(c);
  cmd->add_flag("--no-loc-attacker", a->no_loc_attacker,
                "The attacker traces no LOC: halved, no artillery")
      ->group(c);
  cmd->add_flag("--no-loc-defender", a->no_loc_defender,
                "The defender traces no LOC: halved, no artillery")
      ->group(c);
  cmd->add_flag("--attack-cavalry", a->attack_cavalry,
                "The attacker is cavalry (not halved without a LOC)")
      ->group(c);
  cmd->add_flag("--defence-cavalry", a->defence_cavalry,
                "The defender is cavalry (not halved without a LOC)")
      ->group(c);
  cmd->add_flag("--entrained", a->entrained, "The defender is entrained (halved, 7.1.3)")->group(c);
  cmd->add_flag("--march-combat", a->march_combat, "A March Combat: the attacker is halved (7.1.1)")
      ->group(c);
  cmd->add_option("--artillery", a->artillery,
                  "Who commits artillery: none, attacker, defender, both, or all choices")
      ->check(CLI::IsMember({"none", "attacker", "defender", "both", "all"}))
      ->capture_default_str()
      ->group(c);

  auto* f = "Opportunity Chassepot Fire (7.1.2)";
  cmd->add_flag("--chassepot", a->chassepot,
                "Odds of a Chassepot Fire (with --french-sp and --terrain)")
      ->group(f);
  cmd->add_option("--french-sp", a->french.good, "French SP firing, in good order")->group(f);
  cmd->add_option("--french-disrupted", a->french.disrupted, "French SP firing, disrupted")
      ->group(f);
  cmd->add_option("--french-demoralized", a->french.demoralized, "French SP firing, demoralized")
      ->group(f);
  cmd->add_option("--fortress", a->fortress,
                  "The target is in an undestroyed fortress: french or german")
      ->group(f);
  cmd->add_flag("--mitrailleuse", a->mitrailleuse, "Optional rule 12.3 Mitrailleuse Fire")
      ->group(f);
  cmd->add_option("--german-sp", a->german.good,
                  "The German force fired at: SP in good order (to cap the losses)")
      ->group(f);
  cmd->add_option("--german-disrupted", a->german.disrupted,
                  "The German force fired at: SP disrupted")
      ->group(f);
  cmd->add_option("--german-demoralized", a->german.demoralized,
                  "The German force fired at: SP demoralized")
      ->group(f);
  cmd->add_option("--hqs", a->hqs, "German HQs marching with the force (HQ casualty checks)")
      ->group(f);

  auto* o = "Forced March (7.2) and Siege Assault (9.0)";
  cmd->add_option("--forced-march", a->forced_march,
                  "Odds of a Forced March of this many extra MP (1-3, 7.2)")
      ->group(o);
  cmd->add_flag("--siege", a->siege,
                "Odds of a Siege Assault (with --besieger-sp, --fortress-sr, --garrison)")
      ->group(o);
  cmd->add_option("--besieger-sp", a->besieger_sp, "SP besieging the fortress")->group(o);
  cmd->add_option("--garrison", a->garrison, "Garrison SP inside the fortress")->group(o);
  cmd->add_flag("--army-hq", a->army_hq, "A German army HQ is in the assaulting force (+1, 9.1)")
      ->group(o);

  // Counts of SP, HQs and fortress strength: 0 or more (a negative count was
  // taken as given, and refused later as "no SP"), and no more than a saved
  // game may hold (WateState::kSavedGroupSp: 2^31 SP overflowed the strength,
  // an HQ bonus of 10^8 asked for a table of that size).
  for (const char* name :
       {"--attack-sp", "--attack-disrupted", "--attack-demoralized", "--defence-sp",
        "--defence-disrupted", "--defence-demoralized", "--french-sp", "--french-disrupted",
        "--french-demoralized", "--german-sp", "--german-disrupted", "--german-demoralized",
        "--besieger-sp", "--garrison"})
    cmd->get_option(name)->check(whole_number(0, wate1870::WateState::kSavedGroupSp));
  for (const char* name : {"--attack-hqs", "--defence-hqs", "--hqs"})
    cmd->get_option(name)->check(whole_number(0, 99));
  // The map's fortresses have SR 1 to 6 (data/wate1870/map.yaml; ruling T-5).
  cmd->get_option("--fortress-sr")->check(whole_number(0, 6));
  cmd->get_option("--forced-march")->check(whole_number(1, 3));
  // 3.6: "Bonuses can be both positive and negative": one army, one corps and
  // any number of division HQs of -1 to +1 each (data/wate1870/forces.yaml).
  for (const char* name : {"--attack-hq", "--defence-hq"})
    cmd->get_option(name)->check(signed_number(-9, 9));

  cmd->callback([a, combat, cmd] {
    bool given = false;
    for (auto* opt : combat) given = given || opt->count() > 0;
    set_exit_code(run_odds(*a, *cmd, given));
  });
}

}  // namespace rz::cli
