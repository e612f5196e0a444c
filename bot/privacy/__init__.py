"""What the store keeps about a person, in one place: which tables hold players' ids and
names (:mod:`bot.privacy.inventory`), and everything kept about one user, as the file
``/meine-daten`` gives him (:mod:`bot.privacy.own_data`). Pure reads; no Discord."""
