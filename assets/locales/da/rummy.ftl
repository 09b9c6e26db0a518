# Rummy: spilleskærmen.
rummy-seat-line = { $points } point · { $cards ->
    [one] ét kort
   *[other] { $cards } kort
}
rummy-round-pile = Runde { $round }/{ $rounds } · bunke { $pile }
rummy-round-time-left = Runde { $round } · { $time } tilbage · bunke { $pile }
rummy-round-last = Runde { $round } · tiden er gået: sidste runde · bunke { $pile }
rummy-round-time-up = Runde { $round } · tiden er gået
rummy-time-up-summary = Tiden er gået: der begynder ingen ny runde.
rummy-to-results = Se resultatet
rummy-col-rounds-won = Vundne runder
rummy-note-time-up = Spillet i { $minutes } minutter: tiden var gået, da runde { $rounds } sluttede, så der begyndte ingen ny runde.
rummy-joker = joker
rummy-sort-colour = ▲◆ Farve
rummy-sort-number = 1–13 Tal
rummy-undo = Fortryd tur
rummy-hint = Tip
rummy-hint-thinking = Tænker …
rummy-draw = Træk
rummy-end-turn = Afslut tur
rummy-not-your-turn = Vent på din tur for at røre bordet; du kan sortere din hånd imens.
rummy-freed-joker = En joker vundet ved ombytning bliver på din hånd til en senere tur.
rummy-drew = { $name } trak et kort.
rummy-passed = { $name } melder pas: bunken er tom.
rummy-opened = { $name } åbnede med { $cards ->
    [one] ét kort
   *[other] { $cards } kort
} til { $value } point.
rummy-laid = { $name } lagde { $cards ->
    [one] ét kort
   *[other] { $cards } kort
}.
rummy-timeout-undone = Tiden løb ud for { $name }: turen er fortrudt, { $cards } trukket.
rummy-timeout-kept = Tiden løb ud for { $name }: de gyldige serier bliver liggende ({ $cards } kort lagt).
rummy-went-out = { $name } lagde sit sidste kort og vinder runden!
rummy-blocked = Bunken er tom, og ingen kan spille: den laveste hånd vinder runden.
rummy-waiting = { $name } spiller…
rummy-your-turn = Din tur: læg kort og byg bordet om, eller træk.
rummy-ready = Klar: afslut din tur.
rummy-first-meld = Første udlæg: { $value } / { $threshold }
rummy-set-invalid = Serie { $set }: { $reason }
rummy-swap-offer = Du har kortet { $card }: læg det på jokeren for at tage jokeren.
rummy-round-over = Runde { $round } er slut
rummy-col-hand = Tilbage på hånden
rummy-col-round = Runde
rummy-col-total = I alt
rummy-col-round-n = Runde { $round }
rummy-next-round = Næste runde
rummy-note-went-out = Runde { $round }: { $name } gik ud.
rummy-note-blocked = Runde { $round }: bunken slap op; den laveste hånd vandt.
rummy-note-scoring = Kort tilbage på hånden tæller imod ejeren (en joker { $joker }); rundens vinder får det, de andre har på hånden.
rummy-hint-shown = Tip — flest kort, du kan lægge nu: afslut din tur, eller fortryd den.
rummy-hint-draw = Tip — flest kort, du kan lægge nu: ingen i denne tur, så træk et kort.
rummy-hint-match-shown = Tip — det træk, søgningen vurderer bedst for hele spillet (det kan holde kort tilbage): afslut din tur, eller fortryd den.
rummy-hint-match-draw = Tip — søgningen vurderer, at det er bedst for hele spillet at trække et kort.
# rummy

## --- Afvisninger: hvorfor reglerne afviser et træk (parlour_cores rummy::RuleError og rummy::SetError).
## Behold denne blok sidst i filen; skærmens egne ord står ovenover.
## Pladser ($seat, $to_move) er spillernes navne; $card er et kort i ord
## (rummy-refused-card); set-…-grundene sættes ind i rummy-refused-set.

