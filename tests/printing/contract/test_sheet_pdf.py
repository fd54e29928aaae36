"""The contractor sheet read back from the PDF: every number, every Gift, nothing lost.

These tests print hand-built ``PrintSnapshot`` values (``samples.py``) and
read the result with pypdf, the way a player would copy text out of it.
"""

from __future__ import annotations

import dataclasses
import datetime
import io
from pathlib import Path

import pytest

from printing.contract.sheet import render_contractor_sheet
from printing.contract.views import GiftView, LooseEndView, PrintSnapshot, StatView
from tests.printing.common.pdfread import (
    Page,
    body_text,
    font_dictionaries,
    is_embedded,
    read_pdf,
    squash,
)
from tests.printing.common.texts import TRICKY_NAME
from tests.printing.contract.samples import sample_gift, sample_snapshot

LETTER = (612.0, 792.0)
A4 = (595.28, 841.89)


def render(snapshot: PrintSnapshot, paper: str = "letter") -> tuple[bytes, int]:
    buffer = io.BytesIO()
    pages = render_contractor_sheet(snapshot, buffer, paper)
    return buffer.getvalue(), pages


@pytest.fixture(scope="module")
def sample() -> PrintSnapshot:
    return sample_snapshot(name=TRICKY_NAME)


@pytest.fixture(scope="module")
def printed(sample: PrintSnapshot) -> tuple[list[Page], str, int]:
    data, count = render(sample)
    _, pages = read_pdf(data)
    return pages, body_text(pages), count


def test_every_rating_prints_with_its_number(sample: PrintSnapshot, printed) -> None:
    _, text, _ = printed
    for rating in (*sample.attributes, *sample.abilities, *sample.secondary):
        assert f"{rating.name} {rating.rating}" in text, rating


def test_vitals_concept_and_derived_values_print(sample: PrintSnapshot, printed) -> None:
    _, text, _ = printed
    labels = " ".join(v.label for v in sample.vitals)
    values = " ".join(v.value for v in sample.vitals)
    assert f"{labels} {values}" in text
    for item in sample.concept:
        assert squash(f"{item.label} {item.value}") in text, item.label
    for stat in sample.derived:
        assert squash(f"{stat.label} {stat.value} {stat.note}") in text, stat.label


def test_body_mind_and_penalty_print_from_the_snapshot(printed) -> None:
    _, text, _ = printed
    assert "Body 7 Damage 2 · Remaining 5 · Body penalty −1" in text
    assert "Mind 6 Damage 1 · Remaining 5 · Mind penalty −1" in text
    assert "Total Penalty: −2" in text
    assert "Body remaining State Penalty 6+ Bruised None 5 Hurt −1 die" in text
    assert "Mind remaining State Penalty 6+ Distracted None" in text


def test_source_limits_assets_stock_health_print(sample: PrintSnapshot, printed) -> None:
    _, text, _ = printed
    assert "Shardlight rating 2" in text
    assert "Breaking a window that belongs to someone powerful" in text
    assert "Novice: 1 condition, 1 day cooldown" in text
    for limit in sample.limits:
        assert f"{limit.name} {limit.description}" in text
    assert "Wealthy 4 Money is rarely a problem. Restricted: leader approval" in text
    assert "Hunted A debt collector named Vos 3 Vos appears when it hurts." in text
    assert "Glass Key 1 Opens one door once Glass Storm 1" in text
    assert "Shard vial 2 Thrown, bursts Glass Storm 2" in text
    for title in ("Equipment", "Artifact", "Consumable", "Trophy", "Condition", "Circumstance"):
        assert f"{title} Qty Detail From" in text
    assert "Mind damage: 1" in text
    assert "Cut forearm 2 No" in text
    assert "Chronic Pain Major Penalty is always at least −1." in text
    assert "Nightmares Sleep rarely comes easy." in text


