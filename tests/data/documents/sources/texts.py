"""Writes the text fixtures in legacy and wide encodings (run by make_documents.sh)."""

import sys
from pathlib import Path

out = Path(sys.argv[1])
PHARES = """Phares de France

The Phare de Cordouan stands at the mouth of the Gironde estuary. It is the oldest lighthouse in France that is still in use.

The tower was designed by Louis de Foix and completed in 1611. Its chapel and royal apartments earned it the nickname « Versailles de la mer ».

The Phare de l'Île Vierge in Brittany is the tallest traditional lighthouse in Europe. Visitors climb 365 steps to reach the gallery, from which the Île d'Ouessant can be seen on a clear day.
"""
FOG = """Fog signals

A fog signal is a sound made by a lighthouse when fog hides its light. Early fog signals were bells and cannons; later stations used a diaphone, a kind of compressed-air horn.
"""
(out / "phares-latin1.txt").write_bytes(PHARES.encode("latin-1"))
(out / "fog-utf16.txt").write_bytes(FOG.encode("utf-16"))  # with a byte-order mark
