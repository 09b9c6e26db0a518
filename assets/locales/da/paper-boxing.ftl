# paper-boxing
# Paper Boxing-skærmen: forberedelse, omgange, resultater.

## Forberedelse
pb-setup-instructions = Træk tallene 1 til 15 ind på dit gitter — eller tryk på et tal og så på et felt. Læg et tal oven på et andet for at bytte dem.
pb-setup-placed = { $n } af 15 placeret
pb-shuffle = Bland
pb-use-bot = Brug robottens opstilling
pb-shuffle-rest = Bland resten
pb-replace-ask = { $with ->
        [bot] Erstat dine tal med robottens opstilling?
       *[shuffle] Bland det gitter, du har skrevet, væk?
    }
pb-replace = Erstat
pb-keep-mine = Behold mit
pb-ready = Klar
pb-setup-waiting = Dit gitter er klar. Venter på { $name }…
pb-setup-other = { $name } udfylder sit gitter i hemmelighed…
pb-setup-hidden = Hvert gitter forbliver skjult, til begge spillere er klar.

## Gitrene vises: hvem fører i første omgang
pb-role-even = lige
pb-role-odd = ulige
pb-reveal-corners = Hjørnerne nederst til højre: { $a } + { $b } = { $sum }, et { $parity ->
        [even] lige
       *[odd] ulige
    } tal — { $leader } ({ $role }) fører i første omgang.
pb-reveal-sackson = Omkring D: { $name0 } { $sum0 }, { $name1 } { $sum1 } — { $leader } har den største sum og fører i første omgang.
pb-reveal-sackson-tie = Omkring D: { $sum } hver, så hjørnerne afgør det: { $a } + { $b } = { $total }, et { $parity ->
        [even] lige
       *[odd] ulige
    } tal — { $leader } ({ $role }) fører i første omgang.

## Omgange
pb-bout = Omgang { $n } af 15
pb-you-lead = Du fører: gå til et grønt felt — tryk på det, eller træk din ring derhen.
pb-you-follow = { $name } førte med { $number }. Dit svar: tryk på et grønt felt, eller træk din ring derhen.
pb-other-leads = { $name } fører i denne omgang…
pb-other-follows = { $leader } førte med { $number }. { $name } svarer…
pb-secret-choose = Vælg dit felt i hemmelighed: tryk på det, eller træk din ring derhen.
pb-secret-chosen = Du valgte { $number } i hemmelighed. Venter på { $name }…
pb-secret-other-chosen = { $name } har valgt i hemmelighed. Din tur.
pb-secret-both = Begge spillere vælger i hemmelighed…
pb-bout-won = Omgang { $n }: { $winner } vinder, { $high } mod { $low }.
pb-bout-draw = Omgang { $n }: { $number } mod { $number } — uafgjort; { $leader } beholder føringen.
pb-tally = { $name0 } · { $w0 } – { $w1 } · { $name1 }
pb-ko = { $name } har intet ubrugt felt ved siden af rutens sidste felt: knockout!
pb-ko-stamp = KO
pb-stuck = { $name } har ingen frie felter tilbage og spiller 0.
pb-over-won = { $name } vinder, { $w } omgange mod { $l }.
pb-over-tie = { $w } omgange hver: uafgjort går til { $name }, som førte i første omgang.
pb-leads = fører
pb-chip-bouts = { $n ->
        [one] { $n } omgang
       *[other] { $n } omgange
    } · { $role }

## Perfekt spil
pb-oracle-toggle = Vis hvem der vinder med perfekt spil
pb-oracle-wins = Med perfekt spil herfra vinder { $name }.
pb-oracle-thinking = Regner perfekt spil ud…

## Menu

## Resultater
pb-col-bouts = Vundne omgange
pb-col-role = Lige/ulige
pb-col-first = Førte først
pb-col-end = Slut
pb-end-ko = slået knockout
pb-end-ko-other = vandt ved knockout
pb-end-stuck = fastlåst, spillede 0
pb-end-full = alle 15 omgange
pb-yes = ja
pb-no = —
pb-note-won = { $name } vandt { $w } omgange mod { $l }.
pb-note-tie = { $w } omgange hver: uafgjort går til den spiller, der førte i første omgang, { $name }.
pb-note-draws = { $n ->
        [one] Én omgang endte uafgjort.
       *[other] { $n } omgange endte uafgjort.
    }
pb-note-ko = { $name } blev slået knockout i omgang { $n }: intet ubrugt felt ved siden af rutens sidste felt. Knockout taber, uanset antallet af vundne omgange.
pb-note-stuck = { $name } havde ingen frie felter fra omgang { $n } og spillede 0 derefter.

## --- Afvisninger: hvorfor reglerne afviser et træk (parlour_cores paper_boxing::RuleError).
## Behold denne blok sidst i filen; skærmens egne ord står ovenover.
## Pladser ($seat, $to_move) er spillernes navne; rækker og kolonner tælles fra 1.

