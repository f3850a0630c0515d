//! `/replay` and `/export` as data: the animation's frames are the replayed log, and each
//! record reads back in the format its tools read.

use cincobot::games::{
    Animation, FrameStatus, GameKind, GameSettings, Labels, Picture, Position, RecordHeader,
    Standing, record,
};
use engine::{Point, Seat};

fn settings(kind: GameKind) -> GameSettings {
    GameSettings::default_for(kind)
}

/// A game of `length` moves that nobody wins: each move is the first legal one that does
/// not end it (the last one may: 42 discs fill 5 en raya's grid).
fn quiet_game(kind: GameKind, length: usize) -> Vec<String> {
    let mut position = Position::start(&settings(kind));
    let mut moves = Vec::new();
    while moves.len() < length {
        let legal = position.legal_moves();
        let quiet = legal.iter().find(|mv| {
            let mut trial = position.clone();
            trial.play(mv).is_ok() && !trial.outcome().is_over()
        });
        let last = (moves.len() + 1 == length).then(|| legal.first()).flatten();
        let next = quiet.or(last).expect("a move that does not end the game").clone();
        position.play(&next).expect("a legal move");
        moves.push(next);
    }
    moves
}

fn labels() -> Labels {
    Labels {
        names: ["Ana".to_owned(), "Bruno".to_owned()],
        status: "Ana wins".to_owned(),
        ..Labels::default()
    }
}

fn header(winner: Option<Seat>) -> RecordHeader {
    RecordHeader {
        players: ["Ana".to_owned(), "Bruno".to_owned()],
        date: "2026-12-01".to_owned(),
        finished: true,
        winner,
    }
}

/// What a tool reading a `.psq` file sees: the board size and the stones in order, as board
/// points (counted from the bottom-left corner).
fn read_psq(text: &str) -> (u8, Vec<Point>) {
    let mut lines = text.lines();
    let first = lines.next().expect("a first line");
    let dimensions = first.strip_prefix("Piskvorky ").expect("the Piskvorky header");
    let (width, rest) = dimensions.split_once('x').expect("a board size");
    let size: u8 = width.parse().expect("a width");
    assert!(rest.starts_with(&format!("{size},")), "a square board in {first:?}");
    let mut stones = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        let [x, y, time] = fields.as_slice() else { break };
        let (Ok(x), Ok(y), Ok(_)) = (x.parse::<u8>(), y.parse::<u8>(), time.parse::<u32>()) else {
            break;
        };
        assert!((1..=size).contains(&x) && (1..=size).contains(&y), "{line} is on the board");
        stones.push(Point::new(x - 1, size - y));
    }
    (size, stones)
}

fn point(text: &str) -> Point {
    engine::Notation::WithI.parse(text, 15).expect("a point")
}

#[test]
fn a_gomoku_record_reads_back_as_the_same_stones() {
    let moves = ["h8", "a1", "h9", "o15", "h10", "a15", "h11", "o1", "h12"];
    let exported = record(7, &settings(GameKind::Gomoku), moves, &header(Some(Seat::First)))
        .expect("the moves replay");
    assert_eq!(exported.file_name, "game-7-gomoku.psq");
    let (size, stones) = read_psq(&exported.text);
    assert_eq!(size, 15);
    assert_eq!(stones, moves.map(point));
    // The corners prove the orientation: a1 is the bottom-left point, x 1 and y 15.
    assert!(exported.text.lines().nth(2) == Some("1,15,0"), "{}", exported.text);
    assert!(exported.text.lines().nth(4) == Some("15,1,0"), "{}", exported.text);
    for line in ["Black: Ana", "White: Bruno", "Date: 2026-12-01", "Result: 1-0"] {
        assert!(exported.text.lines().any(|l| l == line), "{line} in {}", exported.text);
    }
}

