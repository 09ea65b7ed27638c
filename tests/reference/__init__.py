"""Pure-Python references the tests check the library against (readable, slow, independent of
the compiled core): hand-history statistics, one hand against N random hands, and the vector
engine replayed hand by hand through ``Hand`` (also a command: ``python tests/reference/vector_differential.py --help``)."""
