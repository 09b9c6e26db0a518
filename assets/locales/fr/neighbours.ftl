# Voisins : l'écran de jeu, ses résultats et ses variantes.
neighbours-hud-score = { $points ->
    [one] { $points } pt
   *[other] { $points } pts
} · { $tokens ->
    [one] { $tokens } jeton
   *[other] { $tokens } jetons
}
neighbours-bag = en banque
neighbours-must-pass = Aucun coup possible — vous passez votre tour
neighbours-pass = Passer
neighbours-passed = { $name } ne peut pas jouer et passe son tour

neighbours-results-points = Points
neighbours-results-penalty = Pénalité
neighbours-results-final = Total
neighbours-results-left = Restés en main
neighbours-results-left-tokens = { $n ->
    [one] 1 jeton : { $digits }
   *[other] { $n } jetons : { $digits }
}
neighbours-results-note = Les jetons restés en main coûtent { $times } fois leur valeur (le 0 compte pour 10).

neighbours-variant-standard = Standard
neighbours-variant-any-neighbour = Un seul voisin suffit
neighbours-variant-diamond = Tableau en losange
neighbours-variant-gentle-penalty = Pénalité douce

## Pourquoi les règles refusent un coup (neighbours::RuleError de parlour_core).
## Les places ($seat, $to_move) sont des noms de joueurs ; rangées et colonnes comptent à partir de 1.

neighbours-refused-players = Voisins se joue de 2 à 4 joueurs, pas { $players }.
neighbours-refused-config = Cette variante ne peut pas être jouée : { $detail }
neighbours-refused-deal-count = La donne doit contenir exactement { $expected } jetons de chaque chiffre, mais elle a { $found } jetons du chiffre { $digit }.
neighbours-refused-not-a-digit = { $digit } n’est pas un chiffre de 0 à 9.
neighbours-refused-deal-hands = La donne doit comporter { $players } mains de { $size } jetons.
neighbours-refused-deal-first = La première place doit être entre 0 et { $last }.
neighbours-refused-over = La partie est terminée.
neighbours-refused-no-seat = Il n’y a pas de place { $seat }.
neighbours-refused-not-your-turn = C’est à { $to_move } de jouer, pas à { $seat }.
neighbours-refused-not-in-hand = Vous n’avez pas de { $digit } en main.
neighbours-refused-off-board = La case rangée { $row }, colonne { $col } n’est pas sur le tableau.
neighbours-refused-occupied = Cette case porte déjà un jeton.
neighbours-refused-isolated = Un jeton doit toucher, horizontalement ou verticalement, un jeton déjà posé.
neighbours-refused-not-consecutive = Le { $digit } ne peut pas aller à côté du { $neighbour } : les chiffres voisins doivent être consécutifs (le 0 va entre le 9 et le 1).
neighbours-refused-no-consecutive-neighbour = Le { $digit } n’est consécutif à aucun des jetons qu’il touche.
neighbours-refused-must-place = Vous pouvez placer un jeton, vous devez donc jouer : seul un joueur qui ne peut rien placer passe son tour.
## Le coach : une pose en mots ; rangées et colonnes comptent à partir de 1.
neighbours-coach-move = le { $digit } en rangée { $row }, colonne { $col }
neighbours-coach-pass = Le coach passerait son tour
neighbours-coach-why = Il marque { $best } points maintenant contre { $played } pour le vôtre, et finit la partie environ { $later } points mieux pour vous.

## L’analyse : les coups en mots, et pourquoi le meilleur valait mieux.
neighbours-review-place = le { $digit } en rangée { $row }, colonne { $col }
neighbours-review-pass = passe son tour
neighbours-review-better = Mieux valait { $best } : il marquait { $points } points tout de suite et gardait { $win } % de chances de gagner, quand { $played } marquait { $played_points } et laissait { $played_win } %.
neighbours-review-better-bonus = Mieux valait { $best } : il prenait la case bonus pour { $points } points tout de suite et gardait { $win } % de chances de gagner, quand { $played } marquait { $played_points } et laissait { $played_win } %.

## L’éditeur de variantes : chaque option en une ligne, et comment une partie s’est terminée.
neighbours-option-penalty = Un jeton resté en main à la fin coûte autant de fois sa valeur.
neighbours-option-adjacency = À quels voisins un jeton doit être consécutif.
neighbours-option-adjacency-every = Tous ses voisins
neighbours-option-adjacency-any = Au moins un voisin
neighbours-option-hand = Jetons dans chaque main.
neighbours-option-copies = Jetons de chaque chiffre dans le sac.
neighbours-option-board = Le tableau : sa taille, sa case de départ S, ses cases +5 K et ses cases +10 x.
neighbours-end-went-out = une main vidée
neighbours-end-blocked = personne ne pouvait poser
neighbours-end-tokens-left = des jetons restés en main
