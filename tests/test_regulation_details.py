"""Reading the regulation data in detail: what each refusal says (key and arguments), what is kept.

They were written against the survivors of ``python tools/mutation_test.py
'duepa_check.regulation.*'`` (mutmut); they compare message keys and arguments, not words.
"""

from __future__ import annotations
