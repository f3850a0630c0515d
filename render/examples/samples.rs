//! Writes a sample of every image kind into a folder, to look at:
//! `cargo run --release -p cincobot-render --example samples -- /tmp/samples`

use std::path::{Path, PathBuf};

use engine::{Line, Notation, Point, Stone};
use render::{
    Auction, Bid, CardColour, CardFace, CardKind, ConnectBoard, Disc, Follow, FollowMark,
    GridBoard, Hand, PlacedStone, PlayDirection, PopOut, Replay, Table, TablePlayer,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir =
        PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "/tmp/cincobot-samples".into()));
    std::fs::create_dir_all(&dir)?;
    let write = |name: &str, bytes: Vec<u8>| -> std::io::Result<()> {
        let path: PathBuf = Path::new(&dir).join(name);
        println!("{:>8} bytes  {}", bytes.len(), path.display());
        std::fs::write(path, bytes)
    };

    for (game, size, notation) in [
        ("gomoku", 15, Notation::WithI),
        ("gomoku", 19, Notation::WithI),
        ("renju", 15, Notation::WithI),
        ("ninuki", 15, Notation::WithI),
        ("ninuki", 19, Notation::WithI),
        ("pente", 19, Notation::SkipI),
        ("pente", 13, Notation::SkipI),
    ] {
        for stage in [Stage::Opening, Stage::Middle, Stage::End] {
            let board = grid_sample(game, size, notation, stage);
            write(&format!("{game}-{size}-{stage:?}.png").to_lowercase(), board.to_png()?)?;
        }
    }
    let moves = grid_moves(19, 100);
    let numbered = numbered_board(&moves);
    write("gomoku-19-numbered.png", numbered.to_png()?)?;
    write("gomoku-19-replay.gif", grid_replay(&moves).to_gif()?)?;

    for (name, board) in connect_samples() {
        write(&format!("{name}.png"), board.to_png()?)?;
    }
    write("five-in-a-row-replay.gif", connect_replay().to_gif()?)?;
    // A turn timer, and the CPU playing for a player away.
    let mut timed = ConnectBoard::new(9, 6, vec![0, 8]);
    timed.red = "Ana María".into();
    timed.yellow = "Bruno".into();
    timed.to_move = Some(Disc::Yellow);
    timed.clock = Some("quedan 18 s".into());
    timed.away[0] = Some("ausente — juega la CPU".into());
    timed.status = "Turno de Bruno (amarillas).".into();
    write("five-in-a-row-timer.png", timed.to_png()?)?;
    let mut timed = grid_sample("pente", 19, Notation::SkipI, Stage::Middle);
    timed.clock = Some("quedan 45 s".into());
    timed.black.away = Some("ausente — juega la CPU".into());
    timed.black.captures = Some(4);
    timed.white.captures = Some(6);
    timed.capture_goal = Some(10);
    timed.captures_label = "capturas".into();
    write("pente-19-timer.png", timed.to_png()?)?;

    for (i, face) in every_face().into_iter().enumerate() {
        write(&format!("card-{i:02}.png"), face.to_png()?)?;
    }
    write("card-back.png", render::card_back_png()?)?;
    write("hand.png", sample_hand().to_png()?)?;
    let specials = Hand {
        cards: every_face()
            .into_iter()
            .filter(|f| !matches!(f.kind, CardKind::Number(_)))
            .collect(),
    };
    write("hand-specials.png", specials.to_png()?)?;
    write("table.png", sample_table(false).to_png()?)?;
    write("table-auction.png", sample_table(true).to_png()?)?;
    write("table-names.png", names_table().to_png()?)?;
    for (name, follow) in [
        ("wild", Follow { colour: Some(CardColour::Blue), mark: FollowMark::Number(7) }),
        ("cambio", Follow { colour: Some(CardColour::Red), mark: FollowMark::Skip }),
        ("embargo", Follow { colour: None, mark: FollowMark::Nothing }),
    ] {
        let mut table = sample_table(false);
        table.discard = Some(CardFace {
            colour: None,
            kind: match name {
                "wild" => CardKind::NumberWild(7),
                "cambio" => CardKind::Swap,
                _ => CardKind::Embargo,
            },
        });
        table.follow = Some(follow);
        write(&format!("table-follow-{name}.png"), table.to_png()?)?;
    }
    let mut board = GridBoard::new(15, Notation::WithI);
    board.black.name = "李小龙".into();
    board.white.name = "김민준 🦀".into();
    board.status = "Turno de 李小龙".into();
    write("gomoku-names.png", board.to_png()?)?;
    Ok(())
}

