-- Handles are compared as lower(handle) = lower(?), which PostgreSQL reads too (issue 28),
-- rather than with SQLite's COLLATE NOCASE: the index follows.
CREATE INDEX users_by_lower_handle ON users (platform, lower(handle));
DROP INDEX users_by_handle;
