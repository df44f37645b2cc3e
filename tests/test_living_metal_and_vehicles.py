"""Living metal and March of the Machines: the dependency CR 613.8a read in the knowledge base's own atoms (the
answers of BOT-05, BOT-08, BOT-09 and BOT-15, CR 208.3 and 613.4c are rule cases: tests/rules/702_keywords/
living_metal.yaml, 301_artifacts/vehicles.yaml, 613_layers/power_and_toughness.yaml)."""

from conftest import obj, scenario


ARCEE_BACK = obj("arcee", "Arcee, Acrobatic Coupe", face="back")
MARCH = obj("march", "March of the Machines")


def test_BOT_09_march_depends_on_living_metal_whichever_timestamp_is_earlier():
    # CR 613.8a: applying living metal changes what March applies to, so March waits for it (613.8b).
    import pyrules
    from clingo import Function, Number, String

    for objects in ((MARCH, ARCEE_BACK), (ARCEE_BACK, MARCH)):
        ev = pyrules.evaluate(pyrules.load(scenario(*objects, active="alice")))
        node = ev.explain("arcee.types")
        rules = {r for n in node.walk() for r in n.rules}
        assert "CR 702.161a" in rules
        from pyrules.answers.queries import explainer

        answer = explainer(ev)
        def ab(card, face, line, name):
            return Function("ab", [String(card), Function(face), Number(line), Function(name)])

        march = Function("st", [String("march"), ab("March of the Machines", "front", 1, "static_1")])
        lm = Function("st", [String("arcee"), ab("Arcee, Sharpshooter // Arcee, Acrobatic Coupe", "back", 1, "living_metal")])
        assert answer.has(Function("depends", [march, lm, Number(0)]))
        assert answer.has(Function("l4_skipped", [march, String("arcee"), Number(0)]))


