//! Several processes on one PostgreSQL database (`cincobot::store::Cluster`): leases won by
//! one of two claimers, taken over when run out or released, their epochs, renewal, write
//! fencing; the shard total the processes agree on; the inbox's events posted once and read
//! in order; notifications heard, and a listener whose connection is killed coming back and
//! saying so. Each "process" is a store of its own (its own pool) on the same database.
//! Skipped without a PostgreSQL server (`store::scratch`), apart from SQLite's refusal.

use std::sync::Arc;
use std::time::{Duration, Instant};

use cincobot::store::{
    ANSWER_CHANNEL, Cluster, Heard, Holder, INBOX_CHANNEL, LEASES_CHANNEL, LISTENER_NAME,
    LONGEST_NEWS, Lease, LeaseKind, Listener, NEWS_CHANNEL, ShardPlan, Store, StoreError, Swept,
    Told, scratch,
};
use sqlx::Connection as _;

/// A time to live that runs out within a test, yet long enough for the statements in between.
const SHORT: Duration = Duration::from_millis(300);

/// A time to live no test outlasts.
const LONG: Duration = Duration::from_secs(60);

/// How long a test waits for what must happen before it gives up: a failure, not a
/// measure of speed.
const PATIENCE: Duration = Duration::from_secs(10);

/// Two processes on a fresh database, and its URL; `None` without a server.
async fn two_processes() -> Option<(String, Cluster, Cluster)> {
    let url = scratch::postgres().await?;
    let mut clusters = Vec::new();
    for name in ["alpha", "beta"] {
        let store = Store::connect(&url, 3).await.expect("the database opens");
        clusters.push(store.cluster(name).await.expect("joins"));
    }
    let beta = clusters.pop().expect("beta");
    let alpha = clusters.pop().expect("alpha");
    Some((url, alpha, beta))
}

