//! Ratings for CINCO between people, on the board games' scale: Glicko-2, the same numbers
//! and the same start (1500, deviation 350), so that `/stats` and `/leaderboard` read alike
//! and a newcomer's first table moves them about as much as a first board game. A table is
//! one rating period in which each person played every other person at it: the one who
//! finished ahead won that pair (the winner first, then by the 5s in front of them), equal
//! places drew it; every pair is scored from the ratings before the table, so a two-person
//! table moves both exactly as a board game between them would. The record agrees with the
//! rating: a table counts as a win for whoever finished ahead of more people than behind, a
//! draw when as many, a loss otherwise. CPUs are not rated and do not count. Written in the
//! same change as the ending (atomic endings); when they cannot be, the ending commits alone
//! with its ratings due, as a board game's does, and a start writes them: an ending is never
//! refused for its ratings.
//!
//! A rating kept from before (a plain Elo figure, stored with no deviation) carries on at its
//! figure with a newcomer's deviation.

use std::cmp::Ordering;

use engine::{CincoOutcome, PublicView};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use super::super::Core;
use super::super::chat::GLOBAL;
use crate::games::Family;
use crate::i18n::Text;
use crate::identity::Player;
use crate::store::{Change, CincoRow, RatingRow, StoreError};

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

fn outcome(one: Standing, other: Standing) -> Outcomes {
    match one.cmp(&other) {
        Ordering::Greater => Outcomes::WIN,
        Ordering::Less => Outcomes::LOSS,
        Ordering::Equal => Outcomes::DRAW,
    }
}

/// The ratings after a table of people rated `before`, who finished as `standings` says.
pub(super) fn table_ratings(
    before: &[Glicko2Rating],
    standings: &[Standing],
) -> Vec<Glicko2Rating> {
    let people = before.len().min(standings.len());
    let config = Glicko2Config::new();
    (0..people)
        .map(|one| {
            let pairs: Vec<(Glicko2Rating, Outcomes)> = (0..people)
                .filter(|&two| two != one)
                .map(|two| (before[two], outcome(standings[one], standings[two])))
                .collect();
            if pairs.is_empty() {
                before[one]
            } else {
                glicko2_rating_period(&before[one], &pairs, &config)
            }
        })
        .chain(before.iter().skip(people).copied())
        .collect()
}

/// What the table counts as in `seat`'s record: a win when they finished ahead of more people
/// than behind, a draw when as many, a loss otherwise.
pub(super) fn table_result(standings: &[Standing], seat: usize) -> Outcomes {
    let Some(&mine) = standings.get(seat) else { return Outcomes::DRAW };
    let balance: i64 = standings
        .iter()
        .enumerate()
        .filter(|&(other, _)| other != seat)
        .map(|(_, &theirs)| match outcome(mine, theirs) {
            Outcomes::WIN => 1,
            Outcomes::LOSS => -1,
            Outcomes::DRAW => 0,
        })
        .sum();
    match balance.cmp(&0) {
        Ordering::Greater => Outcomes::WIN,
        Ordering::Less => Outcomes::LOSS,
        Ordering::Equal => Outcomes::DRAW,
    }
}

/// A stored rating as Glicko-2 sees it: one kept from the plain Elo figures of before (no
/// deviation) keeps its figure with a newcomer's deviation and volatility.
fn on_the_scale(rating: Glicko2Rating) -> Glicko2Rating {
    if rating.deviation > 0.0 {
        return rating;
    }
    Glicko2Rating { rating: rating.rating, ..Glicko2Rating::new() }
}

