//! The band above a board: one row per player (piece, name, tallies such as captures and
//! score), the row of the player to move or of the winner lit, and the caller's status line.

use std::sync::OnceLock;

use crate::canvas::{Canvas, Icon, Mask};
use crate::palette::Ink;
use crate::shape::Shape;
use crate::sprites;
use crate::text::{self, Align, Style};

/// Height of the band in pixels.
pub(crate) const HEIGHT: usize = 142;

const PAD: f32 = 16.0;
const ROW_HEIGHT: usize = 46;
const ROW_TOPS: [usize; 2] = [10, 60];
const NAME: Style = Style::bold(24);
const LABEL: Style = Style::regular(22);
const VALUE: Style = Style::bold(24);
const STATUS: Style = Style::regular(22);
/// A long status line (renju's ten offers in English) steps down to this before it is cut.
const STATUS_SMALL: Style = Style::regular(16);
/// The away badge beside a name, and the turn's seconds left.
const BADGE: Style = Style::bold(22);
const BADGE_HEIGHT: f32 = 32.0;

/// How a player's row is lit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Highlight {
    None,
    ToMove,
    Winner,
}

/// A number shown at the right of a player's row: a caller's word, an optional icon, a value.
#[derive(Debug)]
pub(crate) struct Tally<'a> {
    pub(crate) label: &'a str,
    pub(crate) icon: Option<&'a Icon>,
    pub(crate) value: u16,
    /// What the value counts towards, shown as "value/goal".
    pub(crate) goal: Option<u16>,
}

#[derive(Debug)]
pub(crate) struct Row<'a> {
    pub(crate) piece: &'a Icon,
    pub(crate) name: &'a str,
    pub(crate) highlight: Highlight,
    pub(crate) tallies: Vec<Tally<'a>>,
    /// The caller's words in a pill after the name ("away — the CPU plays").
    pub(crate) badge: Option<&'a str>,
    /// The caller's words at the right of the row ("45 s left"), for the player to move.
    pub(crate) clock: Option<&'a str>,
}

