"""Reading a decklist in detail: what each refusal says (key and arguments), which line a card is on.

test_bad_input.py and test_hostile.py prove that bad input is one line and exit 2, and
test_decklist.py that the formats are read; these tests pin the message key and arguments
of each refusal and problem, and the line numbers entries carry, comparing keys, not words.
They were written against the survivors of ``python tools/mutation_test.py
'duepa_check.decklist.*'`` (mutmut).
"""

from __future__ import annotations
