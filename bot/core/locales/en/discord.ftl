# Discord only: notices of the adapter.
dc-done = Done.
dc-dms-closed = I cannot send you a private message: your DMs from this server are closed (to open them: the server's menu → Privacy Settings → Direct Messages). Here it is, for you only:
dc-your-turn = { $name }, your turn in game #{ $id }.
