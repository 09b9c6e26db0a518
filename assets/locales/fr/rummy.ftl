# Rummy : l'écran de jeu.
rummy-menu = Menu
rummy-menu-resume = Reprendre
rummy-menu-how-to-play = Règles du jeu
rummy-menu-settings = Réglages
rummy-menu-leave = Quitter la partie
rummy-seat-line = { $points } pts · { $cards ->
    [one] une carte
   *[other] { $cards } cartes
}
rummy-round-pile = Manche { $round }/{ $rounds } · pioche { $pile }
rummy-joker = joker
rummy-sort-colour = ▲◆ Couleur
rummy-sort-number = 1–13 Valeur
rummy-undo = Annuler le tour
rummy-hint = Conseil
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
rummy-swap-offer = Vous avez { $card } : posez-la sur le joker pour le prendre.
rummy-round-over = Fin de la manche { $round }
rummy-col-hand = Reste en main
rummy-col-round = Manche
rummy-col-total = Total
rummy-col-round-n = Manche { $round }
rummy-next-round = Manche suivante
rummy-note-went-out = Manche { $round } : { $name } a fini sa main.
rummy-note-blocked = Manche { $round } : la pioche s'est vidée ; la main la plus faible a gagné.
rummy-note-scoring = Les cartes restées en main comptent contre leur joueur (un joker { $joker }) ; le gagnant de la manche marque ce que les autres ont en main.
rummy-hint-shown = Le meilleur coup est posé : finissez votre tour, ou annulez-le.
rummy-hint-draw = Rien ne peut être posé ce tour-ci : piochez une carte.
