//! `cargo bench -p cincobot-render`: render + encode times of the images the bot posts most.

use engine::{Line, Notation, Point, Stone};
use render::{
    Auction, Bid, CardColour, CardFace, CardKind, ConnectBoard, Disc, GridBoard, Hand, PlacedStone,
    PlayDirection, Replay, Table, TablePlayer,
};

fn main() {
    // Byte sizes next to the times: both are goals (a 19×19 board ≤ 30 KB).
    for (name, bytes) in [
        ("board_19x19_midgame_png", board_19x19_midgame_png()),
        ("board_15x15_midgame_png", board_15x15_midgame_png()),
        ("five_in_a_row_png", five_in_a_row_png()),
        ("cinco_table_png", cinco_table_png()),
        ("cinco_hand_png", cinco_hand_png()),
        ("replay_19x19_100_moves_gif", replay_19x19_100_moves_gif()),
    ] {
        println!("{name:<28} {bytes:>7} bytes");
    }
    divan::main();
}

/// `count` distinct points around the centre, in a fixed pseudo-random order.
fn moves(size: u8, count: usize) -> Vec<Point> {
    moves_from(size, count, 7)
}

/// `count` distinct points around the centre, in the pseudo-random order of `seed`.
fn moves_from(size: u8, count: usize, mut seed: u32) -> Vec<Point> {
    let mut points = Vec::with_capacity(count);
    while points.len() < count {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let spread = 5 + (points.len() / 6) as u32;
        let x = (u32::from(size) / 2 + (seed >> 8) % spread).saturating_sub(spread / 2);
        let y = (u32::from(size) / 2 + (seed >> 20) % spread).saturating_sub(spread / 2);
        let point = Point::new((x as u8).min(size - 1), (y as u8).min(size - 1));
        if !points.contains(&point) {
            points.push(point);
        }
    }
    points
}

/// `points` as stones played in turn, black first.
fn alternating(points: &[Point]) -> Vec<PlacedStone> {
    points
        .iter()
        .enumerate()
        .map(|(i, &point)| PlacedStone {
            point,
            stone: if i % 2 == 0 { Stone::Black } else { Stone::White },
            number: None,
        })
        .collect()
}

fn grid(size: u8, stones: usize) -> GridBoard {
    let mut board = GridBoard::new(size, Notation::WithI);
    let played = moves(size, stones);
    board.stones = alternating(&played);
    board.last_move = played.last().copied();
    board.black.name = "Ana".into();
    board.white.name = "Bruno".into();
    board.to_move = Some(Stone::Black);
    board.status = "Turno de Ana · jugada 61".into();
    board
}

#[divan::bench]
fn board_19x19_midgame_png() -> usize {
    let board = grid(19, 60);
    divan::black_box(&board).to_png().map(|png| png.len()).unwrap_or(0)
}

#[divan::bench]
fn board_15x15_midgame_png() -> usize {
    let board = grid(15, 40);
    divan::black_box(&board).to_png().map(|png| png.len()).unwrap_or(0)
}

/// Every board of a 60-move 19×19 game, as the bot draws them move after move: each call a
/// game never drawn before, so that only what games share (the empty rows, the previous
/// board's rows) is found already compressed, as in a running bot.
#[divan::bench(sample_count = 20)]
fn game_19x19_every_board_png() -> usize {
    static GAMES: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
    let seed = GAMES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let played = moves_from(19, 60, seed);
    let mut bytes = 0;
    for n in 1..=played.len() {
        let mut board = grid(19, 0);
        board.stones = alternating(&played[..n]);
        board.last_move = played.get(n - 1).copied();
        board.status = format!("Turno de Ana · jugada {}", n + 1);
        bytes += divan::black_box(&board).to_png().map(|png| png.len()).unwrap_or(0);
    }
    bytes
}

#[divan::bench]
fn five_in_a_row_png() -> usize {
    let mut board = ConnectBoard::new(9, 6, vec![0, 8]);
    for row in 0..6u8 {
        board.set(Point::new(0, row), Some(if row % 2 == 0 { Disc::Red } else { Disc::Yellow }));
        board.set(Point::new(8, row), Some(if row % 2 == 0 { Disc::Yellow } else { Disc::Red }));
    }
    for (i, column) in [4u8, 4, 3, 5, 2, 6, 3, 3, 5, 1].iter().enumerate() {
        let row = (0..6).find(|&r| board.get(Point::new(*column, r)).is_none()).unwrap_or(0);
        board
            .set(Point::new(*column, row), Some(if i % 2 == 0 { Disc::Red } else { Disc::Yellow }));
        board.last_move = Some(Point::new(*column, row));
    }
    board.winning_lines = vec![Line { from: Point::new(0, 0), to: Point::new(4, 0) }];
    board.red = "Ana".into();
    board.yellow = "Bruno".into();
    board.status = "Gana Ana".into();
    divan::black_box(&board).to_png().map(|png| png.len()).unwrap_or(0)
}

#[divan::bench]
fn cinco_table_png() -> usize {
    let face = |colour, n| CardFace { colour: Some(colour), kind: CardKind::Number(n) };
    let players: Vec<TablePlayer> = ["Ana", "Bruno", "Carla", "CPU"]
        .iter()
        .map(|name| TablePlayer {
            name: (*name).into(),
            fives: vec![
                face(CardColour::Red, 5),
                CardFace { colour: None, kind: CardKind::FiveWild },
            ],
            protected: *name == "Ana",
            cards: 5,
        })
        .collect();
    let table = Table {
        discard: Some(face(CardColour::Green, 8)),
        draw_pile: 40,
        follow: None,
        draw_pile_label: "mazo".into(),
        players,
        direction: PlayDirection::Clockwise,
        turn: None,
        auction: Some(Auction {
            label: "Subasta".into(),
            five: face(CardColour::Red, 5),
            bids: vec![
                Bid::Revealed { card: face(CardColour::Red, 7), value: 14 },
                Bid::Revealed { card: face(CardColour::Blue, 9), value: 9 },
                Bid::Hidden,
                Bid::Waiting,
            ],
            no_bid_label: "no puja".into(),
        }),
        status: "Subasta del 5 rojo".into(),
    };
    divan::black_box(&table).to_png().map(|png| png.len()).unwrap_or(0)
}

/// A hand of seven (after a Cambio): numbers, a wild number and action cards, two rows.
#[divan::bench]
fn cinco_hand_png() -> usize {
    let face = |colour, kind| CardFace { colour, kind };
    let hand = Hand {
        cards: vec![
            face(Some(CardColour::Red), CardKind::Number(7)),
            face(Some(CardColour::Blue), CardKind::Number(9)),
            face(Some(CardColour::Green), CardKind::Number(2)),
            face(None, CardKind::NumberWild(8)),
            face(Some(CardColour::Yellow), CardKind::Reverse),
            face(None, CardKind::Score),
            face(None, CardKind::Embargo),
        ],
    };
    divan::black_box(&hand).to_png().map(|png| png.len()).unwrap_or(0)
}

#[divan::bench(sample_count = 20)]
fn replay_19x19_100_moves_gif() -> usize {
    let played = moves(19, 100);
    let frames = (0..=played.len())
        .map(|n| {
            let mut board = grid(19, 0);
            board.to_move = None;
            board.status = "Repetición".into();
            board.stones = alternating(&played[..n]);
            board.last_move = n.checked_sub(1).map(|i| played[i]);
            board
        })
        .collect();
    let replay = Replay::new(frames);
    divan::black_box(&replay).to_gif().map(|gif| gif.len()).unwrap_or(0)
}
