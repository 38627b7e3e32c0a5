"""Role nouns written as a run, before a person's name or as a predicate.

"English guitarist, composer and improvisor Fred Frith", "bass player / vocalist Michael
Henderson", "playwright-turned-director Jang Yoo-jeong": every role of the run is a title of
the name, though the parse joins only the last one to it (or none, when it takes the last role
for one more item of the list). "X is a singer and record producer": the parse reads "singer and
record" as modifiers of "producer". These functions find the run's role nouns on the tokens,
and the name after a role noun that a broken parse made a clause's subject ("Songs by the poet
[Anna Akhmatova]subj were set to music");
the title-noun rule (``titles``), the copula and the class extents (``args``) use them. Plural
roles the parse listed with the names they describe ("a duo composed of vocalists and
songwriters Dan Smyers and Shay Mooney") are found by ``roles_before_names``.
"""

from __future__ import annotations

from collections.abc import Callable

from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.joined import title_case
from lgm_rdf.learn.patterns.words import ROLE_SUFFIXES, relational_noun
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.wordlists import HYPHENS

# what separates the roles of a run: "guitarist, composer and improvisor", "player / vocalist"
_SEPARATORS = frozenset({",", "and", "/", "&"})
# entities that are no person's name
_NO_PERSON = frozenset({"GPE", "LOC", "NORP", "DATE", "TIME", "CARDINAL"})


def person_role(v: DepView, k: int) -> bool:
    """Token ``k`` is a singular lower-case noun for what a person does or is ("composer",
    "vocalist"), not a relation to someone ("brother", "manager" of the listed nouns is fine:
    only kinship and the like are relational)."""
    tok = v.tokens[k]
    if tok.upos != "NOUN" or not (tok.text.isalpha() and tok.text.islower()) or v.is_plural(k):
        return False
    return person_noun(v.lemma(k)) and not relational_noun(v.lemma(k))


def listed_roles(v: DepView, noun: int) -> list[int]:
    """The role nouns listed right before the role noun ``noun`` of a name, nearest first:
    "guitarist, composer and [improvisor] Fred Frith" gives composer and guitarist. Each
    earlier role is a bare noun (its own noun compounds allowed: "bass player"); only the
    first of the run may carry "the" or adjectives, which belong to the whole run. A comma
    before "and" needs a longer list ("as a carpenter, and lawyer John Doe said": two
    clauses)."""
    toks, out, j = v.tokens, [], noun
    serial = False
    while True:
        lo = j  # its own compounds and adjectives: "bassist and primary songwriter X"
        while lo > 0 and v.rels[lo - 1] in ("compound", "amod") and toks[lo - 1].text.islower():
            lo -= 1
        sep = lo - 1
        if sep < 1 or toks[sep].text.lower() not in _SEPARATORS:
            break
        m = sep - 1
        if toks[sep].text.lower() in ("and", "&") and toks[m].text == ",":
            m, serial = m - 1, True
        if m < 0 or not person_role(v, m) or v.determiner(m) not in ("", "the"):
            break  # "a teacher, a farmer and singer John Doe": people of their own
        out.append(m)
        j = m
        if v.determiner(m) or v.children(m, "amod"):
            break  # "the guitarist, composer and ...", "English guitarist, ...": the run's start
    if serial and len(out) < 2:
        return []
    return out


def turned_role(v: DepView, noun: int) -> int | None:
    """The earlier role of "playwright-turned-director" written before ``noun`` (director):
    the person was the one and is now the other."""
    toks = v.tokens
    if noun < 4 or toks[noun - 2].text.lower() != "turned":
        return None
    if toks[noun - 1].text not in HYPHENS or toks[noun - 3].text not in HYPHENS:
        return None
    return noun - 4 if person_role(v, noun - 4) else None


def name_after_run(v: DepView, k: int) -> int | None:
    """The head of a person's name right after the role noun ``k`` that ends a run of roles
    ("composer and improvisor Fred Frith") where the parse took the role for one more item of
    the list and the name for a word of its own; None elsewhere."""
    toks = v.tokens
    if v.rels[k] != "conj" or k + 1 >= len(v) or toks[k].upos != "NOUN":
        return None
    end = k + 1
    while end < len(v) and toks[end].upos == "PROPN" and toks[end].text[:1].isupper():
        if toks[end].ent_type in _NO_PERSON:
            return None  # "singer and actress London": a place, no name
        end += 1
    run = range(k + 1, end)
    heads = [j for j in run if v.head(j) not in run]
    if len(heads) != 1 or v.head(heads[0]) == k or not listed_roles(v, k):
        return None
    return heads[0]


