"""docs/architecture.md is a true map (issue 27, item 7) and implementation modules are visibly
private (item 8): the layer table gives every entry of ``tests/test_layout.py``'s ``LAYERS`` its
layer, the C table names every unit of ``csrc/``, and the private modules it names exist."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _layout_layers() -> dict[str, int]:
    spec = importlib.util.spec_from_file_location("_layout", ROOT / "tests" / "test_layout.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.LAYERS)


def _table_rows(heading: str) -> list[list[str]]:
    section = PAGE.split(heading, 1)[1]
    rows = []
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows[1:]  # without the header row


def test_architecture_layer_table_matches_the_layout_test() -> None:
    """Each module or package of LAYERS is named (as `name/`, `name.py` or `name`) in the row
    of its layer, and in no other row's first two columns."""
    rows = {int(cells[0]): cells[1] for cells in _table_rows("## The layers")}
    layers = _layout_layers()
    assert sorted(rows) == sorted(set(layers.values())) == list(range(1, max(layers.values()) + 1))
    for name, layer in layers.items():
        if name == "":
            assert "`__init__.py`" in rows[layer]
            continue
        forms = [f"`{name}/`", f"`{name}.py`", f"`{name}`"]
        found = [lay for lay, cell in rows.items() if any(f in cell for f in forms)]
        assert found == [layer], f"{name}: LAYERS says {layer}, the page {found}"
    assert "when it lands" not in PAGE


def test_architecture_c_table_names_every_c_unit() -> None:
    cells = " ".join(cells[0] for cells in _table_rows("### C files"))
    units = sorted({p.stem for p in (ROOT / "csrc").glob("fh_*.[ch]")})
    missing = [u for u in units if not re.search(rf"`{u}\.(\*|h|c)`", cells)]
    assert missing == []


@pytest.mark.parametrize("name", ["fastholdem.equities._plan", "fastholdem.equities._quick",
                                  "fastholdem.vector._export"])
def test_implementation_modules_are_private(name: str) -> None:
    """The modules the page calls implementation carry a leading underscore, and the old public
    names are gone (so the API reference has no block for them: tests/test_api_docs.py)."""
    importlib.import_module(name)
    assert f"`{name.split('.', 1)[1]}`" in PAGE
    public = name.replace("._", ".")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(public)


def test_game_package_exports_no_pot_internals() -> None:
    """``fastholdem.game`` re-exports the engine's public types, not the pot arithmetic that
    ``fastholdem.game.pots`` documents (issue 27 item 8); ``Pot`` stays, it is in results."""
    import fastholdem.game as game
    import fastholdem.game.pots as pots

    assert {"layer_pots", "split_amount", "split_runs", "uncalled"} & set(game.__all__) == set()
    assert not hasattr(game, "layer_pots") and game.Pot is pots.Pot
    assert {"layer_pots", "split_amount", "split_runs", "uncalled"} <= set(pots.__all__)
