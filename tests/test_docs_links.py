"""The README and the pages under docs/: every relative link and every picture they name
exists, every anchor names a heading of its page, every page is reachable from the README,
and the README stays a front door (under 250 lines)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

# [text](target) and ![alt](target), and <img src="target">; code spans are left out
_MD_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_IMG = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")
_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_CODE = re.compile(r"`[^`\n]*`")


def _prose(text: str) -> str:
    """The page without its code blocks and code spans (a link there is only an example)."""
    return _CODE.sub("", _FENCE.sub("", text))


def targets(page: Path) -> list[str]:
    text = _prose(page.read_text(encoding="utf-8"))
    return _MD_LINK.findall(text) + _IMG.findall(text)


def is_relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) and not target.startswith("//")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation gone, spaces to '-'."""
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.*)$", text, re.M)}


def _links():
    for page in PAGES:
        for target in targets(page):
            if is_relative(target):
                yield pytest.param(page, target, id=f"{page.relative_to(ROOT)}->{target}")


def test_the_pages_name_links_at_all():
    """The test below would pass vacuously on pages without links; these have many."""
    assert len(list(_links())) > 40
    assert any(t.endswith(".png") for p in PAGES for t in targets(p))


@pytest.mark.parametrize("page,target", list(_links()))
def test_every_relative_link_and_picture_exists(page, target):
    path, _, anchor = target.partition("#")
    dest = (page.parent / path).resolve() if path else page
    assert dest.exists(), f"{page.relative_to(ROOT)} links to {target}, which does not exist"
    if anchor and dest.suffix == ".md":
        assert anchor in anchors(dest), (
            f"{page.relative_to(ROOT)} links to {target}: {dest.name} has no heading #{anchor}")


def test_every_docs_page_is_reachable_from_the_readme():
    seen, todo = set(), [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        if page in seen:
            continue
        seen.add(page)
        for target in targets(page):
            path = target.partition("#")[0]
            if path.endswith(".md") and is_relative(target):
                dest = (page.parent / path).resolve()
                if dest.exists():
                    todo.append(dest)
    missing = [str(p.relative_to(ROOT)) for p in PAGES if p.resolve() not in seen]
    assert not missing, f"pages no link leads to from the README: {missing}"


def test_the_readme_is_a_front_door():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 250, f"README.md has {len(lines)} lines; the rest belongs in docs/"


def test_slug_follows_github():
    assert slug("The other games' bots") == "the-other-games-bots"
    assert slug("Manoeuvre cards (`cards/small.toml`)") == "manoeuvre-cards-cardssmalltoml"
