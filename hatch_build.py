"""Build hook: compile the engine's hot path with mypyc when a C compiler is there (docs/compiled-core.md).

The modules listed in ``gouji_variants/enginecore.py`` are compiled in place, beside their sources
(an editable install imports them from the checkout; a wheel includes them), and the digest of
their sources is stamped so that the package uses them only while they match. Anything that stops
the compilation (no compiler, no Python headers, ``GOUJI_BUILD_PURE=1``) leaves a pure-Python
build, which runs the same engine from the sources.
"""

from __future__ import annotations

import os
import runpy
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MYPY_CONFIG = """[mypy]
ignore_missing_imports = True
follow_imports = silent
"""


class CompiledCoreHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        core = runpy.run_path(str(root / "gouji_variants" / "enginecore.py"))
        stamp = root / "gouji_variants" / core["STAMP"]
        stamp.unlink(missing_ok=True)
        if os.environ.get("GOUJI_BUILD_PURE"):
            self.app.display_info("gouji-variants: GOUJI_BUILD_PURE is set: pure-Python engine only")
            return
        try:
            built = compile_core(root, core["COMPILED"])
        except Exception as error:  # noqa: BLE001 - any failure leaves the pure-Python build
            self.app.display_warning(f"gouji-variants: the compiled core was not built ({type(error).__name__}: "
                                     f"{error}); the pure-Python engine will run")
            return
        stamp.write_text(core["digest"](root) + "\n", encoding="ascii")
        self.app.display_info(f"gouji-variants: compiled core built ({len(built)} files)")
        if version == "editable":
            return  # the checkout is on the path: the extensions beside the sources are imported from there
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in [*built, stamp]:
            build_data["force_include"][str(path)] = path.relative_to(root).as_posix()


def compile_core(root: Path, modules: list[str]) -> list[Path]:
    """Compile ``modules`` with mypyc into the source tree; the extension files made."""
    from mypyc.build import mypycify
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        config = Path(scratch, "mypy.ini")
        config.write_text(MYPY_CONFIG, encoding="ascii")
        os.chdir(root)
        try:
            paths = [str(Path(*module.split(".")).with_suffix(".py")) for module in modules]
            extensions = mypycify([f"--config-file={config}", *paths], opt_level="3", debug_level="0",
                                  group_name="gouji_variants_core", target_dir=str(Path(scratch, "c")))
            command = build_ext(Distribution({"ext_modules": extensions, "script_name": "hatch_build.py"}))
            command.inplace = True
            command.build_temp = str(Path(scratch, "temp"))
            command.ensure_finalized()
            command.run()
            outputs = [Path(root, output) for output in command.get_outputs()]
        finally:
            os.chdir(here)
    return outputs
