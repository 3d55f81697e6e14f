"""The rules: a registry of small functions, one module per family.

* :mod:`.registry`: how a rule is declared (:func:`check`), what it sees (:class:`Context`,
  :class:`ProjectContext`), and how rules are run over an alignment or a project;
* :mod:`.coverage`: is every upstream block translated, and really translated (:mod:`.moved`:
  what a missing block that names nothing may be, moved);
* :mod:`.consistency`: what a translation must keep exactly (numbers, dates, code, markup);
* :mod:`.publication`: the date a post was published, against the date its translation gives;
* :mod:`.links`: where links lead, whatever their language prefix;
* :mod:`.rendering`: what the site renders: syntax shown as text, link syntax that did not
  parse, code that lost its backticks;
* :mod:`.document`: the announced version, the glossary, consistent terminology;
* :mod:`.releases`: a changelog's entries the translation lists under another release;
* :mod:`.staleness`: passages whose upstream changed since they were translated;
* :mod:`.files`: whole files without a partner.

The rule modules are loaded when the registry is first read (a warm-cache run reads no rule):
read it through :func:`rules` and :func:`find_rule`, never as a dictionary.
"""

from . import registry
from .registry import (
    SUPERSEDES,
    UNREADABLE,
    Context,
    DocumentRule,
    PairRule,
    Problem,
    ProjectContext,
    ProjectRule,
    Rule,
    Scope,
    apply_rule_options,
    check,
    find_rule,
    resolve_settings,
    rules,
    run_checks,
    run_project_checks,
    suppress,
)



def _load_rules() -> None:
    from . import consistency, coverage, document, english, files, headings, links, omission, publication, releases, rendering, staleness, targets, unfinished  # noqa: F401  (they register their rules)


registry.set_loader(_load_rules)

__all__ = [
    "SUPERSEDES", "UNREADABLE", "Context", "DocumentRule", "PairRule", "Problem", "ProjectContext",
    "ProjectRule", "Rule", "Scope", "apply_rule_options", "check", "find_rule", "resolve_settings",
    "rules", "run_checks", "run_project_checks", "suppress",
]
