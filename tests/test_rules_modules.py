"""The Dinghy Race turn lives in modules named after the rules; ``rules`` is the door."""
import ast
import re
from pathlib import Path

from dinghy.games.dinghy_race import rules as dr

ROOT = Path(__file__).resolve().parent.parent
RULE_MODULES = ["rules", "common", "rounds", "launch_and_start", "turn", "hazard_rolls",
                "lines_and_marks", "placing", "weather_eye", "protests"]


def test_every_name_callers_reach_through_rules_is_there():
    """Skippers, the window, tests and benchmarks call ``dr.<name>`` (and the skippers look
    one up with ``getattr(dr, "...")``, silently falling back when it is missing)."""
    used = set()
    for folder in ("dinghy", "tests", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if "rules as dr" not in text:
                continue
            used |= set(re.findall(r"\bdr\.([A-Za-z_]\w*)", text))
            used |= set(re.findall(r"getattr\(dr, \"(\w+)\"", text))
    assert used, "no callers found"
    missing = sorted(n for n in used if not hasattr(dr, n))
    assert not missing


def test_rule_modules_are_small_and_import_no_cycle():
    """One topic a module, none over ~500 lines, and the imports among them form no cycle."""
    pkg = ROOT / "dinghy" / "games" / "dinghy_race"
    deps = {}
    for name in RULE_MODULES:
        src = (pkg / f"{name}.py").read_text(encoding="utf-8")
        assert src.count("\n") <= 500, f"{name}.py has {src.count(chr(10))} lines"
        deps[name] = set()
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.ImportFrom) and node.module:
                mod = node.module.rsplit(".", 1)[-1]
                if node.module.startswith("dinghy.games.dinghy_race.") and mod in RULE_MODULES:
                    deps[name].add(mod)
    seen, stack = set(), []

    def visit(m):
        assert m not in stack, f"import cycle: {' -> '.join(stack + [m])}"
        if m in seen:
            return
        stack.append(m)
        for d in deps[m]:
            visit(d)
        stack.pop()
        seen.add(m)

    for m in RULE_MODULES:
        visit(m)
    assert not any("rules" in d for d in (deps[m] for m in RULE_MODULES if m != "rules"))
