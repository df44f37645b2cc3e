"""The typed tree of a line of oracle text, as the grammar (pyrules/cards/oracle.lark) reads it.

An ability is one of: keyword abilities, an activated ability (cost ":" effects), a triggered ability (event
"," effects), a Saga chapter, a static ability, or the effects of an instant or sorcery. Effects are
composable pieces (draw, gain life, deal damage to a target, destroy all of a filter, ...) that every wrapper
shares; targets and filters are typed; numbers are read as numbers. pyrules/cards/reader.py compiles a tree
into the knowledge base's vocabulary facts; each node writes itself back in words (`words()`), which is what
`pyrules cards NAME --json` shows as a line's `"parse"`.

Nothing here decides a game question: the nodes only say what the text says.
"""

from __future__ import annotations

from dataclasses import dataclass, field


def _n(n) -> str:
    return str(n)


# ------------------------------------------------------------------------------------------------ pieces

@dataclass(frozen=True)
class Filter:
    """A filter phrase as printed ("noncreature artifact", "artifact, creature, or land"): the reader turns its
    words into a filter term in disjunctive normal form, each word from the CR's lists."""
    text: str
    kind: str = "permanent"          # the noun that adds nothing: permanent | card | spell
    and_or: bool = False             # "and" means "or" ("instant and sorcery spells")
    extra: tuple[str, ...] = ()      # modifiers the phrase's context adds ("other")

    def words(self) -> str:
        return self.text


@dataclass(frozen=True)
class SelfRef:
    """Words that should name the object whose text it is: its name (~), "it", "this [type]"."""
    word: str                        # "~", "it", or the type word after "this"

    def words(self) -> str:
        return {"~": "~", "it": "it"}.get(self.word, f"this {self.word}")


@dataclass(frozen=True)
class Target:
    """A target: any target, a player, a permanent of a filter, a card in a graveyard of a filter."""
    kind: str                        # any | player | opponent | permanent | card_in_graveyard
    filter: Filter | None = None
    optional: bool = False           # "up to one"
    each_opponent: bool = False      # chosen once for each opponent

    def words(self) -> str:
        up = "up to one " if self.optional else ""
        if self.kind == "any":
            return "any target"
        if self.kind == "player_or_planeswalker":
            return "target player or planeswalker"
        if self.kind == "player":
            return "target player"
        if self.kind == "defending":
            return f"target {self.filter.words()} defending player controls"
        if self.kind == "opponent_or_planeswalker":
            return "target opponent or planeswalker"
        if self.kind == "opponent":
            return "target opponent"
        if self.kind == "card_in_graveyard":
            where = "your graveyard" if self.filter.extra == ("you_own",) else "a graveyard"
            return f"{up}target {self.filter.words()} from {where}"
        other = self.filter is not None and "other" in self.filter.extra       # "another target", "up to one other target"
        another = ("other " if up else "another ") if other else ""
        return f"{up}{another}target {self.filter.words()}"


# ------------------------------------------------------------------------------------------------ costs

@dataclass(frozen=True)
class CostItem:
    """One part of a cost: mana symbols, {T}, {Q}, pay life, discard, sacrifice, exile from the graveyard."""
    kind: str                        # mana | tap | untap | pay_life | discard | discard_hand | sacrifice_self |
                                     # sacrifice | exile_other_graveyard | exile_graveyard | forage | tap_untapped
    n: int = 0
    symbols: tuple[str, ...] = ()    # mana: the symbols as printed ({2}, {R})
    filter: Filter | None = None
    ref: SelfRef | None = None       # sacrifice_self: the words naming the object

    def words(self) -> str:
        k = self.kind
        if k == "mana":
            return "".join(self.symbols)
        return {"tap": "{T}", "untap": "{Q}", "pay_life": f"pay {self.n} life", "discard": f"discard {self.n} card(s)",
                "discard_hand": "discard your hand",
                "discard_kind": f"discard {self.n} {self.filter.words() if self.filter else ''} card(s)", "sacrifice_self": f"sacrifice {self.ref.words() if self.ref else '~'}",
                "exile_self": f"exile {self.ref.words() if self.ref else '~'}",
                "forage": "forage",
                "tap_untapped": f"tap {self.n} {self.filter.words() if self.filter else ''}",
                "remove_counters": f"remove {self.n} {''.join(self.symbols)} counter(s) from {self.ref.words() if self.ref else '~'}",
                "exile_single_graveyard": f"exile {self.n} {self.filter.words() if self.filter else ''} card(s) from a single graveyard",
                "sacrifice": f"sacrifice {self.n} {self.filter.words() if self.filter else ''}",
                "exile_other_graveyard": f"exile {self.n} other card(s) from your graveyard",
                "exile_graveyard": f"exile {self.n} {self.filter.words() if self.filter else ''} card(s) from your graveyard"}[k]


@dataclass(frozen=True)
class Cost:
    items: tuple[CostItem, ...]

    def words(self) -> str:
        return ", ".join(i.words() for i in self.items)


# ------------------------------------------------------------------------------------------------ effects

