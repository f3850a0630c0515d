//! The terminal session in `docs/sessions/every-game.txt` plays a full game of every board
//! game between two people, then a game against the CPU and its rematch, then every board game
//! against the CPU's easy player to its end, piped into the binary exactly as the README shows
//! (with `CINCOBOT_CPU_CHECKS`, so the CPU plays the same moves every time).

mod common;

#[test]
fn every_board_game_is_played_to_the_end_in_the_terminal() {
    let session = include_str!("../../docs/sessions/every-game.txt");
    let folder = tempfile::tempdir().expect("a temporary folder");
    let text = common::terminal(&folder, 20000, session);
    let wins: Vec<&str> = text
        .lines()
        .filter(|line| {
            line.contains(" wins with five in a row.") || line.contains(" wins with four in a row.")
        })
        .collect();
    assert_eq!(wins.len(), 12, "{text}");
    assert!(text.contains("Final score: Ana 5, Bruno 0."), "pente shows its score:\n{text}");
    assert!(text.contains("CPU easy played"), "the CPU answers in its game:\n{text}");
    assert!(
        text.contains("Ana, do you resign game #7? Press Resign, or type /resign confirm."),
        "resigning asks first:\n{text}"
    );
    // Each resignation is told once, by the result.
    assert_eq!(text.matches("Ana resigned.").count(), 2, "{text}");
    assert_eq!(text.matches("resigns").count(), 0, "{text}");
    assert!(
        text.contains("Gomoku #8: CPU easy (black) against Ana (white)"),
        "the rematch alternates"
    );
    // Each game against the CPU's easy player ends with its result announced.
    for (id, title) in [
        (9, "Gomoku #9:"),
        (10, "Renju #10:"),
        (11, "Ninuki #11:"),
        (12, "Pente #12:"),
        (13, "5 en raya #13:"),
        (14, "Connect Four #14:"),
    ] {
        let first = text.find(title).unwrap_or_else(|| panic!("game {id} starts:\n{text}"));
        let last = text.rfind(title).unwrap_or(first);
        let rest = &text[last..];
        let game = &text[first..last + rest.find("\nAna> /").unwrap_or(rest.len())];
        assert!(game.contains("CPU easy played"), "the CPU plays in game {id}:\n{game}");
        assert!(
            game.lines().any(|line| line.contains(" in a row.")
                || line.starts_with("Draw: ")
                || line.contains(" wins by ")),
            "game {id} ends with its result announced:\n{game}"
        );
        assert!(folder.path().join(format!("images/game-{id}-ply-0.png")).exists());
    }
    for game in 1..=6 {
        assert!(folder.path().join(format!("images/game-{game}-ply-0.png")).exists());
    }
}
