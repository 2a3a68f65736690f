"""The race screen: the scene (``scene``) and the parts it owns, each with one job: where the
pieces go (``layout``), clicks and keys (``input``, ``keys``), the crew's and the league's
dialogs (``dialogs``), the queue of what happened at the player's pace (``pacing``), the picture
(``drawing``), the log's lines and moments (``log``) and the status file's data (``status``);
``screen`` names what of the scene the parts use."""
