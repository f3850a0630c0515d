use std::time::Duration;

use engine::{GomokuSize, Point, Stone};

use super::contestant::Contestant;
use super::{Ending, Entrant, Fault, OpeningError, Reason, Referee};
use crate::{Coords, Rule};

/// What every game of a match is played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    pub size: GomokuSize,
    /// Sent as `INFO rule`, and the referee's rule.
    pub rule: Rule,
    /// `INFO timeout_turn`: the time for one move.
    pub turn: Duration,
    /// `INFO timeout_match`, the time for all of a brain's moves in one game (each brain is
    /// started anew for every game); `None` sends 0, no limit. With a limit, every move
    /// request is preceded by `INFO time_left`.
    pub match_time: Option<Duration>,
    /// `INFO max_memory` in bytes; 0, no limit.
    pub max_memory: u64,
    /// What a brain may take beyond its time before it loses: pipes and the scheduler take
    /// their share on a busy machine.
    pub margin: Duration,
    /// How long a brain has to answer `START`.
    pub startup: Duration,
}

/// One game as it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The stones placed before the brains played, black's first.
    pub opening: Vec<Point>,
    /// The brains' moves after the opening, in order, the first by the colour to move after
    /// the opening. A move that lost the game (taken, forbidden) is not among them.
    pub moves: Vec<Point>,
    pub ending: Ending,
    /// How long each move took, from the request to the answer, black's (index 0) and
    /// white's, as the manager measured it.
    pub times: [Vec<Duration>; 2],
}

/// The index of `stone` in per-colour arrays: black 0, white 1.
#[must_use]
pub fn colour_index(stone: Stone) -> usize {
    usize::from(stone == Stone::White)
}

/// Plays one game between `black` and `white` from `opening` (stones black first), each
/// brain started for this game and stopped after it.
///
/// Each brain hears `START`, the match's `INFO` lines and its own, then its first move
/// request: `BEGIN` on an empty board, else `BOARD` with every stone so far in the order
/// played; after that, `TURN` with the opponent's move. A brain that fails to start, is
/// late beyond the margin, crashes, refuses or garbles an answer, or plays where it may
/// not, loses. Both brains failing to start: black, started first, loses.
///
/// # Errors
/// [`OpeningError`] when the opening cannot start a game of the rule.
pub fn play_game(
    black: &Entrant,
    white: &Entrant,
    opening: &[Point],
    settings: &MatchSettings,
) -> Result<GameRecord, OpeningError> {
    let mut referee = Referee::with_opening(settings.rule, settings.size, opening)?;
    let mut record = GameRecord {
        opening: opening.to_vec(),
        moves: Vec::new(),
        ending: Ending { winner: None, reason: Reason::BoardFull },
        times: [Vec::new(), Vec::new()],
    };
    let lost = |loser: Stone, fault: Fault| Ending {
        winner: Some(loser.opponent()),
        reason: Reason::Fault(fault),
    };
    let black_brain = match Contestant::start(black, referee.side(), settings.startup) {
        Ok(brain) => brain,
        Err(fault) => return Ok(GameRecord { ending: lost(Stone::Black, fault), ..record }),
    };
    let white_brain = match Contestant::start(white, referee.side(), settings.startup) {
        Ok(brain) => brain,
        Err(fault) => return Ok(GameRecord { ending: lost(Stone::White, fault), ..record }),
    };
    let mut brains = [black_brain, white_brain];
    let mut told = [false; 2];
    let mut clocks = [GameClock::new(settings), GameClock::new(settings)];
    for (index, entrant) in [black, white].into_iter().enumerate() {
        let mut infos = match_infos(settings);
        infos.extend(entrant.infos.iter().map(|info| format!("INFO {info}")));
        if let Err(fault) = brains[index].send(&infos) {
            let loser = if index == 0 { Stone::Black } else { Stone::White };
            record.ending = lost(loser, fault);
            return Ok(finish(brains, record));
        }
    }
    record.ending = loop {
        let mover = referee.stone_to_move();
        let index = colour_index(mover);
        let clock = &mut clocks[index];
        let mut request: Vec<String> = clock
            .left()
            .map(|left| format!("INFO time_left {}", left.as_millis()))
            .into_iter()
            .collect();
        request.extend(move_request(&referee, mover, told[index]));
        told[index] = true;
        let (coords, spent) = match brains[index].ask_move(&request, clock.wait()) {
            Ok(answer) => answer,
            Err(fault) => break lost(mover, fault),
        };
        record.times[index].push(spent);
        if let Err(fault) = clock.charge(spent) {
            break lost(mover, fault);
        }
        let placed = referee.stones().len();
        let ending = referee.play(coords);
        if let Some(&point) = referee.stones().get(placed) {
            record.moves.push(point);
        }
        if let Some(ending) = ending {
            break ending;
        }
    };
    Ok(finish(brains, record))
}

/// One brain's time in one game.
#[derive(Clone, Copy, Debug)]
struct GameClock {
    turn: Duration,
    match_time: Option<Duration>,
    margin: Duration,
    /// The time its moves took so far.
    used: Duration,
}

impl GameClock {
    fn new(settings: &MatchSettings) -> GameClock {
        GameClock {
            turn: settings.turn,
            match_time: settings.match_time,
            margin: settings.margin,
            used: Duration::ZERO,
        }
    }

