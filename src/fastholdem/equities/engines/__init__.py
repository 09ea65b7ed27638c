"""The counting engines of an equity job, one module each: :mod:`.enumeration` (every board of
every distinct deal), :mod:`.table` (the shipped heads-up preflop table) and
:mod:`.montecarlo` (seeded blocks of random trials). Each returns integer tallies.
"""

__all__: list[str] = []