#[test]
fn a_renju_record_holds_the_stones_not_the_swaps_and_offers() {
    let mut position = Position::start(&settings(GameKind::Renju));
    let mut moves = Vec::new();
    // The opening as the CPU plays it: every decision, swaps and the ten offers included.
    while moves.len() < 12 {
        let mv = position
            .computer_choice(engine::cpu::Level::Easy, 3, &engine::cpu::NodeBudget::new(2_000))
            .expect("a move")
            .mv;
        position.play(&mv).expect("the CPU's move is legal");
        moves.push(mv);
    }
    let exported =
        record(3, &settings(GameKind::Renju), moves.iter().map(String::as_str), &header(None))
            .expect("the moves replay");
    let (_, stones) = read_psq(&exported.text);
    let Position::Renju(game) = &position else { panic!("a renju position") };
    let board = game.board();
    assert_eq!(stones.len(), board.count().0 + board.count().1);
    assert_eq!(stones[0], point("h8"), "black's first stone is the centre");
    for (index, stone) in stones.iter().enumerate() {
        let colour = if index % 2 == 0 { engine::Stone::Black } else { engine::Stone::White };
        assert_eq!(board.get(*stone), Some(colour), "stone {} at {stone:?}", index + 1);
    }
    assert!(moves.len() > stones.len(), "the opening had decisions that are not stones: {moves:?}");
}

#[test]
fn a_pente_record_lists_each_move_with_its_captures() {
    // White (first) takes the black pair k11-k12 with k13 on its fourth move.
    let moves = ["K10", "K11", "A1", "K12", "K13"];
    let exported = record(4, &settings(GameKind::Pente), moves, &header(None)).expect("replays");
    assert_eq!(exported.file_name, "game-4-pente.txt");
    let lines: Vec<&str> = exported.text.lines().collect();
    assert!(lines.contains(&"White: Ana") && lines.contains(&"Black: Bruno"), "{lines:?}");
    let listed: Vec<&str> =
        lines.iter().copied().skip_while(|line| !line.is_empty()).skip(1).collect();
    assert_eq!(
        listed,
        ["1. white K10", "2. black K11", "3. white A1", "4. black K12", "5. white K13 x2"]
    );
}

#[test]
fn a_connect_record_is_the_column_string_solvers_read() {
    let moves = ["4", "4", "5", "3", "pop 4"];
    let mut with_pops = settings(GameKind::Connect4);
    with_pops.pop_out = true;
    let exported = record(9, &with_pops, moves, &header(None)).expect("replays");
    let last = exported.text.lines().last().expect("a column line");
    assert_eq!(last, "4453p4");
    assert!(exported.text.lines().all(|line| line == last || line.starts_with("# ")));
    let classic =
        record(9, &settings(GameKind::Connect5), ["4", "4", "5"], &header(None)).expect("replays");
    assert_eq!(classic.text.lines().last(), Some("445"));
}

#[test]
fn a_record_refuses_a_log_that_does_not_replay() {
    let error = record(1, &settings(GameKind::Gomoku), ["h8", "h8"], &header(None))
        .expect_err("h8 is taken");
    assert_eq!(error.0, 1);
}

/// A frame's status as the test words it: the counter, then the result, or what the move
/// did when it was more than a stone (the told note's id).
fn frame_status(frame: &FrameStatus<'_>) -> String {
    let counter = format!("{}/{}", frame.ply, frame.total);
    match (frame.result, &frame.last) {
        (Some(result), _) => format!("{counter} {result}"),
        (None, Some((seat, _, Some(told)))) => format!("{counter} {seat:?} {}", told.id),
        (None, _) => counter,
    }
}

fn labels_saying(status: String) -> Labels {
    Labels { status, ..labels() }
}

