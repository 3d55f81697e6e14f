"""Hostile input to the PO workflow and to front matter: no crash, no lost translator work.

Every test drives the command line (``run_cli``) in a project made in ``tmp_path`` with
``upstream/x.md`` and ``locales/zh_CN/x.md`` (the default layout) and looks at the files on
disk. Bad input is exit status 2 with one line ``relsync: error: PATH[:LINE]: problem``
(docs/faults.md); exit 3 is always a bug.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from relsync.parse import parse

from .conftest import assert_clean_failure, assert_ran

UP = "upstream/x.md"
TR = "locales/zh_CN/x.md"

needs_msgfmt = pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) is not installed")

#: A pair with one real finding (a wrong date).
DATE_UP = "# Release\n\nReleased on October 29, 2024.\n"
DATE_TR = "# 发布\n\n发布于 2024年10月28日。\n"


def make_project(root: Path, up: str | bytes = DATE_UP, tr: str | bytes = DATE_TR, *,
                 lang: str = "zh_CN", name: str = "x.md") -> Path:
    (root / "upstream").mkdir(parents=True, exist_ok=True)
    (root / "locales" / lang).mkdir(parents=True, exist_ok=True)
    for path, data in ((root / "upstream" / name, up), (root / "locales" / lang / name, tr)):
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return root


def po_header(**fields: str) -> str:
    lines = ['msgid ""', 'msgstr ""']
    for key, value in fields.items():
        lines.append(f'"{key.replace("_", "-")}: {value}\\n"')
    return "\n".join(lines) + "\n"


MINIMAL_HEADER = po_header(Language="zh_CN", MIME_Version="1.0",
                           Content_Type="text/plain; charset=UTF-8", Content_Transfer_Encoding="8bit")


def po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def po_file(messages: dict[str, str], reference: str = UP, header: str = MINIMAL_HEADER) -> str:
    """A PO with one message per msgid -> msgstr (all from ``reference``)."""
    out = [header]
    for k, (msgid, msgstr) in enumerate(messages.items(), start=1):
        out.append(f"#: {reference}:{k}\nmsgid {po_quote(msgid)}\nmsgstr {po_quote(msgstr)}\n")
    return "\n".join(out)


def msgfmt_check(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["msgfmt", "-c", "-o", os.devnull, str(path)], capture_output=True, text=True)


def po_msgids(path: Path) -> list[str]:
    return [e.msgid for e in polib.pofile(str(path))]


def _pot(run_cli, P: Path, text: str, name: str = "x.pot") -> Path:
    """``text`` as the upstream document and its POT at ``P/name``."""
    (P / UP).write_text(text, encoding="utf-8")
    code, _, err = run_cli("po", "extract", UP, "-o", name, cwd=P)
    assert code == 0, err
    return P / name


# -- front-matter values that PyYAML cannot build ---------------------------------------------

FRONT_MATTER_VALUES = {
    "impossible date": "date: 2025-02-30",
    "5000-digit integer": "count: " + "9" * 5000,
    "impossible date as the title": "title2: x\ntitle: 2025-02-30",
}
READERS = {
    "parse": ["parse", TR],
    "check": ["check", "--no-cache"],
    "diff": ["diff"],
    "align": ["align", UP, TR],
    "po extract": ["po", "extract", UP],
    "po import": ["po", "import", UP, TR],
}


@pytest.mark.parametrize("command", sorted(READERS))
@pytest.mark.parametrize("value", sorted(FRONT_MATTER_VALUES))
def test_front_matter_values_pyyaml_cannot_build_are_read_as_text(run_cli, tmp_path, value, command):
    """`date: 2025-02-30` or a 5000-digit integer made PyYAML raise ValueError (not
    YAMLError), an internal error in every command that reads front matter. Such a value is
    read as the text it is."""
    fm = f"---\ntitle: Release\n{FRONT_MATTER_VALUES[value]}\n---\n\n"
    P = make_project(tmp_path, fm + DATE_UP, fm + DATE_TR)
    assert_ran(*run_cli(*READERS[command], cwd=P))


@pytest.mark.parametrize("form", ["toml", "json"])
def test_a_5000_digit_integer_in_toml_or_json_front_matter(run_cli, tmp_path, form):
    """The same number in TOML front matter is a finding naming its line (tomllib cannot read
    it), in JSON the text of its digits."""
    digits = "9" * 5000
    fm = f"+++\ntitle = 'T'\ncount = {digits}\n+++\n" if form == "toml" else \
        f'{{\n  "title": "T",\n  "count": {digits}\n}}\n'
    P = make_project(tmp_path, fm + "\n" + DATE_UP, fm + "\n" + DATE_TR)
    code, out, err = run_cli("check", "--no-cache", cwd=P)
    if form == "toml":
        assert code == 1 and "x.md:3:1: RS100 unreadable: front matter is not valid TOML" in out, (out, err)
    else:
        assert_ran(code, out, err)
        assert parse(fm).front_matter["count"] == digits


def test_front_matter_values_pyyaml_cannot_build_are_strings():
    doc = parse("---\ndate: 2025-02-30\ncount: " + "9" * 5000 + "\nok: 2025-02-28\nn: 12\n---\n")
    assert doc.front_matter["date"] == "2025-02-30"
    assert doc.front_matter["count"] == "9" * 5000
    assert str(doc.front_matter["ok"]) == "2025-02-28" and doc.front_matter["n"] == 12
    assert doc.problems == []


def test_an_impossible_date_as_the_title_is_extracted_and_built(run_cli, tmp_path):
    up = "---\ntitle: 2025-02-30\n---\n\nText.\n"
    P = make_project(tmp_path, up, "")
    pot = _pot(run_cli, P, up)
    assert po_msgids(pot) == ["2025-02-30", "Text."]


# -- po update keeps what translators wrote ---------------------------------------------------

UPDATE_UP = "# Title\n\nFirst paragraph here.\n\nSecond paragraph stays.\n"


def test_po_update_keeps_a_translator_comment_starting_with_a_pipe(run_cli, tmp_path):
    """po update deleted a translator comment starting with `|` (`# | reviewed by Alice`)
    whenever the file had a `#|` line anywhere."""
    P = make_project(tmp_path, UPDATE_UP, "# 标题\n")
    pot = _pot(run_cli, P, UPDATE_UP)
    (P / "x.po").write_text(MINIMAL_HEADER + """
