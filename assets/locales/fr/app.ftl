# Les mots communs de l'application : menus, préparation, passage de main, résultats, réglages.
app-title = Parlour
app-subtitle = Trois jeux de société pour un seul écran

## Les jeux, tels que l'écran d'accueil les montre

game-neighbours = Voisins
game-neighbours-tagline = Placez les chiffres près de leurs voisins : le 4 à côté du 3 et du 5.
game-paper-boxing = Boxe sur papier
game-paper-boxing-tagline = Cachez les nombres de 1 à 15 dans un carré, puis boxez round après round.
game-rummy = Rami
game-rummy-tagline = Suites et groupes, 40 points pour ouvrir, toute la table à réorganiser.

## Boutons présents sur plusieurs écrans

button-play = Jouer
button-how-to-play = Règles du jeu
button-learn = Apprendre
# The lesson's words panel (a guided first match, "Learn" on a game's card).
lesson-step = étape { $n } sur { $of }
lesson-next = Suivant
lesson-show-me = Montrez-moi
lesson-skip = Passer la leçon
lesson-bot-thinking = { $name } réfléchit…
lesson-learnt = Ce que vous avez appris
lesson-real-match = Jouer une vraie partie
lesson-you-win = Vous gagnez !
lesson-you-share = Vous partagez la victoire !
lesson-not-this-step = Les règles le permettent, mais cette étape demande un autre coup : le texte de la leçon dit lequel.
lesson-wait = Pas encore : lisez le texte et appuyez sur Suivant, ou attendez le coup de l’autre joueur.
# Offered once, on a game’s first Play on this device.
offer-heading = Vous découvrez { $game } ?
offer-detail = Une partie guidée contre l’IA vous l’apprend en jouant, en quelques minutes. Vous pouvez la quitter à chaque étape.
offer-learn = Apprendre en jouant
offer-set-up = Préparer une partie
button-settings = Réglages
button-back = Retour
button-start = Commencer
button-done = Terminé

## Préparation de la partie

setup-title = Nouvelle partie de { $game }
setup-seat = Place { $number }
setup-person = Humain
setup-bot = IA : { $level }
setup-add-seat = + Ajouter une place
setup-variant = Variante
setup-variant-custom = { $name }, avec les règles propres à la table
setup-default-name = Joueur { $number }
setup-you = Joueur 1

bot-random = au hasard
bot-greedy = gourmande
bot-heuristic = méthodique
bot-expert = experte
bot-solver = parfaite

variant-standard = Standard

## Passage de main entre deux joueurs

hand-over-title = Passez à { $name }
hand-over-hint = Touchez l’écran quand vous êtes prêt — votre main reste cachée jusque-là.
hand-over-ready = Je suis { $name }

## Résultats

results-over = La partie est terminée
results-wins = { $name } gagne !
results-share = { $names } se partagent la victoire !
list-and = { $first } et { $last }
results-play-again = Rejouer
results-back-to-title = Retour à l’accueil
results-see-table = Voir la table
results-show-sheet = Résultats

## Le menu pendant une partie

menu-title = Menu
menu-resume = Reprendre
menu-leave = Quitter la partie

## Réglages

settings-title = Réglages
settings-animation-speed = Vitesse des animations
settings-hints = Indices
settings-hint-kind = Les indices montrent
settings-hint-kind-now = Le plus maintenant
settings-hint-kind-match = Le meilleur pour la partie
settings-hint-kind-about = Le conseil du Rami : le plus de cartes à poser maintenant, ou le coup que la recherche juge le meilleur pour toute la partie (elle réfléchit aussi longtemps que les IA).
settings-bot-strength = Force des IA
settings-bot-strength-quick = Rapide
settings-bot-strength-strong = Forte
settings-bot-strength-about = Temps de réflexion des IA : rapide ≈ 0,05 s par coup, forte ≈ 0,2 s.
settings-coach = Coach
settings-coach-off = Non
settings-coach-warn = Avertir
settings-coach-explain = Expliquer
settings-coach-about = Avant un coup nettement moins bon, le coach montre le sien : un coup qui coûte 10 points ou plus, chaque point de pourcentage de chances de gagner comptant pour un (aux Voisins, chaque point de score à la fin aussi), ou qui laisse filer une victoire assurée. Expliquer dit aussi pourquoi.
settings-language = Langue
setup-play-for = Jouer en
setup-rounds-unit = manches
setup-play-for-or = ou
setup-minutes-unit = minutes

