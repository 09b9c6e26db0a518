# Rummy: the play screen.
rummy-seat-line = { $points ->
    [one] { $points } pt
   *[other] { $points } pts
} · { $cards ->
    [one] one card
   *[other] { $cards } cards
}
rummy-round-pile = Round { $round }/{ $rounds } · pile { $pile }
rummy-round-time-left = Round { $round } · { $time } left · pile { $pile }
rummy-round-last = Round { $round } · time is up: last round · pile { $pile }
rummy-round-time-up = Round { $round } · time is up
rummy-time-up-summary = Time is up: no new round begins.
rummy-to-results = See the results
rummy-col-rounds-won = Rounds won
rummy-note-time-up = Played for { $minutes } minutes: the time was up when round { $rounds } ended, so no new round began.
rummy-joker = joker
rummy-sort-colour = ▲◆ Colour
rummy-sort-number = 1–13 Number
rummy-undo = Undo turn
rummy-hint = Hint
rummy-hint-thinking = Thinking…
rummy-draw = Draw
rummy-end-turn = End turn
rummy-not-your-turn = Wait for your turn to touch the table; you may sort your hand meanwhile.
rummy-freed-joker = A joker won by a swap stays in your hand until a later turn.
rummy-drew = { $name } drew a card.
rummy-passed = { $name } passed: the pile is empty.
rummy-opened = { $name } opened with { $cards ->
    [one] one card
   *[other] { $cards } cards
} worth { $value }.
rummy-laid = { $name } laid { $cards ->
    [one] one card
   *[other] { $cards } cards
}.
rummy-timeout-undone = { $name } ran out of time: the turn is undone, { $cards } drawn.
rummy-timeout-kept = { $name } ran out of time: the valid sets stay ({ $cards } cards laid).
rummy-went-out = { $name } laid their last card and wins the round!
rummy-blocked = The pile is empty and nobody can play: the lowest hand wins the round.
rummy-waiting = { $name } is playing…
rummy-your-turn = Your turn: lay cards and rebuild the table, or draw.
rummy-ready = Ready: end your turn.
rummy-first-meld = First meld: { $value } / { $threshold }
rummy-set-invalid = Set { $set }: { $reason }
rummy-swap-offer = You hold the { $card }: drop it on the joker to take the joker.
rummy-round-over = Round { $round } is over
rummy-col-hand = Left in hand
rummy-col-round = Round
rummy-col-total = Total
rummy-col-round-n = Round { $round }
rummy-next-round = Next round
rummy-note-went-out = Round { $round }: { $name } went out.
rummy-note-blocked = Round { $round }: the pile ran out; the lowest hand won.
rummy-note-scoring = Cards left in a hand count against their holder (a joker { $joker }); the round's winner scores what the others hold.
rummy-hint-shown = Hint — the most cards you can lay now: end your turn, or undo it.
rummy-hint-draw = Hint — the most cards you can lay now: none this turn, so draw a card.
rummy-hint-match-shown = Hint — the play the search rates best for the match (it may keep cards back): end your turn, or undo it.
rummy-hint-match-draw = Hint — the search rates drawing a card best for the match.
# rummy

## --- Refusals: why the rules refuse a move (parlour_core's rummy::RuleError and rummy::SetError).
## Keep this block at the end of the file; the screen's own words go above it.
## Seats ($seat, $to_move) are players' names; $card is a card in words
## (rummy-refused-card); the set-… reasons are fragments put inside rummy-refused-set.

