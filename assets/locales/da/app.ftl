# Appens fælles ord: menuer, opsætning, overlevering, resultater, indstillinger.
app-title = Parlour
app-subtitle = Tre brætspil til én skærm

## Spillene, som startskærmen viser dem

game-neighbours = Naboer
game-neighbours-tagline = Læg cifre ved siden af deres naboer: 4 ved siden af 3 og 5.
game-paper-boxing = Papirboksning
game-paper-boxing-tagline = Gem tallene 1 til 15 i et gitter, og boks så runde efter runde.
game-rummy = Rummy
game-rummy-tagline = Serier og grupper, 40 point for at åbne, byg hele bordet om.

## Knapper på flere skærme

button-play = Spil
button-how-to-play = Spilleregler
button-learn = Lær
# The lesson's words panel (a guided first match, "Learn" on a game's card).
lesson-step = trin { $n } af { $of }
lesson-next = Næste
lesson-show-me = Vis mig
lesson-skip = Spring over
lesson-bot-thinking = { $name } tænker…
lesson-learnt = Det har du lært
lesson-real-match = Spil et rigtigt spil
lesson-you-win = Du vinder!
lesson-you-share = Du deler sejren!
lesson-not-this-step = Reglerne tillader det, men dette trin beder om et andet træk: lektionens tekst siger hvilket.
lesson-wait = Ikke endnu: læs teksten og tryk på Næste, eller vent på den anden spillers træk.
# Offered once, on a game’s first Play on this device.
offer-heading = Ny i { $game }?
offer-detail = Et guidet spil mod en computer lærer dig det, mens du spiller, på få minutter. Du kan forlade det når som helst.
offer-learn = Lær mens jeg spiller
offer-set-up = Sæt et spil op
button-settings = Indstillinger
button-back = Tilbage
button-start = Start
button-done = Færdig

## Opsætning af spillet

setup-title = Nyt spil: { $game }
setup-seat = Plads { $number }
setup-person = Menneske
setup-bot = Computer: { $level }
setup-add-seat = + Tilføj en plads
setup-variant = Variant
setup-variant-custom = { $name }, med bordets egne regler
setup-default-name = Spiller { $number }
setup-you = Spiller 1

bot-random = tilfældig
bot-greedy = grådig
bot-heuristic = metodisk
bot-expert = ekspert
bot-solver = perfekt

variant-standard = Standard

## Overlevering mellem to spilleres ture

hand-over-title = Giv videre til { $name }
hand-over-hint = Tryk, når du er klar — din hånd er skjult indtil da.
hand-over-ready = Jeg er { $name }

## Resultater

results-over = Spillet er slut
results-wins = { $name } vinder!
results-share = { $names } deler sejren!
list-and = { $first } og { $last }
results-play-again = Spil igen
results-back-to-title = Til startskærmen
results-see-table = Se bordet
results-show-sheet = Resultater

## Menuen under et spil

menu-title = Menu
menu-resume = Fortsæt
menu-leave = Forlad spillet

## Indstillinger

settings-title = Indstillinger
settings-animation-speed = Animationshastighed
settings-hints = Tips
settings-hint-kind = Tips viser
settings-hint-kind-now = Mest nu
settings-hint-kind-match = Bedst for spillet
settings-hint-kind-about = Rummys tip: flest kort, du kan lægge nu, eller det træk, søgningen vurderer bedst for hele spillet (den tænker lige så længe som computerne).
settings-bot-strength = Computerens styrke
settings-bot-strength-quick = Hurtig
settings-bot-strength-strong = Stærk
settings-bot-strength-about = Hvor længe computerne tænker: hurtig ≈ 0,05 s pr. træk, stærk ≈ 0,2 s.
settings-coach = Træner
settings-coach-off = Fra
settings-coach-warn = Advar
settings-coach-explain = Forklar
settings-coach-about = Før du spiller et tydeligt dårligere træk, viser træneren sit eget: et træk, der koster 10 point eller mere, hvor hvert procentpoint af din chance for at vinde tæller som ét (i Naboer også hvert point ved slutningen), eller et, der lader en sikker sejr gå. Forklar siger også hvorfor.
settings-language = Sprog
setup-play-for = Spil i
setup-rounds-unit = runder
setup-play-for-or = eller
setup-minutes-unit = minutter