## Règles du jeu : la page de chaque jeu, section par section

how-to-title = Comment jouer : { $game }

how-neighbours-aim-heading = But du jeu
how-neighbours-aim = Accumuler le plus grand nombre de points en plaçant les jetons de telle sorte que les chiffres voisins soient consécutifs.
how-neighbours-setup-heading = Mise en place
how-neighbours-setup = Les 50 jetons, cinq pour chaque chiffre de 0 à 9, sont tirés à l’aveugle. Un jeton est placé dans la case du centre. Chaque joueur prend cinq jetons et les cache aux autres.
how-neighbours-turn-heading = Votre tour
how-neighbours-turn = Placez un jeton sur une case vide qui touche horizontalement ou verticalement un jeton déjà posé — jamais en diagonale. Son chiffre doit être le précédent ou le suivant de CHAQUE jeton qu’il touche : un 5 va entre un 4 et un 6. Le 0 peut être voisin du 9 et du 1. Prenez ensuite un jeton dans la banque.
how-neighbours-points-heading = Calcul des points
how-neighbours-points = Le chiffre du jeton (0 compte pour 10) multiplié par le nombre de jetons qu’il touche, plus une prime de 5 sur une case K ou de 10 sur une case x. Un 0 entre un 9 et un 1 sur une case x : 10 × 2 + 10 = 30.
how-neighbours-passing-heading = Passer son tour
how-neighbours-passing = Si vous ne pouvez placer aucun jeton, vous passez votre tour. Si vous le pouvez, vous devez jouer.
how-neighbours-end-heading = Fin de la partie
how-neighbours-end = La partie se termine quand un joueur a placé tous ses jetons ou quand plus personne ne peut en placer. Chaque joueur soustrait de son total le triple des points des jetons qui lui restent. Le plus grand total gagne ; en cas d’égalité, la victoire est partagée.

how-paper-boxing-aim-heading = But du jeu
how-paper-boxing-aim = Gagner plus de rounds que votre adversaire sur les 15.
how-paper-boxing-setup-heading = Mise en place
how-paper-boxing-setup = Chaque joueur inscrit en secret les nombres de 1 à 15 dans un carré de 4 × 4 cases dont la case du coin en haut à gauche est le départ, « D ». Puis les carrés sont montrés. On additionne les deux nombres des cases du coin en bas à droite : si la somme est paire, le joueur appelé « pair » est le meneur du premier round ; sinon, c’est « impair ».
how-paper-boxing-bout-heading = Un round
how-paper-boxing-bout = Le meneur trace une ligne depuis sa dernière case jusqu’à une case adjacente encore libre — horizontalement, verticalement ou en diagonale. L’autre joueur fait de même sur son propre carré. Le nombre le plus fort gagne le round et son joueur devient le meneur du round suivant ; en cas de round nul, le meneur garde l’initiative.
how-paper-boxing-end-heading = Fin de la partie
how-paper-boxing-end = Après 15 rounds, le joueur qui en a gagné le plus est déclaré vainqueur ; en cas d’égalité, c’est celui qui a commencé la partie. Un joueur qui doit jouer mais n’a plus de case libre adjacente perd aussitôt par KO.

how-rummy-aim-heading = But du jeu
how-rummy-aim = Être le premier à poser toutes ses cartes.
how-rummy-cards-heading = Les cartes
how-rummy-cards = 108 cartes : de 1 à 13 en noir, bleu, orange et rouge, deux de chaque, et 4 jokers. Chaque couleur a aussi son propre symbole.
how-rummy-sets-heading = Les combinaisons
how-rummy-sets = Une suite compte au moins trois cartes consécutives de la même couleur (le 1 est toujours en bas). Un groupe compte trois ou quatre cartes du même nombre, de couleurs différentes. Un joker remplace n’importe quelle carte.
how-rummy-turn-heading = Votre tour
how-rummy-turn = Posez des combinaisons de votre main et réorganisez la table comme vous le voulez — séparez, réunissez, déplacez des cartes — pourvu que chaque combinaison soit valable à la fin et que toutes les cartes de la table y restent. Si vous ne posez rien, vous piochez une carte. Chaque tour dure 2 minutes.
how-rummy-first-meld-heading = Première pose
how-rummy-first-meld = Vos premières cartes posées doivent venir de votre seule main, en nouvelles combinaisons valant au moins 40 points.
how-rummy-scoring-heading = Décompte
how-rummy-scoring = Quand un joueur pose sa dernière carte, les autres comptent les cartes de leur main (un joker vaut 25) en points négatifs ; le gagnant marque leur somme.

