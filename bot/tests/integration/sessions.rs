//! The terminal session in `docs/sessions/every-game.txt` plays a full game of every board
//! game between two people, then a game against the CPU and its rematch, then every board game
//! against the CPU's easy player to its end, then, in Spanish, a renju opening with offers lost
//! on a forbidden point, a pente capture, a resignation and a crossed rematch. It is piped into
//! the binary exactly as the README shows (with `CINCOBOT_CPU_CHECKS`, so the CPU plays the same
//! moves every time).

use crate::common;

#[test]
fn every_board_game_is_played_to_the_end_in_the_terminal() {
    let session = include_str!("../../../docs/sessions/every-game.txt");
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
    assert!(
        text.contains("Ana: k8 captures j8 and i8 — 2/10."),
        "the ninuki capture is told with its count:\n{text}"
    );
    let spanish = text.find("Ahora hablo español en este chat.").expect("the chat turns Spanish");
    renju_offers_and_a_forbidden_loss(&text[spanish..]);
    a_capture_a_resignation_and_a_crossed_rematch(&text[spanish..]);
    for image in ["game-15-ply-9", "game-15-ply-16", "game-16-ply-5", "game-17-ply-0"] {
        assert!(folder.path().join(format!("images/{image}.png")).exists(), "{image}");
    }
}

/// Renju #15: ten fifth moves offered, numbered on the diagram, white's choice told; black's
/// double three asked about, then lost on, with the two threes marked `#`.
fn renju_offers_and_a_forbidden_loss(text: &str) {
    let offers = "h7 h6 h10 h11 g8 i7 i8 g9 f7 f8";
    for told in [
        format!("Ana propone diez quintas: {offers}."),
        format!("Bruno (blancas): elige una de las quintas ofrecidas: {offers}."),
        "  8 . . . . . 0 5 X 7 . . . . . .".to_owned(),
        "Bruno elige h6.".to_owned(),
        "g8 es un punto prohibido para negras (doble tres): en renju eso pierde la partida. \
         ¿Seguro? Pulsa confirmar o escribe /mover g8 confirmar."
            .to_owned(),
        "Gana Bruno (blancas) porque negras jugaron un punto prohibido: doble tres en g8."
            .to_owned(),
        "En rojo (# en el texto): las piedras que hacen prohibida la jugada (doble tres)."
            .to_owned(),
        "  8 . . . . . .(#)# # . . . . . .".to_owned(),
        "  9 . . . . . . . # O . . . . . .".to_owned(),
    ] {
        assert!(text.contains(&told), "{told}\n{text}");
    }
    // Each keep is told, and each opening stone's square is named.
    assert_eq!(text.matches("mantiene los colores.").count(), 4, "{text}");
    for side in [3, 5, 7] {
        assert!(text.contains(&format!("piedra dentro del {side}×{side} central")), "{text}");
    }
}

/// Pente #16: a capture told with its count, Bruno's resignation asked then confirmed and told
/// once; both players' rematch requests make one game, #17.
fn a_capture_a_resignation_and_a_crossed_rematch(text: &str) {
    assert!(text.contains("Ana: K7 captura J7 y H7 — 2/10."), "{text}");
    assert!(
        text.contains(
            "Bruno, ¿te rindes en la partida #16? Pulsa Rendirse, o escribe /rendirse confirmar."
        ),
        "{text}"
    );
    assert_eq!(text.matches("Gana Ana: Bruno se rindió.").count(), 1, "{text}");
    assert_eq!(text.matches("Empieza la partida #17.").count(), 1, "{text}");
    assert!(!text.contains("#18"), "the crossed rematch made a second game:\n{text}");
    assert_eq!(text.matches("Gana Bruno: Ana se rindió.").count(), 1, "{text}");
}
