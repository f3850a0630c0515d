# How moves are told and what the board says (renju's decisions, PopOut, captures, marks).

told-swap = { $name } swaps colours.
told-keep = { $name } keeps the colours.
told-offer = { $name } offers ten fifth moves: { $points }.
told-choose = { $name } chooses { $point }.
warn-overline = { $move } makes a line of { $stones }, which does not win here (overline off): the game goes on.
warn-repetition = This position has now appeared twice with the same player to move: a third time is a draw.
told-pop = { $name } pops a disc from column { $column }.
told-capture = { $name }: { $move } captures { $stones } — { $count }/{ $goal }.
# The CPU playing for someone whose time ran out.
told-cpu-for = The CPU (for { $name })

list-one = { $item }
list-two = { $first } and { $last }
list-more = { $first }, { $rest }

# Renju's opening: where the awaited stone goes (the square is framed in blue).
status-opening-centre = { $name } ({ $colour }): the first stone goes in the centre, { $point }.
status-opening = { $name } ({ $colour }): a stone inside the central { $side }×{ $side }, framed in blue.

# The legend of the forbidden-point marks (* in the text diagram).
legend-forbidden = Red × (* in the text): a point black may not play.
legend-forbidden-muted = Dark ×: where black will not be able to play; a good spot for white.
# Black lost on a forbidden point: its lines are red (# in the text diagram).
legend-forbidden-lines = In red (# in the text): the stones that make the move forbidden ({ $shape }).
