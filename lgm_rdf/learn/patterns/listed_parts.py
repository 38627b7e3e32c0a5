"""Every name of a list a verb of composition gives its whole (a mixin over
``colon_lists.ColonListRules``).

composition  "The band consisted of Brad Becker (vocals, guitar), Mark Carr (bass) and John
             Russell (drums)": the parse of a list whose names each carry a bracket breaks
             after the first name, so "consist-of" and "contain" find only that one; the list
             read off the words gives the whole every listed name
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.colon_lists import ColonListRules

# verbs of composition and the preposition before their parts ("" for a direct object)
_PART_VERBS = {"consist": "of", "comprise": "", "include": ""}


class ListedPartRules(ColonListRules):
    """The rule ``listed-parts``."""

    def _listed_parts(self) -> None:
        """The names of a closed list that opens right after "consists of", "comprises" or
        "includes" are parts of the whole that verb's rule gave the first of them (its
        guards, such as no people listed by "include", hold for the rest as well)."""
        v = self.v
        for i in range(len(v)):
            prep = _PART_VERBS.get(v.lemma(i))
            if prep is None or v.is_passive(i):
                continue
            objects = v.pp_objects(i, prep) if prep else v.children(i, "obj")
            if not objects:
                continue
            items = self._named_items(min(v.subtree(objects[0])))
            names = [a for a in map(self._title_arg, items) if a is not None]
            if len(names) < 2:
                continue
            for whole in self._composed_wholes(names[0].key):
                self.rule = "listed-parts"
                for name in names[1:]:
                    self._emit("composition", whole, name, 0.8)
