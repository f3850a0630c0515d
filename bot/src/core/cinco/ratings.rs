//! Ratings for CINCO between people: pairwise Elo by finishing order. Each pair of people at
//! a finished table is one Elo game — the one who finished ahead wins it, equal places draw
//! it — with K = 32 / (people − 1), so a table moves a player about as much as one board game
//! does whatever its size; every pair is scored from the ratings before the table. CPUs are
//! not rated and do not count. Written in the same change as the ending (atomic endings);
//! when they cannot be, the ending commits alone with its ratings due, as a board game's
//! does, and a start writes them: an ending is never refused for its ratings.
//!
//! Why not Weng-Lin, which `skillratings` also offers: its numbers sit on a 25-point scale
//! with an uncertainty beside them, unlike the board games' 1500-point figures in the same
//! `/stats`, and "you gain from each person you finished ahead of" is a rule players can check
//! by hand.

use engine::{CincoOutcome, PublicView};
use skillratings::Outcomes;
use skillratings::elo::{EloConfig, EloRating, elo};
use skillratings::glicko2::Glicko2Rating;

use super::super::Core;
use super::super::chat::GLOBAL;
use crate::games::Family;
use crate::i18n::Text;
use crate::identity::Player;
use crate::store::{Change, CincoRow, RatingRow, StoreError};

/// The K-factor of a two-person table; larger tables share it among their pairs.
const K: f64 = 32.0;
/// A newcomer's rating: the board games' starting figure, so that `/stats` reads alike.
const START: f64 = 1500.0;

/// Where a seat finished: whether it won, then how many 5s lay in front of it.
pub(super) type Standing = (bool, usize);

/// Each seat's standing at a finished table.
pub(super) fn standings(view: &PublicView) -> Vec<Standing> {
    let winners: Vec<usize> = match &view.outcome {
        CincoOutcome::Running => Vec::new(),
        CincoOutcome::Won { winner, .. } => vec![winner.index()],
        CincoOutcome::NoFivesLeft { leaders } => leaders.iter().map(|seat| seat.index()).collect(),
    };
    view.players
        .iter()
        .enumerate()
        .map(|(seat, player)| (winners.contains(&seat), player.fives.len()))
        .collect()
}

