"""PHH hands written as PokerStars hand-history text, the format hand-history trackers import.

:func:`dumps` replays each hand with the engine (so every amount, uncalled bet, pot and
winner is the rules' own) and writes it the way PokerStars does: the header (cash game, or
tournament when the hand has a ``_tournament`` field), the table and seats, the posts (antes,
blinds), the hole cards, every action ("raises $4 to $6", "and is all-in"), uncalled bets
returned, the show down (shows, mucks, what each player collected, per board when the board
was run several times, R41) and the summary (total pot, main and side pots, rake, boards, one
line per seat). Hands are separated by two blank lines, as PokerStars separates them.

The date and time are the hand's PHH ``year``, ``month``, ``day`` and ``time``, with the zone
the site wrote (``_time_zone_abbreviation``, else that of ``time_zone``; a time without a zone is
UTC, as PHH reads it) and PokerStars' Eastern time beside a local one (``_time_et``). Each pot's
winners are written with the pot they collected from, after the house's cut. An uncontested
winner's ``doesn't show hand`` is written when the hand records it (``_no_show``).

What a hand does not record is filled in plainly: the hand number (``_hand_id``, else the PHH
``hand`` field, else its position), the table name (``fastholdem``), the date
(2000/01/01 ET, one second per hand).
Amounts are money (``$0.25``) when the hand has a ``currency``, tournament chips when it has
``_tournament``, and play money otherwise. Every known hole card is written as ``Dealt to``;
with ``hero`` only the hero's are, and the others appear when shown.

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
>>> print(dumps([hh]))  # doctest: +NORMALIZE_WHITESPACE
PokerStars Hand #1:  Hold'em No Limit (1/2) - 2000/01/01 0:00:00 ET
Table 'fastholdem' (Play Money) Seat #2 is the button
Seat 1: ann (100 in chips)
Seat 2: bob (100 in chips)
bob: posts small blind 1
ann: posts big blind 2
*** HOLE CARDS ***
Dealt to ann [As Ks]
Dealt to bob [7c 2d]
bob: raises 4 to 6
ann: raises 12 to 18
bob: folds
Uncalled bet (12) returned to ann
ann collected 12 from pot
*** SUMMARY ***
Total pot 12 | Rake 0
Seat 1: ann (big blind) collected (12)
Seat 2: bob (button) (small blind) folded before Flop
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from typing import IO, Any, cast

from .._validate import output_file
from ..cards import card_str
from ..errors import HandHistoryError
from ..evaluate import describe
from ..game.config import Structure
from ..game.actions import Event, EventKind
from ..game.hand import Hand
from ..game.pots import split_amount
from .phh import HandHistory

__all__ = ["dumps", "dump", "iter_text", "hand_text"]

_STREETS = ("", "FLOP", "TURN", "RIVER")
# PokerStars runs a board at most twice ("Hand was run twice", FIRST/SECOND); GGPoker writes a
# third run in the same text ("Hand was run three times", THIRD), which trackers read. No site
# writes a fourth run (R41 allows it): such a hand is refused (see _Writer.text).
_RUNS = ("FIRST", "SECOND", "THIRD")
_RUN_WORDS = {2: "twice", 3: "three times"}
_LIMITS = {Structure.NO_LIMIT: "No Limit", Structure.POT_LIMIT: "Pot Limit", Structure.LIMIT: "Limit"}
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$", "CNY": "¥"}
_EPOCH = datetime.datetime(2000, 1, 1)
# The abbreviation PokerStars writes for a PHH time_zone (IANA) when the hand records none.
_ZONE_NAMES = {"America/New_York": "ET", "America/Chicago": "CT", "America/Denver": "MT",
               "America/Los_Angeles": "PT", "UTC": "UTC", "Etc/UTC": "UTC", "WET": "WET", "CET": "CET",
               "EET": "EET", "Europe/Moscow": "MSK"}


def _pot_name(k: int, count: int) -> str:
    """PokerStars' name of pot ``k`` (0 the main pot) of ``count``: ``Pot`` alone; ``Main pot``
    and ``Side pot`` with one side pot; ``Side pot-1``, ``Side pot-2``, ... with several.

    >>> [_pot_name(k, 2) for k in range(2)], [_pot_name(k, 3) for k in range(3)]
    (['Main pot', 'Side pot'], ['Main pot', 'Side pot-1', 'Side pot-2'])
    """
    if count == 1:
        return "Pot"
    if k == 0:
        return "Main pot"
    return "Side pot" if count == 2 else f"Side pot-{k}"


def _cards(cards: Iterable[int | None]) -> str:
    return " ".join(card_str(c) for c in cards if c is not None)


class _Writer:
    """One hand's text (the state a PokerStars history needs while it is written)."""

    def __init__(self, hh: HandHistory, index: int, hero: str | None) -> None:
        self.hh = hh
        self.index = index
        self.hero = hero
        self.hand: Hand = hh.replay()
        n = self.hand.n
        fields = hh.fields
        players = fields.get("players")
        self.names = list(players) if isinstance(players, list) and len(players) == n else [
            f"Player{k + 1}" for k in range(n)]
        seats = fields.get("seats")
        fits = isinstance(seats, list) and len(seats) == n
        self.seats = [int(s) for s in seats] if fits and seats is not None else list(range(1, n + 1))
        self.tournament = fields.get("_tournament")
        currency = fields.get("currency")
        self.currency = str(currency) if currency and self.tournament is None else None
        self.symbol = _SYMBOLS.get(self.currency or "", "")
        self.scale = self.hand.scale
        self.lines: list[str] = []

    # ------------------------------------------------------------------ formatting

    def money(self, chips: int) -> str:
        value = Decimal(chips) / self.scale
        if value == value.to_integral_value():
            text = str(int(value))
        else:
            text = f"{value.normalize():f}"
            decimals = len(text.split(".")[1])
            if decimals < 2:
                text = f"{value:.2f}"
        return f"{self.symbol}{text}"

    def units(self, value: Any) -> int:
        return int(Decimal(str(value)) * self.scale) if not isinstance(value, int) else value * self.scale

    # ------------------------------------------------------------------ parts

    def header(self) -> None:
        hh, hand = self.hh, self.hand
        cfg = hand.config
        fields = hh.fields
        hand_id = fields.get("_hand_id") or fields.get("hand") or self.index
        game = f"Hold'em {_LIMITS[cfg.structure]}"
        if cfg.structure is Structure.LIMIT:
            stakes = f"{self.money(cfg.bet_sizes[0])}/{self.money(cfg.bet_sizes[2])}"
        else:  # the stakes, not what a short blind posted: the minimum bet is the big blind
            stakes = f"{self.money(cfg.small_blind)}/{self.money(cfg.min_bet or cfg.big_blind)}"
        when = self.when()
        if self.tournament is not None:
            self.lines.append(f"PokerStars Hand #{hand_id}: Tournament #{self.tournament}, {game} - "
                              f"Level I ({stakes}) - {when}")
        else:
            tail = f" {self.currency}" if self.currency else ""
            cap = fields.get("_stack_cap")
            if cap is not None:  # capped no limit (R46), as PokerStars writes it
                tail = f" - {self.money(self.units(cap))} Cap - {tail}"
            self.lines.append(f"PokerStars Hand #{hand_id}:  {game} ({stakes}{tail}) - {when}")
        table = fields.get("table") or "fastholdem"
        size = fields.get("seat_count")
        size_text = f" {size}-max" if isinstance(size, int) else ""
        play = " (Play Money)" if self.currency is None and self.tournament is None else ""
        self.lines.append(f"Table '{table}'{size_text}{play} Seat #{self.seats[hand.button]} is the button")
        for seat in sorted(range(hand.n), key=lambda s: self.seats[s]):
            self.lines.append(f"Seat {self.seats[seat]}: {self.names[seat]} "
                              f"({self.money(hand.starting_stacks[seat])} in chips)")

    def when(self) -> str:
        """The date and time of the header: the hand's own (``year``, ``month``, ``day``,
        ``time`` and its zone), else 2000/01/01 with one second per hand."""
        f = self.hh.fields
        try:
            day = datetime.date(int(f["year"]), int(f["month"]), int(f["day"]))
        except (KeyError, TypeError, ValueError):
            stamp = _EPOCH + datetime.timedelta(seconds=self.index - 1)
            return f"{stamp:%Y/%m/%d} {stamp.hour}:{stamp:%M:%S} ET"
        t = f.get("time")
        clock = t if isinstance(t, datetime.time) else datetime.time(0)
        zone = f.get("_time_zone_abbreviation") or f.get("time_zone_abbreviation")
        if not isinstance(zone, str) or not zone:
            # PHH: a time without a zone is UTC (unless the hand names its place)
            tz = f.get("time_zone")
            zone = _ZONE_NAMES.get(tz, tz) if isinstance(tz, str) and tz else "UTC"
        text = f"{day:%Y/%m/%d} {clock.hour}:{clock:%M:%S} {zone}"
        et = f.get("_time_et")
        if zone != "ET" and isinstance(et, str):
            try:
                at = datetime.datetime.fromisoformat(et)
            except ValueError:
                return text
            text += f" [{at:%Y/%m/%d} {at.hour}:{at:%M:%S} ET]"
        return text

    def body(self) -> None:
        """The posts, hole cards, streets and actions, then the showdown and the collections: each
        event of the hand is written by the method ``_BODY`` maps its kind to (none for a win)."""
        hand = self.hand
        live = self.hh.fields.get("_live_posts")
        dead = self.hh.fields.get("_dead_posts")
        extra: dict[int, str] = {}
        for value, word in ((dead, "small blind"), (live, "big blind")):
            if isinstance(value, list):
                for k, amount in enumerate(value):
                    if amount:
                        extra[k] = word
        self.extra = extra
        # Dead money (R43) is no event of the replay: written with the seat's live post, or
        # alone before the hole cards.
        self.dead = {k: self.units(v) for k, v in enumerate(dead) if v and k < hand.n} if isinstance(
            dead, list) else {}
        # The shows and mucks the history records (the replay shows every hand at a show down).
        self.showing = {int(a.split()[0][1:]) - 1 for a in self.hh.actions
                        if len(a.split()) >= 2 and a.split()[1] == "sm" and a.split()[0][1:].isdigit()}
        self.known = {s: h for s, h in enumerate(hand.hole_cards) if None not in h}
        self.showdown: list[str] = []
        self.max_bet = 0
        self.runs = hand.result.boards
        self.several = len(self.runs) > 1
        self.board_len = 0
        self.run = 0
        self.hole_header = False
        for ev in hand.history:
            write = _BODY.get(ev.kind)
            if write is not None and (ev.seat is not None or ev.kind == EventKind.BOARD):
                write(self, ev)
        self.collected(self.showdown, self.several)

    def _tail(self, ev: Event) -> str:
        return " and is all-in" if ev.all_in else ""

    def _post(self, ev: Event) -> None:
        hand, seat, money, extra = self.hand, cast(int, ev.seat), self.money, self.extra
        name, tail = self.names[seat], self._tail(ev)
        if ev.kind == EventKind.ANTE:
            self.lines.append(f"{name}: posts the ante {money(ev.amount)}{tail}")
        elif seat in self.dead and ev.kind == EventKind.BB and hand.big_blind_seat != seat:
            dead = self.dead.pop(seat)
            if dead == hand.config.small_blind:
                self.lines.append(f"{name}: posts small & big blinds {money(ev.amount + dead)}{tail}")
            else:
                self.lines.append(f"{name}: posts missed blind {money(dead)}")
                self.lines.append(f"{name}: posts big blind {money(ev.amount)}{tail}")
        elif seat in extra and ev.kind == EventKind.BB and hand.big_blind_seat != seat:
            self.lines.append(f"{name}: posts {extra[seat]} {money(ev.amount)}{tail}")
        elif ev.kind == EventKind.BB and hand.big_blind_seat != seat and hand.small_blind_seat != seat:
            self.lines.append(f"{name}: posts straddle {money(ev.amount)}{tail}")
        elif seat in extra and hand.small_blind_seat != seat and hand.big_blind_seat != seat:
            self.lines.append(f"{name}: posts {extra[seat]} {money(ev.amount)}{tail}")
        else:
            word = "small" if ev.kind == EventKind.SB else "big"
            self.lines.append(f"{name}: posts {word} blind {money(ev.amount)}{tail}")
            self.max_bet = max(self.max_bet, ev.to)

    def _deal(self, ev: Event) -> None:
        if self.hole_header:
            return
        hand, names, known = self.hand, self.names, self.known
        for seat, dead in sorted(self.dead.items()):
            word = "small blind" if seat != hand.small_blind_seat else "missed blind"
            self.lines.append(f"{names[seat]}: posts {word} {self.money(dead)}")
        self.dead = {}
        self.lines.append("*** HOLE CARDS ***")
        self.hole_header = True
        for s in sorted(known, key=lambda s: (s - hand.button - 1) % hand.n):
            if self.hero is None or names[s] == self.hero:
                self.lines.append(f"Dealt to {names[s]} [{_cards(known[s])}]")

    def _board(self, ev: Event) -> None:
        hand, runs = self.hand, self.runs
        cards = list(ev.cards)
        if self.board_len == 5:
            self.run += 1
            self.board_len = hand.run_base if hand.run_base is not None else 0
        board_len = self.board_len
        before = list(runs[self.run][:board_len]) if self.several else list(hand.result.boards[0][:board_len])
        board_len += len(cards)
        self.board_len = board_len
        street = _STREETS[{3: 1, 4: 2, 5: 3}[board_len]]
        if self.several and hand.run_base is not None and board_len > hand.run_base:
            street = f"{_RUNS[self.run]} {street}"
        old = f" [{_cards(before)}]" if before else ""
        self.lines.append(f"*** {street} ***{old} [{_cards(cards)}]")
        self.max_bet = 0

    def _fold(self, ev: Event) -> None:
        self.lines.append(f"{self.names[cast(int, ev.seat)]}: folds")

    def _check(self, ev: Event) -> None:
        self.lines.append(f"{self.names[cast(int, ev.seat)]}: checks")

    def _call(self, ev: Event) -> None:
        self.lines.append(f"{self.names[cast(int, ev.seat)]}: calls {self.money(ev.amount)}{self._tail(ev)}")

    def _bet(self, ev: Event) -> None:
        self.lines.append(f"{self.names[cast(int, ev.seat)]}: bets {self.money(ev.to)}{self._tail(ev)}")
        self.max_bet = ev.to

    def _raise(self, ev: Event) -> None:
        money = self.money
        self.lines.append(f"{self.names[cast(int, ev.seat)]}: raises {money(ev.to - self.max_bet)} "
                          f"to {money(ev.to)}{self._tail(ev)}")
        self.max_bet = ev.to

    def _return(self, ev: Event) -> None:
        self.lines.append(f"Uncalled bet ({self.money(ev.amount)}) returned to {self.names[cast(int, ev.seat)]}")

    def _show(self, ev: Event) -> None:
        seat = cast(int, ev.seat)
        if seat not in self.showing:
            return
        value = self.hand.result.values.get(seat)
        what = f" ({describe(value)})" if value is not None else ""
        self.showdown.append(f"{self.names[seat]}: shows [{_cards(ev.cards)}]{what}")

    def _muck(self, ev: Event) -> None:
        seat = cast(int, ev.seat)
        if seat not in self.showing:
            return
        self.showdown.append(f"{self.names[seat]}: mucks hand")

    def paid(self) -> list[int]:
        """Chips each seat collected from the pots (after any rake or cash-out)."""
        hand = self.hand
        contributions = hand.contributions
        chips = hand.chips
        return [chips[s] - hand.starting_stacks[s] + contributions[s] for s in range(hand.n)]

    def collected(self, showdown: list[str], several: bool) -> None:
        hand, lines, names, money = self.hand, self.lines, self.names, self.money
        result = hand.result
        pots = result.pots
        fields = self.hh.fields
        if showdown or several:
            lines.append("*** FIRST SHOW DOWN ***" if several else "*** SHOW DOWN ***")
            lines.extend(showdown)
        cash_out = fields.get("_cash_out") if isinstance(fields.get("_cash_out"), list) else None
        if (cash_out is not None and any(cash_out)) or not pots:
            # A player cashed out: what each player got is known per player, not per pot.
            fee = fields.get("_cash_out_fee") if isinstance(fields.get("_cash_out_fee"), list) else None
            for s, chips in enumerate(self.paid()):
                if cash_out is not None and cash_out[s]:
                    paid_fee = fee[s] if fee is not None else 0
                    tail = f" | Cash Out Fee {money(self.units(paid_fee))}" if paid_fee else ""
                    lines.append(f"{names[s]} cashed out the hand for {money(self.units(cash_out[s]))}{tail}")
                elif chips > 0:
                    lines.append(f"{names[s]} collected {money(chips)} from pot")
        else:
            # Each pot after the house's cut, named as PokerStars names it ("pot"; "main pot" and
            # "side pot"; "side pot-1", "side pot-2", ... when there are several), and written
            # as PokerStars writes them: the last side pot first, the main pot last.
            n_pots, collections = self.pot_collections()
            for b in range(len(result.boards)):
                if b:
                    lines.append(f"*** {_RUNS[b]} SHOW DOWN ***")
                for _board, k, seat, chips in sorted((c for c in collections if c[0] == b), key=lambda c: -c[1]):
                    lines.append(f"{names[seat]} collected {money(chips)} from {_pot_name(k, n_pots).lower()}")
        no_show = fields.get("_no_show")
        if isinstance(no_show, list) and len(no_show) == hand.n:
            lines.extend(f"{names[s]}: doesn't show hand" for s in range(hand.n) if no_show[s] is True)

    def pot_collections(self) -> tuple[int, list[tuple[int, int, int, int]]]:
        """The number of pots and ``(board, pot, seat, chips)`` of every collection, after rake.

        The pots are the site's: the contributions layered among the players who did not fold
        (R35), a player who mucked included, so a pot the mucker could win stays a pot of its
        own though one player wins it and the next (the hand's awards merge them). A hand run
        several times is written by its awards (one part per board).
        """
        hand, hh = self.hand, self.hh
        awards = hand.awards()  # the shares after the rake the replay took (R45)
        by_award: list[tuple[int, int, int, int]] = []
        k = -1
        for award in awards:
            k += award.board == 0
            by_award.extend((award.board, k, seat, int(chips)) for seat, chips in zip(award.winners, award.shares)
                            if chips)
        if len(hand.result.boards) > 1:
            return k + 1, by_award
        layers = hand.pots(mucked_in=True)
        listed = hh.fields.get("_pots")
        if isinstance(listed, list) and len(listed) == len(layers):
            rakes = [pot.amount - self.units(v) for pot, v in zip(layers, listed)]
        else:  # the rake comes from the main pot first, then from each side pot in order
            rake = self.units(hh.fields["_rake"]) if "_rake" in hh.fields else 0
            rakes = []
            for pot in layers:
                rakes.append(min(rake, pot.amount))
                rake -= rakes[-1]
        out: list[tuple[int, int, int, int]] = []
        j = 0
        for award in awards:
            amount, winners, net = int(award.amount), award.winners, [int(x) for x in award.shares]
            spanned: list[int] = []
            total = 0
            while total < amount and j < len(layers):
                spanned.append(j)
                total += layers[j].amount
                j += 1
            if total != amount:
                return k + 1, by_award  # pots that do not line up: one collection per award
            given = [0] * len(winners)
            for i, lj in enumerate(spanned):
                if i == len(spanned) - 1:  # the last layer makes up the award's own shares
                    split = [share - g for share, g in zip(net, given)]
                elif len(winners) == 1:
                    split = [layers[lj].amount - rakes[lj]]
                else:
                    split = split_amount(layers[lj].amount - rakes[lj], winners, hand.button, hand.n)
                for w, (seat, chips) in enumerate(zip(winners, split)):
                    given[w] += chips
                    if chips:
                        out.append((0, lj, seat, chips))
        return j, out  # the layers the awards span (an uncalled top layer is no pot)

    def summary(self) -> None:
        hand, lines, names, money = self.hand, self.lines, self.names, self.money
        result = hand.result
        total = sum(hand.contributions) + self.dead_total()
        fields = self.hh.fields
        rake = self.units(fields["_rake"]) if "_rake" in fields else 0
        listed = fields.get("_pots")
        cash_out = fields.get("_cash_out")
        if isinstance(listed, list) and len(listed) > 1:
            amounts = [self.units(v) for v in listed]
        elif result.pots and not (isinstance(cash_out, list) and any(cash_out)):
            n_pots, collections = self.pot_collections()  # each pot after rake, as collected
            amounts = [sum(c[3] for c in collections if c[1] == k) for k in range(n_pots)]
        else:
            by_pot: list[int] = []
            for p in result.pots:
                if p.board == 0:
                    by_pot.append(0)
                by_pot[-1] += self.units(p.amount)
            amounts = by_pot
        pots_text = ""
        if len(amounts) > 1:
            pots_text = "".join(f" {_pot_name(k, len(amounts))} {money(a)}." for k, a in enumerate(amounts))
        lines.append("*** SUMMARY ***")
        lines.append(f"Total pot {money(total)}{pots_text} | Rake {money(rake)}")
        boards = [b for b in result.boards if b]
        if len(boards) == 1:
            lines.append(f"Board [{_cards(boards[0])}]")
        elif boards:
            lines.append(f"Hand was run {_RUN_WORDS.get(len(boards), f'{len(boards)} times')}")
            for k, b in enumerate(boards):
                lines.append(f"{_RUNS[k]} Board [{_cards(b)}]")
        paid = self.paid()
        folded_on = self.fold_streets()
        shown = {ev.seat: ev.cards for ev in hand.history if ev.kind == "show" and ev.seat in self.showing}
        mucked = {ev.seat for ev in hand.history if ev.kind == "muck"}
        for seat in sorted(range(hand.n), key=lambda s: self.seats[s]):
            tags = ""
            if seat == hand.button:
                tags += " (button)"
            if seat == hand.small_blind_seat:
                tags += " (small blind)"
            elif seat == hand.big_blind_seat:
                tags += " (big blind)"
            text = f"Seat {self.seats[seat]}: {names[seat]}{tags}"
            if seat in folded_on:
                street = folded_on[seat]
                text += " folded before Flop" if street == 0 else f" folded on the {_STREETS[street].title()}"
                if street == 0 and hand.contributions[seat] == 0:
                    text += " (didn't bet)"
            elif seat in shown:
                value = result.values.get(seat)
                what = f" with {describe(value)}" if value is not None else ""
                cards = _cards(shown[seat])
                if paid[seat] > 0:
                    text += f" showed [{cards}] and won ({money(paid[seat])}){what}"
                else:
                    text += f" showed [{cards}] and lost{what}"
            elif seat in mucked:
                text += " mucked"
            elif paid[seat] > 0:
                text += f" collected ({money(paid[seat])})"
            lines.append(text)

    def dead_total(self) -> int:
        """The dead money of the hand's posts (``_dead_posts``), in chips."""
        dead = self.hh.fields.get("_dead_posts")
        return sum(self.units(v) for v in dead) if isinstance(dead, list) else 0

    def fold_streets(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for ev in self.hand.history:
            if ev.kind == "fold" and ev.seat is not None:
                out[ev.seat] = min(ev.street, 3)
        return out

    def text(self) -> str:
        runs = len(self.hand.result.boards)
        if runs > len(_RUNS):
            hand_id = self.hh.fields.get("_hand_id") or self.hh.fields.get("hand") or self.index
            raise HandHistoryError(
                f"hand {hand_id}: the board was run {runs} times; PokerStars-format text runs it at most "
                f"{len(_RUNS)} times (PokerStars twice, GGPoker three times), so this hand cannot be exported"
            )
        self.header()
        self.body()
        self.summary()
        return "\n".join(self.lines)


# How ``_Writer.body`` writes each kind of event (a win is written with the collections).
_BODY: dict[str, Callable[[_Writer, Event], None]] = {
    EventKind.ANTE: _Writer._post, EventKind.SB: _Writer._post, EventKind.BB: _Writer._post,
    EventKind.DEAL: _Writer._deal, EventKind.BOARD: _Writer._board,
    EventKind.FOLD: _Writer._fold, EventKind.CHECK: _Writer._check, EventKind.CALL: _Writer._call,
    EventKind.BET: _Writer._bet, EventKind.RAISE: _Writer._raise, EventKind.RETURN: _Writer._return,
    EventKind.SHOW: _Writer._show, EventKind.MUCK: _Writer._muck,
}


def hand_text(hh: HandHistory, index: int = 1, *, hero: str | None = None) -> str:
    """One hand as PokerStars text (``index``: its number when the hand records none).

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> text += 'starting_stacks = [10, 10]\\n'
    >>> hh = phh.loads(text + 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> hand_text(hh, 7).splitlines()[0][:20]
    'PokerStars Hand #7: '


    Raises
    ------
    HandHistoryError
        If the hand does not replay (``fastholdem phh check`` says why), or its board was run
        four times (PokerStars text runs it twice, GGPoker's three times; no site writes four).
        A ``ValueError``, like every ``HandHistoryError``.
    """
    return _Writer(hh, index, hero).text()


def iter_text(histories: Iterable[HandHistory], *, hero: str | None = None) -> Iterator[str]:
    """The PokerStars text of each hand, in order.

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> text += 'starting_stacks = [10, 10]\\n'
    >>> hh = phh.loads(text + 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> [t.splitlines()[0][:20] for t in iter_text([hh])]
    ['PokerStars Hand #1: ']
    """
    for k, hh in enumerate(histories, 1):
        yield hand_text(hh, k, hero=hero)


def dumps(histories: Iterable[HandHistory], *, hero: str | None = None) -> str:
    """Every hand as PokerStars text, hands separated by two blank lines.

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> text += 'starting_stacks = [10, 10]\\n'
    >>> hh = phh.loads(text + 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> dumps([hh, hh]).count("PokerStars Hand #")
    2
    """
    return "\n\n\n".join(iter_text(histories, hero=hero)) + "\n"


def dump(
    histories: Iterable[HandHistory], path: str | os.PathLike[str] | IO[str], *, hero: str | None = None
) -> int:
    """Write the PokerStars text of ``histories`` to a path or an open text file; return the hand count.

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> text += 'starting_stacks = [10, 10]\\n'
    >>> hh = phh.loads(text + 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> import io
    >>> dump([hh], io.StringIO())
    1
    """
    count = 0

    def write(out: IO[str]) -> None:
        nonlocal count
        for text in iter_text(histories, hero=hero):
            out.write(("\n\n\n" if count else "") + text)
            count += 1
        out.write("\n")

    if isinstance(path, (str, os.PathLike)):
        with output_file(path) as fh:  # whole or not at all
            write(fh)
    else:
        write(path)
    return count

