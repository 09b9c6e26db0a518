# paper-boxing

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
paper-boxing-refused-role-leader = leader
paper-boxing-refused-role-follower = second joueur
paper-boxing-refused-already-chosen = { $seat } a déjà choisi sa case pour ce round.
paper-boxing-refused-stuck = { $seat } n’a plus de case libre à côté de la fin de sa ligne et joue 0 aux rounds restants.
paper-boxing-refused-off-grid = La case rangée { $row }, colonne { $col } n’est pas sur le carré (rangées et colonnes vont de 1 à 4).
paper-boxing-refused-used = La case rangée { $row }, colonne { $col } est déjà sur votre ligne : chaque case ne sert qu’une fois.
paper-boxing-refused-not-adjacent = La case rangée { $row }, colonne { $col } n’est pas adjacente à la fin de votre ligne (rangée { $from_row }, colonne { $from_col }) : allez sur l’une des huit cases autour.
