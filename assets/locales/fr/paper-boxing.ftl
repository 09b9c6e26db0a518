# paper-boxing
# L'écran de Paper Boxing : préparation, rounds, résultats.

## Préparation
pb-setup-instructions = Faites glisser les nombres de 1 à 15 sur votre carré — ou touchez un nombre, puis une case. Posez un nombre sur un autre pour les échanger.
pb-setup-placed = { $n } sur 15 placés
pb-shuffle = Mélanger
pb-use-bot = Reprendre le carré du robot
pb-ready = Prêt
pb-setup-waiting = Votre carré est prêt. On attend { $name }…
pb-setup-other = { $name } remplit son carré en secret…
pb-setup-hidden = Chaque carré reste caché jusqu'à ce que les deux joueurs soient prêts.

## On montre les carrés : qui mène le premier round
pb-role-even = pair
pb-role-odd = impair
pb-reveal-corners = Cases de coin en bas à droite : { $a } + { $b } = { $sum }, un nombre { $parity ->
        [even] pair
       *[odd] impair
    } — { $leader } ({ $role }) est le leader du premier coup.
pb-reveal-sackson = Autour du D : { $name0 } { $sum0 }, { $name1 } { $sum1 } — { $leader } a la plus grande somme et mène le premier round.
pb-reveal-sackson-tie = Autour du D : { $sum } chacun, donc les cases de coin décident : { $a } + { $b } = { $total }, un nombre { $parity ->
        [even] pair
       *[odd] impair
    } — { $leader } ({ $role }) est le leader du premier coup.

## Rounds
pb-bout = Round { $n } sur 15
pb-you-lead = Vous menez : allez sur une case verte — touchez-la, ou faites-y glisser votre anneau.
pb-you-follow = { $name } a mené avec { $number }. À vous de répondre : touchez une case verte, ou faites-y glisser votre anneau.
pb-other-leads = { $name } mène ce round…
pb-other-follows = { $leader } a mené avec { $number }. { $name } répond…
pb-secret-choose = Choisissez votre case en secret : touchez-la, ou faites-y glisser votre anneau.
pb-secret-chosen = Vous avez choisi { $number } en secret. On attend { $name }…
pb-secret-other-chosen = { $name } a choisi en secret. À vous.
pb-secret-both = Les deux joueurs choisissent en secret…
pb-bout-won = Round { $n } : { $winner } gagne, { $high } contre { $low }.
pb-bout-draw = Round { $n } : { $number } contre { $number } — round nul ; { $leader } garde l'initiative.
pb-tally = { $name0 } { $w0 } – { $w1 } { $name1 }
pb-ko = { $name } n'a plus de case libre à côté de sa dernière case : KO !
pb-ko-stamp = KO
pb-stuck = { $name } n'a plus de case libre et joue 0.
pb-over-won = { $name } gagne, { $w } rounds à { $l }.
pb-over-tie = { $w } rounds chacun : l'égalité va à { $name }, qui a commencé la partie.
pb-leads = mène
pb-chip-bouts = { $n ->
        [one] { $n } round
       *[other] { $n } rounds
    } · { $role }
pb-refused = Ce coup n'est pas permis : { $reason }

## Jeu parfait
pb-oracle-toggle = Montrer qui gagne en jouant parfaitement
pb-oracle-wins = En jouant parfaitement à partir d'ici, { $name } gagne.
pb-oracle-thinking = Calcul du jeu parfait…

## Menu
pb-menu = Menu
pb-resume = Reprendre
pb-how-to = Règles du jeu
pb-settings = Réglages
pb-leave = Quitter la partie

## Résultats
pb-col-bouts = Rounds gagnés
pb-col-role = Pair/impair
pb-col-first = A commencé
pb-col-end = Fin
pb-end-ko = perdu par KO
pb-end-ko-other = gagné par KO
pb-end-stuck = bloqué, a joué 0
pb-end-full = les 15 rounds
pb-yes = oui
pb-no = —
pb-note-won = { $name } a gagné { $w } rounds à { $l }.
pb-note-tie = { $w } rounds chacun : en cas d'égalité, c'est celui qui a commencé la partie qui gagne, { $name }.
pb-note-draws = { $n ->
        [one] Un round a été nul.
       *[other] { $n } rounds ont été nuls.
    }
pb-note-ko = { $name } a perdu par KO au round { $n } : plus de case libre à côté de sa dernière case. Un KO fait perdre, quel que soit le nombre de rounds gagnés.
pb-note-stuck = { $name } n'avait plus de case libre à partir du round { $n } et a joué 0 ensuite.
