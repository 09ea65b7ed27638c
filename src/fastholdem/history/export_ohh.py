"""PHH hands written as Open Hand History (OHH), the JSON hand-history standard trackers read.

Each hand is replayed with the engine (so every amount, pot and winner is the rules' own) and
written as one ``{"ohh": {...}}`` object of the standard (https://hh-specs.handhistory.org/,
spec version 1.4.6): the header (site, game number, start time in UTC, table, stakes, dealer
seat), the players (``id``, ``seat``, ``name``, ``starting_stack``), one round per street
(``Preflop``, ``Flop``, ``Turn``, ``River``, a street again for each extra run of the board, R41,
and ``Showdown``) with its actions, and the pots with their rake and each winner's
``win_amount`` (after the rake). As the standard says, the amount of every action is what it
puts in the pot: a raise's amount is its increment, not the total it reaches. An uncalled bet
is no action of the standard: a pot's ``amount`` holds only the chips called.

What PHH records and the standard has no place for (the time zone the site wrote, PokerStars'
Eastern time, pot amounts as the site listed them, a winner's ``doesn't show hand``, cash-outs,
any other field) goes into one extension object, ``"fastholdem": {"phh_fields": {...}}``,
which other readers ignore and :mod:`fastholdem.history.sites.ohh` reads back, so that an
exported hand re-imports to the identical PHH. Decimal amounts are written as JSON numbers
with their exact digits.

:func:`dumps` writes one object per line, hands separated by a blank line (the standard's
``.ohh`` files separate hands by two line breaks).

>>> from fastholdem import phh
>>> hh = phh.loads('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... players = ["ann", "bob"]
... actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 6", "p1 cbr 18", "p2 f"]
... ''')
>>> import json
>>> ohh = json.loads(hand_json(hh))["ohh"]
>>> ohh["dealer_seat"], [p["name"] for p in ohh["players"]], ohh["big_blind_amount"]
(2, ['ann', 'bob'], 2)
>>> [(a["player_id"], a["action"], a.get("amount")) for a in ohh["rounds"][0]["actions"]]
... # doctest: +NORMALIZE_WHITESPACE
[(1, 'Post SB', 1), (0, 'Post BB', 2), (0, 'Dealt Cards', None), (1, 'Dealt Cards', None),
 (1, 'Raise', 5), (0, 'Raise', 16), (1, 'Fold', None)]
>>> ohh["pots"]
[{'number': 0, 'amount': 12, 'rake': 0, 'player_wins': [{'player_id': 0, 'win_amount': 12}]}]
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import IO, Any

from .._validate import output_file
from ..cards import card_str
from ..errors import HandHistoryError
from ..game.actions import EventKind
from ..game.config import Structure
from .phh import HandHistory

__all__ = ["SPEC_VERSION", "EXTENSION", "hand_object", "hand_json", "iter_json", "dumps", "dump",
           "encode_value", "decode_value"]

#: The version of the standard written.
SPEC_VERSION = "1.4.6"
#: The key of fastholdem's extension object inside ``"ohh"`` (PHH fields the standard lacks).
EXTENSION = "fastholdem"
_STREETS = ("Preflop", "Flop", "Turn", "River")
_LIMITS = {Structure.NO_LIMIT: "NL", Structure.POT_LIMIT: "PL", Structure.LIMIT: "FL"}
# PHH fields that the standard's own parts carry (the rest go into the extension).
_STANDARD = frozenset(("_site", "_hand_id", "players", "seats", "table", "currency", "_tournament",
                       "seat_count", "_rake"))
_ACTIONS = {EventKind.FOLD: "Fold", EventKind.CHECK: "Check", EventKind.CALL: "Call",
            EventKind.BET: "Bet", EventKind.RAISE: "Raise"}


def _number(value: Decimal) -> int | float | str:
    """An exact amount for JSON: an int when whole, else a float whose shortest text is the
    decimal's own (at most 15 significant digits), else the decimal's text as a string."""
    if value == value.to_integral_value():
        return int(value)
    value = value.normalize()
    if len(value.as_tuple().digits) <= 15:
        as_float = float(value)
        if Decimal(repr(as_float)) == value:
            return as_float
    return f"{value:f}"


def encode_value(value: Any) -> Any:
    """A PHH field value as JSON data: decimals, times and dates tagged so they come back typed.

    >>> encode_value([Decimal("0.25"), 3, "x"]), encode_value(datetime.time(9, 5))
    ([{'$decimal': '0.25'}, 3, 'x'], {'$time': '09:05:00'})
    """
    if isinstance(value, Decimal):
        return {"$decimal": f"{value:f}"}
    if isinstance(value, datetime.datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, datetime.date):
        return {"$date": value.isoformat()}
    if isinstance(value, datetime.time):
        return {"$time": value.isoformat()}
    if isinstance(value, (list, tuple)):
        return [encode_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode_value(v) for k, v in value.items()}
    return value


def decode_value(value: Any) -> Any:
    """The PHH field value of JSON data written by :func:`encode_value`.

    Raises
    ------
    HandHistoryError
        A tagged value that does not read (the message quotes it).

    >>> decode_value([{"$decimal": "0.25"}, {"$time": "09:05:00"}])
    [Decimal('0.25'), datetime.time(9, 5)]
    """
    if isinstance(value, list):
        return [decode_value(v) for v in value]
    if isinstance(value, dict):
        if len(value) == 1:
            (tag, text), = value.items()
            kinds: dict[str, Any] = {"$decimal": Decimal, "$time": datetime.time.fromisoformat,
                                     "$date": datetime.date.fromisoformat,
                                     "$datetime": datetime.datetime.fromisoformat}
            if tag in kinds:
                try:
                    return kinds[tag](str(text))
                except (ValueError, ArithmeticError):
                    raise HandHistoryError(f"unreadable {tag[1:]} {text!r} in the {EXTENSION} extension") from None
        return {k: decode_value(v) for k, v in value.items()}
    return value


def _utc(fields: dict[str, Any]) -> str | None:
    """The hand's start as ``YYYY-MM-DDTHH:MM:SSZ`` in UTC (PHH: a time without zone is UTC)."""
    try:
        day = datetime.date(int(fields["year"]), int(fields["month"]), int(fields["day"]))
    except (KeyError, TypeError, ValueError):
        return None
    t = fields.get("time")
    clock = t if isinstance(t, datetime.time) else datetime.time(0)
    when = datetime.datetime.combine(day, clock.replace(tzinfo=None))
    zone = fields.get("time_zone")
    if isinstance(zone, str) and zone and zone != "UTC":
        try:
            from zoneinfo import ZoneInfo  # the standard library's time zones (tzdata)
            when = when.replace(tzinfo=ZoneInfo(zone)).astimezone(datetime.timezone.utc).replace(tzinfo=None)
        except (ImportError, ValueError, KeyError, OSError):
            pass  # an unknown zone: the local time stands (the extension keeps the zone)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def hand_object(hh: HandHistory, index: int = 1, *, hero: str | None = None) -> dict[str, Any]:
    """One hand as the standard's ``{"ohh": {...}}`` object (``index``: its number when the hand
    records none). With ``hero`` (a player's name) only the hero's hole cards are dealt face up
    and ``hero_player_id`` names them, as a site writes its player's history; the others' cards
    appear when shown.

    Raises
    ------
    HandHistoryError
        If the hand does not replay (``fastholdem phh check`` says why).

    Examples
    --------
    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> hh = phh.loads(text + 'starting_stacks = [10, 10]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> obj = hand_object(hh, 7)["ohh"]
    >>> obj["game_number"], obj["spec_version"], obj["players"][0]["starting_stack"]
    ('7', '1.4.6', 10)
    """
    hand = hh.replay()
    n = hand.n
    scale = hand.scale
    fields = hh.fields

    def money(chips: int | Decimal) -> int | float | str:
        return _number(Decimal(chips) / scale)

    players = fields.get("players")
    names = [str(x) for x in players] if isinstance(players, list) and len(players) == n else [
        f"Player{k + 1}" for k in range(n)]
    seats_field = fields.get("seats")
    seats = ([int(s) for s in seats_field] if isinstance(seats_field, list) and len(seats_field) == n
             else list(range(1, n + 1)))
    by_seat = sorted(range(n), key=lambda s: seats[s])
    ident = {s: k for k, s in enumerate(by_seat)}  # OHH player ids in seat order
    cfg = hand.config
    tournament = fields.get("_tournament")
    ohh: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": str(fields.get("_site") or "fastholdem"),
        "internal_version": SPEC_VERSION,
        "tournament": tournament is not None,
    }
    if tournament is not None:
        ohh["tournament_info"] = {"tournament_number": str(tournament)}
    ohh["game_number"] = str(fields.get("_hand_id") or fields.get("hand") or index)
    start = _utc(fields)
    if start is not None:
        ohh["start_date_utc"] = start
    if fields.get("table") is not None:
        ohh["table_name"] = str(fields["table"])
    ohh["game_type"] = "Holdem"
    cap = fields.get("_stack_cap")  # capped no limit (R46): the standard's bet cap
    ohh["bet_limit"] = {"bet_type": _LIMITS[cfg.structure],
                        "bet_cap": 0 if cap is None else _number(Decimal(str(cap)))}
    size = fields.get("seat_count")
    ohh["table_size"] = size if isinstance(size, int) else max(max(seats), n)
    if fields.get("currency") and tournament is None:
        ohh["currency"] = str(fields["currency"])
    ohh["dealer_seat"] = seats[hand.button]
    if cfg.structure is Structure.LIMIT:
        ohh["small_blind_amount"] = money(cfg.small_blind)
        ohh["big_blind_amount"] = money(cfg.big_blind)
    else:
        ohh["small_blind_amount"] = money(cfg.small_blind)
        ohh["big_blind_amount"] = money(cfg.min_bet or cfg.big_blind)
    ohh["ante_amount"] = _number(Decimal(str(max(hh.antes, default=0))))
    if hero is not None and hero in names:
        ohh["hero_player_id"] = ident[names.index(hero)]
    ohh["players"] = [{"id": ident[s], "seat": seats[s], "name": names[s], "display": names[s],
                       "starting_stack": money(hand.starting_stacks[s])} for s in by_seat]
    live = fields.get("_live_posts") if isinstance(fields.get("_live_posts"), list) else None
    dead = fields.get("_dead_posts") if isinstance(fields.get("_dead_posts"), list) else None
    # The players whose cards the hand shows or mucks (the engine shows every hand at a show
    # down; the standard's Showdown round holds what the history records).
    showing = {int(a.split()[0][1:]) - 1 for a in hh.actions
               if len(a.split()) >= 2 and a.split()[1] == "sm" and a.split()[0][1:].isdigit()}
    rounds: list[dict[str, Any]] = []
    number = 0
    current: dict[str, Any] = {"id": 0, "street": "Preflop", "actions": []}
    rounds.append(current)
    dealt = False
    board_len = 0
    run_base = hand.run_base
    showdown: list[dict[str, Any]] = []

    def add(target: list[dict[str, Any]], seat: int, action: str, amount: int = 0, *,
            all_in: bool = False, cards: Iterable[int | None] = ()) -> None:
        nonlocal number
        entry: dict[str, Any] = {"action_number": number, "player_id": ident[seat], "action": action}
        if amount or action not in ("Fold", "Check", "Dealt Cards", "Shows Cards", "Mucks Cards"):
            entry["amount"] = money(amount)
        if all_in:
            entry["is_allin"] = True
        shown = [card_str(c) for c in cards if c is not None]
        if shown:
            entry["cards"] = shown
        target.append(entry)
        number += 1

    for ev in hand.history:
        kind, seat = ev.kind, ev.seat
        if kind == EventKind.DEAL:
            if not dealt:
                dealt = True
                for s, chips in enumerate(dead or ()):  # dead money: no event of the replay
                    if chips and s < n:
                        add(current["actions"], s, "Post Dead", int(Decimal(str(chips)) * scale))
                for s in sorted(range(n), key=lambda s: (s - hand.button - 1) % n):
                    face_up = hero is None or names[s] == hero
                    add(current["actions"], s, "Dealt Cards", cards=hand.hole_cards[s] if face_up else ())
            continue
        if kind == EventKind.BOARD:
            if board_len == 5:  # another run of the board (R41)
                board_len = run_base if run_base is not None else 0
            board_len += len(ev.cards)
            street = {3: 1, 4: 2, 5: 3}[board_len]
            current = {"id": len(rounds), "street": _STREETS[street],
                       "cards": [card_str(c) for c in ev.cards if c is not None], "actions": []}
            rounds.append(current)
            continue
        if seat is None:
            continue
        if kind == EventKind.ANTE:
            add(current["actions"], seat, "Post Ante", ev.amount, all_in=ev.all_in)
        elif kind == EventKind.SB:
            word = "Post SB" if seat == hand.small_blind_seat else "Post Dead"
            add(current["actions"], seat, word, ev.amount, all_in=ev.all_in)
        elif kind == EventKind.BB:
            if seat == hand.big_blind_seat:
                word = "Post BB"
            elif live is not None and seat < len(live) and live[seat]:
                word = "Post Extra Blind"
            else:
                word = "Straddle"
            add(current["actions"], seat, word, ev.amount, all_in=ev.all_in)
        elif kind in _ACTIONS:
            add(current["actions"], seat, _ACTIONS[kind], ev.amount, all_in=ev.all_in)
        elif kind == EventKind.SHOW and seat in showing:
            add(showdown, seat, "Shows Cards", cards=ev.cards)
        elif kind == EventKind.MUCK and seat in showing:
            add(showdown, seat, "Mucks Cards")
    if showdown:
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": showdown})
    ohh["rounds"] = rounds
    # A player who cashed out gets the cash-out instead of any share of the pots (as the site
    # pays it): written as the standard's cashout_amount, with the fee, in the first pot.
    cash_field, fee_field = fields.get("_cash_out"), fields.get("_cash_out_fee")
    cash: list[Any] = cash_field if isinstance(cash_field, list) else []
    fees: list[Any] = fee_field if isinstance(fee_field, list) else []
    cashed = {s: (cash[s], fees[s] if s < len(fees) else 0) for s in range(min(n, len(cash))) if cash[s]}
    pots: list[dict[str, Any]] = []
    for k, award in enumerate(hand.awards()):
        amount = Decimal(award.amount)
        net = sum((Decimal(x) for x in award.shares), Decimal(0))
        wins: list[dict[str, Any]] = [{"player_id": ident[w], "win_amount": money(Decimal(x))}
                                      for w, x in zip(award.winners, award.shares) if x and w not in cashed]
        if k == 0:
            for s, (paid, fee) in cashed.items():
                entry: dict[str, Any] = {"player_id": ident[s], "win_amount": 0,
                                         "cashout_amount": _number(Decimal(str(paid)))}
                if fee:
                    entry["cashout_fee"] = _number(Decimal(str(fee)))
                wins.append(entry)
        pots.append({"number": k, "amount": money(amount), "rake": money(amount - net), "player_wins": wins})
    ohh["pots"] = pots
    extra = {key: encode_value(value) for key, value in fields.items() if key not in _STANDARD}
    if hh.runouts != 1:
        extra["_runouts"] = hh.runouts
    stakes = {name: encode_value(getattr(hh, name)) for name in ("min_bet", "small_bet", "big_bet")
              if getattr(hh, name) is not None}
    ohh[EXTENSION] = {"phh_fields": extra, "field_order": list(fields), "stakes": stakes}
    return {"ohh": ohh}