@dataclass(frozen=True)
class Effect:
    """One thing an ability does. kind names it; the other fields are its arguments:
    draw (who, n), gain_life (who, n), lose_life (who, n), damage (source, target, n), damage_divided
    (source, n), damage_to_spell_controller (source, n), tap (target), destroy_all (filter), sacrifice (ref),
    sacrifice_unless_escaped (ref), counters (ref, counter, n), convert (ref), transform (ref), create_token (n, token),
    gains_until_eot (keyword; the token just created), exile_return_transformed (ref), discard_hand,
    put_land, surveil (n), scry (n), exile (target), if_was (filter, then, otherwise), exile_may_play (target),
    no_prevention, grant_escape_until_eot (filter, cost), add_mana (mana),
    impulse, impulse_choose (n, keyword: its duration)."""
    kind: str
    who: str = "you"
    n: int = 0
    target: Target | None = None
    filter: Filter | None = None
    ref: SelfRef | None = None
    counter: str = ""
    token: "Token | None" = None
    keyword: str = ""
    then: "Effect | None" = None
    otherwise: "Effect | None" = None
    cost: Cost | None = None
    mana: "Mana | None" = None
    pt: tuple[int, int] = (0, 0)     # pump: +P/+T
    x: "Filter | None" = None        # n is "X": "where X is the number of [filter]" (None: X as chosen when cast)
    where: bool = False              # the effect that prints the "where X is ..." clause (the sentence's last)
    for_each: bool = False           # n is "X", written "1 life for each [filter]" (x: the filter counted)
    cond: "Condition | None" = None  # instead: "If [condition], [then] instead" (None: "if this spell was kicked")
    reflexive: tuple["Effect", ...] = ()   # pay_when, sacrifice_when: the effects after "When you do," (e2)
    granted: "Ability | None" = None  # create_copy: the quoted ability the copy has besides (with keyword: "except it has
                                      # [keyword] and "[ability]"", rules/timeline/token_copies.lp)

    def words(self) -> str:
        text = self._words()
        where = " in your graveyard" if self.counter == "your_graveyard" else ""
        return f"{text}, where X is the number of {self.x.words()}{where}" if self.where and self.x is not None else text

    def _words(self) -> str:
        k = self.kind
        src = self.ref.words() if self.ref else ""
        who = {"you": "you", "target_player": "target player", "each_opponent": "each opponent",
               "target_opponent": "target opponent", "that_player": "that player", "each_player": "each player",
               "discarder": "that player", "defending_player": "defending player"}.get(self.who, self.who)
        if k == "gain_life" and self.counter == "milled":
            return f"you gain 1 life for each {self.x.words()} card put into your graveyard this way"
        if k == "draw" and self.n == "greatest_discarded":
            return "each player draws cards equal to the greatest number of cards a player discarded this way"
        if k == "draw" and self.for_each and self.x is not None:
            return f"draw a card for each {self.x.words()}"
        if k == "draw" and self.n == "greatest_power":
            return "draw cards equal to the greatest power among creatures you control"
        if k == "draw" and self.n == "died_this_turn":
            return "draw a card for each creature you controlled that died this turn"
        if k == "draw" and self.n == "that_much":
            return "draw that many cards"
        if k == "draw" and self.who == "its_controller":
            return f"its controller draws {'a card' if self.n == 1 else f'{self.n} cards'}"
        if k == "draw":
            return f"{who} draw{'s' if who != 'you' else ''} {'a card' if self.n == 1 else f'{self.n} cards'}"
        n = f"1 life for each {self.x.words()}" if self.for_each and self.x is not None else f"{self.n} life"
        n = "that much life" if self.n == "that_much" else n
        if k == "gain_life":
            return f"{who} gain{'s' if who != 'you' else ''} {n}"
        if k == "gain_life_lost":
            return "you gain life equal to the life lost this way"
        if k == "lose_life":
            return f"{who} lose{'s' if who != 'you' else ''} {n}"
        if k == "damage":
            return f"{src} deals {self.n} damage to {self.target.words()}"
        if k == "damage_each_of_target_player":
            return f"{src} deals {self.n} damage to each {self.filter.words()} that player controls"
        if k == "damage_target_controller":
            return f"{src} {'also ' if self.who == 'also' else ''}deals {self.n} damage to that {self.keyword}'s controller"
        if k == "damage_any_and_each":
            return f"{src} deals {self.n} damage to any target and {self.then.n} damage to each {self.then.filter.words()}"
        if k == "bite":
            who = {"that": f"then that {self.counter}", "it": "then it"}.get(self.who) or self.target.words()
            twice = "twice " if self.n == 2 else ""
            return f"{who} deals damage equal to {twice}its power to target {self.filter.words()}"
        if k == "gains_until_eot" and self.who == "same":
            return f"it gains {self.keyword} until end of turn"
        if k == "gains_until_eot" and self.who == "chosen":
            return f"the chosen creature gains {self.keyword} until end of turn"
        if k == "gains_until_eot" and self.who == "that":
            return f"that {self.counter} gains {self.keyword} until end of turn"
        if k == "damage_attacked":
            return f"{src} deals {self.n} damage to the player or planeswalker it's attacking"
        if k == "discard_hand" and self.who == "each_player":
            return "each player discards their hand"
        if k == "discard" and self.who == "same_target":
            return f"that player discards {self.n} card(s)"
        if k == "up_to_two":
            return f"{self.then.words()} (each of up to two targets, never the same)"
        if k == "if_you_control":
            return f"{self.then.words()} if you control {self.keyword} {self.filter.words()}"
        if k == "search_named":
            to = {"battlefield_tapped": "put it onto the battlefield tapped", "battlefield": "put it onto the battlefield",
                  "hand": "put it into your hand"}[self.who]
            return f"search your library for a card named {self.keyword}, {to}, then shuffle"
        if k == "peek_top":
            return f"look at the top card of your library; if it's a {self.filter.words()} card, you may put it into your hand"
        if k == "dig_any":
            return (f"look at the top {self.n} cards of your library; you may reveal any number of {self.filter.words()} cards "
                    "from among them and put them into your hand; put the rest on the bottom of your library")
        if k == "gains_until_eot" and self.who == "those":
            return f"those creatures gain {self.keyword} until end of turn"
        if k == "reveal_top_lose_mv":
            return ("reveal the top card of your library and put that card into your hand; you lose life equal to its "
                    "mana value")
        if k == "reveal_until":
            w = self.filter.words()
            tapped = " tapped" if self.who == "battlefield_tapped" else ""
            return (f"reveal cards from the top of your library until you reveal {'an' if w[:1].lower() in 'aeiou' else 'a'} "
                    f"{w} card; put that card onto the battlefield{tapped} and the rest on the bottom of your library")
        if k == "dig_keep_top":
            return (f"look at the top {self.n} cards of your library; you may put one of those cards back on top of your "
                    "library; put the rest into your graveyard")
        if k == "search_n":
            to = {"battlefield_tapped": "onto the battlefield tapped", "battlefield": "onto the battlefield",
                  "hand": "into your hand"}[self.who]
            up = "up to " if self.keyword == "up_to" else ""
            return f"search your library for {up}{self.n} {self.filter.words()} cards, put them {to}, then shuffle"
        if k == "search_all":
            what = self.filter.words().removeprefix("card ")
            return f"search your library for any number of cards {what}, put them into your hand, then shuffle"
        if k == "discard_then_draw":
            what = "any number of cards" if self.keyword == "any" else f"up to {self.n} cards"
            return f"discard {what}, then draw that many cards"
        if k == "exile_hand_graveyard":
            return (f"{who} reveals their hand; exile all {self.filter.words()} cards from that player's hand and "
                    "graveyard")
        if k == "search_different":
            return (f"search your library for up to {self.n} {self.filter.words()} cards with different names, put them "
                    "into your hand, then shuffle")
        if k == "search_split":
            return ("search your library for two cards; put one into your hand and the other into your graveyard; then "
                    "shuffle")
        if k == "peek_to" and self.keyword == "otherwise":
            return (f"look at the top card of your library; if it's a {self.filter.words()} card, you may put it onto the "
                    "battlefield tapped; otherwise, put it into your hand")
        if k == "peek_to":
            return (f"look at the top card of your library; if it's a {self.filter.words()} card, you may put it onto the "
                    "battlefield tapped; if you don't, put it into your hand")
        if k == "dig_each":
            return (f"look at the top {self.n} cards of your library; you may reveal a {self.filter.words()} card, a "
                    f"{self.x.words()} card, and/or a {self.then.filter.words()} card from among them and put them into "
                    "your hand; put the rest on the bottom of your library")
        if k == "dig_all":
            return (f"reveal the top {self.n} cards of your library; put all {self.filter.words()} cards revealed this way "
                    "into your hand and the rest on the bottom of your library")
        if k == "dig_to":
            verb = "reveal" if self.counter == "must" else "look at"
            put = "you may put" if self.counter == "may" else "put"
            to = "onto the battlefield tapped" if self.who == "battlefield_tapped" else "onto the battlefield"
            rest = "into your graveyard" if self.keyword == "graveyard" else "on the bottom of your library"
            kind, with_, more = self.filter.words().partition(" with ")
            return (f"{verb} the top {self.n} cards of your library; {put} a {kind} card{' with ' + more if with_ else ''} "
                    f"from among them {to}; put the rest {rest}")
        if k == "dig_put" and self.keyword == "graveyard":
            return (f"look at the top {self.n} cards of your library; put {self.who} of them into your hand and the other "
                    "into your graveyard")
        if k == "put_from_hand":
            where = "on the bottom of your library" if self.keyword == "bottom" else "on top of your library"
            return f"put {self.n} card(s) from your hand {where}"
        if k == "dig_put":
            return (f"look at the top {self.n} cards of your library; put {self.who} of them into your hand and the rest on "
                    "the bottom of your library")
        if k == "fight_that" and self.counter == "it":
            return f"then it fights target {self.filter.words()}"
        if k == "fight_that":
            return f"then that {self.counter} fights target {self.filter.words()}"
        if k == "damage_each_creature_player":
            return f"{src} deals {self.n} damage to each creature and each player"
        if k == "edict_n":
            return f"{who} sacrifices {self.n} {self.filter.words()}"
        if k == "edict":
            art = "an" if self.filter.words()[:1].lower() in "aeiou" else "a"
            return f"{who} sacrifices {art} {self.filter.words()}"
        if k == "destroy_sharing_color":
            return f"destroy each other {self.filter.words()} that shares a color with it"
        if k == "gain_life_lost_this_turn":
            return "you gain life equal to the life you've lost this turn"
        if k == "gain_life_devotion":
            return f"you gain life equal to your devotion to {self.counter}"
        if k == "exile_chosen_graveyard":
            return f"{who} exiles a card from their graveyard"
        if k == "exile_all_graveyards":
            return "exile all cards from all graveyards"
        if k == "exile_graveyard_of":
            return ("exile all cards from target player's graveyard" if self.who == "target_player"
                    else "exile all cards from all opponents' graveyards")
        if k == "exhume" and self.n:
            return f"each player returns {self.n} {self.filter.words()} card(s) from their graveyard to the battlefield"
        if k == "exhume":
            return f"each player puts a {self.filter.words()} card from their graveyard onto the battlefield"
        if k == "shuffle_graveyard_then":
            return "then shuffle your graveyard into your library"
        if k == "reanimate_all":
            kind, with_, rest = self.filter.words().partition(" with ")
            tapped = " tapped" if self.keyword == "tapped" else ""
            return f"return all {kind} cards{with_}{rest} from your graveyard to the battlefield{tapped}"
        if k == "fight":
            return f"{self.target.words()} fights target {self.filter.words()}"
        if k == "exile_linked":
            return f"exile {self.target.words()}"
        if k == "return_exiled":
            return "return the exiled card to the battlefield under its owner's control"
        if k == "gain_control_eot":
            return f"gain control of {self.target.words()} until end of turn"
        if k == "damage_opponents_counters":
            return f"{src} deals damage equal to the number of {self.counter} counters on it to each opponent"
        if k == "gain_control_forever":
            return f"gain control of {self.target.words()}"
        if k == "untap_it":
            return "untap that creature"
        if k == "kept_tapped_while":
            return f"it doesn't untap during its controller's untap step for as long as you control {src}"
        if k == "skip_next_untap":
            return "that creature doesn't untap during its controller's next untap step"
        if k == "gains_until_eot" and self.filter is not None:
            return f"{self.filter.words()} gain {self.keyword} until end of turn"
        if k == "spend_only":
            return f"spend only {self.who} mana this way"
        if k == "spend_only_cast":
            w = self.filter.words()
            return f"spend this mana only to cast {'an' if w[:1].lower() in 'aeiou' else 'a'} {w} spell"
        if k == "damage_divided":
            return f"{src} deals {self.n} damage divided as you choose among one or two targets"
        if k == "damage_to_entered_controller":
            return f"{src} deals {self.n} damage to that {self.keyword}'s controller"
        if k == "damage_to_spell_controller":
            return f"{src} deals {self.n} damage to that spell's controller"
        if k == "tap" and self.keyword == "defending":
            return f"tap {self.target.words()} defending player controls"
        if k == "tap":
            return f"tap {self.target.words()}"
        if k == "destroy_all":
            return f"destroy all {self.filter.words()}"
        if k == "sacrifice":
            return f"sacrifice {src}"
        if k == "sacrifice_unless_escaped":
            return f"sacrifice {src} unless it escaped"
        if k == "counters" and self.filter is not None:
            return f"put {self.n} {self.counter} counter(s) on each {self.filter.words()}"
        if k == "up_to_n" and self.then is not None and self.then.kind == "gain_control_forever":
            return f"gain control of up to {self.n} target {self.then.target.filter.words()}"
        if k == "exchange_control":
            return f"exchange control of two target {self.target.filter.words()}"
        if k == "those_skip_next_untap":
            return f"those {self.counter} don't untap during that player's next untap step"
        if k == "untap_chosen":
            return f"untap up to {self.n} {self.filter.words()} (chosen as it resolves)"
        if k == "tap_each":
            return f"tap all {self.filter.words()}"
        if k == "exile_all":
            return f"exile all {self.filter.words()}"
        if k == "gain_life_its_power":
            return f"{'its controller gains' if self.who == 'its_controller' else 'you gain'} life equal to its power"
        if k == "n_targets":
            n = {2: "two", 3: "three"}.get(self.n, str(self.n))
            return self.then.words().replace("target ", f"{n} target ", 1) + " (never the same object twice)"
        if k == "up_to_n" and self.then is not None and self.then.kind == "reanimate":
            return f"{self.then.words()} (each of up to {self.n} targets, never the same)"
        if k == "up_to_n" and self.then is not None and self.then.kind == "bounce":
            return f"return up to {self.n} target {self.then.target.filter.words()} to their owners' hands"
        if k == "prevent_combat_damage_to":
            return f"prevent all combat damage that would be dealt to {self.ref.words() if self.ref else 'it'} this turn"
        if k == "damage_own_power":
            to = self.target.words() if self.target.kind == "permanent" else "each opponent"
            return f"{self.ref.words() if self.ref else 'it'} deals damage equal to its power to {to}"
        if k == "put_library" and self.keyword == "owner_choice":
            return f"{self.target.words()}'s owner puts it on top or on the bottom of their library, as they choose"
        if k == "put_library":
            end = "on top" if self.keyword == "top" else "on the bottom"
            return f"put {self.target.words()} {end} of its owner's library"
        if k == "bounce_all" and self.keyword == "each":
            return f"return each {self.filter.words()} to its owner's hand"
        if k == "bounce_all":
            return (f"return all {self.filter.words()}" + (" target player controls" if self.who == "target_player" else "")
                    + " to their owners' hands")
        if k == "if_then" and self.keyword == "gift_instead":
            return f"if the gift was promised, instead {self.then.words()}"
        if k == "if_then":
            cond = ("this spell was kicked" if self.keyword == "kicked"
                    else "the gift was promised" if self.keyword == "gift_promised"
                    else "the gift wasn't promised" if self.keyword == "gift_not_promised"
                    else f"you control {('an' if self.filter.words()[:1].lower() in 'aeiou' else 'a') if self.n == 1 else f'{self.n} or more'} {self.filter.words()}")
            return f"if {cond}, {self.then.words()}"
        if k == "counters" and self.n == "for_each":
            return f"put a {self.counter} counter on {src} for each {self.x.words()}"
        if k == "counters" and self.n == "power_self":
            return f"put X {self.counter} counters on {src}, where X is its power"
        if k == "counters" and self.n == "that_much":
            return f"put that many {self.counter} counters on {src}"
        if k == "counters" and self.keyword == "that_creature":
            return f"put {self.n} {self.counter} counter(s) on that creature"
        if k == "counters" and self.n == "double":
            return f"double the number of {self.counter} counters on {src}"
        if k == "counters":
            return f"put {self.n} {self.counter} counter(s) on {self.target.words() if self.target else src}"
        if k == "damage_each":
            return f"{src} deals {self.n} damage to each {self.filter.words()}"
        if k in ("convert", "transform"):
            return f"{k} {src}"
        if k == "lose_life_third":
            return "each player loses a third of their life, rounded up"
        if k == "gain_life_card_toughness":
            return "you gain life equal to that card's toughness"
        if k == "exile_from_hand":
            return "each opponent exiles a card from their hand"
        if k == "return_self_battlefield":
            return f"return {src} from your graveyard to the battlefield" + (" tapped" if self.keyword == "tapped" else "")
        if k == "return_self_hand":
            return f"return {src} from your graveyard to your hand"
        if k == "pay_then":
            return f"you may pay {self.keyword}; if you do, {self.then.words()}"
        if k == "forage_then":
            return f"you may forage; if you do, {self.then.words()}"
        if k == "forage":
            return "forage"
        if k == "sacrifice_then":
            return f"you may sacrifice {self.filter.words()}; if you do, {self.then.words()}"
        if k == "reveal_then":
            return f"you may reveal a {self.filter.words()} card from your hand; if you do, {self.then.words()}"
        if k in ("pay_when", "sacrifice_when"):
            what = self.filter.words() if self.filter else ""
            first = (f"pay {self.keyword}" if k == "pay_when" else f"sacrifice {what}" if what.lower().startswith("another ")
                     else f"sacrifice a {what}")
            return f"you may {first}; when you do, {' and '.join(e.words() for e in self.reflexive)}"
        if k == "sacrifice_unless_pay":
            return f"sacrifice {src} unless you pay {self.keyword}"
        if k == "create_token" and self.for_each and self.counter == "your_graveyard":
            tapped = "tapped " if self.keyword == "tapped" else ""
            what = self.x.words() if "card" in self.x.words().split() else f"{self.x.words()} card"
            return f"create a {tapped}{self.token.words()} for each {what} in your graveyard"
        if k == "create_token" and self.for_each and self.counter == "battlefield":
            return f"for each {self.x.words()}, create a {self.token.words()}"
        if k == "create_token" and self.n == "that_much":
            return f"create that many {self.token.words()}(s)"
        if k == "create_token" and self.counter == "your_life":
            return f"create X {self.token.words()}, where X is your life total"
        if k == "create_token" and self.who == "investigate":
            return "investigate (create a Clue token)"
        if k == "create_token" and self.keyword == "tapped":
            return f"create {self.n} tapped {self.token.words()}"
        if k == "create_token" and self.keyword == "attacking":
            return f"create {self.n} {self.token.words()} that are tapped and attacking"
        if k == "create_token" and (self.who.startswith("target_") or self.who == "its_controller"):
            return f"{'its controller' if self.who == 'its_controller' else who} creates {self.n} {self.token.words()}"
        if k == "create_token":
            return f"create {self.n} {self.token.words()}"
        if k == "gains_until_eot":
            who = self.target.words() if self.target else (src if self.ref else "it")
            return f"{who} gains {self.keyword} until end of turn"
        if k == "base_pt":
            return f"{self.target.words()} has base power and toughness {self.pt[0]}/{self.pt[1]} until end of turn"
        if k == "pump_x":
            gains = f"gains {self.keyword} and " if self.keyword else ""
            x = "this creature's power" if self.counter == "source_power" else f"the number of {self.x.words()}"
            return (f"{self.target.words()} {gains}gets +X/{'+X' if self.pt[1] else '+0'} until end of turn, "
                    f"where X is {x}")
        if k == "pump" and self.for_each and self.counter == "your_graveyard":
            return (f"{src} gets an additional {self.pt[0]:+d}/{self.pt[1]:+d} until end of turn for each "
                    f"{self.x.words()} in your graveyard")
        if k == "pump" and self.for_each and self.x is not None:
            who = self.target.words() if self.target else src
            return f"{who} gets {self.pt[0]:+d}/{self.pt[1]:+d} until end of turn for each {self.x.words()}"
        if k == "untap" and self.who == "them":
            return "untap them"
        if k == "discard" and self.keyword == "unless_attacked":
            return f"then discard {self.n} card(s) unless you attacked with a creature this turn"
        if k == "if_is" and self.then.kind == "counters":
            return f"{self.then.words()} if it's {self.filter.words()}"
        if k == "if_is" and self.counter:
            return f"if that {self.counter} is {self.filter.words()}, it gains {self.then.keyword} until end of turn"
        if k == "if_is":
            return f"if it's {self.filter.words()}, it gains {self.then.keyword} until end of turn"
        if k == "if_opponent_more":
            more = {"lands": "controls more lands", "creatures": "controls more creatures", "life": "has more life",
                    "hand": "has more cards in hand"}[self.keyword]
            return f"{self.then.words()} if an opponent {more} than you"
        if k == "if_control_that":
            return f"if you control that {self.counter}, {self.then.words()}"
        if k == "pump" and self.filter is not None:
            gains = f" and gain {self.keyword}" if self.keyword else ""
            return f"{self.filter.words()} get {self.pt[0]:+d}/{self.pt[1]:+d}{gains} until end of turn"
        if k == "pump" and self.who == "other_target":
            gains = f" and gains {self.keyword}" if self.keyword else ""
            return f"up to one other target {self.target.filter.words()} gets {self.pt[0]:+d}/{self.pt[1]:+d}{gains} until end of turn"
        if k == "pump":
            who = self.target.words() if self.target else "equipped creature" if self.who == "equipped" else src
            gains = f" and gains {self.keyword}" if self.keyword else ""
            return f"{who} gets {self.pt[0]:+d}/{self.pt[1]:+d}{gains} until end of turn"
        if k == "destroy":
            return f"destroy {self.target.words()}"
        if k == "tap_enchanted":
            return "tap enchanted creature"
        if k == "counter_unless_pays":
            return (f"counter target {self.target.filter.words() + ' ' if self.target.filter else ''}spell unless its "
                    f"controller pays {{{self.n}}}")
        if k == "counter" and self.target.filter is not None and self.target.filter.text == "spell that targets you":
            return "counter target spell that targets you"
        if k == "counter":
            return f"counter target {self.target.filter.words() + ' ' if self.target.filter else ''}spell"
        if k == "create_copy" and self.granted is not None:
            return (f"create a token that's a copy of {self.target.words()}, except it has {self.keyword} and "
                    f"\"{self.granted.words()}\"")
        if k == "create_copy":
            return f"create a token that's a copy of {self.target.words() if self.target else src}"
        if k == "bounce":
            return f"return {self.target.words()} to its owner's hand"
        if k == "reanimate" and self.who == "any_graveyard":
            up = "up to one " if self.target.optional else ""
            return f"put {up}target {self.target.filter.words()} card from a graveyard onto the battlefield under your control"
        if k == "reanimate":
            tapped = " tapped" if self.keyword == "tapped" else ""
            kind, _, num = self.target.filter.words().partition(" with ")
            card = f"{kind} card with {num}" if num else f"{kind} card"
            counter = f" with {'an' if self.counter[0] in 'aeiou' else 'a'} {self.counter} counter on it" if self.counter else ""
            return f"return target {card} from your graveyard to the battlefield{tapped}{counter}"
        if k == "regrowth" and self.who == "any_graveyard":
            return f"return target {self.target.filter.words()} card from a graveyard to its owner's hand"
        if k == "regrowth":
            what = self.target.filter.words()
            return f"return target {'' if what == 'card' else what + ' '}card from your graveyard to your hand"
        if k == "discard":
            if self.n == 1:
                return "discard a card" if who == "you" else f"{who} discards a card"
            return f"discard {self.n} cards" if who == "you" else f"{who} discards {self.n} cards"
        if k == "may_then":
            return f"you may {self.then.words().removeprefix('you ')}; if you do, {self.otherwise.words()}"
        if k == "discard_chosen":
            return f"{who} reveals their hand; you choose a {self.filter.words()} card from it; that player discards that card"
        if k == "dig":
            what = self.filter.words() if " card " in f" {self.filter.words()} " else f"{self.filter.words()} card"
            return (f"look at the top {self.n} cards of your library; you may reveal a {what} from "
                    "among them and put it into your hand; put the rest on the bottom of your library")
        if k == "search":
            to = {"battlefield_tapped": "put it onto the battlefield tapped", "battlefield": "put it onto the battlefield",
                  "hand": "put it into your hand"}.get(self.who)
            w = self.filter.words()
            what = w if w == "card" or " card " in f" {w} " else f"{w} card"
            if self.who == "top":
                return f"search your library for {'an' if what[:1].lower() in 'aeiou' else 'a'} {what}, reveal it, then shuffle and put that card on top"
            return f"search your library for {'an' if what[:1].lower() in 'aeiou' else 'a'} {what}, {to}, then shuffle"
        if k == "double_power":
            return f"double {self.target.words()}'s power until end of turn"
        if k == "regrowth_chosen":
            what = self.filter.words()
            art = "an" if what[:1].lower() in "aeiou" else "a"
            return f"return {art} {what} card from your graveyard to your hand"
        if k == "bounce_chosen" and "other" in self.filter.extra:
            return f"return another {self.filter.words()} to its owner's hand"
        if k == "bounce_chosen":
            return f"return a {self.filter.words()} to its owner's hand"
        if k == "damage_each_opponent":
            return f"{src} deals {self.n} damage to each opponent"
        if k == "damage_each_player":
            return f"{src} deals {self.n} damage to each player"
        if k == "exile_return_transformed":
            return f"exile {src}, then return it to the battlefield transformed under your control"
        if k == "discard_hand":
            return "discard your hand"
        if k == "put_land":
            return "you may put a land card from your hand onto the battlefield"
        if k in ("surveil", "scry"):
            return f"{k} {self.n}"
        if k == "exile":
            return f"exile {self.target.words()}"
        if k == "if_was":
            return f"if it was a {self.filter.words()} card, {self.then.words()}; otherwise, {self.otherwise.words()}"
        if k == "class_level":
            return f"level {self.n}"
        if k == "return_next_end_step":
            what = "it" if self.keyword == "it" else f"that {self.keyword}"
            with_ = f" with a {self.counter} counter on it" if self.n else ""
            return (f"return {what} to the battlefield under its owner's control{with_} at the beginning of the next "
                    "end step")
        if k == "flicker":
            with_ = f" with a {self.counter} counter on it" if self.n else ""
            return f"exile {self.target.words()}, then return it to the battlefield under its owner's control{with_}"
        if k == "choose_two_targets":
            return f"choose {self.target.words()} and target {self.filter.words()}"
        if k == "counter_on_chosen_if_gift":
            return f"put a {self.counter} counter on the {self.filter.words()} if the gift was promised"
        if k == "those_fight":
            return "then those creatures fight each other"
        if k == "stun_on_it":
            return f"put {self.n} stun counter(s) on it"
        if k == "tap_stun":
            return f"tap {self.target.words()} and put {self.n} stun counter(s) on it"
        if k == "if_was_then":
            return f"if it was a {self.filter.words()} card, {self.then.words()}"
        if k == "if_that_was":
            return f"if that creature was a {self.filter.words()}, {self.then.words()}"
        if k == "exile_may_play":
            return f"exile {self.target.words()}; for as long as it remains exiled, its owner may play it"
        if k == "damage_each_player_count":
            return f"{src} deals damage to each player equal to the number of {self.filter.words()} that player controls"
        if k == "impulse_choose":
            until = "end of turn" if self.keyword == "end_of_turn" else "the end of your next turn"
            return (f"exile the top {self.n} cards of your library and choose one of them; until {until}, you may play "
                    "that card (while exiled)")
        if k == "impulse":
            cards = "the top card" if self.n == 1 else f"the top {self.n} cards"
            until = "end of turn" if self.keyword == "end_of_turn" else "the end of your next turn"
            them = "that card" if self.n == 1 else "those cards"
            return f"exile {cards} of your library; until {until}, you may play {them} (while exiled)"
        if k == "no_prevention":
            return "damage can't be prevented this turn"
        if k == "grant_escape_until_eot":
            return f"until end of turn, each {self.filter.words()} card in your graveyard gains escape {self.cost.words()}"
        if k == "saga_becomes":
            return (f"for each opponent, up to one target {self.filter.words()} they control becomes a {self.n}/{self.who} "
                    f"{self.counter} artifact creature with {self.keyword} for as long as you control this Saga")
        if k == "add_mana":
            return f"add {self.mana.words()}"
        if k == "pump_life_total":
            return f"{src} gets +X/+X until end of turn, where X is your life total"
        if k == "unless_chooses":                     # the targeted player's alternative (f6)
            f = self.filter.words()
            art = "an" if f[:1].lower() in "aeiou" else "a"
            if self.keyword == "sacrifice":
                return (f"{self.then.ref.words()} deals {self.then.n} damage to target opponent unless that player "
                        f"sacrifices {art} {f}")
            if self.keyword == "discard":
                return f"target player discards {self.then.n} cards unless they discard {art} {f} card"
            if self.keyword == "sacrifice_or_discard" and self.who == "each_opponent":
                return (f"each opponent loses {self.then.n} life unless that player sacrifices {art} {f} of their choice "
                        "or discards a card")
            if self.keyword == "sacrifice_or_discard":
                return f"target opponent loses {self.then.n} life unless they sacrifice {art} {f} or discard a card"
            return f"draw a card unless target opponent sacrifices {art} {f} or pays {self.n} life"
        if k == "mill_that_many":
            return "that player puts that many cards from the top of their library into their graveyard"
        if k == "mill":
            if self.who == "you":
                return f"put the top {self.n} card(s) of your library into your graveyard"
            return f"{who} puts the top {self.n} card(s) of their library into their graveyard"
        if k == "may" and self.then.kind == "fight_self":           # "you may have it fight another target creature"
            return f"you may have it fight {self.then.target.words()}"
        if k == "may" and self.then.kind == "pump" and self.then.target is not None:   # "you may have target creature get ..."
            return (f"you may have {self.then.target.words()} get {self.then.pt[0]:+d}/{self.then.pt[1]:+d} "
                    "until end of turn")
        if k == "may":
            return f"you may {self.then.words().removeprefix('you ')}"
        if k == "untap":
            return f"untap {self.target.words() if self.target else src}"
        if k == "exile_until_leaves":
            return f"exile {self.target.words()} until {src} leaves the battlefield"
        if k == "counters_life_total":
            return f"put X {self.counter} counters on {self.target.words()}, where X is your life total"
        if k == "destroy_all_chosen_type":
            return f"choose {self.keyword} or {self.counter}; destroy all permanents of the chosen type"
        if k == "gains_chosen_until_eot":
            return f"it gains {self.keyword} until end of turn"
        if k == "counters_chosen":
            return f"put {self.n} {self.counter} counter(s) on a {self.filter.words()}"
        if k == "life_total_becomes":
            return f"target player's life total becomes {self.n}"
        if k == "untap_all":
            return f"untap all {self.filter.words()}"
        if k == "add_mana":
            return f"add {self.mana.words()}"
        if k == "regenerate":
            return f"regenerate {self.target.words() if self.target else src}"
        if k == "prevent_damage_to_creatures":
            return "prevent all damage that would be dealt to creatures this turn"
        if k == "gains_protection_choice":
            return f"{self.target.words()} gains protection from the color of your choice until end of turn"
        if k == "tap_all":
            return f"tap all {self.filter.words()} {who} controls"
        if k == "fight_self":
            return f"{src} fights {self.target.words()}"
        if k == "attach_self_target":
            return f"attach {src} to {self.target.words()}"
        if k == "destroy_it":
            return "destroy it"
        if k == "return_that_card":
            return "return that card to its owner's hand"
        if k == "attach_to_created":
            return f"attach {src} to it (the token just created)"
        if k == "win_game":
            return "you win the game"
        if k == "exile_self_spell":
            return f"exile {src}"
        if k == "extra_turn":
            return ("target player takes" if self.who == "target_player" else "take") + " an extra turn after this one"
        if k == "explore":
            return f"{src} explores"
        if k == "damage_you":
            return f"{src} deals {self.n} damage to you"
        if k == "pump_becomes":
            return f"{src} gets {self.pt[0]:+d}/{self.pt[1]:+d} and becomes a {self.counter} until end of turn"
        if k == "unblockable_by_this_turn":
            if self.keyword == "except":
                return f"{self.target.words()} can't be blocked this turn except by {self.filter.words()}"
            return f"{self.target.words()} can't be blocked by {self.filter.words()} this turn"
        if k == "exile_if_dies":
            return ("if a creature dealt damage this way would die this turn, exile it instead" if self.who == "dealt"
                    else "if that creature would die this turn, exile it instead")
        if k == "mill_half":
            return "target player puts the top half of their library, rounded up, into their graveyard"
        if k == "tap_self":
            return f"tap {src}"
        if k == "instead":
            cond = self.cond.text if self.cond is not None else "this spell was kicked"
            return f"if {cond}, {self.then.words()} instead"
        if k == "pump_that":
            return f"that {self.counter} gets {self.pt[0]:+d}/{self.pt[1]:+d} until end of turn"
        if k == "damage_same":
            return f"{src} deals {self.n} damage"
        if k == "damage_that":
            return f"{src} deals {self.n} damage to that {self.counter}"
        if k == "create_those":
            return f"create {self.n} of those tokens"
        if k == "life_its_controller":
            return f"its controller {self.keyword} {self.n} life"
        if k == "prevent_combat_damage":
            return "prevent all combat damage that would be dealt this turn"
        if k == "tap_those":
            return "tap those creatures"
        if k == "self_becomes":
            return f"{src} becomes a {self.n}/{self.who} {self.counter} artifact creature until end of turn"
        if k == "self_becomes_artifact_creature":
            return f"{src} becomes an artifact creature until end of turn"
        if k == "exile_if_countered":
            return "if that spell is countered this way, exile it instead of putting it into its owner's graveyard"
        if k == "restricted_this_turn":
            who = self.target.words() if self.target else self.filter.words() if self.filter else (src or "it")
            return f"{who} can't {'be blocked' if self.keyword == 'cant_be_blocked' else 'block'} this turn"
        return k


