"""German texts of ``/hilfe`` and ``/<spiel> regeln``: per topic, sections of (title, body).

Short: what a player needs at the table, and where the croupier decides what the printed
rules leave open (docs/DECISIONS.md). The V6 joker overview is built from the joker texts in
de.py (the same lines the joker selects show).
"""

from __future__ import annotations

SECTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "hilfe": {
        "games": (
            "Croupier – Hilfe",
            "Ich bin der Croupier: ich würfle, mische, teile aus und führe Buch. Spiele:\n"
            "• **Die verflixte 6** (2–6 Spieler) – `/v6 tisch`\n"
            "• **Auf Teufel komm raus** (2–6) – `/teufel tisch`\n"
            "• **Flaschenteufel** (3–4, zu zweit als Variante) – `/flaschenteufel tisch`\n"
            "• **Dice Devils** (3–6) – `/dicedevils tisch`\n"
            "Die Regeln kurz: `/hilfe spiel:` oder `/<spiel> regeln`, z. B. `/v6 regeln`.",
        ),
        "table": (
            "Einen Tisch eröffnen",
            "Wer `/<spiel> tisch` aufruft, eröffnet eine Lobby in diesem Kanal und sitzt "
            "schon. Die anderen drücken **Beitreten** (oder **Verlassen**); nur wer eröffnet "
            "hat, drückt **Starten**. Gespielt wird mit den Knöpfen an der Tischnachricht; "
            "Geheimes (Karten, Becher, Guthaben) kommt per DM und über die Knöpfe "
            "„Meine Karten“, „Mein Becher“, „Mein Konto“ – auch wenn deine DMs zu sind. "
            "Was nur dich angeht, siehst nur du.\n"
            "`/tische` zeigt alle offenen Tische dieses Servers: wer spielt, wer am Zug ist, "
            "und ein Link zum Tisch.",
        ),
        "hosts": (
            "Für Gastgeber",
            "Den Tisch in diesem Kanal leiten Admins (Server verwalten), die Rolle aus "
            "`/croupierrolle` und – an einem Tisch ohne Turnier – wer ihn eröffnet hat:\n"
            "• `/tisch pause grund:` und `/tisch fortsetzen` – anhalten oder vertagen, "
            "dann weiterspielen\n"
            "• `/tisch uhr minuten: zeitablauf:` – die Zugzeit (0: keine)\n"
            "• `/tisch abwesend spieler:` – der Croupier spielt für einen Abwesenden\n"
            "• `/tisch ersetzen spieler: neu:` – jemand anderes übernimmt einen Platz\n"
            "• `/tisch beenden grund:` – den Tisch beenden; der Stand bleibt im Protokoll\n"
            "Nur Admins und die Rolle aus `/croupierrolle`:\n"
            "• `/v6 pause grund:` und `/v6 fortsetzen` – einen Tisch anhalten oder vertagen\n"
            "• `/v6 vertreten spieler: aktion:` – für einen Abwesenden handeln (im Protokoll)\n"
            "• `/turnier erstellen`, `termin`, `absagen`, `korrigieren`, `ausschliessen`, "
            "`weiterkommen`, `export` – Turniere der verflixten 6 (`/turnier stand` und "
            "`liste` für alle; abmelden darf sich jeder selbst); `/zeitzone` – die Zeitzone "
            "der Turniertermine (Standard: Europe/Berlin)\n"
            "• `/sprache de|en` – die Sprache des Croupiers auf diesem Server (Standard: "
            "Deutsch). Befehlsnamen folgen der Sprache deines Discord-Clients.",
        ),
        "fairness": (
            "Fair und nachprüfbar",
            "Jeder Wurf, jede Karte und jedes Plättchen kommt aus einem geheimen Startwert "
            "(Seed). Schon in der Lobby zeigt der Croupier dessen SHA-256-Hash – festgelegt "
            "vor dem ersten Würfel. Am Spielende wird der Seed selbst gezeigt: damit lässt "
            "sich jeder Wurf nachrechnen und das ganze Protokoll nachspielen. Verdeckte "
            "Einsätze zeigen ein Siegel, das zum Seed passen muss. Niemand, auch kein Admin, "
            "kann Würfel wählen.",
        ),
    },
    "verflixte6": {
        "goal": (
            "Die verflixte 6 – Ziel",
            "Der Croupier würfelt immer, ein Spieler nie (ein W6). Sammle Augen, aber eine "
            "6 wirft dich auf 0. Ein Abend hat 1–4 Durchgänge (`/v6 tisch durchgaenge:`, "
            "Standard 3), in jedem hat jeder genau einen Zug. Punkte pro Durchgang nach "
            "Augen: 6 / 4 / 2 für die Plätze 1–3; Gleichstand auf einem Platz entscheidet "
            "ein **Stechen** (Sieger die Punkte, Verlierer einen weniger). Mit 0 Augen gibt "
            "es nichts. Reihenfolge: Durchgang 1 wie gesessen (Beitrittsfolge), Durchgang 2 "
            "umgekehrt, danach nach Tabelle – Gleichstände dort würfelt der **Herzog** aus.",
        ),
        "turn": (
            "Dein Zug",
            "1. **Joker wählen & Freiwurf**: 0–3 Joker für diesen Zug (jeder einmal pro "
            "Abend; gewählt = verbraucht), dann der Freiwurf – er zählt voll, eine 6 wirft "
            "nicht raus, eine 1 raubt nicht.\n"
            "2. Dann immer wieder: **weiter** (normaler Wurf), **Joker …** (weiter mit einem "
            "Joker – höchstens einer pro Wurf) oder **stopp** (du bist Prinzessin mit deinen "
            "Augen).\n"
            "3. Normaler Wurf: 6 → 0 Augen, Zug vorbei, Zombie. 2–5 zählen. Eine 1 zählt 1 "
            "und ist **räuberisch**: die k-te Raub-1 deines Zuges stiehlt min(k, 5) Augen "
            "von einer Jungfrau (noch nicht dran) oder Prinzessin deiner Wahl.\n"
            "**Keuler**: wer eine Prinzessin auf 0 oder weniger bringt, bekommt sofort +5.\n"
            "Getippt geht es auch: `/weiter`, `/joker name: ziel:`, `/stopp`; "
            "`/v6 stand` und `/v6 log` zeigen Stand und letzte Würfe.",
        ),
        "decisions": (
            "Was der Croupier entscheidet",
            "• Der Zug beginnt immer mit der Jokerwahl, auch ohne Joker („Ohne Joker“).\n"
            "• Das Raubopfer wird immer gefragt, auch wenn nur eines möglich ist. Eine 1 "
            "ohne mögliches Opfer zählt trotzdem als Raub-1.\n"
            "• Entscheidungen (Opfer, Anaconda, Rattenlord, Monokel, Konter der Sekante) "
            "fragt der Croupier nur dich, sofort nach dem Wurf; „Entscheiden“ öffnet die "
            "Frage wieder. Bis dahin ist nichts anderes möglich.\n"
            "• Wer am Ende des Durchgangs 0 oder weniger hat, ist Zombie mit 0.\n"
            "• Keuler-Bonus nur bei einem echten Fall (vorher über 0), einmal pro Opfer.\n"
            "• Runkelrüb rettet automatisch bei der ersten 6, die er retten kann.\n"
            "• Freie Jokerwahl (Finale, ab Durchgang 2, einmal): bis zu drei beliebige "
            "Joker, auch schon benutzte.",
        ),
    },
    "teufel": {
        "goal": (
            "Auf Teufel komm raus – Ziel",
            "2–6 Spieler, jeder beginnt mit 200. Im Ofen liegen 48 Plättchen: Kohle "
            "(10 bis 100) und 9 Teufel. Wer am Ende einer Runde 1600 oder mehr hat, beendet "
            "das Spiel; das höchste Guthaben gewinnt.",
        ),
        "round": (
            "Eine Runde",
            "1. **Setzen** (alle gleichzeitig, verdeckt): wie viel Kohle wird mindestens "
            "einer ziehen, ohne dem Teufel zu begegnen? 0 oder in Zehnern bis zu deinem "
            "Guthaben. Aufgedeckt wird, wenn alle gesetzt haben.\n"
            "2. **Ziehen**: der Reihe nach – **ziehen** deckt ein Plättchen auf, **stopp** "
            "behält deine Kohle. Ein Teufel: Zug vorbei, deine Kohle zählt 0.\n"
            "3. **Abrechnen**: H = die meiste Kohle der Runde. Einsatz ≤ H: die Bank zahlt "
            "ihn dir aus; Einsatz > H: er geht an die Bank. Gewinnt der höchste Einsatz, "
            "zahlt die Bank dessen Setzern das Doppelte. +50 für die meiste Kohle, +50 für "
            "die meisten Stücke.\n"
            "4. **Spur**: die Figuren ziehen. Wer allein hinten steht oder auf 0–50, hat "
            "einen **Pakt**: dreht jemand einen Teufel um, zahlt er jedem Paktler 50 "
            "(oder die Bank, wenn er nicht genug freies Geld hat); dann enden alle Pakte.",
        ),
        "decisions": (
            "Knöpfe und was der Croupier entscheidet",
            "• **Setzen** öffnet ein Feld nur für dich; **Mein Konto** zeigt dir Guthaben "
            "und Einsatz. Dein Guthaben kommt nach jeder Runde per DM (sonst über den "
            "Knopf) – öffentlich ist nur deine Position auf der Spur (mit Pakt offen).\n"
            "• Öffentlich steht ein Siegel deines Einsatzes: HMAC(Seed, Einsatz) – nach dem "
            "Spiel nachprüfbar, vorher nicht zu erraten.\n"
            "• Den ersten Startspieler würfelt der Croupier aus; danach wandert der Start.\n"
            "• Plättchen werden zufällig aus dem Ofen gezogen; liegen weniger als 16 darin, "
            "kommen nach der Runde alle 48 zurück.\n"
            "• Stopp ohne Kohle ist erlaubt. Ab 1600 steht die Figur auf 1600.\n"
            "• Paktzahlungen nur aus Geld, das du in der Runde weder gesetzt noch bekommen "
            "hast.",
        ),
    },
    "flaschenteufel": {
        "goal": (
            "Flaschenteufel – Ziel",
            "Ein Stichspiel mit 36 Karten (1–37 ohne 19) in drei Farben; die Münzen auf einer "
            "Karte sind ihre Punkte. Die Flasche steht auf dem Preis 19. Wer am Ende einer "
            "Hand die Flasche hat, bekommt nichts für seine Stiche und verliert die Punkte "
            "des Teufelsstichs. Nach allen Händen gewinnt die höchste Summe.",
        ),
        "hand": (
            "Eine Hand",
            "1. **Teufelsstich**: jeder legt eine Karte verdeckt hinein.\n"
            "2. **Weitergeben**: je eine Karte an den linken und rechten Nachbarn (alle "
            "gleichzeitig).\n"
            "3. **Stiche**: links vom Geber spielt aus. Farbe bedienen, sonst beliebig. "
            "Liegen Karten **unter dem Flaschenpreis**, gewinnt die höchste davon Stich und "
            "Flasche – sie wird der neue Preis. Sonst gewinnt die höchste Karte.\n"
            "4. **Wertung**: jeder zählt die Münzen seiner Stiche – außer dem "
            "Flaschenbesitzer (siehe oben).\n"
            "Zu zweit: `/flaschenteufel tisch variante:lopaka` (ein Strohmann spielt mit "
            "offenen Karten nach festen Regeln) oder `variante:glitterhuis` (zwei Sätze, "
            "einer offen).",
        ),
        "decisions": (
            "Knöpfe und was der Croupier entscheidet",
            "• Deine Karten kommen per DM; **Meine Karten** zeigt sie dir jederzeit. "
            "**Am Zug …** öffnet deine Auswahl – nur mit deinen, nur mit erlaubten Karten.\n"
            "• Erst legt jeder eine Karte in den Teufelsstich; das Weitergeben öffnet sich, "
            "wenn alle abgelegt haben, und die Karten wandern, wenn alle gewählt haben. Mit "
            "Lopaka wird nur weitergegeben (der Teufelsstich sind die drei übrigen Karten). "
            "Bei Glitterhuis geht beides je Satz in beliebiger Reihenfolge; eine "
            "weitergegebene Karte kann nicht in den Teufelsstich.\n"
            "• Sitzfolge = Beitrittsfolge (im Uhrzeigersinn); Geber der ersten Hand ist der "
            "letzte Platz, der Geber wandert jede Hand.\n"
            "• Länge: eine Hand pro Spieler (zu zweit: 2); `haende:` stellt sie ein.\n"
            "• Lopakas Punkte werden gezeigt; es gewinnt der bessere der beiden Spieler.",
        ),
    },
    "dicedevils": {
        "goal": (
            "Dice Devils – Ziel",
            "3–6 Teufel würfeln um heiße Gegenstände. Ränge von oben: Oberteufel (3 W6), "
            "Spielteufel, Fehlerteufel, Putzteufel, Springteufel (je 2 W6), Satansbraten "
            "(2 W4). Das Spiel endet nach der Runde, in der jemand 10 Gegenstände hat (oder "
            "alles verteilt ist). Punkte: Wert der Gegenstände (1–3) + 3 für je drei gleiche.",
        ),
        "round": (
            "Eine Runde",
            "1. Gegenstände kommen in die Auslage – immer weniger als Teufel.\n"
            "2. Jeder würfelt geheim: deine Würfel kommen per DM und über **Mein Becher**.\n"
            "3. In Rangfolge setzt jeder seinen Marker: Knopf mit dem Gegenstand.\n"
            "4. Allein an einem Gegenstand: er gehört dir. Sonst **Würfelkampf**: Summe "
            "zweier Würfel (Oberteufel: die zwei höchsten; Satansbraten: beide + der "
            "niedrigste des Oberteufels). Höchste Summe gewinnt, Gleichstand wird neu "
            "gewürfelt – der **Springteufel** gewinnt jeden Gleichstand. Der Sieger darf den "
            "Rang mit einem Verlierer tauschen.\n"
            "Fähigkeiten: **Spielteufel** lässt seine Gegner einmal neu würfeln; "
            "**Fehlerteufel** stiehlt als Sieger einen Gegenstand mit Wert 1; **Putzteufel** "
            "tauscht als Sieger einen Gegenstand.",
        ),
        "decisions": (
            "Knöpfe und was der Croupier entscheidet",
            "• Die Ränge werden zufällig verteilt. `/dicedevils tisch mehr_kaempfe:` legt "
            "weniger Gegenstände aus.\n"
            "• Entscheidungen (neu würfeln lassen, stehlen, tauschen, Rangtausch) fragt der "
            "Croupier nacheinander in Regelreihenfolge, nur den Entscheidenden: "
            "**Entscheiden** öffnet die Frage, **Verzichten** lässt sie aus.\n"
            "• Der Kampf mit dem Oberteufel kommt zuerst, die übrigen nach ihrem höchsten "
            "Rang.\n"
            "• Satansbraten nimmt den niedrigsten Würfel des Oberteufels so, wie er nach "
            "dessen eigenem Kampf liegt.\n"
            "• Nicht genommene Gegenstände bleiben liegen und zählen zur Auslage.\n"
            "• Gleichstand am Ende: der Springteufel gewinnt, sonst der höhere Rang.",
        ),
    },
}