def _default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def hand_json(hh: HandHistory, index: int = 1, *, hero: str | None = None) -> str:
    """One hand as OHH JSON text on one line (see :func:`hand_object`).

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> hh = phh.loads(text + 'starting_stacks = [10, 10]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> hand_json(hh)[:30]
    '{"ohh": {"spec_version": "1.4.'
    """
    return json.dumps(hand_object(hh, index, hero=hero), ensure_ascii=False, default=_default)


def iter_json(histories: Iterable[HandHistory]) -> Iterator[str]:
    """The OHH JSON text of each hand, in order (numbered from 1 when a hand records none).

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> hh = phh.loads(text + 'starting_stacks = [10, 10]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> len(list(iter_json([hh, hh])))
    2
    """
    for k, hh in enumerate(histories, 1):
        yield hand_json(hh, k)


def dumps(histories: Iterable[HandHistory]) -> str:
    """Every hand as OHH JSON, one object per line, hands separated by a blank line.

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> hh = phh.loads(text + 'starting_stacks = [10, 10]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> dumps([hh, hh]).count('{"ohh"')
    2
    """
    return "".join(text + "\n\n" for text in iter_json(histories))


def dump(histories: Iterable[HandHistory], path: str | os.PathLike[str] | IO[str]) -> int:
    """Write the OHH JSON of ``histories`` to a path (whole or not at all) or an open text file;
    return the hand count.

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> hh = phh.loads(text + 'starting_stacks = [10, 10]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> import io
    >>> dump([hh], io.StringIO())
    1
    """
    count = 0

    def write(out: IO[str]) -> None:
        nonlocal count
        for text in iter_json(histories):
            out.write(text + "\n\n")
            count += 1

    if isinstance(path, (str, os.PathLike)):
        with output_file(path) as fh:
            write(fh)
    else:
        write(path)
    return count

