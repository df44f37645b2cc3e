"""Mana symbols (pyrules.mana): every symbol of CR 107.4, its colors (CR 202.2) and what it adds to a mana
value (CR 202.3), and the symbols that are refused."""

import pickle

import pytest

from pyrules.cards.mana import (
    CostSymbol,
    ManaSymbol,
    ManaSymbolError,
    colors_of,
    format_cost,
    mana_value,
    parse_cost_symbols,
    parse_mana_cost,
    parse_optional_cost,
)


def kinds(cost):
    return [s.kind for s in parse_mana_cost(cost)]


def test_symbols_keep_their_printed_order():
    assert [s.text for s in parse_mana_cost("{1}{R}{W}")] == ["{1}", "{R}", "{W}"]
    # Uro's escape cost is printed {G}{G}{U}{U}: not sorted into WUBRG order
    assert [s.text for s in parse_mana_cost("{G}{G}{U}{U}")] == ["{G}", "{G}", "{U}", "{U}"]
    assert format_cost(parse_mana_cost("{G}{G}{U}{U}")) == "{G}{G}{U}{U}"
    assert format_cost(parse_mana_cost("{2/W}{2/U}{2/B}{2/R}{2/G}")) == "{2/W}{2/U}{2/B}{2/R}{2/G}"


@pytest.mark.parametrize("cost, kind, colors, value", [
    # CR 107.4b, 202.3: a numerical symbol is that much generic mana
    ("{0}", "generic", (), 0),
    ("{1}", "generic", (), 1),
    ("{15}", "generic", (), 15),
    # CR 107.4a, 202.2a: the five colored symbols are one mana of their color
    ("{W}", "colored", ("W",), 1),
    ("{U}", "colored", ("U",), 1),
    ("{B}", "colored", ("B",), 1),
    ("{R}", "colored", ("R",), 1),
    ("{G}", "colored", ("G",), 1),
    # CR 107.4c: {C} is one colorless mana; CR 107.4h: {S} is one mana from a snow source; snow is no color
    ("{C}", "colorless", (), 1),
    ("{S}", "snow", (), 1),
    # CR 202.3e: X is 0 while the object is not on the stack
    ("{X}", "x", (), 0),
    # CR 107.4e: a hybrid symbol is all of its colors; CR 202.3f: the largest component counts
    ("{W/U}", "hybrid", ("W", "U"), 1),
    ("{R/W}", "hybrid", ("W", "R"), 1),
    ("{G/U}", "hybrid", ("U", "G"), 1),
    ("{2/W}", "mono_hybrid", ("W",), 2),
    ("{2/G}", "mono_hybrid", ("G",), 2),
    ("{C/B}", "mono_hybrid", ("B",), 1),
    # CR 107.4f: Phyrexian symbols are colored; CR 202.3g: each contributes 1
    ("{B/P}", "phyrexian", ("B",), 1),
    ("{G/W/P}", "hybrid_phyrexian", ("W", "G"), 1),
    ("{U/R/P}", "hybrid_phyrexian", ("U", "R"), 1),
])
def test_each_symbol_has_its_kind_colors_and_mana_value(cost, kind, colors, value):
    (sym,) = parse_mana_cost(cost)
    assert (sym.text, sym.kind, sym.colors, sym.mana_value) == (cost, kind, colors, value)


def test_every_hybrid_and_phyrexian_symbol_of_CR_107_4_is_read():
    pairs = ["W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U"]
    assert kinds("".join("{%s}" % p for p in pairs)) == ["hybrid"] * 10
    assert kinds("".join("{%s/P}" % p for p in pairs)) == ["hybrid_phyrexian"] * 10
    assert kinds("{W/P}{U/P}{B/P}{R/P}{G/P}") == ["phyrexian"] * 5
    assert kinds("{2/W}{2/U}{2/B}{2/R}{2/G}{C/W}{C/U}{C/B}{C/R}{C/G}") == ["mono_hybrid"] * 10


def test_generic_amount():
    assert [s.amount for s in parse_mana_cost("{0}{3}{12}")] == [0, 3, 12]
    assert parse_mana_cost("{2/W}")[0].amount == 2


