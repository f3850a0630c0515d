//! Cores that serve partitions of the chats on one store: each reloads, times and answers for
//! its own chats only; a chat that moves to an id of another partition is taken over there;
//! and a private message kept for a person goes out from the partition of its game when the
//! person reaches the bot in a chat of another partition.

use std::time::Duration;

use crate::common::Harness;
use cincobot::core::{Action, Chat, ChatKind, GameId, Input, Output, Partition, Platform, Prompt};
use cincobot::store::Store;

fn telegram(id: &str, kind: ChatKind) -> Chat {
    Chat { platform: Platform::Telegram, id: id.to_owned(), kind }
}

/// Two chats of two partitions, and the two cores serving them on one store.
struct Split {
    store: Store,
    /// A group of partition 0, and one of partition 1.
    groups: [Chat; 2],
}

impl Split {
    async fn new() -> Split {
        let groups = [telegram("-100", ChatKind::Group), telegram("-200", ChatKind::Group)];
        for (index, group) in groups.iter().enumerate() {
            assert_eq!(
                Partition::index_of(group, 2),
                index,
                "group {} is of partition {index}",
                group.id
            );
        }
        Split { store: Store::open("sqlite::memory:").await.expect("a database"), groups }
    }

    async fn whole(&self) -> Harness {
        Harness::on(self.store.clone()).await
    }

    async fn partitions(&self) -> [Harness; 2] {
        let [first, second]: [Partition; 2] =
            Partition::split(2).try_into().expect("two partitions");
        [
            Harness::on_partition(self.store.clone(), first).await,
            Harness::on_partition(self.store.clone(), second).await,
        ]
    }
}

async fn act(harness: &mut Harness, name: &str, chat: &Chat, action: Action) -> Vec<Output> {
    let mut input = harness.input(name, action);
    input.chat = chat.clone();
    harness.deliver(input).await
}

async fn say(harness: &mut Harness, name: &str, chat: &Chat, line: &str) -> Vec<Output> {
    act(harness, name, chat, Action::Command(line.to_owned())).await
}

/// The chats `outputs` send to, in order.
fn chats_told(outputs: &[Output]) -> Vec<String> {
    outputs
        .iter()
        .filter_map(|output| match output {
            Output::Send { chat, .. } | Output::Board { chat, .. } => Some(chat.id.clone()),
            _ => None,
        })
        .collect()
}

/// Bruno speaks in `chat`, so that the bot knows who `@bruno` is.
async fn meet_bruno(harness: &mut Harness, chat: &Chat) {
    say(harness, "Bruno", chat, "/help").await;
}

fn refused(outputs: &[Output]) -> bool {
    outputs.iter().any(|output| matches!(output, Output::Reply { .. }))
}

fn says(outputs: &[Output], id: &str) -> bool {
    outputs.iter().any(|output| output.text_ids().contains(&id))
}

#[tokio::test]
async fn each_partition_reloads_and_times_only_its_own_chats() {
    let split = Split::new().await;
    let mut whole = split.whole().await;
    for group in &split.groups {
        meet_bruno(&mut whole, group).await;
        let challenge = say(&mut whole, "Ana", group, "/gomoku @bruno").await;
        assert!(!refused(&challenge), "{challenge:?}");
    }
    act(&mut whole, "Bruno", &split.groups[0], Action::Button("a:1".into())).await;
    act(&mut whole, "Bruno", &split.groups[1], Action::Button("a:2".into())).await;
    // A challenge left open in each group.
    for group in &split.groups {
        say(&mut whole, "Ana", group, "/connect4 @bruno").await;
    }

    let [mut first, mut second] = split.partitions().await;
    assert_eq!(first.core.active_games().collect::<Vec<_>>(), [GameId(1)]);
    assert_eq!(second.core.active_games().collect::<Vec<_>>(), [GameId(2)]);

    // The open challenges expire, each told once, by its own chat's partition.
    for harness in [&first, &second] {
        harness.advance(Duration::from_secs(11 * 60));
    }
    let expired = [first.core.tick().await, second.core.tick().await];
    for (index, outputs) in expired.iter().enumerate() {
        assert!(says(outputs, "challenge-timed-out"), "{outputs:?}");
        assert_eq!(chats_told(outputs), [split.groups[index].id.clone()]);
    }
    assert!(first.core.tick().await.is_empty() && second.core.tick().await.is_empty());
    let due = first.core.next_deadline().await.expect("readable");
    assert!(due.is_none_or(|at| at > first.core.now_ms()), "nothing of the other's wakes it");
}