@dataclass(frozen=True)
class Mana:
    """What a mana ability adds: symbols ({R}{R}), one of two ({U} or {R}), one of any color, or one symbol for
    each object of a filter you control."""
    kind: str                        # symbols | either | any_color | any_one_color | for_each | self_power | chosen_color
    symbols: tuple[str, ...] = ()    # the color letters (R, R) / (U, R)
    filter: Filter | None = None
    n: int = 1                       # any_one_color, any_color: how many ("three mana of any one color")
    condition: "Condition | None" = None   # instead: "If you control four or more creatures,"
    instead: tuple[str, ...] = ()    # instead: the color letters added if the condition holds ("add {G}{G} instead")

    def words(self) -> str:
        if self.kind == "any_color":
            return "one mana of any color" if self.n == 1 else f"{self.n} mana of any color"
        if self.kind == "self_power":
            return "an amount of {%s} equal to ~'s power" % self.symbols[0]
        if self.kind == "any_one_color":
            return f"{self.n} mana of any one color"
        if self.kind == "chosen_color":
            return "one mana of the chosen color"
        if self.kind == "instead":
            return ("".join("{%s}" % c for c in self.symbols) + f"; if {self.condition.words()}, add "
                    + "".join("{%s}" % c for c in self.instead) + " instead")
        if self.kind == "either":
            return " or ".join("{%s}" % s for s in self.symbols)
        if self.kind == "for_each" and " you control named " in self.filter.text:   # "... you control named ~"
            return "{%s} for each %s" % (self.symbols[0], self.filter.words())
        if self.kind == "for_each":
            return "{%s} for each %s you control" % (self.symbols[0], self.filter.words())
        return "".join("{%s}" % s for s in self.symbols)


