//! Pixel tests on the encoded images (decoded back to RGB), determinism, and requests that
//! must be refused rather than panic.

#![allow(clippy::unwrap_used)]

use std::io::Cursor;

use engine::{Line, Notation, Point, Stone};
use render::{
    Auction, Bid, CardColour, CardFace, CardKind, ConnectBoard, Disc, Follow, FollowMark,
    GridBoard, Hand, PlacedStone, PlayDirection, RenderError, Replay, Table, TablePlayer,
};

/// A decoded PNG: width and RGB bytes.
struct Rgb {
    width: usize,
    pixels: Vec<u8>,
}

impl Rgb {
    fn decode(png: &[u8]) -> Rgb {
        let mut decoder = png::Decoder::new(Cursor::new(png));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("valid PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("size known")];
        let info = reader.next_frame(&mut pixels).expect("one frame");
        assert_eq!(info.color_type, png::ColorType::Rgb);
        Rgb { width: info.width as usize, pixels }
    }

    fn at(&self, (x, y): (u32, u32)) -> [u8; 3] {
        let i = (y as usize * self.width + x as usize) * 3;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }
}

fn is_dark([r, g, b]: [u8; 3]) -> bool {
    r < 60 && g < 60 && b < 60
}

fn is_light([r, g, b]: [u8; 3]) -> bool {
    r > 230 && g > 230 && b > 220
}

fn is_red([r, g, b]: [u8; 3]) -> bool {
    r > 180 && g < 90 && b < 90
}

fn is_blue([r, _, b]: [u8; 3]) -> bool {
    b > 180 && r < 80
}

fn stone(x: u8, y: u8, stone: Stone) -> PlacedStone {
    PlacedStone { point: Point::new(x, y), stone, number: None }
}

fn gomoku() -> GridBoard {
    let mut board = GridBoard::new(15, Notation::WithI);
    board.black.name = "Ana".into();
    board.white.name = "Bruno".into();
    board.status = "Turno de Ana".into();
    board.stones =
        vec![stone(7, 7, Stone::Black), stone(0, 0, Stone::White), stone(8, 7, Stone::Black)];
    board
}

#[test]
fn stones_are_drawn_on_their_intersections() {
    let board = gomoku();
    let image = Rgb::decode(&board.to_png().unwrap());
    let centre = |x, y| board.pixel_of(Point::new(x, y)).unwrap();
    assert!(is_dark(image.at(centre(7, 7))), "black stone on h8");
    assert!(is_light(image.at(centre(0, 0))), "white stone on a1");
    // h9, just above, is an empty intersection: neither stone colour.
    let empty = image.at(centre(7, 8));
    assert!(!is_light(empty) && !is_dark(empty) || empty[0] < 100, "h9 is a grid crossing");
    assert!(board.pixel_of(Point::new(15, 0)).is_none());
}

#[test]
fn the_last_move_is_marked_and_only_it() {
    let mut board = gomoku();
    board.last_move = Some(Point::new(8, 7));
    let image = Rgb::decode(&board.to_png().unwrap());
    assert!(is_red(image.at(board.pixel_of(Point::new(8, 7)).unwrap())));
    assert!(is_dark(image.at(board.pixel_of(Point::new(7, 7)).unwrap())));
}

#[test]
fn a_winning_line_is_highlighted_between_its_stones() {
    let mut board = GridBoard::new(19, Notation::SkipI);
    board.stones = (3..8).map(|x| stone(x, 4, Stone::White)).collect();
    let between = {
        let (a, b) =
            (board.pixel_of(Point::new(4, 4)).unwrap(), board.pixel_of(Point::new(5, 4)).unwrap());
        ((a.0 + b.0) / 2, a.1)
    };
    let plain = Rgb::decode(&board.to_png().unwrap());
    assert!(!is_blue(plain.at(between)));
    board.winning_lines = vec![Line { from: Point::new(3, 4), to: Point::new(7, 4) }];
    let won = Rgb::decode(&board.to_png().unwrap());
    assert!(is_blue(won.at(between)), "{:?}", won.at(between));
}

/// The pixel halfway between two intersections.
fn midway(board: &GridBoard, a: Point, b: Point) -> (u32, u32) {
    let (a, b) = (board.pixel_of(a).unwrap(), board.pixel_of(b).unwrap());
    ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
}

#[test]
fn the_lines_of_a_forbidden_shape_are_drawn_in_red() {
    // Black lost on h8, a double three: f8 g8 h8 and h6 h7 h8.
    let mut board = GridBoard::new(15, Notation::WithI);
    let black = [(5, 7), (6, 7), (7, 7), (7, 5), (7, 6)];
    board.stones = black.iter().map(|&(x, y)| stone(x, y, Stone::Black)).collect();
    board.winner = Some(Stone::White);
    let row = midway(&board, Point::new(5, 7), Point::new(6, 7));
    let column = midway(&board, Point::new(7, 5), Point::new(7, 6));
    let plain = Rgb::decode(&board.to_png().unwrap());
    assert!(!is_red(plain.at(row)) && !is_red(plain.at(column)));
    board.forbidden_lines = vec![
        Line { from: Point::new(5, 7), to: Point::new(7, 7) },
        Line { from: Point::new(7, 5), to: Point::new(7, 7) },
    ];
    let shown = Rgb::decode(&board.to_png().unwrap());
    assert!(is_red(shown.at(row)), "{:?}", shown.at(row));
    assert!(is_red(shown.at(column)), "{:?}", shown.at(column));
    // Only the lines: g8–h9 is no part of them, and nothing is blue as a win would be.
    let off = midway(&board, Point::new(6, 7), Point::new(7, 8));
    assert!(!is_red(shown.at(off)) && !is_blue(shown.at(row)));
}

#[test]
fn forbidden_points_carry_a_red_cross() {
    let mut board = gomoku();
    let point = Point::new(10, 10);
    let before = Rgb::decode(&board.to_png().unwrap());
    assert!(!is_red(before.at(board.pixel_of(point).unwrap())));
    board.forbidden = vec![point];
    let after = Rgb::decode(&board.to_png().unwrap());
    assert!(is_red(after.at(board.pixel_of(point).unwrap())));
    // Shown while white moves: the same cross in the grid's dark ink, not red. An arm of the
    // cross lies off the grid lines, a few pixels along the diagonal.
    board.forbidden_muted = true;
    let muted = Rgb::decode(&board.to_png().unwrap());
    let (x, y) = board.pixel_of(point).unwrap();
    let arm = (x + 5, y + 5);
    assert!(is_red(after.at(arm)), "{:?}", after.at(arm));
    assert!(!is_red(muted.at(arm)) && muted.at(arm) != before.at(arm), "{:?}", muted.at(arm));
    assert!(muted.at(arm)[0] < 120, "dark: {:?}", muted.at(arm));
}

fn five_in_a_row() -> ConnectBoard {
    let mut board = ConnectBoard::new(9, 6, vec![0, 8]);
    for row in 0..6 {
        board.set(Point::new(0, row), Some(if row % 2 == 0 { Disc::Red } else { Disc::Yellow }));
        board.set(Point::new(8, row), Some(if row % 2 == 0 { Disc::Yellow } else { Disc::Red }));
    }
    board
}

#[test]
fn side_columns_look_different_from_the_playable_area() {
    let board = five_in_a_row();
    let image = Rgb::decode(&board.to_png().unwrap());
    // Just inside the top-left corner of a cell: frame, not disc or hole.
    let corner = |x: u8| {
        let (cx, cy) = board.pixel_of(Point::new(x, 5)).unwrap();
        let (left, _) = board.pixel_of(Point::new(x.saturating_sub(1), 5)).unwrap();
        let half = if x == 0 { 44 } else { (cx - left) / 2 };
        (cx - half + 4, cy - half + 4)
    };
    let side = image.at(corner(0));
    let playable = image.at(corner(4));
    assert_ne!(side, playable);
    let brightness = |rgb: [u8; 3]| rgb.iter().map(|&c| u32::from(c)).sum::<u32>();
    assert!(brightness(side) < brightness(playable), "side columns are darker");
}

#[test]
fn discs_and_the_last_disc_are_where_they_belong() {
    let mut board = five_in_a_row();
    board.set(Point::new(4, 0), Some(Disc::Yellow));
    board.set(Point::new(4, 1), Some(Disc::Red));
    board.last_move = Some(Point::new(4, 1));
    let image = Rgb::decode(&board.to_png().unwrap());
    let [r, g, b] = image.at(board.pixel_of(Point::new(4, 0)).unwrap());
    assert!(r > 200 && g > 150 && b < 100, "yellow disc");
    assert!(
        is_light(image.at(board.pixel_of(Point::new(4, 1)).unwrap())),
        "last disc's white mark"
    );
    assert!(is_red(image.at(board.pixel_of(Point::new(0, 0)).unwrap())), "side disc");
}

#[test]
fn a_card_shows_its_colour() {
    for (colour, check) in [
        (
            CardColour::Red,
            (|[r, g, b]: [u8; 3]| r > 180 && g < 80 && b < 80) as fn([u8; 3]) -> bool,
        ),
        (CardColour::Yellow, |[r, g, b]| r > 200 && g > 160 && b < 80),
        (CardColour::Green, |[r, g, b]| g > 130 && r < 80 && b < 100),
        (CardColour::Blue, |[r, _, b]| b > 180 && r < 60),
    ] {
        for kind in [CardKind::Number(3), CardKind::Reverse] {
            let image = Rgb::decode(&CardFace { colour: Some(colour), kind }.to_png().unwrap());
            // Inside the coloured field, left of the centre symbol.
            assert!(check(image.at((30, 130))), "{colour:?} {kind:?}: {:?}", image.at((30, 130)));
        }
    }
}

#[test]
fn the_same_request_gives_the_same_bytes() {
    let board = gomoku();
    assert_eq!(board.to_png().unwrap(), board.to_png().unwrap());
    let frames = vec![gomoku(), gomoku(), gomoku()];
    let replay = Replay::new(frames);
    assert_eq!(replay.to_gif().unwrap(), replay.to_gif().unwrap());
    let hand = Hand { cards: vec![CardFace { colour: None, kind: CardKind::Embargo }] };
    assert_eq!(hand.to_png().unwrap(), hand.to_png().unwrap());
}

#[test]
fn a_replay_encodes_only_what_changed() {
    let moves = [(7, 7), (8, 8), (6, 8), (9, 9)];
    let frames = (0..=moves.len())
        .map(|n| {
            let mut board = GridBoard::new(15, Notation::WithI);
            board.stones = moves[..n]
                .iter()
                .enumerate()
                .map(|(i, &(x, y))| {
                    stone(x, y, if i % 2 == 0 { Stone::Black } else { Stone::White })
                })
                .collect();
            board
        })
        .collect();
    let gif = Replay::new(frames).to_gif().unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(Cursor::new(gif)).unwrap();
    let (width, height) = (decoder.width(), decoder.height());
    let mut sizes = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        sizes.push((frame.width, frame.height, frame.delay));
    }
    assert_eq!(sizes.len(), moves.len() + 1);
    assert_eq!((sizes[0].0, sizes[0].1), (width, height));
    for &(w, h, _) in &sizes[1..] {
        assert!(u32::from(w) * u32::from(h) < u32::from(width) * u32::from(height) / 20);
    }
    assert!(sizes.last().unwrap().2 > sizes[1].2, "the final board is held longer");
}