    /// What is left of the match time, when there is one.
    fn left(&self) -> Option<Duration> {
        self.match_time.map(|limit| limit.saturating_sub(self.used))
    }

    /// How long to wait for the next move: the turn's time or what is left of the match,
    /// whichever is less, and the margin.
    fn wait(&self) -> Duration {
        self.left().map_or(self.turn, |left| left.min(self.turn)) + self.margin
    }

    /// Adds a move's time. A brain can answer within every wait and still overrun its match
    /// time by more than the margin, a little each move once its time is gone: then it loses.
    fn charge(&mut self, spent: Duration) -> Result<(), Fault> {
        self.used += spent;
        match self.match_time {
            Some(limit) if self.used > limit + self.margin => {
                Err(Fault::MatchTime { used: self.used })
            }
            _ => Ok(()),
        }
    }
}

/// The `INFO` lines of the match, the same for both brains.
fn match_infos(settings: &MatchSettings) -> Vec<String> {
    let match_ms = settings.match_time.map_or(0, |limit| limit.as_millis());
    vec![
        format!("INFO timeout_turn {}", settings.turn.as_millis()),
        format!("INFO timeout_match {match_ms}"),
        format!("INFO max_memory {}", settings.max_memory),
        // 1: the opponent is a brain.
        "INFO game_type 1".to_owned(),
        format!("INFO rule {}", settings.rule.0),
    ]
}

/// What the brain playing `mover` is asked: the whole position the first time, then the
/// opponent's last move.
fn move_request(referee: &Referee, mover: Stone, told: bool) -> Vec<String> {
    let side = referee.side();
    let stones = referee.stones();
    match stones.last() {
        None => vec!["BEGIN".to_owned()],
        Some(&last) if told => vec![format!("TURN {}", Coords::from_point(last, side))],
        Some(_) => {
            let listed = stones.iter().enumerate().map(|(ply, &point)| {
                let stone = if ply % 2 == 0 { Stone::Black } else { Stone::White };
                let field = if stone == mover { 1 } else { 2 };
                format!("{},{field}", Coords::from_point(point, side))
            });
            std::iter::once("BOARD".to_owned())
                .chain(listed)
                .chain(std::iter::once("DONE".to_owned()))
                .collect()
        }
    }
}

/// Stops both brains and hands back the record.
fn finish(brains: [Contestant; 2], record: GameRecord) -> GameRecord {
    for brain in brains {
        brain.finish();
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Notation;

    fn opening(rule: Rule, moves: &str) -> Referee {
        let stones: Vec<Point> = moves
            .split_whitespace()
            .map(|text| Notation::WithI.parse(text, 15).expect("a point"))
            .collect();
        Referee::with_opening(rule, GomokuSize::Fifteen, &stones).expect("an opening")
    }

    #[test]
    fn an_empty_board_asks_black_to_begin() {
        assert_eq!(move_request(&opening(Rule(0), ""), Stone::Black, false), ["BEGIN"]);
    }

    #[test]
    fn the_first_request_lists_the_stones_in_order_from_the_movers_side() {
        // h8 is 7,7; i9 is 8,6; g7 is 6,8. White moves: the black stones are the opponent's.
        let game = opening(Rule(4), "h8 i9 g7");
        assert_eq!(
            move_request(&game, Stone::White, false),
            ["BOARD", "7,7,2", "8,6,1", "6,8,2", "DONE"]
        );
        assert_eq!(move_request(&game, Stone::White, true), ["TURN 6,8"]);
    }

    fn settings(match_time: Option<u64>) -> MatchSettings {
        MatchSettings {
            size: GomokuSize::Fifteen,
            rule: Rule(4),
            turn: Duration::from_millis(500),
            match_time: match_time.map(Duration::from_millis),
            max_memory: 367_001_600,
            margin: Duration::from_millis(100),
            startup: Duration::from_secs(10),
        }
    }

    #[test]
    fn without_a_match_time_every_move_has_the_turns_time() {
        let mut clock = GameClock::new(&settings(None));
        assert_eq!(clock.left(), None);
        for _ in 0..100 {
            assert_eq!(clock.wait(), Duration::from_millis(600));
            assert_eq!(clock.charge(Duration::from_millis(590)), Ok(()));
        }
    }

    #[test]
    fn the_match_time_shortens_the_wait_and_an_overrun_loses() {
        let ms = Duration::from_millis;
        let mut clock = GameClock::new(&settings(Some(1000)));
        assert_eq!((clock.left(), clock.wait()), (Some(ms(1000)), ms(600)));
        assert_eq!(clock.charge(ms(800)), Ok(()));
        assert_eq!((clock.left(), clock.wait()), (Some(ms(200)), ms(300)));
        // Late, but within the margin: the clock is gone, the game goes on.
        assert_eq!(clock.charge(ms(250)), Ok(()));
        assert_eq!((clock.left(), clock.wait()), (Some(ms(0)), ms(100)));
        assert_eq!(clock.charge(ms(90)), Err(Fault::MatchTime { used: ms(1140) }));
    }

    #[test]
    fn the_match_infos_carry_the_settings() {
        let settings = settings(None);
        assert_eq!(
            match_infos(&settings),
            [
                "INFO timeout_turn 500",
                "INFO timeout_match 0",
                "INFO max_memory 367001600",
                "INFO game_type 1",
                "INFO rule 4"
            ]
        );
    }
}