## Spilleregler: hvert spils side, afsnit for afsnit

how-to-title = Sådan spiller man { $game }

how-neighbours-aim-heading = Målet
how-neighbours-aim = Få flest point ved at lægge brikkerne, så nabocifre følger efter hinanden.
how-neighbours-setup-heading = Forberedelse
how-neighbours-setup = De 50 brikker, fem af hvert ciffer fra 0 til 9, trækkes blindt. Én brik lægges på midterfeltet. Hver spiller trækker fem brikker og holder dem skjult.
how-neighbours-turn-heading = Din tur
how-neighbours-turn = Læg én brik på et tomt felt ved siden af en brik på brættet — op, ned, til venstre eller til højre, aldrig på skrå. Dens ciffer skal være én mere eller én mindre end HVER brik, den rører: et 5-tal passer mellem et 4-tal og et 6-tal. 0 ligger mellem 9 og 1. Træk derefter en ny brik.
how-neighbours-points-heading = Point
how-neighbours-points = Brikkens ciffer (0 tæller 10) gange antallet af brikker, den rører, plus 5 på et K-felt eller 10 på et x-felt. Et 0 mellem et 9-tal og et 1-tal på et x-felt: 10 × 2 + 10 = 30.
how-neighbours-passing-heading = At stå over
how-neighbours-passing = Kan du ikke lægge nogen brik, står du over. Kan du, skal du.
how-neighbours-end-heading = Slutningen
how-neighbours-end = Spillet slutter, når en spiller har lagt alle sine brikker, eller når ingen kan lægge en brik. Brikker, der stadig er på hånden, koster tre gange deres værdi. Flest point vinder; står det lige, deles sejren.

how-paper-boxing-aim-heading = Målet
how-paper-boxing-aim = Vind flere af de 15 runder end din modstander.
how-paper-boxing-setup-heading = Forberedelse
how-paper-boxing-setup = Hver spiller skriver i hemmelighed tallene 1 til 15 i et gitter på 4 × 4 felter, hvis øverste venstre hjørne er starten, D. Så vises gitrene. Læg de to tal i nederste højre hjørne sammen: er summen lige, fører spilleren kaldet Lige først; er den ulige, gør Ulige.
how-paper-boxing-bout-heading = En runde
how-paper-boxing-bout = Føreren trækker en streg fra sit sidste felt til et ubrugt nabofelt — vandret, lodret eller på skrå. Derefter gør den anden spiller det samme i sit eget gitter. Det højeste tal vinder runden og fører i den næste; ved uafgjort beholder føreren føringen.
how-paper-boxing-end-heading = Slutningen
how-paper-boxing-end = Efter 15 runder vinder den spiller, der har vundet flest; står det lige, vinder den, der førte først. En spiller, der skal trække, men ikke har noget ubrugt nabofelt, taber straks på knockout.

how-rummy-aim-heading = Målet
how-rummy-aim = Vær den første, der får alle sine kort lagt på bordet.
how-rummy-cards-heading = Kortene
how-rummy-cards = 108 kort: 1 til 13 i sort, blå, orange og rød, to af hver, og 4 jokere. Hver farve har også sit eget symbol.
how-rummy-sets-heading = Kombinationer
how-rummy-sets = En serie er tre eller flere kort i træk i samme farve (1 er altid lav). En gruppe er tre eller fire kort med samme tal i forskellige farver. En joker kan erstatte ethvert kort.
how-rummy-turn-heading = Din tur
how-rummy-turn = Læg kombinationer fra din hånd, og byg bordet om, som du vil — del, saml og flyt kort — så længe hver kombination er gyldig til sidst, og alle kort fra bordet bliver på bordet. Lægger du intet, trækker du et kort. Hver tur varer 2 minutter.
how-rummy-first-meld-heading = Første træk
how-rummy-first-meld = Dine første kort på bordet skal komme fra din egen hånd alene, i nye kombinationer til mindst 40 point.
how-rummy-scoring-heading = Pointtælling
how-rummy-scoring = Når en spiller lægger sit sidste kort, tæller de andre kortene på hånden (en joker tæller 25) som minuspoint; vinderen får summen.

