"""The betting tree (fastholdem.solver.tree): sizes grammar, per street and player, donk bets,
thresholds, merging, editing, and rake (non-zero-sum terminals in the C core)."""

from __future__ import annotations

import io

import numpy as np
import pytest

import fastholdem as fh
from fastholdem.errors import ConfigError, InputTypeError
from fastholdem.solver import build_tree
from fastholdem.solver.postflop import build_game, check_spot, count_nodes

# pot 60, stack 370 (postflop-solver's README spot) throughout the size tests


@pytest.mark.parametrize(("street", "sizes", "path", "want"), [
    ("flop", "50%", (), ("check", "bet 30")),                        # 0.5 * 60
    ("flop", "50%", ("bet 30",), ("fold", "call", "raise 90")),      # 30 + 0.5 * (60 + 2 * 30)
    ("flop", {"bet": "50%", "raise": "2.5x"}, ("bet 30",), ("fold", "call", "raise 75")),  # 2.5 * 30
    ("flop", {"bet": "40c", "raise": "40c"}, ("bet 40",), ("fold", "call", "raise 80")),   # 40 + 40
    # geometric over the 3 streets left: 60 * ((2 * 370 / 60 + 1) ** (1 / 3) - 1) / 2 = 41.1
    ("flop", {"bet": "e", "raise": "e"}, (), ("check", "bet 41")),
    # a raise of it: one street less per bet made: pot 142, SPR 329 / 142, 3 - 1 + 1 streets
    ("flop", {"bet": "e", "raise": "e"}, ("bet 41",), ("fold", "call", "raise 96")),
    ("turn", "e", (), ("check", "bet 80")),                          # 60 * ((2 * 370 / 60 + 1) ** 0.5 - 1) / 2
    ("river", "e", (), ("check", "allin 370")),                      # one street: the whole stack
    ("flop", "2e150%, 2e100%", (), ("check", "bet 60", "bet 80")),   # 2 streets, capped at pot
    ("flop", "a", (), ("check", "allin 370")),
])
def test_each_size_kind_gives_the_hand_computed_chips(street: str, sizes: object, path: tuple[str, ...],
                                                      want: tuple[str, ...]) -> None:
    assert build_tree(street, pot=60, stack=370, sizes=sizes).actions(*path) == want  # type: ignore[arg-type]


def test_sizes_are_per_player_and_per_street() -> None:
    t = build_tree("flop", pot=60, stack=370, sizes={"all": "50%", "ip bet": "100%", "turn oop bet": "25%"})
    assert t.actions() == ("check", "bet 30")
    assert t.actions("check") == ("check", "bet 60")
    assert t.actions("check", "check") == ("check", "bet 15")       # turn, OOP: 25% of 60
    assert t.actions("check", "check", "check") == ("check", "bet 60")
    assert t.actions("check", "bet 60") == ("fold", "call", "raise 150")  # raises stay 50%
    # a more specific key wins whatever the order
    t2 = build_tree("flop", pot=60, stack=370, sizes={"river ip bet": "75%", "bet": "50%"})
    assert t2.actions("check", "check", "check", "check", "check") == ("check", "bet 45")


def test_donk_sizes_apply_only_after_oop_called() -> None:
    t = build_tree("flop", pot=60, stack=370, sizes={"all": "50%", "turn donk": "10%"})
    assert t.actions("check", "bet 30", "call") == ("check", "bet 12")   # donk: 10% of 120
    assert t.actions("bet 30", "call") == ("check", "bet 60")            # OOP was the aggressor
    assert t.actions("check", "check") == ("check", "bet 30")
    no_donk = build_tree("flop", pot=60, stack=370, sizes={"all": "50%", "donk": ""})
    assert no_donk.actions("check", "bet 30", "call") == ("check",)
    assert no_donk.actions("check", "bet 30", "call", "Qc", "check") == ("check", "bet 60")  # the card is skipped


def test_thresholds_and_merging() -> None:
    assert build_tree("flop", pot=60, stack=370, add_allin=10).actions() == ("check", "bet 30", "allin 370")
    # stack 100: after a call of 30 the SPR is 70 / 120 = 0.58
    assert build_tree("flop", pot=60, stack=100, force_allin=0.6).actions() == ("check", "allin 100")
    assert build_tree("flop", pot=60, stack=100, force_allin=0.5).actions() == ("check", "bet 30")
    assert build_tree("flop", pot=60, stack=370, sizes="50%, 55%").actions() == ("check", "bet 33")
    assert build_tree("flop", pot=60, stack=370, sizes="50%, 55%", merging=0).actions() == ("check", "bet 30", "bet 33")


