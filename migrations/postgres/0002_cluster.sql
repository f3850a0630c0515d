-- Several bot processes on one database (bot/core/src/store/cluster.rs): who is running,
-- who serves what, and the inputs handed from the process that received them to the one that
-- serves their chat. Runtime state of a running bot, on PostgreSQL only: SQLite serves one
-- process, and migrate-store copies none of these tables (a copy is of a stopped bot). Every
-- time here is the database's clock (now()), so the processes' clocks never matter.

-- Processes that joined; a row whose heartbeat is old is a process that died.
CREATE TABLE cluster_processes (
    -- ALWAYS: never copied in, and never given twice, so an id names one run of one process.
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL,
    started_at TIMESTAMPTZ NOT NULL,
    heartbeat_at TIMESTAMPTZ NOT NULL
);

-- Who serves what: a slot of chats, a shard, the one Telegram poll. A row is never deleted,
-- only expired, so that its epoch only grows: a fencing token never comes back.
CREATE TABLE leases (
    -- slot, shard, telegram_poll
    kind TEXT NOT NULL,
    key INTEGER NOT NULL,
    -- A cluster_processes id; no foreign key, since a lease outlives its process's row.
    owner BIGINT NOT NULL,
    -- Grows each time the lease is taken anew (another owner, or the same after a lapse).
    epoch BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (kind, key)
);

-- Inputs posted for the process serving their slot, each platform event once.
CREATE TABLE inbox (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slot INTEGER NOT NULL,
    -- The platform's event id, unique across platforms.
    event TEXT NOT NULL UNIQUE,
    body TEXT NOT NULL,
    posted_at TIMESTAMPTZ NOT NULL,
    -- Set by the serving process once handled; the row stays until swept, so that the same
    -- event posted again is still known.
    handled_at TIMESTAMPTZ
);

CREATE INDEX inbox_pending ON inbox (slot, id) WHERE handled_at IS NULL;

-- What the serving process answered to an input, for the process that received it.
CREATE TABLE inbox_answers (
    event TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    answered_at TIMESTAMPTZ NOT NULL
);
