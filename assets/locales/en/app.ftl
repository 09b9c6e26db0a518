# The app's shared words: menus, set-up, hand-over, results, settings.
app-title = Parlour
app-subtitle = Three tabletop games for one screen

## The games, as the title screen shows them

game-neighbours = Neighbours
game-neighbours-tagline = Lay digits next to their neighbours: 4 beside 3 and 5.
game-paper-boxing = Paper Boxing
game-paper-boxing-tagline = Hide 1 to 15 in a grid, then box it out bout by bout.
game-rummy = Rummy
game-rummy-tagline = Runs and groups, 40 to open, rebuild the whole table.

## Buttons found on several screens

button-play = Play
button-how-to-play = How to play
button-learn = Learn
# The lesson's words panel (a guided first match, "Learn" on a game's card).
lesson-step = step { $n } of { $of }
lesson-next = Next
lesson-show-me = Show me
lesson-skip = Skip
lesson-bot-thinking = { $name } is thinking…
lesson-learnt = What you learnt
lesson-real-match = Play a real match
lesson-you-win = You win!
lesson-you-share = You share the win!
lesson-not-this-step = The rules allow that, but this step asks for another move: the lesson’s words say which.
lesson-wait = Not yet: read the words and press Next, or wait for the other player’s move.
# Offered once, on a game's first Play on this device.
offer-heading = New to { $game }?
offer-detail = A guided match against a bot teaches it as you play, in a few minutes. You can leave it at any step.
offer-learn = Learn as I play
offer-set-up = Set up a match
button-settings = Settings
button-back = Back
button-start = Start
button-done = Done

## Match set-up

setup-title = New match of { $game }
setup-seat = Seat { $number }
setup-person = Person
setup-bot = Bot: { $level }
setup-add-seat = + Add a seat
setup-variant = Variant
setup-variant-custom = { $name }, with the table’s own rules
# The name given to a seat left without one.
setup-default-name = Player { $number }
# The first seat's name at start-up.
setup-you = Player 1

# The bots' levels (a game uses some of them).
bot-random = Random
bot-greedy = Greedy
# Rummy: plays by fixed rules of thumb on top of the exact solver (the
# searching expert is stronger).
bot-heuristic = Methodical
bot-expert = Expert
# Paper Boxing's solver: its grid is drawn from the set-up game's equilibrium
# mix, and it plays perfectly once the grids are shown.
bot-solver = Perfect

# A variant every game has.
variant-standard = Standard

## Hand-over between two people's turns

hand-over-title = Pass to { $name }
hand-over-hint = Tap when ready — your hand stays hidden until then.
hand-over-ready = I am { $name }

## Results

results-over = The match is over
results-wins = { $name } wins!
results-share = { $names } share the win!
# A list of names: "Ada, Bram and Cleo".
list-and = { $first } and { $last }
results-play-again = Play again
results-back-to-title = Back to title
results-see-table = See the table
results-show-sheet = Results

## The menu during a match

menu-title = Menu
menu-resume = Resume
menu-leave = Leave match

## Settings

settings-title = Settings
settings-animation-speed = Animation speed
settings-hints = Hints
settings-hint-kind = Hints show
settings-hint-kind-now = Most now
settings-hint-kind-match = Best for the match
settings-hint-kind-about = Rummy's hint: the most cards you can lay now, or the play the search rates best for the whole match (it thinks as long as the bots).
settings-bot-strength = Bot strength
settings-bot-strength-quick = Quick
settings-bot-strength-strong = Strong
settings-bot-strength-about = How long the bots think: quick ≈ 0.05 s a move, strong ≈ 0.2 s.
settings-coach = Coach
settings-coach-off = Off
settings-coach-warn = Warn
settings-coach-explain = Explain
settings-coach-about = Before you play a clearly worse move, the coach shows you its own: one that loses 10 points or more, each percentage point of your chance to win counting as one (in Neighbours, each point of score at the end too), or one that lets a sure win go. Explain adds why.
settings-language = Language
setup-play-for = Play for
setup-rounds-unit = rounds
setup-play-for-or = or
setup-minutes-unit = minutes

## How to play: each game's page, section by section

how-to-title = How to play { $game }

how-neighbours-aim-heading = The aim
how-neighbours-aim = Score the most points by laying digit tokens next to their neighbours.
how-neighbours-setup-heading = Setting up
how-neighbours-setup = 50 tokens, five of each digit 0–9, are drawn blind. One goes on the centre cell. Everyone draws five and keeps them hidden.
how-neighbours-turn-heading = Your turn
how-neighbours-turn = Lay one token on an empty cell beside a token on the board — up, down, left or right, never diagonally. Its digit must be one more or one less than EVERY token it touches: a 5 fits between a 4 and a 6. 0 sits between 9 and 1. Then draw a new token.
how-neighbours-points-heading = Points
how-neighbours-points = The token's digit (0 counts 10) times the number of tokens it touches, plus 5 on a K cell or 10 on an x cell. A 0 between a 9 and a 1 on an x cell: 10 × 2 + 10 = 30.
how-neighbours-passing-heading = Passing
how-neighbours-passing = If you cannot lay any token you pass. If you can, you must.
how-neighbours-end-heading = The end
how-neighbours-end = The game ends when someone has laid all their tokens, or when nobody can lay one. Tokens still in a hand cost three times their value. Highest score wins; a tie shares the win.

