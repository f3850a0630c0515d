//! What crosses between the processes of one bot (issue 29, `core::wire`): generated inputs
//! read back exactly, and so do the private answers the core really gives, with each input
//! crossing before the core handles it, as it will when another process received it.
//!
//! The case counts keep a debug `cargo test` quick; `PROPTEST_CASES` raises them and
//! `PROPTEST_RNG_SEED` changes the otherwise fixed seed.

use std::sync::LazyLock;

use cincobot::core::{
    Action, ChallengeId, Chat, ChatKind, Command, EventId, GameId, Input, Opponent, Output,
    Platform, PrivateAnswer, Row, User, Wire,
};
use cincobot::games::{Family, GameKind, GameOptions, TurnTimer};
use cincobot::i18n::{Arg, Locale, Text, Texts};
use engine::cpu::Level;
use proptest::prelude::*;
use proptest::strategy::Union;
use proptest::test_runner::RngSeed;

use crate::common::{Harness, game_between_ana_and_bruno};

/// `cases` unless `PROPTEST_CASES` says otherwise; a fixed seed unless `PROPTEST_RNG_SEED`
/// says otherwise; no failure files written next to the sources.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(29);
    }
    config.failure_persistence = None;
    config
}

// ---------------------------------------------------------------------------------------
// Generators: every value a field can hold, strings of any characters.

fn user() -> impl Strategy<Value = User> {
    (any::<String>(), any::<String>(), any::<Option<String>>())
        .prop_map(|(id, name, handle)| User { id, name, handle })
}

fn chat() -> impl Strategy<Value = Chat> {
    let platform =
        prop::sample::select(vec![Platform::Console, Platform::Discord, Platform::Telegram]);
    let kind = prop::sample::select(vec![ChatKind::Group, ChatKind::Private]);
    (platform, any::<String>(), kind).prop_map(|(platform, id, kind)| Chat { platform, id, kind })
}

fn locale() -> impl Strategy<Value = Locale> {
    prop::sample::select(Locale::ALL.to_vec())
}

fn game() -> impl Strategy<Value = Option<GameId>> {
    any::<Option<i64>>().prop_map(|id| id.map(GameId))
}

fn challenge() -> impl Strategy<Value = Option<ChallengeId>> {
    any::<Option<i64>>().prop_map(|id| id.map(ChallengeId))
}

fn family() -> impl Strategy<Value = Option<Family>> {
    prop::option::of(prop::sample::select(Family::all().collect::<Vec<_>>()))
}

fn options() -> impl Strategy<Value = GameOptions> {
    let timer = prop::option::of(prop::sample::select(TurnTimer::ALL.to_vec()));
    (any::<Option<u8>>(), any::<[Option<bool>; 5]>(), timer).prop_map(
        |(size, [overline, forbidden, pop_out, ranked, alternate], timer)| GameOptions {
            size,
            overline,
            forbidden,
            pop_out,
            timer,
            ranked,
            alternate,
        },
    )
}

fn opponent() -> impl Strategy<Value = Option<Opponent>> {
    prop::option::of(prop_oneof![
        any::<String>().prop_map(Opponent::User),
        prop::sample::select(Level::ALL.to_vec()).prop_map(Opponent::Cpu),
    ])
}

/// Any command, every variant alike.
fn command() -> impl Strategy<Value = Command> {
    Union::new([
        (prop::sample::select(GameKind::ALL.to_vec()), opponent(), options())
            .prop_map(|(kind, opponent, options)| Command::Challenge { kind, opponent, options })
            .boxed(),
        (any::<String>(), game(), any::<bool>())
            .prop_map(|(text, game, confirm)| Command::Move { text, game, confirm })
            .boxed(),
        (game(), any::<bool>())
            .prop_map(|(game, confirm)| Command::Resign { game, confirm })
            .boxed(),
        (game(), any::<Option<bool>>())
            .prop_map(|(game, answer)| Command::Undo { game, answer })
            .boxed(),
        game().prop_map(Command::Board).boxed(),
        game().prop_map(Command::NumberedBoard).boxed(),
        game().prop_map(Command::Rematch).boxed(),
        game().prop_map(Command::Replay).boxed(),
        game().prop_map(Command::Export).boxed(),
        (any::<Option<String>>(), family(), any::<i64>())
            .prop_map(|(user, kind, page)| Command::History { user, kind, page })
            .boxed(),
        (family(), any::<bool>()).prop_map(|(game, full)| Command::Rules { game, full }).boxed(),
        any::<Option<String>>().prop_map(Command::Stats).boxed(),
        family().prop_map(Command::Leaderboard).boxed(),
        prop::option::of(locale()).prop_map(Command::Language).boxed(),
        game().prop_map(Command::Cancel).boxed(),
        (family(), any::<Option<(String, String)>>())
            .prop_map(|(kind, change)| Command::Settings { kind, change })
            .boxed(),
        Just(Command::Help).boxed(),
        Just(Command::Cinco).boxed(),
        game().prop_map(Command::Hand).boxed(),
        challenge().prop_map(Command::Accept).boxed(),
        challenge().prop_map(Command::Decline).boxed(),
        challenge().prop_map(Command::Join).boxed(),
    ])
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        1 => any::<String>().prop_map(Action::Command),
        4 => command().prop_map(Action::Typed),
        1 => any::<String>().prop_map(Action::Shortcut),
        1 => any::<String>().prop_map(Action::Button),
        1 => any::<String>().prop_map(|to| Action::ChatMoved { to }),
    ]
}