#[test]
fn bad_requests_are_refused_not_panicked_on() {
    let mut board = gomoku();
    board.stones.push(stone(15, 3, Stone::Black));
    assert_eq!(board.to_png(), Err(RenderError::OffBoard(Point::new(15, 3))));
    for size in [0, 4, 20, 255] {
        assert_eq!(
            GridBoard::new(size, Notation::WithI).to_png(),
            Err(RenderError::BoardSize(size))
        );
    }
    let mut board = gomoku();
    board.winning_lines = vec![Line { from: Point::new(0, 0), to: Point::new(200, 200) }];
    assert!(board.to_png().is_err());
    let mut board = gomoku();
    board.forbidden_lines = vec![Line { from: Point::new(3, 3), to: Point::new(3, 16) }];
    assert_eq!(board.to_png(), Err(RenderError::OffBoard(Point::new(3, 16))));

    let mut frame = five_in_a_row();
    frame.cells.pop();
    assert!(matches!(frame.to_png(), Err(RenderError::FrameSize { .. })));
    let mut frame = five_in_a_row();
    frame.side_columns.push(9);
    assert_eq!(frame.to_png(), Err(RenderError::NoSuchColumn(9)));
    assert!(ConnectBoard::new(40, 6, Vec::new()).to_png().is_err());

    let card = CardFace { colour: None, kind: CardKind::Swap };
    assert!(matches!(Hand { cards: vec![card; 41] }.to_png(), Err(RenderError::TooMany { .. })));
    assert!(Replay::<GridBoard>::new(Vec::new()).to_gif().is_err());
    let mixed = Replay::new(vec![gomoku(), GridBoard::new(19, Notation::WithI)]);
    assert!(mixed.to_gif().is_err());
}

