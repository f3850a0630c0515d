//! A game's state as the page reads it: JSON made from the core's [`GameView`], every word
//! already in the reader's language. The engine and the renderer stay free of serde: their
//! types are copied into these here. A grid board (gomoku, renju, ninuki, pente) and a column
//! board (5 en raya, Connect Four) come with everything their picture shows; CINCO with its
//! table, and for the reader who holds a seat, their own hand (see [`super::cinco`]).

use serde::Serialize;

use cincobot_core::core::{ButtonStyle, GameView, LosingMove, Offering, Payload, Player, Row};
use cincobot_core::games::Picture;
use cincobot_core::i18n::{Arg, Locale, Text, Texts};
use engine::{Line, Point, Stone};

use super::cinco::{Hand, Table, hand, table};

/// The state of one game for one reader.
#[derive(Clone, Debug, Serialize)]
pub struct State {
    pub game: i64,
    pub kind: &'static str,
    pub ply: usize,
    pub active: bool,
    pub locale: &'static str,
    /// The board message's lines, as the chat reads them.
    pub lines: Vec<String>,
    pub board: Option<Board>,
    /// CINCO: the reader's own hand, when they hold a seat in the game; nobody else's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Hand>,
    /// What the chat was told in a message of its own (CINCO's last auction revealed).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub told: Vec<String>,
    /// The rows of buttons under the board (the point picker's menus, the columns' drop
    /// buttons, renju's offered points and the Open board button are left out: the page taps
    /// the board instead).
    pub buttons: Vec<Vec<ButtonState>>,
    /// The players' names, by seat.
    pub players: Vec<String>,
    pub to_act: Option<usize>,
    pub you: You,
    pub deadline_ms: Option<i64>,
    pub now_ms: i64,
}

/// What the reader may do.
#[derive(Clone, Debug, Serialize)]
pub struct You {
    /// Their seat, when they play this game.
    pub seat: Option<usize>,
    /// They may send actions (a player, signed in as themselves).
    pub may_act: bool,
    /// The moves open to them now: empty unless it is their turn.
    pub legal: Vec<String>,
    /// Renju, black to move: the moves in `legal` that lose at once, each with the question
    /// the chat asks before playing one; the page asks it too, and sends `confirm` after.
    pub losing: Vec<Losing>,
    /// Renju: the ten fifth moves they are choosing to offer, a point a tap.
    pub offer: Option<Offer>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Losing {
    #[serde(rename = "move")]
    pub point: String,
    pub question: String,
}

/// An offer being chosen: a tap on a candidate adds it (`{"offer": point, "count": n}`).
#[derive(Clone, Debug, Serialize)]
pub struct Offer {
    /// How many points are chosen: an addition names it, so a stale one is refused.
    pub count: usize,
    pub candidates: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ButtonState {
    pub label: String,
    pub payload: String,
    pub style: &'static str,
    pub disabled: bool,
}

/// A board the page draws.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Board {
    Grid(Grid),
    Connect(Connect),
    Cinco(Table),
}

/// A column board (5 en raya: 9×6 with two pre-filled side columns; Connect Four: 7×6), as
/// the chat's picture shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Connect {
    pub width: u8,
    pub height: u8,
    /// Each column's number as players say it (the move that drops there), from the left;
    /// `null` for a side column, where nothing is ever played.
    pub columns: Vec<Option<u8>>,
    /// Discs as `[x, y, "r" | "y"]`, from the bottom-left.
    pub discs: Vec<(u8, u8, &'static str)>,
    pub last: Option<At>,
    pub winning: Vec<[At; 2]>,
    /// PopOut is played: the columns (as `x`) whose bottom disc the player to move may pop.
    pub pop_out: Option<Vec<u8>>,
    pub to_move: Option<&'static str>,
    pub winner: Option<&'static str>,
    pub clock: Option<String>,
    pub status: String,
    pub red: ConnectPlayer,
    pub yellow: ConnectPlayer,
}

#[derive(Clone, Debug, Serialize)]
pub struct ConnectPlayer {
    pub name: String,
    pub away: Option<String>,
}

/// A point as `[x, y]`, from the bottom-left corner.
type At = [u8; 2];

/// A grid board, as the chat's picture shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Grid {
    pub size: u8,
    /// Each column's letter, from the left: a point's move is its letter then `y + 1`.
    pub columns: Vec<String>,
    /// Stones as `[x, y, "b" | "w"]`.
    pub stones: Vec<(u8, u8, &'static str)>,
    pub last: Option<At>,
    pub forbidden: Vec<At>,
    /// The forbidden points are shown while white moves: muted, not red.
    pub forbidden_muted: bool,
    pub winning: Vec<[At; 2]>,
    pub forbidden_lines: Vec<[At; 2]>,
    pub scoring_lines: Vec<[At; 2]>,
    pub captured: Vec<At>,
    /// Renju's offered fifth moves, numbered in this order (or those being chosen).
    pub offers: Vec<At>,
    /// Renju's opening: the square the awaited stone must go in, as its bottom-left and
    /// top-right points.
    pub opening_area: Option<[At; 2]>,
    /// The captured stones that win (ninuki, pente).
    pub capture_goal: Option<u16>,
    pub to_move: Option<&'static str>,
    pub winner: Option<&'static str>,
    pub clock: Option<String>,
    pub status: String,
    pub black: GridPlayer,
    pub white: GridPlayer,
}

#[derive(Clone, Debug, Serialize)]
pub struct GridPlayer {
    pub name: String,
    pub captures: Option<u16>,
    pub score: Option<u16>,
    pub away: Option<String>,
}

fn at(point: Point) -> At {
    [point.x, point.y]
}

fn line(line: &Line) -> [At; 2] {
    [at(line.from), at(line.to)]
}

fn colour(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "b",
        Stone::White => "w",
    }
}

