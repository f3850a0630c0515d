//! What a board shows and how a move is told (issue 12): the picture requests of renju's
//! offers, captures and finished games, the text diagram's marks, and each action told in
//! words in both languages.

use crate::common;

use cincobot::core::Output;
use cincobot::games::{GameKind, GameSettings, Labels, Picture, Position, Standing};
use cincobot::i18n::{Locale, Text, Texts};
use common::{Harness, board, game_between_ana_and_bruno};
use engine::{Point, Seat, Stone};

/// The renju opening up to black's ten offers (the rule page's Taraguchi-10 order).
const RENJU_TO_OFFERS: [&str; 9] = [
    "h8",
    "keep",
    "i9",
    "keep",
    "h9",
    "keep",
    "g7",
    "keep",
    "offer h7 h6 h10 h11 g8 i7 i8 g9 f7 f8",
];

/// Black h8 and h7 between white's h6 and h9: white's h9 takes the pair.
const NINUKI_CAPTURE: [&str; 4] = ["h8", "h6", "h7", "h9"];

fn position(kind: GameKind, moves: &[&str]) -> Position {
    let settings = GameSettings::default_for(kind);
    Position::replay(&settings, moves.iter().copied()).expect("the moves replay")
}

fn point(text: &str) -> Point {
    engine::Notation::WithI.parse(text, 15).expect("a point")
}

fn grid(picture: &Picture) -> &render::GridBoard {
    match picture {
        Picture::Grid(board) => board,
        _ => panic!("expected a grid board"),
    }
}

fn connect(picture: &Picture) -> &render::ConnectBoard {
    match picture {
        Picture::Connect(board) => board,
        _ => panic!("expected a frame"),
    }
}

/// Row `number` of a grid diagram.
fn row(diagram: &str, number: u8) -> String {
    let label = format!("{number:>3}");
    let line = diagram.lines().find(|line| line.starts_with(&label) && line.len() > label.len());
    line.expect("the row is drawn").to_owned()
}

/// `text` with `name` for its player, in both languages.
fn said(text: Text, name: &str) -> [String; 2] {
    let texts = Texts::load().expect("the message files");
    let text = text.with("name", name);
    [texts.render(Locale::Es, &text), texts.render(Locale::En, &text)]
}

/// The move `last` played after `moves`, told in both languages (`None`: a plain move).
fn told(kind: GameKind, moves: &[&str], last: &str) -> Option<[String; 2]> {
    let before = position(kind, moves);
    let mut after = before.clone();
    let written = after.play(last).expect("a legal move");
    after.told(&before, &written).map(|text| said(text, "Ana"))
}

#[test]
fn renju_offers_are_numbered_on_the_image_and_the_diagram() {
    let position = position(GameKind::Renju, &RENJU_TO_OFFERS);
    let picture = position.picture(&Labels::default(), Standing::Playing);
    let offered: Vec<Point> =
        ["h7", "h6", "h10", "h11", "g8", "i7", "i8", "g9", "f7", "f8"].map(point).to_vec();
    assert_eq!(grid(&picture).offers, offered);
    let diagram = position.diagram();
    // Row 7: f7 is the ninth offer, g7 the last stone, h7 the first offer, i7 the sixth.
    assert_eq!(row(&diagram, 7), "  7 . . . . . 9(O)1 6 . . . . . .");
    assert_eq!(row(&diagram, 8), "  8 . . . . . 0 5 X 7 . . . . . .");
    // Once white has chosen, nothing is offered any more.
    let mut chosen = position.clone();
    chosen.play("choose h6").expect("an offered point");
    assert!(grid(&chosen.picture(&Labels::default(), Standing::Playing)).offers.is_empty());
}

