# Gemte partier, historik, statistik, kiosktilstand og indstillingerne dertil.

## Hvorfor et gemt parti ikke kan genoptages (udfylder { $reason } herunder)
problem-unreadable = filen kan ikke læses ({ $reason })
problem-garbage = det er ikke et gemt parti, som Parlour kan læse
problem-truncated = filen er afkortet
problem-newer = den er lavet af en nyere version af Parlour
problem-unknown-game = det er et parti i et ukendt spil, “{ $game }”
problem-refused = reglerne afviser det: { $reason }

## Filer der ikke kunne læses, på titelskærmen
warning-settings = Indstillingerne kunne ikke læses ({ $reason }), så standardindstillingerne bruges. Filen er lagt til side som { $file }.
file-unreadable-cut-short = filen er tom eller afkortet
file-unreadable-value = en post i den har en værdi, Parlour ikke kender
file-unreadable-garbled = dens tekst er ikke skrevet, som Parlour skriver den
file-unreadable-not-text = filen er ikke tekst
file-unreadable-io = systemet kunne ikke læse den: { $reason }
warning-statistics = Statistikken kunne ikke læses ({ $reason }), så optællingen begynder forfra. Filen er lagt til side som { $file }.
warning-save = Det gemte parti kan ikke genoptages: { $reason }. Filen er lagt til side som { $file }.
warning-save-stuck = Det gemte parti kan ikke genoptages: { $reason }. Det kunne ikke lægges til side, så det bliver liggende, og intet parti gemmes oven i det.
warning-unsaved = Partiet kunne ikke gemmes ({ $reason }): spillet fortsætter, men lukkes Parlour, går de seneste træk tabt.
warning-variant = Variantfilen { $file } blev ikke indlæst: { $reason }. De andre varianter kan vælges som sædvanlig.
warning-dismiss = Forstået
warning-history = Et færdigt parti i historikken kan ikke læses ({ $reason }). Filen er lagt til side som { $file }.
warning-settings-page = Indstillingerne i denne browser kunne ikke læses og er lagt til side: standardindstillingerne bruges.
warning-statistics-page = Statistikken i denne browser kunne ikke læses og er lagt til side: optællingen begynder forfra.
warning-save-page = Et gemt parti i denne browser kunne ikke læses og er lagt til side.
warning-save-stuck-page = Et gemt parti i denne browser kunne ikke læses; det bliver liggende, og intet parti gemmes oven i det.
warning-history-page = Et færdigt parti i denne browsers historik kunne ikke læses og er lagt til side.

## Mens partiet på bordet ikke kan gemmes: én linje nederst
saving-fails = Partiet bliver ikke gemt: { $reason }. Spil videre.
unsaved-full = disken er fuld
unsaved-full-page = denne browsers plads til Parlour er fuld
unsaved-refused = Parlour må ikke skrive i sin mappe
unsaved-refused-page = denne browser lader ikke siden gemme noget

## Fortsæt
seat-default-name = Spiller { $number }
continue-heading = Fortsæt dit parti { $game }
continue-detail = { $names } · { $moves ->
    [one] { $moves } træk spillet
   *[other] { $moves } træk spillet
}
continue = Fortsæt
setup-replace-heading = Et nyt parti erstatter dit ufærdige parti { $game }
setup-replace-detail = Starter du nu, er det væk for altid: det kommer ikke i historikken. Fortsæt det i stedet, eller gå tilbage.
setup-replace-start = Start det nye parti

## Historik og genafspilning
history = Historik
history-about = De seneste færdige partier, nyeste først.
history-empty = Ingen færdige partier endnu.
history-unreadable = { $n ->
    [one] En fil, der ikke længere kan læses, vises ikke.
   *[other] { $n } filer, der ikke længere kan læses, vises ikke.
}
history-winner = { $name }: { $score } (vandt)
history-seat = { $name }: { $score }
history-watch = Se igen
history-review = Gennemgå
home-back = Tilbage
ago-now = lige nu
ago-minutes = { $n ->
    [one] for et minut siden
   *[other] for { $n } minutter siden
}
ago-hours = { $n ->
    [one] for en time siden
   *[other] for { $n } timer siden
}
ago-days = { $n ->
    [one] i går
   *[other] for { $n } dage siden
}
replay-title = Genafspilning
replay-progress = Træk { $n } af { $total }
replay-stop = Stop

## Statistik
statistics = Statistik
statistics-empty = Ingen statistik endnu: den tælles ved slutningen af hvert parti, som mennesker spiller.
statistics-name = Navn
statistics-game = Spil
statistics-played = Spillet
statistics-won = Vundet
statistics-best = Bedste score

## Indstillinger
home-settings = Indstillinger
home-on = Til
home-off = Fra
settings-sound = Lyd
settings-sound-not-built = (ikke i denne udgave)
settings-colour-blind = Kort for farveblinde
settings-reduce-motion = Mindre bevægelse
settings-text-size = Tekststørrelse
text-size-small = Lille
text-size-normal = Normal
text-size-large = Stor
text-size-extra-large = Ekstra stor
settings-kiosk = Kiosktilstand
settings-kiosk-unlock = Lås op …
settings-idle = Ventetid før pause (kiosk)
settings-idle-unit = { " " }min
settings-kiosk-lessons = Et tryk på demoen starter en lektion (kiosk)
settings-kiosk-phones = Telefoner slutter sig til fra demoen (kiosk)
settings-pin = Kioskens pinkode
settings-pin-set = Vælg en pinkode
settings-pin-change = Skift pinkoden
settings-pin-remove = Fjern

## Tastaturet til pinkoden
pin-leave = Luk Parlour
pin-unlock = Lås kioskindstillingerne op
pin-choose = Vælg en ny pinkode
pin-wrong = Forkert pinkode — prøv igen.
pin-none-set = Der er ingen pinkode: tryk OK.
pin-kiosk-needs-one = Personalet taster den for at lukke kiosken.
pin-clear = Ryd
pin-ok = OK
pin-cancel = Annuller

## The on-screen keyboard for names
keyboard-names = Har spillet før
keyboard-space = mellemrum