/// The corners of renju's opening square, kept on a board of `size`.
fn opening_corners(area: engine::OpeningArea, size: u8) -> [At; 2] {
    let low = |c: u8| c.saturating_sub(area.reach);
    let high = |c: u8| c.saturating_add(area.reach).min(size.saturating_sub(1));
    [[low(area.centre.x), low(area.centre.y)], [high(area.centre.x), high(area.centre.y)]]
}

fn grid(board: &render::GridBoard) -> Grid {
    let player = |player: &render::GridPlayer| GridPlayer {
        name: player.name.clone(),
        captures: player.captures,
        score: player.score,
        away: player.away.clone(),
    };
    Grid {
        size: board.size,
        columns: (0..board.size).map(|x| board.notation.column_letter(x).to_string()).collect(),
        stones: board
            .stones
            .iter()
            .map(|placed| (placed.point.x, placed.point.y, colour(placed.stone)))
            .collect(),
        last: board.last_move.map(at),
        forbidden: board.forbidden.iter().copied().map(at).collect(),
        forbidden_muted: board.forbidden_muted,
        winning: board.winning_lines.iter().map(line).collect(),
        forbidden_lines: board.forbidden_lines.iter().map(line).collect(),
        scoring_lines: board.scoring_lines.iter().map(line).collect(),
        captured: board.captured.iter().copied().map(at).collect(),
        offers: board.offers.iter().copied().map(at).collect(),
        opening_area: board.opening_area.map(|area| opening_corners(area, board.size)),
        capture_goal: board.capture_goal,
        to_move: board.to_move.map(colour),
        winner: board.winner.map(colour),
        clock: board.clock.clone(),
        status: board.status.clone(),
        black: player(&board.black),
        white: player(&board.white),
    }
}

fn disc(disc: render::Disc) -> &'static str {
    match disc {
        render::Disc::Red => "r",
        render::Disc::Yellow => "y",
    }
}

fn connect(board: &render::ConnectBoard) -> Connect {
    let mut number = 0_u8;
    let columns = (0..board.width)
        .map(|x| {
            if board.side_columns.contains(&x) {
                None
            } else {
                number += 1;
                Some(number)
            }
        })
        .collect();
    let width = usize::from(board.width);
    let discs = board
        .cells
        .iter()
        .enumerate()
        .filter_map(|(index, cell)| {
            let x = u8::try_from(index % width).ok()?;
            let y = u8::try_from(index / width).ok()?;
            cell.map(|placed| (x, y, disc(placed)))
        })
        .collect();
    let [red_away, yellow_away] = board.away.clone();
    Connect {
        width: board.width,
        height: board.height,
        columns,
        discs,
        last: board.last_move.map(at),
        winning: board.winning_lines.iter().map(line).collect(),
        pop_out: board.pop_out.as_ref().map(|pop_out| pop_out.columns.clone()),
        to_move: board.to_move.map(disc),
        winner: board.winner.map(disc),
        clock: board.clock.clone(),
        status: board.status.clone(),
        red: ConnectPlayer { name: board.red.clone(), away: red_away },
        yellow: ConnectPlayer { name: board.yellow.clone(), away: yellow_away },
    }
}