## Coups refusés par la table plutôt que par les règles d'un jeu

refused-animating = Attendez : le dernier coup est encore en train d’être montré.
refused-round-over = La manche est finie : passez d’abord à la manche suivante.
refused-no-match = Aucune partie n’est en cours.
## La question du coach avant une erreur : coach-would-play fait la proposition d’un coup en mots ($best) ; coach-question met la proposition ($would) avant ce qu’elle rapporte ($gain).
coach-title = Le coach
coach-would-play = Le coach jouerait { $best }
coach-question = { $would } ({ $gain }).
coach-gain-chance = +{ $points } % de chances de gagner
coach-gain-points = +{ $points } points à la fin
coach-gain-both = +{ $chance } % de chances de gagner, +{ $points } points à la fin
coach-play-anyway = Jouer le mien quand même
coach-take-back = Reprendre le coup

## L’analyse d’une partie terminée.
results-review = Analyser la partie
review-unknown-game = Cette version de Parlour ne connaît pas le jeu « { $game } » : elle ne peut pas l’analyser.
review-refused = Cette partie ne peut pas être analysée : { $reason }
review-title = Analyse · { $game }
review-leave = Retour
review-weighing = Analyse des coups : { $n } sur { $total }
review-weighing-frames = Analyse des coups : { $n } sur { $total } · { $ms } ms par image
review-at = { $n ->
    [one] { $n } coup joué
   *[other] { $n } coups joués
} sur { $total }
review-end = La partie est finie.
review-not-yet = Pas encore analysé…
review-unweighed = Non analysé : { $reason }
review-move-line = { $n }. { $name } : { $words }
review-was-best = { $grade } : le coup que l’analyse juge le meilleur.
review-forced = Forcé : le seul coup que permettaient les règles.
review-decided = Déjà joué d’avance : aucun coup n’aurait changé le résultat.
grade-best = Meilleur coup
grade-good = Bon coup
grade-inaccuracy = Imprécision ?!
grade-mistake = Erreur ?
grade-blunder = Gaffe ??
grade-forced = Forcé
grade-decided = Déjà joué d’avance
review-accuracy = { $name } : { $accuracy } % de précision · { $rating }
rating-master = maître
rating-expert = expert
rating-strong = joueur fort
rating-club = joueur de club
rating-learner = apprenti
rating-beginner = débutant
review-luck = Chance au tirage : { $luck } points (± { $se })
review-moves = Coups
review-chart = Chances de gagner
review-chance = { $win } % de chances de gagner
review-learn = Apprendre de ses erreurs ({ $n })
review-learn-wait = Apprendre de ses erreurs (une fois tous les coups analysés)
review-lesson-title = Position { $n } sur { $total }
review-lesson-ask = { $name } a joué { $played } ici. Trouvez un meilleur coup sur la table.
review-lesson-weighing = Analyse de votre coup…
review-lesson-found = Bien vu : à moins de { $loss } points du meilleur.
review-lesson-missed = Pas tout à fait : { $loss } points sous le meilleur. Réessayez, ou touchez Montrer.
review-lesson-shown = Le meilleur coup : { $best }.
review-show-me = Montrer
review-skip = Passer
review-lesson-done = Terminé
review-lesson-back = Retour à l’analyse
review-lesson-how = Un coup à moins de 5 points du meilleur est accepté.

