"""QA benchmark (``lgm bench qa``): EM, F1 and LLM-judge recall of answers, against stuffing."""