## Træk, som bordet afviser, frem for et spils regler

refused-animating = Vent: det sidste træk bliver stadig vist.
refused-round-over = Runden er slut: gå videre til næste runde først.
refused-no-match = Der bliver ikke spillet noget spil.
## Trænerens spørgsmål før en fejl: coach-would-play laver sætningen om et træk i ord ($best); coach-question sætter sætningen ($would) før det, den vinder ($gain).
coach-title = Træneren
coach-would-play = Træneren ville spille { $best }
coach-question = { $would } ({ $gain }).
coach-gain-chance = +{ $points } % chance for at vinde
coach-gain-points = +{ $points } point ved slutningen
coach-gain-both = +{ $chance } % chance for at vinde, +{ $points } point ved slutningen
coach-play-anyway = Spil mit alligevel
coach-take-back = Tag det tilbage

## Gennemgangen af et færdigt spil.
results-review = Gennemgå spillet
review-unknown-game = Denne version af Parlour kender ikke spillet “{ $game }”: den kan ikke gennemgå det.
review-refused = Spillet kan ikke gennemgås: { $reason }
review-title = Gennemgang · { $game }
review-leave = Tilbage
review-weighing = Trækkene vejes: { $n } af { $total }
review-weighing-frames = Trækkene vejes: { $n } af { $total } · { $ms } ms pr. billede
review-at = { $n } af { $total } træk spillet
review-end = Spillet er slut.
review-not-yet = Ikke vejet endnu…
review-unweighed = Ikke vejet: { $reason }
review-move-line = { $n }. { $name }: { $words }
review-was-best = { $grade }: det træk, analysen vurderer bedst.
review-forced = Tvunget: det eneste træk, reglerne tillod.
review-decided = Allerede afgjort: intet træk ville have ændret resultatet.
grade-best = Bedst
grade-good = Godt
grade-inaccuracy = Unøjagtighed ?!
grade-mistake = Fejl ?
grade-blunder = Bommert ??
grade-forced = Tvunget
grade-decided = Allerede afgjort
review-accuracy = { $name }: { $accuracy } % præcision · { $rating }
rating-master = mester
rating-expert = ekspert
rating-strong = stærk spiller
rating-club = klubspiller
rating-learner = lærling
rating-beginner = begynder
review-luck = Held ved trækket: { $luck } point (± { $se })
review-moves = Træk
review-chart = Chance for at vinde
review-chance = { $win } % chance for at vinde
review-learn = Lær af dine fejl ({ $n })
review-learn-wait = Lær af dine fejl (når alle træk er vejet)
review-lesson-title = Stilling { $n } af { $total }
review-lesson-ask = { $name } spillede { $played } her. Find et bedre træk på bordet.
review-lesson-weighing = Dit træk vejes…
review-lesson-found = Godt fundet: inden for { $loss } point af det bedste.
review-lesson-missed = Ikke helt: { $loss } point under det bedste. Prøv igen, eller tryk Vis mig.
review-lesson-shown = Det bedre træk: { $best }.
review-show-me = Vis mig
review-skip = Spring over
review-lesson-done = Færdig
review-lesson-back = Tilbage til gennemgangen
review-lesson-how = Et træk inden for 5 point af det bedste godkendes.