#[derive(Clone, Copy, Debug)]
enum Stage {
    Opening,
    Middle,
    End,
}

/// A deterministic game-like sequence of distinct points spiralling out from the centre.
fn grid_moves(size: u8, count: usize) -> Vec<Point> {
    let mut seed: u32 = 12345;
    let mut next = move || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (seed >> 16) as i32
    };
    let centre = i32::from(size / 2);
    let mut moves: Vec<Point> = vec![Point::new(size / 2, size / 2)];
    while moves.len() < count {
        let spread = 2 + (moves.len() as i32 / 8);
        let x = (centre + next() % (spread + 1) - spread / 2).clamp(0, i32::from(size) - 1);
        let y = (centre + next() % (spread + 1) - spread / 2).clamp(0, i32::from(size) - 1);
        let point = Point::new(x as u8, y as u8);
        if !moves.contains(&point) {
            moves.push(point);
        }
    }
    moves
}

fn stones_of(moves: &[Point]) -> Vec<PlacedStone> {
    moves
        .iter()
        .enumerate()
        .map(|(i, &point)| PlacedStone {
            point,
            stone: if i % 2 == 0 { Stone::Black } else { Stone::White },
            number: None,
        })
        .collect()
}

fn named(board: &mut GridBoard) {
    board.black.name = "Ana".into();
    board.white.name = "CPU (nivel 3)".into();
}

fn grid_sample(game: &str, size: u8, notation: Notation, stage: Stage) -> GridBoard {
    let mut board = GridBoard::new(size, notation);
    named(&mut board);
    let count = match stage {
        Stage::Opening => 3,
        Stage::Middle => 40,
        Stage::End => 60,
    };
    let moves = grid_moves(size, count);
    board.stones = stones_of(&moves);
    board.last_move = moves.last().copied();
    let captures = game == "ninuki" || game == "pente";
    if captures {
        board.captures_label = "capturas".into();
        let taken = match stage {
            Stage::Opening => 0,
            Stage::Middle => 4,
            Stage::End => 10,
        };
        board.black.captures = Some(taken);
        board.white.captures = Some(taken / 2);
    }
    match stage {
        Stage::Opening | Stage::Middle => {
            board.to_move = Some(if count % 2 == 0 { Stone::Black } else { Stone::White });
            board.status = format!(
                "Turno de {} · jugada {}",
                if count % 2 == 0 { "Ana" } else { "CPU (nivel 3)" },
                count + 1
            );
        }
        Stage::End => {
            // A black five along a free row near the top of the board.
            let y = size - 2;
            board.stones.retain(|s| s.point.y != y);
            let five: Vec<Point> = (2..7).map(|x| Point::new(x, y)).collect();
            board.stones.extend(five.iter().map(|&point| PlacedStone {
                point,
                stone: Stone::Black,
                number: None,
            }));
            board.last_move = Some(five[2]);
            board.winning_lines = vec![Line { from: five[0], to: five[4] }];
            board.winner = Some(Stone::Black);
            board.status = "Gana Ana: cinco en línea".into();
            if game == "pente" {
                board.score_label = "tanteo".into();
                board.capture_goal = Some(10);
                board.black.score = Some(5 + 10 + 1);
                board.white.score = Some(5);
            }
        }
    }
    if game == "renju" && !matches!(stage, Stage::End) {
        let occupied: Vec<Point> = board.stones.iter().map(|s| s.point).collect();
        board.forbidden = grid_moves(size, count + 6)
            .into_iter()
            .filter(|p| !occupied.contains(p))
            .take(3)
            .collect();
        board.to_move = Some(Stone::Black);
    }
    board
}

fn numbered_board(moves: &[Point]) -> GridBoard {
    let mut board = GridBoard::new(19, Notation::WithI);
    named(&mut board);
    board.stones = stones_of(moves);
    for (i, stone) in board.stones.iter_mut().enumerate() {
        stone.number = Some(i as u16 + 1);
    }
    board.last_move = moves.last().copied();
    board.status = format!("{} jugadas", moves.len());
    board
}

