// reisswitz render 1870: the map, and optionally a game situation, to SVG/PNG.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/output_files.hpp"
#include "core/game_log.hpp"
#include "render/map_render.hpp"
#include "render/wate1870_counters.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::cli {

namespace {

struct RenderArgs {
  std::string system;
  std::string scenario = "historical";
  std::string saved;
  std::string png;
  std::string svg;
  std::string viewer = "umpire";
  bool no_units = false;
  double hex_px = 64;
};

int run_render(const RenderArgs& a) {
  if (a.system != "1870") {
    std::cerr << "error: the only rule system that can be drawn yet is 1870, not '" << a.system << "'\n";
    return 2;
  }
  if (a.png.empty() && a.svg.empty()) {
    std::cerr << "error: say where to draw: --png FILE and/or --svg FILE\n";
    return 2;
  }
  auto game = wate1870::WateGame::load();
  if (!game) {
    std::cerr << "error: " << game.error().to_string() << "\n";
    return 1;
  }
  std::unique_ptr<State> state;
  if (!a.saved.empty()) {
    auto st = load_game_or_state(**game, a.saved);
    if (!st) {
      std::cerr << "error: " << st.error().message << "\n";
      return 1;
    }
    state = std::move(st).value();
  } else {
    auto st = (*game)->initial_state(a.scenario, {}, 1);
    if (!st) {
      std::cerr << "error: " << st.error().to_string() << "\n";
      return exit_code_for(st.error());  // no such scenario: 2
    }
    state = std::move(st).value();
  }
  const auto& ws = static_cast<const wate1870::WateState&>(*state);
  Player viewer = kUmpire;
  if (a.viewer != "umpire") {
    auto p = (*game)->player_from_name(a.viewer);
    if (!p) {
      std::cerr << "error: " << p.error().to_string() << "\n";
      return 2;
    }
    viewer = *p;
  }
  if (!output_files_writable({{"--svg", &a.svg}, {"--png", &a.png}}, {{"--saved", &a.saved}}))
    return 1;
  render::RenderOptions opt;
  opt.hex_px = a.hex_px;
  opt.title = "1870: The War Against the Empire";
  if (!a.no_units) opt.title += " - " + (a.saved.empty() ? a.scenario : a.saved);
  opt.legend_lines = render::wate1870_legend(ws);
  const auto counters = a.no_units ? std::vector<render::Counter>{} : render::wate1870_counters(ws, viewer);
  const std::string svg = render::render_svg(ws.data().map, counters, opt);
  if (!a.svg.empty()) {
    if (auto ok = render::write_svg(svg, a.svg); !ok) {
      std::cerr << "error: " << ok.error().to_string() << "\n";
      return 1;
    }
    std::cout << "SVG written to " << a.svg << "\n";
  }
  if (!a.png.empty()) {
    if (auto ok = render::write_png(svg, a.png); !ok) {
      std::cerr << "error: " << ok.error().to_string() << "\n";
      return 1;
    }
    std::cout << "PNG written to " << a.png << "\n";
  }
  return 0;
}

}  // namespace

void add_render_command(CLI::App& app) {
  auto args = std::make_shared<RenderArgs>();
  auto* cmd = app.add_subcommand("render", "Draw the map, and a game situation, to SVG and/or PNG");
  cmd->add_option("system", args->system, "Rule system (1870)")->required();
  cmd->add_option("--scenario", args->scenario, "Scenario name (historical, free) or file")->capture_default_str();
  cmd->add_option("--saved", args->saved,
                  "Draw a saved game instead of a scenario: a game log (play's save, run --log) or "
                  "a state (run --save)");
  cmd->add_option("--png", args->png, "Write a PNG here");
  cmd->add_option("--svg", args->svg, "Write an SVG here");
  cmd->add_option("--as", args->viewer, "Draw what this player may see: French, German or umpire")
      ->capture_default_str();
  cmd->add_option("--hex-size", args->hex_px, "Hex width in pixels")->capture_default_str()->check(CLI::Range(12.0, 200.0));
  cmd->add_flag("--no-units", args->no_units, "Draw the map alone");
  cmd->callback([args] { set_exit_code(run_render(*args)); });
}

}  // namespace rz::cli
