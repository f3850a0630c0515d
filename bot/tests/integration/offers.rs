//! Renju's ten fifth moves offered by buttons (issue 26, item 23): black begins an offer,
//! picks the points with the usual column-then-row picker, may take back the last, and offers
//! the ten; white then chooses one. Forged, stale, repeated or mirrored points and other
//! people's presses are refused and change nothing.

use crate::common;

use cincobot::core::Output;
use cincobot::i18n::Text;
use common::{Harness, assert_notice, board, game_between_ana_and_bruno, payloads};

/// The opening up to black's fifth move, and who acts each time (the swaps hand the next
/// stone to the other player): the rule page's Taraguchi-10 order.
const OPENING: [(&str, &str); 8] = [
    ("Ana", "h8"),
    ("Bruno", "keep"),
    ("Bruno", "i9"),
    ("Ana", "keep"),
    ("Ana", "h9"),
    ("Bruno", "keep"),
    ("Bruno", "g7"),
    ("Ana", "keep"),
];

/// The ten points offered (those of the board tests), none the mirror of another here.
const TEN: [&str; 10] = ["h7", "h6", "h10", "h11", "g8", "i7", "i8", "g9", "f7", "f8"];

async fn at_the_fifth_move(harness: &mut Harness) -> Vec<Output> {
    game_between_ana_and_bruno(harness, "/renju").await;
    let mut last = Vec::new();
    for (player, text) in OPENING {
        last = harness.say(player, &format!("/move {text}")).await;
        board(&last);
    }
    last
}

/// The options of the row menu of `column`, as Ana's press on the column shows it.
async fn rows_of(harness: &mut Harness, pick: &str) -> Vec<String> {
    let outputs = harness.press("Ana", pick).await;
    match outputs.as_slice() {
        [Output::Keyboard { components, .. }] => payloads(components),
        other => panic!("expected a keyboard, got {other:#?}"),
    }
}

/// Ana chooses `point` as the next point of her offer, holding `count` already, through the
/// picker: the column, then the row; the board she gets back.
async fn choose(
    harness: &mut Harness,
    count: usize,
    point: &str,
) -> (usize, Vec<Text>, Vec<String>) {
    let column = &point[..1];
    let add = format!("o:1:8:{count}+{point}");
    let rows = rows_of(harness, &format!("k:1:8:{column}")).await;
    assert!(rows.contains(&add), "{add} is not among {rows:?}");
    board(&harness.press("Ana", &add).await)
}

fn status(lines: &[Text]) -> &Text {
    lines.iter().find(|line| line.id.starts_with("status-")).expect("a status line")
}