rummy-refused-players = Rummy is played by 2 to 4 players, not { $players }.
rummy-refused-config = This variant cannot be played: { $detail }
rummy-refused-deal-hands = The deal must give { $players } hands of { $size } cards.
rummy-refused-deal-first = The first seat must be one of 0 to { $last }.
rummy-refused-deal-count = The deal must hold exactly the variant's deck, { $expected } × { $card }, but it has { $found }.
rummy-refused-over = The match is over.
rummy-refused-no-seat = There is no seat { $seat }.
rummy-refused-not-your-turn = It is { $to_move } to play now, not { $seat }.
rummy-refused-set = Set { $number } is not valid: { $reason }.
rummy-refused-card-twice = The table holds { $count } × { $card }, but the deck has only { $copies }.
rummy-refused-not-in-hand = The move lays { $needed } × { $card } from your hand, but you hold { $held }.
rummy-refused-table-card-taken = The { $card } was on the table and is missing: cards taken from a set must go into other sets, never into a hand.
rummy-refused-nothing-from-hand = A turn must lay at least one card from your hand; to play nothing, draw.
rummy-refused-first-meld-touches-table = Your first meld may not touch the sets already on the table: lay new sets from your hand only.
rummy-refused-first-meld-too-small = A first meld must be worth at least { $threshold }, and these new sets are worth { $value }.
rummy-refused-swap-before-first-meld = Only a player who has made their first meld may swap a joker.
rummy-refused-to-hand-not-joker = Only a joker, swapped for the card it stands for, may go from the table to a hand, not { $card }.
rummy-refused-too-many-to-hand = { $asked ->
    [one] One joker taken back
   *[other] { $asked } jokers taken back
}, but the table holds { $on_table }.
rummy-refused-swap-must-play = In this variant a joker freed by a swap must be played again this turn: it cannot go to the hand.
rummy-refused-swap-without-card = A joker can only be taken from the table by laying, from your hand, the card it stands for { $count ->
    [0] (and no joker on the table can be swapped now).
   *[other] (the jokers that can be swapped stand for { $jokers }).
}
rummy-refused-joker-changed-number = A joker on the table that stood for a { $number } must still stand for a { $number }: a moved joker keeps its number.
rummy-refused-no-clock = This variant has no turn clock, so a turn cannot time out.
rummy-refused-clock-missing = This match is played for { $minutes } minutes: when round { $round } ends, the rules must be told how much of the time has been used.
rummy-refused-clock-back = The match's clock cannot go back: round { $round } ended with { $ended } seconds used, and this move says { $used }.
rummy-refused-set-too-short = a set needs at least 3 cards, and this one has { $count }
rummy-refused-set-too-long = a set has at most 13 cards (a run from 1 to 13), and this one has { $count }
rummy-refused-set-group-too-long = a group has at most 4 cards, one of each colour, and this one has { $count }
rummy-refused-set-colour-twice = a group's cards must all have different colours, and this one has the { $colour } { $number } twice
rummy-refused-set-mixed-colours = a run is all one colour, but { $first } and { $second } differ
rummy-refused-set-not-consecutive = a run's numbers follow each other from low to high, left to right: { $card } cannot come there after { $after }
rummy-refused-set-wrap = 1 is always low: 12-13-1 is not a run, and { $card } cannot follow a 13
rummy-refused-set-below-one = a run cannot go below 1: jokers in front of { $card } would have to stand for 0 or less
rummy-refused-set-above-thirteen = a run cannot go past 13 (1 is always low): jokers after { $card } would have to stand for 14 or more
rummy-refused-set-annotation = { $card } cannot stand there in this set
rummy-refused-set-neither = these cards are neither a run nor a group
rummy-refused-card = { $colour } { $number }
rummy-refused-joker = joker
rummy-refused-joker-as = a joker standing for { $card }
rummy-refused-colour-black = black
rummy-refused-colour-blue = blue
rummy-refused-colour-orange = orange
rummy-refused-colour-red = red
## The coach's move as a clause ($cards: the cards laid, as the table shows them; $count: how many).
rummy-coach-draw = The coach would draw a card
rummy-coach-pass = The coach would pass
rummy-coach-lay = The coach would lay { $count ->
    [one] one card: { $cards }
   *[other] { $count } cards: { $cards }
}
rummy-coach-lay-take = The coach would lay { $count ->
    [one] one card: { $cards }
   *[other] { $count } cards: { $cards }
} and take back { $jokers ->
    [one] a joker
   *[other] { $jokers } jokers
}
rummy-coach-why = That leaves { $best ->
    [one] one card
   *[other] { $best } cards
} in your hand; yours leaves { $played }.

## The review: turns in words, and why the better one was better.
rummy-review-draw = drawing a card
rummy-review-timeout = running out of time
rummy-review-rebuild = rebuilding the table
rummy-review-lay = laying { $cards }
rummy-review-lay-take = laying { $cards } and taking back { $jokers ->
    [one] a joker
   *[other] { $jokers } jokers
}
rummy-review-better = Better was { $best }, keeping { $kept ->
    [one] one card
   *[other] { $kept } cards
} in hand: { $win } % to win, where { $played } left { $played_win } %.

## On a phone at a shared table
hand-rummy-cards = { $name } { $cards ->
    [one] 1 card
   *[other] { $cards } cards
}
hand-rummy-pile = pile { $cards }
hand-rummy-first-meld = first meld { $points }
hand-rummy-new-set = New set
hand-rummy-by-colour = By colour
hand-rummy-by-number = By number
hand-rummy-back = Back
hand-rummy-undo = Undo
hand-rummy-play = Play
hand-rummy-draw = Draw

## The variant editor: each option in one line, and how a match ended.
rummy-option-rounds = Rounds in a match.
rummy-option-minutes = Minutes a match is played for, in place of a number of rounds.
rummy-option-turn-seconds = Seconds for each turn, or no clock.
rummy-option-first-meld = Points the first meld must be worth.
rummy-option-jokers = Jokers in the deck.
rummy-end-went-out = a player went out
rummy-end-blocked = the round was blocked
rummy-end-jokers-left = a joker left in hand
