"""Championships: the list of them, a new series and its standings."""
