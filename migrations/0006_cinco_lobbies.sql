-- CINCO lobbies (issue 11): a table waiting for its players is kept here, so a restart keeps
-- every open lobby, its seats, its host and its expiry, and the lobby's buttons still work.
-- AUTOINCREMENT: a lobby's number is never given again, so a button of a closed lobby can
-- never act on a newer one.
CREATE TABLE cinco_lobbies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    platform TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    chat_kind TEXT NOT NULL,
    host_id TEXT NOT NULL,
    host_name TEXT NOT NULL,
    -- The seats in the order of play, as JSON: people (platform user id and name) and CPUs
    -- with their levels.
    seats TEXT NOT NULL,
    -- The people seated whom the bot could not write to privately, as a JSON list of user
    -- ids: the game cannot start while it is not empty.
    unreachable TEXT NOT NULL DEFAULT '[]',
    expires_at BIGINT NOT NULL
);