@dataclass(frozen=True)
class Token:
    """A creature token as an effect describes it: power/toughness, the words of its colors and types, its
    keywords."""
    power: str
    toughness: str
    words_: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()  # quoted abilities ("{T}, Sacrifice this artifact: Add one mana of any color.")
    creature: bool = True
    predefined: bool = False         # "a Treasure token": a token the rules define by name
    name: str = ""                   # "create Karox Bladewing, a legendary 4/4 red Dragon creature token": its own name
    implied_creature: bool = False   # "a 1/1 blue Fish token": no card type printed, only creature types

    def words(self) -> str:
        with_ = list(self.keywords) + [f'"{a}"' for a in self.abilities]
        kw = f" with {', '.join(with_)}" if with_ else ""
        if self.predefined:
            return f"{self.words_[0]} token"
        if not self.creature:
            return f"{' '.join(self.words_)} token{kw}"
        if self.name:
            return f"{self.name}, a {self.power}/{self.toughness} {' '.join(self.words_)} creature token{kw}"
        if self.implied_creature:
            return f"{self.power}/{self.toughness} {' '.join(self.words_)} token{kw}"
        return f"{self.power}/{self.toughness} {' '.join(self.words_)} creature token{kw}"


# ------------------------------------------------------------------------------------------------ abilities

