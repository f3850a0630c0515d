-- The move log is the truth (DESIGN §2): a game row says who plays what where, and each
-- accepted action is one row of `moves`; a position is rebuilt by replaying them.
-- Timestamps are Unix milliseconds. Plain SQL types, so PostgreSQL can take it later.

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    -- Every option of the game as JSON (size, overline, forbidden, popout, timer, ranked, alternate).
    settings TEXT NOT NULL,
    platform TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    -- Each seat as JSON: a person (platform user id and name) or the CPU and its level.
    first_player TEXT NOT NULL,
    second_player TEXT NOT NULL,
    -- active, finished, abandoned, cancelled
    status TEXT NOT NULL,
    -- first, second, draw, or NULL while it is played / when nobody won.
    result TEXT,
    -- When the player to move runs out of time; NULL without a timer.
    turn_deadline BIGINT,
    last_human_at BIGINT NOT NULL,
    -- A seat whose player let the timer run out: the CPU plays for it until they act again.
    first_away BOOLEAN NOT NULL DEFAULT FALSE,
    second_away BOOLEAN NOT NULL DEFAULT FALSE,
    -- The seat (0 or 1) asking to take back a move, until the opponent answers or a move is played.
    undo_by SMALLINT,
    started_by TEXT NOT NULL,
    rematch_of BIGINT REFERENCES games (id),
    ranked BOOLEAN NOT NULL,
    -- The platform's id of the message showing the board, and the ply it shows.
    board_message TEXT,
    shown_ply INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX games_by_status ON games (status);
CREATE INDEX games_by_chat ON games (platform, chat_id, status);

CREATE TABLE moves (
    game_id BIGINT NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL,
    seat SMALLINT NOT NULL,
    -- The action in the game's own notation: h8, K10, 3, pop 3, swap, offer …
    action TEXT NOT NULL,
    by_cpu BOOLEAN NOT NULL,
    at BIGINT NOT NULL,
    -- A second click or a redelivered update cannot play the same ply twice.
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE challenges (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    -- The options the challenge asked for, as JSON; the chat's defaults fill the rest.
    options TEXT NOT NULL,
    challenger_id TEXT NOT NULL,
    challenger_name TEXT NOT NULL,
    -- NULL: an open challenge anyone may accept.
    opponent_id TEXT,
    opponent_name TEXT,
    -- A rematch gives the first seat to the opponent when the game alternates.
    rematch_of BIGINT REFERENCES games (id),
    challenger_first BOOLEAN NOT NULL,
    -- open, accepted, declined, expired
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE INDEX challenges_by_chat ON challenges (platform, chat_id, status);

CREATE TABLE chat_settings (
    platform TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    -- The chat's /language, or NULL to follow each user's client.
    locale TEXT,
    -- Each game's default options in this chat, as a JSON object by game.
    games TEXT NOT NULL,
    PRIMARY KEY (platform, chat_id)
);

CREATE TABLE ratings (
    family TEXT NOT NULL,
    -- A chat id (platform:chat) or 'global'.
    scope TEXT NOT NULL,
    platform TEXT NOT NULL,
    user_id TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    PRIMARY KEY (family, scope, platform, user_id)
);

CREATE TABLE users (
    platform TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    locale TEXT,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (platform, user_id)
);
