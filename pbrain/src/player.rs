use engine::{Gomoku, Point, cpu::Deadline};

/// Whoever chooses the brain's moves: the engine's computer player in the binary, a simple
/// fixed rule in tests. The protocol never depends on how the choice is made.
pub trait Player {
    /// The point for the side to move in `position`, chosen before `deadline` passes (the
    /// answer is due then); `None` once the game is over.
    fn choose(&mut self, position: &Gomoku, deadline: &dyn Deadline) -> Option<Point>;
}