# | reviewed by Alice
#. heading
#: upstream/x.md:1
msgid "Title"
msgstr "标题"

#. paragraph
#: upstream/x.md:3
#, fuzzy
#| msgid "First paragraph."
msgid "First paragraph here."
msgstr "第一段。"
""", encoding="utf-8")
    assert run_cli("po", "update", str(pot), "x.po", cwd=P)[0] == 0
    text = (P / "x.po").read_text(encoding="utf-8")
    assert "# | reviewed by Alice\n" in text, text
    assert '#| msgid "First paragraph."' in text


def test_po_update_keeps_the_fuzzy_flag_of_obsolete_entries(run_cli, tmp_path):
    """po update never wrote the fuzzy flag of obsolete `#~` entries: when the text came back
    upstream, the old guess came back as finished and po build published it."""
    v1 = "# Title\n\nA paragraph that will go away.\n"
    P = make_project(tmp_path, v1, "# 标题\n")
    pot = _pot(run_cli, P, v1)
    (P / "x.po").write_text(MINIMAL_HEADER + """
#: upstream/x.md:1
msgid "Title"
msgstr "标题"

#: upstream/x.md:3
#, fuzzy
msgid "A paragraph that will go away."
msgstr "一个未经审核的猜测。"
""", encoding="utf-8")
    _pot(run_cli, P, "# Title\n")
    assert run_cli("po", "update", str(pot), "x.po", cwd=P)[0] == 0
    text = (P / "x.po").read_text(encoding="utf-8")
    assert '#, fuzzy\n#~ msgid "A paragraph that will go away."' in text, text
    _pot(run_cli, P, v1)
    assert run_cli("po", "update", str(pot), "x.po", cwd=P)[0] == 0
    text = (P / "x.po").read_text(encoding="utf-8")
    assert '#, fuzzy\nmsgid "A paragraph that will go away."' in text, text
    assert run_cli("po", "build", UP, "x.po", "-o", "out.md", cwd=P)[0] == 0
    built = (P / "out.md").read_text(encoding="utf-8")
    assert "一个未经审核的猜测" not in built and "A paragraph that will go away." in built, built


def test_po_update_reads_the_fuzzy_flag_of_a_hand_written_obsolete_entry(run_cli, tmp_path):
    """An obsolete entry written `#, fuzzy` + `#~ msgid ...` (as msgmerge writes it) came back
    as finished when its text returned upstream."""
    P = make_project(tmp_path, UPDATE_UP, "# 标题\n")
    pot = _pot(run_cli, P, "# Title\n\nOld paragraph.\n")
    (P / "x.po").write_text(MINIMAL_HEADER + """
#: upstream/x.md:1
msgid "Title"
msgstr "标题"