impl Core {
    /// Writes the ratings finished CINCO games still owe, each from its final table replayed.
    pub(in crate::core) async fn settle_due_cinco_ratings(&self) -> Result<(), StoreError> {
        let due = self.store.cinco_games_due_rating().await?;
        let owned = due.into_iter().filter(|(row, _)| self.partition.owns(&row.chat));
        for table in super::flow::replayed(owned.collect()) {
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
        let users: Vec<&str> = people.iter().map(|(user, _, _)| *user).collect();
        change.lock_ratings(Family::Cinco, platform, &users).await?;
        let places: Vec<Standing> = people.iter().map(|(_, _, standing)| *standing).collect();
        let mut lines = Vec::new();
        for scope in [row.chat.rating_scope(), GLOBAL.to_owned()] {
            let mut rows = Vec::with_capacity(people.len());
            for (user, _, _) in &people {
                let stored = change.rating(Family::Cinco, &scope, platform, user).await?;
                rows.push(stored.unwrap_or_else(|| RatingRow::new(user)));
            }
            let before: Vec<Glicko2Rating> =
                rows.iter().map(|rated| on_the_scale(rated.rating)).collect();
            let after = table_ratings(&before, &places);
            let mut updated = Vec::with_capacity(rows.len());
            for (seat, (mut rated, new)) in rows.into_iter().zip(after).enumerate() {
                if lines.len() < people.len() {
                    lines.push(rating_line(people[seat].1, rated.rating.rating, new.rating));
                }
                rated.rating = new;
                rated.games += 1;
                match table_result(&places, seat) {
                    Outcomes::WIN => rated.wins += 1,
                    Outcomes::DRAW => rated.draws += 1,
                    Outcomes::LOSS => rated.losses += 1,
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
    use skillratings::glicko2::glicko2;

    use super::*;

    fn figures(ratings: &[Glicko2Rating]) -> Vec<i64> {
        ratings.iter().map(|rating| rating.rating.round() as i64).collect()
    }

    #[test]
    fn a_two_person_table_moves_both_as_a_board_game_does() {
        let start = [Glicko2Rating::new(); 2];
        let after = table_ratings(&start, &[(true, 5), (false, 4)]);
        let (won, lost) = glicko2(&start[0], &start[1], &Outcomes::WIN, &Glicko2Config::new());
        assert_eq!(after, [won, lost]);
        assert_eq!(figures(&after), [1662, 1338], "the board games' first move");
    }

    #[test]
    fn three_newcomers_gain_from_each_person_they_finished_ahead_of() {
        let start = [Glicko2Rating::new(); 3];
        // Ana wins with five 5s, Bruno has 3, Carla 1.
        let after = figures(&table_ratings(&start, &[(true, 5), (false, 3), (false, 1)]));
        // Two pairs won move more than one board game; one won and one lost, nothing.
        assert_eq!(after, [1747, 1500, 1253], "the example of docs/rules/cinco.md");
        // Bruno and Carla level on 5s draw their pair.
        let level = figures(&table_ratings(&start, &[(true, 5), (false, 2), (false, 2)]));
        assert_eq!(level[1], level[2], "{level:?}");
        assert!(level[1] < 1500 && level[0] > 1500, "{level:?}");
    }

    #[test]
    fn the_record_agrees_with_the_rating() {
        // Six people: the second place is ahead of four and behind one.
        let standings = [(false, 4), (true, 5), (false, 3), (false, 2), (false, 1), (false, 0)];
        let after = table_ratings(&[Glicko2Rating::new(); 6], &standings);
        for (seat, rating) in after.iter().enumerate() {
            let result = table_result(&standings, seat);
            let gained = rating.rating > 1500.0;
            assert_eq!(result == Outcomes::WIN, gained, "seat {seat}: {result:?} {rating:?}");
        }
        assert_eq!(table_result(&standings, 0), Outcomes::WIN, "second of six is a win");
        assert_eq!(table_result(&[(true, 5), (false, 2), (false, 0)], 1), Outcomes::DRAW);
    }

    #[test]
    fn an_elo_figure_of_before_carries_on_with_a_newcomers_deviation() {
        let kept = Glicko2Rating { rating: 1620.0, deviation: 0.0, volatility: 0.0 };
        let scaled = on_the_scale(kept);
        assert_eq!((scaled.rating, scaled.deviation), (1620.0, Glicko2Rating::new().deviation));
        let moved = table_ratings(&[scaled, Glicko2Rating::new()], &[(true, 5), (false, 1)]);
        assert!(moved[0].rating > 1620.0, "{moved:?}");
    }

    #[test]
    fn a_table_of_one_person_rates_nobody() {
        let one = [Glicko2Rating::new()];
        assert_eq!(table_ratings(&one, &[(true, 5)]), one);
    }
}
