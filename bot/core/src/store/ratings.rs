use skillratings::glicko2::Glicko2Rating;

use super::statement::{Row, query};
use super::{Change, Store, StoreError};
use crate::games::Family;
use crate::identity::Platform;

/// One player's standing in one game family, in one chat or across all of them.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub user_id: String,
    pub rating: Glicko2Rating,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl RatingRow {
    /// A player who has not played yet.
    #[must_use]
    pub fn new(user_id: &str) -> RatingRow {
        RatingRow {
            user_id: user_id.to_owned(),
            rating: Glicko2Rating::new(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
        }
    }
}

fn read_rating(row: &Row) -> Result<RatingRow, StoreError> {
    Ok(RatingRow {
        user_id: row.try_get("user_id")?,
        rating: Glicko2Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        },
        games: row.try_get("games")?,
        wins: row.try_get("wins")?,
        draws: row.try_get("draws")?,
        losses: row.try_get("losses")?,
    })
}

impl Change {
    /// Keeps the ratings of `users` in `family` from being changed by any other change until
    /// this one ends: a rating is read, moved and written back, and two games ending at once
    /// in different chats (served by different cores or processes) must not both start from
    /// the same old rating. Call it before reading any of them.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn lock_ratings(
        &mut self,
        family: Family,
        platform: Platform,
        users: &[&str],
    ) -> Result<(), StoreError> {
        let keys: Vec<String> = users
            .iter()
            .map(|user| format!("rating:{}:{}:{user}", family.code(), platform.code()))
            .collect();
        self.lock(&keys).await
    }

    /// `user`'s rating in `family` within `scope` (a chat, or `global`), if they have one.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn rating(
        &mut self,
        family: Family,
        scope: &str,
        platform: Platform,
        user: &str,
    ) -> Result<Option<RatingRow>, StoreError> {
        let row = query(
            "SELECT * FROM ratings \
             WHERE family = $1 AND scope = $2 AND platform = $3 AND user_id = $4",
        )
        .bind(family.code())
        .bind(scope)
        .bind(platform.code())
        .bind(user)
        .fetch_optional(self.connection())
        .await?;
        row.as_ref().map(read_rating).transpose()
    }

    /// Saves ratings after a game.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn save_ratings(
        &mut self,
        family: Family,
        platform: Platform,
        ratings: &[(String, RatingRow)],
    ) -> Result<(), StoreError> {
        for (scope, row) in ratings {
            query(
                "INSERT INTO ratings (family, scope, platform, user_id, rating, deviation, \
                 volatility, games, wins, draws, losses) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
                 ON CONFLICT (family, scope, platform, user_id) DO UPDATE SET \
                 rating = excluded.rating, deviation = excluded.deviation, \
                 volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, \
                 draws = excluded.draws, losses = excluded.losses",
            )
            .bind(family.code())
            .bind(scope)
            .bind(platform.code())
            .bind(&row.user_id)
            .bind(row.rating.rating)
            .bind(row.rating.deviation)
            .bind(row.rating.volatility)
            .bind(row.games)
            .bind(row.wins)
            .bind(row.draws)
            .bind(row.losses)
            .execute(self.connection())
            .await?;
        }
        Ok(())
    }
}

impl Store {
    /// Every rating of `user` in `scope`, by family.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn ratings_of(
        &self,
        scope: &str,
        platform: Platform,
        user: &str,
    ) -> Result<Vec<(Family, RatingRow)>, StoreError> {
        let rows = query(
            "SELECT * FROM ratings WHERE scope = $1 AND platform = $2 AND user_id = $3 \
             ORDER BY family",
        )
        .bind(scope)
        .bind(platform.code())
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        let mut ratings = Vec::with_capacity(rows.len());
        for row in &rows {
            let family: String = row.try_get("family")?;
            if let Some(kind) = Family::parse(&family) {
                ratings.push((kind, read_rating(row)?));
            }
        }
        Ok(ratings)
    }

    /// The best `limit` players of `family` in `scope`.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn leaderboard(
        &self,
        family: Family,
        scope: &str,
        platform: Platform,
        limit: i64,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = query(
            "SELECT * FROM ratings WHERE family = $1 AND scope = $2 AND platform = $3 \
             ORDER BY rating DESC, games DESC LIMIT $4",
        )
        .bind(family.code())
        .bind(scope)
        .bind(platform.code())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(read_rating).collect()
    }
}
