//! CINCO computer players. They see what their seat sees — the public view and their own
//! private view — never the whole game, so they cannot cheat.

mod random;

pub use random::random_action;
