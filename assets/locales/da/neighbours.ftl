# Naboer: spilleskærmen, resultaterne og varianterne.
neighbours-hud-score = { $points } point · { $tokens ->
    [one] 1 brik
   *[other] { $tokens } brikker
}
neighbours-bag = i posen
neighbours-must-pass = Intet muligt træk — du står over
neighbours-pass = Stå over
neighbours-passed = { $name } kan ikke lægge en brik og står over

neighbours-results-points = Point
neighbours-results-penalty = Straf
neighbours-results-final = I alt
neighbours-results-left = Tilbage på hånden
neighbours-results-left-tokens = { $n ->
    [one] 1 brik: { $digits }
   *[other] { $n } brikker: { $digits }
}
neighbours-results-note = Brikker, der er tilbage på hånden, koster { $times } gange deres værdi (0 tæller 10).

neighbours-variant-standard = Standard
neighbours-variant-any-neighbour = Én nabo er nok
neighbours-variant-diamond = Diamantbræt
neighbours-variant-gentle-penalty = Mild straf

## Hvorfor reglerne afviser et træk (parlour_cores neighbours::RuleError).
## Pladser ($seat, $to_move) er spillernes navne; rækker og kolonner tælles fra 1.

neighbours-refused-players = Naboer spilles af 2 til 4 spillere, ikke { $players }.
neighbours-refused-config = Denne variant kan ikke spilles: { $detail }
neighbours-refused-deal-count = Uddelingen skal have præcis { $expected } brikker af hvert ciffer, men den har { $found } af cifferet { $digit }.
neighbours-refused-not-a-digit = { $digit } er ikke et ciffer fra 0 til 9.
neighbours-refused-deal-hands = Uddelingen skal give { $players } hænder med { $size } brikker.
neighbours-refused-deal-first = Den første plads skal være mellem 0 og { $last }.
neighbours-refused-over = Spillet er slut.
neighbours-refused-no-seat = Der er ingen plads { $seat }.
neighbours-refused-not-your-turn = Det er { $to_move }, der skal spille nu, ikke { $seat }.
neighbours-refused-not-in-hand = Du har ikke noget { $digit }-tal på hånden.
neighbours-refused-off-board = Række { $row }, kolonne { $col } er ikke på brættet.
neighbours-refused-occupied = Der ligger allerede en brik på det felt.
neighbours-refused-isolated = En brik skal røre en brik, der allerede ligger på brættet — op, ned, til venstre eller til højre.
neighbours-refused-not-consecutive = { $digit } kan ikke ligge ved siden af { $neighbour }: cifre, der rører hinanden, skal følge efter hinanden (0 ligger mellem 9 og 1).
neighbours-refused-no-consecutive-neighbour = { $digit } følger ikke efter nogen af de brikker, den rører.
neighbours-refused-must-place = Du kan lægge en brik, så du skal: kun den, der ikke kan, står over.
## Træneren: en placering i ord; rækker og kolonner tælles fra 1.
neighbours-coach-move = { $digit }-tallet i række { $row }, kolonne { $col }
neighbours-coach-pass = Træneren ville melde pas
neighbours-coach-why = Det giver { $best } point nu mod { $played } for dit, og slutter spillet cirka { $later } point bedre for dig.

## Gennemgangen: træk i ord, og hvorfor det bedre var bedre.
neighbours-review-place = { $digit } på række { $row }, kolonne { $col }
neighbours-review-pass = et pas
neighbours-review-better = Bedre var { $best }: den gav { $points } point med det samme og beholdt { $win } % chance for at vinde, hvor { $played } gav { $played_points } og efterlod { $played_win } %.
neighbours-review-better-bonus = Bedre var { $best }: den tog bonusfeltet for { $points } point med det samme og beholdt { $win } % chance for at vinde, hvor { $played } gav { $played_points } og efterlod { $played_win } %.

## Variant-editoren: hver indstilling på én linje, og hvordan et spil endte.
neighbours-option-penalty = Brikker tilbage på hånden til sidst koster så mange gange deres værdi.
neighbours-option-adjacency = Hvilke naboer en brik skal følge efter.
neighbours-option-adjacency-every = Alle naboer
neighbours-option-adjacency-any = Mindst én nabo
neighbours-option-hand = Brikker på hver hånd.
neighbours-option-copies = Brikker af hvert ciffer i posen.
neighbours-option-board = Brættet: størrelsen, startfeltet S, +5-felterne K og +10-felterne x.
neighbours-end-went-out = en hånd blev tømt
neighbours-end-blocked = ingen kunne lægge
neighbours-end-tokens-left = brikker tilbage på hånden
