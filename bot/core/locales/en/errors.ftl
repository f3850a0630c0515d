## Refused moves: one sentence for each reason the engine gives.

refused-game-over = The game is already over.
refused-off-board = That point is outside the board.
refused-occupied = That point is already taken.
refused-forbidden = Black may not play there: it would be { $shape ->
        [overline] an
       *[other] a
    } { $shape }.
refused-wrong-action = That does not fit now: the game waits for { $awaited }.
refused-not-centre = The first stone goes on the centre.
refused-outside-area = This stone goes inside the central { $side }×{ $side } square.
refused-offer-occupied = The offered point { $point } is taken.
refused-offer-repeated = The point { $point } is offered twice.
refused-offer-symmetric = The points { $first } and { $second } are the same move by symmetry.
refused-not-offered = The point { $point } was not offered.
refused-too-close = This stone must be three or more points from the centre.
refused-column-full = That column is full.
refused-popout-off = Popping a disc needs the PopOut option.
refused-nothing-to-pop = That column has no disc to pop.
refused-not-your-disc = You can only pop a disc of your own colour.
unreadable-point = A point is a column letter and a row number, like h8.
unreadable-column-i = This board has no column I (it goes H, J, K…).
unreadable-no-column = No such column: they go from 1 to 7.
unreadable-side-column = The side columns are fixed: play 1 to 7.
unreadable-point-count = { $expected ->
        [one] 1 point is
       *[other] { $expected } points are
    } needed, { $found ->
        [one] 1 was
       *[other] { $found } were
    } given.
unreadable-column-move = Write a column from 1 to 7, or pop and a column.
unreadable-renju-move = Write a point like h8, swap, keep, offer and ten points, or choose and a point.
unreadable-pente-move = Write a point like K10.
unreadable-grid-move = Write a point like h8.
