//! A PostgreSQL server that goes away in the middle of a game: the move that finds it gone
//! fails, its player is told to try again and nothing changes, in memory or in the store; once
//! the server takes connections again the pool reconnects by itself and the same move goes in,
//! once. The outage is made on the test server itself: the game's database refuses new
//! connections and the pool's open ones are cut, as a restart of the server would cut them.

use std::time::Duration;

use cincobot::core::{GameId, Output};
use cincobot::i18n::Text;
use cincobot::store::{Store, scratch};
use sqlx::{Connection, Executor, PgConnection};

use crate::common::{Harness, assert_notice, game_between_ana_and_bruno};

/// The test server, as the user that may alter every database on it.
async fn server() -> PgConnection {
    let url = std::env::var(scratch::SERVER_VARIABLE).expect("the server the database is on");
    PgConnection::connect(&url).await.expect("the test server answers")
}

/// The name of the database `url` opens.
fn database_of(url: &str) -> &str {
    let path = url.rsplit('/').next().unwrap_or_default();
    path.split('?').next().unwrap_or_default()
}

/// `database` refuses new connections and loses the ones it has, or takes them again.
async fn set_reachable(database: &str, reachable: bool) {
    let mut server = server().await;
    let allow = if reachable { "true" } else { "false" };
    server
        .execute(format!("ALTER DATABASE {database} ALLOW_CONNECTIONS {allow}").as_str())
        .await
        .expect("the database's connections are switched");
    if !reachable {
        let cut = format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}'"
        );
        server.execute(cut.as_str()).await.expect("its connections are cut");
    }
    let _ = server.close().await;
}

fn plies(outputs: &[Output]) -> Vec<usize> {
    outputs
        .iter()
        .filter_map(|output| match output {
            Output::Board { ply, .. } => Some(*ply),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_during_an_outage_is_refused_and_goes_in_once_the_server_is_back() {
    let Some(url) = scratch::postgres().await else { return };
    let database = database_of(&url).to_owned();
    let store = Store::open(&url).await.expect("the database opens");
    let mut harness = Harness::on(store.clone()).await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    assert_eq!(plies(&harness.say("Ana", "/move h8").await), [1]);

    set_reachable(&database, false).await;
    let during = harness.say("Bruno", "/move h9").await;
    assert_notice(&during, "bruno", Text::new("internal-error"));

    set_reachable(&database, true).await;
    // The pool drops the connections the outage cut and opens new ones by itself.
    let after = tokio::time::timeout(Duration::from_secs(30), harness.say("Bruno", "/move h9"))
        .await
        .expect("the move goes in once the server is back");
    assert_eq!(plies(&after), [2], "{after:#?}");
    assert_eq!(plies(&harness.say("Ana", "/move j8").await), [3]);

    let (_, moves) = store.game(GameId(1)).await.expect("the game reads").expect("game 1");
    let played: Vec<&str> = moves.iter().map(|stored| stored.action.as_str()).collect();
    assert_eq!(played, ["h8", "h9", "j8"], "each move stored once, in order");
    // A restart on the same database goes on from there.
    let mut restarted = Harness::on(Store::open(&url).await.expect("it opens again")).await;
    assert_eq!(plies(&restarted.say("Bruno", "/move k8").await), [4]);
}
