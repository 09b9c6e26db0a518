app-title = Parlour
hand-over-pass = Passez à { $name } — touchez quand vous êtes prêt
settings-language = Langue
setup-rounds = Manches