@dataclass(frozen=True)
class Keyword:
    word: str                        # the printed words, lower case ("first strike")
    cost: Cost | None = None
    n: int | None = None
    filter: Filter | None = None     # enchant: what the Aura can enchant
    quality: tuple[str, ...] = ()    # protection: the colors it is from

    def words(self) -> str:
        if self.quality:
            return f"{self.word} from {' and from '.join(self.quality)}"
        if self.filter is not None:
            return f"{self.word} {self.filter.words()}" + (f" {self.cost.words()}" if self.cost is not None else "")
        if self.cost is not None and self.n is not None:      # "suspend 4—{R}"
            return f"{self.word} {self.n}—{self.cost.words()}"
        if self.cost is not None:
            return f"{self.word} {self.cost.words()}"
        if self.n is not None:
            return f"{self.word} {self.n}"
        return self.word


@dataclass(frozen=True)
class Event:
    """What a triggered ability triggers on: kind with its object (self) or filter."""
    kind: str                        # enters | enters_or_attacks | attacks | at | combat_damage_to_player |
                                     # becomes_target | plays_exiled_with | transforms
    ref: SelfRef | None = None
    step: tuple[str, str, str] = ("", "", "")   # at: phase, step, whose
    filter: Filter | None = None
    text: str = ""                   # the printed words of the event (for `parse`)
    of: Filter | None = None         # cast_spell_targeting: what the spell targets (a filter; or ref: itself)
    n: int = 0                       # becomes_level: the level

    def words(self) -> str:
        return self.text


