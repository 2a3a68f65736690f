"""The race screen: the scene (``scene``) and the parts it owns, each with one job: where the
pieces go and which buttons the moment offers (``layout``), clicks (``input``), the race by
keys (``keys``), the crew's and the league's dialogs (``dialogs``), the queue of what happened
at the player's pace (``pacing``), the picture (``drawing``), the log's lines and moments
(``log``) and the status file's data (``status``); ``screen`` names what of the scene the parts
use, and ``board`` holds what the race and qualifying share on the board."""
