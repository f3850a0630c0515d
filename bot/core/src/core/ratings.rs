//! Glicko-2 ratings per game family, in each chat and across all chats. Only ranked games
//! between two different people count; a draw counts half (seed 002).

use engine::Seat;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, glicko2};

use super::Core;
use super::chat::GLOBAL;
use super::table::name_of;
use crate::i18n::Text;
use crate::store::{Change, GameRow, RatingRow, StoreError};

impl Core {
    /// Whether a finished `row` changes ratings: ranked, between two different people.
    pub(super) fn is_rated(&self, row: &GameRow) -> bool {
        match (row.players[0].user_id(), row.players[1].user_id()) {
            (Some(first), Some(second)) => row.settings.ranked && first != second,
            _ => false,
        }
    }

    /// Updates both players' ratings after finished game `row`, within `change`; returns how
    /// each player's rating in the chat moved, for the ending to show.
    pub(super) async fn rate(
        &self,
        change: &mut Change,
        row: &GameRow,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let (Some(first), Some(second)) = (row.players[0].user_id(), row.players[1].user_id())
        else {
            return Ok(Vec::new());
        };
        let outcome = match row.winner {
            Some(Seat::First) => Outcomes::WIN,
            Some(Seat::Second) => Outcomes::LOSS,
            None => Outcomes::DRAW,
        };
        let family = crate::games::Family::Board(row.settings.kind);
        let platform = row.chat.platform;
        change.lock_ratings(family, platform, &[first, second]).await?;
        let mut updated = Vec::with_capacity(4);
        let mut moved = Vec::with_capacity(2);
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
            if moved.is_empty() {
                moved = vec![
                    RatingChange {
                        seat: Seat::First,
                        before: one.rating.rating,
                        after: new_one.rating,
                    },
                    RatingChange {
                        seat: Seat::Second,
                        before: two.rating.rating,
                        after: new_two.rating,
                    },
                ];
            }
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
        change.save_ratings(family, platform, &updated).await?;
        Ok(moved)
    }
}

/// How one player's rating in the game's chat moved with a ranked game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct RatingChange {
    pub seat: Seat,
    pub before: f64,
    pub after: f64,
}

impl RatingChange {
    /// The line the ending shows, "Ana: 1500 → 1662 (+162 points)", in whole points.
    pub fn note(&self, row: &GameRow) -> Text {
        let [before, after] = [self.before, self.after].map(|rating| rating.round() as i64);
        Text::new("rating-change")
            .with("name", name_of(&row.players[self.seat.index()]))
            .with("before", before)
            .with("after", after)
            .with("change", format!("{:+}", after - before))
            .with("points", (after - before).abs())
    }
}

fn flip(outcome: Outcomes) -> Outcomes {
    match outcome {
        Outcomes::WIN => Outcomes::LOSS,
        Outcomes::LOSS => Outcomes::WIN,
        Outcomes::DRAW => Outcomes::DRAW,
    }
}