@dataclass(frozen=True)
class Ability:
    """One line's ability (or abilities). kind: keywords | activated | triggered | chapter | static | spell |
    restriction | additional_cost | escapes_with."""
    kind: str
    keywords: tuple[Keyword, ...] = ()
    cost: Cost | None = None
    effects: tuple[Effect, ...] = ()
    event: Event | None = None
    chapters: tuple[int, ...] = ()
    sorcery: bool = False            # "Activate only as a sorcery."
    once: bool = False               # "Activate this ability only once each turn."
    your_turn: bool = False          # "Activate this ability only during your turn."
    your_upkeep: bool = False        # "Activate this ability only during your upkeep."
    static: "Static | None" = None
    ref: SelfRef | None = None
    restrictions: tuple[str, ...] = ()
    condition: str = ""              # triggered: an intervening "if" clause (rules/timeline/triggers.lp), by name
    while_: bool = False             # triggered: the condition is "while [condition]" after the event, not an "if"
    counter: str = ""
    n: int = 0

    def words(self) -> str:
        eff = "; ".join(e.words() for e in self.effects)
        k = self.kind
        if k == "keywords":
            return ", ".join(kw.words() for kw in self.keywords)
        if k == "activated":
            return (f"{self.cost.words()}: {eff}" + (" (only as a sorcery)" if self.sorcery else "")
                    + (" (only once each turn)" if self.once else "") + (" (only during your turn)" if self.your_turn else "")
                    + (" (only during your upkeep)" if self.your_upkeep else "")
                    + (f" (only if {self.condition.words()})" if isinstance(self.condition, Condition) else ""))
        if k == "triggered":
            cond = {"attacked_this_turn": "if you attacked with a creature this turn, ",
                    "kicked": "if it was kicked, ",
                    "not_kicked": "if it wasn't kicked, ",
                    "kicked_that_spell": "if that spell was kicked, ",
                    "gift_promised": "if the gift was promised, "}.get(self.condition, "")
            if isinstance(self.condition, Condition):    # "if you control a Wizard, "
                cond = f"if {self.condition.words()}, "
            if self.while_:                              # "whenever ~ attacks while you control ..., "
                return f"{self.event.words()} while {self.condition.words()}, {eff}"
            if self.n:                   # a modal triggered ability: its modes are the bullet lines after it
                words = {1: "one", 2: "two", 3: "three"}.get(self.n, str(self.n))
                return f"{self.event.words()}, {cond}choose {words} (the mode is chosen as it is put on the stack)"
            return f"{self.event.words()}, {cond}{eff}" + (" (this ability triggers only once each turn)" if self.once else "")
        if k == "loyalty":
            return f"{self.n:+d}: {eff}" if self.n else f"0: {eff}"
        if k == "chapter":
            return f"chapter {', '.join(map(str, self.chapters))}: {eff}"
        if k == "static":
            return self.static.words()
        if k == "spell":
            return eff
        if k == "modal":
            words = {1: "one", 2: "two", 3: "three", 4: "four"}.get(self.n, str(self.n))
            return f"choose {words} (the {'mode is' if self.n == 1 else 'modes are'} chosen as the spell is cast)"
        if k == "mode":
            return f"• {eff}"
        if k == "pawprint_modal":
            return f"choose up to {self.n} {{P}} worth of modes, the same mode more than once if you like (chosen as the spell is cast)"
        if k == "pawprint_mode":
            return f"{'{P}' * self.n} — {eff}"
        if k == "restriction":
            return f"{self.ref.words()} can't {' or '.join(r.removeprefix('cant_').replace('_', ' ') for r in self.restrictions)}"
        if k == "additional_cost":
            return f"as an additional cost to cast this spell, {self.cost.words()}"
        if k == "kicked_enters":
            return f"if {self.ref.words()} was kicked, it enters with {self.n} {self.counter} counter(s) on it"
        if k == "gift":
            return f"gift a {self.counter}"
        if k == "escapes_with":
            return f"{self.ref.words()} escapes with {self.n} {self.counter} counter(s) on it"
        return k


