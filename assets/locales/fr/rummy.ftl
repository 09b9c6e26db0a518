# Rummy : l'écran de jeu.
rummy-seat-line = { $points ->
    [one] { $points } pt
   *[other] { $points } pts
} · { $cards ->
    [0] aucune carte
    [one] une carte
   *[other] { $cards } cartes
}
rummy-round-pile = Manche { $round }/{ $rounds } · pioche { $pile }
rummy-round-time-left = Manche { $round } · reste { $time } · pioche { $pile }
rummy-round-last = Manche { $round } (dernière) · temps écoulé · pioche { $pile }
rummy-round-time-up = Manche { $round } · temps écoulé
rummy-time-up-summary = Le temps est écoulé : aucune nouvelle manche ne commence.
rummy-to-results = Voir les résultats
rummy-col-rounds-won = Manches gagnées
rummy-note-time-up = Partie en { $minutes } minutes : le temps était écoulé à la fin de la manche { $rounds }, aucune nouvelle manche n’a donc commencé.
rummy-joker = joker
rummy-sort-colour = ▲◆ Couleur
rummy-sort-number = 1–13 Valeur
rummy-undo = Annuler le tour
rummy-hint = Conseil
rummy-hint-thinking = Réflexion…
rummy-draw = Piocher
rummy-end-turn = Finir le tour
rummy-not-your-turn = Attendez votre tour pour toucher la table ; vous pouvez trier votre main en attendant.
rummy-freed-joker = Un joker gagné par échange reste dans votre main jusqu'à un prochain tour.
rummy-drew = { $name } pioche une carte.
rummy-passed = { $name } passe : la pioche est vide.
rummy-opened = { $name } ouvre avec { $cards ->
    [one] une carte
   *[other] { $cards } cartes
} valant { $value }.
rummy-laid = { $name } pose { $cards ->
    [one] une carte
   *[other] { $cards } cartes
}.
rummy-timeout-undone = Temps écoulé pour { $name } : le tour est annulé, { $cards } pioché(s).
rummy-timeout-kept = Temps écoulé pour { $name } : les combinaisons valides restent ({ $cards } cartes posées).
rummy-went-out = { $name } pose sa dernière carte et gagne la manche !
rummy-blocked = La pioche est vide et personne ne peut jouer : la main la plus faible gagne la manche.
rummy-waiting = { $name } joue…
rummy-your-turn = À vous : posez des cartes et réarrangez la table, ou piochez.
rummy-ready = Prêt : finissez votre tour.
rummy-first-meld = Première pose : { $value } / { $threshold }
rummy-set-invalid = Combinaison { $set } : { $reason }
rummy-swap-offer = Vous avez la carte { $card } : posez-la sur le joker pour le prendre.
rummy-round-over = Fin de la manche { $round }
rummy-col-hand = Reste en main
rummy-col-round = Manche
rummy-col-total = Total
rummy-col-round-n = Manche { $round }
rummy-next-round = Manche suivante
rummy-note-went-out = Manche { $round } : { $name } a fini sa main.
rummy-note-blocked = Manche { $round } : la pioche s'est vidée ; la main la plus faible a gagné.
rummy-note-scoring = Les cartes restées en main comptent contre leur joueur (un joker { $joker }) ; le gagnant de la manche marque ce que les autres ont en main.
rummy-hint-shown = Conseil — le plus de cartes à poser maintenant : finissez votre tour, ou annulez-le.
rummy-hint-draw = Conseil — le plus de cartes à poser maintenant : aucune ce tour-ci, piochez une carte.
rummy-hint-match-shown = Conseil — le coup que la recherche juge le meilleur pour la partie (il peut garder des cartes en main) : finissez votre tour, ou annulez-le.
rummy-hint-match-draw = Conseil — la recherche juge que piocher une carte est le meilleur pour la partie.
# rummy