#[test]
fn every_size_and_odd_text_renders() {
    for size in 5..=19 {
        let mut board = GridBoard::new(size, Notation::SkipI);
        board.black.name =
            "名前 🙂 with a very long name that cannot possibly fit in the header".into();
        board.black.captures = Some(u16::MAX);
        board.white.score = Some(99);
        board.stones = vec![stone(size - 1, size - 1, Stone::Black)];
        board.stones[0].number = Some(999);
        assert!(board.to_png().is_ok(), "size {size}");
    }
    for width in 4..=12 {
        assert!(ConnectBoard::new(width, 6, vec![0]).to_png().is_ok());
    }
    let face = CardFace { colour: Some(CardColour::Blue), kind: CardKind::Number(255) };
    assert!(face.to_png().is_ok());
}

/// How many red pixels lie in the square of half-side `reach` around `centre`.
fn red_around(image: &Rgb, (cx, cy): (u32, u32), reach: u32) -> usize {
    (cy - reach..=cy + reach)
        .flat_map(|y| (cx - reach..=cx + reach).map(move |x| (x, y)))
        .filter(|&pixel| is_red(image.at(pixel)))
        .count()
}

#[test]
fn renju_offers_are_numbered_on_their_points() {
    let mut board = gomoku();
    let offered = [Point::new(10, 10), Point::new(3, 12)];
    let before = Rgb::decode(&board.to_png().unwrap());
    board.offers = offered.to_vec();
    let after = Rgb::decode(&board.to_png().unwrap());
    for point in offered {
        let centre = board.pixel_of(point).unwrap();
        assert_eq!(red_around(&before, centre, 12), 0);
        assert!(red_around(&after, centre, 12) > 20, "a red number on {point:?}");
    }
    // "1" and "2" are different digits: the two marks differ.
    let marks: Vec<Vec<bool>> = offered
        .iter()
        .map(|&point| {
            let (cx, cy) = board.pixel_of(point).unwrap();
            (cy - 12..=cy + 12)
                .flat_map(|y| (cx - 12..=cx + 12).map(move |x| (x, y)))
                .map(|pixel| is_red(after.at(pixel)))
                .collect()
        })
        .collect();
    assert_ne!(marks[0], marks[1]);
}

