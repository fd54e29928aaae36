"""Benchmark: evaluate_gift for a Gift with 20 modifiers and 3 Parameters (SPEC §6: ≤ 1 ms).

Run with ``python bench/bench_gift_eval.py``. It builds a rich test Effect in a
temporary house-rule catalog (3 Parameters, 24 modifiers using every join
mode, replacements, detail text and counts), chooses 20 modifiers, and times
the whole evaluation (cost, breakdown, System Text, restrictions, unavailable
list). It also times the richest legal Injure Gift of the shipped catalog.
Prints the median per evaluation and its ratio to the 1 ms budget. Not a test:
timings belong to the machine, so CI never fails on them.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builder.contract.gifts import (  # noqa: E402
    AvailableRewards,
    GiftDraft,
    ModifierChoice,
    evaluate_gift,
    load_catalog,
)
from builder.contract.status import Status  # noqa: E402

BUDGET_MS = 1.0


def _bench_effect() -> str:
    """A test Effect rich enough for 20 simultaneous modifiers and 3 Parameters."""
    lines = [
        'category = "bench"',
        'category_name = "Benchmark"',
        "",
        "[effects.bench_storm]",
        'name = "Bench Storm"',
        'summary = "A test Effect for the benchmark."',
        'prompt = "Describe it."',
        "template = [",
        '  "{activation} to call a storm on {targets} within {range}.",',
        '  "Roll Intellect + Occult at Difficulty 6; the storm has Weapon Damage {damage}.",',
        '  "The storm {traits}.",',
        '  "It ends early if you {breaks}.",',
        '  "Struck creatures {after}.",',
        "]",
        'slots = { traits = "", breaks = "fall asleep", after = "are soaked" }',
        "",
        "[effects.bench_storm.styles.targeted]",
        "cost = 0",
        "",
    ]
    params = {
        "targets": ["one target", "two targets", "three targets", "four targets"],
        "range": ["10 feet", "30 feet", "100 feet", "300 feet"],
        "damage": ["1", "2", "3", "4"],
    }
    for pid, texts in params.items():
        levels = ", ".join(
            f'{{ id = "l{i}", name = "{t}", text = "{t}" }}' for i, t in enumerate(texts)
        )
        lines += [
            f"[effects.bench_storm.parameters.{pid}]",
            f'name = "{pid.title()}"',
            f'slot = "{pid}"',
            'default = "l1"',
            f"levels = [{levels}]",
            "",
        ]
    for kind in ("enhancements", "drawbacks"):
        for i in range(12):
            mid = f"{kind[0]}{i}"
            lines += [f"[effects.bench_storm.{kind}.{mid}]", f'name = "Mod {mid}"', 'rules = "r"']
            mode = i % 6
            if mode == 0:
                lines += ['slot = "traits"', 'join = "and"', f'text = "crackles with {mid}"']
            elif mode == 1:
                lines += ['slot = "breaks"', 'join = "or"', f'text = "hear {mid}"']
            elif mode == 2:
                lines += [
                    'join = "sentence"',
                    'detail = "Detail"',
                    'detail_blank = "something"',
                    f'text = "It also bends around {{detail}} for {mid}"',
                ]
            elif mode == 3:
                lines += ['slot = "damage"', 'join = "sentence"', f'text = "Rain falls for {mid}"']
            elif mode == 4:
                lines += [
                    "max = 3",
                    'join = "sentence"',
                    f'text = "{{count_word}} more gust for {mid}"',
                    f'text_many = "{{count_word}} more gusts for {mid}"',
                ]
            else:
                if kind == "enhancements":
                    lines += ['slot = "after"', 'replace = "are dried out"']
                else:
                    lines += ['slot = "traits"', 'join = "and"', f'text = "hisses like {mid}"']
            lines.append("")
    return "\n".join(lines)


def _time(draft: GiftDraft, catalog, runs: int = 2000, batches: int = 7) -> float:
    """Median milliseconds per evaluation over several batches."""
    kwargs = {"status": Status.SEASONED, "rewards": AvailableRewards(2, 3), "previous_cost": None}
    for _ in range(200):
        evaluate_gift(draft, catalog, **kwargs)
    per_call = []
    for _ in range(batches):
        start = time.perf_counter_ns()
        for _ in range(runs):
            evaluate_gift(draft, catalog, **kwargs)
        per_call.append((time.perf_counter_ns() - start) / runs / 1e6)
    return statistics.median(per_call)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        house = Path(tmp) / "bench"
        (house / "effects").mkdir(parents=True)
        (house / "catalog.toml").write_text('name = "Benchmark"\n', encoding="utf-8")
        (house / "effects" / "bench.toml").write_text(_bench_effect(), encoding="utf-8")
        catalog = load_catalog([house])

    enh = tuple(
        ModifierChoice(f"e{i}", "a copper rod" if i % 6 == 2 else "", 2 if i % 6 == 4 else 1)
        for i in range(10)
    )
    drw = tuple(
        ModifierChoice(f"d{i}", "a copper rod" if i % 6 == 2 else "", 2 if i % 6 == 4 else 1)
        for i in range(10)
    )
    draft = GiftDraft(
        "power",
        "bench_storm",
        "targeted",
        enh,
        drw,
        {"targets": "l2", "range": "l0", "damage": "l3"},
    )
    result = evaluate_gift(draft, catalog)
    assert not result.errors, result.errors
    assert len(draft.enhancements) + len(draft.drawbacks) == 20

    injure = GiftDraft(
        "power",
        "injure",
        "targeted",
        tuple(
            ModifierChoice(m)
            for m in ("armor_piercing", "unerring", "blast", "twin_strike", "lingering", "quick")
        ),
        tuple(
            ModifierChoice(m, "a bone wand" if m in ("focus_item", "condition") else "")
            for m in (
                "telegraphed",
                "living_only",
                "backlash",
                "focus_item",
                "source_cost",
                "limited_uses",
                "painful",
                "condition",
                "telltale",
                "spoken",
            )
        ),
        {"range": "far", "damage": "three"},
    )
    real = evaluate_gift(injure, catalog)
    assert not real.errors, real.errors

    synthetic_ms = _time(draft, catalog)
    real_ms = _time(injure, catalog)
    print("evaluate_gift (cost + breakdown + System Text + restrictions + unavailable list)")
    print(
        f"  test Effect, 20 modifiers, 3 Parameters: median {synthetic_ms * 1000:.1f} µs "
        f"= {synthetic_ms / BUDGET_MS:.2f} × the {BUDGET_MS:g} ms budget"
    )
    print(
        f"  Injure, {len(injure.enhancements) + len(injure.drawbacks)} modifiers, 2 Parameters: "
        f"median {real_ms * 1000:.1f} µs = {real_ms / BUDGET_MS:.2f} × the budget"
    )
    print(textwrap.shorten("  sample System Text: " + result.system_text, width=160))
    return 0 if synthetic_ms <= BUDGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
