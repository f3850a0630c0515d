//! `/replay`'s GIF of a whole game, from the stored moves to the bytes sent: replaying the
//! log into frames and encoding them. Each game's GIF size is printed before the timings.

use cincobot::games::{Animation, GameKind, GameSettings, Labels, Position, Standing};

fn main() {
    for (name, kind, length) in GAMES {
        let bytes = gif(kind, &quiet_game(kind, length)).len();
        eprintln!("{name}: {length} moves, {bytes} bytes");
    }
    divan::main();
}

const GAMES: [(&str, GameKind, usize); 3] = [
    ("gomoku_60_moves", GameKind::Gomoku, 60),
    ("pente_19x19_150_moves", GameKind::Pente, 150),
    ("connect5_42_moves", GameKind::Connect5, 42),
];

/// A game nobody wins for `length` moves: each move the first legal one that does not end
/// it (the last one may: 42 discs fill 5 en raya's grid).
fn quiet_game(kind: GameKind, length: usize) -> Vec<String> {
    let mut position = Position::start(&GameSettings::default_for(kind));
    let mut moves = Vec::new();
    while moves.len() < length {
        let legal = position.legal_moves();
        let quiet = legal.iter().find(|mv| {
            let mut trial = position.clone();
            trial.play(mv).is_ok() && !trial.outcome().is_over()
        });
        let last = (moves.len() + 1 == length).then(|| legal.first()).flatten();
        let Some(next) = quiet.or(last).cloned() else { break };
        position.play(&next).expect("a legal move");
        moves.push(next);
    }
    moves
}

fn gif(kind: GameKind, moves: &[String]) -> Vec<u8> {
    let labels = Labels {
        names: ["Ana".to_owned(), "Bruno".to_owned()],
        status: "Tablas".to_owned(),
        ..Labels::default()
    };
    Animation::of_game(
        &GameSettings::default_for(kind),
        moves.iter().map(String::as_str),
        &labels,
        Standing::Over { winner: None },
        &|frame| format!("Jugada {} de {}", frame.ply, frame.total),
    )
    .ok()
    .and_then(|animation| animation.gif().ok())
    .unwrap_or_default()
}

#[divan::bench(args = GAMES)]
fn replay_gif(bencher: divan::Bencher, game: (&str, GameKind, usize)) {
    let (_, kind, length) = game;
    let moves = quiet_game(kind, length);
    bencher.bench(|| gif(kind, divan::black_box(&moves)).len());
}