#[test]
fn points_emptied_by_a_capture_are_ringed() {
    let mut board = gomoku();
    let emptied = Point::new(7, 6);
    let centre = board.pixel_of(emptied).unwrap();
    let reach = 26;
    let before = Rgb::decode(&board.to_png().unwrap());
    board.captured = vec![emptied];
    let after = Rgb::decode(&board.to_png().unwrap());
    assert_eq!(red_around(&before, centre, reach), 0);
    assert!(red_around(&after, centre, reach) > 50);
    // A ring: its middle stays the bare crossing.
    assert!(!is_red(after.at(centre)));
}

#[test]
fn capture_tallies_show_the_goal() {
    let mut board = gomoku();
    board.captures_label = "capturas".into();
    board.black.captures = Some(2);
    board.white.captures = Some(0);
    // The header's muted and light text pixels right of the names: "2/10" draws more of
    // them than "2".
    let text_pixels = |board: &GridBoard| {
        let image = Rgb::decode(&board.to_png().unwrap());
        (10..50u32)
            .flat_map(|y| (560..800u32).map(move |x| (x, y)))
            .filter(|&pixel| image.at(pixel)[0] > 200)
            .count()
    };
    let plain = text_pixels(&board);
    board.capture_goal = Some(10);
    assert!(text_pixels(&board) > plain + 40);
}