/// Draws the band across the top of `canvas`.
pub(crate) fn draw(canvas: &mut Canvas, rows: [Row<'_>; 2], status: &str) {
    let width = canvas.width as f32;
    canvas.fill(0, 0, canvas.width as i32, HEIGHT as i32, Ink::HeaderBg);
    for (row, top) in rows.iter().zip(ROW_TOPS) {
        draw_row(canvas, row, top as f32, width);
    }
    let style = status_style(status, width - 2.0 * PAD);
    let baseline = (ROW_TOPS[1] + ROW_HEIGHT) as f32 + 12.0 + text::cap_height(style);
    text::draw(
        canvas,
        style,
        status,
        (width / 2.0, baseline),
        Align::Centre,
        width - 2.0 * PAD,
        Ink::HeaderText,
    );
}

/// The status line's size: the usual one, or the smaller one when that does not fit `room`.
fn status_style(status: &str, room: f32) -> Style {
    if text::width(STATUS, status) > room { STATUS_SMALL } else { STATUS }
}

fn draw_row(canvas: &mut Canvas, row: &Row<'_>, top: f32, width: f32) {
    let middle = top + ROW_HEIGHT as f32 / 2.0;
    let lit = row.highlight != Highlight::None;
    if lit {
        canvas.fill(
            PAD as i32 - 6,
            top as i32,
            (width - 2.0 * PAD) as i32 + 12,
            ROW_HEIGHT as i32,
            Ink::HeaderRow,
        );
        let (star, arrow) = signs();
        let sign = if row.highlight == Highlight::Winner { star } else { arrow };
        let y = middle as i32 - sign.height as i32 / 2;
        canvas.paint(sign, PAD as i32, y, Ink::Amber);
    }
    let piece_x = PAD + 30.0;
    let piece = row.piece.width() as f32;
    canvas.draw_icon(row.piece, (piece_x) as i32, (middle - piece / 2.0).round() as i32);
    // The clock and tallies from the right edge leftwards, then the name gets what is left.
    let mut right = width - PAD - 8.0;
    if let Some(clock) = row.clock {
        let baseline = middle + text::cap_height(BADGE) / 2.0;
        let ink = if lit { Ink::Amber } else { Ink::HeaderText };
        right -= text::draw(canvas, BADGE, clock, (right, baseline), Align::Right, 220.0, ink);
        right -= 22.0;
    }
    for tally in row.tallies.iter().rev() {
        let value = match tally.goal {
            Some(goal) => format!("{}/{goal}", tally.value),
            None => tally.value.to_string(),
        };
        let baseline = middle + text::cap_height(VALUE) / 2.0;
        right -= text::draw(
            canvas,
            VALUE,
            &value,
            (right, baseline),
            Align::Right,
            f32::INFINITY,
            Ink::HeaderText,
        );
        if let Some(icon) = tally.icon {
            let w = icon.width() as f32;
            right -= w + 6.0;
            canvas.draw_icon(icon, right as i32, (middle - w / 2.0).round() as i32);
        }
        right -= 8.0;
        let label_baseline = middle + text::cap_height(LABEL) / 2.0;
        right -= text::draw(
            canvas,
            LABEL,
            tally.label,
            (right, label_baseline),
            Align::Right,
            200.0,
            Ink::HeaderMuted,
        );
        right -= 22.0;
    }
    let name_x = piece_x + piece + 12.0;
    let baseline = middle + text::cap_height(NAME) / 2.0;
    let ink = if lit { Ink::Amber } else { Ink::HeaderText };
    // The badge keeps its words whole while the name keeps at least a few letters.
    let badge = row.badge.map(|badge| {
        let name = text::width(NAME, row.name).min(90.0);
        let room = (right - name_x - name - 36.0).max(0.0);
        let words = text::fit(BADGE, badge, room);
        let width = text::width(BADGE, &words) + 24.0;
        (words, width)
    });
    let name_room = (right - name_x - badge.as_ref().map_or(0.0, |(_, w)| w + 12.0)).max(0.0);
    let drawn = text::draw(canvas, NAME, row.name, (name_x, baseline), Align::Left, name_room, ink);
    if let Some((words, badge_width)) = badge {
        let left = name_x + drawn + 12.0;
        let pill = Shape::new(badge_width.ceil() as usize, BADGE_HEIGHT as usize)
            .rounded_rect(0.0, 0.0, badge_width, BADGE_HEIGHT, BADGE_HEIGHT / 2.0)
            .into_mask();
        let top = (middle - BADGE_HEIGHT / 2.0).round() as i32;
        canvas.paint(&pill, left as i32, top, Ink::Alert);
        let baseline = middle + text::cap_height(BADGE) / 2.0;
        let centre = left + badge_width / 2.0;
        text::draw(
            canvas,
            BADGE,
            &words,
            (centre, baseline),
            Align::Centre,
            f32::INFINITY,
            Ink::White,
        );
    }
}

/// The winner's star and the to-move arrow, drawn once.
fn signs() -> &'static (Mask, Mask) {
    static SIGNS: OnceLock<(Mask, Mask)> = OnceLock::new();
    SIGNS.get_or_init(|| (sprites::star(24), sprites::triangle(14, 20, false)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renju's longest status line, in English, on the narrowest board (15×15, 806 px).
    const OFFERS: &str = "Anastasia (white): choose one of the offered fifth moves: \
                          h7 h6 h10 h11 g8 i7 i8 g9 f7 f8.";

    #[test]
    fn a_long_status_line_steps_down_and_fits_whole() {
        let room = 806.0 - 2.0 * PAD;
        assert!(text::width(STATUS, OFFERS) > room, "the usual size would cut it");
        let style = status_style(OFFERS, room);
        assert_eq!(text::fit(style, OFFERS, room), OFFERS);
        assert_eq!(status_style("Turno de ana", room), STATUS);
    }
}
