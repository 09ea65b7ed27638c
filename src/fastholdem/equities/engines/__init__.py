"""The counting engines of an equity job, one module each: :mod:`.enumeration` (every board of
every distinct deal, or runout tables on a flop or turn), :mod:`.sweep` (two players: one
pass over the combos per runout), :mod:`.table` (the shipped heads-up preflop table) and
:mod:`.montecarlo` (seeded blocks of random trials). Each returns integer tallies; the plan
(``fastholdem.equities._plan``) picks one per job.

>>> from fastholdem import equity_job
>>> [type(equity_job(p, b, trials=t)._engine).__name__ for p, b, t in [
...     (["AhKh", "QsQd"], None, None), (["AKs,QQ+", "random"], "Td7c2s", None),
...     (["AsAd", "KK", "QQ"], "Td7c2s", None), (["AsAd", "random", "random"], None, 10_000)]]
['ExactEngine', 'SweepEngine', 'ExactEngine', 'MonteCarloEngine']
"""

__all__: list[str] = []
