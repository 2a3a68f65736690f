"""A league's races beyond one race: championships with their points and dropped results, and
FD Blitz matches."""