/// Claims `(kind, key)` for `claimer` again and again until it has run out for its holder.
async fn claimed_once_run_out(
    claimer: &Cluster,
    kind: LeaseKind,
    key: i32,
    ttl: Duration,
) -> Lease {
    let started = Instant::now();
    loop {
        if let Some(lease) = claimer.claim(kind, key, ttl).await.expect("claims") {
            return lease;
        }
        assert!(started.elapsed() < PATIENCE, "{kind:?} {key} never ran out");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until the database says `(kind, key)` has run out.
async fn run_out(reader: &Cluster, kind: LeaseKind, key: i32) {
    let started = Instant::now();
    loop {
        let holders = reader.holders(kind).await.expect("reads");
        if holders.iter().any(|holder| holder.key == key && holder.expired) {
            return;
        }
        assert!(started.elapsed() < PATIENCE, "{kind:?} {key} never ran out: {holders:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The next thing `listener` hears.
async fn heard(listener: &mut Listener) -> Heard {
    tokio::time::timeout(PATIENCE, listener.next())
        .await
        .expect("something is heard")
        .expect("the listener works")
}

fn notification(channel: &str, payload: &str) -> Heard {
    Heard::Notification { channel: channel.to_owned(), payload: payload.to_owned() }
}

#[tokio::test]
async fn several_processes_need_postgres() {
    let store = Store::open("sqlite::memory:").await.expect("opens");
    let refused = store.cluster("alpha").await;
    assert!(matches!(refused, Err(StoreError::SeveralProcessesNeedPostgres)), "{refused:?}");
    let refused = store.listen(&[INBOX_CHANNEL]).await;
    assert!(matches!(refused, Err(StoreError::SeveralProcessesNeedPostgres)), "{refused:?}");
    let said = StoreError::SeveralProcessesNeedPostgres.to_string();
    assert!(said.contains("need PostgreSQL") && said.contains("SQLite"), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_processes_claiming_a_lease_at_once_one_wins() {
    let Some((_, alpha, beta)) = two_processes().await else {
        return;
    };
    for key in 0..50 {
        let ready = Arc::new(tokio::sync::Barrier::new(2));
        let claimers: Vec<_> = [&alpha, &beta]
            .into_iter()
            .map(|cluster| {
                let (cluster, ready) = (cluster.clone(), ready.clone());
                tokio::spawn(async move {
                    ready.wait().await;
                    cluster.claim(LeaseKind::Slot, key, LONG).await.expect("claims")
                })
            })
            .collect();
        let mut won = Vec::new();
        for (claimer, process) in claimers.into_iter().zip([alpha.process(), beta.process()]) {
            if let Some(lease) = claimer.await.expect("the claimer finishes") {
                won.push((process, lease.epoch));
            }
        }
        assert_eq!(won.len(), 1, "slot {key}: {won:?}");
        let holders = alpha.holders(LeaseKind::Slot).await.expect("reads");
        let holder = Holder { key, owner: won[0].0, epoch: 1, expired: false };
        assert_eq!(holders.last(), Some(&holder));
        assert_eq!(won[0].1, 1, "a first tenure");
    }
    assert!(alpha.holders(LeaseKind::Shard).await.expect("reads").is_empty(), "kinds apart");
}

#[tokio::test]
async fn a_lease_run_out_goes_to_another_in_a_new_epoch_after_its_holder_stopped() {
    let Some((_, alpha, beta)) = two_processes().await else {
        return;
    };
    let first = alpha.claim(LeaseKind::Slot, 7, LONG).await.expect("claims").expect("free");
    assert_eq!(first.epoch, 1);
    assert_eq!(beta.claim(LeaseKind::Slot, 7, LONG).await.expect("claims"), None, "held");
    // Claimed again by its holder: the same tenure, now for a short time.
    let again = alpha.claim(LeaseKind::Slot, 7, SHORT).await.expect("claims").expect("its own");
    assert_eq!(again.epoch, 1);
    assert!(again.valid_until < first.valid_until);

    let taken = claimed_once_run_out(&beta, LeaseKind::Slot, 7, LONG).await;
    assert_eq!(taken.epoch, 2, "a new tenure");
    // By the time the database let another take it, the holder's own clock had stopped it.
    assert!(!again.is_valid(Instant::now()), "the old holder still thinks it may act");
    assert!(taken.is_valid(Instant::now()));
    let holders = alpha.holders(LeaseKind::Slot).await.expect("reads");
    assert_eq!(holders, [Holder { key: 7, owner: beta.process(), epoch: 2, expired: false }]);
    assert_eq!(alpha.claim(LeaseKind::Slot, 7, LONG).await.expect("claims"), None);

    // Its holder's own lease run out and taken back by it: a new tenure too.
    beta.claim(LeaseKind::Slot, 7, SHORT).await.expect("claims").expect("its own");
    run_out(&beta, LeaseKind::Slot, 7).await;
    let back = beta.claim(LeaseKind::Slot, 7, LONG).await.expect("claims").expect("run out");
    assert_eq!(back.epoch, 3);
}

#[tokio::test]
async fn only_leases_still_held_are_renewed() {
    let Some((_, alpha, beta)) = two_processes().await else {
        return;
    };
    let kept = alpha.claim(LeaseKind::Shard, 1, LONG).await.expect("claims").expect("free");
    alpha.claim(LeaseKind::Shard, 2, SHORT).await.expect("claims").expect("free");
    let taken = claimed_once_run_out(&beta, LeaseKind::Shard, 2, LONG).await;
    assert_eq!(taken.epoch, 2);

    let renewed = alpha.renew(LeaseKind::Shard, &[1, 2, 3], LONG).await.expect("renews");
    assert_eq!(renewed.len(), 1, "only shard 1 is still alpha's: {renewed:?}");
    assert_eq!((renewed[0].key, renewed[0].epoch), (1, kept.epoch));
    assert!(renewed[0].valid_until > kept.valid_until);
    assert_eq!(beta.claim(LeaseKind::Shard, 1, LONG).await.expect("claims"), None);
    // Renewing another kind's key of the same number renews nothing.
    assert!(alpha.renew(LeaseKind::Slot, &[1], LONG).await.expect("renews").is_empty());

    // A lease run out is not renewed, even when nobody took it meanwhile.
    alpha.claim(LeaseKind::Shard, 4, SHORT).await.expect("claims").expect("free");
    run_out(&alpha, LeaseKind::Shard, 4).await;
    assert!(alpha.renew(LeaseKind::Shard, &[4], LONG).await.expect("renews").is_empty());
    let holders = alpha.holders(LeaseKind::Shard).await.expect("reads");
    let expired: Vec<i32> =
        holders.iter().filter(|holder| holder.expired).map(|holder| holder.key).collect();
    assert_eq!(expired, [4], "{holders:?}");
}

#[tokio::test]
async fn a_released_lease_is_taken_at_once() {
    let Some((_, alpha, beta)) = two_processes().await else {
        return;
    };
    alpha.claim(LeaseKind::TelegramPoll, 0, LONG).await.expect("claims").expect("free");
    assert_eq!(beta.claim(LeaseKind::TelegramPoll, 0, LONG).await.expect("claims"), None);
    assert_eq!(beta.release(LeaseKind::TelegramPoll, &[0]).await.expect("releases"), 0, "not its");
    assert_eq!(alpha.release(LeaseKind::TelegramPoll, &[0]).await.expect("releases"), 1);
    let taken = beta.claim(LeaseKind::TelegramPoll, 0, LONG).await.expect("claims");
    assert_eq!(taken.map(|lease| lease.epoch), Some(2));
    assert_eq!(alpha.claim(LeaseKind::TelegramPoll, 0, LONG).await.expect("claims"), None);
}

#[tokio::test]
async fn a_process_that_leaves_hands_its_leases_over() {
    let Some((_, alpha, beta)) = two_processes().await else {
        return;
    };
    let live = alpha.live_processes(LONG).await.expect("reads");
    let names = [(alpha.process(), "alpha".to_owned()), (beta.process(), "beta".to_owned())];
    assert_eq!(live, names);
    assert!(alpha.heartbeat().await.expect("beats"));
    alpha.claim(LeaseKind::Slot, 3, LONG).await.expect("claims").expect("free");
    let (alpha_id, beta_id) = (alpha.process(), beta.process());
    alpha.leave().await.expect("leaves");
    assert_eq!(beta.live_processes(LONG).await.expect("reads"), [(beta_id, "beta".to_owned())]);
    let taken = beta.claim(LeaseKind::Slot, 3, LONG).await.expect("claims").expect("handed over");
    assert_eq!(taken.epoch, 2);
    assert_ne!(alpha_id, beta_id);
}

#[tokio::test]
async fn the_oldest_process_s_shard_total_is_everyones_until_it_leaves() {
    let Some((_, alpha, beta)) = two_processes().await else {
        return;
    };
    assert_eq!(alpha.shard_plan(LONG).await.expect("reads"), None, "no process opens shards");
    beta.want_shards(Some(4)).await.expect("says");
    assert_eq!(
        alpha.shard_plan(LONG).await.expect("reads"),
        Some(ShardPlan { total: 4, processes: 1 })
    );
    // Alpha joined first: its total wins, whoever said theirs first.
    alpha.want_shards(Some(2)).await.expect("says");
    let both = Some(ShardPlan { total: 2, processes: 2 });
    assert_eq!(beta.shard_plan(LONG).await.expect("reads"), both);
    alpha.leave().await.expect("leaves");
    assert_eq!(
        beta.shard_plan(LONG).await.expect("reads"),
        Some(ShardPlan { total: 4, processes: 1 }),
        "a rolling restart switches to the new total when the last old process goes"
    );
    beta.want_shards(None).await.expect("says");
    assert_eq!(beta.shard_plan(LONG).await.expect("reads"), None);
}

#[tokio::test]
async fn a_change_made_after_the_lease_moved_is_refused() {
    let Some((url, alpha, beta)) = two_processes().await else {
        return;
    };
    let store = Store::connect(&url, 2).await.expect("opens");
    let lease = alpha.claim(LeaseKind::Slot, 5, LONG).await.expect("claims").expect("free");
    let mut change = store.change(None, 1).await.expect("opens");
    assert!(alpha.holds(&mut change, &lease).await.expect("checks"));
    change.commit().await.expect("commits");

    // A change begun while the lease was alpha's, checked once it has run out, and again once
    // beta took it.
    let mut late = store.change(None, 1).await.expect("opens");
    alpha.claim(LeaseKind::Slot, 5, SHORT).await.expect("claims").expect("its own");
    run_out(&beta, LeaseKind::Slot, 5).await;
    assert!(!alpha.holds(&mut late, &lease).await.expect("checks"), "run out");
    let taken = claimed_once_run_out(&beta, LeaseKind::Slot, 5, LONG).await;
    assert!(!alpha.holds(&mut late, &lease).await.expect("checks"), "the lease moved");
    drop(late);
    // The new holder's changes pass; a lease of another epoch or key does not.
    let mut change = store.change(None, 1).await.expect("opens");
    assert!(beta.holds(&mut change, &taken).await.expect("checks"));
    assert!(!beta.holds(&mut change, &Lease { epoch: 1, ..taken }).await.expect("checks"));
    assert!(!beta.holds(&mut change, &Lease { key: 6, ..taken }).await.expect("checks"));
    assert!(!alpha.holds(&mut change, &taken).await.expect("checks"), "not alpha's");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lease_checked_in_a_change_cannot_move_before_the_change_ends() {
    let Some((url, alpha, beta)) = two_processes().await else {
        return;
    };
    let store = Store::connect(&url, 2).await.expect("opens");
    // A short lease, checked in a change before it runs out: tried again in the rare case
    // that the machine was too slow for that.
    let mut checked = None;
    for _ in 0..5 {
        let lease = alpha.claim(LeaseKind::Slot, 8, SHORT).await.expect("claims").expect("ours");
        let mut change = store.change(None, 1).await.expect("opens");
        if alpha.holds(&mut change, &lease).await.expect("checks") {
            checked = Some((lease, change));
            break;
        }
    }
    let (lease, change) = checked.expect("a lease checked within its time to live");
    // The lease runs out while the change is open (alpha's own clock would stop it, but this
    // change was checked already): beta's claim waits for the change to end.
    tokio::time::sleep(SHORT * 2).await;
    let claim = tokio::spawn(async move { beta.claim(LeaseKind::Slot, 8, LONG).await });
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!claim.is_finished(), "the claim went through a checked change");
    change.commit().await.expect("commits");
    let taken = tokio::time::timeout(PATIENCE, claim).await.expect("the claim ends");
    let taken = taken.expect("the claimer finishes").expect("claims").expect("run out");
    assert_eq!(taken.epoch, lease.epoch + 1);
    let mut change = store.change(None, 1).await.expect("opens");
    assert!(!alpha.holds(&mut change, &lease).await.expect("checks"));
}

#[tokio::test]
async fn an_event_is_posted_once_and_a_chats_inputs_come_in_order() {
    let Some((_, alpha, beta)) = two_processes().await else {
        return;
    };
    assert!(alpha.post(5, "telegram:1", "first").await.expect("posts"));
    assert!(!beta.post(5, "telegram:1", "first, delivered again").await.expect("posts"));
    assert!(beta.post(5, "telegram:2", "second").await.expect("posts"));
    assert!(alpha.post(7, "discord:3", "elsewhere").await.expect("posts"));
    assert!(alpha.post(5, "telegram:4", "third").await.expect("posts"));

    let slot_five = beta.pending(&[5], 0, 100).await.expect("reads");
    let bodies: Vec<&str> = slot_five.iter().map(|item| item.body.as_str()).collect();
    assert_eq!(bodies, ["first", "second", "third"]);
    assert!(slot_five.iter().all(|item| item.slot == 5));
    let both = beta.pending(&[5, 7], 0, 100).await.expect("reads");
    let events: Vec<&str> = both.iter().map(|item| item.event.as_str()).collect();
    assert_eq!(events, ["telegram:1", "telegram:2", "discord:3", "telegram:4"]);
    assert!(both.windows(2).all(|pair| pair[0].id < pair[1].id));
    let page = beta.pending(&[5, 7], both[1].id, 1).await.expect("reads");
    assert_eq!(page, [both[2].clone()]);
    assert!(beta.pending(&[6], 0, 100).await.expect("reads").is_empty());

    let handled = [slot_five[0].id, slot_five[1].id];
    assert_eq!(beta.ack(&handled).await.expect("acks"), 2);
    assert_eq!(beta.ack(&handled).await.expect("acks"), 0, "handled already");
    let left = beta.pending(&[5], 0, 100).await.expect("reads");
    assert_eq!(left, [slot_five[2].clone()]);
    // Handled, the event is still known: delivered again, it is not posted again.
    assert!(!alpha.post(5, "telegram:1", "first, a day late").await.expect("posts"));
    assert_eq!(beta.pending(&[5], 0, 100).await.expect("reads"), left);
}

#[tokio::test]
async fn an_answer_is_taken_once() {
    let Some((_, alpha, beta)) = two_processes().await else {
        return;
    };
    assert_eq!(alpha.take_answer("discord:9").await.expect("reads"), None);
    assert!(beta.answer("discord:9", "done").await.expect("answers"));
    assert!(!beta.answer("discord:9", "done again").await.expect("answers"), "the first stands");
    assert_eq!(alpha.take_answer("discord:9").await.expect("takes").as_deref(), Some("done"));
    assert_eq!(alpha.take_answer("discord:9").await.expect("reads"), None, "taken");
}

#[tokio::test]
async fn a_sweep_removes_what_is_old() {
    let Some((_, alpha, beta)) = two_processes().await else {
        return;
    };
    alpha.post(1, "telegram:1", "handled").await.expect("posts");
    alpha.post(1, "telegram:2", "waiting").await.expect("posts");
    let items = alpha.pending(&[1], 0, 10).await.expect("reads");
    alpha.ack(&[items[0].id]).await.expect("acks");
    alpha.answer("telegram:1", "never taken").await.expect("answers");
    assert_eq!(alpha.sweep(LONG).await.expect("sweeps"), Swept::default(), "nothing old");

    assert_eq!(
        alpha.sweep(Duration::ZERO).await.expect("sweeps"),
        Swept { answers: 1, processes: 2, handled: 1 }
    );
    assert_eq!(alpha.pending(&[1], 0, 10).await.expect("reads"), [items[1].clone()], "kept");
    assert!(!beta.heartbeat().await.expect("beats"), "taken for dead");
    assert!(alpha.live_processes(LONG).await.expect("reads").is_empty());
    // Forgotten once swept: the event could be posted anew.
    assert!(alpha.post(1, "telegram:1", "handled").await.expect("posts"));
}

#[tokio::test]
async fn a_listener_hears_posts_and_answers_of_other_processes() {
    let Some((url, alpha, _)) = two_processes().await else {
        return;
    };
    let store = Store::open(&url).await.expect("opens");
    let mut listener = store.listen(&[INBOX_CHANNEL, ANSWER_CHANNEL]).await.expect("listens");
    alpha.post(9, "telegram:1", "hello").await.expect("posts");
    assert_eq!(heard(&mut listener).await, notification(INBOX_CHANNEL, "9"));
    // A post of a known event is not announced: the next thing heard is the one after it.
    alpha.post(9, "telegram:1", "hello").await.expect("posts");
    alpha.post(11, "telegram:2", "hello again").await.expect("posts");
    assert_eq!(heard(&mut listener).await, notification(INBOX_CHANNEL, "11"));
    alpha.answer("telegram:2", "hi").await.expect("answers");
    assert_eq!(heard(&mut listener).await, notification(ANSWER_CHANNEL, "telegram:2"));
}

#[tokio::test]
async fn news_told_by_a_process_is_heard_with_its_teller_and_topic() {
    let Some((url, alpha, beta)) = two_processes().await else {
        return;
    };
    let store = Store::open(&url).await.expect("opens");
    let mut listener = store.listen(&[NEWS_CHANNEL]).await.expect("listens");
    assert!(alpha.tell("board", "12 7 0").await.expect("tells"));
    let told = |heard: Heard| match heard {
        Heard::Notification { channel, payload } if channel == NEWS_CHANNEL => Told::read(&payload),
        _ => None,
    };
    let first = told(heard(&mut listener).await).expect("news");
    assert_eq!(
        (first.teller, first.topic.as_str(), first.news.as_str()),
        (alpha.process(), "board", "12 7 0")
    );
    // Too long for a notification, or a topic of two words: not told. The next thing heard
    // is beta's.
    assert!(!alpha.tell("board", &"x".repeat(LONGEST_NEWS + 1)).await.expect("refuses"));
    assert!(!alpha.tell("two words", "news").await.expect("refuses"));
    assert!(beta.tell("board", &"y".repeat(LONGEST_NEWS)).await.expect("tells the longest"));
    let second = told(heard(&mut listener).await).expect("news");
    assert_eq!((second.teller, second.news.len()), (beta.process(), LONGEST_NEWS));
}

#[tokio::test]
async fn a_process_that_lets_leases_go_announces_it_so_others_take_them_at_once() {
    let Some((url, alpha, beta)) = two_processes().await else {
        return;
    };
    let store = Store::open(&url).await.expect("opens");
    let mut listener = store.listen(&[LEASES_CHANNEL]).await.expect("listens");
    let (alpha_id, beta_id) = (alpha.process().0.to_string(), beta.process().0.to_string());
    alpha.claim(LeaseKind::Slot, 3, LONG).await.expect("claims").expect("free");
    beta.claim(LeaseKind::Slot, 4, LONG).await.expect("claims").expect("free");
    assert_eq!(alpha.release(LeaseKind::Slot, &[3]).await.expect("releases"), 1);
    assert_eq!(heard(&mut listener).await, notification(LEASES_CHANNEL, &alpha_id));
    // Releasing what it does not hold lets nothing go, and says nothing: the next thing
    // heard is beta leaving.
    assert_eq!(alpha.release(LeaseKind::Slot, &[3, 4]).await.expect("releases"), 0);
    beta.leave().await.expect("leaves");
    assert_eq!(heard(&mut listener).await, notification(LEASES_CHANNEL, &beta_id));
    assert_eq!(alpha.live_processes(LONG).await.expect("reads").len(), 1, "beta is gone");
    let taken = alpha.claim(LeaseKind::Slot, 4, LONG).await.expect("claims");
    assert_eq!(taken.map(|lease| lease.epoch), Some(2), "beta's slot is free once heard");
}

#[tokio::test]
async fn a_listener_whose_connection_is_killed_connects_again_and_says_so() {
    let Some((url, alpha, _)) = two_processes().await else {
        return;
    };
    let store = Store::open(&url).await.expect("opens");
    let mut listener = store.listen(&[INBOX_CHANNEL]).await.expect("listens");
    let mut killer = sqlx::PgConnection::connect(&url).await.expect("connects");
    let killed: Vec<bool> = sqlx::query_scalar(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE application_name = $1 AND datname = current_database()",
    )
    .bind(LISTENER_NAME)
    .fetch_all(&mut killer)
    .await
    .expect("kills");
    assert_eq!(killed, [true], "one listener connection");

    assert_eq!(heard(&mut listener).await, Heard::Reconnected);
    alpha.post(4, "telegram:1", "after").await.expect("posts");
    assert_eq!(heard(&mut listener).await, notification(INBOX_CHANNEL, "4"));
}
