"""Open Hand History (OHH) JSON read into a SiteHand: the standard trackers read and write.

The standard (https://hh-specs.handhistory.org/) stores each hand as one ``{"ohh": {...}}``
object; a file holds one object per line, or objects one after another (separated by blank
lines, as ``.ohh`` files are), or a JSON array of them. :func:`hands` yields each object's line
and what it reads to. The amounts of the standard's actions are what each action puts in the
pot (a raise's increment); a pot's ``amount`` is the chips called in it, so the uncalled part of
a bet is what the top contributor put in above everyone else, and is returned. Each winner's
``win_amount`` is after the pot's ``rake`` and ``jackpot``.

Hands written by :mod:`fastholdem.history.export_ohh` carry the PHH fields the standard has no
place for in a ``"fastholdem"`` extension object: they are restored, so an exported hand
re-imports to the identical PHH.

>>> text = '''{"ohh": {"spec_version": "1.4.6", "site_name": "Demo", "game_number": "7",
... "game_type": "Holdem", "bet_limit": {"bet_type": "NL"}, "table_size": 6, "dealer_seat": 2,
... "small_blind_amount": 0.5, "big_blind_amount": 1, "ante_amount": 0,
... "players": [{"id": 0, "seat": 1, "name": "ann", "starting_stack": 100},
...             {"id": 1, "seat": 2, "name": "bob", "starting_stack": 100}],
... "rounds": [{"id": 0, "street": "Preflop", "actions": [
...   {"action_number": 1, "player_id": 1, "action": "Post SB", "amount": 0.5},
...   {"action_number": 2, "player_id": 0, "action": "Post BB", "amount": 1},
...   {"action_number": 3, "player_id": 1, "action": "Raise", "amount": 2.5},
...   {"action_number": 4, "player_id": 0, "action": "Fold"}]}],
... "pots": [{"number": 0, "amount": 2, "rake": 0,
...           "player_wins": [{"player_id": 1, "win_amount": 2}]}]}}'''
>>> [(line, hand_id, convert(hand).finishing_stacks) for line, hand_id, hand in hands(text)]
[(1, '7', [99, 101])]
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from ...errors import HandHistoryError
from ..export_ohh import decode_value
from ..phh import HandHistory
from .calls import bounded, checked_cards, return_uncalled
from .model import SiteHand, SkipHand, stamp, to_phh

__all__ = ["SITE", "EXTENSION", "hands", "parse", "convert", "restore", "looks_like"]

SITE = "OHH"
#: The key of fastholdem's extension object (see :mod:`fastholdem.history.export_ohh`).
EXTENSION = "fastholdem"
_STREETS = {"preflop": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 4}
_LIMITS = {"NL": "NT", "PL": "PT", "FL": "FT"}
_POSTS = {"Post SB": "sb", "Post BB": "bb", "Post Ante": "ante", "Straddle": "straddle",
          "Post Dead": "dead", "Post Extra Blind": "live"}
_IGNORED = frozenset(("Sits Down", "Stands Up", "Added Chips"))
_MAX_OBJECTS = 1_000_000


def looks_like(head: str) -> bool:
    """Whether text starting with ``head`` is OHH JSON (an object or array naming ``"ohh"``).

    >>> looks_like('{"ohh": {"spec_version": "1.4.6"}}'), looks_like('{"logs": []}')
    (True, False)
    """
    head = head.lstrip("\ufeff \t\r\n")
    return head[:1] in ("{", "[") and ('"ohh"' in head[:4096] or '"spec_version"' in head[:4096])


def _objects(text: str) -> Iterator[tuple[int, Any]]:
    """``(line, object)`` of each JSON value in ``text``: one array, or values one after another."""
    decoder = json.JSONDecoder(parse_float=Decimal, parse_constant=_constant)
    pos, n, line = 0, len(text), 1
    count = 0
    while True:
        while pos < n and text[pos] in " \t\r\n\ufeff":
            if text[pos] == "\n":
                line += 1
            pos += 1
        if pos >= n:
            return
        try:
            value, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            yield line, HandHistoryError(f"not JSON: {exc.msg} (line {exc.lineno} column {exc.colno})")
            return
        except (ValueError, RecursionError) as exc:  # nesting too deep, an integer of 4,300 digits
            yield line, HandHistoryError(f"unreadable JSON: {type(exc).__name__}: {str(exc)[:80]}")
            return
        except HandHistoryError as exc:
            yield line, exc
            return
        if isinstance(value, list) and count == 0:
            for item in value:  # an array of hands: each at the array's line
                yield line, item
        else:
            yield line, value
        count += 1
        if count > _MAX_OBJECTS:
            yield line, HandHistoryError(f"more than {_MAX_OBJECTS:,} JSON values")
            return
        line += text.count("\n", pos, end)
        pos = end


def _constant(name: str) -> Any:
    raise HandHistoryError(f"not an amount: {name}")


def _amount(value: Any, what: str) -> Decimal:
    """An amount of the standard: a JSON number (or a number in a string), never negative."""
    if isinstance(value, bool) or value is None:
        raise HandHistoryError(f"{what} is not an amount: {json.dumps(value)}")
    if isinstance(value, (int, Decimal)):
        out = Decimal(value)
    elif isinstance(value, str) and len(value) <= 40:
        try:
            out = Decimal(value.strip())
        except InvalidOperation:
            raise HandHistoryError(f"{what} is not an amount: {value!r}") from None
    else:
        raise HandHistoryError(f"{what} is not an amount: {str(value)[:40]!r}")
    if not out.is_finite() or out < 0:
        raise HandHistoryError(f"{what} is not an amount: {value}")
    return bounded(out, what)


def _id(value: Any) -> int | str:
    """A player id of the standard (an integer; a string is taken too)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise HandHistoryError(f"a player id must be a number, got {json.dumps(value, default=str)[:40]}")
    return value


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def parse(data: Any, first_line: int) -> SiteHand:
    """Read one OHH object (``{"ohh": {...}}`` or its inner object) into a SiteHand.

    Raises
    ------
    SkipHand
        Another game than hold'em.
    HandHistoryError
        Anything that does not read (the message names the part).

    >>> hand = parse({"ohh": {"game_type": "Omaha"}}, 1)
    Traceback (most recent call last):
    ...
    fastholdem.history.sites.model.SkipHand: other game: Omaha
    """
    if not isinstance(data, dict):
        raise HandHistoryError("an OHH hand must be a JSON object")
    ohh = data.get("ohh", data)
    if not isinstance(ohh, dict):
        raise HandHistoryError("'ohh' must be a JSON object")
    game = str(ohh.get("game_type", "Holdem"))
    if game.replace("'", "").replace(" ", "").lower() not in ("holdem", "texasholdem"):
        raise SkipHand(f"other game: {game}")
    limit = ohh.get("bet_limit") or {}
    bet_type = str(limit.get("bet_type", "NL")) if isinstance(limit, dict) else "NL"
    if bet_type not in _LIMITS:
        raise HandHistoryError(f"unknown bet_type {bet_type!r} (NL, PL or FL)")
    variant = _LIMITS[bet_type]
    cap = limit.get("bet_cap") if isinstance(limit, dict) else None
    stack_cap = None if cap in (None, 0) else _amount(cap, "bet_limit: bet_cap")  # capped no limit (R46)
    if stack_cap is not None and variant != "NT":
        raise SkipHand(f"other game: a bet cap in {bet_type}")
    tournament = None
    if ohh.get("tournament"):
        info = ohh.get("tournament_info") or {}
        tournament = _text(info.get("tournament_number")) if isinstance(info, dict) else None
        tournament = tournament or "0"
    hand = SiteHand(str(ohh.get("site_name") or SITE), str(ohh.get("game_number", "")), first_line,
                    variant=variant, tournament=tournament, table=_text(ohh.get("table_name")),
                    currency=_text(ohh.get("currency")) if tournament is None else None)
    sb = _amount(ohh.get("small_blind_amount", 0), "small_blind_amount")
    bb = _amount(ohh.get("big_blind_amount", 0), "big_blind_amount")
    hand.ante = _amount(ohh.get("ante_amount", 0), "ante_amount")
    hand.sb, hand.bb = sb, bb
    hand.stack_cap = stack_cap
    if variant == "FT":
        hand.small_bet, hand.big_bet = bb, 2 * bb
    size = ohh.get("table_size")
    if isinstance(size, (int, str)) and not isinstance(size, bool) and str(size).isdigit():
        hand.seat_count = int(size)
    dealer = ohh.get("dealer_seat")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise HandHistoryError(f"dealer_seat must be a seat number, got {json.dumps(dealer, default=str)}")
    hand.button = dealer
    start = ohh.get("start_date_utc")
    if isinstance(start, str):
        when = stamp(start.replace("T", " "))
        if when is not None:
            hand.started, hand.zone = when[0], "UTC"
    players = ohh.get("players")
    if not isinstance(players, list) or not players:
        raise HandHistoryError("no players")
    names: dict[int | str, str] = {}
    for p in players:
        if not isinstance(p, dict) or "id" not in p:
            raise HandHistoryError("a player without an id")
        seat = p.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
            raise HandHistoryError(f"player {p.get('id')}: seat must be a positive number")
        name = str(p.get("name") or p.get("display") or f"Seat {seat}")
        pid = _id(p["id"])
        if pid in names:
            raise HandHistoryError(f"player id {pid} is listed twice")
        names[pid] = name
        hand.seat(seat, name, _amount(p.get("starting_stack"), f"player {name!r}: starting_stack"),
                  dealt=not p.get("is_sitting_out", False))
    if len({s.number for s in hand.seats}) != len(hand.seats):
        raise HandHistoryError("two players in one seat")
    rounds = ohh.get("rounds")
    if not isinstance(rounds, list):
        raise HandHistoryError("no rounds")
    _rounds(hand, [r for r in rounds], names)
    if variant == "FT":  # the standard gives the blinds: the bet sizes are what the streets bet
        for street, attr in ((1, "small_bet"), (2, "big_bet"), (3, "big_bet")):
            first = next((to for st, _, verb, to in hand.actions if st == street and verb == "b"), None)
            if first is not None and (attr == "small_bet" or street == 2 or hand.big_bet == 2 * bb):
                setattr(hand, attr, first)
    pots = ohh.get("pots")
    if not isinstance(pots, list):
        raise HandHistoryError("no pots")
    total = Decimal(0)
    nets: list[Decimal] = []
    for k, pot in enumerate(pots):
        if not isinstance(pot, dict):
            raise HandHistoryError(f"pot {k} is not an object")
        chips = _amount(pot.get("amount", 0), f"pot {k}: amount")
        taken = _amount(pot.get("rake", 0) or 0, f"pot {k}: rake") + _amount(
            pot.get("jackpot", 0) or 0, f"pot {k}: jackpot")
        total += chips
        hand.rake += taken
        nets.append(chips - taken)
        for win in pot.get("player_wins") or []:
            if not isinstance(win, dict) or _id(win.get("player_id")) not in names:
                raise HandHistoryError(f"pot {k}: a win for no player")
            name = names[_id(win["player_id"])]
            chips = _amount(win.get("win_amount", 0) or 0, f"pot {k}: win_amount")
            if chips:
                hand.collect(name, chips, pot=f"pot {k}")  # named: a split pot keeps the site's odd chips (R47)
            cash = _amount(win.get("cashout_amount", 0) or 0, f"pot {k}: cashout_amount")
            if cash:
                hand.cash_out[name] = hand.cash_out.get(name, Decimal(0)) + cash
                fee = _amount(win.get("cashout_fee", 0) or 0, f"pot {k}: cashout_fee")
                if fee:
                    hand.cash_out_fee[name] = hand.cash_out_fee.get(name, Decimal(0)) + fee
    hand.total_pot = total
    if len(nets) > 1 and not hand.runs and hand.rake:
        hand.pots = nets  # each pot after its own rake (PHH's _pots): the rake stays where it was taken
    return_uncalled(hand, total)
    extension = ohh.get(EXTENSION)
    if isinstance(extension, dict):
        hand.extra["\0ohh-extension"] = extension
    return hand


