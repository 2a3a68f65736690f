"""The shipped circuits, in the order the maps are written."""

from __future__ import annotations

from trackgen.circuits.adlerjoch import MOUNTAIN
from trackgen.circuits.brueckenau import CITY
from trackgen.circuits.eichwald import CLASSIC
from trackgen.circuits.hafenstadt import STREET
from trackgen.circuits.hohenau import GP
from trackgen.circuits.kranzfeld import AIRFIELD
from trackgen.circuits.oval import OVAL
from trackgen.description import Circuit

CIRCUITS: tuple[Circuit, ...] = (OVAL, GP, STREET, CITY, AIRFIELD, MOUNTAIN, CLASSIC)
