"""Player statistics, all-in EV and the fast PHH scanner, on hand-made histories with known answers."""

from __future__ import annotations

import io
import json
import os
import re
from decimal import Decimal
from fractions import Fraction

import pytest

from fastholdem import phh
from fastholdem.errors import HandHistoryError
from fastholdem.game import GameConfig, Hand
from fastholdem import simulate
from fastholdem.history.allin_ev import allin_ev
from fastholdem.history.scan import iter_hands
from fastholdem.cli import main
from fastholdem.history.players import LISTED, find_player
from fastholdem.history.stats import player_stats, stats_files
from fastholdem.history.summary import positions, summarize


def _hand(
    players: list[str], stacks: list[int], actions: list[str], finishing: list[int], *, extra: str = ""
) -> str:
    n = len(players)
    blinds = [1, 2] + [0] * (n - 2)
    return (
        f'variant = "NT"\nantes = {[0] * n}\nblinds_or_straddles = {blinds}\nmin_bet = 2\n'
        f"starting_stacks = {stacks}\nactions = {json.dumps(actions)}\nplayers = {json.dumps(players)}\n"
        f"{extra}finishing_stacks = {finishing}\n"
    )


# UTG opens, CO 3-bets, UTG folds to it (6 players: a SB, b BB, c UTG, d HJ, e CO, f BTN).
THREE_BET = _hand(
    list("abcdef"), [100] * 6,
    ["p3 cbr 6", "p4 f", "p5 cbr 18", "p6 f", "p1 f", "p2 f", "p3 f"],
    [99, 98, 94, 100, 109, 100],
)
# The button raises, the big blind calls, checks, the button c-bets and the big blind folds.
CBET = _hand(
    list("abc"), [100] * 3,
    ["p3 cbr 6", "p1 f", "p2 cc", "d db 2c7d9h", "p2 cc", "p3 cbr 6", "p2 f"],
    [99, 94, 107],
)
# Three see the flop, the raiser checks it; a bets the turn, c calls; c bets the river, a calls;
# c wins at showdown.
SHOWDOWN = _hand(
    list("abc"), [100] * 3,
    ["d dh p1 AsKd", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 cc", "p2 cc", "d db 2c7d9h",
     "p1 cc", "p2 cc", "p3 cc", "d db Ts", "p1 cbr 10", "p2 f", "p3 cc", "d db 3s", "p1 cc", "p3 cbr 30",
     "p1 cc", "p1 sm AsKd", "p3 sm QhQd"],
    [54, 94, 152],
)


def _report(*texts: str, hero: str | None = None):  # type: ignore[no-untyped-def]
    return player_stats([phh.loads(t) for t in texts], hero=hero)


def test_stats_preflop_three_bet_and_fold_to_it() -> None:
    r = _report(THREE_BET)
    c, d, e = r.players["c"], r.players["d"], r.players["e"]
    assert (c.vpip, c.pfr, c.three_bet, c.fold_to_three_bet) == (100.0, 100.0, None, 100.0)
    assert (e.vpip, e.pfr, e.three_bet, e.fold_to_three_bet) == (100.0, 100.0, 100.0, None)
    assert (d.vpip, d.pfr, d.three_bet) == (0.0, 0.0, 0.0)  # d faced the open and folded
    for name in "abf":  # they faced the 3-bet, not a single raise
        assert r.players[name].three_bet is None and r.players[name].vpip == 0.0
    assert r.players["b"].counts["vpip"] == 0  # posting the big blind is not voluntary
    assert [r.players[k].net for k in "abcdef"] == [-1, -2, -6, 0, 9, 0]
    assert r.positions["e"]["CO"].hands == 1 and r.positions["c"]["UTG"].three_bet is None


def test_stats_cbet_and_fold_to_cbet() -> None:
    r = _report(CBET)
    b, c = r.players["b"], r.players["c"]
    assert (c.cbet, c.fold_to_cbet, c.pfr) == (100.0, None, 100.0)
    assert (b.cbet, b.fold_to_cbet, b.vpip) == (None, 100.0, 100.0)
    assert (b.wtsd, c.wtsd) == (0.0, 0.0)  # saw the flop, no showdown
    assert r.players["a"].wtsd is None  # never saw a flop
    assert (b.aggression, c.aggression) == (None, None)  # no postflop calls


