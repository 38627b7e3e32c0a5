"""``lgm bench graph``: relations, junk labels, splits and judged precision of a learned KB."""