fn grid_replay(moves: &[Point]) -> Replay<GridBoard> {
    let frames = (0..=moves.len())
        .map(|n| {
            let mut board = GridBoard::new(19, Notation::WithI);
            named(&mut board);
            board.status = "Repetición · gana Ana".into();
            board.stones = stones_of(&moves[..n]);
            board.last_move = n.checked_sub(1).map(|i| moves[i]);
            board
        })
        .collect();
    Replay::new(frames)
}

fn five_in_a_row() -> ConnectBoard {
    let mut board = ConnectBoard::new(9, 6, vec![0, 8]);
    for row in 0..6 {
        let left = if row % 2 == 0 { Disc::Red } else { Disc::Yellow };
        let right = if row % 2 == 0 { Disc::Yellow } else { Disc::Red };
        board.set(Point::new(0, row), Some(left));
        board.set(Point::new(8, row), Some(right));
    }
    board.red = "Ana".into();
    board.yellow = "Bruno".into();
    board
}

/// Drops `columns` alternately, red first.
fn drop_all(board: &mut ConnectBoard, columns: &[u8]) {
    for (i, &column) in columns.iter().enumerate() {
        let disc = if i % 2 == 0 { Disc::Red } else { Disc::Yellow };
        if let Some(row) =
            (0..board.height).find(|&row| board.get(Point::new(column, row)).is_none())
        {
            board.set(Point::new(column, row), Some(disc));
            board.last_move = Some(Point::new(column, row));
        }
    }
}

fn connect_samples() -> Vec<(&'static str, ConnectBoard)> {
    let mut opening = five_in_a_row();
    opening.to_move = Some(Disc::Red);
    opening.status = "Turno de Ana".into();

    let mut middle = five_in_a_row();
    drop_all(&mut middle, &[4, 4, 3, 5, 2, 6, 3, 3, 5]);
    middle.to_move = Some(Disc::Yellow);
    middle.status = "Turno de Bruno".into();

    let mut end = five_in_a_row();
    drop_all(&mut end, &[1, 1, 2, 2, 3, 3, 4]);
    end.winning_lines = vec![Line { from: Point::new(0, 0), to: Point::new(4, 0) }];
    end.winner = Some(Disc::Red);
    end.status = "Gana Ana: cinco en línea".into();

    let mut pop = five_in_a_row();
    drop_all(&mut pop, &[4, 4, 3, 5, 2, 6, 3]);
    pop.to_move = Some(Disc::Yellow);
    pop.status = "Turno de Bruno: suelta o saca una ficha".into();
    pop.pop_out = Some(PopOut { label: "PopOut".into(), columns: vec![5, 6] });

    let mut classic = ConnectBoard::new(7, 6, Vec::new());
    classic.red = "Ana".into();
    classic.yellow = "Bruno".into();
    drop_all(&mut classic, &[3, 3, 2, 4, 1, 5, 0]);
    classic.winning_lines = vec![Line { from: Point::new(0, 0), to: Point::new(3, 0) }];
    classic.winner = Some(Disc::Red);
    classic.status = "Gana Ana: cuatro en línea".into();

    let mut classic_pop = ConnectBoard::new(7, 6, Vec::new());
    classic_pop.red = "Ana".into();
    classic_pop.yellow = "Bruno".into();
    drop_all(&mut classic_pop, &[3, 3, 2, 4]);
    classic_pop.to_move = Some(Disc::Red);
    classic_pop.status = "Turno de Ana".into();
    classic_pop.pop_out = Some(PopOut { label: "PopOut".into(), columns: vec![2, 3] });

    vec![
        ("five-in-a-row-opening", opening),
        ("five-in-a-row-middle", middle),
        ("five-in-a-row-end", end),
        ("five-in-a-row-popout", pop),
        ("connect-four-end", classic),
        ("connect-four-popout", classic_pop),
    ]
}

