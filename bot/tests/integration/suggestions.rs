//! `/move`'s suggestions (the core's answer to Discord's autocomplete) on concrete
//! positions: the legal moves of the player's game, nearest the last stones first, filtered
//! by what they typed, only on their turn.

use crate::common;

use cincobot::core::{GameId, MAX_SUGGESTIONS};
use common::{Harness, chat, game_between_ana_and_bruno};

/// Plays `moves` by `/move`, Ana first, turn by turn.
async fn play(harness: &mut Harness, moves: &[&str]) {
    for (turn, point) in moves.iter().enumerate() {
        let who = if turn % 2 == 0 { "Ana" } else { "Bruno" };
        let outputs = harness.say(who, &format!("/move {point}")).await;
        assert!(!outputs.is_empty(), "{point} answered");
    }
}

fn suggested(harness: &Harness, user: &str, typed: &str) -> Vec<String> {
    harness.core.move_suggestions(&chat(), user, None, typed)
}

#[tokio::test]
async fn the_points_around_the_last_stones_come_first_the_latest_stone_before_older_ones() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    play(&mut harness, &["h8", "a1", "i9"]).await;
    let offered = suggested(&harness, "bruno", "");
    assert_eq!(offered.len(), MAX_SUGGESTIONS);
    // Ring 1 around i9 (the latest stone, h8 taken), bottom row first; then ring 1 around a1,
    // then what is left of ring 1 around h8; then ring 2, i9's first.
    let expected = [
        "i8", "j8", "h9", "j9", "h10", "i10", "j10", // i9
        "b1", "a2", "b2", // a1
        "g7", "h7", "i7", "g8", "g9", // h8
    ];
    assert_eq!(offered[..15], expected);
    // Then ring 2, whose points are all nearest i9, bottom row first.
    assert_eq!(offered[15..20], ["j7", "k7", "k8", "k9", "g10"]);
    assert!(!offered.iter().any(|point| ["h8", "a1", "i9"].contains(&point.as_str())));
}

#[tokio::test]
async fn what_was_typed_filters_in_any_case_and_an_empty_board_starts_at_its_centre() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let opening = suggested(&harness, "ana", "");
    assert_eq!(opening.len(), MAX_SUGGESTIONS);
    assert_eq!(opening[0], "h8", "the centre first");
    // The 25 nearest points are the 5×5 square around the centre.
    assert!(opening.iter().all(|point| {
        let column = point.as_bytes()[0];
        let row: u8 = point[1..].parse().expect("a row");
        (b'f'..=b'j').contains(&column) && (6..=10).contains(&row)
    }));
    play(&mut harness, &["h8", "h9"]).await;
    let column_h = suggested(&harness, "ana", "H");
    assert_eq!(column_h[..4], ["h10", "h7", "h11", "h6"]);
    assert_eq!(column_h.len(), 13, "every free point of column h: {column_h:?}");
    let h1 = suggested(&harness, "ana", " h1");
    assert_eq!(h1, ["h10", "h11", "h12", "h13", "h14", "h15", "h1"]);
    assert!(suggested(&harness, "ana", "z").is_empty(), "no column z");
}

#[tokio::test]
async fn nobody_gets_choices_out_of_turn_or_without_a_game_here() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    assert!(suggested(&harness, "bruno", "").is_empty(), "Ana moves first");
    assert!(suggested(&harness, "carla", "").is_empty(), "Carla has no game here");
    assert!(!harness.core.move_suggestions(&chat(), "ana", Some(GameId(1)), "h").is_empty());
    assert!(harness.core.move_suggestions(&chat(), "ana", Some(GameId(7)), "").is_empty());
    let elsewhere = cincobot::core::Chat { id: "another".into(), ..chat() };
    assert!(harness.core.move_suggestions(&elsewhere, "ana", None, "").is_empty());
}

#[tokio::test]
async fn renju_offers_only_what_its_opening_stage_allows() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/renju").await;
    assert_eq!(suggested(&harness, "ana", ""), ["h8"], "the first stone goes on the centre");
    assert!(suggested(&harness, "ana", "a").is_empty());
    harness.say("Ana", "/move h8").await;
    // Bruno, who would play white, may swap colours or keep them.
    assert_eq!(suggested(&harness, "bruno", ""), ["swap", "keep"]);
    assert_eq!(suggested(&harness, "bruno", "K"), ["keep"]);
    harness.say("Bruno", "/move keep").await;
    // The second stone: inside the 3×3 square around the centre.
    let second = suggested(&harness, "bruno", "");
    assert_eq!(second, ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"]);
}

#[tokio::test]
async fn column_games_offer_their_open_columns_and_the_pops_with_popout() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect4 popout").await;
    assert_eq!(suggested(&harness, "ana", ""), ["1", "2", "3", "4", "5", "6", "7"]);
    play(&mut harness, &["4", "3"]).await;
    let offered = suggested(&harness, "ana", "");
    assert_eq!(offered, ["1", "2", "3", "4", "5", "6", "7", "pop 4"]);
    assert_eq!(suggested(&harness, "ana", "POP"), ["pop 4"]);
}