def test_default_tree_is_unchanged() -> None:
    # node counts of the trees built before per-street sizes existed (the same code, checked then)
    for board, stack, sizes, n in [("Td9d6hQc3s", 370, "50%", 33), ("Td9d6hQc3s", 370, "33%, 75%, a", 141),
                                   ("Td9d6hQc", 370, "50%", 7281), ("Td9d6hQc", 100, "33%, 75%, a", 6333)]:
        spot = check_spot("AA", "KK", board, 60, stack, sizes)
        assert count_nodes(spot) == n
    spot = check_spot("AA", "KK", "Td9d6hQc3s", 60, 370, "50%")
    assert len(build_game(spot).kind) == 33
    assert spot == check_spot("AA", "KK", "Td9d6hQc3s", 60, 370, None)


def test_editing_removes_and_adds_then_solves() -> None:
    t = build_tree("river", pot=60, stack=370)
    t.remove("bet 30", "raise 90")
    t.add_size("check", size="100%")
    assert t.actions("bet 30") == ("fold", "call")
    assert t.actions("check") == ("check", "bet 30", "bet 60")
    assert t.actions("check", "bet 60") == ("fold", "call", "raise 150")  # the added size's subtree is built
    with pytest.raises(ConfigError, match="choose from fold, call"):
        t.actions("bet 30", "raise 90")
    sol = fh.solve("AA,QQ,54", "KK", "Td9d6hQc3s", pot=60, stack=370, tree=t, max_iterations=50)
    assert sol.node("bet 30").actions == ("fold", "call")
    assert sol.node("check").actions == ("check", "bet 30", "bet 60")
    spot = sol.spot
    assert count_nodes(spot) == len(build_game(spot).kind)
    assert sol.tree == t
    # the edits survive save and load
    buf = io.BytesIO()
    sol.save(buf)
    buf.seek(0)
    assert fh.solver.load(buf).node("check").actions == ("check", "bet 30", "bet 60")


def test_editing_applies_on_every_runout() -> None:
    t = build_tree("turn", pot=60, stack=370)
    t.remove("check", "check", "bet 30")   # OOP never bets the river after the turn checks through
    sol = fh.solve("AA", "KK", "Td9d6hQc", pot=60, stack=370, tree=t, max_iterations=5)
    for card in ("2c", "Ah", "3s"):
        assert sol.node("check", "check", card).actions == ("check",)
    assert sol.node("bet 30", "call", "2c").actions == ("check", "bet 60")


def test_bad_tree_input_names_the_argument_and_token() -> None:
    with pytest.raises(ConfigError, match=r"sizes\['river ip bet'\]: 'big' is not a size"):
        build_tree("flop", pot=60, stack=370, sizes={"river ip bet": "75%, big"})
    with pytest.raises(ConfigError, match="'2.5x' is a multiple of the last bet, valid for raises only"):
        fh.solve("AA", "KK", "Td9d6hQc3s", pot=60, stack=370, sizes="50%, 2.5x")
    with pytest.raises(ConfigError, match="donk bets are OOP's"):
        build_tree("flop", pot=60, stack=370, sizes={"flop donk": "50%"})
    with pytest.raises(ConfigError, match="key 'preflop'"):
        build_tree("flop", pot=60, stack=370, sizes={"preflop": "50%"})
    with pytest.raises(ConfigError, match="sizes: give at least one size"):
        fh.solve("AA", "KK", "Td9d6hQc3s", pot=60, stack=370, sizes="")
    with pytest.raises(ConfigError, match="add_allin"):
        build_tree("flop", pot=60, stack=370, add_allin=-1)
    with pytest.raises(ConfigError, match="rake must be"):
        fh.solve("AA", "KK", "Td9d6hQc3s", pot=60, stack=370, rake=1.5)
    with pytest.raises(InputTypeError, match="sizes"):
        build_tree("flop", pot=60, stack=370, sizes=5)  # type: ignore[arg-type]
    t = build_tree("river", pot=60, stack=370)
    t2 = build_tree("river", pot=60, stack=370)
    t2.remove("check")
    with pytest.raises(ConfigError, match="'bet 30' is the only action at the root"):
        t2.remove("bet 30")
    with pytest.raises(ConfigError, match="already an action"):
        t.add_size(size="50%")
    with pytest.raises(ConfigError, match="tree: built for a board of 5 cards"):
        fh.solve("AA", "KK", "Td9d6h", pot=60, stack=370, tree=t)
    with pytest.raises(ConfigError, match="sizes: set these in build_tree"):
        fh.solve("AA", "KK", "Td9d6hQc3s", pot=60, stack=370, tree=t, sizes="50%")
    with pytest.raises(ConfigError, match="stack: 100 is not the tree's 370"):
        fh.solve("AA", "KK", "Td9d6hQc3s", pot=60, stack=100, tree=t)
    with pytest.raises(ConfigError, match="ends the hand"):
        t.add_size("bet 30", "fold", size="50%")