#[test]
fn a_capture_is_ringed_and_counted_towards_ten() {
    let after = position(GameKind::Ninuki, &NINUKI_CAPTURE);
    let picture = after.picture(&Labels::default(), Standing::Playing);
    let board = grid(&picture);
    assert_eq!(board.captured, [point("h8"), point("h7")]);
    assert_eq!(board.capture_goal, Some(10));
    assert_eq!((board.white.captures, board.black.captures), (Some(2), Some(0)));
    // The next move takes nothing: no rings.
    let mut next = after.clone();
    next.play("a1").expect("a free point");
    assert!(grid(&next.picture(&Labels::default(), Standing::Playing)).captured.is_empty());
    // Gomoku has no captures to count.
    let gomoku = position(GameKind::Gomoku, &["h8"]);
    assert_eq!(grid(&gomoku.picture(&Labels::default(), Standing::Playing)).capture_goal, None);
}

#[test]
fn a_capture_is_told_with_its_stones_and_the_count() {
    let [es, en] = told(GameKind::Ninuki, &NINUKI_CAPTURE[..3], "h9").expect("a capture");
    assert_eq!(es, "Ana: h9 captura h8 y h7 — 2/10.");
    assert_eq!(en, "Ana: h9 captures h8 and h7 — 2/10.");
    // Pente counts the same way, in its own notation (the first player's second stone stays
    // off the centre).
    let pente = told(GameKind::Pente, &["k10", "k11", "k5", "a1", "k9"], "k8").expect("a capture");
    assert_eq!(pente, ["Ana: K8 captura K9 y K10 — 2/10.", "Ana: K8 captures K9 and K10 — 2/10."]);
    // A move that takes nothing is a plain move.
    assert_eq!(told(GameKind::Ninuki, &NINUKI_CAPTURE[..2], "a1"), None);
}

#[test]
fn renju_decisions_are_told_in_words() {
    let tell = |plies: usize, last: &str| {
        told(GameKind::Renju, &RENJU_TO_OFFERS[..plies], last).expect("a decision")
    };
    assert_eq!(tell(1, "swap"), ["Ana cambia de color.", "Ana swaps colours."]);
    assert_eq!(tell(1, "keep"), ["Ana mantiene los colores.", "Ana keeps the colours."]);
    assert_eq!(
        tell(8, RENJU_TO_OFFERS[8]),
        [
            "Ana propone diez quintas: h7 h6 h10 h11 g8 i7 i8 g9 f7 f8.",
            "Ana offers ten fifth moves: h7 h6 h10 h11 g8 i7 i8 g9 f7 f8."
        ]
    );
    assert_eq!(tell(9, "choose h6"), ["Ana elige h6.", "Ana chooses h6."]);
    // A stone is a plain move, told by its point.
    assert_eq!(told(GameKind::Renju, &[], "h8"), None);
}

#[test]
fn a_pop_is_told_in_words_and_marks_its_column() {
    let settings = GameSettings { pop_out: true, ..GameSettings::default_for(GameKind::Connect5) };
    let before = Position::replay(&settings, ["4", "5"]).expect("two drops");
    let mut after = before.clone();
    let written = after.play("pop 4").expect("ana's own bottom disc");
    let text = after.told(&before, &written).expect("a pop is told");
    assert_eq!(
        said(text, "ana"),
        ["ana saca una ficha de la columna 4.", "ana pops a disc from column 4."]
    );
    let picture = after.picture(&Labels::default(), Standing::Playing);
    // Column 4 is the fifth cell of the 9-wide frame (one side column on the left).
    assert_eq!(connect(&picture).last_move, Some(Point::new(4, 0)));
    let mut dropped = before.clone();
    let written = dropped.play("3").expect("a drop");
    assert_eq!(dropped.told(&before, &written), None);
}

#[test]
fn a_finished_game_shows_the_winner_and_nobody_to_move() {
    let gomoku = position(GameKind::Gomoku, &["h8", "i9"]);
    let over = Standing::Over { winner: Some(Seat::Second) };
    let picture = gomoku.picture(&Labels::default(), over);
    let board = grid(&picture);
    assert_eq!((board.to_move, board.winner), (None, Some(Stone::White)));
    let playing = gomoku.picture(&Labels::default(), Standing::Playing);
    assert_eq!(grid(&playing).to_move, Some(Stone::Black));
    let settings = GameSettings { pop_out: true, ..GameSettings::default_for(GameKind::Connect5) };
    let frame = Position::replay(&settings, ["4"]).expect("a drop");
    let playing = frame.picture(&Labels::default(), Standing::Playing);
    assert!(connect(&playing).pop_out.is_some());
    let cancelled = frame.picture(&Labels::default(), Standing::Over { winner: None });
    let cancelled = connect(&cancelled);
    assert_eq!((cancelled.to_move, cancelled.winner, &cancelled.pop_out), (None, None, &None));
}

