# paper-boxing

## --- Refusals: why the rules refuse a move (parlour_core's paper_boxing::RuleError).
## Keep this block at the end of the file; the screen's own words go above it.
## Seats ($seat, $to_move) are players' names; rows and columns count from 1.

paper-boxing-refused-players = Paper Boxing is played by exactly 2 players, not { $players }.
paper-boxing-refused-deal-grids = The deal must give 2 grids, one per seat, not { $grids }.
paper-boxing-refused-deal-even = The even seat must be 0 or 1, not { $seat }.
paper-boxing-refused-grid-size = A grid lists 16 numbers, row by row with 0 for D, not { $size }.
paper-boxing-refused-grid-corner = The top-left cell holds D, written 0, not { $number }.
paper-boxing-refused-grid-second-d = D belongs in the top-left corner only, but row { $row }, column { $col } holds it too.
paper-boxing-refused-grid-number = { $number } is not a number from 1 to 15.
paper-boxing-refused-grid-repeated = The grid has { $repeated } twice and no { $missing }: each number from 1 to 15 must appear exactly once.
paper-boxing-refused-over = The match is over.
paper-boxing-refused-no-seat = There is no seat { $seat }: the seats are 0 and 1.
paper-boxing-refused-set-up-over = The grids are already filled in: each move now steps to a cell.
paper-boxing-refused-already-filled = { $seat } has already filled in their grid.
paper-boxing-refused-set-up-not-complete = The set-up is not complete: both players must fill in their grids before the first bout.
paper-boxing-refused-not-your-turn = It is { $to_move } to play now ({ $role } of bout { $bout }), not { $seat }.
paper-boxing-refused-role-leader = leader
paper-boxing-refused-role-follower = follower
paper-boxing-refused-already-chosen = { $seat } has already chosen their cell for this bout.
paper-boxing-refused-stuck = { $seat } has no unused cell next to the end of their path, and plays 0 in the remaining bouts.
paper-boxing-refused-off-grid = Row { $row }, column { $col } is not on the grid (rows and columns go from 1 to 4).
paper-boxing-refused-used = Row { $row }, column { $col } is already on your path: each cell is used once.
paper-boxing-refused-not-adjacent = Row { $row }, column { $col } is not next to the end of your path (row { $from_row }, column { $from_col }): step to one of the eight cells around it.
