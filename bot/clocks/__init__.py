"""Turn clocks: the clock as a value (:mod:`bot.clocks.clock`) and its rules as pure
functions (:mod:`bot.clocks.timing`)."""
