# paper-boxing
# L'écran de Paper Boxing : préparation, rounds, résultats.

## Préparation
pb-setup-instructions = Faites glisser les nombres de 1 à 15 sur votre carré — ou touchez un nombre, puis une case. Posez un nombre sur un autre pour les échanger.
pb-setup-placed = { $n } sur 15 placés
pb-shuffle = Mélanger
pb-use-bot = Reprendre le carré de l’IA
pb-shuffle-rest = Mélanger le reste
pb-replace-ask = { $with ->
        [bot] Remplacer vos nombres par le carré de l’IA ?
       *[shuffle] Mélanger le carré que vous avez écrit ?
    }
pb-replace = Remplacer
pb-keep-mine = Garder le mien
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
    } — { $leader } ({ $role }) est le meneur du premier round.
pb-reveal-sackson = Autour du D : { $name0 } { $sum0 }, { $name1 } { $sum1 } — { $leader } a la plus grande somme et mène le premier round.
pb-reveal-sackson-tie = Autour du D : { $sum } chacun, donc les cases de coin décident : { $a } + { $b } = { $total }, un nombre { $parity ->
        [even] pair
       *[odd] impair
    } — { $leader } ({ $role }) est le meneur du premier round.

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
pb-tally = { $name0 } · { $w0 } – { $w1 } · { $name1 }
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

## Jeu parfait
pb-oracle-toggle = Montrer qui gagne en jouant parfaitement
pb-oracle-wins = En jouant parfaitement à partir d'ici, { $name } gagne.
pb-oracle-thinking = Calcul du jeu parfait…

## Menu

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

## --- Refus : pourquoi les règles refusent un coup (paper_boxing::RuleError de parlour_core).
## Gardez ce bloc à la fin du fichier ; les mots de l'écran vont au-dessus.
## Les places ($seat, $to_move) sont des noms de joueurs ; rangées et colonnes comptent à partir de 1.

paper-boxing-refused-players = La boxe sur papier se joue à 2 joueurs exactement, pas { $players }.
paper-boxing-refused-deal-grids = La donne doit comporter 2 carrés, un par joueur, pas { $grids }.
paper-boxing-refused-deal-even = La place « pair » doit être 0 ou 1, pas { $seat }.
paper-boxing-refused-grid-size = Un carré compte 16 nombres, rangée par rangée, avec 0 pour le D, pas { $size }.
paper-boxing-refused-grid-corner = La case du coin en haut à gauche porte le D, écrit 0, pas { $number }.
paper-boxing-refused-grid-second-d = Le D ne va que dans le coin en haut à gauche, mais la case rangée { $row }, colonne { $col } le porte aussi.
paper-boxing-refused-grid-number = { $number } n’est pas un nombre de 1 à 15.
paper-boxing-refused-grid-repeated = Le carré contient deux fois le { $repeated } et aucun { $missing } : chaque nombre de 1 à 15 doit y figurer une seule fois.
paper-boxing-refused-over = La partie est terminée.
paper-boxing-refused-no-seat = Il n’y a pas de place { $seat } : les places sont 0 et 1.
paper-boxing-refused-set-up-over = Les carrés sont déjà remplis : chaque coup trace maintenant une ligne vers une case.
paper-boxing-refused-already-filled = { $seat } a déjà rempli son carré.
paper-boxing-refused-set-up-not-complete = La mise en place n’est pas finie : les deux joueurs doivent remplir leur carré avant le premier round.
paper-boxing-refused-not-your-turn = C’est à { $to_move } de jouer ({ $role } du round { $bout }), pas à { $seat }.
paper-boxing-refused-role-leader = meneur
paper-boxing-refused-role-follower = second joueur
paper-boxing-refused-already-chosen = { $seat } a déjà choisi sa case pour ce round.
paper-boxing-refused-stuck = { $seat } n’a plus de case libre à côté de la fin de sa ligne et joue 0 aux rounds restants.
paper-boxing-refused-off-grid = La case rangée { $row }, colonne { $col } n’est pas sur le carré (rangées et colonnes vont de 1 à 4).
paper-boxing-refused-used = La case rangée { $row }, colonne { $col } est déjà sur votre ligne : chaque case ne sert qu’une fois.
paper-boxing-refused-not-adjacent = La case rangée { $row }, colonne { $col } n’est pas adjacente à la fin de votre ligne (rangée { $from_row }, colonne { $from_col }) : allez sur l’une des huit cases autour.
## Le coach : un pas en mots ; rangées et colonnes comptent à partir de 1.
pb-coach-move = le { $number } en rangée { $row }, colonne { $col }
pb-coach-why = Si chacun joue parfaitement à partir d’ici, ce pas { $best } ; le vôtre { $played }.
pb-coach-why-mix = Contre le meilleur mélange de cases de l’autre, ce pas gagne { $best } % du temps ; le vôtre { $played } %.
pb-coach-wins-ko = gagne par KO
pb-coach-loses-ko = perd par KO
pb-coach-wins-tie = gagne à égalité, comme premier meneur
pb-coach-loses-tie = perd à égalité
pb-coach-wins-by = gagne { $bouts ->
    [one] d’un round
   *[other] de { $bouts } rounds
}
pb-coach-loses-by = perd { $bouts ->
    [one] d’un round
   *[other] de { $bouts } rounds
}