def _rounds(hand: SiteHand, rounds: list[Any], names: dict[int | str, str]) -> None:
    """The rounds in ``id`` order: posts and actions, boards (a street again: another run, R41)."""
    for r in rounds:
        if not isinstance(r, dict):
            raise HandHistoryError("a round is not an object")
    ordered = sorted(rounds, key=lambda r: (r.get("id") if isinstance(r.get("id"), int) else 0))
    streets: list[int] = []
    for r in ordered:
        word = str(r.get("street", "")).lower()
        if word not in _STREETS:
            raise HandHistoryError(f"unknown street {r.get('street')!r}")
        streets.append(_STREETS[word])
    # The board is run again when a street comes back: the rounds from the street's first
    # appearance on are the runs (each run starts when the street number goes back).
    run_from = None
    seen: set[int] = set()
    for k, st in enumerate(streets):
        if 1 <= st <= 3 and st in seen:
            run_from = streets.index(st)
            break
        seen.add(st)
    run = -1
    last = 99
    for k, (r, st) in enumerate(zip(ordered, streets)):
        cards = r.get("cards") or []
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise HandHistoryError(f"round {r.get('id')}: cards must be a list of card strings")
        if 1 <= st <= 3:
            dealt = checked_cards(cards, f"round {r.get('id')}")
            if run_from is not None and k >= run_from:
                if st <= last:
                    run += 1
                last = st
                hand.run_street(run, dealt)
            else:
                hand.new_street(st, dealt)
        actions = r.get("actions") or []
        if not isinstance(actions, list):
            raise HandHistoryError(f"round {r.get('id')}: actions must be a list")
        for a in sorted(actions, key=lambda a: a.get("action_number", 0) if isinstance(a, dict)
                        and isinstance(a.get("action_number"), int) else 0):
            _action(hand, a, hand.street if st != 4 else hand.street, names, st == 4)


