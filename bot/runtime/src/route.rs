//! Which chat each output goes to: the desk hands every output to its platform's outlet, and
//! the adapter puts it in the lane (the queue) of the chat it names — or, for a private
//! message, of the chat the adapter delivers that user's private messages from. Only how a
//! platform spells a chat and a user is the adapter's.

use cincobot_core::core::{Chat, Output, Platform};

/// Where an output is addressed.
#[derive(Clone, Copy, Debug)]
pub enum Destination<'a> {
    /// A chat: a group, a channel, a private chat.
    Chat(&'a Chat),
    /// A private message to this user (their platform id).
    Private(&'a str),
}

/// The platform `output` is for.
#[must_use]
pub fn platform(output: &Output) -> Platform {
    match output {
        Output::Send { chat, .. }
        | Output::Board { chat, .. }
        | Output::Keyboard { chat, .. }
        | Output::Reply { chat, .. }
        | Output::File { chat, .. } => chat.platform,
        Output::Direct { platform, .. } => *platform,
    }
}

/// Where `output` goes, if it is for `platform`.
#[must_use]
pub fn destination(output: &Output, platform: Platform) -> Option<Destination<'_>> {
    match output {
        Output::Send { chat, .. }
        | Output::Board { chat, .. }
        | Output::Keyboard { chat, .. }
        | Output::Reply { chat, .. }
        | Output::File { chat, .. } => {
            (chat.platform == platform).then_some(Destination::Chat(chat))
        }
        Output::Direct { platform: to, user, .. } => {
            (*to == platform).then_some(Destination::Private(user.as_str()))
        }
    }
}

/// Hands each of `outputs` for `platform` to `deliver` with its lane (`lane` names it), in the
/// core's order; those with no lane (another platform's, an id the platform cannot have) come
/// back, for the adapter to log its way.
#[must_use]
pub fn route<L>(
    platform: Platform,
    outputs: Vec<Output>,
    lane: impl Fn(Destination<'_>) -> Option<L>,
    mut deliver: impl FnMut(L, Output),
) -> Vec<Output> {
    let mut lost = Vec::new();
    for output in outputs {
        match destination(&output, platform).and_then(&lane) {
            Some(to) => deliver(to, output),
            None => lost.push(output),
        }
    }
    lost
}

#[cfg(test)]
mod tests {
    use super::*;
    use cincobot_core::core::{ChatKind, Message};
    use cincobot_core::i18n::Locale;

    fn send(platform: Platform, id: &str) -> Output {
        let chat = Chat { platform, id: id.to_owned(), kind: ChatKind::Group };
        Output::Send { chat, message: Message::text(Locale::En, Vec::new()) }
    }

    #[test]
    fn each_output_reaches_its_chats_lane_in_order_and_another_platforms_none() {
        let outputs = vec![
            send(Platform::Telegram, "-5"),
            send(Platform::Discord, "9"),
            send(Platform::Telegram, "x"),
            send(Platform::Telegram, "-6"),
        ];
        let mut lanes = Vec::new();
        let lost = route(
            Platform::Telegram,
            outputs,
            |to| match to {
                Destination::Chat(chat) => chat.id.parse::<i64>().ok(),
                Destination::Private(_) => None,
            },
            |lane, output| lanes.push((lane, platform(&output))),
        );
        assert_eq!(lanes, [(-5, Platform::Telegram), (-6, Platform::Telegram)]);
        let lost: Vec<(Platform, String)> = lost
            .iter()
            .filter_map(|output| match output {
                Output::Send { chat, .. } => Some((chat.platform, chat.id.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(
            lost,
            [(Platform::Discord, "9".to_owned()), (Platform::Telegram, "x".to_owned())]
        );
    }
}
