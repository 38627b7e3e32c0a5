"""English plurals by spelling: which words in -s are no plurals, and the singular of one that is.

One place for the rule, used by concept keys (mending the lemmatiser), by relation arguments
(a plural subject the tagger took for a name), by question linking (plural and singular folded)
and by coreference (a plural topic is no antecedent of "it").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from lgm_rdf.nlp.model import Sentence, Token
from lgm_rdf.nlp.wordlists import words

# nouns whose form in -s is their only form: fields of study and practice in -ics, "series" and
# "species" with their compounds, pluralia tantum ("miniseries", "astrophysics", "pliers") and
# the music "blues" ("rhythm and blues")
OWN_PLURAL_ENDINGS = tuple(
    words(
        "species series mathematics physics economics politics ethics aesthetics linguistics "
        "genetics athletics gymnastics electronics robotics acoustics optics logistics aerobics "
        "phonetics semantics informatics dynamics aeronautics astronautics mechanics statistics "
        "pediatrics paediatrics obstetrics orthodontics forensics hydraulics cybernetics "
        "pliers scissors tongs tweezers trousers jeans pyjamas pajamas binoculars goggles "
        "barracks headquarters outskirts clothes news mumps measles diabetes rabies blues"
    )
)
# a Latin plural English uses as a mass noun: "data" is no plural of "datum" ("media" stays the
# plural of "medium": "storage media")
MASS_PLURALS = words("data")
# singular nouns in -s beyond the endings -ss, -us, -is ("lens", "gas", "chaos")
SINGULAR_IN_S = words("means lens bus gas canvas chaos ethos pathos corps bias atlas iris alias")


def singular_in_s(word: str) -> bool:
    """A lower-case word in -s that is singular (or has no singular): "news", "analysis",
    "miniseries", "class", "virus", "pliers"."""
    return (
        word in SINGULAR_IN_S
        or word.endswith(("ss", "us", "is"))
        or word.endswith(OWN_PLURAL_ENDINGS)
    )


def singular(word: str) -> str:
    """The singular of a lower-case plural by spelling ("studies" → "study", "boxes" → "box",
    "apples" → "apple"); a word that is no plural in -s comes back as it is."""
    if len(word) <= 3 or not word.endswith("s") or singular_in_s(word):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    return word[:-1]


def initial_plural(tokens: Sequence[Token]) -> bool:
    """ "Options which are passed to it ...", "Sessions, windows and panes are numbered": a
    sentence that opens with a capitalised plural the tagger took for a name (a plural verb
    agrees with it, or with the relative pronoun of a clause on it); "Requests is a library"
    and "Texas, where cattle are raised, is a state" are names (a singular verb agrees). Only a
    plural whose singular its spelling tells ("-ches", "-shes", "-xes" may lose "s" or "es")."""
    first = _opening_word_in_s(tokens, "PROPN")
    if first is None or first.text.lower().endswith(_UNSURE_ENDINGS):
        return False
    main = _main_verbs(tokens, first)
    clauses = [t for t in tokens if t.head == first.i and t.deprel in ("relcl", "acl")]
    own = [
        c for c in clauses if any(t.head == c.i and t.text.lower() in _RELATIVES for t in tokens)
    ]
    own += [t for t in tokens if any(t.head == c.i and t.deprel.startswith("aux") for c in own)]
    if any(singular_verb_form(t) for t in main):
        return False
    return any(plural_verb_form(t) for t in (*main, *own))


def initial_name(tokens: Sequence[Token]) -> bool:
    """ "Saunders also sings in the film", "Sanders was elected": a sentence that opens with a
    capitalised word in -s the tagger took for a plural common noun (its lemma lost the "s":
    `saunder`), whose verb agrees with a singular subject: a name, kept as written. A noun
    whose only form ends in -s ("Politics is ...") is none. The reverse of ``initial_plural``."""
    first = _opening_word_in_s(tokens, "NOUN")
    if first is None or first.lemma.lower() == first.text.lower():
        return False
    if not first.deprel.startswith("nsubj"):
        return False
    main = _main_verbs(tokens, first)
    return any(singular_verb_form(t) for t in main) and not any(plural_verb_form(t) for t in main)


def _opening_word_in_s(tokens: Sequence[Token], upos: str) -> Token | None:
    """The sentence's first token when it is a capitalised word in -s tagged ``upos``, not a
    singular noun in -s by spelling, and the next word is not capitalised (no longer name)."""
    if len(tokens) < 2:
        return None
    first, text = tokens[0], tokens[0].text
    if first.upos != upos or not (text[:1].isupper() and text[1:].islower()):
        return None
    if not text.endswith("s") or singular_in_s(text.lower()) or tokens[1].text[:1].isupper():
        return None
    return first


def _main_verbs(tokens: Sequence[Token], subject: Token) -> list[Token]:
    """The verb ``subject`` hangs on, with its copula and auxiliaries (what agrees with it)."""
    main = [t for t in tokens if t.i == subject.head and t.i != subject.i]
    main += [t for t in tokens if any(t.head == v.i and t.deprel == "cop" for v in main)]
    main += [t for t in tokens if any(t.head == v.i and t.deprel.startswith("aux") for v in main)]
    return main


_UNSURE_ENDINGS = ("ches", "shes", "xes", "zes")
_RELATIVES = frozenset({"which", "that", "who"})


def plural_verb_form(tok: Token) -> bool:
    """A finite verb that agrees with a plural subject ("are", "were", a VBP)."""
    return tok.tag == "VBP" or tok.text.lower() in ("are", "were")


def singular_verb_form(tok: Token) -> bool:
    """A finite verb in the third person singular ("is", "was", "has", "does", a VBZ)."""
    return tok.tag == "VBZ" or tok.text.lower() in ("is", "was", "has", "does")


def mend_initial_plural(sentence: Sentence) -> Sentence:
    """``sentence`` with an opening plural common noun tagged as one (see ``initial_plural``),
    so that "Options" and "options" are one concept, or an opening name in -s the tagger took
    for a plural tagged as a name (see ``initial_name``: "Saunders", not `saunder`); otherwise
    ``sentence`` itself."""
    first = sentence.tokens[0] if sentence.tokens else None
    if first is not None and initial_plural(sentence.tokens):
        noun = replace(first, upos="NOUN", tag="NNS", lemma=singular(first.text.lower()))
    elif first is not None and initial_name(sentence.tokens):
        noun = replace(first, upos="PROPN", tag="NNP", lemma=first.text)
    else:
        return sentence
    return replace(sentence, tokens=(noun, *sentence.tokens[1:]))
