//! Every label of every picture is readable on a phone, where a picture is shown about
//! 400 px wide: each text's size, scaled to that width, is at least [`LEAST_PX`].

use engine::{Notation, Point, Stone};

use crate::text::drawn;
use crate::{
    Auction, Bid, CardColour, CardFace, CardKind, ConnectBoard, GridBoard, Hand, PlacedStone,
    PlayDirection, PopOut, Table, TablePlayer,
};

const PHONE_WIDTH: f32 = 400.0;
/// DejaVu Sans at this size (in the phone's CSS pixels) is the smallest comfortable read.
const LEAST_PX: f32 = 10.5;

/// Asserts that every one of `labels` was drawn, and at a readable size for an image
/// `width` pixels wide.
fn assert_readable(width: usize, labels: &[&str]) {
    let drawn = drawn::take();
    for label in labels {
        let px = drawn
            .iter()
            .filter(|(text, _)| text == label)
            .map(|&(_, px)| px)
            .min()
            .unwrap_or_else(|| panic!("{label:?} is not drawn; drawn: {drawn:?}"));
        let on_phone = f32::from(px) * PHONE_WIDTH / width as f32;
        assert!(on_phone >= LEAST_PX, "{label:?}: {px} px, {on_phone:.1} px on a phone");
    }
}

#[test]
fn the_cinco_tables_counts_names_and_bids_are_readable_on_a_phone() {
    let five = CardFace { colour: Some(CardColour::Red), kind: CardKind::Number(5) };
    let player = |name: &str, cards, fives: usize| TablePlayer {
        name: name.into(),
        fives: vec![five; fives],
        protected: false,
        cards,
    };
    let table = Table {
        discard: Some(CardFace { colour: Some(CardColour::Green), kind: CardKind::Number(8) }),
        follow: None,
        draw_pile: 37,
        draw_pile_label: "mazo".into(),
        players: vec![player("Ana", 11, 3), player("Bruno", 12, 1), player("Carla", 13, 0)],
        direction: PlayDirection::Clockwise,
        turn: None,
        auction: Some(Auction {
            label: "Subasta 2".into(),
            five,
            bids: vec![
                Bid::Revealed {
                    card: CardFace { colour: Some(CardColour::Blue), kind: CardKind::Number(9) },
                    value: 9,
                },
                Bid::Hidden,
                Bid::NoBid,
            ],
            no_bid_label: "no puja".into(),
        }),
        status: "Subasta 2 por el rojo 5".into(),
    };
    drawn::take();
    let canvas = table.draw().expect("drawn");
    assert_readable(
        canvas.width,
        &[
            "Ana",
            "Bruno",
            "11",
            "12",
            "13",
            "3",
            "0",
            "37 mazo",
            "= 9",
            "— no puja",
            "Subasta 2",
            "Subasta 2 por el rojo 5",
        ],
    );
}

#[test]
fn pente_tallies_and_coordinates_are_readable_on_a_phone() {
    for size in [13, 15, 19] {
        let mut board = GridBoard::new(size, Notation::SkipI);
        board.black.name = "Ana".into();
        board.white.name = "Bruno".into();
        board.black.captures = Some(4);
        board.white.captures = Some(6);
        board.black.score = Some(12);
        board.white.score = Some(3);
        board.capture_goal = Some(10);
        board.captures_label = "capturas".into();
        board.score_label = "tanteo".into();
        board.status = "Gana Ana".into();
        board.to_move = Some(Stone::White);
        board.clock = Some("quedan 45 s".into());
        board.black.away = Some("ausente — juega la CPU".into());
        board.stones.push(PlacedStone {
            point: Point::new(3, 3),
            stone: Stone::Black,
            number: None,
        });
        drawn::take();
        let canvas = board.draw().expect("drawn");
        assert_readable(
            canvas.width,
            &[
                "Ana",
                "Bruno",
                "capturas",
                "tanteo",
                "4/10",
                "6/10",
                "12",
                "3",
                "Gana Ana",
                "quedan 45 s",
                "ausente — juega la CPU",
            ],
        );
        // The coordinates are drawn once per size, with the empty board, so not recorded here.
        let on_phone = f32::from(crate::grid::COORDINATE.px) * PHONE_WIDTH / canvas.width as f32;
        assert!(on_phone >= LEAST_PX, "coordinates on {size}×{size}: {on_phone:.1} px");
    }
}

#[test]
fn the_pop_out_tag_and_column_numbers_are_readable_on_a_phone() {
    for width in [7, 9] {
        let mut board = ConnectBoard::new(width, 6, Vec::new());
        board.red = "Ana".into();
        board.yellow = "Bruno".into();
        board.pop_out = Some(PopOut { label: "PopOut".into(), columns: vec![1] });
        drawn::take();
        let canvas = board.draw().expect("drawn");
        assert_readable(canvas.width, &["Ana", "Bruno", "PopOut", "1", "7"]);
    }
}

#[test]
fn a_hands_card_numbers_are_readable_on_a_phone() {
    let card = CardFace { colour: Some(CardColour::Yellow), kind: CardKind::Number(2) };
    let hand = Hand { cards: vec![card; 7] };
    drawn::take();
    let canvas = hand.draw().expect("drawn");
    assert_readable(canvas.width, &["1", "5", "6", "7"]);
}