#[tokio::test]
async fn black_offers_ten_points_by_buttons_and_white_chooses_one() {
    let mut harness = Harness::new().await;
    let (ply, lines, buttons) = board(&at_the_fifth_move(&mut harness).await);
    assert_eq!(ply, 8);
    assert_eq!(status(&lines).id, "status-fifth");
    // The picker places the fifth stone as before; a button begins an offer instead.
    assert!(buttons.contains(&"k:1:8:h".to_owned()));
    assert!(buttons.contains(&"o:1:8:0b".to_owned()));

    let (ply, lines, buttons) = board(&harness.press("Ana", "o:1:8:0b").await);
    assert_eq!(ply, 8);
    assert_eq!(status(&lines).arg("count"), Some(&0usize.into()));
    // Any empty point may be offered, not only the central 9×9: column a is in the picker.
    assert!(buttons.contains(&"k:1:8:a".to_owned()));
    assert!(buttons.contains(&"o:1:8:0x".to_owned()));
    assert!(!buttons.iter().any(|payload| payload.ends_with('!')));

    for (count, point) in TEN.iter().enumerate() {
        let (ply, lines, buttons) = choose(&mut harness, count, point).await;
        assert_eq!(ply, 8);
        assert_eq!(status(&lines).arg("count"), Some(&(count + 1).into()));
        let chosen = lines.iter().find(|line| line.id == "offer-chosen").expect("the points");
        let numbered: Vec<String> =
            TEN[..=count].iter().enumerate().map(|(i, p)| format!("{}. {p}", i + 1)).collect();
        assert_eq!(chosen.arg("points"), Some(&numbered.join(", ").into()));
        assert!(buttons.contains(&format!("o:1:8:{}-", count + 1)));
    }
    // Ten chosen: no more picker, the offer button instead; the image numbers them.
    let outputs = harness.say("Ana", "/board").await;
    let shown = outputs
        .iter()
        .find_map(|output| match output {
            Output::Board { message, .. } => Some(message.clone()),
            _ => None,
        })
        .expect("the board");
    let send = "o:1:8:10!".to_owned();
    assert!(payloads(&shown.components).contains(&send));
    assert!(!payloads(&shown.components).iter().any(|payload| payload.starts_with("k:")));
    let diagram = &shown.board.as_ref().expect("an image").diagram;
    assert!(diagram.contains('0'), "the tenth point is drawn as 0:\n{diagram}");

    // Bruno may not offer for Ana.
    assert_notice(&harness.press("Bruno", &send).await, "bruno", Text::new("not-your-turn"));

    let (ply, lines, buttons) = board(&harness.press("Ana", &send).await);
    assert_eq!(ply, 9);
    assert_eq!(status(&lines).id, "status-fifth-choice");
    assert_eq!(status(&lines).arg("points"), Some(&TEN.join(" ").into()));
    assert!(buttons.contains(&"m:1:9:choose h6".to_owned()));
    // The offer button is stale now.
    assert_notice(&harness.press("Ana", &send).await, "ana", Text::new("outdated"));

    let (ply, lines, _) = board(&harness.press("Bruno", "m:1:9:choose h6").await);
    assert_eq!(ply, 10);
    assert_eq!(status(&lines).id, "status-turn");
}

#[tokio::test]
async fn a_repeated_mirrored_or_taken_point_is_refused_and_changes_nothing() {
    let mut harness = Harness::new().await;
    at_the_fifth_move(&mut harness).await;
    board(&harness.press("Ana", "o:1:8:0b").await);
    choose(&mut harness, 0, "h7").await;
    // Not among the rows offered, and refused when forged: h7 again, h8 taken.
    let rows = rows_of(&mut harness, "k:1:8:h").await;
    assert!(!rows.contains(&"o:1:8:1+h7".to_owned()));
    assert!(!rows.contains(&"o:1:8:1+h8".to_owned()));
    let refused = harness.press("Ana", "o:1:8:1+h7").await;
    let repeated = Text::new("refused-offer-repeated").with("point", "h7");
    assert_notice(&refused, "ana", repeated);
    let taken = Text::new("refused-offer-occupied").with("point", "h8");
    assert_notice(&harness.press("Ana", "o:1:8:1+h8").await, "ana", taken);
    let off_board = harness.press("Ana", "o:1:8:1+z99").await;
    assert!(matches!(off_board.as_slice(), [Output::Reply { .. }]), "{off_board:#?}");
    // A press drawn for another count is stale.
    assert_notice(&harness.press("Ana", "o:1:8:0+a1").await, "ana", Text::new("outdated"));
    // Nothing changed: one point chosen, the next is the second.
    let (_, lines, _) = choose(&mut harness, 1, "a1").await;
    assert_eq!(status(&lines).arg("count"), Some(&2usize.into()));
}

#[tokio::test]
async fn mirror_images_are_refused_on_a_symmetric_position() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/renju").await;
    // A vertical line of four: the left-right mirror keeps the position.
    for (player, text) in [
        ("Ana", "h8"),
        ("Bruno", "keep"),
        ("Bruno", "h9"),
        ("Ana", "keep"),
        ("Ana", "h10"),
        ("Bruno", "keep"),
        ("Bruno", "h11"),
        ("Ana", "keep"),
    ] {
        board(&harness.say(player, &format!("/move {text}")).await);
    }
    board(&harness.press("Ana", "o:1:8:0b").await);
    choose(&mut harness, 0, "g5").await;
    let rows = rows_of(&mut harness, "k:1:8:i").await;
    assert!(!rows.contains(&"o:1:8:1+i5".to_owned()));
    let mirrored = Text::new("refused-offer-symmetric").with("first", "g5").with("second", "i5");
    assert_notice(&harness.press("Ana", "o:1:8:1+i5").await, "ana", mirrored);
}

