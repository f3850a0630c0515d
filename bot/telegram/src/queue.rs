//! The order in which one chat's waiting jobs go out: [`ChatQueue`]. It only orders; when the
//! next call may go is [`super::pace`]'s say.

use cincobot_core::core::GameId;

/// What a job is, as far as its place in the queue goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game's board. `on_screen`: a message shows the game's board already, so it is edited
    /// in place; `repost`: post it anew all the same (`/board`: it scrolled away).
    Board { game: GameId, on_screen: bool, repost: bool },
    /// New buttons under a game's board.
    Keyboard { game: GameId },
    /// A new message: a text, a notice, a reply, an invitation.
    Text,
    /// The message that mentions the person to act in a game.
    Mention { game: GameId },
    /// Deleting a message no longer needed: an old mention, a board that was posted anew.
    Cleanup,
}

/// The three classes of job, in the order they go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Tier {
    /// Boards, keyboards and new messages: what tells the chat what happened, in the order it
    /// happened.
    Told,
    Mention,
    Cleanup,
}

#[derive(Debug)]
struct Entry<P> {
    tier: Tier,
    /// Arrival order.
    seq: u64,
    kind: Kind,
    job: P,
}

impl<P> Entry<P> {
    fn board_of(&self, game: GameId) -> bool {
        matches!(self.kind, Kind::Board { game: g, .. } if g == game)
    }

    fn keyboard_of(&self, game: GameId) -> bool {
        matches!(self.kind, Kind::Keyboard { game: g } if g == game)
    }

    fn mention_of(&self, game: GameId) -> bool {
        matches!(self.kind, Kind::Mention { game: g } if g == game)
    }

    /// Whether it posts a new message, which counts towards a group's new messages a minute
    /// (an edit and a deletion do not).
    fn posts(&self) -> bool {
        match self.kind {
            Kind::Board { on_screen, repost, .. } => !on_screen || repost,
            Kind::Keyboard { .. } | Kind::Cleanup => false,
            Kind::Text | Kind::Mention { .. } => true,
        }
    }
}

/// One chat's waiting jobs, `P` each, handed out in this order:
///
/// 1. **What happened, in the order it happened.** Boards (edited in place or posted), new
///    buttons under a board, and new messages (texts, notices, replies, invitations) go in the
///    order they came: a message that tells an event — an auction's result, an Embargo —
///    reaches the chat before any board that shows what came after it. A board edit used to
///    overtake every waiting message, and under a steady stream of moves a result reached a
///    group tens of seconds after the bids that followed it.
/// 2. **Then mentions.** A turn mention answers a board already shown; it goes when nothing
///    above waits.
/// 3. **Cleanup in quiet moments.** Deleting an old mention or a replaced board goes only when
///    nothing above waits, or while new messages are held back by the group's minute cap
///    (see [`ChatQueue::pop`]).
/// 4. **The newest board wins, in its own place.** At most one board of a game waits: a newer
///    one drops the waiting one and queues where it arrives (a repost stays a repost), so a
///    chat under a stream of moves gets its newest board at its pace, an older board never
///    goes out after a newer one, and a board never goes ahead of a message that came before
///    it. A newer board also drops its game's waiting keyboards: they were for an older
///    position.
/// 5. **The newest mention wins.** A waiting mention of a game is dropped for a newer one of
///    that game (the mention already posted is the caller's to delete once the newer one is
///    out, so none is left behind).
/// 6. **A keyboard follows its board.** A newer keyboard of the game drops the waiting one.
#[derive(Debug)]
pub struct ChatQueue<P> {
    entries: Vec<Entry<P>>,
    next_seq: u64,
}

impl<P> Default for ChatQueue<P> {
    fn default() -> ChatQueue<P> {
        ChatQueue { entries: Vec::new(), next_seq: 0 }
    }
}

