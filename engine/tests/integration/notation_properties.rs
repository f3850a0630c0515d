//! The move notation of every board game under generated input (issue 27): every legal move
//! written by [`BoardGame::format_move`] is read back by [`BoardGame::parse_move`] as the
//! same move (in any case, with spaces around), a coordinate or a column is read exactly as
//! a small model of the notation says, and no text at all makes a parser panic or accept a
//! point off the board.
//!
//! The case counts keep a debug `cargo test` quick; `PROPTEST_CASES` raises them all and
//! `PROPTEST_RNG_SEED` changes the otherwise fixed seed.

use engine::{
    BoardGame, Connect, ConnectMove, ConnectSettings, ConnectVariant, CoordinateError,
    FIFTH_OFFERS, Gomoku, GomokuSettings, GomokuSize, MAX_SIZE, Ninuki, NinukiSettings, NinukiSize,
    Notation, ParseMoveError, Pente, PenteSettings, PenteSize, Point, Renju, RenjuMove, RenjuPhase,
    RenjuSettings,
};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// `cases` unless `PROPTEST_CASES` says otherwise; a fixed seed unless `PROPTEST_RNG_SEED`
/// says otherwise; no failure files written next to the sources.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(27);
    }
    config.failure_persistence = None;
    config
}

/// Text a player (or a forger) might send as a move: anything at all, and text close to
/// every notation so that the parsers' deeper branches are reached.
fn move_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ \t]{0,2}[a-zA-Zñ0-9]{0,2}[0-9]{0,5}[ \t\r\n]{0,2}",
        "[ ]{0,2}(pop|POP|p|P|sacar|Sacar|sacár)?[ ]{0,3}[-+]?[0-9]{0,4}",
        "(swap|keep|cambiar|seguir|offer|OFFER|ofrecer|choose|elegir|Choose)( {1,2}[a-tA-T][0-9]{1,3}){0,11}",
        "[a-tA-T][0-9]{1,2}",
        "\\PC{0,80}",
    ]
}

/// `text` as a player might also type it: in capitals, or with spaces around.
fn variants(text: &str) -> [String; 3] {
    [text.to_uppercase(), format!("  {text}\t"), format!("\n{} ", text.to_lowercase())]
}

/// Checks that every legal move of `game` reads back from its notation, in every variant.
fn legal_moves_read_back<G: BoardGame>(game: &G) -> Result<(), TestCaseError> {
    for mv in game.legal_moves() {
        let text = game.format_move(mv);
        prop_assert_eq!(game.parse_move(&text), Ok(mv), "{:?} written {:?}", mv, text);
        for variant in variants(&text) {
            prop_assert_eq!(game.parse_move(&variant), Ok(mv), "{:?} written {:?}", mv, variant);
        }
    }
    Ok(())
}

/// Plays the legal moves `picks` choose, checking at every position that the legal moves
/// read back; returns the position reached.
fn walk<G: BoardGame>(mut game: G, picks: &[usize]) -> Result<G, TestCaseError> {
    for &pick in picks {
        legal_moves_read_back(&game)?;
        let moves = game.legal_moves();
        let Some(&mv) = moves.get(pick % moves.len().max(1)) else { break };
        match game.clone().play(mv) {
            Ok(next) => game = next,
            // A legal move may still lose or be refused by a rule the list does not check
            // (a forbidden point): the walk stops there.
            Err(_) => break,
        }
    }
    legal_moves_read_back(&game)?;
    Ok(game)
}

/// What a parser of `game` must do with any text: not panic, and whatever it accepts is
/// written back as text it reads as the same move, spaces around changing nothing.
fn any_text_is_safe<G: BoardGame>(game: &G, text: &str) -> Result<Option<G::Move>, TestCaseError> {
    let read = game.parse_move(text);
    prop_assert_eq!(&game.parse_move(&format!(" {text}\t")), &read, "spaces changed {:?}", text);
    let Ok(mv) = read else { return Ok(None) };
    let written = game.format_move(mv);
    prop_assert_eq!(
        game.parse_move(&written),
        Ok(mv),
        "{:?} read {:?} written {:?}",
        text,
        mv,
        written
    );
    Ok(Some(mv))
}

fn on_board(point: Point, side: u8) -> bool {
    point.x < side && point.y < side
}

fn gomoku_settings() -> impl Strategy<Value = GomokuSettings> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(big, overline_wins, forbidden)| {
        GomokuSettings {
            size: if big { GomokuSize::Nineteen } else { GomokuSize::Fifteen },
            overline_wins,
            forbidden_for_black: forbidden,
        }
    })
}