#[tokio::test]
async fn the_last_point_chosen_can_be_removed_and_the_offer_given_up() {
    let mut harness = Harness::new().await;
    at_the_fifth_move(&mut harness).await;
    board(&harness.press("Ana", "o:1:8:0b").await);
    choose(&mut harness, 0, "h7").await;
    let (_, _, buttons) = choose(&mut harness, 1, "a1").await;
    assert!(buttons.contains(&"o:1:8:2-".to_owned()));
    let (_, lines, buttons) = board(&harness.press("Ana", "o:1:8:2-").await);
    assert_eq!(status(&lines).arg("count"), Some(&1usize.into()));
    let chosen = lines.iter().find(|line| line.id == "offer-chosen").expect("the points");
    assert_eq!(chosen.arg("points"), Some(&"1. h7".into()));
    assert!(buttons.contains(&"o:1:8:1-".to_owned()));
    // The same press again is stale: it was drawn with two points.
    assert_notice(&harness.press("Ana", "o:1:8:2-").await, "ana", Text::new("outdated"));
    // a1 may be chosen again.
    choose(&mut harness, 1, "a1").await;
    // Giving up goes back to placing the stone, and the picker plays again.
    let (_, lines, buttons) = board(&harness.press("Ana", "o:1:8:2x").await);
    assert_eq!(status(&lines).id, "status-fifth");
    assert!(buttons.contains(&"o:1:8:0b".to_owned()));
    let rows = rows_of(&mut harness, "k:1:8:j").await;
    assert!(rows.contains(&"m:1:8:j8".to_owned()), "{rows:?}");
}

#[tokio::test]
async fn only_blacks_player_may_choose_the_offer() {
    let mut harness = Harness::new().await;
    at_the_fifth_move(&mut harness).await;
    let outsider = harness.press("Carla", "o:1:8:0b").await;
    assert_notice(&outsider, "carla", Text::new("not-a-player"));
    assert_notice(&harness.press("Bruno", "o:1:8:0b").await, "bruno", Text::new("not-your-turn"));
    board(&harness.press("Ana", "o:1:8:0b").await);
    assert_notice(&harness.press("Carla", "o:1:8:0+a1").await, "carla", Text::new("not-a-player"));
    assert_notice(&harness.press("Bruno", "o:1:8:0+a1").await, "bruno", Text::new("not-your-turn"));
    // Nothing changed: Ana's first point is still the first.
    let (_, lines, _) = choose(&mut harness, 0, "a1").await;
    assert_eq!(status(&lines).arg("count"), Some(&1usize.into()));
}

#[tokio::test]
async fn typing_the_ten_still_works_and_ends_a_choice_by_buttons() {
    let mut harness = Harness::new().await;
    at_the_fifth_move(&mut harness).await;
    board(&harness.press("Ana", "o:1:8:0b").await);
    choose(&mut harness, 0, "a1").await;
    let (ply, lines, _) =
        board(&harness.say("Ana", &format!("/move offer {}", TEN.join(" "))).await);
    assert_eq!(ply, 9);
    assert_eq!(status(&lines).id, "status-fifth-choice");
    assert_notice(&harness.press("Ana", "o:1:8:1-").await, "ana", Text::new("outdated"));
}

#[tokio::test]
async fn the_points_chosen_survive_a_restart() {
    let mut harness = Harness::new().await;
    at_the_fifth_move(&mut harness).await;
    board(&harness.press("Ana", "o:1:8:0b").await);
    choose(&mut harness, 0, "h7").await;
    choose(&mut harness, 1, "a1").await;
    let mut restarted = Harness::on(harness.store.clone()).await;
    let (_, lines, buttons) = board(&restarted.say("Ana", "/board").await);
    assert_eq!(status(&lines).arg("count"), Some(&2usize.into()));
    assert!(buttons.contains(&"o:1:8:2-".to_owned()));
}