#[test]
fn the_opening_area_is_framed_around_its_square() {
    let mut board = GridBoard::new(15, Notation::WithI);
    let centre = Point::new(7, 7);
    // Half a cell beyond the 5×5 square's edge (j8 is two lines right of h8).
    let (jx, jy) = board.pixel_of(Point::new(9, 7)).unwrap();
    let (kx, _) = board.pixel_of(Point::new(10, 7)).unwrap();
    let frame = ((jx + kx) / 2, jy);
    let before = Rgb::decode(&board.to_png().unwrap());
    assert!(!is_blue(before.at(frame)));
    board.opening_area = Some(engine::OpeningArea { centre, reach: 2 });
    let after = Rgb::decode(&board.to_png().unwrap());
    assert!(is_blue(after.at(frame)), "{:?}", after.at(frame));
    // Inside the square the board is as it was.
    let inside = board.pixel_of(Point::new(8, 8)).unwrap();
    assert_eq!(before.at(inside), after.at(inside));
}

/// A table of one player, not to move, holding `fives`.
fn table_with_fives(fives: Vec<CardFace>) -> Rgb {
    let table = Table {
        discard: None,
        draw_pile: 30,
        follow: None,
        draw_pile_label: "mazo".into(),
        players: vec![TablePlayer { name: "Ana".into(), fives, protected: false, cards: 5 }],
        direction: PlayDirection::Clockwise,
        turn: None,
        auction: None,
        status: String::new(),
    };
    Rgb::decode(&table.to_png().unwrap())
}

/// The cards crossed by the middle line of the first player's row, right of their name:
/// runs of at least ten pixels that are not the felt.
fn cards_in_first_row(image: &Rgb) -> usize {
    let felt = image.at((2, 2));
    let middle = 64 + 230 + 16 + 104 / 2;
    let mut runs = 0;
    let mut run = 0;
    for x in 360..image.width as u32 {
        if image.at((x, middle)) == felt {
            runs += usize::from(run >= 10);
            run = 0;
        } else {
            run += 1;
        }
    }
    runs + usize::from(run >= 10)
}

#[test]
fn every_five_in_front_of_a_player_is_drawn_the_wild_ones_too() {
    let five = |colour| CardFace { colour: Some(colour), kind: CardKind::Number(5) };
    let wild = CardFace { colour: None, kind: CardKind::FiveWild };
    assert_eq!(cards_in_first_row(&table_with_fives(Vec::new())), 0);
    assert_eq!(cards_in_first_row(&table_with_fives(vec![wild])), 1);
    let fives =
        vec![five(CardColour::Red), wild, five(CardColour::Blue), wild, five(CardColour::Green)];
    assert_eq!(cards_in_first_row(&table_with_fives(fives)), 5);
}

