"""``lgm bench ask``: how soon ``lgm ask`` answers, cold and warm."""