impl<P> ChatQueue<P> {
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Queues `job`; the jobs it makes needless (rules 4–6) come back.
    pub fn push(&mut self, kind: Kind, job: P) -> Vec<P> {
        let mut dropped = Vec::new();
        let (kind, tier) = match kind {
            Kind::Board { game, on_screen, repost } => {
                dropped.extend(self.remove_where(|entry| entry.keyboard_of(game)));
                let was_repost = self
                    .entries
                    .iter()
                    .any(|entry| matches!(entry.kind, Kind::Board { game: g, repost: true, .. } if g == game));
                dropped.extend(self.remove_where(|entry| entry.board_of(game)));
                (Kind::Board { game, on_screen, repost: repost || was_repost }, Tier::Told)
            }
            Kind::Keyboard { game } => {
                dropped.extend(self.remove_where(|entry| entry.keyboard_of(game)));
                (kind, Tier::Told)
            }
            Kind::Text => (kind, Tier::Told),
            Kind::Mention { game } => {
                dropped.extend(self.remove_where(|entry| entry.mention_of(game)));
                (kind, Tier::Mention)
            }
            Kind::Cleanup => (kind, Tier::Cleanup),
        };
        let seq = self.next_seq;
        self.next_seq += 1;
        self.entries.push(Entry { tier, seq, kind, job });
        dropped
    }

    /// Drops the waiting mention of `game` (its game needs none any more).
    pub fn cancel_mention(&mut self, game: GameId) -> Option<P> {
        self.remove_where(|entry| entry.mention_of(game)).pop()
    }

    /// Whether the job [`ChatQueue::pop`] would hand out posts a new message; `None` when
    /// nothing may go. `posts_allowed`: as for `pop`.
    #[must_use]
    pub fn next_posts(&self, posts_allowed: bool) -> Option<bool> {
        self.next(posts_allowed).map(|index| self.entries[index].posts())
    }

    /// The next job and its kind (for a board, `repost` says whether any board it replaced
    /// was one). `posts_allowed`: false while the group's minute cap holds new messages back;
    /// then only what comes before the first new message waiting goes (edits need no room
    /// under the cap, but may not overtake a message), and cleanups.
    pub fn pop(&mut self, posts_allowed: bool) -> Option<(Kind, P)> {
        let index = self.next(posts_allowed)?;
        let entry = self.entries.remove(index);
        Some((entry.kind, entry.job))
    }