def test_stats_showdown_and_aggression() -> None:
    r = _report(SHOWDOWN)
    a, b, c = r.players["a"], r.players["b"], r.players["c"]
    assert (c.cbet, c.counts["cbet_chance"]) == (0.0, 1)  # checked the flop as the raiser
    assert (a.wtsd, a.wsd, c.wtsd, c.wsd, b.wtsd) == (100.0, 0.0, 100.0, 100.0, 0.0)
    assert (a.aggression, c.aggression) == (1.0, 1.0)  # a: turn bet / river call; c: river bet / turn call
    assert (a.counts["aggressive"], a.counts["calls"]) == (1, 1)
    assert (a.net, b.net, c.net) == (-46, -6, 52)
    assert c.bb_per_100 == 2600.0  # 26 big blinds in one hand


def test_stats_sum_over_hands_and_hero_positions() -> None:
    r = _report(THREE_BET, CBET, SHOWDOWN, hero="c")
    assert list(r.players) == ["c"]
    c = r.players["c"]
    assert c.hands == 3 and c.vpip == 100.0 and c.pfr == 100.0
    assert c.net == -6 + 7 + 52 and c.bb_per_100 == pytest.approx(100 * (-3 + 3.5 + 26) / 3)
    assert {pos: p.hands for pos, p in r.positions["c"].items()} == {"UTG": 1, "BTN": 2}
    assert r.series is not None and list(r.series.net) == [-3.0, 3.5, 26.0]
    assert list(r.series.showdown) == [0, 0, 1]


def test_stats_positions_names() -> None:
    assert positions(3) == ("SB", "BB", "BTN")
    assert positions(4) == ("SB", "BB", "UTG", "BTN")
    assert positions(5) == ("SB", "BB", "UTG", "CO", "BTN")
    assert positions(9) == ("SB", "BB", "UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN")


# ---------------------------------------------------------------------- all-in EV

AA_KK = _hand(
    ["kk", "aa"], [100, 100],
    ["d dh p1 KhKc", "d dh p2 AsAd", "p2 cbr 100", "p1 cc", "d db 2c3d4h", "d db 9s", "d db Kd"],
    [200, 0],
)
# Turn all-in: a (52) holds the made royal flush, b aces and c kings; a wins the main pot of 156
# for sure. In the side pot of 100 (a's cards out of the deck: 42 river cards), c needs the last
# king (1 card); a ten (3 left) or a spade (8 left) gives both the same board straight or
# flush; the other 30 cards keep b's trip aces ahead: b 35.5/42, c 6.5/42.
SIDE_POTS = _hand(
    list("abc"), [52, 102, 102],
    ["d dh p1 Ts2c", "d dh p2 AhAc", "d dh p3 KhKc", "p3 cc", "p1 cc", "p2 cc", "d db AsKsQs",
     "p1 cc", "p2 cc", "p3 cc", "d db Js", "p1 cbr 50", "p2 cbr 100", "p3 cc", "d db 3h",
     "p1 sm Ts2c", "p2 sm AhAc", "p3 sm KhKc"],
    [156, 100, 0],
)


def test_allin_ev_heads_up_preflop_uses_exact_equity() -> None:
    s = summarize(phh.loads(AA_KK))
    (result,) = allin_ev([s])
    assert result is not None and result.known
    aces = Fraction(1388072 * 2 + 6538, 2 * 1712304)
    assert result.net[1] == pytest.approx(float(200 * aces - 100), abs=1e-9)
    assert result.net[0] == pytest.approx(-result.net[1], abs=1e-9)
    assert s.net == [100, -100]


def test_allin_ev_side_pots_use_each_pots_contestants() -> None:
    s = summarize(phh.loads(SIDE_POTS))
    assert [(p.amount, p.eligible) for p in s.pots] == [(156, (0, 1, 2)), (100, (1, 2))]
    (result,) = allin_ev([s])
    assert result is not None
    assert result.equities[0] == {0: 1.0, 1: 0.0, 2: 0.0}
    assert result.equities[1][1] == pytest.approx(35.5 / 42)
    assert result.equities[1][2] == pytest.approx(6.5 / 42)
    assert result.net == pytest.approx((104.0, 100 * 35.5 / 42 - 102, 100 * 6.5 / 42 - 102))
    r = _report(SIDE_POTS)
    assert r.players["b"].allin_ev_bb == pytest.approx((100 * 35.5 / 42 - 102) / 2)
    assert r.players["b"].net_bb == -1.0 and r.players["b"].allin_hands == 1


