# The app's shared words: menus, set-up, hand-over, results, settings.
app-title = Parlour
hand-over-pass = Pass to { $name } — tap when ready
settings-language = Language
setup-rounds = Rounds
