#include <CLI/CLI.hpp>
#include <iostream>

int main(int argc, char** argv) {
  CLI::App app{"reisswitz - a computer umpire for black-powder wargames"};
  app.require_subcommand(1);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
