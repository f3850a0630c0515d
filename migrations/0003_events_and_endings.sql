-- Exactly once (DESIGN §12): every platform event that changed something is kept here, written
-- in the same transaction as its change, so the same event delivered again is refused.
CREATE TABLE events (
    platform TEXT NOT NULL,
    -- The platform's id of the event: a Telegram message or callback query, a Discord
    -- interaction, a terminal line.
    event TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (platform, event)
);

CREATE INDEX events_by_time ON events (at);

-- The platform event that made each move, if a person's did (NULL for the CPU and older moves).
ALTER TABLE moves ADD COLUMN event TEXT;

-- A finished ranked game whose ratings could not be written with its ending: the next start
-- (or the next ending) writes them, once.
ALTER TABLE games ADD COLUMN rating_due BOOLEAN NOT NULL DEFAULT FALSE;

-- An ending (a finished or cancelled game) whose final board no platform has shown yet: a
-- restart shows it.
ALTER TABLE games ADD COLUMN result_shown BOOLEAN NOT NULL DEFAULT TRUE;

-- The unique name a person is mentioned by (a Telegram username), apart from the name the bot
-- calls them: a challenge to `@ana` is for the one user whose handle is ana, never for any user
-- whose first name happens to be Ana.
ALTER TABLE users ADD COLUMN handle TEXT;
UPDATE users SET handle = name WHERE platform = 'console';
CREATE INDEX users_by_handle ON users (platform, handle COLLATE NOCASE);