#, fuzzy
#~ msgid "Old paragraph."
#~ msgstr "旧的猜测。"
""", encoding="utf-8")
    assert run_cli("po", "update", str(pot), "x.po", cwd=P)[0] == 0
    assert run_cli("po", "build", UP, "x.po", "-o", "out.md", cwd=P)[0] == 0
    assert "旧的猜测" not in (P / "out.md").read_text(encoding="utf-8")


POEDIT_HEADER = """# Chinese translation of x.
# Alice <alice@example.org>, 2025.
msgid ""
msgstr ""
"Project-Id-Version: x\\n"
"POT-Creation-Date: 2025-01-01 10:00+0000\\n"
"PO-Revision-Date: 2025-01-02 10:00+0100\\n"
"Last-Translator: Alice <alice@example.org>\\n"
"Language-Team: Chinese\\n"
"Language: zh_CN\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=1; plural=0;\\n"
"X-Generator: Poedit 3.4\\n"
"X-Poedit-Basepath: ../..\\n"
"""


def _header_fields(text: str) -> dict[str, str]:
    head = text[:text.index("\n\n")]
    return dict(re.findall(r'^"([A-Za-z-]+): (.*)\\n"$', head, re.M))


@pytest.mark.parametrize("command", ["po update", "po import"])
def test_po_update_keeps_the_header_fields_verbatim(run_cli, tmp_path, command):
    """po update dropped header fields such as X-Generator and X-Poedit-Basepath, rewrote
    others (`charset=utf-8`) and added placeholder ones (Report-Msgid-Bugs-To,
    Generated-By). Every field is kept verbatim but POT-Creation-Date (which follows the
    template), in its order, and none is added; so is the header comment."""
    P = make_project(tmp_path, UPDATE_UP, "# 标题\n\n第一段。\n\n第二段。\n")
    pot = _pot(run_cli, P, UPDATE_UP)
    (P / "x.po").write_text(POEDIT_HEADER + '\n#: upstream/x.md:1\nmsgid "Title"\nmsgstr "标题"\n',
                            encoding="utf-8")
    before = _header_fields(POEDIT_HEADER + "\n")
    args = ["po", "update", str(pot), "x.po"] if command == "po update" else ["po", "import", UP, TR, "-o", "x.po"]
    assert run_cli(*args, cwd=P)[0] == 0
    text = (P / "x.po").read_text(encoding="utf-8")
    after = _header_fields(text)
    assert list(after) == list(before), text
    assert {k: v for k, v in after.items() if k != "POT-Creation-Date"} == \
        {k: v for k, v in before.items() if k != "POT-Creation-Date"}
    assert after["POT-Creation-Date"] == _header_fields(pot.read_text(encoding="utf-8"))["POT-Creation-Date"]
    assert text.startswith("# Chinese translation of x.\n# Alice <alice@example.org>, 2025.\n")


LATIN1_PO = b'''msgid ""
msgstr ""
"Project-Id-Version: x\\n"
"Language: fr\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=ISO-8859-1\\n"
"Content-Transfer-Encoding: 8bit\\n"

#: upstream/x.md:1
msgid "Title"
msgstr "Titre"
'''


@needs_msgfmt
@pytest.mark.parametrize("paragraph", ["Café opens now.", "Café opens → now."], ids=["fits-latin-1", "needs-utf-8"])
def test_po_update_of_a_latin_1_po(run_cli, tmp_path, paragraph):
    """A PO declaring charset=ISO-8859-1: after po update, text outside Latin-1 was written as
    a literal `\\u2192` (msgfmt rejects it, the msgid no longer matches), and text that fits
    was written in Latin-1 that relsync then could not read again. The charset is kept when
    the text fits; otherwise the PO is converted to UTF-8 (its header says so) with a note on
    stderr. msgfmt accepts the result, its msgids are the template's, and a second update
    leaves it as it is."""
    P = make_project(tmp_path, f"# Title\n\n{paragraph}\n", "# Titre\n")
    pot = _pot(run_cli, P, f"# Title\n\n{paragraph}\n")
    po = P / "x.po"
    po.write_bytes(LATIN1_PO)
    code, out, err = run_cli("po", "update", str(pot), "x.po", cwd=P)
    assert code == 0, err
    assert msgfmt_check(po).returncode == 0, msgfmt_check(po).stderr
    assert [m for m in po_msgids(po) if m] == ["Title", paragraph]
    fits = "→" not in paragraph
    assert (b"charset=ISO-8859-1" in po.read_bytes()) is fits
    assert ("UTF-8" in err) is not fits, err
    once = po.read_bytes()
    code, out, err = run_cli("po", "update", str(pot), "x.po", cwd=P)
    assert code == 0, err
    assert po.read_bytes() == once
    assert run_cli("po", "stats", "x.po", cwd=P)[0] == 0


def test_po_in_latin_1_is_read(run_cli, tmp_path):
    """A Latin-1 PO with text outside ASCII was "not valid UTF-8": it is read in the charset
    its header declares."""
    P = make_project(tmp_path, "# Title\n\nCafé opens now.\n", "")
    po = P / "x.po"
    po.write_bytes(LATIN1_PO + '\n#: upstream/x.md:3\nmsgid "Café opens now."\nmsgstr "Le café ouvre."\n'
                   .encode("latin-1"))
    assert run_cli("po", "build", UP, "x.po", "-o", "out.md", cwd=P)[0] == 0
    assert "Le café ouvre." in (P / "out.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("charset", ["CHARSET", "rot13", "base64", "no-such-charset"])
def test_po_whose_charset_is_a_placeholder_is_read_as_utf_8(run_cli, tmp_path, charset):
    """GNU xgettext writes `charset=CHARSET` in a template until someone fills it in; a name
    that is no text encoding is no charset either."""
    P = make_project(tmp_path, "# Title\n", "")
    (P / "x.pot").write_text(po_file({"Title": ""}, header=po_header(
        Content_Type=f"text/plain; charset={charset}")), encoding="utf-8")
    code, out, err = run_cli("po", "stats", "x.pot", cwd=P)
    assert code == 0, err


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"],
                         ids=lambda c: f"U+{ord(c):04X}")
def test_previous_msgid_survives_line_separators_in_an_earlier_string(run_cli, tmp_path, char):
    """Previous msgids (`#| msgid`) were lost when an earlier string held U+2028, U+2029,
    U+0085, \\x0b, \\x0c or \\x1c-\\x1e (str.splitlines counts them as line breaks, so the
    line numbers went wrong)."""
    P = make_project(tmp_path, "# Title\n\nNew text here.\n", "# 标题\n")
    pot = _pot(run_cli, P, "# Title\n\nNew text here.\n")
    (P / "x.po").write_text(MINIMAL_HEADER + f"""