#[tokio::test]
async fn a_resigned_game_is_drawn_with_the_winner_starred() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5 popout").await;
    harness.say("Ana", "/move 4").await;
    let outputs = harness.say("Bruno", "/resign confirm").await;
    board(&outputs);
    let picture = outputs
        .iter()
        .find_map(|output| match output {
            Output::Board { message, .. } => message.board.as_ref().map(|b| b.picture.clone()),
            _ => None,
        })
        .expect("the final board");
    let frame = connect(&picture);
    assert_eq!((frame.to_move, frame.winner), (None, Some(render::Disc::Red)));
    assert_eq!(frame.pop_out, None, "nothing is offered once the game is over");
}

#[tokio::test]
async fn a_pop_is_told_in_words_through_the_core() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5 popout").await;
    harness.say("Ana", "/move 4").await;
    harness.say("Bruno", "/move 5").await;
    let (_, lines, _) = board(&harness.say("Ana", "/move pop 4").await);
    assert_eq!(lines[1], Text::new("told-pop").with("column", 4_u32).with("name", "Ana"));
}

#[test]
fn the_diagram_brackets_the_last_stone_and_stars_forbidden_points() {
    let gomoku = position(GameKind::Gomoku, &["h8", "a1"]);
    assert_eq!(row(&gomoku.diagram(), 1), "  1(O). . . . . . . . . . . . . .");
    assert_eq!(row(&gomoku.diagram(), 8), "  8 . . . . . . . X . . . . . . .");
    // Black to move: i8 would make two open threes (g8 h8 · i9 i10), a forbidden point.
    let settings = GameSettings { forbidden: true, ..GameSettings::default_for(GameKind::Gomoku) };
    let moves = ["g8", "a1", "h8", "a3", "i9", "a5", "i10", "a7"];
    let shaped = Position::replay(&settings, moves).expect("the moves replay");
    let diagram = shaped.diagram();
    assert_eq!(row(&diagram, 8), "  8 . . . . . . X X * . . . . . .");
    assert_eq!(row(&diagram, 7), "  7(O). . . . . . . . . . . . . .");
    // On white's turn black's forbidden points are not starred (as on the image).
    let mut white = shaped.clone();
    white.play("o15").expect("a free point");
    assert!(!row(&white.diagram(), 8).contains('*'));
}

#[test]
fn the_renju_opening_area_is_framed_for_the_stone_it_asks() {
    for (plies, reach) in [(0, 0), (2, 1), (4, 2), (6, 3), (8, 4)] {
        let position = position(GameKind::Renju, &RENJU_TO_OFFERS[..plies]);
        let picture = position.picture(&Labels::default(), Standing::Playing);
        let area = grid(&picture).opening_area.expect("an opening stone is awaited");
        assert_eq!((area.centre, area.reach), (point("h8"), reach), "after {plies} plies");
    }
    // Deciding to swap is not a stone; the offers are chosen anywhere they were put.
    for plies in [1, 9] {
        let position = position(GameKind::Renju, &RENJU_TO_OFFERS[..plies]);
        let picture = position.picture(&Labels::default(), Standing::Playing);
        assert_eq!(grid(&picture).opening_area, None);
    }
}