## --- Refus : pourquoi les règles refusent un coup (rummy::RuleError et rummy::SetError de parlour_core).
## Gardez ce bloc à la fin du fichier ; les mots de l'écran vont au-dessus.
## Les places ($seat, $to_move) sont des noms de joueurs ; $card est une carte en toutes lettres
## (rummy-refused-card) ; les raisons set-… se placent dans rummy-refused-set.

rummy-refused-players = Le rami se joue de 2 à 4 joueurs, pas { $players }.
rummy-refused-config = Cette variante ne peut pas être jouée : { $detail }
rummy-refused-deal-hands = La donne doit comporter { $players } mains de { $size } cartes.
rummy-refused-deal-first = La première place doit être entre 0 et { $last }.
rummy-refused-deal-count = La donne doit contenir exactement le jeu de la variante, { $expected } × { $card }, mais elle en a { $found }.
rummy-refused-over = La partie est terminée.
rummy-refused-no-seat = Il n’y a pas de place { $seat }.
rummy-refused-not-your-turn = C’est à { $to_move } de jouer, pas à { $seat }.
rummy-refused-set = La combinaison { $number } n’est pas valable : { $reason }.
rummy-refused-card-twice = La table contient { $count } × { $card }, mais le jeu n’en a que { $copies }.
rummy-refused-not-in-hand = Le coup pose { $needed } × { $card } de votre main, mais vous n’en avez que { $held }.
rummy-refused-table-card-taken = Le { $card } était sur la table et il manque : les cartes retirées d’une combinaison doivent aller dans d’autres combinaisons, jamais dans une main.
rummy-refused-nothing-from-hand = Un tour doit poser au moins une carte de votre main ; pour ne rien jouer, piochez.
rummy-refused-first-meld-touches-table = Votre première pose ne peut pas toucher aux combinaisons déjà sur la table : posez de nouvelles combinaisons, de votre main seulement.
rummy-refused-first-meld-too-small = Une première pose doit valoir au moins { $threshold } points, et ces nouvelles combinaisons en valent { $value }.
rummy-refused-swap-before-first-meld = Seul un joueur qui a fait sa première pose peut échanger un joker.
rummy-refused-to-hand-not-joker = Seul un joker, échangé contre la carte qu’il remplace, peut passer de la table à une main, et non cette carte : { $card }.
rummy-refused-too-many-to-hand = { $asked ->
    [one] { $asked } joker repris
   *[other] { $asked } jokers repris
}, mais la table n’en a que { $on_table }.
rummy-refused-swap-must-play = Dans cette variante, un joker libéré par un échange doit être rejoué dans le même tour : il ne peut pas aller dans la main.
rummy-refused-swap-without-card = Un joker ne peut être pris sur la table qu’en posant, de votre main, la carte qu’il remplace { $count ->
    [0] (et aucun joker de la table ne peut être échangé maintenant).
   *[other] (les jokers échangeables remplacent { $jokers }).
}
rummy-refused-joker-changed-number = Un joker de la table qui remplaçait un { $number } doit toujours remplacer un { $number } : un joker déplacé garde sa valeur.
rummy-refused-no-clock = Cette variante n’a pas de minuterie : un tour ne peut pas expirer.
rummy-refused-clock-missing = Cette partie se joue en { $minutes } minutes : à la fin de la manche { $round }, les règles doivent savoir combien de temps a été utilisé.
rummy-refused-clock-back = L’horloge de la partie ne peut pas reculer : la manche { $round } s’est terminée à { $ended } secondes, et ce coup dit { $used }.
rummy-refused-set-too-short = une combinaison demande au moins 3 cartes, et celle-ci en a { $count }
rummy-refused-set-too-long = une combinaison a au plus 13 cartes (une suite de 1 à 13), et celle-ci en a { $count }
rummy-refused-set-group-too-long = un groupe a au plus 4 cartes, une de chaque couleur, et celui-ci en a { $count }
rummy-refused-set-colour-twice = les cartes d’un groupe doivent être de couleurs toutes différentes, et celui-ci a deux fois le { $number } { $colour }
rummy-refused-set-mixed-colours = une suite est d’une seule couleur, mais le { $first } et le { $second } diffèrent
rummy-refused-set-not-consecutive = les nombres d’une suite se suivent du plus petit au plus grand, de gauche à droite : le { $card } ne peut pas venir là après le { $after }
rummy-refused-set-wrap = le 1 est toujours en bas : 12-13-1 n’est pas une suite, et le { $card } ne peut pas suivre un 13
rummy-refused-set-below-one = une suite ne peut pas descendre sous 1 : des jokers devant le { $card } devraient valoir 0 ou moins
rummy-refused-set-above-thirteen = une suite ne peut pas dépasser 13 (le 1 est toujours en bas) : des jokers après le { $card } devraient valoir 14 ou plus
rummy-refused-set-annotation = { $card } ne peut pas se trouver là dans cette combinaison
rummy-refused-set-neither = ces cartes ne forment ni une suite ni un groupe
rummy-refused-card = { $number } { $colour }
rummy-refused-joker = joker
rummy-refused-joker-as = un joker valant le { $card }
rummy-refused-colour-black = noir
rummy-refused-colour-blue = bleu
rummy-refused-colour-orange = orange
rummy-refused-colour-red = rouge
## Le coup du coach en une proposition ($cards : les cartes posées, comme la table les montre ; $count : combien).
rummy-coach-draw = Le coach piocherait une carte
rummy-coach-pass = Le coach passerait son tour
rummy-coach-lay = Le coach poserait { $count ->
    [one] une carte : { $cards }
   *[other] { $count } cartes : { $cards }
}
rummy-coach-lay-take = Le coach poserait { $count ->
    [one] une carte : { $cards }
   *[other] { $count } cartes : { $cards }
} et reprendrait { $jokers ->
    [one] un joker
   *[other] { $jokers } jokers
}
rummy-coach-why = Il vous reste alors { $best } { $best ->
    [one] carte
   *[other] cartes
} en main ; avec le vôtre, { $played }.

