"""engarde: a play-by-email campaign manager for En Garde!

The package is a pipeline, as DESIGN.md describes: ``intake`` and ``parse`` turn
mail into typed orders and error records, ``resolve`` runs the month through the
rules modules in ``engarde.rules`` with explicit dice, ``store`` keeps the result
in one transaction, and ``gazette`` renders it.
"""

__version__ = "0.1.0"
