"""Line breaks in print (brou.book.linebreaks): WeasyPrint's fault that leaves a word alone on
a line before an emphasis, the workaround the build applies, and the check that would refuse
a PDF where it still happens."""

from __future__ import annotations

import pytest

from brou.book.linebreaks import early_breaks, glue_spaces

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# the open point of the L'Hombre booklet where the fault was seen ("Denmark" alone on a line)
PARAGRAPH = ("<p><strong>Open point.</strong> One sentence of the source sends the deal, the bidding and the play "
             "to the left, against the rest of its text. <em>This booklet:</em> everything goes to the right, as "
             "in Denmark today, and the first hand sits on the dealer\u2019s right. <em>Some tables:</em> "
             "everything goes to the left, and the first hand sits on the dealer\u2019s left.</p>")
STYLE = "@page { size: A4; margin: 16mm } p { width: 300.7622px; font: 7.4pt/1.28 Georgia, serif }"


def _laid_out(body: str) -> object:
    from weasyprint import HTML

    return HTML(string=f"<html><head><style>{STYLE}</style></head><body>{body}</body></html>").render()


def test_the_space_before_an_emphasis_goes_inside_it() -> None:
    assert glue_spaces('a <em>b</em> c <strong class="x">d</strong> <a href="#">e</a>') == \
        'a<em> b</em> c<strong class="x"> d</strong><a href="#"> e</a>'


def test_a_no_break_space_before_an_element_goes_down_to_its_text() -> None:
    """French puts a no-break space after «: before a link, it goes inside, down to the text."""
    assert glue_spaces('annexe \u00ab\u00a0<a href="#p"><span>P</span></a>\u00a0\u00bb') == \
        'annexe \u00ab<a href="#p"><span>\u00a0P</span></a>\u00a0\u00bb'


def test_a_space_before_a_span_stays_where_it_is() -> None:
    """A no-break span must keep the break opportunity before it."""
    assert glue_spaces('a <span class="nobr">b.c</span>') == 'a <span class="nobr">b.c</span>'


def test_the_check_finds_the_fault_and_the_workaround_removes_it() -> None:
    found = early_breaks(_laid_out(PARAGRAPH))
    if not found:
        pytest.skip("this WeasyPrint and Pango break the paragraph well: the fault does not show here")
    assert found == ['page 1: "Denmark" | "today,"']
    assert early_breaks(_laid_out(glue_spaces(PARAGRAPH))) == []


def test_a_paragraph_that_breaks_well_passes() -> None:
    assert early_breaks(_laid_out("<p>" + "The dealer shuffles and has the player on his left cut. " * 8 + "</p>")) == []


def test_a_line_ended_on_purpose_is_no_fault() -> None:
    assert early_breaks(_laid_out("<p>Short<br>next words here, enough of them to fill a line or more.</p>")) == []
