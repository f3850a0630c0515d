//! Glicko-2 ratings per game family, in each chat and across all chats. Only ranked games
//! between two different people count; a draw counts half (seed 002).

use engine::Seat;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, glicko2};

use super::Core;
use super::chat::{GLOBAL, chat_scope};
use super::error::CoreError;
use super::table::Table;
use crate::store::RatingRow;

impl Core {
    /// Updates both players' ratings after a finished game.
    pub(super) async fn rate(&self, table: &Table) -> Result<(), CoreError> {
        let row = &table.row;
        let (Some(first), Some(second)) = (row.players[0].user_id(), row.players[1].user_id())
        else {
            return Ok(());
        };
        if !row.settings.ranked || first == second {
            return Ok(());
        }
        let outcome = match row.winner {
            Some(Seat::First) => Outcomes::WIN,
            Some(Seat::Second) => Outcomes::LOSS,
            None => Outcomes::DRAW,
        };
        let family = row.settings.kind;
        let platform = row.chat.platform;
        let mut updated = Vec::with_capacity(4);
        for scope in [chat_scope(&row.chat), GLOBAL.to_owned()] {
            let mut one = self
                .store
                .rating(family, &scope, platform, first)
                .await?
                .unwrap_or_else(|| RatingRow::new(first));
            let mut two = self
                .store
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
        self.store.save_ratings(family, platform, &updated).await?;
        Ok(())
    }
}

fn flip(outcome: Outcomes) -> Outcomes {
    match outcome {
        Outcomes::WIN => Outcomes::LOSS,
        Outcomes::LOSS => Outcomes::WIN,
        Outcomes::DRAW => Outcomes::DRAW,
    }
}
