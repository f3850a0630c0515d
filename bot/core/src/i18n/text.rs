use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::known;

/// A message to say, before it is put into words: a Fluent id and its arguments.
///
/// In JSON (`core::wire`), `{"id":"status-turn","args":{"name":{"plain":"Ana"}}}`, the
/// arguments in their order. Only a message id of this build's Fluent files reads back
/// (another is an error), and argument names as `i18n::known` allows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Text {
    pub id: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "write_arguments")]
    pub args: Vec<(&'static str, Arg)>,
}

/// An argument of a [`Text`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arg {
    /// Words that are not translated: a name, a move, a number written as text.
    Plain(String),
    Number(i64),
    /// Another message, put into words in the same language first (a game's name, a colour).
    Text(Text),
}

impl Text {
    #[must_use]
    pub fn new(id: &'static str) -> Text {
        Text { id, args: Vec::new() }
    }

    /// The same text with one more argument.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Text {
        self.args.push((name, value.into()));
        self
    }

    /// The argument `name`, if given.
    #[must_use]
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(key, _)| *key == name).map(|(_, value)| value)
    }
}

impl From<String> for Arg {
    fn from(value: String) -> Arg {
        Arg::Plain(value)
    }
}

impl From<&str> for Arg {
    fn from(value: &str) -> Arg {
        Arg::Plain(value.to_owned())
    }
}

impl From<i64> for Arg {
    fn from(value: i64) -> Arg {
        Arg::Number(value)
    }
}

impl From<u32> for Arg {
    fn from(value: u32) -> Arg {
        Arg::Number(i64::from(value))
    }
}

impl From<usize> for Arg {
    fn from(value: usize) -> Arg {
        Arg::Number(i64::try_from(value).unwrap_or(i64::MAX))
    }
}

impl From<Text> for Arg {
    fn from(value: Text) -> Arg {
        Arg::Text(value)
    }
}

// Written by hand only to check the id: derived, a `&'static str` field would make serde
// borrow it from the input, which then would have to live forever.
impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
        /// A text as written, its id not yet checked against this build's messages.
        #[derive(Deserialize)]
        struct Written {
            id: String,
            #[serde(default, deserialize_with = "read_arguments")]
            args: Vec<(&'static str, Arg)>,
        }
        let Written { id, args } = Written::deserialize(deserializer)?;
        let Some(id) = known::message_id(&id) else {
            return Err(de::Error::custom(format_args!(
                "unknown message id `{id}` (from a newer build?)"
            )));
        };
        Ok(Text { id, args })
    }
}

/// The arguments as one JSON object, in their order.
fn write_arguments<S: Serializer>(
    args: &[(&'static str, Arg)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(args.iter().map(|(name, value)| (*name, value)))
}

fn read_arguments<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<(&'static str, Arg)>, D::Error> {
    deserializer.deserialize_map(ArgumentsVisitor)
}

/// Reads the arguments' object into a list, keeping their order.
struct ArgumentsVisitor;

impl<'de> Visitor<'de> for ArgumentsVisitor {
    type Value = Vec<(&'static str, Arg)>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a message's arguments by name")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut args = Vec::new();
        while let Some(name) = map.next_key::<String>()? {
            let Some(name) = known::argument_name(&name) else {
                return Err(de::Error::custom(format_args!(
                    "argument name `{name}` refused: too long, or too many unknown names"
                )));
            };
            args.push((name, map.next_value()?));
        }
        Ok(args)
    }
}
