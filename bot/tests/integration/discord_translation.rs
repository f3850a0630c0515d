//! The Discord adapter's translations both ways: real interaction payloads (as Discord sends
//! them, kept in `tests/data/discord/`) deserialised into serenity's types become the core
//! inputs expected; the core's outputs become the REST bodies Discord expects.

use cincobot::core::commands::COMMANDS;
use cincobot::core::{
    Action, Button, Chat, ChatKind, Command, EventId, GameId, Input, Opponent, Payload, Platform,
    Row, Select, SelectOption, User,
};
use cincobot::discord::commands::{SPANISH_LOCALES, definitions};
use cincobot::discord::components::rows;
use cincobot::discord::delivery::{Body, ephemeral};
use cincobot::discord::handler::suggestions;
use cincobot::discord::interaction::{command_input, component_input, move_query};
use cincobot::games::{GameKind, GameOptions, TurnTimer};
use cincobot::i18n::{Locale, Text, Texts};
use cincobot::runtime::MoveQuery;
use serde_json::{Value, json};
use serenity::all::{CreateAttachment, CreateInteractionResponse, Interaction, UserId};

fn interaction(name: &str) -> Interaction {
    let path = format!("{}/tests/data/discord/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the payload file");
    serde_json::from_str(&text).expect("a payload serenity reads")
}

fn texts() -> Texts {
    Texts::load().expect("the texts")
}

const CHANNEL: &str = "1150000000000000000";

fn guild_channel() -> Chat {
    Chat { platform: Platform::Discord, id: CHANNEL.to_owned(), kind: ChatKind::Group }
}

fn ana() -> User {
    User { id: "1001".into(), name: "Ana".into(), handle: Some("ana".into()) }
}

#[test]
fn a_slash_command_with_options_is_a_typed_challenge() {
    let Interaction::Command(command) = interaction("command_gomoku") else {
        panic!("a command interaction")
    };
    let input = command_input(&command).expect("understood").expect("a command of ours");
    let expected = Input {
        event: EventId("i:1180000000000000001".into()),
        user: ana(),
        chat: guild_channel(),
        is_chat_admin: false,
        locale: Some(Locale::Es),
        introduced: vec![User {
            id: "1002".into(),
            name: "Bruno".into(),
            handle: Some("bruno".into()),
        }],
        replied_to: None,
        action: Action::Typed(Command::Challenge {
            kind: GameKind::Gomoku,
            opponent: Some(Opponent::User("1002".into())),
            options: GameOptions {
                size: Some(19),
                timer: Some(TurnTimer::Seconds30),
                ranked: Some(false),
                ..GameOptions::default()
            },
        }),
    };
    assert_eq!(input, expected);
}

#[test]
fn a_command_in_a_dm_is_private_and_its_user_administers_it() {
    let Interaction::Command(command) = interaction("command_move_dm") else {
        panic!("a command interaction")
    };
    let input = command_input(&command).expect("understood").expect("a command of ours");
    assert_eq!(input.chat.kind, ChatKind::Private);
    assert!(input.is_chat_admin);
    assert_eq!(input.user, ana());
    assert_eq!(
        input.action,
        Action::Typed(Command::Move { text: "h8".into(), game: Some(GameId(12)), confirm: true })
    );
}

#[test]
fn a_button_is_its_payload_and_manage_channels_makes_an_admin() {
    let Interaction::Component(component) = interaction("button_column") else {
        panic!("a component interaction")
    };
    let input = component_input(&component).expect("a component of ours");
    let mut expected = Input::new(
        EventId("i:1180000000000000002".into()),
        User { id: "1002".into(), name: "bruno".into(), handle: Some("bruno".into()) },
        guild_channel(),
        Some(Locale::En),
        Action::Button("m:7:3:4".into()),
    );
    expected.is_chat_admin = true;
    assert_eq!(input, expected);
    assert_eq!(component.message.id.get(), 1_140_000_000_000_000_000);
}

