//! A computer seat at a CINCO table: which player it is, and how it answers the game.

use crate::cinco::{Action, Cinco, CincoSeat};

use super::{planned_action, random_action};

/// A computer player for one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CincoPlayer {
    /// Plays and bids with a plan (see [`planned_action`]).
    Planner,
    /// A uniformly random legal action: the yardstick.
    Random,
}

impl CincoPlayer {
    /// This player's action for `seat`, seeing only that seat's views; `None` when the game
    /// does not wait for the seat. The same game, seat and seed give the same action.
    #[must_use]
    pub fn choose(self, game: &Cinco, seat: CincoSeat, seed: u64) -> Option<Action> {
        let private = game.private_view(seat)?;
        match self {
            CincoPlayer::Planner => planned_action(&game.public_view(), &private, seed),
            CincoPlayer::Random => random_action(&private, seed),
        }
    }
}

/// A seed for one decision, different for every action of the game and every seat.
#[must_use]
pub fn decision_seed(game: &Cinco, seat: CincoSeat) -> u64 {
    let step = game.history().len() as u64;
    game.settings().seed ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (u64::from(seat.0) << 56)
}

/// Plays a game to its end with one computer player per seat, calling `watch` after every
/// action. Returns the final game, or the game as it stood when `max_actions` ran out or a
/// player's action was refused (a bug the caller sees as a game that is not over).
pub fn play_out(
    mut game: Cinco,
    players: &[CincoPlayer],
    max_actions: usize,
    mut watch: impl FnMut(&Cinco),
) -> Cinco {
    while !game.outcome().is_over() && game.history().len() < max_actions {
        let Some(&seat) = game.who_may_act().first() else { break };
        let player = players.get(seat.index()).copied().unwrap_or(CincoPlayer::Random);
        let Some(action) = player.choose(&game, seat, decision_seed(&game, seat)) else { break };
        game = match game.play(seat, action) {
            Ok(next) => next,
            Err(refused) => return *refused.game,
        };
        watch(&game);
    }
    game
}
