"""Races between homes: the lobby online and by email (``lobby``), a new online race
(``create``), their forms, the race screen's chat and bid panel, a championship's race run
between homes (``series``) and the email steward's window."""