/// Whether a board button is one the page replaces by a tap on the board: the Open board
/// button (the page is what it opens), a column's drop button (the column is tapped) and
/// renju's offered fifth moves for white to choose (the numbered point is tapped).
fn tapped_instead(payload: &str) -> bool {
    match Payload::decode(payload) {
        Some(Payload::WebBoard(_)) => true,
        Some(Payload::Move { text, .. }) => {
            let column = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
            column || text.starts_with("choose ")
        }
        _ => false,
    }
}

/// The moves open to the reader of `view` that lose at once, with the chat's question in
/// `locale`.
fn losing(texts: &Texts, locale: Locale, view: &GameView) -> Vec<Losing> {
    let question = |losing: &LosingMove| Losing {
        point: losing.point.clone(),
        question: texts.render(locale, &losing.question),
    };
    view.losing.iter().map(question).collect()
}

fn offer(offering: &Offering) -> Offer {
    Offer { count: offering.chosen.len(), candidates: offering.candidates.clone() }
}

/// A player's name in `locale` ("CPU (hard)" for the computer).
fn name(texts: &Texts, locale: Locale, player: &Player) -> String {
    match player {
        Player::Human { name, .. } => name.clone(),
        Player::Cpu { level } => texts.render(
            locale,
            &Text::new("cpu-name").with("level", Arg::Text(Text::new(level.name_id()))),
        ),
    }
}

/// `view` for a reader who `may_act`, its words rendered with `texts`.
#[must_use]
pub fn state(texts: &Texts, view: &GameView, may_act: bool) -> State {
    let locale = view.board.locale;
    let board = view.board.board.as_ref().and_then(|image| match &image.picture {
        Picture::Grid(board) => Some(Board::Grid(grid(board))),
        Picture::Connect(board) => Some(Board::Connect(connect(board))),
        Picture::CincoTable(cinco) => Some(Board::Cinco(table(cinco))),
        // A hand is never a game's board: it comes as the reader's `hand` below.
        Picture::CincoHand(_) => None,
    });
    let buttons = view
        .board
        .components
        .iter()
        .filter_map(|row| match row {
            Row::Buttons(buttons) => Some(
                buttons
                    .iter()
                    .filter(|button| !tapped_instead(&button.payload))
                    .map(|button| ButtonState {
                        label: texts.render(locale, &button.label),
                        payload: button.payload.clone(),
                        style: match button.style {
                            ButtonStyle::Primary => "primary",
                            ButtonStyle::Secondary => "secondary",
                            ButtonStyle::Success => "success",
                            ButtonStyle::Danger => "danger",
                        },
                        disabled: button.disabled,
                    })
                    .collect(),
            ),
            Row::Select(_) => None,
        })
        .filter(|row: &Vec<ButtonState>| !row.is_empty())
        .collect();
    State {
        game: view.game.0,
        kind: view.family.code(),
        ply: view.ply,
        active: view.active,
        locale: locale.code(),
        lines: view.board.lines.iter().map(|line| texts.render(locale, line)).collect(),
        board,
        hand: view.hand.as_ref().map(|own| hand(texts, locale, own, may_act)),
        told: view.told.iter().map(|line| texts.render(locale, line)).collect(),
        buttons,
        players: view.players.iter().map(|player| name(texts, locale, player)).collect(),
        to_act: view.to_act,
        you: You {
            seat: view.viewer_seat,
            may_act,
            legal: if may_act { view.legal.clone() } else { Vec::new() },
            losing: if may_act { losing(texts, locale, view) } else { Vec::new() },
            offer: view.offering.as_ref().filter(|_| may_act).map(offer),
        },
        deadline_ms: view.deadline_ms,
        now_ms: view.now_ms,
    }
}
