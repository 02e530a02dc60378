"""The search's machine integers and arrays: `i64` and `vec[i64]` as mypyc compiles them, plain
ints and lists as Python runs them (docs/design.md, "Machine integers in the search").

The search's modules (`brou.solve.state`, `play`, `table`...) take these names from here.  For mypy, and so for
mypyc, they are mypy_extensions' `i64` and librt's `vec` and `append`, which the compiled
modules turn into C integers and arrays of words.  Run as Python (a plain install, or
`BROU_PURE=1`) this module is what is imported, and it gives `int`, lists and an `append` that
appends in place: librt's vectors work from Python too, but at half the speed of lists, and
the pure search is what the tests and a plain install run.  This module itself is never
compiled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from librt.vecs import append as append
    from librt.vecs import vec as vec
    from mypy_extensions import i64 as i64
else:
    i64 = int

    class vec:
        """`vec[i64](items)` is `list(items)`."""

        def __class_getitem__(cls, item: Any) -> type:
            return list

    def append(items: list[Any], item: Any) -> list[Any]:
        """librt's `append` returns the vector it may have moved; a list grows in place."""
        items.append(item)
        return items