## L’analyse : les coups en mots, et pourquoi le meilleur valait mieux.
pb-review-grid = le carré écrit
pb-review-step = le pas vers la case rangée { $row }, colonne { $col }
pb-review-better = Mieux valait { $best } : avec un jeu parfait des deux, il { $worth }, quand { $played } { $played_worth }.
pb-review-better-grid = Un autre carré, que les bots écrivent souvent pour ce rôle, faisait mieux contre les leurs : { $win } % de chances de gagner, quand le carré écrit en avait { $played_win } %. Ses nombres sont en violet à côté des cases où ils diffèrent.
pb-review-wins = gagne { $n ->
    [one] d’un round
   *[other] de { $n } rounds
}
pb-review-loses = perd { $n ->
    [one] d’un round
   *[other] de { $n } rounds
}
pb-review-wins-ko = gagne par K.-O.
pb-review-loses-ko = perd par K.-O.
pb-review-wins-tie = gagne à égalité, en premier meneur
pb-review-loses-tie = perd à égalité

## Sur un téléphone à une table partagée
hand-pb-write = Écrivez votre grille : touchez deux nombres pour les échanger. Personne d’autre ne la voit.
hand-pb-shuffle = Mélanger
hand-pb-shuffle-ask = Mélanger et perdre vos échanges ?
hand-pb-ready = Prêt
hand-pb-waiting-grid = Votre grille est remise. On attend celle de { $name }…
hand-pb-chosen = Vous avez choisi { $number } : on attend le pas de l’autre.
hand-pb-bout = Round { $bout } · gagnés { $wins }, perdus { $losses }
hand-pb-their-grid = Grille de { $name }
hand-pb-grid-in = { $name } a écrit sa grille.
hand-pb-grid-writing = { $name } écrit sa grille…
hand-pb-at-table = { $name } · { $wins } gagnés

## L’éditeur de variantes : chaque option en une ligne, et comment une partie s’est terminée.
paper-boxing-option-first-lead = Qui mène le premier round.
paper-boxing-option-first-lead-even-odd = Pair ou impair : les deux coins en bas à droite décident
paper-boxing-option-first-lead-sackson = Sackson : la plus grande somme autour du D mène
paper-boxing-option-bouts = Comment les deux joueurs avancent à chaque round.
paper-boxing-option-bouts-led = Le meneur joue d’abord, à découvert
paper-boxing-option-bouts-simultaneous = Les deux choisissent en secret, puis révèlent
paper-boxing-end-ko = KO
paper-boxing-end-tie = rounds partagés, le premier meneur gagne
paper-boxing-end-bouts = gagné aux rounds
