"""English texts of ``/help`` and ``/<game> rules``: per topic, sections of (title, body).

The same topics and sections as help_de.py (a test holds them together). German game terms
(weiter, stopp, Zombie, joker names, demon ranks) stay German. Command names are the English
localizations, as English Discord clients show them.
"""

from __future__ import annotations

SECTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "hilfe": {
        "games": (
            "Croupier – Help",
            "I am the croupier: I roll, shuffle, deal and keep the books. Games:\n"
            "• **Die verflixte 6** (2–6 players) – `/v6 table`\n"
            "• **Auf Teufel komm raus** (2–6) – `/teufel table`\n"
            "• **Flaschenteufel** (3–4, two as a variant) – `/flaschenteufel table`\n"
            "• **Dice Devils** (3–6) – `/dicedevils table`\n"
            "The rules in short: `/help spiel:` or `/<game> rules`, e.g. `/v6 rules`.",
        ),
        "table": (
            "Opening a table",
            "Whoever runs `/<game> table` opens a lobby in this channel and is seated. The "
            "others press **Join** (or **Leave**); only the one who opened it presses "
            "**Start**. You play with the buttons on the table message; secrets (cards, "
            "dice cups, balances) come by DM and through the buttons “My cards”, "
            "“My cup”, “My account” – also when your DMs are closed. What concerns only "
            "you, only you see.\n"
            "`/tables` lists the open tables of this server: who plays, whose turn it is, "
            "and a link to the table.",
        ),
        "hosts": (
            "For hosts",
            "The table in this channel is hosted by admins (Manage Server), the role set "
            "with `/croupierrole` and – at a table outside a tournament – whoever opened it:\n"
            "• `/table pause grund:` and `/table resume` – halt or adjourn it, then play on\n"
            "• `/table clock minuten: zeitablauf:` – the turn clock (0: none)\n"
            "• `/table absent spieler:` – the croupier plays for an absent player\n"
            "• `/table replace spieler: neu:` – somebody else takes over a seat\n"
            "• `/table end grund:` – end the table; the standings stay in the log\n"
            "Admins and the role set with `/croupierrole` only:\n"
            "• `/v6 pause grund:` and `/v6 resume` – halt or adjourn a table\n"
            "• `/v6 standin spieler: aktion:` – act for an absent player (logged)\n"
            "• `/tournament create`, `schedule`, `unschedule`, `correct`, `withdraw`, "
            "`advance`, `export` – Die verflixte 6 tournaments (`/tournament standings` and "
            "`list` for everyone; anyone may withdraw himself); `/timezone` – the time zone "
            "of tournament evenings (default: Europe/Berlin)\n"
            "• `/language de|en` – the croupier's language on this server (default: German). "
            "Command names follow your Discord client's language (German: `/v6 tisch`, "
            "`/hilfe`, `/tische`).",
        ),
        "fairness": (
            "Fair and verifiable",
            "Every die, card and tile comes from a secret seed. Already in the lobby the "
            "croupier shows its SHA-256 hash – fixed before the first die. When the game "
            "ends, the seed itself is shown: every roll can be recomputed and the whole log "
            "replayed. Sealed bets show a seal that must match the seed. Nobody, no admin "
            "either, can choose dice.",
        ),
    },
    "verflixte6": {
        "goal": (
            "Die verflixte 6 – Goal",
            "The croupier always rolls, a player never (one d6). Collect eyes, but a 6 drops "
            "you to 0. An Abend has 1–4 Durchgänge (`/v6 table durchgaenge:`, default 3); in "
            "each, everybody has exactly one turn. Points per Durchgang by eyes: 6 / 4 / 2 "
            "for places 1–3; a tie on a place is settled by a **Stechen** (the winner takes "
            "the points, each loser one less). 0 eyes score nothing. Order: Durchgang 1 as "
            "seated (order of joining), Durchgang 2 reversed, then by the table – the "
            "**Herzog** roll settles ties there.",
        ),
        "turn": (
            "Your turn",
            "1. **Choose jokers & Freiwurf**: 0–3 jokers for this turn (each once per Abend; "
            "chosen = used), then the Freiwurf – it counts in full, a 6 does not bust, a 1 "
            "does not rob.\n"
            "2. Then, again and again: **weiter** (a normal roll), **Joker …** (weiter with "
            "a joker – at most one per roll) or **stopp** (you are Prinzessin with your "
            "eyes).\n"
            "3. Normal roll: 6 → 0 eyes, turn over, Zombie. 2–5 count. A 1 counts 1 and is "
            "**räuberisch**: the k-th robbery 1 of your turn steals min(k, 5) eyes from a "
            "Jungfrau (not played yet) or a Prinzessin of your choice.\n"
            "**Keuler**: whoever drops a Prinzessin to 0 or below gets +5 at once.\n"
            "Typing works too: `/weiter`, `/joker name: ziel:`, `/stopp`; `/v6 standings` "
            "and `/v6 log` show the standings and the latest rolls.",
        ),
        "decisions": (
            "What the croupier decides",
            "• A turn always starts with the joker choice, also without jokers (“No joker”).\n"
            "• The robbery victim is always asked, also when only one is possible. A 1 with "
            "no possible victim still counts as a robbery 1.\n"
            "• Decisions (victim, Anaconda, Rattenlord, Monokel, Sekante counters) are asked "
            "of you alone, right after the roll; “Decide” opens the question again. Until "
            "you answer, nothing else is possible.\n"
            "• Whoever ends the Durchgang at 0 or below is a Zombie with 0.\n"
            "• The Keuler bonus needs a real fall (above 0 before), once per victim.\n"
            "• Runkelrüb saves automatically at the first 6 it can save.\n"
            "• Freie Jokerwahl (Finale, from Durchgang 2, once): up to three jokers of your "
            "choice, used ones included.",
        ),
    },
    "teufel": {
        "goal": (
            "Auf Teufel komm raus – Goal",
            "2–6 players, everybody starts with 200. The oven holds 48 tiles: coal (10 to "
            "100) and 9 devils. When a round ends with someone at 1600 or more, the game "
            "ends; the highest balance wins.",
        ),
        "round": (
            "A round",
            "1. **Bet** (all at once, sealed): how much coal will at least one player pull "
            "without meeting the devil? 0 or steps of 10 up to your balance. The bets are "
            "revealed when all are in.\n"
            "2. **Pull**: in turn – **ziehen** turns a tile, **stopp** keeps your coal. A "
            "devil: your turn ends, your coal counts 0.\n"
            "3. **Settle**: H = the most coal of the round. Bet ≤ H: the bank pays it to "
            "you; bet > H: it goes to the bank. If the highest bet wins, the bank pays its "
            "bettors double. +50 for the most coal, +50 for the most pieces.\n"
            "4. **Track**: the pawns move. Whoever stands alone at the back or on 0–50 holds "
            "a **pact**: whoever turns a devil pays every pact holder 50 (or the bank does, "
            "if he lacks free money); then all pacts end.",
        ),
        "decisions": (
            "Buttons and what the croupier decides",
            "• **Bet** opens a field only you see; **My account** shows your balance and "
            "bet. Your balance comes by DM after every round (else through the button) – "
            "only your position on the track is public (open under a pact).\n"
            "• A seal of your bet is shown in public: HMAC(seed, bet) – checkable after the "
            "game, not guessable before.\n"
            "• The croupier rolls for the first starter; then the start moves on.\n"
            "• Tiles are drawn at random from the oven; when fewer than 16 are left, all 48 "
            "go back after the round.\n"
            "• Stopping with no coal is allowed. From 1600 on, the pawn stands on 1600.\n"
            "• Pact payments come only from money you neither bet nor received this round.",
        ),
    },
    "flaschenteufel": {
        "goal": (
            "Flaschenteufel – Goal",
            "A trick-taking game with 36 cards (1–37 without 19) in three colours; the coins "
            "on a card are its points. The bottle starts at the price 19. Whoever holds the "
            "bottle at the end of a hand gets nothing for his tricks and loses the points of "
            "the devil's trick. After all hands the highest total wins.",
        ),
        "hand": (
            "A hand",
            "1. **Devil's trick**: everybody puts one card into it, face down.\n"
            "2. **Pass**: one card each to your left and right neighbour (all at once).\n"
            "3. **Tricks**: left of the dealer leads. Follow colour, else play any card. If "
            "cards lie **below the bottle's price**, the highest of them wins the trick and "
            "the bottle – it becomes the new price. Otherwise the highest card wins.\n"
            "4. **Score**: everybody counts the coins of his tricks – except the bottle's "
            "owner (see above).\n"
            "Two players: `/flaschenteufel table variante:lopaka` (a dummy plays open cards "
            "by fixed rules) or `variante:glitterhuis` (two sets, one open).",
        ),
        "decisions": (
            "Buttons and what the croupier decides",
            "• Your cards come by DM; **My cards** shows them any time. **Your move …** "
            "opens your choice – only your cards, only legal ones.\n"
            "• First everyone puts a card into the devil's trick; passing opens when all have "
            "discarded, and the cards move when all have chosen. With Lopaka there is only "
            "passing (the devil's trick is the three cards left over). In Glitterhuis both "
            "come in any order for each set; a card you pass cannot also go into the devil's "
            "trick.\n"
            "• Seats = order of joining (clockwise); the dealer of hand 1 is the last seat, "
            "the deal moves one seat each hand.\n"
            "• Length: one hand per player (two players: 2); `haende:` sets it.\n"
            "• Lopaka's score is shown; the better of the two players wins.",
        ),
    },
    "dicedevils": {
        "goal": (
            "Dice Devils – Goal",
            "3–6 devils roll for hot items. Ranks from the top: Oberteufel (3 d6), "
            "Spielteufel, Fehlerteufel, Putzteufel, Springteufel (2 d6 each), Satansbraten "
            "(2 d4). The game ends after the round in which someone has 10 items (or all are "
            "gone). Score: item values (1–3) + 3 for every three identical items.",
        ),
        "round": (
            "A round",
            "1. Items go on display – always fewer than devils.\n"
            "2. Everybody rolls in secret: your dice come by DM and through **My cup**.\n"
            "3. In rank order, each places his marker: the button with the item.\n"
            "4. Alone at an item: it is yours. Else a **dice fight**: the sum of two dice "
            "(Oberteufel: his two highest; Satansbraten: both + the Oberteufel's lowest). "
            "The highest sum wins, ties re-roll – the **Springteufel** wins every tie. The "
            "winner may swap ranks with a loser.\n"
            "Powers: **Spielteufel** makes his opponents re-roll once; **Fehlerteufel** "
            "steals a value-1 item when he wins; **Putzteufel** swaps an item when he wins.",
        ),
        "decisions": (
            "Buttons and what the croupier decides",
            "• Ranks are dealt at random. `/dicedevils table mehr_kaempfe:` displays fewer "
            "items.\n"
            "• Decisions (re-roll, steal, swap, rank swap) are asked one at a time in the "
            "rules' order, of the deciding player only: **Decide** opens the question, "
            "**Skip** passes.\n"
            "• The fight with the Oberteufel comes first, the others by their highest rank.\n"
            "• The Satansbraten takes the Oberteufel's lowest die as it stands after the "
            "Oberteufel's own fight.\n"
            "• Items nobody took stay and count toward the display.\n"
            "• A tie at the end: the Springteufel wins, else the higher rank.",
        ),
    },
}