fn connect_replay() -> Replay<ConnectBoard> {
    let columns = [4, 4, 3, 5, 2, 6, 3, 3, 5, 1, 1, 2, 2, 3, 3, 4];
    let frames = (0..=columns.len())
        .map(|n| {
            let mut board = five_in_a_row();
            board.status = "Repetición".into();
            drop_all(&mut board, &columns[..n]);
            board
        })
        .collect();
    Replay::new(frames)
}

fn every_face() -> Vec<CardFace> {
    let colours = [CardColour::Red, CardColour::Yellow, CardColour::Green, CardColour::Blue];
    let mut faces: Vec<CardFace> = Vec::new();
    for colour in colours {
        for n in 0..=9 {
            faces.push(CardFace { colour: Some(colour), kind: CardKind::Number(n) });
        }
        faces.push(CardFace { colour: Some(colour), kind: CardKind::NumberWild(7) });
        faces.push(CardFace { colour: Some(colour), kind: CardKind::Reverse });
        faces.push(CardFace { colour: Some(colour), kind: CardKind::Skip });
    }
    for kind in [
        CardKind::FiveWild,
        CardKind::Score,
        CardKind::Embargo,
        CardKind::Protection,
        CardKind::Swap,
    ] {
        faces.push(CardFace { colour: None, kind });
    }
    faces
}

fn sample_hand() -> Hand {
    Hand {
        cards: vec![
            CardFace { colour: Some(CardColour::Red), kind: CardKind::Number(7) },
            CardFace { colour: Some(CardColour::Blue), kind: CardKind::Number(2) },
            CardFace { colour: Some(CardColour::Green), kind: CardKind::Reverse },
            CardFace { colour: Some(CardColour::Yellow), kind: CardKind::NumberWild(4) },
            CardFace { colour: None, kind: CardKind::Score },
            CardFace { colour: None, kind: CardKind::Protection },
            CardFace { colour: Some(CardColour::Blue), kind: CardKind::Skip },
        ],
    }
}

/// Names in the scripts chat users write, and an emoji no font has (drawn as its code).
fn names_table() -> Table {
    let mut table = sample_table(false);
    for (player, name) in
        table.players.iter_mut().zip(["李小龙", "さくら", "김민준 🦀", "Ana 李 Ирина"])
    {
        player.name = name.into();
    }
    table.status = "Turno de さくら".into();
    table
}

fn sample_table(auction: bool) -> Table {
    let five = |colour: Option<CardColour>| CardFace {
        colour,
        kind: if colour.is_some() { CardKind::Number(5) } else { CardKind::FiveWild },
    };
    let player = |name: &str, fives: &[Option<CardColour>], protected: bool| TablePlayer {
        name: name.into(),
        fives: fives.iter().copied().map(five).collect(),
        protected,
        cards: 5,
    };
    let mut table = Table {
        discard: Some(CardFace { colour: Some(CardColour::Green), kind: CardKind::Number(8) }),
        draw_pile: 37,
        follow: None,
        draw_pile_label: "mazo".into(),
        players: vec![
            player("Ana", &[Some(CardColour::Red), None, Some(CardColour::Blue)], true),
            player("Bruno", &[Some(CardColour::Yellow)], false),
            player("CPU 1", &[], false),
            player(
                "Carla María de los Ángeles",
                &[Some(CardColour::Green), Some(CardColour::Green), Some(CardColour::Red)],
                false,
            ),
        ],
        direction: PlayDirection::Clockwise,
        turn: Some(1),
        auction: None,
        status: "Turno de Bruno".into(),
    };
    if auction {
        table.direction = PlayDirection::Counterclockwise;
        table.turn = None;
        table.status = "Subasta: gana Carla (14)".into();
        table.auction = Some(Auction {
            label: "Subasta".into(),
            five: CardFace { colour: Some(CardColour::Red), kind: CardKind::Number(5) },
            bids: vec![
                Bid::Revealed {
                    card: CardFace { colour: Some(CardColour::Blue), kind: CardKind::Number(9) },
                    value: 9,
                },
                Bid::Revealed {
                    card: CardFace { colour: Some(CardColour::Green), kind: CardKind::Number(3) },
                    value: 3,
                },
                Bid::NoBid,
                Bid::Revealed {
                    card: CardFace { colour: Some(CardColour::Red), kind: CardKind::Number(7) },
                    value: 14,
                },
            ],
            no_bid_label: "no puja".into(),
        });
    }
    table
}