    fn next(&self, posts_allowed: bool) -> Option<usize> {
        let in_order = |(_, entry): &(usize, &Entry<P>)| (entry.tier, entry.seq);
        let first = self.entries.iter().enumerate().min_by_key(in_order)?;
        if posts_allowed || !first.1.posts() {
            return Some(first.0);
        }
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, entry)| entry.tier == Tier::Cleanup)
            .min_by_key(in_order)
            .map(|(index, _)| index)
    }

    fn remove_where(&mut self, matches: impl Fn(&Entry<P>) -> bool) -> Vec<P> {
        let mut removed = Vec::new();
        let mut index = 0;
        while index < self.entries.len() {
            if matches(&self.entries[index]) {
                removed.push(self.entries.remove(index).job);
            } else {
                index += 1;
            }
        }
        removed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: GameId = GameId(1);
    const TWO: GameId = GameId(2);

    fn edit(game: GameId) -> Kind {
        Kind::Board { game, on_screen: true, repost: false }
    }

    fn first_board(game: GameId) -> Kind {
        Kind::Board { game, on_screen: false, repost: false }
    }

    fn repost(game: GameId) -> Kind {
        Kind::Board { game, on_screen: true, repost: true }
    }

    fn mention(game: GameId) -> Kind {
        Kind::Mention { game }
    }

    fn queued(jobs: &[(Kind, &'static str)]) -> (ChatQueue<&'static str>, Vec<&'static str>) {
        let mut queue = ChatQueue::default();
        let mut dropped = Vec::new();
        for &(kind, job) in jobs {
            dropped.extend(queue.push(kind, job));
        }
        (queue, dropped)
    }

    fn drain(queue: &mut ChatQueue<&'static str>) -> Vec<&'static str> {
        std::iter::from_fn(|| queue.pop(true).map(|(_, job)| job)).collect()
    }

    #[test]
    fn a_board_edit_waits_its_turn_among_messages_and_goes_before_mentions_and_cleanup() {
        let (mut queue, dropped) = queued(&[
            (mention(ONE), "mention 1"),
            (Kind::Cleanup, "delete old mention"),
            (Kind::Text, "text"),
            (edit(ONE), "board 2"),
        ]);
        assert!(dropped.is_empty());
        assert_eq!(drain(&mut queue), ["text", "board 2", "mention 1", "delete old mention"]);
    }

    /// Three people acting once a second keep the table changing: an auction's result still
    /// goes before every later table, which is coalesced into the newest.
    #[test]
    fn a_result_is_never_overtaken_by_a_later_table() {
        let (mut queue, dropped) = queued(&[
            (edit(ONE), "table: auction 1 bids in"),
            (Kind::Text, "auction 1 result"),
            (edit(ONE), "table: a card played"),
            (edit(ONE), "table: auction 2 opened"),
            (Kind::Text, "auction 2 result"),
            (edit(ONE), "table: a card played after auction 2"),
        ]);
        assert_eq!(
            dropped,
            ["table: auction 1 bids in", "table: a card played", "table: auction 2 opened"]
        );
        assert_eq!(
            drain(&mut queue),
            ["auction 1 result", "auction 2 result", "table: a card played after auction 2"]
        );
    }

    #[test]
    fn new_messages_keep_their_order_and_a_first_board_stays_behind_its_answer() {
        let (mut queue, _) = queued(&[
            (Kind::Text, "challenge accepted"),
            (first_board(ONE), "board of 1"),
            (Kind::Text, "first line"),
            (Kind::Text, "second line"),
            (edit(TWO), "board of 2"),
        ]);
        assert_eq!(
            drain(&mut queue),
            ["challenge accepted", "board of 1", "first line", "second line", "board of 2"]
        );
    }

    #[test]
    fn a_newer_board_replaces_a_waiting_one_where_it_arrives() {
        let (mut queue, dropped) = queued(&[
            (Kind::Text, "text"),
            (first_board(ONE), "ply 0"),
            (Kind::Text, "after"),
            (first_board(ONE), "ply 1"),
            (edit(TWO), "two: ply 4"),
            (edit(TWO), "two: ply 5"),
        ]);
        assert_eq!(dropped, ["ply 0", "two: ply 4"]);
        assert_eq!(drain(&mut queue), ["text", "after", "ply 1", "two: ply 5"]);
    }

    #[test]
    fn a_repost_stays_a_repost_when_an_edit_replaces_it() {
        let (mut queue, dropped) = queued(&[(repost(ONE), "repost ply 3"), (edit(ONE), "ply 4")]);
        assert_eq!(dropped, ["repost ply 3"]);
        assert_eq!(
            queue.pop(true),
            Some((Kind::Board { game: ONE, on_screen: true, repost: true }, "ply 4"))
        );
    }

    #[test]
    fn a_repost_drops_a_waiting_edit_and_waits_among_the_new_messages() {
        let (mut queue, dropped) =
            queued(&[(edit(ONE), "edit ply 3"), (Kind::Text, "text"), (repost(ONE), "repost")]);
        assert_eq!(dropped, ["edit ply 3"]);
        assert_eq!(drain(&mut queue), ["text", "repost"]);
    }

    #[test]
    fn the_newest_mention_of_a_game_wins() {
        let (mut queue, dropped) = queued(&[
            (mention(ONE), "one: ana"),
            (mention(TWO), "two: carla"),
            (mention(ONE), "one: bruno"),
        ]);
        assert_eq!(dropped, ["one: ana"]);
        assert_eq!(drain(&mut queue), ["two: carla", "one: bruno"]);
        let (mut queue, _) = queued(&[(mention(ONE), "one"), (mention(TWO), "two")]);
        assert_eq!(queue.cancel_mention(ONE), Some("one"));
        assert_eq!(queue.cancel_mention(ONE), None);
        assert_eq!(drain(&mut queue), ["two"]);
    }

    #[test]
    fn keyboards_follow_their_board_and_a_newer_board_drops_them() {
        let keyboard = Kind::Keyboard { game: ONE };
        let (mut queue, dropped) =
            queued(&[(Kind::Text, "text"), (first_board(ONE), "board"), (keyboard, "keys")]);
        assert!(dropped.is_empty());
        assert_eq!(drain(&mut queue), ["text", "board", "keys"]);
        let (mut queue, dropped) =
            queued(&[(keyboard, "old keys"), (keyboard, "keys"), (edit(ONE), "board")]);
        assert_eq!(dropped, ["old keys", "keys"]);
        assert_eq!(drain(&mut queue), ["board"]);
        let (mut queue, dropped) = queued(&[(edit(ONE), "board"), (keyboard, "new keys")]);
        assert!(dropped.is_empty());
        assert_eq!(drain(&mut queue), ["board", "new keys"]);
    }

    #[test]
    fn while_posts_are_capped_cleanup_goes_and_edits_go_until_a_message_waits() {
        let (mut queue, _) = queued(&[
            (edit(ONE), "edit before"),
            (Kind::Text, "text"),
            (mention(ONE), "mention"),
            (Kind::Cleanup, "delete"),
            (edit(TWO), "edit after"),
        ]);
        assert_eq!(queue.next_posts(false), Some(false));
        assert_eq!(queue.pop(false).map(|(_, job)| job), Some("edit before"));
        assert_eq!(queue.pop(false).map(|(_, job)| job), Some("delete"));
        assert_eq!(queue.next_posts(false), None);
        assert_eq!(queue.pop(false), None, "the edit after the text may not overtake it");
        assert_eq!(queue.next_posts(true), Some(true));
        assert_eq!(drain(&mut queue), ["text", "edit after", "mention"]);
    }

    /// A deterministic stream of pushes and pops, the seed choosing which.
    fn scramble(seed: u64) -> Vec<Option<(Kind, (u8, usize))>> {
        let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let mut next = move |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        let mut plies = [0usize; 3];
        (0..200)
            .map(|_| {
                let game = usize::try_from(next(3)).unwrap_or(0);
                let id = GameId(i64::try_from(game).unwrap_or(0));
                let kind = match next(8) {
                    0 => return None,
                    1 => Kind::Text,
                    2 => Kind::Cleanup,
                    3 => mention(id),
                    4 => Kind::Keyboard { game: id },
                    5 => repost(id),
                    6 => first_board(id),
                    _ => edit(id),
                };
                plies[game] += 1;
                Some((kind, (u8::try_from(game).unwrap_or(0), plies[game])))
            })
            .collect()
    }

    #[test]
    fn no_board_goes_out_after_a_newer_one_or_ahead_of_an_older_text_and_nothing_is_lost() {
        for seed in 0..500 {
            let mut queue = ChatQueue::default();
            // Each job's place in the order of pushes, and the texts pushed but not yet out.
            let mut arrival = std::collections::HashMap::new();
            let mut texts_waiting = std::collections::BTreeSet::new();
            let mut pushed = 0;
            let mut accounted = 0;
            let mut texts_out = Vec::new();
            let mut texts_in = Vec::new();
            let (mut boards_in, mut mentions_in) = ([0usize; 3], [0usize; 3]);
            let (mut shown, mut told) = ([0usize; 3], [0usize; 3]);
            let mut handle =
                |kind: Kind,
                 (game, ply): (u8, usize),
                 arrival: &std::collections::HashMap<(u8, usize), usize>,
                 texts_waiting: &mut std::collections::BTreeSet<usize>| {
                    let at = arrival[&(game, ply)];
                    if let Kind::Board { .. } = kind {
                        let last = &mut shown[usize::from(game)];
                        assert!(ply > *last, "seed {seed}: board {ply} of {game} after {last}");
                        *last = ply;
                        let older = texts_waiting.range(..at).next();
                        assert!(
                            older.is_none(),
                            "seed {seed}: a board went ahead of text {older:?}"
                        );
                    }
                    if kind == Kind::Text {
                        texts_waiting.remove(&at);
                    }
                    if let Kind::Mention { .. } = kind {
                        told[usize::from(game)] = ply;
                    }
                    if kind == Kind::Text {
                        texts_out.push(ply);
                    }
                };
            for step in scramble(seed) {
                match step {
                    Some((kind, job)) => {
                        arrival.insert(job, pushed);
                        if kind == Kind::Text {
                            texts_waiting.insert(pushed);
                        }
                        pushed += 1;
                        match kind {
                            Kind::Text => texts_in.push(job.1),
                            Kind::Board { .. } => boards_in[usize::from(job.0)] = job.1,
                            Kind::Mention { .. } => mentions_in[usize::from(job.0)] = job.1,
                            _ => {}
                        }
                        accounted += queue.push(kind, job).len();
                    }
                    None => {
                        if let Some((kind, job)) = queue.pop(seed % 2 == 0) {
                            accounted += 1;
                            handle(kind, job, &arrival, &mut texts_waiting);
                        }
                    }
                }
            }
            while let Some((kind, job)) = queue.pop(true) {
                accounted += 1;
                handle(kind, job, &arrival, &mut texts_waiting);
            }
            assert_eq!(accounted, pushed, "seed {seed}: every job is either done or dropped");
            assert_eq!(texts_out, texts_in, "seed {seed}: texts are never dropped or reordered");
            assert_eq!(shown, boards_in, "seed {seed}: every game's newest board goes out");
            assert_eq!(told, mentions_in, "seed {seed}: every game's newest mention goes out");
        }
    }
}
