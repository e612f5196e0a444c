"""English texts (server setting ``en``); German game terms stay German."""

TEXTS: dict[str, str] = {
    # generic refusals
    "game.over": "The game is already over.",
    "game.not_your_turn": "It is not your turn – {player} is next.",
    "game.not_a_player": "You are not playing at this table.",
    "game.unknown_action": "There is no such action here: {action}.",
    "game.player_count": "This table seats {low} to {high} players.",
    "game.duplicate_player": "Each person can take only one seat.",
    "game.stale": "This button is outdated – the game has moved on.",
    "game.conflict": "That clashed with another action – please look again.",
    "game.not_found": "This table does not exist (any more).",
    "game.not_over": "The seed is revealed only when the game is over.",
    "game.name.verflixte6": "Die verflixte 6",
    "info.about": "I am Croupier: I roll, shuffle and keep the books – every die is logged and verifiable. Games: {games}.",
    # Die verflixte 6
    "v6.phase.jokers": "Choose your jokers first (or none) – the Freiwurf follows.",
    "v6.phase.step": "Now it is weiter or stopp.",
    "v6.phase.steal": "First choose whom to rob.",
    "v6.jokers_malformed": "The joker choice is a list of jokers.",
    "v6.joker_unknown": "There is no joker {joker}.",
    "v6.jokers_not_yet": "The croupier cannot play jokers yet – choose none.",
    "v6.victim_not_eligible": "{victim} cannot be robbed (only Jungfrauen and Prinzessinnen).",
    "v6.bad_durchgaenge": "The number of Durchgänge must be at least 1.",
}