## L’analyse : les tours en mots, et pourquoi le meilleur valait mieux.
rummy-review-draw = piocher une carte
rummy-review-timeout = le temps écoulé
rummy-review-rebuild = réarranger la table
rummy-review-lay = poser { $cards }
rummy-review-lay-take = poser { $cards } et reprendre { $jokers ->
    [one] un joker
   *[other] { $jokers } jokers
}
rummy-review-better = Mieux valait { $best }, en gardant { $kept } { $kept ->
    [one] carte
   *[other] cartes
} en main : { $win } % de chances de gagner, quand { $played } laissait { $played_win } %.

## Sur un téléphone à une table partagée
hand-rummy-cards = { $name } { $cards ->
    [one] 1 carte
   *[other] { $cards } cartes
}
hand-rummy-pile = pioche { $cards }
hand-rummy-first-meld = première pose { $points }
hand-rummy-new-set = Nouvelle combinaison
hand-rummy-by-colour = Par couleur
hand-rummy-by-number = Par nombre
hand-rummy-back = Reprendre
hand-rummy-undo = Annuler
hand-rummy-play = Jouer
hand-rummy-draw = Piocher

## L’éditeur de variantes : chaque option en une ligne, et comment une partie s’est terminée.
rummy-option-rounds = Manches dans une partie.
rummy-option-minutes = Minutes de jeu convenues, au lieu d’un nombre de manches.
rummy-option-turn-seconds = Secondes par tour, ou pas de chrono.
rummy-option-first-meld = Points que doit valoir la première pose.
rummy-option-jokers = Jokers dans le jeu.
rummy-end-went-out = un joueur a tout posé
rummy-end-blocked = la manche s’est bloquée
rummy-end-jokers-left = un joker resté en main