def role_modifier(v: DepView, n: int) -> int | None:
    """The first role of "a singer and record producer" that the parse hung on the head role
    ``n`` as a modifier coordinated with the next one's ("[singer]nmod and [record]conj
    producer"): a person noun before a person noun is another role, not a kind of producer (not
    "a bus and train station"). None elsewhere."""
    toks = v.tokens
    if not toks[n].text.islower() or not person_noun(v.lemma(n)):
        return None
    for k in v.kids[n]:
        if k > n or v.rels[k] not in ("nmod", "compound") or not toks[k].text.islower():
            continue
        conj = [c for c in v.children(k, "conj") if k < c < n]
        cc = [c for c in v.children(k, "cc") if v.lemma(c) in ("and", "or")]
        if len(conj) == 1 and cc and person_noun(v.lemma(k).split("-")[-1]):
            return k
    return None


def second_subject(v: DepView, proper: Callable[[int], bool], k: int) -> int | None:
    """The name right after the noun ``k`` that the parse made a second subject of a verb
    whose own subject comes before ``k`` ("Songs by the poet [Anna Akhmatova]subj were set
    to music"), or of a relative clause on ``k`` when ``k`` is the root ("The poet Anna
    Akhmatova wrote it." read as "the poet that Anna wrote"): the name is the noun's (``proper``
    tells a name). None otherwise ("told the king Henry was dead": "Henry" is the only subject
    of its verb)."""
    h = k + 1
    while h < len(v) and v.rels[h] in ("compound", "flat") and (v.head(h) or 0) > h:
        h = v.head(h) or h
    verb = v.head(h) if h < len(v) else None
    if verb is None or v.rels[h] not in ("subj", "subjpass") or not title_case(v, k + 1, h):
        return None
    earlier = [s for s in v.children(verb, "subj", "subjpass") if s < k]
    # "The poet [Anna Akhmatova wrote it]relcl.": a clause on a noun that has no verb
    fragment = v.rels[verb] in ("acl", "relcl") and v.head(verb) == k and v.head(k) is None
    fragment = fragment and bool(v.children(verb, "obj"))  # no gap: "The poet John admired"
    return h if (earlier or fragment) and proper(h) else None


def role_word(lemma: str, text: str) -> bool:
    """A noun of a person's role: a person noun of the lexicon, or one that ends like an agent
    noun ("welder", "editor", "violinist")."""
    return bool(person_noun(lemma)) or text.lower().endswith(ROLE_SUFFIXES)


def roles_before_names(v: DepView, k: int) -> int | None:
    """The head of the first of the names that the plural role noun ``k`` and the roles listed
    after it describe, where the parse made the names more members of the roles' list
    ("composed of [vocalists]pobj and [songwriters]conj Dan [Smyers]conj and Shay Mooney"):
    they are people with those roles, not more members. None without such names (two or
    more, a person's name after the last role)."""
    toks = v.tokens
    if not _plural_role(v, k):
        return None
    j = k + 1
    while j < len(v) and (toks[j].text in _SEPARATORS or _plural_role(v, j)):
        j += 1
    if j >= len(v) or toks[j - 1].text in _SEPARATORS:
        return None  # "vocalists, Dan Smyers": no role right before the name
    h = j
    while v.rels[h] == "compound" and (up := v.head(h)) is not None and up > h:
        h = up  # "Dan" to the head "Smyers"
    if not _named(v, h) or v.first_conjunct(h) != v.first_conjunct(k):
        return None
    return h if v.children(h, "conj") else None


def _plural_role(v: DepView, k: int) -> bool:
    """Token ``k`` is a plural lower-case noun for what people do ("vocalists")."""
    tok = v.tokens[k]
    if tok.upos != "NOUN" or not (tok.text.isalpha() and tok.text.islower()):
        return False
    return v.is_plural(k) and person_noun(v.lemma(k)) and not relational_noun(v.lemma(k))


def people_in_apposition(v: DepView, k: int) -> list[int]:
    """The people the plural role noun ``k`` names in an apposition right after it ("consisted
    of guitarists [Stone Gossard]appos and Mike McCready"): the name and its conjuncts."""
    if not _plural_role(v, k):
        return []
    for a in v.children(k, "appos"):
        if min(v.subtree(a)) == k + 1 and _named(v, a):
            return v.conjuncts(a)
    return []


def _named(v: DepView, h: int) -> bool:
    """Token ``h`` heads a capitalised name that is no place, people or date (the tagger's
    entity types of people's names are often wrong: "Stone Gossard" an organisation)."""
    tok = v.tokens[h]
    return tok.upos == "PROPN" and tok.text[:1].isupper() and tok.ent_type not in _NO_PERSON