#[tokio::test]
async fn the_renju_prompt_names_the_centre_then_the_square() {
    let mut harness = Harness::new().await;
    let (_, lines, _) = board(&game_between_ana_and_bruno(&mut harness, "/renju").await);
    let centre = Text::new("status-opening-centre")
        .with("name", "Ana")
        .with("colour", Text::new("colour-black"))
        .with("point", "h8");
    assert_eq!(lines.last(), Some(&centre));
    let texts = Texts::load().expect("the message files");
    assert_eq!(
        [texts.render(Locale::Es, &centre), texts.render(Locale::En, &centre)],
        [
            "Ana (negras): la primera piedra va en el centro, h8.",
            "Ana (black): the first stone goes in the centre, h8."
        ]
    );
    harness.say("Ana", "/move h8").await;
    let (_, lines, _) = board(&harness.say("Bruno", "/move keep").await);
    let square = lines.last().expect("a status line");
    assert_eq!((square.id, square.arg("side")), ("status-opening", Some(&3_u32.into())));
    let said = texts.render(Locale::Es, square);
    assert!(said.ends_with("piedra dentro del 3×3 central, enmarcado en azul."), "{said}");
}

#[test]
fn forbidden_marks_have_a_legend_and_stay_muted_on_whites_turn() {
    let settings = GameSettings { forbidden: true, ..GameSettings::default_for(GameKind::Gomoku) };
    let moves = ["g8", "a1", "h8", "a3", "i9", "a5", "i10", "a7"];
    let black = Position::replay(&settings, moves).expect("the moves replay");
    let picture = black.picture(&Labels::default(), Standing::Playing);
    assert_eq!(
        (grid(&picture).forbidden.clone(), grid(&picture).forbidden_muted),
        (vec![point("i8")], false)
    );
    let legend = black.forbidden_legend().expect("marks are shown");
    assert_eq!(said(legend, "-")[0], "× roja (* en el texto): punto prohibido para negras.");
    let mut white = black.clone();
    white.play("o15").expect("a free point");
    let picture = white.picture(&Labels::default(), Standing::Playing);
    assert_eq!(
        (grid(&picture).forbidden.clone(), grid(&picture).forbidden_muted),
        (vec![point("i8")], true)
    );
    let legend = white.forbidden_legend().expect("marks are shown");
    assert_eq!(
        said(legend, "-")[1],
        "Dark ×: where black will not be able to play; a good spot for white."
    );
    // No marks, no legend; a finished game shows none.
    assert_eq!(position(GameKind::Gomoku, &["h8"]).forbidden_legend(), None);
    let over = black.picture(&Labels::default(), Standing::Over { winner: Some(Seat::Second) });
    assert!(grid(&over).forbidden.is_empty());
}

#[test]
fn a_numbered_board_numbers_each_stone_by_its_move() {
    // Renju: decisions place no stone; the chosen fifth is stone 5.
    let mut renju = position(GameKind::Renju, &RENJU_TO_OFFERS);
    renju.play("choose h6").expect("an offered point");
    let picture = renju.numbered(&renju.picture(&Labels::default(), Standing::Playing));
    let number_of = |picture: &Picture, at: &str| {
        grid(picture).stones.iter().find(|s| s.point == point(at)).and_then(|s| s.number)
    };
    let numbers: Vec<Option<u16>> =
        ["h8", "i9", "h9", "g7", "h6"].iter().map(|at| number_of(&picture, at)).collect();
    assert_eq!(numbers, [Some(1), Some(2), Some(3), Some(4), Some(5)]);
    // The usual picture has no numbers.
    let plain = renju.picture(&Labels::default(), Standing::Playing);
    assert!(grid(&plain).stones.iter().all(|s| s.number.is_none()));
    // Ninuki: the captured h8 and h7 are gone; h9 is stone 4; black's h8 again is stone 5.
    let mut ninuki = position(GameKind::Ninuki, &NINUKI_CAPTURE);
    ninuki.play("h8").expect("the emptied point");
    let picture = ninuki.numbered(&ninuki.picture(&Labels::default(), Standing::Playing));
    assert_eq!(grid(&picture).stones.len(), 3);
    assert_eq!(
        [number_of(&picture, "h6"), number_of(&picture, "h9"), number_of(&picture, "h8")],
        [Some(2), Some(4), Some(5)]
    );
    assert!(picture.png().is_ok());
}