paper-boxing-refused-players = Papirboksning spilles af præcis 2 spillere, ikke { $players }.
paper-boxing-refused-deal-grids = Opstillingen skal give 2 gitre, ét til hver plads, ikke { $grids }.
paper-boxing-refused-deal-even = Pladsen Lige skal være 0 eller 1, ikke { $seat }.
paper-boxing-refused-grid-size = Et gitter har 16 tal, række for række med 0 for D, ikke { $size }.
paper-boxing-refused-grid-corner = Feltet øverst til venstre indeholder D, skrevet 0, ikke { $number }.
paper-boxing-refused-grid-second-d = D hører kun til i øverste venstre hjørne, men række { $row }, kolonne { $col } har det også.
paper-boxing-refused-grid-number = { $number } er ikke et tal fra 1 til 15.
paper-boxing-refused-grid-repeated = Gitteret har { $repeated } to gange og intet { $missing }: hvert tal fra 1 til 15 skal stå der præcis én gang.
paper-boxing-refused-over = Spillet er slut.
paper-boxing-refused-no-seat = Der er ingen plads { $seat }: pladserne er 0 og 1.
paper-boxing-refused-set-up-over = Gitrene er allerede udfyldt: nu går hvert træk til et felt.
paper-boxing-refused-already-filled = { $seat } har allerede udfyldt sit gitter.
paper-boxing-refused-set-up-not-complete = Forberedelsen er ikke færdig: begge spillere skal udfylde deres gitter før første runde.
paper-boxing-refused-not-your-turn = Det er { $to_move }, der skal spille nu ({ $role } i runde { $bout }), ikke { $seat }.
paper-boxing-refused-role-leader = fører
paper-boxing-refused-role-follower = den anden spiller
paper-boxing-refused-already-chosen = { $seat } har allerede valgt sit felt i denne runde.
paper-boxing-refused-stuck = { $seat } har intet ubrugt felt ved enden af sin streg og spiller 0 i de resterende runder.
paper-boxing-refused-off-grid = Række { $row }, kolonne { $col } er ikke i gitteret (rækker og kolonner går fra 1 til 4).
paper-boxing-refused-used = Række { $row }, kolonne { $col } er allerede på din streg: hvert felt bruges kun én gang.
paper-boxing-refused-not-adjacent = Række { $row }, kolonne { $col } ligger ikke ved enden af din streg (række { $from_row }, kolonne { $from_col }): gå til et af de otte felter omkring den.
## Træneren: et skridt i ord; rækker og kolonner tælles fra 1.
pb-coach-move = { $number }-tallet i række { $row }, kolonne { $col }
pb-coach-why = Med perfekt spil fra begge herfra { $best } det skridt; dit { $played }.
pb-coach-why-mix = Mod den andens bedste blanding af felter vinder det skridt { $best } % af gangene; dit { $played } %.
pb-coach-wins-ko = vinder på knockout
pb-coach-loses-ko = taber på knockout
pb-coach-wins-tie = vinder på lige stilling, som første fører
pb-coach-loses-tie = taber på lige stilling
pb-coach-wins-by = vinder med { $bouts ->
    [one] én omgang
   *[other] { $bouts } omgange
}
pb-coach-loses-by = taber med { $bouts ->
    [one] én omgang
   *[other] { $bouts } omgange
}

## Gennemgangen: træk i ord, og hvorfor det bedre var bedre.
pb-review-grid = det skrevne gitter
pb-review-step = skridtet til række { $row }, kolonne { $col }
pb-review-better = Bedre var { $best }, der med perfekt spil fra begge { $worth }, hvor { $played } { $played_worth }.
pb-review-better-grid = Et andet gitter, som robotterne ofte skriver til denne rolle, klarede sig bedre mod deres: { $win } % chance for at vinde, hvor det skrevne gitter havde { $played_win } %. Dets tal står med lilla ved de felter, hvor de er anderledes.
pb-review-wins = vinder med { $n ->
    [one] én omgang
   *[other] { $n } omgange
}
pb-review-loses = taber med { $n ->
    [one] én omgang
   *[other] { $n } omgange
}
pb-review-wins-ko = vinder på knockout
pb-review-loses-ko = taber på knockout
pb-review-wins-tie = vinder ved lighed som første fører
pb-review-loses-tie = taber ved lighed

## På en telefon ved et delt bord
hand-pb-write = Skriv dit gitter: tryk på to tal for at bytte dem. Ingen andre ser det.
hand-pb-shuffle = Bland
hand-pb-shuffle-ask = Bland og mist dine ombytninger?
hand-pb-ready = Klar
hand-pb-waiting-grid = Dit gitter er afleveret. Venter på { $name }s gitter…
hand-pb-chosen = Du valgte { $number }: venter på den andens skridt.
hand-pb-bout = Runde { $bout } · vundet { $wins }, tabt { $losses }
hand-pb-their-grid = { $name }s gitter
hand-pb-grid-in = { $name } har skrevet et gitter.
hand-pb-grid-writing = { $name } skriver et gitter…
hand-pb-at-table = { $name } · { $wins } vundet

## Variant-editoren: hver indstilling på én linje, og hvordan et spil endte.
paper-boxing-option-first-lead = Hvem der fører i første omgang.
paper-boxing-option-first-lead-even-odd = Lige eller ulige: de to hjørner nederst til højre afgør
paper-boxing-option-first-lead-sackson = Sackson: den største sum omkring D fører
paper-boxing-option-bouts = Hvordan de to spillere trækker i hver omgang.
paper-boxing-option-bouts-led = Føreren trækker først, åbent
paper-boxing-option-bouts-simultaneous = Begge vælger i hemmelighed og viser så
paper-boxing-end-ko = knockout
paper-boxing-end-tie = omgangene delt, den første fører vandt
paper-boxing-end-bouts = vundet på omgange
