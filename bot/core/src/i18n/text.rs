/// A message to say, before it is put into words: a Fluent id and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// An argument of a [`Text`].
#[derive(Clone, Debug, PartialEq, Eq)]
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