#: upstream/x.md:1
msgid "Title"
msgstr "标{char}题"

#: upstream/x.md:3
#, fuzzy
#| msgid "Old text here."
msgid "New text here."
msgstr "旧文本。"
""", encoding="utf-8")
    assert run_cli("po", "update", str(pot), "x.po", cwd=P)[0] == 0
    assert '#| msgid "Old text here."' in (P / "x.po").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", ["po stats", "po update", "po build"])
def test_obsolete_previous_msgid_lines_are_valid_po(run_cli, tmp_path, command):
    """Valid GNU PO files with `#~| msgid "..."` lines (written by msgmerge, accepted by
    msgfmt --check) were rejected as malformed. They are read, and written back."""
    P = make_project(tmp_path, "# Title\n\nNew text here.\n", "# 标题\n")
    pot = _pot(run_cli, P, "# Title\n\nNew text here.\n")
    po = P / "x.po"
    po.write_text(MINIMAL_HEADER + """
#: upstream/x.md:1
msgid "Title"
msgstr "标题"

#, fuzzy
#~| msgid "Older text."
#~ msgid "Old text."
#~ msgstr "旧文本。"
""", encoding="utf-8")
    if shutil.which("msgfmt"):
        assert msgfmt_check(po).returncode == 0
    args = {"po stats": ["po", "stats", "x.po"], "po update": ["po", "update", str(pot), "x.po"],
            "po build": ["po", "build", UP, "x.po", "-o", "out.md"]}[command]
    code, out, err = run_cli(*args, cwd=P)
    assert code == 0, err
    if command == "po update":
        assert '#, fuzzy\n#~| msgid "Older text."\n#~ msgid "Old text."\n#~ msgstr "旧文本。"\n' in \
            po.read_text(encoding="utf-8")


@needs_msgfmt
def test_po_import_extra_text_with_a_hard_break_and_nothing_to_attach_it_to(run_cli, tmp_path):
    """po import of an upstream with no translatable text (only a code block) and a translated
    paragraph with a hard break wrote a raw newline into the header comment; po stats then
    called the PO malformed. Both lines of the paragraph are kept, in comment lines."""
    P = make_project(tmp_path, "```sh\nmake\n```\n", "```sh\nmake\n```\n\n译者：张三  \n校对：李四\u2028审核：王五\n")
    assert run_cli("po", "import", cwd=P)[0] == 0
    po = P / "locales" / "zh_CN" / "LC_MESSAGES" / "x.po"
    code, out, err = run_cli("po", "stats", cwd=P)
    assert code == 0, err
    assert msgfmt_check(po).returncode == 0, msgfmt_check(po).stderr
    text = po.read_text(encoding="utf-8")
    assert "张三" in text and "李四" in text and "王五" in text
    assert all(line.startswith("#") for line in text[:text.index('msgid ""')].splitlines()), text


# -- an output path that is an input ----------------------------------------------------------

HEADINGS_UP = "# Release notes\n\n## Fixes\n"
HEADINGS_TR = "# 发布说明\n\n## 修复\n"
SAME_PATH = {
    "po import -o TR": (["po", "import", UP, TR, "-o", TR], TR),
    "po import -o UP": (["po", "import", UP, TR, "-o", UP], UP),
    "po import -o ./TR": (["po", "import", UP, TR, "-o", "./" + TR], TR),
    "po extract -o UP": (["po", "extract", UP, "-o", UP], UP),
    "po build -o PO": (["po", "build", UP, "x.po", "-o", "x.po", "--force"], "x.po"),
    "po build -o UP": (["po", "build", UP, "x.po", "-o", UP, "--force"], UP),
    "po init -o POT": (["po", "init", "x.pot", "-l", "zh_CN", "-o", "x.pot"], "x.pot"),
}


@pytest.mark.parametrize("case", sorted(SAME_PATH))
def test_output_path_equal_to_an_input_path_is_refused(run_cli, tmp_path, case):
    """An output path equal to an input path was not refused (`po import UP TR -o TR`,
    `po extract UP -o UP`, `po build UP X.po -o X.po --force`): the input was overwritten,
    a headings-only translation with a PO (babel reads such a file as a PO of comments)."""
    P = make_project(tmp_path, HEADINGS_UP, HEADINGS_TR)
    assert run_cli("po", "import", UP, TR, "-o", "x.po", cwd=P)[0] == 0
    assert run_cli("po", "extract", UP, "-o", "x.pot", cwd=P)[0] == 0
    args, victim = SAME_PATH[case]
    before = (P / victim).read_bytes()
    code, out, err = run_cli(*args, cwd=P)
    assert (P / victim).read_bytes() == before, f"{victim} was overwritten"
    assert_clean_failure(code, out, err, Path(victim).name)


def test_output_through_a_link_to_an_input_is_refused(run_cli, tmp_path):
    P = make_project(tmp_path, HEADINGS_UP, HEADINGS_TR)
    os.symlink(os.path.abspath(P / TR), P / "link.md")
    before = (P / TR).read_bytes()
    code, out, err = run_cli("po", "import", UP, TR, "-o", "link.md", cwd=P)
    assert (P / TR).read_bytes() == before
    assert_clean_failure(code, out, err, "link.md")


# -- a PO of another document -----------------------------------------------------------------

@pytest.mark.parametrize("command", ["po update", "po import -o", "po update (layout)", "po import (layout)"])
def test_po_of_another_document_is_refused_by_update_and_import(run_cli, tmp_path, command):
    """`po update a.pot b.po` and `po import ... -o b.po` accepted a PO of another document
    (all its translations became obsolete); only po build refused it, though the README
    promises it of every command."""
    P = make_project(tmp_path, "# Release\n\nThe release text.\n", "# 发布\n\n发布的文字。\n")
    make_project(P, "# Other\n\nCompletely different.\n", "# 其他\n\n完全不同。\n", name="other.md")
    assert run_cli("po", "import", "upstream/other.md", "locales/zh_CN/other.md", "-o", "other.po", cwd=P)[0] == 0
    assert run_cli("po", "extract", UP, "-o", "x.pot", cwd=P)[0] == 0
    victim = P / "other.po"
    if "layout" in command:
        assert run_cli("po", "extract", cwd=P)[0] == 0
        victim = P / "locales" / "zh_CN" / "LC_MESSAGES" / "x.po"
        victim.parent.mkdir(parents=True)
        shutil.copyfile(P / "other.po", victim)
    before = victim.read_bytes()
    args = {"po update": ["po", "update", "x.pot", "other.po"],
            "po import -o": ["po", "import", UP, TR, "-o", "other.po"],
            "po update (layout)": ["po", "update"],
            "po import (layout)": ["po", "import"]}[command]
    code, out, err = run_cli(*args, cwd=P)
    assert victim.read_bytes() == before
    if "layout" in command:  # other.md's PO, done first, is noted on stderr
        err = err.splitlines(True)[-1]
    assert_clean_failure(code, out, err, "PO is for other.md, not x.md")


# -- po import keeps unmatched translated text ------------------------------------------------

@pytest.mark.parametrize("case", ["extra table column", "extra front-matter keys"])
def test_po_import_keeps_unmatched_translated_text_as_comments(run_cli, tmp_path, case):
    """po import dropped the text of extra translated table columns and of front-matter keys
    absent upstream, though it promises to keep unmatched translated text as translator
    comments."""
    if case == "extra table column":
        up = "# Models\n\n| Name | Size |\n|---|---|\n| Alpha | 7B |\n"
        tr = "# 模型\n\n| 名称 | 大小 | 备注 |\n|---|---|---|\n| 阿尔法 | 7B | 译者补充说明 |\n"
        kept = ["备注", "译者补充说明"]
    else:
        up = "---\ntitle: Release\n---\n\n# Release\n\nText here.\n"
        tr = "---\ntitle: 发布\ntranslator: 王小明\nsubtitle: 译者的副标题\n---\n\n# 发布\n\n这里是文字。\n"
        kept = ["translator: 王小明", "subtitle: 译者的副标题"]
    P = make_project(tmp_path, up, tr)
    assert run_cli("po", "import", UP, TR, "-o", "x.po", cwd=P)[0] == 0
    comments = [line for line in (P / "x.po").read_text(encoding="utf-8").splitlines() if line.startswith("# ")]
    for text in kept:
        assert any(text in line for line in comments), (text, comments)


# -- tables in list items ---------------------------------------------------------------------

@pytest.mark.parametrize("marker", ["- ", "* ", "1. ", "> - "])
def test_po_extract_of_a_table_starting_on_a_list_item_line(run_cli, tmp_path, marker):
    """A table that starts on a list-item line (`- | Name | Value |`): po extract took the
    list marker for a header cell and lost the last header cell."""
    cont = "> " + " " * (len(marker) - 2) if marker.startswith(">") else " " * len(marker)
    text = f"# Notes\n\n{marker}| Name | Value |\n{cont}|---|---|\n{cont}| a | b |\n"
    P = make_project(tmp_path, text, "")
    pot = _pot(run_cli, P, text)
    assert [m for m in po_msgids(pot) if m] == ["Notes", "Name", "Value", "a", "b"]
    (P / "x.po").write_text(po_file({"Name": "名称", "Value": "值", "a": "甲"}), encoding="utf-8")
    assert run_cli("po", "build", UP, "x.po", "-o", "out.md", cwd=P)[0] == 0
    assert (P / "out.md").read_text(encoding="utf-8") == text.replace("Name", "名称").replace(
        "Value", "值").replace("| a |", "| 甲 |")


# -- TOML and JSON front matter ---------------------------------------------------------------

HUGO_FRONT_MATTER = {
    "toml": ('+++\ntitle = "Release notes"\ndate = 2025-01-29\n+++\n',
             '+++\ntitle = "发布说明"\ndate = 2025-01-29\n+++\n'),
    "toml-literal": ("+++\ntitle = 'Release notes'\ndate = 2025-01-29\n+++\n",
                     "+++\ntitle = '发布说明'\ndate = 2025-01-29\n+++\n"),
    "json": ('{\n  "title": "Release notes",\n  "date": "2025-01-29"\n}\n',
             '{\n  "title": "发布说明",\n  "date": "2025-01-29"\n}\n'),
}


@pytest.mark.parametrize("kind", sorted(HUGO_FRONT_MATTER))
def test_toml_and_json_front_matter_are_front_matter(run_cli, tmp_path, kind):
    """TOML `+++` and JSON front matter (as Hugo allows) were read as a paragraph, so their
    title was no title and po extract offered the whole block as a message."""
    fm, _ = HUGO_FRONT_MATTER[kind]
    P = make_project(tmp_path, fm + "\n# Release notes\n\nSome text.\n", "")
    code, out, err = run_cli("parse", UP, cwd=P)
    assert code == 0, err
    assert "front_matter" in out.splitlines()[0] and "title" in out.splitlines()[1], out
    doc = parse((P / UP).read_text(encoding="utf-8"))
    assert doc.front_matter["title"] == "Release notes" and str(doc.front_matter["date"]) == "2025-01-29"
    pot = _pot(run_cli, P, fm + "\n# Release notes\n\nSome text.\n")
    assert [m for m in po_msgids(pot) if m] == ["Release notes", "Some text."]
    assert "#. front matter: title" in pot.read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", sorted(HUGO_FRONT_MATTER))
def test_po_build_keeps_toml_and_json_front_matter_lines(run_cli, tmp_path, kind):
    """After po import + build, Hugo front matter collapsed onto one line. It keeps its lines,
    the title line carrying the translation."""
    fm, tfm = HUGO_FRONT_MATTER[kind]
    P = make_project(tmp_path, fm + "\n# Release notes\n\nSome text.\n", tfm + "\n# 发布说明\n\n一些文字。\n")
    assert run_cli("po", "import", UP, TR, "-o", "x.po", cwd=P)[0] == 0
    assert run_cli("po", "build", UP, "x.po", "-o", "out.md", cwd=P)[0] == 0
    assert (P / "out.md").read_text(encoding="utf-8") == tfm + "\n# 发布说明\n\n一些文字。\n"


@pytest.mark.parametrize("kind", sorted(HUGO_FRONT_MATTER))
def test_toml_and_json_front_matter_are_checked_like_yaml(run_cli, tmp_path, kind):
    """The title of TOML or JSON front matter pairs with the upstream title as a YAML one does:
    the same findings, on the same lines."""
    title = "Release notes for version 2.6 of the tool"
    fm, tfm = HUGO_FRONT_MATTER[kind]
    up = fm.replace("Release notes", title) + "\nSome text 1.\n"
    tr = tfm.replace("发布说明", title.replace("2.6", "2.5")) + "\n一些文字 1。\n"
    yaml_up = '---\ntitle: "' + title + '"\ndate: 2025-01-29\n---\n' + up[len(fm.replace("Release notes", title)):]
    yaml_tr = '---\ntitle: "' + title.replace("2.6", "2.5") + '"\ndate: 2025-01-29\n---\n\n一些文字 1。\n'
    found = {}
    for name, pair in (("toml or json", (up, tr)), ("yaml", (yaml_up, yaml_tr))):
        P = make_project(tmp_path / name, *pair)
        code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=P)
        assert_ran(code, out, err)
        found[name] = [(f["rule"], f["translation"]["line"] if f["translation"] else None)
                       for f in json.loads(out)["findings"]]
    assert found["toml or json"] == found["yaml"] != [], found


@pytest.mark.parametrize("text, needle", [
    ('+++\ntitle = "unclosed\n+++\n\nText.\n', "x.md:2: front matter is not valid TOML"),
    ('{\n  "title": "x",\n}\n\nText.\n', "x.md:3: front matter is not valid JSON"),
])
def test_broken_toml_and_json_front_matter_name_the_line(run_cli, tmp_path, text, needle):
    P = make_project(tmp_path, text, "")
    assert_clean_failure(*run_cli("po", "extract", UP, cwd=P), needle)
    assert_clean_failure(*run_cli("parse", UP, cwd=P), needle)


@pytest.mark.parametrize("text", ["{{< hello >}}\n\nText.\n", "{.class}\n\nText.\n", "+++ not front matter\n"])
def test_what_only_looks_like_front_matter_is_text(run_cli, tmp_path, text):
    doc = parse(text)
    assert doc.front_matter == {} and doc.problems == [] and doc.blocks[0].kind != "front_matter"


# -- po build: front matter relsync reads back ------------------------------------------------

TITLE_CHARS = ["\x80", "\x9f", "\ufffe", "\uffff", "\u2028", "\u2029", "\x85", "\x7f", "\x1b", "'", '"', "\\",
               "\t", "é"]
QUOTES = {"plain": ("---\ntitle: ", "\n---\n"), "double": ('---\ntitle: "', '"\n---\n'),
          "single": ("---\ntitle: '", "'\n---\n"), "toml": ('+++\ntitle = "', '"\n+++\n'),
          "toml-literal": ("+++\ntitle = '", "'\n+++\n"), "json": ('{\n  "title": "', '"\n}\n')}


@pytest.mark.parametrize("quote", sorted(QUOTES))
@pytest.mark.parametrize("char", TITLE_CHARS, ids=lambda c: f"U+{ord(c):04X}")
def test_po_build_writes_a_title_relsync_reads_back(run_cli, tmp_path, char, quote):
    """po build wrote front matter that relsync then rejected: a title msgstr with
    U+0080-U+009F, U+FFFE/U+FFFF (and U+007F, or ESC in single quotes), U+2028/U+2029
    unquoted; U+0085 silently became a space. The built file parses without problems and
    its title is the msgstr exactly."""
    head, tail = QUOTES[quote]
    up = f"{head}Release notes{tail}\n# Release notes\n\nSome text.\n"
    P = make_project(tmp_path, up, "")
    title = f"发布{char}说明"
    (P / "x.po").write_text(po_file({"Release notes": title}), encoding="utf-8")
    code, out, err = run_cli("po", "build", UP, "x.po", "-o", "out.md", "--force", cwd=P)
    assert code == 0, err
    built = (P / "out.md").read_text(encoding="utf-8")
    code, out, err = run_cli("parse", "out.md", cwd=P)
    assert code == 0, err
    assert parse(built).front_matter.get("title") == title, built.split("\n")[1]
    assert built.count("\n") == up.count("\n"), built


# -- po build keeps the upstream's structure --------------------------------------------------

BUILD_UP = ("# Notes\n\nFirst paragraph.\n\n- An item.\n\n| Name | Value |\n|---|---|\n|a|b|\n\n"
            "Last paragraph.\n\nSetext heading\n---\n")
STRUCTURE_MSGSTRS = ["第一行\n--", "第一行\n=", "第一行\n==", "[a]: /url", "[a]:\n/url", "<div>", "第一行\n<div>",
                     "<!-- 注释", "第一行\n<!--", "::: tip", "第一行\n::: tip", "[^1]: 注", "<script>",
                     "</div>", "<span>", "| a | b |\n|---|---|", "第一行\n| a | b |\n|---|---|",
                     "a | b\n--|--", "第一行\n\n第二段", "    缩进", "第一行\n    缩进", "- 项", "第一行\n1. 项",
                     "# 标题", "第一行\n> 引用", "```", "第一行\n~~~", "***", "第一行\n___", "结尾 #", "#"]


def structure(text: str) -> list[tuple]:
    """Block kinds, levels and table shapes of a Markdown text."""
    return [(b.kind, b.level, len(b.cells) if b.kind == "table_row" else 0) for b in parse(text).blocks]


def _build(run_cli, P: Path, messages: dict[str, str]) -> str:
    (P / "x.po").write_text(po_file(messages), encoding="utf-8")
    code, out, err = run_cli("po", "build", UP, "x.po", "-o", "out.md", "--force", cwd=P)
    assert code == 0, err
    return (P / "out.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("msgstr", STRUCTURE_MSGSTRS)
def test_po_build_keeps_the_structure_whatever_a_msgstr_says(run_cli, tmp_path, msgstr):
    """po build let translated lines change the document's structure: a msgstr line `--`,
    `=` or `==` made a setext heading; a first line `[a]: /url` a link definition; lines
    starting `<div>`, `<!--`, `:::`, `[^1]:` or a table row became blocks. The built document
    has the upstream's block kinds, levels and table shapes, and the translation's words."""
    P = make_project(tmp_path, BUILD_UP, "")
    ids = ["Notes", "First paragraph.", "An item.", "Name", "a", "Last paragraph.", "Setext heading"]
    built = _build(run_cli, P, {i: msgstr for i in ids})
    assert structure(built) == structure(BUILD_UP), built
    words = [w for w in re.findall(r"[\u4e00-\u9fff]+", msgstr)]
    for word in words:
        assert built.count(word) >= len(ids), (word, built)


@pytest.mark.parametrize("msgstr", ["```", "x\n````", "  ```  ", "x\n~~~"])
def test_po_build_keeps_a_code_block_whose_translation_would_close_it(run_cli, tmp_path, msgstr):
    """A translated code block (`po --code-blocks`) with a line that closes its fence would end
    the block early; no escape holds in code, so the upstream code stays."""
    up = "# Code\n\n```sh\nmake all\n```\n\nAfter.\n"
    P = make_project(tmp_path, up, "")
    (P / "x.po").write_text(po_file({"make all": msgstr, "After.": "之后。"}), encoding="utf-8")
    code, out, err = run_cli("po", "--code-blocks", "build", UP, "x.po", "-o", "out.md", cwd=P)
    assert code == 0, err
    built = (P / "out.md").read_text(encoding="utf-8")
    assert structure(built) == structure(up), built
    assert ("make all" in built) is ("```" in msgstr), built


@pytest.mark.parametrize("msgstr", ["值\\", "值\\\\", "值 \\", "\\"])
def test_po_build_cell_msgstr_ending_in_a_backslash_keeps_the_next_cell(run_cli, tmp_path, msgstr):
    """A cell msgstr ending in `\\` escaped the pipe after it, so the next cell merged into
    it."""
    P = make_project(tmp_path, BUILD_UP, "")
    built = _build(run_cli, P, {"a": msgstr})
    row = [b for b in parse(built).blocks if b.kind == "table_row"][-1]
    assert [c.text for c in row.cells] == [parse(msgstr).blocks[0].text, "b"], built


def test_a_table_whose_first_cell_starts_like_a_list_item_keeps_it():
    """markdown-it tries a table before a list: `- a | b` over a delimiter row is a table
    whose first cell is `- a`, not a list item holding a table."""
    from relsync import po

    parsed = po.load("- a | b\n--|--\n", "x.md", fast=True)
    assert [u.msgid for u in parsed.units] == ["- a", "b"]


def test_po_of_a_renamed_document_still_merges(run_cli, tmp_path):
    """A PO whose references name the document before a rename shares its messages with the
    template: it is merged, not refused."""
    P = make_project(tmp_path, "# Release\n\nThe release text.\n", "# 发布\n\n发布的文字。\n", name="old.md")
    assert run_cli("po", "import", "upstream/old.md", "locales/zh_CN/old.md", "-o", "x.po", cwd=P)[0] == 0
    make_project(P, "# Release\n\nThe new release text.\n", "", name="new.md")
    assert run_cli("po", "extract", "upstream/new.md", "-o", "new.pot", cwd=P)[0] == 0
    code, out, err = run_cli("po", "update", "new.pot", "x.po", cwd=P)
    assert code == 0, err
    assert 'msgid "The new release text."' in (P / "x.po").read_text(encoding="utf-8")


# -- po update of many reworded messages ------------------------------------------------------

WORDS = ("apple banana cherry delta echo falcon garnet harbor island jungle kettle lemon mango "
         "nickel orbit pepper quartz raven salmon tiger umber violet walnut xenon yellow zephyr").split()


@pytest.mark.parametrize("exact", [True, False], ids=["bounds", "4-gram index"])
def test_po_update_of_reworded_paragraphs_keeps_each_translation(run_cli, tmp_path, monkeypatch, exact):
    """po update of N slightly reworded paragraphs makes each one fuzzy with its own old
    translation and previous msgid (the shape that made babel's matching quadratic:
    benchmarks/bench_growth.py po-update)."""
    from relsync.po import matching

    if not exact:
        monkeypatch.setattr(matching, "EXACT_CANDIDATES", 0)
    old = [f"The {WORDS[k % 26]} {WORDS[(k // 26) % 26]} section {WORDS[(k * 7 + 3) % 26]} explains item "
           f"number {k} in some detail." for k in range(60)]
    old_text = "# Doc\n\n" + "\n\n".join(old) + "\n"
    P = make_project(tmp_path, old_text, "")
    pot = _pot(run_cli, P, old_text)
    catalog = polib.pofile(str(pot))
    catalog.metadata["Language"] = "zh_CN"
    for entry in catalog:
        entry.msgstr = f"译文：{entry.msgid}"
    catalog.save(str(P / "x.po"))
    _pot(run_cli, P, old_text.replace("in some detail", "in much more detail"))
    assert run_cli("po", "update", str(pot), "x.po", cwd=P)[0] == 0
    merged = {e.msgid: e for e in polib.pofile(str(P / "x.po"))}
    for previous in old:
        entry = merged[previous.replace("in some detail", "in much more detail")]
        assert entry.fuzzy and entry.msgstr == f"译文：{previous}", entry
        assert entry.previous_msgid == previous


def test_po_import_pairs_a_translated_title_with_the_top_heading_not_as_extra(run_cli, tmp_path):
    """A translation's front-matter title pairs with the upstream's top heading (the
    example's): it is no key upstream lacks."""
    P = make_project(tmp_path, "# Release notes\n\nSome text.\n", "---\ntitle: 发布说明\n---\n\n一些文字。\n")
    assert run_cli("po", "import", UP, TR, "-o", "x.po", cwd=P)[0] == 0
    text = (P / "x.po").read_text(encoding="utf-8")
    assert "extra in translation" not in text and 'msgstr "发布说明"' in text, text
