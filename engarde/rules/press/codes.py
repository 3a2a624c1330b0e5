"""Stable codes of the press module's events and errors: templates and tests match these, never prose."""

E_LETTER_UNENDED = "letter-unended"  # a letter to the gazette with no "End of letter"
E_PEN_NAME = "pen-name-of-a-character"  # a letter signed as (or nearly as) another character