#[tokio::test]
async fn board_numbers_shows_the_numbered_board_once() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.say("Ana", "/move h8").await;
    harness.say("Bruno", "/move i9").await;
    let numbers = |outputs: &[Output]| -> Vec<Option<u16>> {
        let picture = outputs
            .iter()
            .find_map(|output| match output {
                Output::Board { message, repost: true, .. } => {
                    message.board.as_ref().map(|b| b.picture.clone())
                }
                _ => None,
            })
            .expect("the board posted again");
        grid(&picture).stones.iter().map(|s| s.number).collect()
    };
    let mut shown = numbers(&harness.say("Bruno", "/tablero números").await);
    shown.sort_unstable();
    assert_eq!(shown, [Some(1), Some(2)]);
    let shown = numbers(&harness.say("Ana", "/board numbers #1").await);
    assert!(shown.iter().all(Option::is_some));
    // The plain /board stays unnumbered.
    let shown = numbers(&harness.say("Ana", "/board").await);
    assert!(shown.iter().all(Option::is_none));
}

#[test]
fn a_frame_diagram_brackets_the_last_disc_and_a_pop() {
    let settings = GameSettings { pop_out: true, ..GameSettings::default_for(GameKind::Connect5) };
    let dropped = Position::replay(&settings, ["4", "5"]).expect("two drops");
    let bottom = |position: &Position| {
        let diagram = position.diagram();
        diagram.lines().nth(5).expect("the bottom row").to_owned()
    };
    assert_eq!(bottom(&dropped), "|r . . . R(Y). . y|");
    let popped = Position::replay(&settings, ["4", "5", "pop 4"]).expect("a pop");
    assert_eq!(bottom(&popped), "|r . . .(.)Y . . y|");
}

/// Renju after the opening: black (h8 j10 h10 i11 i12) to move, i10 a double three (h10 i10
/// j10 across, i10 i11 i12 up).
const RENJU_BEFORE_A_DOUBLE_THREE: [&str; 15] = [
    "h8", "keep", "h9", "keep", "j10", "keep", "e5", "keep", "h10", "keep", "a1", "i11", "a2",
    "i12", "a3",
];

#[test]
fn a_loss_on_a_forbidden_point_shows_the_two_threes() {
    let mut lost = position(GameKind::Renju, &RENJU_BEFORE_A_DOUBLE_THREE);
    let before = lost.picture(&Labels::default(), Standing::Playing);
    assert!(grid(&before).forbidden_lines.is_empty());
    lost.play("i10").expect("a forbidden point is played, and loses");
    let over = Standing::Over { winner: Some(Seat::Second) };
    let picture = lost.picture(&Labels::default(), over);
    let line = |from, to| engine::Line { from: point(from), to: point(to) };
    assert_eq!(grid(&picture).forbidden_lines, [line("h10", "j10"), line("i10", "i12")]);
    assert_eq!(grid(&picture).winner, Some(Stone::White));
    let diagram = lost.diagram();
    assert_eq!(row(&diagram, 10), " 10 . . . . . . . #(#)# . . . . .");
    assert_eq!(row(&diagram, 12), " 12 . . . . . . . . # . . . . . .");
    assert_eq!(row(&diagram, 8), "  8 . . . . . . . X . . . . . . .", "h8 is no part of it");
    let legend = lost.forbidden_lines_legend().expect("a loss on a forbidden point");
    assert_eq!(
        said(legend, "-"),
        [
            "En rojo (# en el texto): las piedras que hacen prohibida la jugada (doble tres).",
            "In red (# in the text): the stones that make the move forbidden (double three).",
        ]
    );
    // A game won by a line has no such legend.
    assert_eq!(position(GameKind::Gomoku, &["h8"]).forbidden_lines_legend(), None);
}

