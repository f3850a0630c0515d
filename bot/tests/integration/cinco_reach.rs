//! Whether the bot reaches CINCO players privately: the note that seats a person, a lobby
//! that cannot start while a seated person cannot be reached, hand messages recorded as
//! delivered, and an undelivered one kept in the store across a restart until its user opens
//! a private chat with the bot.

use crate::common;

use cincobot::core::{Action, Chat, ChatKind, GameId, Output, Platform, Prompt};
use cincobot::i18n::Text;

fn group() -> Chat {
    Chat { platform: Platform::Telegram, id: "-100".into(), kind: ChatKind::Group }
}

fn private(user: &str) -> Chat {
    Chat { platform: Platform::Telegram, id: user.to_lowercase(), kind: ChatKind::Private }
}

/// `name` does `action` in `chat` on Telegram.
async fn act(harness: &mut common::Harness, name: &str, chat: Chat, action: Action) -> Vec<Output> {
    let mut input = harness.input(name, action);
    input.chat = chat;
    harness.deliver(input).await
}

async fn press(harness: &mut common::Harness, name: &str, payload: &str) -> Vec<Output> {
    act(harness, name, group(), Action::Button(payload.into())).await
}

/// The followed private messages to `user` among `outputs`.
fn prompts_to(outputs: &[Output], user: &str) -> Vec<Prompt> {
    outputs
        .iter()
        .filter_map(|output| match output {
            Output::Direct { user: to, prompt: Some(prompt), .. } if to == user => {
                Some(prompt.clone())
            }
            _ => None,
        })
        .collect()
}

fn says(outputs: &[Output], id: &str) -> bool {
    outputs.iter().any(|output| output.text_ids().contains(&id))
}

fn refusal(outputs: &[Output]) -> Option<&Text> {
    outputs.iter().find_map(|output| match output {
        Output::Reply { lines, .. } => lines.first(),
        _ => None,
    })
}

#[tokio::test]
async fn a_lobby_cannot_start_while_a_seated_person_cannot_be_reached() {
    let mut harness = common::Harness::new().await;
    let opened = act(&mut harness, "Ana", group(), Action::Command("/cinco".into())).await;
    assert_eq!(prompts_to(&opened, "ana"), [Prompt::Seated { lobby: 1 }], "the host is seated");
    let joined = press(&mut harness, "Bruno", "L:1:j").await;
    assert_eq!(prompts_to(&joined, "bruno"), [Prompt::Seated { lobby: 1 }], "{joined:?}");

    // Telegram answers 403 to Bruno's note: the lobby says so, and Start is refused.
    let failed =
        harness.core.direct_failed(Platform::Telegram, "bruno", Prompt::Seated { lobby: 1 }).await;
    let lobby = match failed.as_slice() {
        [Output::Send { chat, message }] if *chat == group() => message,
        other => panic!("the lobby is shown again in its chat: {other:#?}"),
    };
    let unreachable =
        Text::new("cinco-lobby-unreachable").with("count", 1_usize).with("names", "Bruno");
    assert_eq!(lobby.lines.last(), Some(&unreachable));
    let start = press(&mut harness, "Ana", "L:1:s").await;
    let refused =
        Text::new("cinco-lobby-unreachable-start").with("count", 1_usize).with("names", "Bruno");
    assert_eq!(refusal(&start), Some(&refused), "{start:?}");

    // Bruno writing in the group proves nothing on Telegram; a /start in private does.
    let in_group = act(&mut harness, "Bruno", group(), Action::Command("/help".into())).await;
    assert!(prompts_to(&in_group, "bruno").is_empty(), "{in_group:?}");
    let started =
        act(&mut harness, "Bruno", private("Bruno"), Action::Command("/start".into())).await;
    assert_eq!(prompts_to(&started, "bruno"), [Prompt::Seated { lobby: 1 }], "{started:?}");
    let still = press(&mut harness, "Ana", "L:1:s").await;
    assert_eq!(refusal(&still), Some(&refused), "reachable once the note arrives, not before");
    let arrived = harness
        .core
        .direct_sent(Platform::Telegram, "bruno", Prompt::Seated { lobby: 1 }, "9".into())
        .await
        .expect("kept");
    let shown = match arrived.as_slice() {
        [Output::Send { chat, message }] if *chat == group() => message,
        other => panic!("the lobby is shown again: {other:#?}"),
    };
    assert!(!shown.lines.contains(&unreachable), "the lobby no longer names Bruno: {shown:?}");
    let begun = press(&mut harness, "Ana", "L:1:s").await;
    assert!(says(&begun, "cinco-header"), "the game starts: {begun:?}");
}

