//! Replies belong to their input: which output answers the one who acted, and whether an
//! adapter can know beforehand that the whole answer is private.

use crate::common;

use cincobot::core::{Action, ChatKind, Command, Input, Output};
use cincobot::games::GameKind;
use cincobot::i18n::Text;
use common::{Harness, assert_notice, game_between_ana_and_bruno};

/// Whether `output` is seen by the one who acted alone.
fn is_private(output: &Output) -> bool {
    matches!(output, Output::Reply { .. } | Output::Direct { .. })
}

fn command(line: &str) -> Action {
    Action::Command(line.to_owned())
}

fn button(payload: &str) -> Action {
    Action::Button(payload.to_owned())
}

/// Hands `input` to the core after checking what `reply_is_private` says of it; when it says
/// private, everything the core answers is private too.
async fn answer(harness: &mut Harness, input: Input, private: bool) -> Vec<Output> {
    assert_eq!(input.reply_is_private(), private, "{:?}", input.action);
    let outputs = harness.deliver(input).await;
    if private {
        assert!(outputs.iter().all(is_private), "{outputs:#?}");
    }
    outputs
}

#[tokio::test]
async fn a_move_is_public_and_its_refusal_is_a_reply() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    let refused = harness.input("Bruno", button("m:1:0:4"));
    let outputs = answer(&mut harness, refused, false).await;
    assert_notice(&outputs, "bruno", Text::new("not-your-turn"));
    let played = harness.input("Ana", command("/move 4"));
    let outputs = answer(&mut harness, played, false).await;
    assert!(matches!(outputs.as_slice(), [Output::Board { .. }]), "{outputs:#?}");
    let pressed = harness.input("Bruno", button("m:1:1:4"));
    let outputs = answer(&mut harness, pressed, false).await;
    assert!(matches!(outputs.as_slice(), [Output::Board { .. }]), "{outputs:#?}");
}

#[tokio::test]
async fn what_is_never_understood_is_answered_privately() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    let cases = [
        (command("/dance"), "command-unknown"),
        (command("/move"), "command-missing-move"),
        (command("/gomoku cpu sideways"), "command-bad-level"),
        (command("/gomoku @bruno sideways"), "option-unknown"),
        (button("m:1:zz"), "button-unknown"),
        (button("-"), "button-disabled"),
        (button("x:1:0:1n"), "resign-kept"),
    ];
    for (action, said) in cases {
        let input = harness.input("Ana", action);
        let outputs = answer(&mut harness, input, true).await;
        assert_eq!(outputs.iter().flat_map(Output::text_ids).collect::<Vec<_>>(), [said]);
    }
}

#[tokio::test]
async fn the_rules_are_for_the_one_who_asked() {
    let mut harness = Harness::new().await;
    for line in ["/rules", "/rules gomoku", "/reglas renju completo"] {
        let input = harness.input("Ana", command(line));
        let outputs = answer(&mut harness, input, true).await;
        assert!(outputs.iter().any(|o| matches!(o, Output::Reply { .. })), "{outputs:#?}");
    }
    let typed = Command::Rules { game: Some(GameKind::Pente.into()), full: false };
    let input = harness.input("Ana", Action::Typed(typed.clone()));
    answer(&mut harness, input, true).await;
    // In a private chat the whole document is the answer itself, posted there.
    let full = Command::Rules { game: Some(GameKind::Pente.into()), full: true };
    assert!(!full.reply_is_private(ChatKind::Private));
    assert!(full.reply_is_private(ChatKind::Group));
    assert!(typed.reply_is_private(ChatKind::Private));
}

#[tokio::test]
async fn challenges_and_answers_to_them_go_to_the_chat() {
    let mut harness = Harness::new().await;
    harness.meet("Bruno").await;
    let challenge = harness.input("Ana", command("/gomoku@cincobot @bruno"));
    let outputs = answer(&mut harness, challenge, false).await;
    assert!(matches!(outputs.as_slice(), [Output::Send { .. }]), "{outputs:#?}");
    let accepted = harness.input("Bruno", button("a:1"));
    let outputs = answer(&mut harness, accepted, false).await;
    assert!(matches!(outputs.as_slice(), [Output::Board { .. }]), "{outputs:#?}");
    // The point picker answers in place, on the pressed message, for everyone to see.
    let picked = harness.input("Ana", button("k:1:0:h"));
    let outputs = answer(&mut harness, picked, false).await;
    assert!(matches!(outputs.as_slice(), [Output::Keyboard { .. }]), "{outputs:#?}");
}