@dataclass(frozen=True)
class Static:
    """A static ability. kind: each_is_artifact_creature (filter) | cost_mod (filter or None for every spell,
    who, change, n) | equipped_gets (power, toughness) | grants_escape (filter, n) | cant_be_countered_self |
    cant_be_countered (filter) | opponents_cant_cast_in_combat | saga_wall (the chapter's) | control_enchanted (filter:
    the kind of permanent the Aura's controller controls)."""
    kind: str
    filter: Filter | None = None
    who: str = "any"
    change: str = ""
    n: int = 0
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    text: str = ""
    count: Filter | None = None      # attached_gets: "+N/+N for each [filter]" (the permanents counted)
    restrictions: tuple[str, ...] = ()   # attached_gets: "and can't block" (cant_block, cant_be_blocked, ...)
    condition: "Condition | None" = None  # while: "as long as [condition]"
    granted: "Ability | None" = None      # attached_has_quoted: the quoted ability the permanent has (rules/core/granted_abilities.lp)
    also: Filter | None = None       # anthem: "Skeletons you control and other Zombies you control" (the second filter)
    counts: tuple = ()               # cda_pt, self_gets_count: what is counted, (where, Filter | None) each
    also_if: "Condition | None" = None    # while: "as long as [condition] and [condition]" (the second)
    loses: tuple[str, ...] = ()      # attached_gets: "and loses flying" (the keywords it removes)

    def words(self) -> str:
        return self.text


@dataclass(frozen=True)
class Condition:
    """What "as long as ..." asks: kind you_control (filter, n: "you control three or more artifacts") | any_controls
    (filter) | your_turn | attacking (ref) | life_ge (n) | opponent_life_le (n) | graveyard_ge (filter, n: "there are
    three or more land cards in your graveyard") | opponent_graveyard_ge (n) | lost_life_this_turn ("you've lost life
    this turn"); and, only as a trigger's intervening "if",
    gained_life_ge (n: "you gained [n or more] life this turn") | player_lost_life_ge (n) | gained_or_lost_life |
    gained_and_lost_life."""
    kind: str
    filter: Filter | None = None
    n: int = 1
    ref: SelfRef | None = None
    text: str = ""

    def words(self) -> str:
        return self.text


@dataclass
class Parsed:
    """A line as read: its abilities, or None with the reason it wasn't read."""
    abilities: list[Ability] = field(default_factory=list)