#[tokio::test]
async fn leaving_forgets_that_a_person_could_not_be_reached() {
    let mut harness = common::Harness::new().await;
    act(&mut harness, "Ana", group(), Action::Command("/cinco".into())).await;
    press(&mut harness, "Bruno", "L:1:j").await;
    harness.core.direct_failed(Platform::Telegram, "bruno", Prompt::Seated { lobby: 1 }).await;
    press(&mut harness, "Bruno", "L:1:l").await;
    press(&mut harness, "Ana", "L:1:cn").await;
    let begun = press(&mut harness, "Ana", "L:1:s").await;
    assert!(says(&begun, "cinco-header"), "Ana and the CPU play: {begun:?}");
}

/// Ana, Bruno and the CPU at a Telegram table: the outputs of the start.
async fn table_of_three(harness: &mut common::Harness) -> Vec<Output> {
    harness.core.deal_cinco_from(3);
    act(harness, "Ana", group(), Action::Command("/cinco".into())).await;
    press(harness, "Bruno", "L:1:j").await;
    press(harness, "Ana", "L:1:cn").await;
    press(harness, "Ana", "L:1:s").await
}

#[tokio::test]
async fn an_undelivered_hand_waits_in_the_store_across_a_restart() {
    let mut harness = common::Harness::new().await;
    let started = table_of_three(&mut harness).await;
    let game = GameId(1);
    let [Prompt::Hand { game: for_game, seq: 0, edit: None }] = prompts_to(&started, "ana")[..]
    else {
        panic!("Ana's hand is followed: {started:#?}");
    };
    assert_eq!(for_game, game);
    let bruno = prompts_to(&started, "bruno");
    assert_eq!(bruno, [Prompt::Hand { game, seq: 0, edit: None }]);

    // Ana's hand arrived as message 71; Bruno never opened a chat with the bot.
    let ana_hand = Prompt::Hand { game, seq: 0, edit: None };
    harness.core.direct_sent(Platform::Telegram, "ana", ana_hand, "71".into()).await.expect("kept");
    let told = harness.core.direct_failed(Platform::Telegram, "bruno", bruno[0].clone()).await;
    assert!(says(&told, "cinco-unreachable"), "the table's chat is told: {told:?}");
    let again = harness.core.direct_failed(Platform::Telegram, "bruno", bruno[0].clone()).await;
    assert!(again.is_empty(), "said once: {again:?}");
    let recorded = harness.store.prompts(game).await.expect("readable");
    assert_eq!(recorded.len(), 1);
    assert_eq!((recorded[0].seat.index(), recorded[0].seq), (0, 0));
    assert_eq!(recorded[0].message_id.as_deref(), Some("71"));

    let mut restarted = common::Harness::on(harness.store.clone()).await;
    let shown = std::mem::take(&mut restarted.startup);
    // Ana plays first: her hand is shown again, over the message that showed it.
    let again = prompts_to(&shown, "ana");
    assert!(
        matches!(again.as_slice(), [Prompt::Hand { edit: Some(id), .. }] if id == "71"),
        "{shown:#?}"
    );
    let in_group = act(&mut restarted, "Bruno", group(), Action::Command("/help".into())).await;
    assert!(prompts_to(&in_group, "bruno").is_empty());
    let reached =
        act(&mut restarted, "Bruno", private("Bruno"), Action::Command("/start".into())).await;
    let waited = prompts_to(&reached, "bruno");
    assert!(
        matches!(waited.as_slice(), [Prompt::Hand { game: g, .. }] if *g == game),
        "Bruno's hand goes out after the restart: {reached:#?}"
    );
    let hand = reached.iter().find_map(|output| match output {
        Output::Direct { message, .. } => Some(message),
        _ => None,
    });
    assert!(hand.is_some_and(|hand| hand.lines[0].id == "cinco-hand"), "{hand:?}");
    let twice =
        act(&mut restarted, "Bruno", private("Bruno"), Action::Command("/start".into())).await;
    assert!(prompts_to(&twice, "bruno").is_empty(), "it went out once: {twice:?}");
    assert!(restarted.store.waiting_directs().await.expect("readable").is_empty());

    // Sent again and refused again (a Discord user with closed DMs at every interaction):
    // it waits again, and the chat is not told a second time.
    let hand = waited[0].clone();
    restarted.core.direct_failed(Platform::Telegram, "bruno", hand.clone()).await;
    let repeated = restarted.core.direct_failed(Platform::Telegram, "bruno", hand.clone()).await;
    assert!(repeated.is_empty(), "{repeated:?}");
    act(&mut restarted, "Bruno", private("Bruno"), Action::Command("/start".into())).await;
    let third = restarted.core.direct_failed(Platform::Telegram, "bruno", hand).await;
    assert!(third.is_empty(), "told once a game: {third:?}");
    assert_eq!(restarted.store.waiting_directs().await.expect("readable").len(), 1);
}