def test_allin_ev_river_all_in_and_unknown_cards_count_as_actual() -> None:
    river = _hand(
        ["x", "y"], [100, 100],
        ["d dh p1 KhKc", "d dh p2 AsAd", "p2 cc", "p1 cc", "d db 2c3d4h", "p1 cc", "p2 cc", "d db 9s",
         "p1 cc", "p2 cc", "d db Kd", "p1 cbr 98", "p2 cc"],
        [200, 0],
    )
    unknown = AA_KK.replace("d dh p1 KhKc", "d dh p1 ????")
    r = _report(river, unknown)
    y, aces = r.players["y"], r.players["aa"]
    assert (y.allin_hands, y.allin_unknown, aces.allin_hands, aces.allin_unknown) == (0, 0, 0, 1)
    assert y.allin_ev_bb == y.net_bb == -50.0 and aces.allin_ev_bb == aces.net_bb == -50.0


def test_allin_ev_run_twice_uses_the_equity_before_the_runout() -> None:
    hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsAh", "KsKh"],
                deck="5c" "2c7d9h" "6c" "Tc" "8c" "3d" "Jc" "Kd" "Qc" "4c")
    hand.run_it(2)
    hand.call(); hand.check(); hand.all_in(); hand.call()
    text = phh.dumps(hand)
    s = summarize(phh.loads(text))
    assert s.allin_board is not None and len(s.allin_board) == 3 and s.net == [0, 0]
    (result,) = allin_ev([s])
    assert result is not None
    from fastholdem import equity

    eq = float(equity(["AsAh", "KsKh"], "2c7d9h").equity[0])  # seat 0 is p2 (the button)
    assert result.net[1] == pytest.approx(200 * eq - 100)


# ---------------------------------------------------------------------- summaries vs the engine


@pytest.fixture(scope="module")
def session() -> str:
    out = io.StringIO()
    simulate(["random", "station", "tight", "random"], 400, seed=11, phh=out, progress=False)
    return out.getvalue()


def test_summary_chips_agree_with_the_engine_replay(session: str) -> None:
    allins = 0
    for hh in phh.loads_all(session):
        s = summarize(hh)
        hand = hh.replay()
        assert s.contributions == hand.contributions
        assert s.net == hand.payoffs
        assert (s.allin_board is not None) == (hand._run_base is not None)
        if s.allin_board is not None:
            allins += 1
            assert list(s.allin_board) == hand.board[: hand._run_base]
            assert [tuple(p) for p in s.pots] == [tuple(p) for p in hand.pots()]
    assert allins > 20


def test_scan_reads_what_tomllib_reads(session: str, tmp_path: os.PathLike[str]) -> None:
    path = os.path.join(tmp_path, "s.phhs")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(session)
    fast = [h for _, h in iter_hands(path)]
    assert fast == phh.loads_all(session)
    # TOML-only forms fall back to tomllib: a date, a literal string, an array over lines.
    odd = ("[1]\nvariant = 'NT'\ntime = 12:00:00\nantes = [\n 0, 0]\nblinds_or_straddles = [1, 2]\n"
           "min_bet = 2\nstarting_stacks = [1_000, 100]\nactions = [\"p2 f\"]\n")
    ((k, hh),) = list(iter_hands(io.StringIO(odd)))
    assert k == 1 and not isinstance(hh, HandHistoryError)
    assert hh == phh.loads_all(odd)[0] and hh.starting_stacks == [1000, 100]


def test_scan_reports_a_bad_hand_and_goes_on() -> None:
    good = _hand(["a", "b"], [10, 10], ["p2 f"], [11, 9])
    text = f"[1]\n{good}\n[2]\nvariant = \"NT\"\nactions = [\n\n[3]\n{good}"
    items = list(iter_hands(io.StringIO(text)))
    assert [k for k, _ in items] == [1, 2, 3]
    assert isinstance(items[1][1], HandHistoryError) and not isinstance(items[2][1], HandHistoryError)


