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
import shutil
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
        editable = version == "editable"
        if editable:  # built in place, beside the sources the checkout imports: an earlier build goes first
            (root / "gouji_variants" / core["STAMP"]).unlink(missing_ok=True)
            for old in [*root.glob("gouji_variants/**/*.so"), *root.glob("gouji_variants/**/*.pyd"),
                        *root.glob("gouji_variants_core__mypyc.*")]:
                old.unlink()  # a module no longer compiled must not stay shadowed
        if os.environ.get("GOUJI_BUILD_PURE"):
            self.app.display_info("gouji-variants: GOUJI_BUILD_PURE is set: pure-Python engine only")
            return
        self.scratch = tempfile.mkdtemp(prefix="gouji-core-")
        target = root if editable else Path(self.scratch, "lib")
        try:
            built = compile_core(root, core["COMPILED"], target, Path(self.scratch))
        except (Exception, SystemExit) as error:  # noqa: BLE001 - any failure (mypyc exits on a type error) leaves pure
            self.app.display_warning(f"gouji-variants: the compiled core was not built ({type(error).__name__}: "
                                     f"{error}); the pure-Python engine will run")
            return
        stamp = target / "gouji_variants" / core["STAMP"]
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(core["digest"](root) + "\n", encoding="ascii")
        self.app.display_info(f"gouji-variants: compiled core built ({len(built)} extension files)")
        if editable:
            return  # the checkout is on the path: the extensions beside the sources are imported from there
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in [*built, stamp]:
            build_data["force_include"][str(path)] = path.relative_to(target).as_posix()

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "scratch", None)
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


def compile_core(root: Path, modules: list[str], target: Path, scratch: Path) -> list[Path]:
    """Compile ``modules`` (under ``root``) with mypyc into ``target``; the extension files made."""
    from mypyc.build import mypycify
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    config = scratch / "mypy.ini"
    config.write_text(MYPY_CONFIG, encoding="ascii")
    here = os.getcwd()
    os.chdir(root)  # mypyc names the modules from the paths
    try:
        paths = [str(Path(*module.split(".")).with_suffix(".py")) for module in modules]
        extensions = mypycify([f"--config-file={config}", *paths], opt_level="3", debug_level="0",
                              group_name="gouji_variants_core", target_dir=str(scratch / "c"))
        command = build_ext(Distribution({"ext_modules": extensions, "script_name": "hatch_build.py"}))
        command.inplace = target == root
        command.build_lib = str(target)
        command.build_temp = str(scratch / "temp")
        command.ensure_finalized()
        command.run()
        return [Path(root, output) for output in command.get_outputs()]
    finally:
        os.chdir(here)
