"""Template syntax in prose: each construct's code is a code anchor, its prose parts are text."""

from __future__ import annotations

import pytest

from relsync.dialects import is_definition, only_constructs, split
from relsync.parse import parse


@pytest.mark.parametrize("text,prose,code,links", [
    ('See {{domxref("Node.textContent", "the text")}}.', "See  the text .", ['{{domxref("Node.textContent")}}'], []),
    ("{{ DOMxRef('Window.fetch') }} and {{Deprecated_Inline}}", "  and  ",
     ['{{domxref("Window.fetch")}}', "{{deprecated_inline}}"], []),
    ('{{htmlattrxref("srcset", "img", "the srcset")}}', " the srcset ", ['{{htmlattrxref("srcset", "img")}}'], []),
    ('{{HTTPHeader("Accept")}}', " ", ['{{httpheader("Accept")}}'], []),
    ("Fixed ({{bug(1461970)}}).", "Fixed ( ).", [], ["https://bugzil.la/1461970"]),
    ('{{< figure src="x.png" alt="A cat" caption="Our cat" >}}', " A cat Our cat ", ['{{< figure src="x.png" >}}'], []),
    ('{{% alert title="Note" color="warning" %}}', " Note ", ['{{% alert color="warning" %}}'], []),
    ("{{< /alert >}}", " ", ["{{< /alert >}}"], []),
    ('{% include note.html content="Hello world" %}', " Hello world ", ["{% include note.html %}"], []),
    ("{{ page.title }} by {{ site.author | escape }}", "  by  ", ["{{page.title}}", "{{site.author | escape}}"], []),
    ('broken {domxref("DOMHighResTimeStamp")}} macro', "broken   macro", ['{domxref("DOMHighResTimeStamp")}}'], []),
    ("set {x} and {y: 1}", "set {x} and {y: 1}", [], []),
])
def test_split(text, prose, code, links):
    assert split(text) == (prose, code, links)


def test_a_paragraph_of_constructs_only():
    assert only_constructs("{{FirefoxSidebar}}") and only_constructs('{{< figure src="x" >}} {{< br >}}')
    assert not only_constructs("{{FirefoxSidebar}} and text") and not only_constructs("plain")


def test_parse_makes_macros_code_and_link_text_prose():
    doc = parse('The {{domxref("Window.fetch()", "fetch method")}} of {{jsxref("Promise")}} 2.0.\n')
    block = doc.blocks[0]
    assert block.anchors.code == ('{{domxref("Window.fetch()")}}', '{{jsxref("Promise")}}')
    assert block.anchors.numbers == ("2.0",)
    assert "Window" not in block.anchors.terms and "fetch" not in block.anchors.terms


def test_code_spans_keep_their_braces():
    block = parse("Write `{{ count }}` in the template.\n").blocks[0]
    assert block.anchors.code == ("{{ count }}",)


def test_a_description_of_a_term_is_a_definition():
    assert is_definition(": Firefox 3 supports the animated PNG (APNG) image format.")
    assert not is_definition("Animated PNG graphics")
    assert not is_definition("Note: a list item that opens with a label")