/// The ratings after a table of people rated `before`, who finished as `standings` says.
pub(super) fn pairwise_elo(before: &[f64], standings: &[Standing]) -> Vec<f64> {
    let people = before.len().min(standings.len());
    let mut after = before.to_vec();
    if people < 2 {
        return after;
    }
    let config = EloConfig { k: K / (people - 1) as f64 };
    for one in 0..people {
        for two in one + 1..people {
            let outcome = match standings[one].cmp(&standings[two]) {
                std::cmp::Ordering::Greater => Outcomes::WIN,
                std::cmp::Ordering::Less => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (first, second) =
                (EloRating { rating: before[one] }, EloRating { rating: before[two] });
            let (new_first, new_second) = elo(&first, &second, &outcome, &config);
            after[one] += new_first.rating - first.rating;
            after[two] += new_second.rating - second.rating;
        }
    }
    after
}

/// A person's CINCO standing before their first table. Elo has no deviation or volatility:
/// both are stored as 0.
fn newcomer(user: &str) -> RatingRow {
    RatingRow {
        rating: Glicko2Rating { rating: START, deviation: 0.0, volatility: 0.0 },
        ..RatingRow::new(user)
    }
}

impl Core {
    /// Writes the ratings finished CINCO games still owe, each from its final table replayed.
    pub(in crate::core) async fn settle_due_cinco_ratings(&self) -> Result<(), StoreError> {
        for table in super::flow::replayed(self.store.cinco_games_due_rating().await?) {
            let mut row = table.row;
            let mut change = self.begin(None).await?;
            row.rating_due = false;
            match self.rate_cinco(&mut change, &row, &table.game.public_view()).await {
                Ok(_) => {
                    change.save_cinco(&row).await?;
                    self.commit(None, change).await?;
                    tracing::info!(game = row.id.0, "CINCO ratings written after all");
                }
                Err(error) => tracing::error!(game = row.id.0, %error, "CINCO ratings still due"),
            }
        }
        Ok(())
    }

    /// Rates the people of the finished table `row` (its final view `view`) within `change`,
    /// in its chat and everywhere; the lines that tell how each rating in the chat moved.
    pub(in crate::core) async fn rate_cinco(
        &self,
        change: &mut Change,
        row: &CincoRow,
        view: &PublicView,
    ) -> Result<Vec<Text>, StoreError> {
        let standings = standings(view);
        let people: Vec<(&str, &str, Standing)> = row
            .players
            .iter()
            .zip(&standings)
            .filter_map(|(player, standing)| match player {
                Player::Human { id, name } => Some((id.as_str(), name.as_str(), *standing)),
                Player::Cpu { .. } => None,
            })
            .collect();
        if people.len() < 2 {
            return Ok(Vec::new());
        }
        let platform = row.chat.platform;
        let places: Vec<Standing> = people.iter().map(|(_, _, standing)| *standing).collect();
        let mut lines = Vec::new();
        for scope in [row.chat.rating_scope(), GLOBAL.to_owned()] {
            let mut rows = Vec::with_capacity(people.len());
            for (user, _, _) in &people {
                let stored = change.rating(Family::Cinco, &scope, platform, user).await?;
                rows.push(stored.unwrap_or_else(|| newcomer(user)));
            }
            let before: Vec<f64> = rows.iter().map(|rated| rated.rating.rating).collect();
            let after = pairwise_elo(&before, &places);
            let mut updated = Vec::with_capacity(rows.len());
            for ((mut rated, new), (_, name, (won, _))) in rows.into_iter().zip(&after).zip(&people)
            {
                if lines.len() < people.len() {
                    lines.push(rating_line(name, rated.rating.rating, *new));
                }
                rated.rating.rating = *new;
                rated.games += 1;
                if *won {
                    rated.wins += 1;
                } else {
                    rated.losses += 1;
                }
                updated.push((scope.clone(), rated));
            }
            change.save_ratings(Family::Cinco, platform, &updated).await?;
        }
        Ok(lines)
    }
}

/// "Ana: 1500 → 1516 (+16 points)", in whole points.
fn rating_line(name: &str, before: f64, after: f64) -> Text {
    let [before, after] = [before, after].map(|rating| rating.round() as i64);
    Text::new("rating-change")
        .with("name", name)
        .with("before", before)
        .with("after", after)
        .with("change", format!("{:+}", after - before))
        .with("points", (after - before).abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rounded(ratings: &[f64]) -> Vec<f64> {
        ratings.iter().map(|rating| (rating * 100.0).round() / 100.0).collect()
    }

    #[test]
    fn three_newcomers_gain_from_each_person_they_finished_ahead_of() {
        let start = [START; 3];
        // Ana wins with five 5s, Bruno has 3, Carla 1: K = 16 a pair, each pair expected even.
        let after = pairwise_elo(&start, &[(true, 5), (false, 3), (false, 1)]);
        assert_eq!(rounded(&after), [1516.0, 1500.0, 1484.0]);
        // Bruno and Carla level on 5s draw their pair.
        let level = pairwise_elo(&start, &[(true, 5), (false, 2), (false, 2)]);
        assert_eq!(rounded(&level), [1516.0, 1492.0, 1492.0]);
    }

    #[test]
    fn a_favourite_gains_less_and_the_pairs_sum_to_nothing() {
        // Ana 1600 beats Bruno 1400 at a two-person table: E = 1 / (1 + 10^(-0.5)) = 0.7597.
        let after = pairwise_elo(&[1600.0, 1400.0], &[(true, 5), (false, 4)]);
        assert_eq!(rounded(&after), [1607.69, 1392.31]);
        let four = pairwise_elo(
            &[1500.0, 1620.0, 1450.0, 1380.0],
            &[(false, 2), (true, 4), (false, 2), (false, 0)],
        );
        let moved: f64 = four.iter().sum::<f64>() - (1500.0 + 1620.0 + 1450.0 + 1380.0);
        assert!(moved.abs() < 1e-9, "Elo moves points between players: {moved}");
        assert!(four[1] > 1620.0 && four[3] < 1380.0, "{four:?}");
    }

    #[test]
    fn a_table_of_one_person_rates_nobody() {
        assert_eq!(pairwise_elo(&[1500.0], &[(true, 5)]), [1500.0]);
    }
}