#[test]
fn names_in_other_scripts_and_unknown_emoji_keep_players_apart() {
    let with_black = |name: &str| {
        let mut board = gomoku();
        board.black.name = name.into();
        board.to_png().unwrap()
    };
    // Simplified and traditional spellings, and two emoji no font has (drawn as codes).
    assert_ne!(with_black("李小龙"), with_black("李小龍"));
    assert_ne!(with_black("Bot 🦀"), with_black("Bot 🤖"));
    assert_ne!(with_black("さくら"), with_black("김민준"));
}

/// Where a picture is light (white or near it): the marks drawn on a card's colour.
fn light_pixels(image: &Rgb) -> Vec<bool> {
    image.pixels.chunks_exact(3).map(|p| is_light([p[0], p[1], p[2]])).collect()
}

#[test]
fn red_and_green_cards_differ_by_more_than_their_colour() {
    // A colour-blind player sees the marks, not the hue: the white marks of a red card and
    // of a green one must differ, at every size a coloured card is drawn.
    for kind in [CardKind::Number(7), CardKind::Reverse, CardKind::Skip] {
        let marks: Vec<Vec<bool>> = [CardColour::Red, CardColour::Green, CardColour::Blue]
            .into_iter()
            .map(|colour| {
                light_pixels(&Rgb::decode(
                    &CardFace { colour: Some(colour), kind }.to_png().unwrap(),
                ))
            })
            .collect();
        assert_ne!(marks[0], marks[1], "{kind:?}: red and green");
        assert_ne!(marks[1], marks[2], "{kind:?}: green and blue");
    }
    // On the table too: the 5s in front of a player and the bids.
    let five = |colour| CardFace { colour: Some(colour), kind: CardKind::Number(5) };
    let row = |colour| {
        let image = table_with_fives(vec![five(colour)]);
        let middle = 64 + 230 + 16 + 104 / 2;
        (middle - 50..middle + 50)
            .flat_map(|y| (330..700).map(move |x| (x, y)))
            .filter(|&p| is_light(image.at(p)))
            .collect::<Vec<_>>()
    };
    assert_ne!(row(CardColour::Red), row(CardColour::Green));
}

fn table(discard: CardFace, follow: Option<Follow>) -> Table {
    Table {
        discard: Some(discard),
        follow,
        draw_pile: 30,
        draw_pile_label: "mazo".into(),
        players: vec![TablePlayer {
            name: "Ana".into(),
            fives: Vec::new(),
            protected: false,
            cards: 5,
        }],
        direction: PlayDirection::Clockwise,
        turn: Some(0),
        auction: None,
        status: "Turno de Ana".into(),
    }
}

#[test]
fn after_a_black_card_the_discard_shows_what_to_follow() {
    let wild = CardFace { colour: None, kind: CardKind::NumberWild(7) };
    let blue = Follow { colour: Some(CardColour::Blue), mark: FollowMark::Number(7) };
    let plain = Rgb::decode(&table(wild, None).to_png().unwrap());
    let shown = Rgb::decode(&table(wild, Some(blue)).to_png().unwrap());
    // The discard lies at x 190–310, y 72–252: its lower right corner carries the colour.
    let corner = |image: &Rgb| {
        (180..260u32)
            .flat_map(|y| (260..360u32).map(move |x| (x, y)))
            .filter(|&p| is_blue(image.at(p)))
            .count()
    };
    assert_eq!(corner(&plain), 0);
    assert!(corner(&shown) > 1500, "{}", corner(&shown));
    // A Cambio over red: red shows; an Embargo, after which any colour follows: all four.
    let cambio = CardFace { colour: None, kind: CardKind::Swap };
    let red = Follow { colour: Some(CardColour::Red), mark: FollowMark::Nothing };
    let image = Rgb::decode(&table(cambio, Some(red)).to_png().unwrap());
    let reds = (180..260u32)
        .flat_map(|y| (260..360u32).map(move |x| (x, y)))
        .filter(|&p| is_red(image.at(p)))
        .count();
    assert!(reds > 1500, "{reds}");
    let any = Follow { colour: None, mark: FollowMark::Nothing };
    let embargo = CardFace { colour: None, kind: CardKind::Embargo };
    let image = Rgb::decode(&table(embargo, Some(any)).to_png().unwrap());
    let count = |check: fn([u8; 3]) -> bool| {
        (180..260u32)
            .flat_map(|y| (260..360u32).map(move |x| (x, y)))
            .filter(|&p| check(image.at(p)))
            .count()
    };
    assert!(count(is_red) > 100 && count(is_blue) > 100);
}

