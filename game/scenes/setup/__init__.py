"""Setting a race up: the line-up and track (``lineup``), the rule modules, the players' cars,
the grid, FD Blitz's match, and the track choice these screens share (``chosen_track``)."""