## Une place à une table partagée, sur un téléphone
hand-title = On rejoint la table
hand-connecting = On rejoint la table…
hand-away = La connexion est tombée : retour à votre place…
hand-try-again = Réessayer
hand-your-name = Votre nom
hand-tap-for-name = Touchez pour écrire votre nom
hand-name-first = Écrivez votre nom, puis touchez une place libre.
hand-no-seat = Toutes les places sont prises : suivez la partie sur l’écran de la table.
hand-seat = Place { $number } · { $who }
hand-seat-open = libre : s’asseoir ici
hand-seat-away = { $name } (absent)
hand-your-turn = À vous de jouer
hand-sent = Envoyé…
hand-waiting = On attend { $name }
hand-waiting-phone = On attend le téléphone de { $name }
hand-you-win = Vous gagnez !
hand-wins = { $names } gagne
hand-no-hand = Cet appareil ne sait pas montrer une main de { $game }.
hand-unreadable = La table a envoyé quelque chose d’illisible pour cet appareil : rechargez la page.
hand-pass = Aucun jeton ne va : passer
hand-seat-free = Place { $number }
hand-table-join = Les téléphones rejoignent à { $address }/?join
hand-attract-scan = Scannez pour jouer à { $game } sur votre téléphone
hand-table-thinking = Réfléchit…
hand-table-scan = Scannez avec un téléphone pour prendre la place { $number }
hand-close-table = Fermer la table
hand-seat-ask = { $name } (absent) : demander cette place
hand-asking = La table est priée de vous donner la place { $number } : quelqu’un à l’écran de la table vous y assoit, ou la garde pour son joueur.
hand-stop-asking = Choisir une autre place
hand-table-asks = { $name } demande cette place
hand-table-let-sit = Asseoir { $name }
hand-table-keep = La garder pour { $name }
hand-table-bot-plays = Un bot la joue
hand-table-open = L’ouvrir à un téléphone
hand-table-play-here = Jouer cette place sur cet écran
hand-here-seat = Jouée sur cet écran
hand-here-turn = À { $name } de jouer, sur cet écran
hand-here-whose = La main de { $name } — gardez-la pour vous
hand-here-hide = Cacher ma main
host-refused-no-seat = Un appareil sans place ne joue aucun coup.
host-refused-stale = Ce coup a été joué au coup { $made }, et la partie en est au coup { $now } : il n’a pas été joué.
host-refused-no-answer = La table n’a pas répondu à ce coup : réessayez.
host-refused-hint-no-seat = Un appareil sans place n’a pas de main à conseiller.
host-refused-hint-not-your-turn = Un conseil, c’est pour votre tour.
host-refused-weigh-no-seat = Un appareil sans place n’a pas de coup à faire peser par le coach.
host-refused-weigh-not-your-turn = Le coach pèse un coup pendant votre tour.
hand-hint = Conseil
hand-hint-thinking = Je réfléchis…
hand-coach-off = Coach : désactivé
hand-coach-on = Coach : activé — il vous prévient avant une erreur
hand-coach-weighing = Le coach regarde votre coup…
hand-coach-says = Le coach jouerait un autre coup ({ $gain }). Reprenez le vôtre pour le voir posé.
host-refused-screen-key = Ce n’est pas la clé de l’écran de cette table.
host-refused-no-name = Une place demande un nom.
host-refused-no-such-seat = Cette table n’a pas de place { $number }.
host-refused-seat-taken = La place { $number } est prise.
host-refused-every-seat-taken = Toutes les places de cette table sont prises.
host-refused-unknown-key = Cette table ne connaît plus la place de ce téléphone : la partie est peut-être finie, ou la place donnée à un autre.
host-refused-asked-already = Un autre téléphone a déjà demandé la place { $number }.
host-refused-only-screen = Seul l’écran de la table donne les places.
host-refused-asker-gone = Le téléphone qui demandait la place { $number } est parti.
host-refused-nobody-asks = Personne ne demande la place { $number }.
host-refused-bot-already = Une IA joue déjà la place { $number }.
host-refused-phone-here = Le téléphone de la place { $number } est là : il joue.
host-refused-match-over = La partie est finie.
host-refused-not-a-bots = La place { $number } n’est pas celle d’une IA : seule la place d’une IA s’ouvre à un téléphone.
host-closed-taken-again = Cette place a été reprise sur un autre appareil.
host-closed-came-back = Le téléphone de { $name } est revenu à la place { $number }.
host-closed-kept = La table garde la place { $number } pour { $name }.
host-closed-bot-now = Une IA joue la place { $number } désormais.
host-closed-stopped = L’hôte de la table s’est arrêté.
host-closed-table = La table est fermée.
host-closed-version = Cette table parle la version { $host } du protocole de Parlour et cette page la version { $device } : rechargez la page.
host-closed-too-many = Trop de messages de cet appareil : la table l’a laissé partir.
setup-with-phones = Jouer avec les téléphones
setup-with-phones-how = Chacun joue depuis son téléphone : cet écran montre la table et un code à scanner pour chaque place.
rummy-hint-first-meld-short = Indice — votre meilleure première pose vaut { $worth } ; il faut { $needs }, alors piochez une carte.
