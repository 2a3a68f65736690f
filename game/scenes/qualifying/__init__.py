"""Timed laps: the qualifying screen (``scene``, its picture in ``drawing``), the time trial
(``trial``) and the table of lap records (``records``)."""