#[test]
fn a_select_menu_choice_is_the_chosen_option_payload() {
    let Interaction::Component(component) = interaction("select_column") else {
        panic!("a component interaction")
    };
    let input = component_input(&component).expect("a component of ours");
    assert_eq!(input.action, Action::Button("k:9:12:h".into()));
    assert_eq!(input.locale, Some(Locale::Es));
    assert!(!input.is_chat_admin);
    assert_eq!(
        Payload::decode("k:9:12:h"),
        Some(Payload::Pick { game: GameId(9), ply: 12, column: Some("h".into()) })
    );
}

#[test]
fn an_autocomplete_asks_the_core_about_the_point_typed_and_offers_its_moves_back() {
    let Interaction::Autocomplete(autocomplete) = interaction("autocomplete_move") else {
        panic!("an autocomplete interaction")
    };
    let query = move_query(&autocomplete).expect("a /move point being typed");
    let expected = MoveQuery {
        chat: guild_channel(),
        user: "1001".into(),
        game: Some(GameId(12)),
        typed: "H".into(),
    };
    assert_eq!(query, expected);
    let response =
        serde_json::to_value(suggestions(vec!["h9".into(), "h7".into()])).expect("a response body");
    let choices = json!([{ "name": "h9", "value": "h9" }, { "name": "h7", "value": "h7" }]);
    assert_eq!(response, json!({ "type": 8, "data": { "choices": choices } }));
}

fn column_buttons() -> Vec<Button> {
    (1..=7_u32)
        .map(|column| {
            let payload =
                Payload::Move { game: GameId(7), ply: 3, text: column.to_string(), confirm: false };
            let button = Button::new(Text::new("button-column").with("column", column), &payload);
            match column {
                4 => button.primary(),
                6 => button.disabled(),
                _ => button,
            }
        })
        .collect()
}

#[test]
fn seven_columns_fold_into_rows_of_five_with_styles_and_disabled() {
    let built = rows(&texts(), Locale::En, &[Row::Buttons(column_buttons())]);
    let built = serde_json::to_value(&built).expect("serialisable");
    let rows = built.as_array().expect("rows");
    assert_eq!(rows.len(), 2);
    let lengths: Vec<usize> =
        rows.iter().map(|row| row["components"].as_array().map_or(0, Vec::len)).collect();
    assert_eq!(lengths, [5, 2]);
    let fourth = &rows[0]["components"][3];
    assert_eq!(fourth["type"], 2);
    assert_eq!(fourth["custom_id"], "m:7:3:4");
    assert_eq!(fourth["style"], 1, "primary");
    assert_eq!(rows[0]["components"][0]["style"], 2, "secondary");
    assert_eq!(rows[1]["components"][0]["disabled"], true, "the sixth column is full");
    assert_eq!(rows[1]["components"][1]["disabled"], false);
}

#[test]
fn a_select_menu_keeps_its_options_payloads() {
    let options = ["a", "b", "c"]
        .iter()
        .map(|column| {
            let payload =
                Payload::Pick { game: GameId(9), ply: 12, column: Some((*column).into()) };
            SelectOption::new(Text::new("button-column").with("column", *column), &payload)
        })
        .collect();
    let select = Select { placeholder: Text::new("select-column"), options };
    let built = rows(&texts(), Locale::Es, &[Row::Select(select)]);
    let built = serde_json::to_value(&built).expect("serialisable");
    let menu = &built[0]["components"][0];
    assert_eq!(menu["type"], 3);
    let values: Vec<&str> = menu["options"]
        .as_array()
        .expect("options")
        .iter()
        .filter_map(|option| option["value"].as_str())
        .collect();
    assert_eq!(values, ["k:9:12:a", "k:9:12:b", "k:9:12:c"]);
    assert!(menu["custom_id"].as_str().is_some_and(|id| !id.is_empty() && id.len() <= 100));
}