rummy-refused-players = Rummy spilles af 2 til 4 spillere, ikke { $players }.
rummy-refused-config = Denne variant kan ikke spilles: { $detail }
rummy-refused-deal-hands = Uddelingen skal give { $players } hænder med { $size } kort.
rummy-refused-deal-first = Den første plads skal være mellem 0 og { $last }.
rummy-refused-deal-count = Uddelingen skal indeholde præcis variantens kort, { $expected } × { $card }, men den har { $found }.
rummy-refused-over = Spillet er slut.
rummy-refused-no-seat = Der er ingen plads { $seat }.
rummy-refused-not-your-turn = Det er { $to_move }, der skal spille nu, ikke { $seat }.
rummy-refused-set = Kombination { $number } er ikke gyldig: { $reason }.
rummy-refused-card-twice = Bordet har { $count } × { $card }, men spillet har kun { $copies }.
rummy-refused-not-in-hand = Trækket lægger { $needed } × { $card } fra din hånd, men du har kun { $held }.
rummy-refused-table-card-taken = Kortet { $card } lå på bordet og mangler: kort, der tages fra en kombination, skal ind i andre kombinationer, aldrig på hånden.
rummy-refused-nothing-from-hand = En tur skal lægge mindst ét kort fra din hånd; vil du ikke spille noget, så træk et kort.
rummy-refused-first-meld-touches-table = Dit første træk må ikke røre kombinationerne på bordet: læg kun nye kombinationer fra din egen hånd.
rummy-refused-first-meld-too-small = Det første træk skal give mindst { $threshold } point, og disse nye kombinationer giver { $value }.
rummy-refused-swap-before-first-meld = Kun en spiller, der har lavet sit første træk, må bytte en joker.
rummy-refused-to-hand-not-joker = Kun en joker, byttet for det kort, den erstatter, må gå fra bordet til en hånd, ikke { $card }.
rummy-refused-too-many-to-hand = { $asked ->
    [one] { $asked } joker taget tilbage
   *[other] { $asked } jokere taget tilbage
}, men bordet har kun { $on_table }.
rummy-refused-swap-must-play = I denne variant skal en joker, der er frigjort ved et bytte, spilles igen i samme tur: den kan ikke komme på hånden.
rummy-refused-swap-without-card = En joker kan kun tages fra bordet ved at lægge det kort, den erstatter, fra din hånd { $count ->
    [0] (og ingen joker på bordet kan byttes nu).
   *[other] (de jokere, der kan byttes, erstatter { $jokers }).
}
rummy-refused-joker-changed-number = En joker på bordet, der erstattede et { $number }-tal, skal stadig erstatte et { $number }-tal: en flyttet joker beholder sit tal.
rummy-refused-no-clock = Denne variant har ikke noget ur, så en tur kan ikke løbe ud.
rummy-refused-clock-missing = Dette spil spilles i { $minutes } minutter: når runde { $round } slutter, skal reglerne have at vide, hvor meget af tiden der er brugt.
rummy-refused-clock-back = Spillets ur kan ikke gå baglæns: runde { $round } sluttede med { $ended } sekunder brugt, og dette træk siger { $used }.
rummy-refused-set-too-short = en kombination skal have mindst 3 kort, og denne har { $count }
rummy-refused-set-too-long = en kombination har højst 13 kort (en serie fra 1 til 13), og denne har { $count }
rummy-refused-set-group-too-long = en gruppe har højst 4 kort, ét i hver farve, og denne har { $count }
rummy-refused-set-colour-twice = kortene i en gruppe skal alle have forskellige farver, og denne har { $colour } { $number } to gange
rummy-refused-set-mixed-colours = en serie har kun én farve, men { $first } og { $second } er forskellige
rummy-refused-set-not-consecutive = tallene i en serie følger hinanden fra lav til høj, fra venstre mod højre: { $card } kan ikke komme der efter { $after }
rummy-refused-set-wrap = 1 er altid lav: 12-13-1 er ikke en serie, og { $card } kan ikke følge efter 13
rummy-refused-set-below-one = en serie kan ikke gå under 1: jokere foran { $card } skulle stå for 0 eller mindre
rummy-refused-set-above-thirteen = en serie kan ikke gå over 13 (1 er altid lav): jokere efter { $card } skulle stå for 14 eller mere
rummy-refused-set-annotation = { $card } kan ikke stå der i denne kombination
rummy-refused-set-neither = disse kort er hverken en serie eller en gruppe
rummy-refused-card = { $colour } { $number }
rummy-refused-joker = joker
rummy-refused-joker-as = en joker som { $card }
rummy-refused-colour-black = sort
rummy-refused-colour-blue = blå
rummy-refused-colour-orange = orange
rummy-refused-colour-red = rød
## Trænerens træk som en sætning ($cards: de lagte kort, som bordet viser dem; $count: hvor mange).
rummy-coach-draw = Træneren ville trække et kort
rummy-coach-pass = Træneren ville melde pas
rummy-coach-lay = Træneren ville lægge { $count ->
    [one] et kort: { $cards }
   *[other] { $count } kort: { $cards }
}
rummy-coach-lay-take = Træneren ville lægge { $count ->
    [one] et kort: { $cards }
   *[other] { $count } kort: { $cards }
} og tage { $jokers ->
    [one] en joker
   *[other] { $jokers } jokere
} tilbage
rummy-coach-why = Så har du { $best } kort tilbage på hånden; med dit { $played }.

## Gennemgangen: ture i ord, og hvorfor den bedre var bedre.
rummy-review-draw = at trække et kort
rummy-review-timeout = at tiden løb ud
rummy-review-rebuild = at omlægge bordet
rummy-review-lay = at lægge { $cards }
rummy-review-lay-take = at lægge { $cards } og tage { $jokers ->
    [one] en joker
   *[other] { $jokers } jokere
} tilbage
rummy-review-better = Bedre var { $best } med { $kept } kort tilbage på hånden: { $win } % chance for at vinde, hvor { $played } efterlod { $played_win } %.

## På en telefon ved et delt bord
hand-rummy-cards = { $name } { $cards ->
    [one] 1 kort
   *[other] { $cards } kort
}
hand-rummy-pile = bunke { $cards }
hand-rummy-first-meld = første udlæg { $points }
hand-rummy-new-set = Nyt sæt
hand-rummy-by-colour = Efter farve
hand-rummy-by-number = Efter tal
hand-rummy-back = Tilbage
hand-rummy-undo = Fortryd
hand-rummy-play = Spil
hand-rummy-draw = Træk

## Variant-editoren: hver indstilling på én linje, og hvordan et spil endte.
rummy-option-rounds = Runder i et spil.
rummy-option-minutes = Minutter spillet varer, i stedet for et antal runder.
rummy-option-turn-seconds = Sekunder pr. tur, eller intet ur.
rummy-option-first-meld = Point første udlæg skal være værd.
rummy-option-jokers = Jokere i spillet.
rummy-end-went-out = en spiller gik ud
rummy-end-blocked = runden gik i stå
rummy-end-jokers-left = en joker tilbage på hånden