how-paper-boxing-aim-heading = The aim
how-paper-boxing-aim = Win more of the 15 bouts than your opponent.
how-paper-boxing-setup-heading = Setting up
how-paper-boxing-setup = Each player writes the numbers 1 to 15 in secret in a 4 × 4 grid whose top-left corner is the start, D. Then the grids are shown. Add the two bottom-right numbers: if the sum is even, the player called Even leads first; if odd, Odd does.
how-paper-boxing-bout-heading = A bout
how-paper-boxing-bout = The leader draws a line from their last cell to a neighbouring unused cell — across, up, down or diagonally. Then the other player does the same on their own grid. The higher number wins the bout and leads the next; a draw keeps the lead.
how-paper-boxing-end-heading = The end
how-paper-boxing-end = After 15 bouts the player with more bouts wins; a tie goes to the first leader. A player who has to move but has no unused neighbour loses at once by knock-out.

how-rummy-aim-heading = The aim
how-rummy-aim = Be the first to lay down all your cards.
how-rummy-cards-heading = Cards
how-rummy-cards = 108 cards: 1 to 13 in black, blue, orange and red, two of each, and 4 jokers. Each colour also has its own symbol.
how-rummy-sets-heading = Sets
how-rummy-sets = A run is three or more consecutive cards of one colour (1 is always low). A group is three or four cards of one number in different colours. A joker stands in for any card.
how-rummy-turn-heading = Your turn
how-rummy-turn = Lay down sets from your hand, and rebuild the table as you like — split, join, move cards — as long as every set is valid at the end and every table card stays on the table. Lay nothing and you draw a card. Each turn has 2 minutes.
how-rummy-first-meld-heading = First meld
how-rummy-first-meld = Your first cards down must come from your hand alone, in new sets worth 40 points or more.
how-rummy-scoring-heading = Scoring
how-rummy-scoring = When someone lays their last card, the others count their hands (a joker costs 25) as minus points; the winner scores their sum.

## Moves refused by the table rather than by a game's rules

refused-animating = Wait: the last move is still being shown.
refused-round-over = The round is over: continue to the next round first.
refused-no-match = No match is being played.
## The coach's question before a mistake: coach-would-play makes the clause of a move in words ($best); coach-question puts the clause ($would) before what it gains ($gain).
coach-title = The coach
coach-would-play = The coach would play { $best }
coach-question = { $would } ({ $gain }).
coach-gain-chance = +{ $points } % chance to win
coach-gain-points = +{ $points } points at the end
coach-gain-both = +{ $chance } % chance to win, +{ $points } points at the end
coach-play-anyway = Play yours anyway
coach-take-back = Take it back

## The review of a finished match.
results-review = Review this match
review-unknown-game = This version of Parlour does not know the game “{ $game }”: it cannot review it.
review-refused = This match cannot be reviewed: { $reason }
review-title = Review · { $game }
review-leave = Back
review-weighing = Weighing the moves: { $n } of { $total }
review-weighing-frames = Weighing the moves: { $n } of { $total } · { $ms } ms a frame
review-at = { $n } of { $total } played
review-end = The match is over.
review-not-yet = Not weighed yet…
review-unweighed = Not weighed: { $reason }
review-move-line = { $n }. { $name }: { $words }
review-was-best = { $grade }: the move the analysis rates best.
review-forced = Forced: the only move the rules allowed.
review-decided = Already decided: no move would have changed the result.
grade-best = Best
grade-good = Good
grade-inaccuracy = Inaccuracy ?!
grade-mistake = Mistake ?
grade-blunder = Blunder ??
grade-forced = Forced
grade-decided = Already decided
review-accuracy = { $name }: { $accuracy } % accuracy · { $rating }
rating-master = master
rating-expert = expert
rating-strong = strong player
rating-club = club player
rating-learner = learner
rating-beginner = beginner
review-luck = Luck of the draw: { $luck } points (± { $se })
review-moves = Moves
review-chart = Chance to win
review-chance = { $win } % to win
review-learn = Learn from your mistakes ({ $n })
review-learn-wait = Learn from your mistakes (once every move is weighed)
review-lesson-title = Position { $n } of { $total }
review-lesson-ask = { $name } played { $played } here. Find a better move on the table.
review-lesson-weighing = Weighing your move…
review-lesson-found = Well found: within { $loss } points of the best.
review-lesson-missed = Not quite: { $loss } points below the best. Try again, or tap Show me.
review-lesson-shown = The better move: { $best }.
review-show-me = Show me
review-skip = Skip
review-lesson-done = Done
review-lesson-back = Back to the review
review-lesson-how = A move within 5 points of the best is accepted.

