"""Die verflixte 6 tournaments: registration, group draws, standings, advancing, Finale.

Pure like the engines (no discord, no database): the service stores a Tournament as JSON
and feeds it each group's Abend result; every draw and Stechen uses the audited RNG.
"""