fn connect_settings() -> impl Strategy<Value = ConnectSettings> {
    (any::<bool>(), any::<bool>()).prop_map(|(classic, pop_out)| {
        let settings =
            if classic { ConnectSettings::classic() } else { ConnectSettings::five_in_row() };
        settings.with_pop_out(pop_out)
    })
}

fn pente_settings() -> impl Strategy<Value = PenteSettings> {
    any::<bool>().prop_map(|small| PenteSettings {
        size: if small { PenteSize::Thirteen } else { PenteSize::Nineteen },
    })
}

fn ninuki_settings() -> impl Strategy<Value = NinukiSettings> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(big, overline_wins, forbidden)| {
        NinukiSettings {
            size: if big { NinukiSize::Nineteen } else { NinukiSize::Fifteen },
            overline_wins,
            forbidden_moves: forbidden,
        }
    })
}

/// The index of column letter `letter` (lower case) in `notation`, or why there is none.
fn model_column(notation: Notation, letter: char) -> Result<u8, CoordinateError> {
    let index = letter as u8 - b'a';
    match notation {
        Notation::WithI => Ok(index),
        Notation::SkipI if letter == 'i' => Err(CoordinateError::NoColumnI),
        Notation::SkipI => Ok(index - u8::from(index > 8)),
    }
}

proptest! {
    #![proptest_config(config(2_000))]

    /// A letter and a number, in any case, with leading zeros and spaces: read exactly as the
    /// notation's model says.
    #[test]
    fn coordinates_are_read_as_the_model_says(
        with_i in any::<bool>(),
        size in 1..=MAX_SIZE,
        letter in proptest::char::range('a', 'z'),
        upper in any::<bool>(),
        row in 0u32..1_200,
        zeros in 0usize..3,
        before in "[ \t]{0,2}",
        after in "[ \t\r\n]{0,2}",
    ) {
        let notation = if with_i { Notation::WithI } else { Notation::SkipI };
        let digits = format!("{}{row}", "0".repeat(zeros));
        let written = if upper { letter.to_ascii_uppercase() } else { letter };
        let text = format!("{before}{written}{digits}{after}");
        let expected = if digits.len() > 3 {
            Err(CoordinateError::Malformed)
        } else {
            model_column(notation, letter).and_then(|x| {
                if x < size && row >= 1 && row <= u32::from(size) {
                    Ok(Point::new(x, u8::try_from(row - 1).expect("row within the board")))
                } else {
                    Err(CoordinateError::OffBoard)
                }
            })
        };
        prop_assert_eq!(notation.parse(&text, size), expected, "{:?} on {}", text, size);
        if let Ok(point) = expected {
            prop_assert_eq!(notation.parse(&notation.format(point), size), Ok(point));
        }
    }

    /// Any text: no panic, and a point read is on the board and written back as itself.
    #[test]
    fn any_text_reads_only_points_on_the_board(
        with_i in any::<bool>(),
        size in 1..=MAX_SIZE,
        text in move_text(),
    ) {
        let notation = if with_i { Notation::WithI } else { Notation::SkipI };
        if let Ok(point) = notation.parse(&text, size) {
            prop_assert!(on_board(point, size), "{:?} read as {:?} on {}", text, point, size);
            prop_assert_eq!(notation.parse(&notation.format(point), size), Ok(point));
        }
    }

    /// `N` and `pop N` (and `p N`, `sacar N`): read as the model of 5 en raya and Connect
    /// Four says, side columns told apart.
    #[test]
    fn columns_are_read_as_the_model_says(
        settings in connect_settings(),
        prefix in prop_oneof![Just(""), Just("pop "), Just("POP"), Just("p"), Just("sacar  "), Just("Sacar")],
        number in 0u32..12_000,
        zeros in 0usize..3,
    ) {
        let digits = format!("{}{number}", "0".repeat(zeros));
        let text = format!("{prefix}{digits}");
        let expected = if digits.len() > 3 {
            Err(ParseMoveError::Unrecognised {
                expected: "a column number from 1 to 7, or pop and a column number",
            })
        } else if (1..=7).contains(&number) {
            let column = engine::Column::new(u8::try_from(number).expect("small"))
                .expect("a playable column");
            Ok(if prefix.is_empty() { ConnectMove::Drop(column) } else { ConnectMove::Pop(column) })
        } else if settings.variant == ConnectVariant::FiveInRow && (number == 0 || number == 8) {
            Err(ParseMoveError::SideColumn)
        } else {
            Err(ParseMoveError::NoSuchColumn)
        };
        prop_assert_eq!(ConnectMove::parse(&text, &settings), expected, "{:?}", text);
    }
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn gomoku_moves_read_back(settings in gomoku_settings(), picks in prop::collection::vec(any::<usize>(), 0..40)) {
        walk(Gomoku::start(settings), &picks)?;
    }

    #[test]
    fn connect_moves_read_back(settings in connect_settings(), picks in prop::collection::vec(any::<usize>(), 0..50)) {
        walk(Connect::start(settings), &picks)?;
    }

    #[test]
    fn pente_moves_read_back(settings in pente_settings(), picks in prop::collection::vec(any::<usize>(), 0..40)) {
        walk(Pente::start(settings), &picks)?;
    }

    #[test]
    fn ninuki_moves_read_back(settings in ninuki_settings(), picks in prop::collection::vec(any::<usize>(), 0..40)) {
        walk(Ninuki::start(settings), &picks)?;
    }

    /// Renju's opening too: swap and keep, ten offered fifth moves, the choice among them.
    #[test]
    fn renju_moves_read_back(
        picks in prop::collection::vec(any::<usize>(), 0..30),
        offer in any::<bool>(),
        rotate in any::<usize>(),
    ) {
        let mut game = Renju::start(RenjuSettings);
        for &pick in &picks {
            legal_moves_read_back(&game)?;
            let moves = game.legal_moves();
            let Some(&mv) = moves.get(pick % moves.len().max(1)) else { break };
            if offer && game.phase() == RenjuPhase::FifthStone && moves.len() >= FIFTH_OFFERS {
                let mut offers = [Point::new(0, 0); FIFTH_OFFERS];
                for (slot, index) in offers.iter_mut().zip(rotate..) {
                    let RenjuMove::Place(point) = moves[index % moves.len()] else {
                        return Err(TestCaseError::fail("a fifth stone is a placed stone"));
                    };
                    *slot = point;
                }
                let offered = RenjuMove::OfferFifth(offers);
                let text = game.format_move(offered);
                prop_assert_eq!(game.parse_move(&text), Ok(offered), "{}", text);
                for variant in variants(&text) {
                    prop_assert_eq!(game.parse_move(&variant), Ok(offered), "{}", variant);
                }
                if let Ok(next) = game.clone().play(offered) {
                    game = next;
                    continue;
                }
            }
            match game.clone().play(mv) {
                Ok(next) => game = next,
                Err(_) => break,
            }
        }
        legal_moves_read_back(&game)?;
    }
}