fn input() -> impl Strategy<Value = Input> {
    (
        any::<String>().prop_map(EventId),
        user(),
        chat(),
        any::<bool>(),
        prop::option::of(locale()),
        prop::collection::vec(user(), 0..3),
        prop::option::of(user()),
        action(),
    )
        .prop_map(
            |(event, user, chat, is_chat_admin, locale, introduced, replied_to, action)| Input {
                event,
                user,
                chat,
                is_chat_admin,
                locale,
                introduced,
                replied_to,
                action,
            },
        )
}

/// Every message id of the files, as the `&'static str` a [`Text`] holds (leaked once: a
/// few hundred short strings for the whole test run).
static MESSAGE_IDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    Texts::ids(Locale::En).into_iter().map(|id| &*Box::leak(id.into_boxed_str())).collect()
});

/// A message of the files, with arguments of any kind, nested a few deep; the names are
/// variables of the files, and one that no message reads.
fn text() -> impl Strategy<Value = Text> {
    let id = || prop::sample::select(MESSAGE_IDS.clone());
    let name = || prop::sample::select(vec!["name", "colour", "id", "game", "why"]);
    id().prop_map(Text::new).prop_recursive(3, 12, 3, move |inner| {
        let arg = prop_oneof![
            any::<String>().prop_map(Arg::Plain),
            any::<i64>().prop_map(Arg::Number),
            inner.prop_map(Arg::Text),
        ];
        (id(), prop::collection::vec((name(), arg), 0..4)).prop_map(|(id, args)| Text { id, args })
    })
}

fn answer() -> impl Strategy<Value = PrivateAnswer> {
    prop_oneof![
        (chat(), any::<String>(), locale(), prop::collection::vec(text(), 0..4)).prop_map(
            |(chat, user, locale, lines)| PrivateAnswer::Reply { chat, user, locale, lines }
        ),
        (chat(), any::<i64>(), locale(), text(), any::<String>()).prop_map(
            |(chat, game, locale, label, payload)| PrivateAnswer::Keyboard {
                chat,
                game: GameId(game),
                locale,
                components: vec![Row::Buttons(vec![cincobot::core::Button {
                    label,
                    payload,
                    style: cincobot::core::ButtonStyle::Danger,
                    disabled: true,
                    opens: None,
                }])],
            }
        ),
    ]
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn any_input_reads_back_as_written(input in input()) {
        let written = input.to_wire().map_err(|error| TestCaseError::fail(error.to_string()))?;
        let read = Input::from_wire(&written);
        prop_assert!(matches!(&read, Ok(read) if *read == input), "{written} read as {read:?}");
    }

    #[test]
    fn any_answer_reads_back_as_written(answers in prop::collection::vec(answer(), 0..3)) {
        let written = answers.to_wire().map_err(|error| TestCaseError::fail(error.to_string()))?;
        let read = Vec::<PrivateAnswer>::from_wire(&written);
        prop_assert!(matches!(&read, Ok(read) if *read == answers), "{written} read as {read:?}");
    }

    /// Whatever text arrives, reading it never panics.
    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,200}") {
        let _input = Input::from_wire(&text);
        let _answers = Vec::<PrivateAnswer>::from_wire(&text);
    }
}

// ---------------------------------------------------------------------------------------
// The core's own answers.

/// `user`'s `action` as another process would hand it over: written, read back, handled.
/// What answers it privately, each output once as the core gave it.
async fn crossed(harness: &mut Harness, user: &str, action: Action) -> Vec<Output> {
    let input = harness.input(user, action);
    let written = input.to_wire().expect("an input is written");
    let read = Input::from_wire(&written).expect("an input reads back");
    assert_eq!(read, input);
    let outputs = harness.deliver(read).await;
    outputs
        .into_iter()
        .filter(|output| matches!(output, Output::Reply { .. } | Output::Keyboard { .. }))
        .collect()
}

#[tokio::test]
async fn the_core_s_private_answers_read_back_as_given() {
    let mut harness = Harness::new().await;
    let mut given = Vec::new();
    for (user, line) in [("Ana", "/rules gomoku full"), ("Ana", "/dance"), ("Ana", "/gomoku 17")] {
        given.extend(crossed(&mut harness, user, Action::Command(line.into())).await);
    }
    game_between_ana_and_bruno(&mut harness, "/gomoku 19").await;
    for (user, payload) in [("Bruno", "k:1:0:h"), ("Ana", "k:1:0:h"), ("Ana", "-")] {
        given.extend(crossed(&mut harness, user, Action::Button(payload.into())).await);
    }

    let answers: Vec<PrivateAnswer> = given
        .iter()
        .cloned()
        .map(|output| PrivateAnswer::try_from(output).expect("a private answer"))
        .collect();
    let select = |answer: &PrivateAnswer| match answer {
        PrivateAnswer::Keyboard { components, .. } => {
            components.iter().any(|row| matches!(row, Row::Select(_)))
        }
        PrivateAnswer::Reply { .. } => false,
    };
    assert!(answers.iter().any(select), "a select menu among {answers:#?}");
    let nested = |answer: &PrivateAnswer| match answer {
        PrivateAnswer::Reply { lines, .. } => {
            lines.iter().any(|line| line.args.iter().any(|(_, arg)| matches!(arg, Arg::Text(_))))
        }
        PrivateAnswer::Keyboard { .. } => false,
    };
    assert!(answers.iter().any(nested), "a message inside a message among {answers:#?}");
    assert!(answers.len() >= 6, "{answers:#?}");

    let written = answers.to_wire().expect("answers are written");
    let read = Vec::<PrivateAnswer>::from_wire(&written).expect("answers read back");
    assert_eq!(read, answers);
    let outputs: Vec<Output> = read.into_iter().map(Output::from).collect();
    assert_eq!(outputs, given);
}