## En plads ved et delt bord, på en telefon
hand-title = Sætter sig ved bordet
hand-connecting = Sætter sig ved bordet…
hand-away = Forbindelsen faldt ud: vender tilbage til din plads…
hand-try-again = Prøv igen
hand-your-name = Dit navn
hand-tap-for-name = Tryk for at skrive dit navn
hand-name-first = Skriv dit navn, og tryk så på en fri plads.
hand-no-seat = Alle pladser er taget: følg med på bordets skærm.
hand-seat = Plads { $number } · { $who }
hand-seat-open = fri: sæt dig her
hand-seat-away = { $name } (væk)
hand-your-turn = Din tur
hand-sent = Sendt…
hand-waiting = Venter på { $name }
hand-waiting-phone = Venter på { $name }s telefon
hand-you-win = Du vinder!
hand-wins = { $names } vinder
hand-no-hand = Denne enhed kan ikke vise en hånd i { $game }.
hand-unreadable = Bordet sendte noget, denne enhed ikke kan læse: indlæs siden igen.
hand-pass = Ingen brik passer: stå over
hand-seat-free = Plads { $number }
hand-table-join = Telefoner slutter sig til på { $address }/?join
hand-attract-scan = Scan for at spille { $game } på din telefon
hand-table-thinking = Tænker…
hand-table-scan = Scan med en telefon for at sætte dig på plads { $number }
hand-close-table = Luk bordet
hand-seat-ask = { $name } (væk): bed om pladsen
hand-asking = Bordet er spurgt om plads { $number }: nogen ved bordets skærm lader dig sidde, eller holder den til sin spiller.
hand-stop-asking = Vælg en anden plads
hand-table-asks = { $name } beder om pladsen
hand-table-let-sit = Lad { $name } sidde
hand-table-keep = Hold den til { $name }
hand-table-bot-plays = En bot spiller den
hand-table-open = Åbn for en telefon
hand-table-play-here = Spil denne plads på denne skærm
hand-here-seat = Spilles på denne skærm
hand-here-turn = { $name }s tur, på denne skærm
hand-here-whose = { $name }s hånd — hold den for dig selv
hand-here-hide = Skjul min hånd
host-refused-no-seat = En enhed uden plads spiller ingen træk.
host-refused-stale = Trækket blev lavet ved træk { $made }, og spillet er ved træk { $now }: det blev ikke spillet.
host-refused-no-answer = Bordet svarede ikke på trækket: prøv igen.
host-refused-hint-no-seat = En enhed uden plads har ingen hånd at give et tip til.
host-refused-hint-not-your-turn = Et tip er til din egen tur.
host-refused-weigh-no-seat = En enhed uden plads har intet træk, træneren kan veje.
host-refused-weigh-not-your-turn = Træneren vejer et træk i din egen tur.
hand-hint = Tip
hand-hint-thinking = Tænker…
hand-coach-off = Træner: fra
hand-coach-on = Træner: til — den siger til før en fejl
hand-coach-weighing = Træneren ser på dit træk…
hand-coach-says = Træneren ville spille et andet træk ({ $gain }). Tag dit tilbage for at se det lagt frem.
host-refused-screen-key = Det er ikke nøglen til dette bords skærm.
host-refused-no-name = En plads skal have et navn.
host-refused-no-such-seat = Dette bord har ingen plads { $number }.
host-refused-seat-taken = Plads { $number } er optaget.
host-refused-every-seat-taken = Alle pladser ved dette bord er optaget.
host-refused-unknown-key = Bordet kender ikke længere denne telefons plads: spillet kan være slut, eller pladsen givet til en anden.
host-refused-asked-already = En anden telefon har allerede bedt om plads { $number }.
host-refused-only-screen = Kun bordets egen skærm giver pladser.
host-refused-asker-gone = Telefonen, der bad om plads { $number }, er gået.
host-refused-nobody-asks = Ingen beder om plads { $number }.
host-refused-bot-already = Computeren spiller allerede plads { $number }.
host-refused-phone-here = Telefonen ved plads { $number } er her: den spiller.
host-refused-match-over = Spillet er slut.
host-refused-not-a-bots = Plads { $number } er ikke computerens: kun computerens plads åbnes for en telefon.
host-closed-taken-again = Pladsen blev taget igen på en anden enhed.
host-closed-came-back = { $name }s telefon kom tilbage til plads { $number }.
host-closed-kept = Bordet holder plads { $number } til { $name }.
host-closed-bot-now = Computeren spiller plads { $number } nu.
host-closed-stopped = Bordets vært er stoppet.
host-closed-table = Bordet er lukket.
host-closed-version = Dette bord taler version { $host } af Parlours protokol og denne side version { $device }: indlæs siden igen.
host-closed-too-many = For mange beskeder fra denne enhed: bordet lod den gå.
setup-with-phones = Spil med telefoner
setup-with-phones-how = Hver spiller spiller fra sin egen telefon: denne skærm viser bordet og en kode at scanne for hver plads.
rummy-hint-first-meld-short = Hint — dit bedste første udlæg er { $worth } værd; det skal være mindst { $needs } værd, så træk et kort.
