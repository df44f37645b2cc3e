"""Reading test of a filter listing statuses before its one kind (issue 28): Sonar Strike (Bloomburrow; Oracle text as
Forge's card script keeps it, tests/data/status_lists.json) -> status and the filter's clauses. The behaviour is played
out in tests/rules/card_families/status_lists.yaml."""

from __future__ import annotations

from tests.card_lines import facts, lines_of

line = lines_of("status_lists.json")


def test_attacking_blocking_or_tapped_creature_is_three_clauses_of_one_kind():
    # "target attacking, blocking, or tapped creature": an attacking creature, a blocking creature or a tapped creature
    ln = line("Sonar Strike", 1)
    assert ln.status == "modelled", ln.text
    f = facts(ln)
    name = 'f("attacking, blocking, or tapped creature")'
    for n, status in enumerate(("attacking", "blocking", "tapped"), 1):
        assert f"filter_clause({name},{n})" in f
        assert f"filter_lit({name},{n},pos({status}))" in f
        assert f"filter_lit({name},{n},pos(type(creature)))" in f
    assert f"filter_clause({name},4)" not in f
