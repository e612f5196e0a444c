"""Running as several processes: which shards (and so which servers) a process owns,
the singletons elected among processes, and the caches that learn of other processes'
writes (docs/DECISIONS.md, "Several processes")."""
