//! Every parser of what the network sends, under generated input (issue 27): button
//! payloads (Telegram's callback data, Discord's custom ids and select values), CINCO action
//! codes, command lines, a Telegram message's text with its entities, and a Discord slash
//! command's options. Each must never panic, and must read back what the bot writes.
//!
//! The case counts keep a debug `cargo test` quick; `PROPTEST_CASES` raises them all and
//! `PROPTEST_RNG_SEED` changes the otherwise fixed seed.

use std::sync::LazyLock;

use cincobot::core::{
    Action, ChallengeId, CincoRound, Command, CommandError, CpuLevel, GameId, LobbyChoice,
    MAX_PAYLOAD, Payload, action_code, card_code, for_bot, parse_action, parse_card, parse_command,
    shortcut,
};
use cincobot::discord::interaction::{command_input, component_input};
use cincobot::games::{Family, GameKind};
use cincobot::i18n::{Locale, Texts};
use cincobot::telegram::command::{Understood, sound_entities, understand};
use engine::{Bid, Card, CardKind, Choice, CincoAction, CincoSeat, Colour, PuntajeUse, Seat};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use serde_json::{Value, json};
use serenity::all::{CommandInteraction, ComponentInteraction};
use teloxide::types::{MessageEntity, MessageEntityKind, MessageEntityRef, Update, UpdateKind};

/// `cases` unless `PROPTEST_CASES` says otherwise; a fixed seed unless `PROPTEST_RNG_SEED`
/// says otherwise; no failure files written next to the sources.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(27);
    }
    config.failure_persistence = None;
    config
}

/// Discord's limit for a custom id and a select option's value.
const DISCORD_CUSTOM_ID: usize = 100;

static TEXTS: LazyLock<Texts> = LazyLock::new(|| Texts::load().expect("the texts load"));

/// An error as the user is told it, in both languages: rendering must not panic either.
fn told(error: &CommandError) -> Result<(), TestCaseError> {
    prop_assert!(!error.to_string().is_empty());
    for locale in [Locale::En, Locale::Es] {
        prop_assert!(!TEXTS.render(locale, &error.text()).is_empty(), "{:?}", error);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Generators.

fn family() -> impl Strategy<Value = Family> {
    let mut families: Vec<Family> = GameKind::ALL.into_iter().map(Family::Board).collect();
    families.push(Family::Cinco);
    prop::sample::select(families)
}

fn colour() -> impl Strategy<Value = Colour> {
    prop::sample::select(Colour::ALL.to_vec())
}

/// Any card of the deck.
fn card() -> impl Strategy<Value = Card> {
    prop_oneof![
        (colour(), 1u8..=9).prop_map(|(colour, n)| Card::number(colour, n)),
        colour().prop_map(Card::reverse),
        colour().prop_map(Card::skip),
        (1u8..=9).prop_map(Card::number_wild),
        prop::sample::select(vec![
            CardKind::FiveWild,
            CardKind::Puntaje,
            CardKind::Embargo,
            CardKind::Protection,
            CardKind::Cambio,
        ])
        .prop_map(Card::black),
    ]
}

fn seat() -> impl Strategy<Value = CincoSeat> {
    (0u8..6).prop_map(CincoSeat)
}

/// Any action the notation can write: a choice only where the card takes one.
fn cinco_action() -> impl Strategy<Value = CincoAction> {
    let play = (card(), colour(), seat()).prop_map(|(card, colour, seat)| {
        let choice = match card.kind {
            CardKind::NumberWild(_) => Choice::Colour(colour),
            CardKind::Embargo => Choice::Target(seat),
            _ => Choice::None,
        };
        CincoAction::Play { card, choice }
    });
    let puntaje = prop_oneof![
        Just(None),
        Just(Some(PuntajeUse::Raise)),
        seat().prop_map(|seat| Some(PuntajeUse::Lower(seat))),
    ];
    prop_oneof![
        play,
        card().prop_map(|card| CincoAction::Play { card, choice: Choice::None }),
        Just(CincoAction::Draw),
        Just(CincoAction::KeepDrawn),
        card().prop_map(CincoAction::Discard),
        (card(), puntaje).prop_map(|(card, puntaje)| CincoAction::Bid(Bid { card, puntaje })),
    ]
}

/// The texts the bot puts in a move button: a point of any board (with or without `i`), a
/// column, a pop, renju's choice of a fifth move.
fn button_move() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-s](1[0-9]|[1-9])",
        "[A-HJ-T](1[0-9]|[1-9])",
        "(pop )?[1-7]",
        "choose [a-o](1[0-5]|[1-9])",
    ]
}

