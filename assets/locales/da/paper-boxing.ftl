# paper-boxing

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
