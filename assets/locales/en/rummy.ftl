# Rummy: the play screen.
rummy-menu = Menu
rummy-menu-resume = Resume
rummy-menu-how-to-play = How to play
rummy-menu-settings = Settings
rummy-menu-leave = Leave match
rummy-seat-line = { $points } pts · { $cards ->
    [one] one card
   *[other] { $cards } cards
}
rummy-round-pile = Round { $round }/{ $rounds } · pile { $pile }
rummy-joker = joker
rummy-sort-colour = ▲◆ Colour
rummy-sort-number = 1–13 Number
rummy-undo = Undo turn
rummy-hint = Hint
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
rummy-swap-offer = You hold { $card }: drop it on the joker to take the joker.
rummy-round-over = Round { $round } is over
rummy-col-hand = Left in hand
rummy-col-round = Round
rummy-col-total = Total
rummy-col-round-n = Round { $round }
rummy-next-round = Next round
rummy-note-went-out = Round { $round }: { $name } went out.
rummy-note-blocked = Round { $round }: the pile ran out; the lowest hand won.
rummy-note-scoring = Cards left in a hand count against their holder (a joker { $joker }); the round's winner scores what the others hold.
rummy-hint-shown = The best play is laid out: end your turn, or undo it.
rummy-hint-draw = Nothing can be laid this turn: draw a card.