#[test]
fn a_player_without_a_number_is_drawn_as_not_bidding() {
    let five = CardFace { colour: Some(CardColour::Red), kind: CardKind::Number(5) };
    let with_bid = |bid: Bid, label: &str| {
        let mut table = table(five, None);
        table.turn = None;
        table.auction = Some(Auction {
            label: "Subasta 1".into(),
            five,
            bids: vec![bid],
            no_bid_label: label.into(),
        });
        Rgb::decode(&table.to_png().unwrap())
    };
    // The bid's place in the row: light text pixels there.
    let ink = |image: &Rgb| {
        let middle = 64 + 230 + 16 + 104 / 2;
        (middle - 30..middle + 30)
            .flat_map(|y| (640..850u32).map(move |x| (x, y)))
            .filter(|&p| image.at(p)[1] > 150)
            .count()
    };
    let waiting = with_bid(Bid::Waiting, "no puja");
    let no_bid = with_bid(Bid::NoBid, "no puja");
    let no_bid_en = with_bid(Bid::NoBid, "no bid");
    assert!(ink(&no_bid) > 3 * ink(&waiting), "{} vs {}", ink(&no_bid), ink(&waiting));
    assert_ne!(no_bid.pixels, no_bid_en.pixels, "the caller's words are drawn");
}

#[test]
fn a_forbidden_cross_is_large_enough_to_see_on_a_phone() {
    // Shown 400 px wide, a 15×15 board is halved: the × reaches 9 px from its point, a
    // cross about 10 px wide there (it was 7 px wide).
    let mut board = gomoku();
    let point = Point::new(10, 10);
    board.forbidden = vec![point];
    let image = Rgb::decode(&board.to_png().unwrap());
    let (x, y) = board.pixel_of(point).unwrap();
    assert!(is_red(image.at((x + 9, y + 9))), "{:?}", image.at((x + 9, y + 9)));
    assert!(is_red(image.at((x - 9, y + 9))));
}

fn is_violet([r, g, b]: [u8; 3]) -> bool {
    r > 110 && b > 160 && g < 90
}

#[test]
fn pentes_scoring_fours_are_marked_and_white_can_head_the_list() {
    let mut board = GridBoard::new(19, Notation::SkipI);
    board.stones = (3..7).map(|x| stone(x, 4, Stone::White)).collect();
    let between = midway(&board, Point::new(4, 4), Point::new(5, 4));
    let plain = Rgb::decode(&board.to_png().unwrap());
    assert!(!is_violet(plain.at(between)));
    board.scoring_lines = vec![Line { from: Point::new(3, 4), to: Point::new(6, 4) }];
    let marked = Rgb::decode(&board.to_png().unwrap());
    assert!(is_violet(marked.at(between)), "{:?}", marked.at(between));
    assert!(!is_blue(marked.at(between)), "not the winning line's blue");
    // The header's first row shows the top row's stone: light for white.
    let first_row_stone = (16 + 30 + 16, 10 + 23);
    assert!(is_dark(marked.at(first_row_stone)), "black heads by default");
    board.top_row = Stone::White;
    let white_first = Rgb::decode(&board.to_png().unwrap());
    assert!(is_light(white_first.at(first_row_stone)), "{:?}", white_first.at(first_row_stone));
}

