//! The seats of a game, as a list (`game_seats`): two for a board game, up to six for CINCO.

use super::StoreError;
use super::statement::{On, query};
use crate::identity::{GameId, Player, SeatIndex};

/// A seat number as stored.
pub(super) fn seat_code(seat: SeatIndex) -> i16 {
    i16::from(u8::try_from(seat.index()).unwrap_or(u8::MAX))
}

/// A stored seat number.
pub(super) fn seat_index(code: i16) -> Result<SeatIndex, StoreError> {
    usize::try_from(code)
        .ok()
        .and_then(SeatIndex::new)
        .ok_or_else(|| StoreError::Corrupt(format!("seat {code}")))
}

/// Writes `players` as the seats of game `game`, in order.
pub(super) async fn insert_seats(
    on: impl Into<On<'_>>,
    game: GameId,
    players: &[Player],
) -> Result<(), StoreError> {
    let mut on = on.into();
    for (index, player) in players.iter().enumerate() {
        let seat = SeatIndex::new(index)
            .ok_or_else(|| StoreError::Corrupt(format!("{} seats", players.len())))?;
        query("INSERT INTO game_seats (game_id, seat, player, user_id) VALUES ($1, $2, $3, $4)")
            .bind(game.0)
            .bind(seat_code(seat))
            .bind(serde_json::to_string(player)?)
            .bind(player.user_id())
            .execute(on.reborrow())
            .await?;
    }
    Ok(())
}

/// The players of game `game`, seat by seat; the seats must be numbered 0, 1, 2… with none
/// missing.
pub(super) async fn read_seats(
    on: impl Into<On<'_>>,
    game: GameId,
) -> Result<Vec<Player>, StoreError> {
    let rows = query("SELECT seat, player FROM game_seats WHERE game_id = $1 ORDER BY seat")
        .bind(game.0)
        .fetch_all(on)
        .await?;
    let mut players = Vec::with_capacity(rows.len());
    for (expected, row) in rows.iter().enumerate() {
        let seat = seat_index(row.try_get("seat")?)?;
        if seat.index() != expected {
            return Err(StoreError::Corrupt(format!("game {} lacks seat {expected}", game.0)));
        }
        players.push(serde_json::from_str(&row.try_get::<String>("player")?)?);
    }
    Ok(players)
}