/// Every payload the bot draws, with any ids and plies.
fn payload() -> impl Strategy<Value = Payload> {
    let game = any::<i64>().prop_map(GameId);
    let challenge = any::<i64>().prop_map(ChallengeId);
    let lobby_choice = prop::sample::select(vec![
        LobbyChoice::Join,
        LobbyChoice::Leave,
        LobbyChoice::AddCpu(CpuLevel::Easy),
        LobbyChoice::AddCpu(CpuLevel::Normal),
        LobbyChoice::AddCpu(CpuLevel::Hard),
        LobbyChoice::Start,
    ]);
    let round = prop_oneof![
        any::<usize>().prop_map(CincoRound::Seq),
        any::<u32>().prop_map(CincoRound::Auction)
    ];
    prop_oneof![
        (game.clone(), any::<usize>(), button_move(), any::<bool>())
            .prop_map(|(game, ply, text, confirm)| Payload::Move { game, ply, text, confirm }),
        (game.clone(), any::<usize>(), any::<bool>())
            .prop_map(|(game, ply, accept)| Payload::Undo { game, ply, accept }),
        (game.clone(), any::<usize>(), proptest::option::of("[a-hj-tA-HJ-T]"))
            .prop_map(|(game, ply, column)| Payload::Pick { game, ply, column }),
        (game.clone(), any::<usize>(), any::<bool>(), any::<bool>()).prop_map(
            |(game, ply, second, confirm)| {
                let seat = if second { Seat::Second } else { Seat::First };
                Payload::Resign { game, ply, seat, confirm }
            }
        ),
        game.clone().prop_map(Payload::Rematch),
        game.clone().prop_map(Payload::Replay),
        game.clone().prop_map(Payload::Hand),
        // Users are platform ids: Telegram's numbers, Discord's 64-bit snowflakes.
        (0..=i64::MAX, proptest::option::of(family()), proptest::option::of("[1-9][0-9]{0,19}"))
            .prop_map(|(page, kind, user)| Payload::History { page, kind, user }),
        challenge.clone().prop_map(Payload::Accept),
        challenge.clone().prop_map(Payload::Decline),
        challenge.prop_map(Payload::Join),
        Just(Payload::Inert),
        (0..=i64::MAX.cast_unsigned(), lobby_choice)
            .prop_map(|(lobby, choice)| Payload::Lobby { lobby, choice }),
        (game, round, cinco_action()).prop_map(|(game, round, action)| Payload::Cinco {
            game,
            round,
            action: action_code(action),
        }),
    ]
}

/// Forged callback data: near the payloads' form, near the 64-byte limit, or anything.
fn forged() -> impl Strategy<Value = String> {
    prop_oneof![
        "[mcukxrphadjLHCB-]{0,2}(:[-+]?[0-9]{0,21}){0,3}(:[ -~]{0,40})?",
        "[ -~]{56,72}",
        "\\PC{0,80}",
        any::<String>(),
        prop::collection::vec(any::<u8>(), 0..90)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    ]
}

/// The colons a payload of this verb needs before it can be read: a prefix with fewer is
/// refused.
fn colons_needed(encoded: &str) -> usize {
    match encoded.split(':').next() {
        Some("m" | "c" | "u" | "k" | "x" | "C" | "B") => 3,
        Some("h" | "L") => 2,
        _ => 1,
    }
}