#[test]
fn the_last_moves_number_stays_readable_under_its_mark() {
    // A numbered final board (a replay's last frame): the last move, a black stone, keeps
    // its white number and is ringed in red instead of numbered in red.
    let mut board = gomoku();
    for (i, placed) in board.stones.iter_mut().enumerate() {
        placed.number = Some(u16::try_from(i + 1).unwrap());
    }
    board.last_move = Some(Point::new(8, 7));
    let image = Rgb::decode(&board.to_png().unwrap());
    let (x, y) = board.pixel_of(Point::new(8, 7)).unwrap();
    let around = |check: fn([u8; 3]) -> bool, reach: u32| {
        (y - reach..=y + reach)
            .flat_map(|py| (x - reach..=x + reach).map(move |px| (px, py)))
            .filter(|&p| check(image.at(p)))
            .count()
    };
    assert!(around(is_light, 10) > 30, "a white number on the black stone");
    assert_eq!(around(is_red, 10), 0, "no red inside the stone");
    assert!(around(is_red, 26) > 50, "the red ring around it");
}

#[test]
fn a_frame_changed_in_two_far_places_is_two_images_in_the_frames_time() {
    // The status line (a move counter) and a stone near the bottom: the unchanged board
    // between them is not encoded; the first part shows 20 ms, the frame keeps its time.
    let frames: Vec<GridBoard> = (0..3u8)
        .map(|n| {
            let mut board = gomoku();
            board.status = format!("Jugada {n} de 2");
            board.stones = (0..n).map(|x| stone(x, 0, Stone::Black)).collect();
            board
        })
        .collect();
    let gif = Replay::new(frames).to_gif().unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(Cursor::new(gif)).unwrap();
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut parts = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        parts.push((frame.top, frame.width, frame.height, frame.delay));
    }
    assert_eq!(parts.len(), 1 + 2 * 2, "{parts:?}");
    // 0.6 s per move, the last one held 4 s.
    for (pair, time) in parts[1..].chunks(2).zip([60, 400]) {
        let (header, stone) = (pair[0], pair[1]);
        assert!(header.0 < 142 && stone.0 > 400, "{pair:?}");
        assert_eq!((header.3, header.3 + stone.3), (2, time), "{pair:?}");
        let area = |p: (u16, u16, u16, u16)| u32::from(p.1) * u32::from(p.2);
        assert!(area(header) + area(stone) < width * height / 8, "{pair:?}");
    }
}

#[test]
fn the_turns_seconds_left_and_an_away_badge_are_in_the_header() {
    let mut board = five_in_a_row();
    board.red = "Ana".into();
    board.yellow = "Bruno".into();
    board.to_move = Some(Disc::Yellow);
    let plain = Rgb::decode(&board.to_png().unwrap());
    // The header's rows: red's at y 10–56, yellow's at 60–106.
    let count = |image: &Rgb, rows: std::ops::Range<u32>, check: fn([u8; 3]) -> bool| {
        rows.flat_map(|y| (0..image.width as u32).map(move |x| (x, y)))
            .filter(|&p| check(image.at(p)))
            .count()
    };
    let amber = |[r, g, b]: [u8; 3]| r > 200 && g > 140 && g < 200 && b < 100;
    board.clock = Some("quedan 18 s".into());
    board.away[0] = Some("ausente — juega la CPU".into());
    let shown = Rgb::decode(&board.to_png().unwrap());
    assert!(count(&shown, 10..56, is_red) > count(&plain, 10..56, is_red) + 2000, "the badge");
    assert!(count(&shown, 60..106, amber) > count(&plain, 60..106, amber) + 100, "the clock");
    assert_eq!(count(&shown, 60..106, is_red), count(&plain, 60..106, is_red), "no badge");
}