def _action(hand: SiteHand, a: Any, street: int, names: dict[int | str, str], showdown: bool) -> None:
    if not isinstance(a, dict):
        raise HandHistoryError("an action is not an object")
    word = str(a.get("action", ""))
    if word in ("Add to Pot", "Player Adjustment"):
        raise HandHistoryError(f"unsupported action {word!r}")
    pid = _id(a.get("player_id"))
    if pid not in names:
        raise HandHistoryError(f"action {a.get('action_number')}: {word!r} by no player ({pid!r})")
    name = names[pid]
    number = a.get("action_number")
    cards = a.get("cards") or []
    if not isinstance(cards, list):
        raise HandHistoryError(f"action {a.get('action_number')}: cards must be a list of card strings")
    shown = "".join(checked_cards([str(c) for c in cards], f"action {a.get('action_number')}"))

    def amount() -> Decimal:
        return _amount(a.get("amount", 0), f"action {number} ({word})")

    if word == "Dealt Cards":
        if len(shown) == 4:
            hand.holes[name] = shown
        hand.by_name[name].dealt = True
    elif word in _POSTS:
        hand.post(name, _POSTS[word], amount())
    elif word in ("Fold", "Check", "Call", "Bet", "Raise"):
        if showdown:
            raise HandHistoryError(f"action {number}: {word!r} in the Showdown round")
        if word == "Fold":
            hand.act(street, name, "f")
        elif word == "Check":
            hand.act(street, name, "x")
        elif word == "Call":
            hand.act(street, name, "c", amount())
        else:
            hand.act(street, name, "b", amount(), by=True)
    elif word == "Shows Cards":
        if len(shown) == 4:
            hand.holes[name] = shown
        hand.shows.append((name, shown if len(shown) == 4 else None))
    elif word == "Mucks Cards":
        if len(shown) == 4:
            hand.holes[name] = shown
        hand.shows.append((name, None))
    elif word in _IGNORED:
        return
    else:
        raise HandHistoryError(f"action {number}: unknown action {word!r}")


