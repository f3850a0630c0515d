//! The games that ended with a result, board games and CINCO tables alike: what `/history`
//! lists and what `/stats` counts, read through one filter so the two never disagree.

use super::cinco::read_row as read_cinco;
use super::games::read_game;
use super::seats::read_seats;
use super::statement::{Statement, query};
use super::{CincoRow, GameRow, Store, StoreError};
use crate::games::Family;
use crate::identity::{Chat, GameId, Platform};

/// Whose ended games: in one chat or in every chat of a platform, of one user or of everyone.
#[derive(Clone, Copy, Debug)]
pub struct Ended<'a> {
    pub platform: Platform,
    pub chat: Option<&'a Chat>,
    pub user: Option<&'a str>,
    pub kind: Option<Family>,
    /// Only board games (what `/replay` and `/export` look among).
    pub boards_only: bool,
}

/// An ended game with the length of its log (moves, or a CINCO table's actions).
#[derive(Clone, Debug, PartialEq)]
pub struct EndedGame {
    pub game: EndedRow,
    pub moves: usize,
}

/// An ended board game or CINCO table.
#[derive(Clone, Debug, PartialEq)]
pub enum EndedRow {
    Board(GameRow),
    Cinco(CincoRow),
}

impl EndedRow {
    #[must_use]
    pub fn id(&self) -> GameId {
        match self {
            EndedRow::Board(row) => row.id,
            EndedRow::Cinco(row) => row.id,
        }
    }
}

/// One family's results for a user.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// Whether the user bound to placeholder `user` sits at the game (by `game_seats`, where the
/// CPU has no id).
fn seated(user: usize) -> String {
    format!(
        "EXISTS (SELECT 1 FROM game_seats WHERE game_seats.game_id = games.id \
         AND user_id = ${user})"
    )
}

/// 1 if the user bound to placeholder `user` sits in a seat that won, else 0: a board game's
/// `first` or `second`, or one of the seats a CINCO table lists as its winners (`0,2`).
fn won(user: usize) -> String {
    format!(
        "CASE WHEN EXISTS (SELECT 1 FROM game_seats WHERE game_seats.game_id = games.id \
         AND user_id = ${user} \
         AND (seat = CASE result WHEN 'first' THEN 0 WHEN 'second' THEN 1 END \
         OR (games.kind = 'cinco' AND ',' || result || ',' LIKE '%,' || seat || ',%'))) \
         THEN 1 ELSE 0 END"
    )
}

impl Ended<'_> {
    /// The `WHERE` clause, whose placeholders start at `$first`, and its arguments in order.
    fn clause(&self, first: usize) -> (String, Vec<String>) {
        let mut clause = format!("status = 'finished' AND platform = ${first}");
        if self.boards_only {
            clause.push_str(" AND kind <> 'cinco'");
        }
        let mut arguments = vec![self.platform.code().to_owned()];
        if let Some(chat) = self.chat {
            clause.push_str(&format!(" AND chat_id = ${}", first + arguments.len()));
            arguments.push(chat.id.clone());
        }
        if let Some(kind) = self.kind {
            clause.push_str(&format!(" AND kind = ${}", first + arguments.len()));
            arguments.push(kind.code().to_owned());
        }
        if let Some(user) = self.user {
            clause.push_str(&format!(" AND {}", seated(first + arguments.len())));
            arguments.push(user.to_owned());
        }
        (clause, arguments)
    }
}

fn bound(statement: Statement<'_>, arguments: Vec<String>) -> Statement<'_> {
    arguments.into_iter().fold(statement, Statement::bind)
}

impl Store {
    /// The ended games of `filter`, newest first, `limit` of them after skipping `offset`.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn ended_games(
        &self,
        filter: Ended<'_>,
        offset: i64,
        limit: i64,
    ) -> Result<Vec<EndedGame>, StoreError> {
        let (clause, arguments) = filter.clause(1);
        let limit_at = arguments.len() + 1;
        let offset_at = limit_at + 1;
        let sql = format!(
            "SELECT *, (SELECT COUNT(*) FROM moves WHERE game_id = games.id) \
             + (SELECT COUNT(*) FROM cinco_actions WHERE game_id = games.id) AS plies \
             FROM games WHERE {clause} ORDER BY id DESC LIMIT ${limit_at} OFFSET ${offset_at}"
        );
        let rows =
            bound(query(sql), arguments).bind(limit).bind(offset).fetch_all(&self.pool).await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let id = GameId(row.try_get("id")?);
            let seats = read_seats(&self.pool, id).await?;
            let moves: i64 = row.try_get("plies")?;
            let moves = usize::try_from(moves).unwrap_or(0);
            let kind: String = row.try_get("kind")?;
            let game = match Family::parse(&kind) {
                Some(Family::Cinco) => EndedRow::Cinco(read_cinco(row, seats)?),
                _ => EndedRow::Board(read_game(row, seats)?),
            };
            games.push(EndedGame { game, moves });
        }
        Ok(games)
    }

    /// How many ended games `filter` holds.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn count_ended_games(&self, filter: Ended<'_>) -> Result<i64, StoreError> {
        let (clause, arguments) = filter.clause(1);
        let sql = format!("SELECT COUNT(*) AS games FROM games WHERE {clause}");
        let row = bound(query(sql), arguments).fetch_one(&self.pool).await?;
        Ok(row.try_get("games")?)
    }

    /// `user`'s results in the ended games of `filter` (whose own user is ignored), by family.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn tallies(
        &self,
        filter: Ended<'_>,
        user: &str,
    ) -> Result<Vec<(Family, Tally)>, StoreError> {
        let (clause, arguments) = Ended { user: Some(user), ..filter }.clause(2);
        let sql = format!(
            "SELECT kind, COUNT(*) AS games, \
             SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END) AS draws, \
             SUM({won}) AS wins \
             FROM games WHERE {clause} GROUP BY kind ORDER BY kind",
            won = won(1)
        );
        let rows = bound(query(sql).bind(user), arguments).fetch_all(&self.pool).await?;
        let mut tallies = Vec::with_capacity(rows.len());
        for row in &rows {
            let kind: String = row.try_get("kind")?;
            let Some(kind) = Family::parse(&kind) else { continue };
            let games: i64 = row.try_get("games")?;
            let draws: i64 = row.try_get("draws")?;
            let wins: i64 = row.try_get("wins")?;
            tallies.push((kind, Tally { games, wins, draws, losses: games - wins - draws }));
        }
        Ok(tallies)
    }
}