## A seat at a shared table, on a phone
hand-title = Joining the table
hand-connecting = Joining the table…
hand-away = The connection dropped: coming back to your seat…
hand-try-again = Try again
hand-your-name = Your name
hand-tap-for-name = Tap to write your name
hand-name-first = Write your name, then tap a free seat.
hand-no-seat = Every seat is taken: you can watch on the table's screen.
hand-seat = Seat { $number } · { $who }
hand-seat-open = free: sit here
hand-seat-away = { $name } (away)
hand-your-turn = Your turn
hand-sent = Sent…
hand-waiting = Waiting for { $name }
hand-waiting-phone = Waiting for { $name }’s phone
hand-you-win = You win!
hand-wins = { $names } wins
hand-no-hand = This device cannot show a hand of { $game }.
hand-unreadable = The table sent something this device cannot read: load the page again.
hand-pass = No token fits: pass
hand-seat-free = Seat { $number }
hand-table-join = Phones join at { $address }/?join
hand-attract-scan = Scan to play { $game } on your phone
hand-table-thinking = Thinking…
hand-table-scan = Scan with a phone to sit at seat { $number }
hand-close-table = Close the table
hand-seat-ask = { $name } (away): ask to sit here
hand-asking = Asking the table for seat { $number }: someone at the table's screen lets you sit, or keeps it for its player.
hand-stop-asking = Pick another seat
hand-table-asks = { $name } asks to sit here
hand-table-let-sit = Let { $name } sit
hand-table-keep = Keep it for { $name }
hand-table-bot-plays = A bot plays it
hand-table-open = Open for a phone
hand-table-play-here = Play this seat at this screen
hand-here-seat = Played at this screen
hand-here-turn = { $name }’s turn, at this screen
hand-here-whose = { $name }’s hand — keep it to yourself
hand-here-hide = Hide my hand
host-refused-no-seat = A device with no seat makes no moves.
host-refused-stale = That move was made at move { $made }, and the match is at move { $now }: it was not played.
host-refused-no-answer = The table did not answer that move: try again.
host-refused-hint-no-seat = A device with no seat has no hand to hint at.
host-refused-hint-not-your-turn = A hint is for your own turn.
host-refused-weigh-no-seat = A device with no seat has no move for the coach to weigh.
host-refused-weigh-not-your-turn = The coach weighs a move on your own turn.
hand-hint = Hint
hand-hint-thinking = Thinking…
hand-coach-off = Coach: off
hand-coach-on = Coach: on — it speaks up before a mistake
hand-coach-weighing = The coach is looking at your move…
hand-coach-says = The coach would play another move ({ $gain }). Take yours back to see it laid out.
host-refused-screen-key = That is not the key of this table's screen.
host-refused-no-name = A seat needs a name.
host-refused-no-such-seat = This table has no seat { $number }.
host-refused-seat-taken = Seat { $number } is taken.
host-refused-every-seat-taken = Every seat at this table is taken.
host-refused-unknown-key = This table no longer knows this phone's seat: the match may be over, or the seat given to another.
host-refused-asked-already = Another phone has asked for seat { $number } already.
host-refused-only-screen = Only the table's own screen gives seats.
host-refused-asker-gone = The phone asking for seat { $number } has gone.
host-refused-nobody-asks = Nobody is asking for seat { $number }.
host-refused-bot-already = A bot plays seat { $number } already.
host-refused-phone-here = Seat { $number }'s phone is here: it plays.
host-refused-match-over = The match is over.
host-refused-not-a-bots = Seat { $number } is not a bot's: only a bot's seat opens for a phone.
host-closed-taken-again = This seat was taken up again on another device.
host-closed-came-back = { $name }'s phone came back to seat { $number }.
host-closed-kept = The table kept seat { $number } for { $name }.
host-closed-bot-now = A bot plays seat { $number } now.
host-closed-stopped = The table's host has stopped.
host-closed-table = The table has closed.
host-closed-version = This table speaks version { $host } of Parlour's protocol and this page version { $device }: load the page again.
host-closed-too-many = Too many messages from this device: the table let it go.
setup-with-phones = Play with phones
setup-with-phones-how = Each person plays from their own phone: this screen shows the table and a code to scan for each seat.
rummy-hint-first-meld-short = Hint — your best first meld is worth { $worth }; it needs { $needs }, so draw a card.
