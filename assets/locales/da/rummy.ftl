# Rummy: spilleskærmen.
rummy-menu = Menu
rummy-menu-resume = Fortsæt
rummy-menu-how-to-play = Sådan spiller man
rummy-menu-settings = Indstillinger
rummy-menu-leave = Forlad spillet
rummy-seat-line = { $points } point · { $cards ->
    [one] ét kort
   *[other] { $cards } kort
}
rummy-round-pile = Runde { $round }/{ $rounds } · bunke { $pile }
rummy-joker = joker
rummy-sort-colour = ▲◆ Farve
rummy-sort-number = 1–13 Tal
rummy-undo = Fortryd tur
rummy-hint = Tip
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
rummy-swap-offer = Du har { $card }: læg det på jokeren for at tage jokeren.
rummy-round-over = Runde { $round } er slut
rummy-col-hand = Tilbage på hånden
rummy-col-round = Runde
rummy-col-total = I alt
rummy-col-round-n = Runde { $round }
rummy-next-round = Næste runde
rummy-note-went-out = Runde { $round }: { $name } gik ud.
rummy-note-blocked = Runde { $round }: bunken slap op; den laveste hånd vandt.
rummy-note-scoring = Kort tilbage på hånden tæller imod ejeren (en joker { $joker }); rundens vinder får det, de andre har på hånden.
rummy-hint-shown = Det bedste træk er lagt frem: afslut din tur, eller fortryd den.
rummy-hint-draw = Intet kan lægges i denne tur: træk et kort.
