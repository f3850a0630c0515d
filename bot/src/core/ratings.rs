//! Glicko-2 ratings per game family, in each chat and across all chats. Only ranked games
//! between two different people count; a draw counts half (seed 002).

use engine::Seat;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, glicko2};

use super::Core;
use super::chat::GLOBAL;
use crate::store::{Change, GameRow, RatingRow, StoreError};

impl Core {
    /// Whether a finished `row` changes ratings: ranked, between two different people.
    pub(super) fn is_rated(&self, row: &GameRow) -> bool {
        match (row.players[0].user_id(), row.players[1].user_id()) {
            (Some(first), Some(second)) => row.settings.ranked && first != second,
            _ => false,
        }
    }

    /// Updates both players' ratings after finished game `row`, within `change`.
    pub(super) async fn rate(&self, change: &mut Change, row: &GameRow) -> Result<(), StoreError> {
        let (Some(first), Some(second)) = (row.players[0].user_id(), row.players[1].user_id())
        else {
            return Ok(());
        };
        let outcome = match row.winner {
            Some(Seat::First) => Outcomes::WIN,
            Some(Seat::Second) => Outcomes::LOSS,
            None => Outcomes::DRAW,
        };
        let family = row.settings.kind;
        let platform = row.chat.platform;
        let mut updated = Vec::with_capacity(4);
        for scope in [row.chat.rating_scope(), GLOBAL.to_owned()] {
            let mut one = change
                .rating(family, &scope, platform, first)
                .await?
                .unwrap_or_else(|| RatingRow::new(first));
            let mut two = change
                .rating(family, &scope, platform, second)
                .await?
                .unwrap_or_else(|| RatingRow::new(second));
            let (new_one, new_two) =
                glicko2(&one.rating, &two.rating, &outcome, &Glicko2Config::new());
            one.rating = new_one;
            two.rating = new_two;
            for (player, result) in [(&mut one, outcome), (&mut two, flip(outcome))] {
                player.games += 1;
                match result {
                    Outcomes::WIN => player.wins += 1,
                    Outcomes::LOSS => player.losses += 1,
                    Outcomes::DRAW => player.draws += 1,
                }
            }
            updated.push((scope.clone(), one));
            updated.push((scope, two));
        }
        change.save_ratings(family, platform, &updated).await
    }
}

fn flip(outcome: Outcomes) -> Outcomes {
    match outcome {
        Outcomes::WIN => Outcomes::LOSS,
        Outcomes::LOSS => Outcomes::WIN,
        Outcomes::DRAW => Outcomes::DRAW,
    }
}
