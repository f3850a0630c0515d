-- Discord's shards spread over the processes (bot/runtime/src/membership.rs): each process
-- says how many shards its configuration asks for (a count, or Discord's recommendation for
-- "auto"); the oldest live process's number is the total every process shards by, so that
-- a rolling restart with a new number switches over when the last process with the old one
-- has gone. NULL: this process opens no shard.
ALTER TABLE cluster_processes ADD COLUMN discord_shards INTEGER;
