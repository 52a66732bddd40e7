"""Named tuples made and read by position without a Python-level call: the one place that does it.

A batch makes and reads some hundred thousand small named tuples (``Entry``, ``DeckCard``,
``Reading``, ``Face``). Calling a namedtuple class runs its Python ``__new__``, and
``operator.attrgetter`` takes the generic attribute look-up; on Python 3.11 both cost several
times what the tuple itself does. So the hot loops use these two instead:

* ``made(cls, values)`` is ``cls(*values)`` built in C (``tuple.__new__``): ``values`` must hold
  every field, in order (defaults are not filled in);
* ``field(cls, *names)`` reads fields by name, as ``operator.itemgetter`` of their positions,
  found in ``cls._fields`` (never a position written by hand).
"""

from __future__ import annotations

from operator import itemgetter

made = tuple.__new__


def field(cls: type, *names: str) -> itemgetter:
    """An itemgetter of the fields ``names`` of the named tuple ``cls`` (one name: its value)."""
    return itemgetter(*(cls._fields.index(name) for name in names))
