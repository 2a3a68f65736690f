"""Timed laps: the qualifying screen (``scene``, with its parts: where its pieces go in
``layout``, its clicks and keys in ``input``, its picture in ``drawing``, and what they use of
it in ``screen``), the time trial (``trial``) and the table of lap records (``records``)."""