#[test]
fn the_replay_frames_are_the_replayed_log_and_the_last_is_numbered() {
    let moves = quiet_game(GameKind::Gomoku, 20);
    let standing = Standing::Over { winner: Some(Seat::First) };
    let animation = Animation::of_game(
        &settings(GameKind::Gomoku),
        moves.iter().map(String::as_str),
        &labels(),
        standing,
        &frame_status,
    )
    .expect("the log replays");
    assert_eq!(animation.frames.len(), moves.len() + 1);
    // Every frame before the last is the game as it stood, with its move counter and move,
    // and not the result (issue 26, item 28).
    for (ply, frame) in animation.frames.iter().enumerate().take(moves.len()) {
        let position =
            Position::replay(&settings(GameKind::Gomoku), moves[..ply].iter().map(String::as_str))
                .expect("replays");
        let said = format!("{ply}/20");
        let Picture::Grid(expected) = position.picture(&labels_saying(said), Standing::Playing)
        else {
            panic!("a grid board")
        };
        // As the game stood, without a turn lit or black's forbidden points.
        let mut expected = render::GridBoard::clone(&expected);
        expected.to_move = None;
        expected.forbidden.clear();
        assert_eq!(*frame, Picture::Grid(expected.into()), "frame {ply}");
    }
    let last = Position::replay(&settings(GameKind::Gomoku), moves.iter().map(String::as_str))
        .expect("replays");
    let final_board = last.picture(&labels_saying(format!("20/20 {}", labels().status)), standing);
    assert_eq!(animation.frames.last(), Some(&last.numbered(&final_board)));
    assert_ne!(animation.frames.last(), Some(&final_board), "the last frame numbers the stones");
}

#[test]
fn a_renju_replay_shows_the_swap_and_the_offers_as_they_were() {
    let moves = [
        "h8",
        "swap",
        "i9",
        "keep",
        "h9",
        "keep",
        "g7",
        "keep",
        "offer h7 h6 h10 h11 g8 i7 i8 g9 f7 f8",
        "choose h7",
    ];
    let animation = Animation::of_game(
        &settings(GameKind::Renju),
        moves,
        &labels(),
        Standing::Over { winner: None },
        &frame_status,
    )
    .expect("the log replays");
    let grid = |frame: &Picture| match frame {
        Picture::Grid(board) => render::GridBoard::clone(board),
        _ => panic!("a grid board"),
    };
    let swapped = grid(&animation.frames[2]);
    assert_eq!(swapped.status, "2/10 Second told-swap");
    // After the swap the second seat plays black: its name heads the black row.
    assert_eq!(swapped.black.name, labels().names[1]);
    assert_eq!(grid(&animation.frames[1]).black.name, labels().names[0]);
    // The offer's frame numbers the ten offered points on the board, as white saw them.
    let offered = grid(&animation.frames[9]);
    assert_eq!(offered.offers.len(), 10, "{offered:?}");
    assert!(offered.status.starts_with("9/10 ") && offered.status.ends_with(" told-offer"));
    assert!(offered.to_move.is_none() && offered.winner.is_none(), "the result comes last");
    let chosen = grid(&animation.frames[10]);
    assert_eq!(chosen.status, format!("10/10 {}", labels().status));
    assert!(chosen.offers.is_empty());
}

/// The GIF of a game of `length` moves: its size, after checking it is a GIF of that many
/// frames.
fn gif_size(kind: GameKind, length: usize) -> usize {
    let moves = quiet_game(kind, length);
    let animation = Animation::of_game(
        &settings(kind),
        moves.iter().map(String::as_str),
        &labels(),
        Standing::Over { winner: None },
        &frame_status,
    )
    .expect("the log replays");
    let gif = animation.gif().expect("a GIF");
    assert!(gif.starts_with(b"GIF89a"));
    let decoder = gif::DecodeOptions::new().read_info(gif.as_slice()).expect("a readable GIF");
    let mut decoder = decoder;
    // A position that changed in two places far apart (the header's counter and the stone)
    // is two images, the first shown for 20 ms: count the positions, by their time.
    let mut frames = 0;
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        frames += usize::from(frame.delay > 2);
    }
    assert_eq!(frames, length + 1);
    gif.len()
}

#[test]
fn long_games_stay_small_and_watchable() {
    for (kind, length) in [(GameKind::Gomoku, 60), (GameKind::Pente, 150), (GameKind::Connect5, 42)]
    {
        let size = gif_size(kind, length);
        assert!(size <= 300_000, "{kind}: {length} moves take {size} bytes");
    }
    let pente = Animation::of_game(
        &settings(GameKind::Pente),
        quiet_game(GameKind::Pente, 150).iter().map(String::as_str),
        &labels(),
        Standing::Playing,
        &frame_status,
    )
    .expect("replays");
    // 150 moves at 200 ms: half a minute, not a minute and a half.
    assert_eq!(pente.frame_delay_ms, 200);
}