def test_every_gift_prints_in_full(sample: PrintSnapshot, printed) -> None:
    _, text, _ = printed
    for gift in sample.gifts:
        assert f"{gift.name} {gift.tagline} Cost {gift.cost}" in text
        assert f"Power · Effect {gift.effect} · Style {gift.style}" in text
        assert f"System. {squash(gift.system_text)}" in text
        assert squash(gift.description) in text
    # Gift 1: base 1 + Effect with this Style 1 + Enhancements 3 − Drawbacks 1 = 4.
    assert (
        "Gift Cost: 1 (Base) + 1 (Effect with this Style) + 3 (Enhancements) − 1 (Drawbacks) = 4"
        in text
    )


def test_every_ledger_total_and_line_prints(sample: PrintSnapshot, printed) -> None:
    _, text, _ = printed
    for total in (*sample.exp_totals, *sample.reward_totals):
        assert f"{total.label} {total.value}" in text, total
    assert "Exp available 17" in text and "Gift Credits available 1" in text
    assert "Date Entry Earned Spent Exp left Rewards" in text
    assert "2024-03-02 Raise Brawn to 3 −10 7" in text
    assert "2024-04-10 Journal: Notes from the lantern house +1 8" in text
    assert "2024-05-01 New Gift: Glass Storm 1 8 −1 Gift Credit" in text


def test_story_prints_contracts_and_loose_ends_without_hidden_threats(
    sample: PrintSnapshot, printed
) -> None:
    _, text, _ = printed
    assert "1 2024-01-01 Scenario number 1: The Lantern Job Away Victory Yes +5" in text
    assert "The broken lantern Deadly 2 Hidden until the Cutoff reaches 0." in text
    assert "Vos's ledger Dangerous 0 Vos sends two collectors to the workshop." in text


def test_markup_typed_by_a_player_prints_literally() -> None:
    gift = dataclasses.replace(
        sample_gift(1),
        name='<font size="40">Big</font> & <i>Co</i>',
        system_text="Deal 2 <br/> damage &lt; 3 & more <unknown-tag>",
    )
    snap = dataclasses.replace(
        sample_snapshot(name=TRICKY_NAME),
        gifts=(gift,),
        notes="</para><para>&#60;script&#62;",
    )
    data, _ = render(snap)
    _, pages = read_pdf(data)
    text = body_text(pages)
    assert text.startswith('Zoë <b>&amp; "Xi/Xir" Player: Ann Lee')
    assert '<font size="40">Big</font> & <i>Co</i>' in text
    assert "System. Deal 2 <br/> damage &lt; 3 & more <unknown-tag>" in text
    assert "</para><para>&#60;script&#62;" in text
    assert pages[0].furniture[1] == 'Zoë <b>&amp; "Xi/Xir" — Contractor sheet'


def test_thirty_gifts_and_a_hundred_contracts_flow_over_pages_without_loss() -> None:
    snap = sample_snapshot(gifts=30, contracts=100, long_gift=True)
    data, count = render(snap)
    _, pages = read_pdf(data)
    text = body_text(pages)
    assert count == len(pages) >= 8
    assert [(p.number, p.total) for p in pages] == [(i, count) for i in range(1, count + 1)]
    for gift in snap.gifts:
        assert f"System. {squash(gift.system_text)}" in text, gift.name
    for contract in snap.contracts:
        assert squash(contract.scenario) in text, contract.scenario
    for line in snap.ledger:
        assert squash(line.entry) in text
    # The log's header row repeats on each page the log spans.
    log_pages = [p for p in pages if "Contract: Scenario number" in p.body]
    assert len(log_pages) >= 2
    assert all("Date Entry Earned Spent Exp left Rewards" in squash(p.body) for p in log_pages)


def test_text_longer_than_a_page_splits_instead_of_failing() -> None:
    huge = " ".join(f"word{i}" for i in range(6000))
    unbroken = "x" * 700
    snap = dataclasses.replace(
        sample_snapshot(gifts=1),
        gifts=(dataclasses.replace(sample_gift(1), description=huge),),
        concept=(StatView("Background", huge + " " + unbroken),),
        loose_ends=(LooseEndView("Long threat", "Fateful", 0, huge),),
    )
    data, count = render(snap)
    _, pages = read_pdf(data)
    text = body_text(pages)
    assert count > 10
    assert text.count("word5999") == 3
    assert unbroken in "".join(text.split())


