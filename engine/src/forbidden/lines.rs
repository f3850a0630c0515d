//! The board seen as its lines, one bit mask per line, so that the eleven cells around a point
//! in any direction come out with two shifts.

use super::shape::{CENTRE, WINDOW, Window};
use crate::{Board, Direction, MAX_SIZE, Point, Stone};

/// Lines per direction on the largest board (its diagonals).
const LINES: usize = 2 * MAX_SIZE as usize - 1;
/// Where a line's first cell sits in its mask: room for a window to reach past either edge.
const OFFSET: u32 = 8;

/// The board's black stones by line; `blocked` holds the white stones and every bit past the
/// board's edge, which end black's lines alike.
#[derive(Clone, Debug)]
pub(crate) struct Lines {
    size: u8,
    black: [[u32; LINES]; 4],
    blocked: [[u32; LINES]; 4],
}

/// The line holding `point` in the direction numbered `direction` (the order of
/// [`Direction::ALL`]), and the point's place along it; the place grows along the direction.
fn locate(size: u8, point: Point, direction: usize) -> (usize, u32) {
    let (x, y) = (usize::from(point.x), usize::from(point.y));
    match direction {
        0 => (y, u32::from(point.x)),
        1 => (x, u32::from(point.y)),
        2 => (x + usize::from(size) - 1 - y, u32::from(point.x)),
        _ => (x + y, u32::from(point.x)),
    }
}

impl Lines {
    pub(crate) fn new(board: &Board) -> Lines {
        let size = board.size();
        let mut lines = Lines { size, black: [[0; LINES]; 4], blocked: [[!0; LINES]; 4] };
        for point in board.points() {
            for direction in 0..4 {
                let (line, place) = locate(size, point, direction);
                lines.blocked[direction][line] &= !(1 << (place + OFFSET));
            }
            match board.get(point) {
                Some(Stone::Black) => lines.put(point, Stone::Black),
                Some(Stone::White) => lines.put(point, Stone::White),
                None => {}
            }
        }
        lines
    }

    pub(crate) fn put(&mut self, point: Point, stone: Stone) {
        for direction in 0..4 {
            let (line, place) = locate(self.size, point, direction);
            let bit = 1 << (place + OFFSET);
            match stone {
                Stone::Black => self.black[direction][line] |= bit,
                Stone::White => self.blocked[direction][line] |= bit,
            }
        }
    }

    /// Empties the point where a black stone was put.
    pub(crate) fn take_black(&mut self, point: Point) {
        for direction in 0..4 {
            let (line, place) = locate(self.size, point, direction);
            self.black[direction][line] &= !(1 << (place + OFFSET));
        }
    }

    pub(crate) fn is_empty(&self, point: Point) -> bool {
        let (line, place) = locate(self.size, point, 0);
        ((self.black[0][line] | self.blocked[0][line]) >> (place + OFFSET)) & 1 == 0
    }

    /// The eleven cells centred on `point` along the direction numbered `direction`.
    pub(crate) fn window(&self, point: Point, direction: usize) -> Window {
        let (line, place) = locate(self.size, point, direction);
        let shift = place + OFFSET - CENTRE;
        Window {
            own: (self.black[direction][line] >> shift) & WINDOW,
            blocked: (self.blocked[direction][line] >> shift) & WINDOW,
        }
    }
}

/// The point `offset` cells from `point` along the direction numbered `direction`.
pub(crate) fn step(point: Point, direction: usize, offset: i32) -> Option<Point> {
    point.step(Direction::ALL[direction], offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_follow_every_direction_and_see_the_edges() {
        let mut board = Board::empty(15);
        let centre = Point::new(7, 7);
        for direction in Direction::ALL {
            for steps in [-2, 3] {
                if let Some(p) = centre.step(direction, steps) {
                    board.set(p, Some(Stone::Black));
                }
            }
        }
        let lines = Lines::new(&board);
        for direction in 0..4 {
            let window = lines.window(centre, direction);
            assert_eq!(window.own, 1 << 3 | 1 << 8, "direction {direction}");
            assert_eq!(window.blocked, 0);
        }
        let corner = lines.window(Point::new(0, 14), 3);
        assert_eq!(corner.blocked, 0b000_0001_1111, "cells before a1's corner are off");
        let edge = lines.window(Point::new(13, 0), 0);
        assert_eq!(edge.blocked, 0b111_1000_0000);
    }
}
