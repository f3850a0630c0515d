# The web board (a page inside Telegram): the page's own words; the board's lines are the chat's.
web-title = cincobot board
web-connecting = Connecting…
web-reconnecting = Connection lost, trying again…
web-spectating = You are watching this game.
web-your-turn = Your turn: tap a point.
web-your-turn-column = Your turn: tap a column.
web-tap-again = Tap { $point } again to play it.
web-your-turn-choose = Your turn: tap one of the numbered points to make it black's fifth stone.
web-your-turn-decide = Your turn: choose with the buttons under the board.
web-your-turn-offer = Tap a point to add it to your offer.
web-offer-full = Ten points chosen: offer them with the button under the board.
web-time-left = { $time } left
web-time-up = Time is up
web-captures = { $count }/{ $goal } captured
web-sending = Sending…
web-played = Played.
web-cinco-hand = Your hand
web-cinco-bid = Your sealed bid:
web-cinco-pick = Tap a card to choose it.
web-cinco-tap-again = Tap the card again: { $action }
web-cinco-choose = What to do with { $card }?
web-error-unauthorized = Your sign-in is missing or expired: open the board again from the chat.
web-error-forbidden = You cannot act in this game.
web-error-not-found = This game is not being played here (it may be over).
web-error-too-many = Too fast: wait a moment.
web-error-too-large = That request is too large.
web-error-bad-request = That request was not understood.
web-error-unavailable = The bot cannot show this game right now: try again in a moment.
web-error-network = The bot cannot be reached.

# Handing the board out in the chats.
button-web-board = Open board
web-link-player = Your board for game #{ $id }, to play by tapping: { $url }
    It is yours alone: whoever opens it plays for you.
web-link-spectator = Game #{ $id }, to watch live: { $url }
web-link-sent = I sent you the board's link privately. If it does not arrive, open a private chat with me first.
web-off = The web board is not turned on for this bot.