def test_stats_files_decimal_money_stays_exact(tmp_path: os.PathLike[str]) -> None:
    text = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [0.01, 0.02]\nmin_bet = 0.02\n'
            'starting_stacks = [2, 2]\nactions = ["p2 cbr 0.06", "p1 f"]\nplayers = ["a", "b"]\n'
            'finishing_stacks = [1.98, 2.02]\n')
    path = os.path.join(tmp_path, "d.phhs")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("".join(f"[{k}]\n{text}\n" for k in range(1, 4)))
    r = stats_files([path])
    assert r.players["b"].net == Decimal("0.06") and r.players["b"].bb_per_100 == pytest.approx(100.0)


# ---------------------------------------------------------------------- hh stats command line


def _write(tmp_path: os.PathLike[str], name: str, *texts: str) -> str:
    path = os.path.join(tmp_path, name)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("".join(f"[{k}]\n{t}\n" for k, t in enumerate(texts, 1)))
    return path


def test_stats_cli_hero_ignores_case_and_lists_the_names_it_saw(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "s.phhs", THREE_BET, CBET, SHOWDOWN)
    assert main(["hh", "stats", path, "--hero", "E", "--json", "--threads", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hero"] == "e" and list(data["players"]) == ["e"] and data["players"]["e"]["hands"] == 1
    assert main(["hh", "stats", path, "--hero", "nobody"]) == 2
    err = capsys.readouterr().err
    assert err == ("fastholdem: error: no hand of 'nobody' in 3 hands; the players seen are 'a' (3 hands), "
                   "'b' (3 hands), 'c' (3 hands), 'd' (1 hand), 'e' (1 hand), 'f' (1 hand)\n")
    # The exact name is preferred; two names that differ only by case need the exact one.
    both = _write(tmp_path, "b.phhs", CBET, CBET.replace('"a"', '"A"'))
    assert main(["hh", "stats", both, "--hero", "A", "--json", "--threads", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["players"]["A"]["hands"] == 1
    assert main(["hh", "stats", both, "--hero", "b", "--json", "--threads", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["players"]["b"]["hands"] == 2
    capsys.readouterr()
    both_lower = _write(tmp_path, "c.phhs", CBET.replace('"a"', '"Ann"'), CBET.replace('"a"', '"ANN"'))
    assert main(["hh", "stats", both_lower, "--hero", "ann"]) == 2
    assert "'ann' matches 2 players ignoring case ('ANN', 'Ann'): give the exact name" in capsys.readouterr().err


def test_find_player_lists_the_busiest_names_and_counts_the_rest() -> None:
    seen = {f"p{k:02d}": 100 - k for k in range(30)}
    with pytest.raises(HandHistoryError) as info:
        find_player("zed", seen, 100)
    message = str(info.value)
    assert message.startswith("no hand of 'zed' in 100 hands; the players seen are 'p00' (100 hands), 'p01' (99")
    assert message.count("'p") == LISTED and message.endswith(f"'p11' (89 hands) and {30 - LISTED} more")


def _net_column(text: str) -> list[str]:
    rows = [line.split() for line in text.splitlines() if line and not line[0].isdigit()]
    k = rows[0].index("net")
    return [r[k + (len(r) - len(rows[0]))] for r in rows[1:]]  # position rows have no name


def test_stats_cli_net_column_has_one_format(tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]) -> None:
    # Money at two stakes (a table of 0.5/1, one of 0.25/0.5): every amount with the cents, never
    # "0.0" beside "-0.5" and "-0.25"; chips: integers.
    def cash(names: str, blinds: str, finishing: str) -> str:
        return (f'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [{blinds}, 0]\nmin_bet = 1\n'
                f'starting_stacks = [10, 10, 10]\nactions = ["p3 f", "p1 f"]\nplayers = {names}\n'
                f'finishing_stacks = [{finishing}]\n')

    path = _write(tmp_path, "cash.phhs", cash('["a", "b", "c"]', "0.5, 1", "9.5, 10.5, 10"),
                  cash('["d", "e", "f"]', "0.25, 0.5", "9.75, 10.25, 10"))
    assert main(["hh", "stats", path, "--positions", "--threads", "1"]) == 0
    column = _net_column(capsys.readouterr().out)
    assert sorted(column) == sorted(["-0.50", "0.50", "0.00", "-0.25", "0.25", "0.00"] * 2)
    chips = _write(tmp_path, "chips.phhs", THREE_BET, SHOWDOWN)
    assert main(["hh", "stats", chips, "--threads", "1"]) == 0
    column = _net_column(capsys.readouterr().out)
    assert column and all(re.fullmatch(r"-?[0-9]+", c) for c in column), column