/// What a chat's member might type: a command word of ours (either language, any case), or
/// another, maybe addressed to a bot, then words of every kind the commands take.
fn command_line() -> impl Strategy<Value = String> {
    let name = prop_oneof![
        prop::sample::select(vec![
            "move",
            "MOVE",
            "mover",
            "m",
            "resign",
            "rendirse",
            "abandonar",
            "undo",
            "deshacer",
            "board",
            "tablero",
            "rematch",
            "revancha",
            "replay",
            "repetición",
            "export",
            "history",
            "historial",
            "rules",
            "reglas",
            "stats",
            "estadísticas",
            "leaderboard",
            "clasificación",
            "language",
            "idioma",
            "cancel",
            "cancelar",
            "settings",
            "ajustes",
            "help",
            "ayuda",
            "start",
            "cinco",
            "hand",
            "mano",
            "accept",
            "aceptar",
            "decline",
            "rechazar",
            "join",
            "unirse",
            "gomoku",
            "Renju",
            "ninuki",
            "pente",
            "connect5",
            "conecta4",
            "5enraya",
            "cuatro-en-raya",
        ])
        .prop_map(str::to_owned),
        "\\PC{0,12}",
    ];
    let to = prop_oneof![
        3 => Just(String::new()),
        1 => Just("@cincobot".to_owned()),
        1 => Just("@CincoBot".to_owned()),
        1 => Just("@otherbot".to_owned()),
        1 => "@\\PC{0,8}",
    ];
    let word = prop_oneof![
        prop::sample::select(vec![
            "h8",
            "K10",
            "pop",
            "3",
            "confirm",
            "confirmar",
            "yes",
            "no",
            "sí",
            "numbers",
            "números",
            "full",
            "completo",
            "cpu",
            "easy",
            "difícil",
            "normal",
            "19",
            "13",
            "timer",
            "30",
            "60",
            "popout",
            "ranked",
            "overline",
            "forbidden",
            "en",
            "es",
            "swap",
            "cinco",
            "gomoku",
            "connect5",
        ])
        .prop_map(str::to_owned),
        "#[-+]?[0-9]{0,20}",
        "@\\PC{0,10}",
        "[-+]?[0-9]{1,25}",
        "\\PC{1,10}",
    ];
    let gap = prop_oneof![Just(" "), Just("  "), Just("\t"), Just("\u{3000}"), Just("\n")];
    (
        "[ \t]{0,2}/?",
        name,
        to,
        prop::collection::vec((gap, word), 0..8),
        prop_oneof![9 => Just(0usize), 1 => 1usize..6_000],
    )
        .prop_map(|(start, name, to, words, padding)| {
            let mut line = format!("{start}{name}{to}");
            for (gap, word) in words {
                line.push_str(gap);
                line.push_str(&word);
            }
            // Some lines are very long.
            line.push_str(&"ñ h8 ".repeat(padding / 5));
            line
        })
}

// ---------------------------------------------------------------------------------------
// Button payloads.

proptest! {
    #![proptest_config(config(2_000))]

    /// Every payload the bot draws fits Telegram's callback data and Discord's custom ids
    /// (a select menu's id is `s` and its first payload) and reads back as itself; a payload
    /// cut short is refused until its last field has begun.
    #[test]
    fn payloads_read_back_and_fit_both_platforms(payload in payload()) {
        let encoded = payload.encode();
        prop_assert!(encoded.len() <= MAX_PAYLOAD, "{} bytes: {}", encoded.len(), encoded);
        let select_id = format!("s{encoded}");
        prop_assert!(select_id.len() <= DISCORD_CUSTOM_ID, "{}", select_id);
        prop_assert_eq!(Payload::decode(&encoded), Some(payload.clone()), "{}", encoded);
        for (cut, _) in encoded.char_indices().skip(1) {
            let prefix = &encoded[..cut];
            let read = Payload::decode(prefix);
            if prefix.matches(':').count() < colons_needed(&encoded) || prefix.ends_with(':') && colons_needed(&encoded) == 1 {
                prop_assert_eq!(read, None, "{} read from the prefix {:?}", encoded, prefix);
            } else if let Some(read) = read {
                prop_assert_eq!(Payload::decode(&read.encode()), Some(read));
            }
        }
    }

    /// Forged or garbled data: no panic, nothing longer than Telegram allows is read, and
    /// whatever is read is written back as data that reads the same.
    #[test]
    fn forged_payloads_are_refused_or_read_consistently(data in forged()) {
        let read = Payload::decode(&data);
        if data.len() > MAX_PAYLOAD {
            prop_assert_eq!(read, None, "{} bytes read", data.len());
        } else if let Some(read) = read {
            let again = read.encode();
            // A forged game name (`5enraya`) can be written back a byte longer than it came.
            if again.len() <= MAX_PAYLOAD {
                prop_assert_eq!(Payload::decode(&again), Some(read), "{:?} -> {:?}", data, again);
            }
        }
    }

    /// Telegram's callback data arrives inside an update: any data, however escaped in the
    /// JSON, reaches the payload reader as sent.
    #[test]
    fn telegram_callback_data_reaches_the_reader(data in forged(), with_data in any::<bool>()) {
        let mut query = json!({"id": "q1", "chat_instance": "c",
            "from": {"id": 7, "is_bot": false, "first_name": "Ana"},
            "message": {"message_id": 3, "date": 1_700_000_000,
                "chat": {"id": -100, "type": "supergroup", "title": "g"},
                "from": {"id": 1, "is_bot": true, "first_name": "Cinco"}, "text": "board"}});
        if with_data {
            query["data"] = json!(data);
        }
        // As the adapter reads it: from the text of the response.
        let body = json!({"update_id": 1, "callback_query": query}).to_string();
        let update: Result<Update, _> = serde_json::from_str(&body);
        prop_assert!(update.is_ok(), "{:?}", update.err());
        let kind = update.map(|update| update.kind);
        let Ok(UpdateKind::CallbackQuery(query)) = kind else {
            return Err(TestCaseError::fail(format!("not a callback query: {kind:?}")));
        };
        prop_assert_eq!(query.data.as_deref(), with_data.then_some(data.as_str()));
        if let Some(data) = &query.data {
            prop_assert_eq!(Payload::decode(data), Payload::decode(&data.clone()));
        }
    }

    /// Discord's button custom ids and select values become the same button input, whatever
    /// they hold.
    #[test]
    fn discord_components_reach_the_reader(custom_id in forged(), values in prop::collection::vec(forged(), 0..3), select in any::<bool>()) {
        let mut interaction: Value =
            serde_json::from_str(include_str!("../data/discord/select_column.json")).expect("JSON");
        interaction["data"] = if select {
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        } else {
            json!({"custom_id": custom_id, "component_type": 2})
        };
        let interaction: Result<ComponentInteraction, _> = serde_json::from_value(interaction);
        prop_assert!(interaction.is_ok(), "{:?}", interaction.err());
        let Ok(interaction) = interaction else { return Ok(()) };
        let input = component_input(&interaction);
        let expected = if select { values.first().cloned() } else { Some(custom_id) };
        prop_assert_eq!(
            input.map(|input| input.action),
            expected.map(Action::Button)
        );
    }
}