def restore(hh: HandHistory, extension: Any) -> HandHistory:
    """Put back the PHH fields an OHH export kept in its extension (see the module docstring).

    >>> from fastholdem import phh
    >>> hh = phh.loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    ...                'starting_stacks = [9, 9]\\nactions = []\\nplayers = ["a", "b"]\\n')
    >>> restore(hh, {"phh_fields": {"event": "x"}, "field_order": ["event", "players"]}).fields
    {'event': 'x', 'players': ['a', 'b']}
    """
    if not isinstance(extension, dict):
        return hh
    kept = extension.get("phh_fields")
    order = extension.get("field_order")
    if not isinstance(kept, dict) or not isinstance(order, list):
        return hh
    fields = hh.fields
    out: dict[str, Any] = {}
    for key in order:
        key = str(key)
        if key in kept:
            out[key] = decode_value(kept[key])
        elif key in fields:
            out[key] = fields[key]
    fields.clear()
    fields.update(out)
    stakes = extension.get("stakes")
    if isinstance(stakes, dict):
        for name in ("min_bet", "small_bet", "big_bet"):
            value = decode_value(stakes.get(name))
            if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
                setattr(hh, name, value)
    return hh


def hands(text: str) -> Iterator[tuple[int, str | None, SiteHand | HandHistoryError]]:
    """``(line, hand id, SiteHand or the error)`` of each OHH object of ``text``.

    >>> [(line, err) for line, _, err in hands("not json")]
    [(1, HandHistoryError('not JSON: Expecting value (line 1 column 1)'))]
    """
    for line, data in _objects(text):
        if isinstance(data, HandHistoryError):
            yield line, None, data
            continue
        hand_id = None
        if isinstance(data, dict):
            inner = data.get("ohh", data)
            if isinstance(inner, dict) and inner.get("game_number") is not None:
                hand_id = str(inner["game_number"])
        try:
            yield line, hand_id, parse(data, line)
        except HandHistoryError as exc:
            yield line, hand_id, exc


def convert(hand: SiteHand) -> HandHistory:
    """The PHH of an OHH SiteHand, with the extension's fields put back.

    >>> [(_, _, hand)] = hands('{"ohh": {"dealer_seat": 1, "big_blind_amount": 2, "small_blind_amount": 1,'
    ...     '"players": [{"id": 1, "seat": 1, "name": "a", "starting_stack": 9},'
    ...     '{"id": 2, "seat": 2, "name": "b", "starting_stack": 9}], "rounds": [{"id": 0,'
    ...     '"street": "Preflop", "actions": [{"player_id": 1, "action": "Post SB", "amount": 1},'
    ...     '{"player_id": 2, "action": "Post BB", "amount": 2}, {"player_id": 1, "action": "Fold"}]}],'
    ...     '"pots": [{"amount": 2, "player_wins": [{"player_id": 2, "win_amount": 2}]}]}}')
    >>> convert(hand).finishing_stacks
    [10, 8]
    """
    extension = hand.extra.pop("\0ohh-extension", None)
    hh = to_phh(hand)
    if extension is not None:
        restore(hh, extension)
    return hh

