# The web board (a page inside Telegram): the page's own words; the board's lines are the chat's.
web-title = cincobot board
web-connecting = Connecting…
web-reconnecting = Connection lost, trying again…
web-spectating = You are watching this game.
web-your-turn = Your turn: tap a point.
web-tap-again = Tap { $point } again to play it.
web-sending = Sending…
web-played = Played.
web-error-unauthorized = Your sign-in is missing or expired: open the board again from the chat.
web-error-forbidden = You cannot act in this game.
web-error-not-found = This game is not being played here (it may be over).
web-error-too-many = Too fast: wait a moment.
web-error-too-large = That request is too large.
web-error-bad-request = That request was not understood.
web-error-unavailable = The bot cannot show this game right now: try again in a moment.
web-error-network = The bot cannot be reached.