// ---------------------------------------------------------------------------------------
// CINCO action codes.

proptest! {
    #![proptest_config(config(2_000))]

    /// Every card and action written is read back, and an action fits a button with the
    /// largest game and round numbers.
    #[test]
    fn cinco_actions_read_back(card in card(), action in cinco_action()) {
        prop_assert_eq!(parse_card(&card_code(card)), Some(card));
        let code = action_code(action);
        prop_assert_eq!(parse_action(&code), Some(action), "{}", code);
        prop_assert_eq!(parse_action(&format!("  {}\t", code.replace(' ', "   "))), Some(action));
        let widest = format!("C:{}:{}:{code}", i64::MIN, usize::MAX);
        prop_assert!(widest.len() <= MAX_PAYLOAD, "{}", widest);
    }

    /// Any text: no panic, and what is read is written back as text read the same.
    #[test]
    fn any_cinco_text_is_refused_or_read_consistently(
        text in prop_oneof![
            "[pdkxb]? ?[rygbwWPEXC?]{0,2}[0-9RS+]{0,3}( [-+]?[a-z0-9]{0,3})?",
            "\\PC{0,30}",
            any::<String>(),
        ]
    ) {
        if let Some(card) = parse_card(&text) {
            prop_assert_eq!(parse_card(&card_code(card)), Some(card), "{:?}", text);
        }
        if let Some(action) = parse_action(&text) {
            let code = action_code(action);
            prop_assert_eq!(parse_action(&code), Some(action), "{:?}", text);
            prop_assert_eq!(code.split(' ').count(), text.split_whitespace().count(), "{:?}", text);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Command lines.

proptest! {
    #![proptest_config(config(2_000))]

    /// Any line, with or without `/` and `@botname`, short or very long: no panic; a line
    /// that is not a command of ours is `Ok(None)`; an error is told in both languages.
    #[test]
    fn command_lines_are_read_or_refused(line in prop_oneof![4 => command_line(), 1 => any::<String>()]) {
        let read = parse_command(&line, "cincobot");
        let ours = line.trim() == "/" || for_bot(&line, "cincobot").is_some();
        match &read {
            Ok(None) => {}
            Ok(Some(_)) => prop_assert!(ours, "{:?} read as a command", line),
            Err(error) => {
                prop_assert!(ours, "{:?} refused", line);
                told(error)?;
            }
        }
        if !line.trim_start().starts_with('/') {
            prop_assert_eq!(read, Ok(None));
        }
    }

    /// The bot's name, the command word's case and the spacing between words change nothing;
    /// a command for another bot is ignored.
    #[test]
    fn addressing_case_and_spacing_do_not_matter(line in command_line(), other in "[a-z]{1,8}bot") {
        let Some((name, rest)) = for_bot(&line, "cincobot") else { return Ok(()) };
        let read = parse_command(&line, "cincobot");
        let plain = format!("/{} {}", name, rest.split_whitespace().collect::<Vec<_>>().join(" "));
        prop_assert_eq!(&parse_command(&plain, "cincobot"), &read, "{:?} vs {:?}", line, plain);
        let addressed = format!("  /{}@CINCOBOT \t{}  ", name.to_uppercase(), rest);
        // Upper case changes only the command word here; the arguments are left as typed.
        if name.to_uppercase().to_lowercase() == name.to_lowercase() {
            prop_assert_eq!(&parse_command(&addressed, "cincobot"), &read, "{:?}", addressed);
        }
        if other != "cincobot" {
            let elsewhere = format!("/{name}@{other} {rest}");
            prop_assert_eq!(parse_command(&elsewhere, "cincobot"), Ok(None));
        }
    }

    /// `/move` takes everything but the game number and the confirmation as the move.
    #[test]
    fn moves_keep_their_words(
        words in prop::collection::vec("[a-zA-Z0-9ñ]{1,6}", 1..5),
        game in proptest::option::of(any::<i64>()),
        confirm in any::<bool>(),
    ) {
        prop_assume!(words.iter().all(|word| !word.eq_ignore_ascii_case("confirm")
            && !word.eq_ignore_ascii_case("confirmar")));
        let mut line = format!("/move {}", words.join(" "));
        if let Some(game) = game {
            line.push_str(&format!(" #{game}"));
        }
        if confirm {
            line.push_str(" confirmar");
        }
        prop_assert_eq!(
            parse_command(&line, "x"),
            Ok(Some(Command::Move { text: words.join(" "), game: game.map(GameId), confirm }))
        );
    }
}

// ---------------------------------------------------------------------------------------
// Telegram: a message's text with its entities.

/// A text mention (a user without a username) at any offsets, right or wrong.
fn entities(len: usize) -> impl Strategy<Value = Vec<MessageEntity>> {
    let bound = len * 2 + 4;
    prop::collection::vec((0..bound, 0..bound, 1u64..1_000_000, any::<bool>()), 0..4).prop_map(
        |spans| {
            spans
                .into_iter()
                .map(|(offset, length, id, mention)| {
                    let kind = if mention {
                        let user = serde_json::from_value(
                            json!({"id": id, "is_bot": false, "first_name": "Eva"}),
                        )
                        .expect("a user");
                        MessageEntityKind::TextMention { user }
                    } else {
                        MessageEntityKind::Bold
                    };
                    MessageEntity { kind, offset, length }
                })
                .collect()
        },
    )
}

proptest! {
    #![proptest_config(config(2_000))]

    /// Any text with any entities: no panic, and what reaches the core is what the core's
    /// own readers would make of it.
    #[test]
    fn telegram_messages_are_understood_or_ignored(
        (text, entities) in prop_oneof![command_line(), "\\PC{0,20}", any::<String>()]
            .prop_flat_map(|text| { let len = text.encode_utf16().count(); (Just(text), entities(len)) }),
        username in prop_oneof![Just("CincoBot".to_owned()), "[a-z]{1,10}"],
    ) {
        // As the adapter reads a message: the entities Telegram could not have meant are
        // dropped first (teloxide panics on an offset inside a character).
        let sound = sound_entities(&text, &entities);
        let refs = MessageEntityRef::parse(&text, &sound);
        let understood = understand(&text, &refs, &username);
        let mentions = entities.iter().any(|entity| matches!(entity.kind, MessageEntityKind::TextMention { .. }));
        if mentions {
            return Ok(());
        }
        // Without mentions, the text itself is read.
        let trimmed = text.trim();
        match understood {
            Understood::Input(Action::Shortcut(bare)) => {
                prop_assert_eq!(bare.as_str(), trimmed);
                prop_assert!(shortcut(trimmed).is_some());
            }
            Understood::Input(Action::Command(line)) => {
                let (name, rest) = for_bot(trimmed, &username).unwrap_or_default();
                prop_assert!(!name.is_empty(), "{:?} sent as {:?}", text, line);
                prop_assert_eq!(parse_command(&line, "anyname"), parse_command(trimmed, &username));
                prop_assert!(line.starts_with('/') && line.contains(rest));
            }
            Understood::Input(other) => {
                return Err(TestCaseError::fail(format!("{other:?} from {text:?}")));
            }
            Understood::Link => prop_assert!(trimmed.to_lowercase().starts_with("/start")),
            Understood::Ignore => {
                if trimmed.starts_with('/') {
                    prop_assert!(for_bot(trimmed, &username).is_none());
                } else {
                    prop_assert!(shortcut(trimmed).is_none());
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Discord: a slash command's options.

const OPTION_NAMES: [&str; 21] = [
    "opponent",
    "cpu",
    "size",
    "timer",
    "ranked",
    "overline",
    "forbidden",
    "popout",
    "point",
    "game",
    "confirm",
    "answer",
    "numbers",
    "kind",
    "full",
    "user",
    "language",
    "challenge",
    "setting",
    "value",
    "page",
];

/// One option as Discord sends it, of any type under any name.
fn option() -> impl Strategy<Value = Value> {
    let name = prop_oneof![4 => prop::sample::select(OPTION_NAMES.to_vec()).prop_map(str::to_owned), 1 => "\\PC{0,8}"];
    let value = prop_oneof![
        prop_oneof![
            any::<String>(),
            "\\PC{0,12}",
            "(cpu|easy|hard|difícil|es|en|gomoku|cinco|h8|pop 3| +)"
        ]
        .prop_map(|text| (3, json!(text))),
        prop_oneof![any::<i64>(), -3i64..40].prop_map(|n| (4, json!(n))),
        any::<bool>().prop_map(|b| (5, json!(b))),
        (1u64..u64::MAX).prop_map(|id| (6, json!(id.to_string()))),
        any::<f64>().prop_filter("a JSON number", |n| n.is_finite()).prop_map(|n| (10, json!(n))),
    ];
    (name, value)
        .prop_map(|(name, (kind, value))| json!({"name": name, "type": kind, "value": value}))
}

fn command_name() -> impl Strategy<Value = String> {
    let names: Vec<&str> =
        cincobot::core::commands::COMMANDS.iter().map(|command| command.english).collect();
    prop_oneof![4 => prop::sample::select(names).prop_map(str::to_owned), 1 => "\\PC{0,10}"]
}

proptest! {
    #![proptest_config(config(1_500))]

    /// Any command with any options: no panic; a command the bot lacks is no input, an
    /// error is told in both languages, and `/move` keeps its point as typed.
    #[test]
    fn discord_commands_are_read_or_refused(
        name in command_name(),
        options in prop::collection::vec(option(), 0..6),
        resolved in any::<bool>(),
    ) {
        let mut interaction: Value =
            serde_json::from_str(include_str!("../data/discord/command_move_dm.json")).expect("JSON");
        let mut data = json!({"id": "1190000000000000002", "name": name, "type": 1, "options": options});
        if resolved {
            // The people the user options name, as Discord resolves them.
            let users: serde_json::Map<String, Value> = options
                .iter()
                .filter(|option| option["type"] == 6)
                .filter_map(|option| option["value"].as_str())
                .map(|id| (id.to_owned(), json!({"id": id, "username": "eva", "discriminator": "0", "avatar": null})))
                .collect();
            data["resolved"] = json!({"users": users});
        }
        interaction["data"] = data;
        let interaction: Result<CommandInteraction, _> = serde_json::from_value(interaction);
        prop_assert!(interaction.is_ok(), "{:?}", interaction.err());
        let Ok(interaction) = interaction else { return Ok(()) };
        let known = cincobot::core::commands::COMMANDS.iter().any(|command| command.english == name);
        let first = |wanted: &str| options.iter().find(|option| option["name"] == wanted);
        match command_input(&interaction) {
            Ok(None) => prop_assert!(!known, "/{} not read", name),
            Ok(Some(input)) => {
                prop_assert!(known || GameKind::parse(&name).is_some(), "/{} read", name);
                if let Action::Typed(Command::Move { text, game, .. }) = &input.action {
                    prop_assert_eq!(Some(&json!(text)), first("point").map(|option| &option["value"]));
                    prop_assert_eq!(
                        game.map(|game| json!(game.0)),
                        first("game").filter(|option| option["type"] == 4).map(|option| option["value"].clone())
                    );
                }
            }
            Err(error) => {
                prop_assert!(known || GameKind::parse(&name).is_some());
                if name == "move" {
                    let point = first("point")
                        .filter(|option| option["type"] == 3)
                        .and_then(|option| option["value"].as_str());
                    prop_assert!(point.is_none_or(|point| point.trim().is_empty()), "{:?}", error);
                }
                told(&error)?;
            }
        }
    }
}
