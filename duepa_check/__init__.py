"""duepa-check: is this デュエパーティー deck legal?"""

__version__ = "0.1.0"
