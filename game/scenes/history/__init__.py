"""After the flag and later: the results, the race's statistics, the races played, the replay
viewer and the full race log."""
