"""The package runs on Python 3.9: its syntax parses as 3.9, and nothing newer is used at run time."""

from __future__ import annotations

import ast
import pathlib
import unittest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "herald"

# Standard-library names added after 3.9 that would pass a 3.9 parse but fail there at run time.
NEWER = {"UTC", "TypeAlias", "ParamSpec", "Self", "NotRequired", "Required", "Unpack", "LiteralString", "override"}


class Python39Test(unittest.TestCase):
    def sources(self):  # type: ignore[no-untyped-def]
        files = sorted(PACKAGE.rglob("*.py"))
        self.assertGreater(len(files), 5)
        return [(path, path.read_text()) for path in files]

    def test_every_module_parses_as_python_3_9(self) -> None:
        for path, source in self.sources():
            with self.subTest(path=path.name):
                ast.parse(source, filename=str(path), feature_version=(3, 9))

    def test_annotations_are_not_evaluated_and_no_newer_names_are_imported(self) -> None:
        for path, source in self.sources():
            tree = ast.parse(source)
            with self.subTest(path=path.name):
                if path.name not in ("__init__.py", "_version.py", "py.typed") and tree.body:
                    # `X | None` in an annotation is fine on 3.9 only when annotations stay strings.
                    self.assertIn("from __future__ import annotations", source)
                imported = {
                    alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names
                }
                self.assertEqual(imported & NEWER, set())
                kw_only = [
                    node
                    for node in ast.walk(tree)
                    if isinstance(node, ast.Call)
                    and any(k.arg in ("kw_only", "slots") for k in node.keywords)  # dataclass options of 3.10
                ]
                self.assertEqual(kw_only, [])


if __name__ == "__main__":
    unittest.main()
