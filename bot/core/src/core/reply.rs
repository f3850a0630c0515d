//! Which inputs are answered privately, known before the core does the work: Discord fixes
//! whether its answer is ephemeral when it defers, before the core has answered.
//!
//! `true` means every output the input causes is its [`Output::Reply`](super::Output::Reply)
//! (or a private message): a command that is not understood, a press of a forged, disabled or
//! "keep playing" button, the rules. `false` means the answer goes to the chat — unless the
//! core refuses it, and a refusal comes as a reply all the same; an adapter that deferred
//! publicly answers that one privately afterwards (a Discord ephemeral follow-up).

use super::{Action, ChatKind, Command, Input, Payload, command};

impl Input {
    /// Whether the whole answer to this input is private to the one who acted.
    #[must_use]
    pub fn reply_is_private(&self) -> bool {
        match &self.action {
            Action::Command(line) => {
                // Read as if addressed to us: a line for another bot gets no answer at all,
                // so what is said of it does not matter.
                let addressee = line
                    .split_whitespace()
                    .next()
                    .and_then(|head| head.split_once('@'))
                    .map_or("", |(_, bot)| bot);
                match command::parse(line, addressee) {
                    Ok(Some(command)) => command.reply_is_private(self.chat.kind),
                    Ok(None) | Err(_) => true,
                }
            }
            Action::Typed(command) => command.reply_is_private(self.chat.kind),
            Action::Button(payload) => match Payload::decode(payload) {
                None
                | Some(
                    Payload::Inert | Payload::Resign { confirm: false, .. } | Payload::WebBoard(_),
                ) => true,
                Some(_) => false,
            },
            Action::Shortcut(_) | Action::ChatMoved { .. } => false,
        }
    }
}

impl Command {
    /// Whether this command, understood, is answered to its author alone in a chat of `kind`.
    #[must_use]
    pub fn reply_is_private(&self, kind: ChatKind) -> bool {
        match self {
            // The whole document is posted in a private chat: it is a long read, not a reply.
            Command::Rules { game: Some(_), full: true } => kind == ChatKind::Group,
            Command::Rules { .. } | Command::Web(_) => true,
            _ => false,
        }
    }
}
