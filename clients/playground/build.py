"""Build the playground page: its rule table from spec/rules.yaml, then the bundle for the mock to serve.

`python clients/playground/build.py` writes `src/generated/rules.ts` (every rule of spec/rules.yaml with
the site page that shows it) and bundles `src/main.ts` with esbuild into
`mock/src/talkie_mock/devtools/static/playground/` next to `index.html` and `playground.css`. `--out DIR`
writes the three page files elsewhere (the drift test builds into a temporary folder and compares). Each
page file starts with a "generated — do not edit" line; which site page shows each rule comes from
`codegen.rule_pages`, which the site reads too.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

from talkie_models.rules import load as load_rules

from codegen.rule_pages import place_rules, spec_sources

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
STATIC = ROOT / "mock" / "src" / "talkie_mock" / "devtools" / "static" / "playground"
ESBUILD = ROOT / "tools" / "node" / "node_modules" / ".bin" / "esbuild"
RULES_TS = HERE / "src" / "generated" / "rules.ts"
SITE = "https://talkie-protocol.org/"
PAGE_FILES = ("index.html", "playground.css")
GENERATED = "Generated from clients/playground/ by clients/playground/build.py; do not edit."
"""The first line of every page file the build writes (in each file's own comment syntax)."""


def with_header(name: str, source: str) -> str:
    """A page file's text with the generated line first (after the doctype: nothing may precede it)."""
    if name.endswith(".css"):
        return f"/* {GENERATED} */\n{source}"
    doctype, newline, rest = source.partition("\n")
    return f"{doctype}{newline}<!-- {GENERATED} -->\n{rest}"


def rules_module() -> str:
    """Every rule with its level, side, statement and the address of its block on the site."""
    catalogue = load_rules(ROOT / "spec" / "rules.yaml").values()
    placement = place_rules(catalogue, spec_sources(ROOT / "docs"))
    table: dict[str, dict[str, str]] = {}
    for rule in catalogue:
        page = placement.page_of.get(rule.id)
        url = SITE + page.removesuffix(".md") + "/#" + rule.id if page else SITE + "reference/rules/"
        table[rule.id] = {"level": rule.level, "side": rule.side, "statement": rule.statement, "url": url}
    return (
        "// Generated from spec/rules.yaml and the site's spec pages by clients/playground/build.py;"
        " do not edit.\n\n"
        "/** Every talkie/1 rule: level, side, statement and its block on the site. */\n"
        "export const SITE_RULES: {\n"
        "  readonly [id: string]: { level: string; side: string; statement: string; url: string };\n"
        "} = " + json.dumps(table, indent=1, ensure_ascii=False) + ";\n"
    )


def build(out: Path, rules_ts: Path = RULES_TS) -> None:
    """Write the rule table to `rules_ts`, then the page files into `out`."""
    rules_ts.parent.mkdir(parents=True, exist_ok=True)
    rules_ts.write_text(rules_module(), encoding="utf-8")
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            str(ESBUILD),
            str(HERE / "src" / "main.ts"),
            "--bundle",
            "--format=iife",
            "--platform=browser",
            "--target=es2022",
            "--charset=utf8",
            "--legal-comments=none",
            "--log-level=warning",
            f"--banner:js=// {GENERATED}",
            f"--outfile={out / 'playground.js'}",
        ],
        check=True,
        cwd=ROOT,
    )
    for name in PAGE_FILES:
        source = (HERE / name).read_text(encoding="utf-8")
        (out / name).write_text(with_header(name, source), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=STATIC, help="where the page files go")
    parser.add_argument("--rules", type=Path, default=RULES_TS, help="where the rule table goes")
    args = parser.parse_args()
    build(args.out, args.rules)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
