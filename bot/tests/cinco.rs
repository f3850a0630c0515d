//! CINCO through the core: a lobby, a 3-seat game of two people and the CPU played to its end
//! by buttons, sealed bids refused twice, and a silent player's bid made by the CPU.

mod common;

use std::time::Duration;

use cincobot::core::{Button, Output, Row};

/// The buttons of the private messages to `user` among `outputs`.
fn private_buttons<'a>(outputs: &'a [Output], user: &str) -> Vec<&'a Button> {
    outputs
        .iter()
        .filter_map(|output| match output {
            Output::Direct { user: to, message, .. } if to == user => Some(message),
            _ => None,
        })
        .flat_map(|message| message.components.iter())
        .flat_map(|row| match row {
            Row::Buttons(buttons) => buttons.iter().collect::<Vec<_>>(),
            Row::Select(_) => Vec::new(),
        })
        .collect()
}

fn says(outputs: &[Output], id: &str) -> bool {
    outputs.iter().any(|output| output.text_ids().contains(&id))
}

/// Ana opens a table, Bruno joins, Ana adds the CPU and starts: game 1.
async fn three_seats(harness: &mut common::Harness) -> Vec<Output> {
    let lobby = harness.say("Ana", "/cinco").await;
    assert!(says(&lobby, "cinco-lobby"), "{lobby:?}");
    let joined = harness.press("Bruno", "L:1:j").await;
    assert!(says(&joined, "cinco-lobby-seats"));
    let again = harness.press("Bruno", "L:1:j").await;
    common::assert_notice(&again, "bruno", cincobot::i18n::Text::new("cinco-lobby-already"));
    harness.press("Ana", "L:1:cn").await;
    let by_bruno = harness.press("Bruno", "L:1:s").await;
    assert!(says(&by_bruno, "cinco-lobby-host-only"), "only the host starts");
    harness.press("Ana", "L:1:s").await
}

#[tokio::test]
async fn two_people_and_the_cpu_play_a_whole_game_by_buttons() {
    let mut harness = common::Harness::new().await;
    harness.core.deal_cinco_from(5);
    let mut outputs = three_seats(&mut harness).await;
    assert!(says(&outputs, "cinco-header"), "the table is shown: {outputs:?}");
    assert!(
        !private_buttons(&outputs, "ana").is_empty()
            || !private_buttons(&outputs, "bruno").is_empty()
            || !harness.cpu_cinco_pending(),
        "someone is asked to act"
    );
    let mut steps = 0;
    let mut ended = false;
    while steps < 3_000 {
        steps += 1;
        if outputs
            .iter()
            .any(|output| output.text_ids().iter().any(|id| id.starts_with("cinco-won")))
        {
            ended = true;
            break;
        }
        let mut next = harness.run_cinco_cpu().await;
        for name in ["Ana", "Bruno"] {
            let pressed =
                private_buttons(&outputs, &name.to_lowercase()).first().map(|b| b.payload.clone());
            if let Some(payload) = pressed {
                next.extend(harness.press(name, &payload).await);
            }
        }
        if next.is_empty() {
            // Nobody was asked anything new: each person asks for their hand again.
            for name in ["Ana", "Bruno"] {
                next.extend(harness.say(name, "/hand").await);
            }
        }
        outputs = next;
    }
    assert!(ended, "the game ends within {steps} rounds");
    let playing = harness.store.active_cinco_games().await.expect("readable");
    assert!(playing.is_empty(), "the game is stored as ended");
}

#[tokio::test]
async fn a_bid_is_sealed_once_and_a_silent_bidder_is_played_by_the_cpu() {
    // Play until an auction asks both people for a bid.
    for seed in 0..200 {
        let mut harness_for_seed = common::Harness::new().await;
        harness_for_seed.core.deal_cinco_from(seed);
        let mut outputs = three_seats(&mut harness_for_seed).await;
        for _ in 0..400 {
            let ana = private_buttons(&outputs, "ana");
            let bruno = private_buttons(&outputs, "bruno");
            let bid =
                |buttons: &[&Button]| buttons.first().is_some_and(|b| b.payload.starts_with("B:"));
            if bid(&ana) && bid(&bruno) {
                let payload = ana[0].payload.clone();
                let first = harness_for_seed.press("Ana", &payload).await;
                assert!(says(&first, "cinco-has-bid"), "{first:?}");
                let twice = harness_for_seed.press("Ana", &payload).await;
                common::assert_notice(&twice, "ana", cincobot::i18n::Text::new("already-played"));
                let other = ana.iter().find(|b| b.payload != payload).map(|b| b.payload.clone());
                if let Some(other) = other {
                    let changed = harness_for_seed.press("Ana", &other).await;
                    common::assert_notice(
                        &changed,
                        "ana",
                        cincobot::i18n::Text::new("already-played"),
                    );
                }
                // Bruno says nothing: after the auction's 60 s the CPU bids for him.
                harness_for_seed.advance(Duration::from_secs(61));
                let timed_out = harness_for_seed.core.tick().await;
                assert!(says(&timed_out, "cinco-timed-out"), "{timed_out:?}");
                // The CPU decides one seat at a time: its own bid, then Bruno's.
                let mut cpu = Vec::new();
                while harness_for_seed.cpu_cinco_pending() {
                    cpu.extend(harness_for_seed.run_cinco_cpu().await);
                }
                assert!(says(&cpu, "cinco-reveal"), "the auction is revealed: {cpu:?}");
                return;
            }
            let mut next = harness_for_seed.run_cinco_cpu().await;
            for (name, buttons) in [("Ana", ana), ("Bruno", bruno)] {
                if let Some(button) = buttons.first() {
                    let payload = button.payload.clone();
                    next.extend(harness_for_seed.press(name, &payload).await);
                }
            }
            if next.is_empty() {
                for name in ["Ana", "Bruno"] {
                    next.extend(harness_for_seed.say(name, "/hand").await);
                }
            }
            outputs = next;
        }
    }
    panic!("no seed gave an auction with two people bidding");
}

/// `docs/sessions/cinco.txt` piped into the binary's terminal mode plays a whole 3-seat game:
/// lobby, deal, turns, auctions with every bid revealed at once, and the end.
#[test]
fn the_terminal_session_plays_a_whole_cinco_game() {
    let session = include_str!("../../docs/sessions/cinco.txt");
    let folder = tempfile::tempdir().expect("a temporary folder");
    let text = common::terminal(&folder, 20000, session);
    let end = text
        .find("wins with five 5s")
        .or_else(|| text.find("with the most 5s"))
        .unwrap_or_else(|| panic!("the game ends:\n{text}"));
    let game = &text[..end];
    assert!(game.contains("Seated (3): Ana, Bruno, CPU normal"), "{game}");
    assert!(
        game.contains("(private message for ana)") && game.contains("(private message for bruno)")
    );
    assert!(game.contains("every bid at once:"), "an auction is revealed:\n{game}");
    assert!(game.contains("Bruno has bid."), "{game}");
    assert!(game.contains("CPU normal played") || game.contains("CPU normal drew"), "{game}");
    assert!(text[end..].contains("You are not at a CINCO table here."), "it ended in the session");
    assert!(folder.path().join("images/cinco-1-turn-1-auction-0.png").exists());
}
