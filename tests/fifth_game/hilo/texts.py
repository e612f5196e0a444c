"""Hoch oder tief's texts, brought by the game itself (a real game's live in the
catalogues under bot/i18n/locales)."""

TEXTS = {
    "de": {
        "game.name.hilo": "Hoch oder tief",
        "hilo.title": "Hoch oder tief",
        "hilo.shown": "Der Würfel zeigt {face}.",
        "hilo.turn": "{player} ist dran: höher oder tiefer?",
        "hilo.call.higher": "{player} sagt höher und würfelt {rolled}.",
        "hilo.call.lower": "{player} sagt tiefer und würfelt {rolled}.",
        "hilo.right": "Richtig – ein Punkt!",
        "hilo.wrong": "Daneben.",
        "hilo.points": "{player}: {points}",
        "hilo.over": "Spielende – Sieg für {winners}.",
        "hilo.button.higher": "Höher",
        "hilo.button.lower": "Tiefer",
        "hilo.bad_rounds": "Eine Runde bis fünf Runden.",
        "hilo.desc": "Hoch oder tief: sag, ob der nächste Wurf höher oder tiefer fällt.",
        "hilo.tisch.desc": "Öffnet einen Tisch für Hoch oder tief in diesem Kanal.",
    },
    "en": {
        "game.name.hilo": "Higher or lower",
        "hilo.title": "Higher or lower",
        "hilo.shown": "The die shows {face}.",
        "hilo.turn": "{player}'s turn: higher or lower?",
        "hilo.call.higher": "{player} calls higher and rolls {rolled}.",
        "hilo.call.lower": "{player} calls lower and rolls {rolled}.",
        "hilo.right": "Right – a point!",
        "hilo.wrong": "Missed.",
        "hilo.points": "{player}: {points}",
        "hilo.over": "Game over – {winners} won.",
        "hilo.button.higher": "Higher",
        "hilo.button.lower": "Lower",
        "hilo.bad_rounds": "One to five rounds.",
        "hilo.desc": "Higher or lower: say whether the next roll beats the die.",
        "hilo.tisch.desc": "Opens a table of Higher or lower in this channel.",
    },
}