#[tokio::test]
async fn a_chat_that_moves_to_an_id_of_another_partition_is_taken_over_there() {
    let split = Split::new().await;
    let [mut first, mut second] = split.partitions().await;
    let group = &split.groups[1];
    meet_bruno(&mut second, group).await;
    say(&mut second, "Ana", group, "/gomoku @bruno").await;
    act(&mut second, "Bruno", group, Action::Button("a:1".into())).await;
    assert_eq!(second.core.active_games().collect::<Vec<_>>(), [GameId(1)]);

    // The group becomes a supergroup whose id is the first partition's.
    let moved = act(&mut second, "Ana", group, Action::ChatMoved { to: "-100".into() }).await;
    assert!(chats_told(&moved).is_empty(), "the new owner shows the board: {moved:?}");
    assert_eq!(second.core.active_games().count(), 0, "the old owner let it go");
    let adopted = first.core.adopt_chat(&split.groups[0]).await.expect("readable");
    assert_eq!(first.core.active_games().collect::<Vec<_>>(), [GameId(1)]);
    assert!(
        adopted.iter().any(|output| matches!(output, Output::Board { chat, game: GameId(1), .. } if *chat == split.groups[0])),
        "its board is shown in the new chat: {adopted:?}"
    );
    let played = say(&mut first, "Ana", &split.groups[0], "/move h8").await;
    assert!(
        played.iter().any(|output| matches!(output, Output::Board { ply: 1, .. })),
        "the game goes on there: {played:?}"
    );
}

#[tokio::test]
async fn a_waiting_hand_goes_out_from_its_games_partition_when_its_player_turns_up_elsewhere() {
    let split = Split::new().await;
    let [mut first, mut second] = split.partitions().await;
    let group = &split.groups[1];
    let bruno_private = telegram("bruno", ChatKind::Private);
    assert_eq!(Partition::index_of(&bruno_private, 2), 0, "Bruno's private chat is the first's");

    second.core.deal_cinco_from(3);
    say(&mut second, "Ana", group, "/cinco").await;
    act(&mut second, "Bruno", group, Action::Button("L:1:j".into())).await;
    let started = act(&mut second, "Ana", group, Action::Button("L:1:s".into())).await;
    let hand = Prompt::Hand { game: GameId(1), seq: 0, edit: None };
    assert!(
        started.iter().any(|output| matches!(output, Output::Direct { user, prompt: Some(p), .. } if user == "bruno" && *p == hand)),
        "{started:?}"
    );
    // Bruno never opened a private chat with the bot: his hand waits. The other partition,
    // told of it by mistake, keeps nothing.
    assert!(first.core.direct_failed(Platform::Telegram, "bruno", hand.clone()).await.is_empty());
    assert!(says(
        &second.core.direct_failed(Platform::Telegram, "bruno", hand).await,
        "cinco-unreachable"
    ));
    assert_eq!(split.store.waiting_directs().await.expect("readable").len(), 1);

    // He opens one: the first partition serves his private chat, the second sends the hand.
    let mut start = first.input("Bruno", Action::Command("/start".into()));
    start.chat = bruno_private.clone();
    let answered = first.deliver(start.clone()).await;
    assert!(!has_hand_for(&answered, "bruno"), "not the first's to send: {answered:?}");
    let reached = second.core.reached_elsewhere(&start).await;
    assert!(has_hand_for(&reached, "bruno"), "{reached:?}");
    assert!(split.store.waiting_directs().await.expect("readable").is_empty());
    let again: Input = Input { event: cincobot::core::EventId("again".into()), ..start };
    assert!(second.core.reached_elsewhere(&again).await.is_empty(), "it went out once");
}

fn has_hand_for(outputs: &[Output], user: &str) -> bool {
    outputs.iter().any(|output| {
        matches!(output, Output::Direct { user: to, prompt: Some(Prompt::Hand { .. }), .. } if to == user)
    })
}
