"""duepa-check: is this デュエパーティー deck legal?"""

__version__ = "0.1.0"
PROJECT_URL = "https://pypi.org/project/duepa-check/"  # SARIF's informationUri, the update's User-Agent
