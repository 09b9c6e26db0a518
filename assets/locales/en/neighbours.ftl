# Neighbours: the play screen, its results and its variants.
neighbours-hud-score = { $points ->
    [one] { $points } pt
   *[other] { $points } pts
} · { $tokens ->
    [one] 1 token
   *[other] { $tokens } tokens
}
# Under the number of tokens left in the bag.
neighbours-bag = in bag
neighbours-must-pass = No move — you must pass
neighbours-pass = Pass
neighbours-passed = No move for { $name }: pass

neighbours-results-points = Points
neighbours-results-penalty = Penalty
neighbours-results-final = Final
neighbours-results-left = Left in hand
neighbours-results-left-tokens = { $n ->
    [one] 1 token: { $digits }
   *[other] { $n } tokens: { $digits }
}
neighbours-results-note = Tokens left in a hand cost { $times } times their value (0 counts 10).

neighbours-variant-standard = Standard
neighbours-variant-any-neighbour = One neighbour is enough
neighbours-variant-diamond = Diamond board
neighbours-variant-gentle-penalty = Gentle penalty

## Why the rules refuse a move (parlour_core's neighbours::RuleError).
## Seats ($seat, $to_move) are players' names; rows and columns count from 1.

neighbours-refused-players = Neighbours is played by 2 to 4 players, not { $players }.
neighbours-refused-config = This variant cannot be played: { $detail }
neighbours-refused-deal-count = The deal must hold exactly { $expected } of each digit, but it has { $found } of digit { $digit }.
neighbours-refused-not-a-digit = { $digit } is not a digit from 0 to 9.
neighbours-refused-deal-hands = The deal must give { $players } hands of { $size } tokens.
neighbours-refused-deal-first = The first seat must be one of 0 to { $last }.
neighbours-refused-over = The match is over.
neighbours-refused-no-seat = There is no seat { $seat }.
neighbours-refused-not-your-turn = It is { $to_move } to play now, not { $seat }.
neighbours-refused-not-in-hand = You have no { $digit } in your hand.
neighbours-refused-off-board = Row { $row }, column { $col } is not on the board.
neighbours-refused-occupied = That cell already holds a token.
neighbours-refused-isolated = A token must touch a token already on the board — up, down, left or right.
neighbours-refused-not-consecutive = { $digit } cannot go next to { $neighbour }: touching digits must be consecutive (0 sits between 9 and 1).
neighbours-refused-no-consecutive-neighbour = { $digit } is consecutive to none of the tokens it touches.
neighbours-refused-must-place = You can place a token, so you must: passing is only for a player who cannot.
## The coach: a placement in words; rows and columns count from 1.
neighbours-coach-move = the { $digit } on row { $row }, column { $col }
neighbours-coach-pass = The coach would pass
neighbours-coach-why = It scores { $best } now against { $played } for yours, and ends the match about { $later } points better for you.

## The review: moves in words, and why the better one was better.
neighbours-review-place = the { $digit } on row { $row }, column { $col }
neighbours-review-pass = a pass
neighbours-review-better = Better was { $best }: it scored { $points } points now and kept { $win } % to win, where { $played } scored { $played_points } and left { $played_win } %.
neighbours-review-better-bonus = Better was { $best }: it took the bonus cell for { $points } points now and kept { $win } % to win, where { $played } scored { $played_points } and left { $played_win } %.

## The variant editor: each option in one line, and how a match ended.
neighbours-option-penalty = Tokens left in hand at the end cost this many times their value.
neighbours-option-adjacency = Which neighbours a token must be consecutive to.
neighbours-option-adjacency-every = Every neighbour
neighbours-option-adjacency-any = At least one neighbour
neighbours-option-hand = Tokens in each hand.
neighbours-option-copies = Tokens of each digit in the bag.
neighbours-option-board = The board: its size, its start cell S, its +5 cells K and its +10 cells x.
neighbours-end-went-out = a hand emptied
neighbours-end-blocked = nobody could place
neighbours-end-tokens-left = tokens left in hand