#[test]
fn an_update_always_carries_the_board_image_and_mentions_only_the_player() {
    let body = Body {
        content: "<@1002> 5 en raya #7".into(),
        image: Some(CreateAttachment::bytes(vec![1, 2, 3], "game-7-ply-3.png")),
        components: rows(&texts(), Locale::En, &[Row::Buttons(column_buttons())]),
        mention: Some(UserId::new(1002)),
    };
    let update = CreateInteractionResponse::UpdateMessage(body.response());
    let update = serde_json::to_value(&update).expect("serialisable");
    assert_eq!(update["type"], 7);
    let attachments = update["data"]["attachments"].as_array().expect("attachments listed");
    assert_eq!(attachments.len(), 1, "the new image, and only it");
    assert_eq!(attachments[0]["filename"], "game-7-ply-3.png");
    assert_eq!(
        update["data"]["allowed_mentions"],
        json!({ "parse": [], "roles": [], "users": ["1002"] })
    );
    assert_eq!(update["data"]["components"].as_array().map(Vec::len), Some(2));
    let edit = serde_json::to_value(body.edit()).expect("serialisable");
    assert_eq!(edit["attachments"].as_array().map(Vec::len), Some(1));
    let quiet = Body { mention: None, ..body };
    let posted = serde_json::to_value(quiet.message()).expect("serialisable");
    assert_eq!(posted["allowed_mentions"], json!({ "parse": [], "roles": [], "users": [] }));
}

#[test]
fn a_refusal_is_ephemeral_and_mentions_nobody() {
    let refusal = CreateInteractionResponse::Message(ephemeral("Not your turn."));
    let refusal = serde_json::to_value(&refusal).expect("serialisable");
    assert_eq!(refusal["type"], 4);
    assert_eq!(refusal["data"]["flags"], 64);
    assert_eq!(refusal["data"]["content"], "Not your turn.");
    assert_eq!(refusal["data"]["allowed_mentions"]["parse"], json!([]));
}

#[test]
fn every_command_is_registered_with_spanish_names_within_discord_limits() {
    let registered: Vec<Value> = definitions(&texts(), true)
        .iter()
        .map(|command| serde_json::to_value(command).expect("serialisable"))
        .collect();
    assert_eq!(registered.len(), COMMANDS.len());
    let valid_name = |name: &str| {
        (1..=32).contains(&name.chars().count())
            && name.chars().all(|c| c.is_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    };
    for (command, spec) in registered.iter().zip(COMMANDS) {
        let (english, spanish) = (spec.english, spec.spanish);
        assert_eq!(command["name"], english);
        for locale in SPANISH_LOCALES {
            assert_eq!(command["name_localizations"][locale], spanish, "{english} in {locale}");
            let description = command["description_localizations"][locale].as_str();
            assert!(description.is_some_and(|d| (1..=100).contains(&d.chars().count())));
        }
        let description = command["description"].as_str().unwrap_or_default();
        assert!((1..=100).contains(&description.chars().count()), "{english}: {description}");
        let options = command["options"].as_array().cloned().unwrap_or_default();
        assert!(options.len() <= 25);
        for option in &options {
            let name = option["name"].as_str().unwrap_or_default();
            assert!(valid_name(name), "{english} {name}");
            for locale in SPANISH_LOCALES {
                let spanish = option["name_localizations"][locale].as_str().unwrap_or_default();
                assert!(valid_name(spanish), "{english} {name} in {locale}: {spanish}");
            }
            assert!(option["choices"].as_array().map_or(0, Vec::len) <= 25);
        }
    }
    let by_name = |name: &str| registered.iter().find(|c| c["name"] == name).cloned();
    let admin_only = |name: &str| by_name(name).map(|c| c["default_member_permissions"].clone());
    assert_eq!(admin_only("cancel"), Some(json!("16")), "Manage Channels");
    assert_eq!(admin_only("settings"), Some(json!("16")));
    assert_eq!(admin_only("language"), Some(json!("16")), "changing it is for admins too");
    assert_eq!(admin_only("move"), Some(Value::Null));
    let point = by_name("move").map(|c| c["options"][0].clone()).unwrap_or_default();
    assert_eq!(
        (point["name"].clone(), point["autocomplete"].clone()),
        (json!("point"), json!(true))
    );
    let connect5 = by_name("connect5").unwrap_or_default();
    let names: Vec<&str> = connect5["options"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|option| option["name"].as_str())
        .collect();
    assert!(names.contains(&"popout") && !names.contains(&"size"), "{names:?}");
}
