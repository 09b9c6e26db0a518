app-title = Parlour
hand-over-pass = Giv videre til { $name } — tryk når du er klar
settings-language = Sprog
setup-rounds = Runder