proptest! {
    #![proptest_config(config(1_000))]

    #[test]
    fn any_text_is_safe_in_gomoku(settings in gomoku_settings(), text in move_text()) {
        let game = Gomoku::start(settings);
        if let Some(point) = any_text_is_safe(&game, &text)? {
            prop_assert!(on_board(point, game.board().size()));
        }
    }

    #[test]
    fn any_text_is_safe_in_connect(settings in connect_settings(), text in move_text()) {
        any_text_is_safe(&Connect::start(settings), &text)?;
    }

    #[test]
    fn any_text_is_safe_in_pente(settings in pente_settings(), text in move_text()) {
        let game = Pente::start(settings);
        if let Some(point) = any_text_is_safe(&game, &text)? {
            prop_assert!(on_board(point, game.board().size()));
            prop_assert!(!text.trim().to_lowercase().starts_with('i'), "pente has no column I");
        }
    }

    #[test]
    fn any_text_is_safe_in_ninuki(settings in ninuki_settings(), text in move_text()) {
        let game = Ninuki::start(settings);
        if let Some(point) = any_text_is_safe(&game, &text)? {
            prop_assert!(on_board(point, game.board().size()));
        }
    }

    /// Renju in every phase of its opening: a few plies are played first.
    #[test]
    fn any_text_is_safe_in_renju(plies in prop::collection::vec(any::<usize>(), 0..8), text in move_text()) {
        let mut game = Renju::start(RenjuSettings);
        for pick in plies {
            let moves = game.legal_moves();
            let Some(&mv) = moves.get(pick % moves.len().max(1)) else { break };
            match game.clone().play(mv) {
                Ok(next) => game = next,
                Err(_) => break,
            }
        }
        let side = game.board().size();
        match any_text_is_safe(&game, &text)? {
            Some(RenjuMove::Place(point) | RenjuMove::ChooseFifth(point)) => {
                prop_assert!(on_board(point, side));
            }
            Some(RenjuMove::OfferFifth(points)) => {
                prop_assert!(points.iter().all(|&point| on_board(point, side)));
            }
            Some(RenjuMove::Swap | RenjuMove::KeepColours) | None => {}
        }
    }
}
