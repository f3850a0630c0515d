//! The engine's integration tests in one binary: the rules of each game on concrete
//! positions and on the data of `tests/data/`, property tests over random games, and the CPU
//! players on fixed budgets.

mod capture_forced_wins;
mod cinco_auctions;
mod cinco_cpu;
mod cinco_properties;
mod cinco_rules;
mod cinco_secrecy;
mod cinco_simulation;
mod connect5_solved;
mod connect_solver;
mod cpu_grid;
mod cpu_grid_hopeless;
mod forbidden_props;
mod forced_wins;
mod gauntlet_openings;
mod notation_properties;
mod pente;
mod position_file;
mod renju_reference;
mod renju_three_with_five;
