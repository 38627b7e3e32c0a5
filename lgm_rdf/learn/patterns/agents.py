"""Agent nouns: nouns for one who does something ("organizer", "president", "assistant"),
told by their ending, and the nouns with such an ending that name a thing instead."""

from __future__ import annotations

from lgm_rdf.nlp.wordlists import words

# endings of agent nouns: "a promoter of", "a resident of", "an employee of"
AGENT_SUFFIXES = ("er", "or", "ist", "ent", "ant", "ee", "ic")


# vessels, aircraft and machines named like agents: "a destroyer of the Royal Navy" is a ship
# of that navy, not one who destroys it
INSTRUMENT_NOUNS = words(
    "destroyer cruiser battlecruiser minesweeper minelayer tanker freighter trawler steamer "
    "airliner carrier fighter bomber interceptor icebreaker dredger schooner clipper whaler "
    "transporter tractor locomotive computer processor reactor motor generator printer "
    "container"
)


def agent_noun(text: str) -> bool:
    """A noun with an agent ending (``AGENT_SUFFIXES``: "organizer", "president", "assistant");
    a noun of a thing or an act made with "-ment" ("tournament", "settlement") or a machine
    named like an agent (``INSTRUMENT_NOUNS``: "destroyer", "bomber") is none."""
    text = text.lower()
    if text.endswith("ment") or text in INSTRUMENT_NOUNS or text[:-1] in INSTRUMENT_NOUNS:
        return False
    return text.endswith(AGENT_SUFFIXES)
