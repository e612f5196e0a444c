"""German texts (the default)."""

TEXTS: dict[str, str] = {
    # generic refusals
    "game.over": "Das Spiel ist schon vorbei.",
    "game.not_your_turn": "Du bist nicht am Zug – {player} ist dran.",
    "game.not_a_player": "Du spielst an diesem Tisch nicht mit.",
    "game.unknown_action": "Diese Aktion gibt es hier nicht: {action}.",
    "game.player_count": "An diesem Tisch spielen {low} bis {high} Personen.",
    "game.duplicate_player": "Jede Person kann nur einen Platz am Tisch haben.",
    "game.stale": "Dieser Knopf ist veraltet – das Spiel ist schon weiter.",
    "game.conflict": "Das war gleichzeitig mit einer anderen Aktion – bitte noch einmal ansehen.",
    "game.not_found": "Diesen Tisch gibt es nicht (mehr).",
    "game.not_over": "Der Seed wird erst am Ende des Spiels aufgedeckt.",
    "game.name.verflixte6": "Die verflixte 6",
    "info.about": "Ich bin Croupier: ich würfle, mische und führe Buch – jeder Wurf wird protokolliert und ist nachprüfbar. Spiele: {games}.",
    # Die verflixte 6
    "v6.phase.jokers": "Wähle zuerst deine Joker (oder keinen) – dann folgt der Freiwurf.",
    "v6.phase.step": "Jetzt heißt es weiter oder stopp.",
    "v6.phase.steal": "Wähle zuerst, wem du die Augen stiehlst.",
    "v6.jokers_malformed": "Die Jokerwahl ist eine Liste von Jokern.",
    "v6.joker_unknown": "Einen Joker {joker} gibt es nicht.",
    "v6.jokers_not_yet": "Joker kann der Croupier noch nicht spielen – wähle keinen.",
    "v6.victim_not_eligible": "{victim} kann nicht beraubt werden (nur Jungfrauen und Prinzessinnen).",
    "v6.bad_durchgaenge": "Die Zahl der Durchgänge muss mindestens 1 sein.",
}
