# Parties enregistrées, historique, statistiques, mode kiosque et leurs réglages.

## Pourquoi une partie enregistrée ne peut pas être reprise (remplit { $reason } plus bas)
problem-unreadable = le fichier ne peut pas être lu ({ $reason })
problem-garbage = ce n’est pas une partie enregistrée que Parlour sait lire
problem-truncated = le fichier est tronqué
problem-newer = il a été créé par une version plus récente de Parlour
problem-unknown-game = c’est une partie d’un jeu inconnu, « { $game } »
problem-refused = les règles la refusent : { $reason }

## Fichiers illisibles, sur l’écran d’accueil
warning-settings = Les réglages n’ont pas pu être lus ({ $reason }) : les réglages par défaut s’appliquent. Le fichier a été mis de côté sous le nom { $file }.
file-unreadable-cut-short = le fichier est vide ou coupé
file-unreadable-value = une entrée y a une valeur que Parlour ne connaît pas
file-unreadable-garbled = le texte n’est pas écrit comme Parlour l’écrit
file-unreadable-not-text = le fichier n’est pas du texte
file-unreadable-io = le système n’a pas pu le lire : { $reason }
warning-statistics = Les statistiques n’ont pas pu être lues ({ $reason }) : le décompte repart de zéro. Le fichier a été mis de côté sous le nom { $file }.
warning-save = La partie enregistrée ne peut pas être reprise : { $reason }. Le fichier a été mis de côté sous le nom { $file }.
warning-save-stuck = La partie enregistrée ne peut pas être reprise : { $reason }. Elle n’a pas pu être mise de côté : elle reste telle quelle et aucune partie ne sera enregistrée par-dessus.
warning-unsaved = Cette partie n’a pas pu être enregistrée ({ $reason }) : le jeu continue, mais si Parlour se ferme, ses derniers coups seront perdus.
warning-variant = Le fichier de variante { $file } n’a pas été chargé : { $reason }. Les autres variantes restent proposées.
warning-dismiss = Compris
warning-history = Une partie terminée de l’historique ne peut pas être lue ({ $reason }). Le fichier a été mis de côté sous le nom { $file }.
warning-settings-page = Les réglages gardés dans ce navigateur n’ont pas pu être lus et ont été mis de côté : les réglages par défaut s’appliquent.
warning-statistics-page = Les statistiques gardées dans ce navigateur n’ont pas pu être lues et ont été mises de côté : le décompte repart de zéro.
warning-save-page = Une partie enregistrée dans ce navigateur n’a pas pu être lue et a été mise de côté.
warning-save-stuck-page = Une partie enregistrée dans ce navigateur n’a pas pu être lue ; elle reste telle quelle et aucune partie ne sera enregistrée par-dessus.
warning-history-page = Une partie terminée de l’historique de ce navigateur n’a pas pu être lue et a été mise de côté.

## Tant que la partie en cours ne peut pas être enregistrée : une ligne en bas
saving-fails = Cette partie n’est pas enregistrée : { $reason }. Le jeu continue.
unsaved-full = le disque est plein
unsaved-full-page = l’espace de ce navigateur pour Parlour est plein
unsaved-refused = Parlour n’a pas le droit d’écrire dans son dossier
unsaved-refused-page = ce navigateur ne laisse la page rien garder

## Reprendre
seat-default-name = Joueur { $number }
continue-heading = Reprendre votre partie de { $game }
continue-detail = { $names } · { $moves ->
    [one] { $moves } coup joué
   *[other] { $moves } coups joués
}
continue = Reprendre
setup-replace-heading = Une nouvelle partie remplace votre partie de { $game } inachevée
setup-replace-detail = Commencer maintenant y met fin pour de bon : elle ne sera pas dans l’historique. Reprenez-la plutôt, ou revenez en arrière.
setup-replace-start = Commencer la nouvelle partie

## Historique et parties revues
history = Historique
history-about = Les dernières parties terminées, la plus récente d’abord.
history-empty = Aucune partie terminée pour l’instant.
history-unreadable = { $n ->
    [one] Un fichier devenu illisible n’est pas affiché.
   *[other] { $n } fichiers devenus illisibles ne sont pas affichés.
}
history-winner = { $name } : { $score } (gagnant)
history-seat = { $name } : { $score }
history-watch = Revoir
history-review = Analyser
home-back = Retour
ago-now = à l’instant
ago-minutes = { $n ->
    [one] il y a une minute
   *[other] il y a { $n } minutes
}
ago-hours = { $n ->
    [one] il y a une heure
   *[other] il y a { $n } heures
}
ago-days = { $n ->
    [one] hier
   *[other] il y a { $n } jours
}
replay-title = Partie revue
replay-progress = Coup { $n } sur { $total }
replay-stop = Arrêter

## Statistiques
statistics = Statistiques
statistics-empty = Pas encore de statistiques : elles sont comptées à la fin de chaque partie jouée par des personnes.
statistics-name = Nom
statistics-game = Jeu
statistics-played = Jouées
statistics-won = Gagnées
statistics-best = Meilleur score

## Réglages
home-settings = Réglages
home-on = Oui
home-off = Non
settings-sound = Son
settings-sound-not-built = (absent de cette version)
settings-colour-blind = Cartes pour daltoniens
settings-reduce-motion = Réduire les animations
settings-text-size = Taille du texte
text-size-small = Petite
text-size-normal = Normale
text-size-large = Grande
text-size-extra-large = Très grande
settings-kiosk = Mode kiosque
settings-kiosk-unlock = Déverrouiller…
settings-idle = Mise en veille (kiosque)
settings-idle-unit = { " " }min
settings-kiosk-lessons = Un toucher sur la démo lance une leçon (kiosque)
settings-kiosk-phones = Les téléphones rejoignent depuis la démo (kiosque)
settings-pin = Code du kiosque
settings-pin-set = Choisir un code
settings-pin-change = Changer le code
settings-pin-remove = Supprimer

## Le pavé du code
pin-leave = Fermer Parlour
pin-unlock = Déverrouiller les réglages du kiosque
pin-choose = Choisir un nouveau code
pin-wrong = Code erroné — réessayez.
pin-none-set = Aucun code n’est défini : touchez OK.
pin-kiosk-needs-one = Le personnel le tape pour fermer le kiosque.
pin-clear = Effacer
pin-ok = OK
pin-cancel = Annuler

## The on-screen keyboard for names
keyboard-names = Déjà joué
keyboard-space = espace