@pytest.mark.parametrize(("paper", "size"), [("letter", LETTER), ("a4", A4), ("A4", A4)])
def test_page_size_header_and_page_numbers_on_every_page(
    paper: str, size: tuple[float, float]
) -> None:
    data, count = render(sample_snapshot(gifts=12, contracts=40), paper)
    _, pages = read_pdf(data)
    assert len(pages) == count > 1
    for n, page in enumerate(pages, start=1):
        assert (round(page.width, 2), round(page.height, 2)) == size
        assert page.furniture == (
            "Player: Ann Lee · Novice",
            "Marguerite Okafor — Contractor sheet",
            "Printed by Harbinger",
            f"Page {n} of {count}",
        )


def test_fonts_are_embedded_dejavu_subsets_only() -> None:
    data, _ = render(sample_snapshot(name=TRICKY_NAME))
    reader, _ = read_pdf(data)
    fonts = font_dictionaries(reader)
    names = sorted(str(f["/BaseFont"]).split("+", 1)[1] for f in fonts)
    assert names == ["DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"]
    assert all(is_embedded(f) for f in fonts)
    assert b"Helvetica" not in data


def test_output_to_a_path_and_to_a_stream_is_the_same_and_repeatable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    snap = sample_snapshot()
    first, _ = render(snap)
    second, _ = render(snap)
    render_contractor_sheet(snap, tmp_path / "sheet.pdf")
    render_contractor_sheet(snap, str(tmp_path / "sheet2.pdf"))
    assert first == second == (tmp_path / "sheet.pdf").read_bytes()
    assert (tmp_path / "sheet2.pdf").read_bytes() == first


def test_the_file_records_the_real_date_unless_a_fixed_one_is_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    before = datetime.datetime.now().astimezone() - datetime.timedelta(minutes=1)
    data, _ = render(sample_snapshot())
    created = read_pdf(data)[0].metadata.creation_date
    assert created is not None and created >= before
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13:20 UTC
    data, _ = render(sample_snapshot())
    fixed = read_pdf(data)[0].metadata.creation_date
    assert fixed is not None and fixed.astimezone(datetime.UTC).isoformat() == (
        "2023-11-14T22:13:20+00:00"
    )


def test_metadata_names_the_contractor() -> None:
    data, _ = render(sample_snapshot(name=TRICKY_NAME))
    reader, _ = read_pdf(data)
    assert reader.metadata.title == 'Zoë <b>&amp; "Xi/Xir" — contractor sheet'
    assert reader.metadata.author == "Ann Lee"


def test_an_empty_contractor_prints_every_section_heading() -> None:
    data, count = render(PrintSnapshot(contractor_id="x", name="Nobody Yet"))
    _, pages = read_pdf(data, furniture=3)
    text = body_text(pages)
    assert count == 1
    for words in (
        "No Gifts.",
        "No Assets.",
        "No Liabilities.",
        "No Stock recorded.",
        "No Injuries.",
        "No Contracts attended yet.",
        "No Loose Ends.",
        "Nothing recorded yet.",
    ):
        assert words in text


def test_unknown_paper_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="unknown paper size 'legal'; expected letter or a4"):
        render(sample_snapshot(), "legal")


def test_a_gift_without_a_name_or_status_still_prints() -> None:
    gift = GiftView(
        name="", gift_type="Power", effect="Blink", style="Passive", cost=1, system_text="x y"
    )
    data, _ = render(dataclasses.replace(sample_snapshot(), gifts=(gift,)))
    _, pages = read_pdf(data)
    assert "Unnamed Gift Cost 1 Power · Effect Blink · Style Passive System. x y" in body_text(
        pages
    )


def test_a_name_too_long_for_the_header_is_cut_there_but_printed_whole_as_title() -> None:
    name = "Marguerite " + "Okafor-" * 40 + "End"
    data, _ = render(dataclasses.replace(sample_snapshot(), name=name))
    _, pages = read_pdf(data)
    header = pages[0].furniture[1]
    assert header.endswith("…") and len(header) < len(name)
    assert "".join(body_text(pages).split()).startswith("".join(name.split()))
