-- A chat's CINCO timers (issue 11): how long an auction waits for its bids and a turn for its
-- player, as JSON ({"bid_seconds": 90, "turn_seconds": 60}; a missing one is the default).
ALTER TABLE chat_settings ADD COLUMN cinco TEXT NOT NULL DEFAULT '{}';