#[tokio::test]
async fn the_final_board_of_a_forbidden_loss_names_the_shape_and_highlights_it() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/renju").await;
    // Who acts: Ana holds black, but the swaps hand the next stone to the other player.
    let players = "A B B A A B B A A B B A B A B".split(' ');
    for (text, player) in RENJU_BEFORE_A_DOUBLE_THREE.iter().zip(players) {
        let player = if player == "A" { "Ana" } else { "Bruno" };
        board(&harness.say(player, &format!("/move {text}")).await);
    }
    let outputs = harness.say("Ana", "/move i10 confirm").await;
    let (ply, lines, _) = board(&outputs);
    assert_eq!(ply, 16);
    let shape = Text::new("shape-double-three");
    let reason = Text::new("reason-forbidden-at").with("shape", shape.clone()).with("point", "i10");
    // The result, the legend of its red lines, then how the ratings moved.
    let ids: Vec<&str> = lines.iter().map(|line| line.id).collect();
    assert_eq!(
        ids,
        [
            "board-header",
            "move-played",
            "result-win",
            "legend-forbidden-lines",
            "rating-change",
            "rating-change"
        ]
    );
    assert_eq!(lines[2].arg("reason"), Some(&cincobot::i18n::Arg::Text(reason.clone())));
    assert_eq!(lines[3], Text::new("legend-forbidden-lines").with("shape", shape));
    let texts = Texts::load().expect("the message files");
    assert_eq!(
        texts.render(Locale::Es, &reason),
        "porque negras jugaron un punto prohibido: doble tres en i10"
    );
    let shown = outputs
        .iter()
        .find_map(|output| match output {
            Output::Board { message, .. } => message.board.clone(),
            _ => None,
        })
        .expect("the final board");
    let line = |from, to| engine::Line { from: point(from), to: point(to) };
    assert_eq!(grid(&shown.picture).forbidden_lines, [line("h10", "j10"), line("i10", "i12")]);
    assert_eq!(row(&shown.diagram, 10), " 10 . . . . . . . #(#)# . . . . .");
}

/// Pente (issue 26, item 24): the header lists the first seat (white, who begins) on top as
/// the words do, the fours the final score counts are marked on the final board, and the text
/// diagram's letters are the moves' (capitals, no I).
#[test]
fn pentes_picture_follows_the_words_and_marks_the_scoring_fours() {
    // White (first) builds the four K10–K13, black A1–A4; white's five K10–O10 ends it.
    let moves = ["K10", "A1", "K13", "A2", "K11", "A3", "K12", "A4", "L10", "S19", "M10", "S17"];
    let mut position = position(GameKind::Pente, &moves);
    for mv in ["N10", "S15", "O10"] {
        position.play(mv).expect("legal");
    }
    let labels = Labels {
        names: ["Ana".into(), "Bruno".into()],
        status: String::new(),
        captures: "capturas".into(),
        score: "tanteo".into(),
        ..Labels::default()
    };
    let picture = position.picture(&labels, Standing::Playing);
    let board = grid(&picture);
    assert_eq!(board.top_row, Stone::White, "the first seat plays white in pente");
    assert_eq!(board.white.name, "Ana");
    let four = |from: &str, to: &str| engine::Line {
        from: engine::Notation::SkipI.parse(from, 19).expect("a point"),
        to: engine::Notation::SkipI.parse(to, 19).expect("a point"),
    };
    assert!(board.scoring_lines.contains(&four("K10", "K13")), "{:?}", board.scoring_lines);
    assert!(board.scoring_lines.contains(&four("A1", "A4")), "{:?}", board.scoring_lines);
    assert_eq!(board.scoring_lines.len(), 2);
    let header = position.diagram().lines().next().unwrap_or_default().to_owned();
    assert!(header.contains(" H J K "), "{header}");
    assert!(!header.contains('I') && !header.contains('h'), "{header}");
    // A game still going marks no fours.
    let going = position_of_pente_going();
    assert!(grid(&going.picture(&labels, Standing::Playing)).scoring_lines.is_empty());
}

fn position_of_pente_going() -> Position {
    position(GameKind::Pente, &["K10", "A1", "K13", "A2", "K11", "A3", "K12"])
}