@pytest.mark.parametrize("cost, value", [
    ("{1}{R}{W}", 3),                        # Arcee, Sharpshooter
    ("{2/W}{2/U}{2/B}{2/R}{2/G}", 10),       # Reaper King: CR 202.3f, "This card's mana value is 10"
    ("{1}{B/P}{B/P}", 3),                    # Dismember: CR 202.3g
    ("{1}{G}{G/W/P}{W}", 4),                 # Ajani, Sleeper Agent
    ("{X}{G}", 1),                           # Stream of Life: CR 202.3e
    ("{X}{X}{R}", 1),
    ("{R/W}{R/W}", 2),                       # Boros Guildmage
])
def test_mana_value_of_a_cost(cost, value):
    assert mana_value(parse_mana_cost(cost)) == value


@pytest.mark.parametrize("cost, colors", [
    ("{1}{R}{W}", ["W", "R"]),               # CR 202.2c, WUBRG order
    ("{G}{G}{U}{U}", ["U", "G"]),
    ("{2/W}{2/U}{2/B}{2/R}{2/G}", ["W", "U", "B", "R", "G"]),   # CR 202.2d
    ("{1}{B/P}{B/P}", ["B"]),
    ("{1}{G}{G/W/P}{W}", ["W", "G"]),
    ("{4}", []),                             # CR 202.2b: colorless
    ("{C}{S}{X}", []),
])
def test_colors_of_a_cost(cost, colors):
    assert colors_of(parse_mana_cost(cost)) == colors


def test_no_mana_cost_is_not_a_cost_of_zero():
    # CR 202.1b: some objects have no mana cost; CR 107.4d: {0} is a cost of zero mana
    assert parse_mana_cost("") == []
    zero = parse_mana_cost("{0}")
    assert len(zero) == 1 and zero[0].kind == "generic" and zero[0].amount == 0
    assert parse_optional_cost(None) is None
    assert parse_optional_cost("") is None
    assert parse_optional_cost("{0}") == zero
    # both have mana value 0 (CR 202.3a)
    assert mana_value(None) == mana_value([]) == mana_value(zero) == 0
    assert format_cost(None) == "" and format_cost(zero) == "{0}"


@pytest.mark.parametrize("cost, symbol", [
    ("{H/W}", "{H/W}"),
    ("{1}{½}", "{½}"),
    ("{∞}", "{∞}"),
    ("{HW}", "{HW}"),
    ("{2/W}{Q/W}", "{Q/W}"),
    ("{w}", "{w}"),
    ("{U/W}", "{U/W}"),
    ("{3/W}", "{3/W}"),
    ("{01}", "{01}"),
    ("{}", "{}"),
    ("{E}", "{E}"),
    ("{T}", "{T}"),
    ("{1}{R", "{R"),
    ("{1}}", "}"),
    ("1R", "1R"),
    ("{1} {R}", " "),
])
def test_unknown_or_malformed_symbols_are_refused_naming_the_symbol(cost, symbol):
    with pytest.raises(ManaSymbolError) as err:
        parse_mana_cost(cost)
    assert err.value.symbol == symbol
    assert isinstance(err.value, ValueError)
    assert symbol.strip() == "" or symbol in str(err.value)
    assert "\n" not in str(err.value)


def test_refusals_say_how_the_symbol_is_written():
    with pytest.raises(ManaSymbolError, match=r"written \{W/U\}"):
        parse_mana_cost("{U/W}")
    with pytest.raises(ManaSymbolError, match=r"capitals: \{W\}"):
        parse_mana_cost("{w}")


def test_a_mana_cost_must_be_text():
    with pytest.raises(ManaSymbolError):
        parse_mana_cost(3)


def test_cost_symbols_tap_and_untap():
    syms = parse_cost_symbols("{2}{T}")
    assert [s.text for s in syms] == ["{2}", "{T}"]
    assert isinstance(syms[1], CostSymbol) and syms[1].kind == "tap"
    assert parse_cost_symbols("{Q}")[0].kind == "untap"
    assert mana_value(syms) == 2 and colors_of(syms) == []
    assert format_cost(syms) == "{2}{T}"
    with pytest.raises(ManaSymbolError, match="energy") as err:
        parse_cost_symbols("{E}{E}")
    assert err.value.symbol == "{E}"


def test_symbols_are_immutable_values():
    a, b = parse_mana_cost("{R}{R}")
    assert a == b == ManaSymbol("{R}", "colored", None, ("R",))
    with pytest.raises(AttributeError):
        a.kind = "generic"  # type: ignore[misc]
    err = pickle.loads(pickle.dumps(ManaSymbolError("{H/W}", "unknown mana symbol {H/W}")))
    assert (err.symbol, str(err)) == ("{H/W}", "unknown mana symbol {H/W}")
