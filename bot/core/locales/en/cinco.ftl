# CINCO: the lobby, the table, the hand, auctions.
cinco-red = red
cinco-yellow = yellow
cinco-green = green
cinco-blue = blue
cinco-card-number = { $colour } { $number }
cinco-card-wild = wild { $number }
cinco-card-wild-five = wild 5
cinco-card-reverse = { $colour } Reversa (reverse)
cinco-card-skip = { $colour } Saltar (skip)
cinco-card-puntaje = Puntaje (score ±)
cinco-card-embargo = Embargo (seize a 5)
cinco-card-protection = Protección (shield)
cinco-card-cambio = Cambio (new hand)
cinco-lobby = CINCO table { $id }, opened by { $host }: 2 to 6 players. Join, add the CPU, and { $host } starts.
cinco-lobby-seats = Seated ({ $count }): { $names }
cinco-lobby-closed = CINCO table { $id } is closed.
cinco-lobby-expired = CINCO table { $id } was never started and is closed.
cinco-lobby-gone = That CINCO table is not open any more.
cinco-lobby-full = The table is full: six players.
cinco-lobby-already = You are already at this table.
cinco-lobby-not-seated = You are not at this table.
cinco-lobby-host-only = Only { $host } can start the game.
cinco-lobby-too-few = At least two players are needed to start.
cinco-button-join = Join
cinco-button-leave = Leave
cinco-button-cpu = Add CPU ({ $level })
cinco-button-start = Start
cinco-header = CINCO #{ $id }
cinco-discard = Discard: { $card } · draw pile { $pile } · order: { $order }
cinco-discard-empty = No discard yet · draw pile { $pile } · order: { $order }
cinco-colour-in-play = Colour in play: { $colour }
cinco-player = { $name }: { $cards ->
    [one] 1 card
   *[other] { $cards } cards
  }, { $fives ->
    [one] one 5
   *[other] { $fives } fives
  }{ $protected ->
    [yes] , protected
   *[no] {""}
  }
cinco-turn = { $name } to play.
cinco-auction = Auction { $number } for the { $five }: waiting for { $waiting }.
cinco-won-auction = { $name } wins with five 5s!
cinco-won-embargo = { $name } wins with five 5s, the last by Embargo!
cinco-won-most = Every 5 is out, none left to win: { $names } { $count ->
    [one] wins
   *[other] share the win
  } with { $most ->
    [one] one 5
   *[other] { $most } 5s
  } ({ $counts }).
cinco-played = { $name } played { $card }.
cinco-played-colour = { $name } played { $card } and chose { $colour }.
cinco-played-embargo = { $name } played Embargo on { $target }.
cinco-protected = { $name } laid Protección beside their 5s.
cinco-drew = { $name } drew a card.
cinco-kept = { $name } kept the card drawn.
cinco-put-away = { $name } put a card away (the hand rule).
cinco-has-bid = { $name } has bid.
cinco-reveal = Auction { $number } for the { $five }, every bid at once:
cinco-reveal-bid = { $name }: { $card } = { $value }{ $doubled ->
    [yes] {" "}(doubled)
   *[no] {""}
  }{ $raised ->
    [yes] {" "}(Puntaje +2)
   *[no] {""}
  }{ $lowered ->
    [0] {""}
   *[other] {" "}(Puntaje −{ $lowered })
  }
cinco-reveal-lowers = { $name } used Puntaje −1 on { $target }.
cinco-reveal-winner = { $name } takes the 5.
cinco-reveal-tie = Nobody takes the 5: { $names } tie at { $value }. It goes under the discard.
cinco-reveal-no-bid = { $name }: no bid (no numeric card).
cinco-reveal-nobody = Nobody takes the 5: nobody could bid. It goes under the discard.
cinco-skipped = { $name } loses their turn.
cinco-reversed = The order turns round: { $order }.
cinco-hand = Your hand in CINCO #{ $id }: { $cards }
cinco-hand-empty = You hold no card in CINCO #{ $id }.
cinco-your-turn = Your turn: choose a card below.
cinco-your-bid = Auction { $number } for the { $five }: choose your secret bid.
cinco-hand-discard = Discard: { $card }
cinco-time-left = You have { $seconds } s left.
cinco-playable = You may play: { $cards }.
cinco-nothing-playable = None of your cards fits: draw one.
cinco-bids-double = Worth double in this auction: { $cards }.
cinco-bids-all-double = With the wild 5, every bid counts double.
cinco-no-number = Auction { $number } for the { $five }: you do not bid, you hold no numeric card.
cinco-no-number-cambio = Your Cambio stopped when the 5 came out: you draw the rest of your cards after the auction.
cinco-sealed = Your bid is sealed: { $card }.
cinco-button-play = { $card }
cinco-button-play-colour = { $card } → { $colour }
cinco-button-embargo = Embargo on { $name }
cinco-button-hand = My hand
cinco-button-draw = Draw
cinco-button-keep = Keep the card
cinco-button-discard = Put away { $card }
cinco-button-bid = Bid { $card } — worth { $value }
cinco-button-pick = { $card } — worth { $value } ›
cinco-button-bid-plain = Bid { $card } without Puntaje — worth { $value }
cinco-button-bid-raise = With Puntaje +2 — worth { $value }
cinco-button-bid-lower = With Puntaje −1 on { $name } (yours is worth { $value })
cinco-button-back = ‹ Another card
cinco-not-allowed = You cannot do that now.
cinco-not-waiting = CINCO #{ $id } is not waiting for you.
cinco-no-game = You are not at a CINCO table here.
cinco-not-started = The game has not started yet: your hand comes privately when { $host } presses Start.
cinco-timed-out = { $names }: out of time; the CPU plays for them until they come back (with /hand, the My hand button or a move).
cinco-paused = { $names }: out of time. Nobody is playing CINCO #{ $id } any more: the table waits until someone comes back with /hand or the My hand button, and the CPU then plays for whoever is still away.
cinco-seated = You are seated at CINCO table { $id }: your hand and bid requests will come here.
cinco-lobby-unreachable = { $names } { $count ->
    [one] cannot get my private messages yet: write to me privately once (or allow private messages from me) and the game can start.
   *[other] cannot get my private messages yet: each writes to me privately once (or allows private messages from me) and the game can start.
}
cinco-lobby-unreachable-start = The game cannot start until I can write privately to { $names }.
cinco-unreachable = I cannot write privately to { $name } for CINCO #{ $id }: write to me privately once (or allow private messages from me) and your hand comes there.
settings-cinco-bid = · bid { $seconds } s: how long an auction waits for the bids
settings-cinco-turn = · turn { $seconds } s: how long a turn waits for its player
settings-cinco-unknown = CINCO has no setting “{ $option }”: bid or turn.
settings-cinco-range = { $option } takes a number of seconds from { $least } to { $most }.
cinco-no-replay = CINCO #{ $id } is a card game: replays and records are for board games.
# Words on the table's picture.
cinco-table-pile = draw pile
cinco-table-auction = Auction { $number }
cinco-table-no-bid = no bid
