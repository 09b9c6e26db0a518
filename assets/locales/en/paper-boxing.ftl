# paper-boxing
# The Paper Boxing screen: set-up, bouts, results.

## Set-up
pb-setup-instructions = Drag the numbers 1 to 15 onto your grid — or tap a number, then a cell. Drop one number on another to swap them.
pb-setup-placed = { $n } of 15 placed
pb-shuffle = Shuffle
pb-use-bot = Use the bot's arrangement
pb-shuffle-rest = Shuffle the rest
pb-replace-ask = { $with ->
        [bot] Put the bot's arrangement in place of your numbers?
       *[shuffle] Shuffle away the grid you wrote?
    }
pb-replace = Replace
pb-keep-mine = Keep mine
pb-ready = Ready
pb-setup-waiting = Your grid is ready. Waiting for { $name }…
pb-setup-other = { $name } is filling in a grid in secret…
pb-setup-hidden = Each grid stays hidden until both players are ready.

## The reveal: who leads the first bout
pb-role-even = even
pb-role-odd = odd
pb-reveal-corners = Bottom-right corners: { $a } + { $b } = { $sum }, an { $parity ->
        [even] even
       *[odd] odd
    } number — { $leader } ({ $role }) leads the first bout.
pb-reveal-sackson = Around D: { $name0 } { $sum0 }, { $name1 } { $sum1 } — { $leader } has the larger sum and leads the first bout.
pb-reveal-sackson-tie = Around D: { $sum } each, so the corners decide: { $a } + { $b } = { $total }, an { $parity ->
        [even] even
       *[odd] odd
    } number — { $leader } ({ $role }) leads the first bout.

## Bouts
pb-bout = Bout { $n } of 15
pb-you-lead = You lead: step to a green cell — tap it, or drag your ring there.
pb-you-follow = { $name } led with { $number }. Your answer: tap a green cell, or drag your ring there.
pb-other-leads = { $name } leads this bout…
pb-other-follows = { $leader } led with { $number }. { $name } answers…
pb-secret-choose = Choose your cell in secret: tap it, or drag your ring there.
pb-secret-chosen = You chose { $number } in secret. Waiting for { $name }…
pb-secret-other-chosen = { $name } has chosen in secret. Your turn.
pb-secret-both = Both players choose in secret…
pb-bout-won = Bout { $n }: { $winner } wins, { $high } against { $low }.
pb-bout-draw = Bout { $n }: { $number } against { $number } — a draw; { $leader } keeps the lead.
pb-tally = { $name0 } · { $w0 } – { $w1 } · { $name1 }
pb-ko = { $name } has no unused cell next to the end of the path: knocked out!
pb-ko-stamp = KO
pb-stuck = { $name } has no free cell left and plays 0.
pb-over-won = { $name } wins, { $w } bouts to { $l }.
pb-over-tie = { $w } bouts each: the tie goes to { $name }, who led the first bout.
pb-leads = leads
pb-chip-bouts = { $n ->
        [one] { $n } bout
       *[other] { $n } bouts
    } · { $role }

## Perfect play
pb-oracle-toggle = Show who wins with perfect play
pb-oracle-wins = With perfect play from here, { $name } wins.
pb-oracle-thinking = Working out perfect play…

## Menu

## Results
pb-col-bouts = Bouts won
pb-col-role = Even/odd
pb-col-first = Led first
pb-col-end = Finish
pb-end-ko = knocked out
pb-end-ko-other = won by knock-out
pb-end-stuck = stuck, played 0
pb-end-full = all 15 bouts
pb-yes = yes
pb-no = —
pb-note-won = { $name } won { $w } bouts to { $l }.
pb-note-tie = { $w } bouts each: a tie goes to the player who led the first bout, { $name }.
pb-note-draws = { $n ->
        [one] One bout was drawn.
       *[other] { $n } bouts were drawn.
    }
pb-note-ko = { $name } was knocked out in bout { $n }: no unused cell next to the end of the path. A knock-out loses, whatever the bout count.
pb-note-stuck = { $name } had no free cell from bout { $n } on and played 0 from then.

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
## The coach: a step in words; rows and columns count from 1.
pb-coach-move = the { $number } at row { $row }, column { $col }
pb-coach-why = With perfect play by both from here, that step { $best }; yours { $played }.
pb-coach-why-mix = Against the other's best mix of cells, that step wins { $best } % of the time; yours { $played } %.
pb-coach-wins-ko = wins by a knock-out
pb-coach-loses-ko = loses by a knock-out
pb-coach-wins-tie = wins on the tie, as first leader
pb-coach-loses-tie = loses on the tie
pb-coach-wins-by = wins by { $bouts ->
    [one] one bout
   *[other] { $bouts } bouts
}
pb-coach-loses-by = loses by { $bouts ->
    [one] one bout
   *[other] { $bouts } bouts
}

## The review: moves in words, and why the better one was better.
pb-review-grid = the grid written
pb-review-step = the step to row { $row }, column { $col }
pb-review-better = Better was { $best }: with perfect play by both it { $worth }, where { $played } { $played_worth }.
pb-review-better-grid = Another grid the bots often write for this role did better against theirs: { $win } % to win, where the grid written had { $played_win } %. Its numbers are shown in purple beside the cells where they differ.
pb-review-wins = wins by { $n ->
    [one] one bout
   *[other] { $n } bouts
}
pb-review-loses = loses by { $n ->
    [one] one bout
   *[other] { $n } bouts
}
pb-review-wins-ko = wins by a knock-out
pb-review-loses-ko = loses by a knock-out
pb-review-wins-tie = wins on the tie, as first leader
pb-review-loses-tie = loses on the tie

## On a phone at a shared table
hand-pb-write = Write your grid: tap two numbers to swap them. Nobody else sees it.
hand-pb-shuffle = Shuffle
hand-pb-shuffle-ask = Shuffle away the swaps you made?
hand-pb-ready = Ready
hand-pb-waiting-grid = Your grid is in. Waiting for { $name }’s grid…
hand-pb-chosen = You chose { $number }: waiting for the other’s step.
hand-pb-bout = Bout { $bout } · won { $wins }, lost { $losses }
hand-pb-their-grid = { $name }’s grid
hand-pb-grid-in = { $name } has written a grid.
hand-pb-grid-writing = { $name } is writing a grid…
hand-pb-at-table = { $name } · { $wins } won

## The variant editor: each option in one line, and how a match ended.
paper-boxing-option-first-lead = Who leads the first bout.
paper-boxing-option-first-lead-even-odd = Even or odd: the two bottom-right corners decide
paper-boxing-option-first-lead-sackson = Sackson: the larger sum around D leads
paper-boxing-option-bouts = How the two players move in each bout.
paper-boxing-option-bouts-led = The leader moves first, in the open
paper-boxing-option-bouts-simultaneous = Both choose in secret, then reveal
paper-boxing-end-ko = knock-out
paper-boxing-end-tie = bouts shared, the first leader won
paper-boxing-end-bouts = won on bouts
