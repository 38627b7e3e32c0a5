"""Retrieval benchmark (``lgm bench retrieval``): supporting-sentence and paragraph recall
on HotpotQA / MuSiQue against BM25 and dense baselines, its gold loader, metrics, report and plot."""