# ---- rake ----------------------------------------------------------------------------------
# A river toy with a closed form: KK (3 combos, the nuts) and 43 (16 combos of air) against QQ
# (a bluff-catcher), pot 10, OOP checks or goes all-in for 10 (pot-sized); IP only checks behind.
# With rake R0 at the pot of 10 and R1 at the pot of 30 (taken from the winner, folds too):
# IP is indifferent to calling when the bluffs' share of the bets is q = 10 / (30 - R1); air is
# indifferent to bluffing when IP folds with f = 10 / (20 - R0).


def _toy(rake: float | None, rake_cap: float | None = None) -> fh.solver.Solution:
    t = build_tree("river", pot=10, stack=10, sizes="100%", rake=rake or 0.0, rake_cap=rake_cap)
    t.remove("check", "allin 10")
    return fh.solve("KK,43", "QQ", "Ks Jh 8d 5c 2h", pot=10, stack=10, tree=t, target=0.02, max_iterations=5000)


@pytest.mark.parametrize(("rake", "cap", "r0", "r1"), [(0.0, None, 0.0, 0.0), (0.05, None, 0.5, 1.5),
                                                       (0.05, 0.5, 0.5, 0.5)])
def test_rake_changes_the_toy_equilibrium_as_computed(rake: float, cap: float | None, r0: float, r1: float) -> None:
    sol = _toy(rake, cap)
    root = sol.node()
    bet = root.strategy[1] * root.reach[0]
    value = np.array([c[0] == "K" for c in root.combos])
    assert bet[value].sum() == pytest.approx(3.0, abs=0.01)   # value always bets
    assert bet[~value].sum() / bet.sum() == pytest.approx(10 / (30 - r1), abs=0.03)
    fold = float(sol.node("allin 10").strategy[0].mean())
    assert fold == pytest.approx(10 / (20 - r0), abs=0.03)
    assert sol.exploitability <= 0.02
    # chips are conserved: the EVs add up to the pot minus the expected rake
    p_bet = bet.sum() / 19
    p_call = 1 - fold
    expected_rake = (1 - p_bet) * r0 + p_bet * (p_call * r1 + (1 - p_call) * r0)
    assert sol.ev(0) + sol.ev(1) == pytest.approx(10 - expected_rake, abs=1e-3)


def test_zero_rake_is_no_rake() -> None:
    a = fh.solve("KK,43", "QQ,AK", "Ks Jh 8d 5c 2h", pot=10, stack=30, max_iterations=40, target=0)
    b = fh.solve("KK,43", "QQ,AK", "Ks Jh 8d 5c 2h", pot=10, stack=30, max_iterations=40, target=0, rake=0.0,
                 rake_cap=3)
    assert a.ev(0) == b.ev(0) and a.exploitability == b.exploitability
    np.testing.assert_array_equal(a.node().strategy, b.node().strategy)


def test_exploitability_with_rake_is_the_best_responses_gain() -> None:
    # Both strategies locked: OOP always goes all-in, IP always calls (rake 5%, no cap).
    # OOP: KK nets 30 - 1.5 - 10 = 18.5, air -10: EV (3 * 18.5 - 16 * 10) / 19 = -5.5; his best
    # response checks the air (0): (3 * 18.5) / 19, a gain of 160 / 19. IP's calling is already
    # his best response. Exploitability: (160 / 19 + 0) / 2 chips = 42.1% of the pot of 10.
    sol = _toy(0.05)
    sol.lock([], {"allin 10": 1.0})
    sol.lock(["allin 10"], {"call": 1.0})
    sol.resolve(target=1e9)
    assert sol.exploitability == pytest.approx(100 * (160 / 19) / 2 / 10, rel=1e-4)
    assert sol.ev(0) == pytest.approx(-5.5, abs=1e-4)   # share of the pot minus chips put in
    assert sol.ev(1) == pytest.approx(14.0, abs=1e-4)    # (3 * -10 + 16 * 18.5) / 19; 8.5 = 10 - 1.5


def test_solutions_saved_before_per_street_sizes_still_load() -> None:
    sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%", max_iterations=20)
    buf = io.BytesIO()
    sol.save(buf)
    buf.seek(0)
    with np.load(buf) as z:
        fields = {k: z[k] for k in z.files if k != "tree"}
    # format 1 had one size list and the thresholds instead of the tree
    fields.update(version=np.int64(1), sizes=np.array([1.0]), thresholds=np.array([1.5, 0.15, 0.1]))
    old = io.BytesIO()
    np.savez(old, **fields)
    old.seek(0)
    back = fh.solver.load(old)
    assert back.node().actions == sol.node().actions and back.ev(0) == sol.ev(0)
