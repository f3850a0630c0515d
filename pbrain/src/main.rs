//! The `pbrain-cincobot` executable: the Gomocup protocol on standard input and output,
//! with the engine's computer player choosing the moves.

use std::io;
use std::time::{SystemTime, UNIX_EPOCH};

use engine::cpu::{ComputerPlayer, Deadline, Level, SplitMix64, Think};
use engine::{Gomoku, Point};
use pbrain::{Brain, Player};

/// The engine's computer player at its hard level.
#[derive(Debug)]
struct Cpu {
    /// One seed per move: games differ between runs, yet each move can be reproduced from
    /// its seed.
    seeds: SplitMix64,
}

impl Player for Cpu {
    fn choose(&mut self, position: &Gomoku, deadline: &dyn Deadline) -> Option<Point> {
        position.computer_move(Think { level: Level::Hard, seed: self.seeds.next_u64(), deadline })
    }
}

fn main() -> io::Result<()> {
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs() ^ u64::from(since.subsec_nanos()).rotate_left(32));
    let cpu = Cpu { seeds: SplitMix64::new(seed) };
    // The pattern tables are built before the manager's first clock starts.
    engine::cpu::warm_up();
    Brain::new(cpu).run(io::stdin().lock(), io::stdout().lock())
}
