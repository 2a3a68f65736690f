"""Pure rule tables: lookups and arithmetic of RULES.md's tables, with no engine state.

Each module here is a function of a roll, a count or a setting; the rule modules
in ``rules.modules`` decide when the engine consults them.
"""
