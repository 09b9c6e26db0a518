# Saved matches, history, statistics, kiosk mode and the settings that go with them.

## Why a saved match cannot be continued (fills { $reason } below)
problem-unreadable = the file cannot be read ({ $reason })
problem-garbage = it is not a saved match Parlour can read
problem-truncated = the file is cut short
problem-newer = it was made by a newer version of Parlour
problem-unknown-game = it is a match of an unknown game, “{ $game }”
problem-refused = the rules refuse it: { $reason }

## Files that did not read, on the title screen
warning-settings = The settings could not be read ({ $reason }), so the defaults are in use. The file was set aside as { $file }.
file-unreadable-cut-short = the file is empty or cut short
file-unreadable-value = an entry in it has a value Parlour does not know
file-unreadable-garbled = its text is not written the way Parlour writes it
file-unreadable-not-text = the file is not text
file-unreadable-io = the system could not read it: { $reason }
warning-statistics = The statistics could not be read ({ $reason }), so counting starts again. The file was set aside as { $file }.
warning-save = The saved match cannot be continued: { $reason }. The file was set aside as { $file }.
warning-save-stuck = The saved match cannot be continued: { $reason }. It could not be set aside, so it is left as it is and no match is saved over it.
warning-unsaved = This match could not be saved ({ $reason }): play on, but if Parlour closes, its latest moves are lost.
warning-variant = The variant file { $file } was not loaded: { $reason }. The other variants are offered as usual.
warning-dismiss = OK
warning-history = A finished match in the history cannot be read ({ $reason }). The file was set aside as { $file }.
warning-settings-page = The settings kept in this browser could not be read and were set aside: the defaults are in use.
warning-statistics-page = The statistics kept in this browser could not be read and were set aside: counting starts again.
warning-save-page = A saved match in this browser could not be read and was set aside.
warning-save-stuck-page = A saved match in this browser could not be read; it is kept as it is, and no match is saved over it.
warning-history-page = A finished match in this browser’s history could not be read and was set aside.

## While the match on the table cannot be saved: one line along the bottom
saving-fails = This match is not being saved: { $reason }. Play on.
unsaved-full = the disk is full
unsaved-full-page = this browser’s storage for Parlour is full
unsaved-refused = Parlour may not write to its folder
unsaved-refused-page = this browser lets the page keep nothing

## Continue
seat-default-name = Player { $number }
continue-heading = Continue your { $game } match
continue-detail = { $names } · { $moves ->
    [one] { $moves } move played
   *[other] { $moves } moves played
}
continue = Continue
setup-replace-heading = A new match replaces your unfinished { $game } match
setup-replace-detail = Starting now ends it for good: it will not be in the history. Continue it instead, or go back.
setup-replace-start = Start the new match

## History and replays
history = History
history-about = The latest finished matches, newest first.
history-empty = No finished matches yet.
history-unreadable = { $n ->
    [one] One file that no longer reads is not shown.
   *[other] { $n } files that no longer read are not shown.
}
history-winner = { $name }: { $score } (won)
history-seat = { $name }: { $score }
history-watch = Watch
history-review = Review
home-back = Back
ago-now = just now
ago-minutes = { $n ->
    [one] a minute ago
   *[other] { $n } minutes ago
}
ago-hours = { $n ->
    [one] an hour ago
   *[other] { $n } hours ago
}
ago-days = { $n ->
    [one] yesterday
   *[other] { $n } days ago
}
replay-title = Replay
replay-progress = Move { $n } of { $total }
replay-stop = Stop watching

## Statistics
statistics = Statistics
statistics-empty = No statistics yet: they are counted at the end of every match people play.
statistics-name = Name
statistics-game = Game
statistics-played = Played
statistics-won = Won
statistics-best = Best score

## Settings
home-settings = Settings
home-on = On
home-off = Off
settings-sound = Sound
settings-sound-not-built = (not in this build)
settings-colour-blind = Colour-blind card faces
settings-reduce-motion = Reduce motion
settings-text-size = Text size
text-size-small = Small
text-size-normal = Normal
text-size-large = Large
text-size-extra-large = Extra large
settings-kiosk = Kiosk mode
settings-kiosk-unlock = Unlock…
settings-idle = Idle timeout (kiosk)
settings-idle-unit = { " " }min
settings-kiosk-lessons = A touch on the demo starts a lesson (kiosk)
settings-kiosk-phones = Phones join from the demo (kiosk)
settings-pin = Kiosk PIN
settings-pin-set = Set a PIN
settings-pin-change = Change the PIN
settings-pin-remove = Remove

## The PIN pad
pin-leave = Close Parlour
pin-unlock = Unlock the kiosk settings
pin-choose = Choose a new PIN
pin-wrong = Wrong PIN — try again.
pin-none-set = No PIN is set: tap OK.
pin-kiosk-needs-one = Staff type it to close the kiosk.
pin-clear = Clear
pin-ok = OK
pin-cancel = Cancel

## The on-screen keyboard for names
keyboard-names = Played before
keyboard-space = space
