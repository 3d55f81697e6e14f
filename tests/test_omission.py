"""Omissions and English inside a translated block: what the rules see beyond their fixture
cases (tests/fixtures/rules/omission.md, untranslated-clause.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import relsync
from relsync.align import align
from relsync.parse import parse
from relsync.report.views import PairStatus, pair_statuses

UPSTREAM = """# Compiler notes

## Update Optimizations

The new compiler is faster. It also supports new hardware. Users can enable it with one flag and get large gains on most models.

You can import what you need from the global build. For example, to also use the `ref` API, you can do:

Most of the time you do not need optimizations of an update, and the update of a component is cheap.
"""
TRANSLATION = """# 编译器说明

## Update Optimizations

新的编译器更快。

你可以从全局构建版本中导入你需要的内容。For example, to also use the `ref` API, you can do:

大多数时候你不需要优化更新，组件的更新成本很低。
"""


def test_the_side_by_side_view_marks_the_rows():
    up = parse(UPSTREAM, "upstream/notes.md")
    tr = parse(TRANSLATION, "locales/zh_CN/notes.md", ("en", "zh_CN"))
    al = align(up, tr)
    findings = relsync.check(up, tr, locale="zh_CN")
    rows = {al.span(v.pair, "translation")[0]: (v.status, [f.slug for f in v.findings])
            for v in pair_statuses(al, findings) if v.pair.translation}
    assert rows[3] == (PairStatus.UNTRANSLATED, ["untranslated"])
    assert rows[5] == (PairStatus.MISSING, ["omission"])
    assert rows[7] == (PairStatus.UNTRANSLATED, ["untranslated-clause"])
    assert rows[9] == (PairStatus.OK, [])


def test_a_terse_translator_is_not_short():
    """Every paragraph translated at half the usual length: the document's own ratio says so."""
    paragraphs = [f"Release {k} brings a faster compiler. It supports more hardware than release {k - 1} did."
                  for k in range(2, 12)]
    terse = [f"版本 {k} 编译更快。支持硬件多于 {k - 1}。" for k in range(2, 12)]
    findings = relsync.check("\n\n".join(paragraphs) + "\n", "\n\n".join(terse) + "\n", locale="zh_CN")
    assert [f for f in findings if f.slug == "omission"] == []


def test_the_same_paragraph_cut_short_is_found_among_terse_ones():
    paragraphs = [f"Release {k}.0 brings a faster compiler. It supports {k}00 more devices than before."
                  for k in range(2, 12)]
    terse = [f"版本 {k}.0 编译更快。多支持 {k}00 种设备。" for k in range(2, 12)]
    terse[4] = "版本 6.0 编译更快。"
    findings = relsync.check("\n\n".join(paragraphs) + "\n", "\n\n".join(terse) + "\n", locale="zh_CN")
    assert [(f.slug, f.translation.line) for f in findings if f.slug == "omission"] == [("omission", 9)]


def test_a_paragraph_of_thousands_of_sentences_is_not_judged():
    up = " ".join(f"Sentence number {k} is here." for k in range(3000)) + "\n"
    tr = "。".join(f"第 {k} 句" for k in range(1000)) + "。\n"
    assert [f for f in relsync.check(up, tr, locale="zh_CN") if f.slug == "omission"] == []


FIXTURES = Path(__file__).parent / "fixtures" / "omission"


def test_a_sentence_left_out_with_its_link_is_found():
    """vuejs-translations/docs-zh-cn, src/guide/introduction.md before 9adb1d0: the tip leaves
    out "You can check your knowledge level with [this JavaScript overview](MDN link)", 17% of
    its paragraph; the link the sentence alone holds is gone from the translation."""
    en = (FIXTURES / "introduction.en.md").read_text(encoding="utf-8")
    before = (FIXTURES / "introduction.zh.md").read_text(encoding="utf-8")
    after = (FIXTURES / "introduction.fixed.zh.md").read_text(encoding="utf-8")
    found = [(f.translation.line, dict(f.details)["uncovered"])
             for f in relsync.check(en, before, locale="zh_CN", name="guide/introduction.md") if f.slug == "omission"]
    assert found == [(49, ["You can check your knowledge level with this JavaScript overview."])]
    assert [f for f in relsync.check(en, after, locale="zh_CN", name="guide/introduction.md")
            if f.slug == "omission"] == []


def _found_when_cut(upstream: str, translation: str, locale: str, name: str, cut: str, line: int) -> list[str]:
    """The parts quoted at ``line`` once ``cut`` is taken out of a fixture translation that
    has it, where the translation as it is has no omission finding."""
    found = _findings_when_cut(upstream, translation, locale, name, cut, line)
    return dict(found[0].details)["uncovered"] if found else []


def _findings_when_cut(upstream: str, translation: str, locale: str, name: str, cut: str, line: int) -> list:
    """The omission findings at ``line`` once ``cut`` is taken out of a fixture translation
    that has it, where the translation as it is has none there."""
    en = (FIXTURES / upstream).read_text(encoding="utf-8")
    tr = (FIXTURES / translation).read_text(encoding="utf-8")
    assert cut in tr
    assert line not in {f.translation.line for f in relsync.check(en, tr, locale=locale, name=name) if f.slug == "omission"}
    return [f for f in relsync.check(en, tr.replace(cut, "", 1), locale=locale, name=name)
            if f.slug == "omission" and f.translation.line == line]


def test_a_link_to_a_page_the_site_moved_is_not_lost():
    """mdn-firefox zh-cn/121, line 14: upstream links /en-US/docs/Web/Performance/Lazy_loading,
    the translation the same page where the site moved it (/zh-CN/docs/Web/Performance/Guides/
    Lazy_loading); the first sentence is translated and is not a part left out."""
    en = (FIXTURES / "firefox-121.en.md").read_text(encoding="utf-8")
    zh = (FIXTURES / "firefox-121.zh-cn.md").read_text(encoding="utf-8")
    findings = relsync.check(en, zh, locale="zh_CN", name="mozilla/firefox/releases/121/index.md")
    assert [f.translation.line for f in findings if f.slug == "omission"] == []


def _uncovered(upstream: str, translation: str, locale: str, name: str) -> list[tuple[int, list[str]]]:
    """The omission findings of two fixture files: translation line and the parts quoted."""
    en = (FIXTURES / upstream).read_text(encoding="utf-8")
    tr = (FIXTURES / translation).read_text(encoding="utf-8")
    return [(f.translation.line, dict(f.details)["uncovered"])
            for f in relsync.check(en, tr, locale=locale, name=name) if f.slug == "omission"]


@pytest.mark.parametrize("locale", ["ko", "tr"])
def test_a_clause_left_out_with_its_code_is_quoted_alone(locale):
    """fastapi-docs {ko,tr}/docs/advanced/advanced-python-types.md, line 26: both say the two
    forms are the same and why "optional" misleads, but not "I would recommend `Union`
    instead of `Optional`": the clause and its two code spans are gone. The Korean paragraph
    is as long as the document's ratio predicts for the whole. The Turkish renders the
    clauses before and after the one left out in one sentence, which cannot be one group
    around it: the cheapest reading left out the two clauses before it as well; the reading
    that translates them costs about as much, and only the clause whose code the
    translation lost is quoted."""
    found = _uncovered("advanced-python-types.en.md", f"advanced-python-types.{locale}.md", locale,
                       "advanced/advanced-python-types.md")
    assert found == [(26, ["but I would recommend Union instead of Optional"])]


def test_a_sentence_and_the_start_of_the_next_are_two_parts_left_out():
    """vue-docs zh/sponsor/index.md, line 50: the Chinese, of an older upstream, renders the
    second and third sentences in one shorter clause each; reading the second sentence and
    the start of the third as one part left out (one skip) made a false finding."""
    assert _uncovered("sponsor.en.md", "sponsor.zh.md", "zh_CN", "sponsor/index.md") == []


def _names_lost(upstream: str, translation: str, lower: str = "") -> set[str]:
    from relsync.checks import omission, units
    from relsync.checks.english import _lower_words
    from relsync.checks.masking import masked
    from relsync.checks.units import upstream_units

    up = parse(upstream).blocks[0]
    tr = parse(translation).blocks[0]
    ups, _ = upstream_units(up, masked(up))
    words = _lower_words(lower or upstream)
    held = masked(tr)[0]
    lost = units.lost_names(ups, tr, up.anchors.code, words, not omission._is_unlatin(held))
    return {key.removeprefix(units.NAME) for key in lost}


def test_names_a_translation_writes_nowhere_are_lost_when_it_writes_another_one():
    # tauri-docs es/start/frontend/index.mdx line 45: SSG kept, SPA and MPA not there
    assert _names_lost(
        "- Use static site generation (SSG), single-page applications (SPA), or classic multi-page apps (MPA).",
        "- Usa la generación de sitios estáticos (SSG).") == {"SPA", "MPA"}
    # mdn-firefox zh-cn/78/index.md line 53: the singular is the name written
    assert _names_lost("- Improved garbage collection of WeakMap objects. WeakMaps are now marked incrementally.",
                       "- 改进了 WeakMap 对象的垃圾回收。`WeakMap` 现在会以增量方式进行标记。") == set()


def test_no_name_is_lost_where_a_translation_in_another_script_writes_none_as_it_is():
    # changelog-naive-ui CHANGELOG.zh-CN.md line 3304: key names in the reader's words
    assert _names_lost("- `n-input-number` support keyboard events ArrowUp and ArrowDown operations.",
                       "- `n-input-number` 支持键盘的上键和下键操作") == set()
    # ... also where both write out the same address: a URL is no word kept
    assert _names_lost("- `n-input-number` support keyboard events ArrowUp and ArrowDown operations, see "
                       "https://www.naiveui.com/en-US/os-theme/components/input-number.",
                       "- `n-input-number` 支持键盘的上键和下键操作，见 https://www.naiveui.com/en-US/os-theme/components/input-number") == set()
    # a Latin-script translation keeps a name written in capitals inside as it is (mdn-firefox
    # fr/1.5 line 45, cut after “qui vous permettront de”); a word capitalized only is no evidence
    assert _names_lost("- Learn about the new Widgets that allow you to create Options windows easier using "
                       "less JavaScript code.",
                       "- Apprenez à utiliser les nouveaux composants graphiques qui vous permettront de.") == {
                           "JavaScript"}


def test_a_word_upstream_writes_in_lower_case_or_capitalized_for_a_sentence_start_is_no_name():
    from relsync.checks.units import names
    # vue-docs guide/scaling-up/tooling.md line 66, whose page writes “plugins” elsewhere
    link = "Tools / Plugins that help with auto migration"
    assert names(link, frozenset({"plugins"})) == set()
    assert names(link, frozenset()) == {"Plugins"}
    assert names("Vue CLI is the official webpack-based toolchain for Vue.", frozenset({"plugins"})) == {"Vue", "CLI"}
    # tauri-docs start/migrate/from-tauri-1.mdx line 931: “Spawn” starts the item
    assert names("Spawn a child process and retrieve the status code", frozenset()) == set()


def test_sentences_a_translation_writes_as_upstream_does_are_there():
    """mdn-firefox ko/3/index.md, line 8: the introduction is left in English. Cut its last
    sentence: the two sentences it writes as upstream does are not the part left out (by
    length alone the first sentence, about as long, could as well be), the last one is."""
    assert _uncovered("firefox-3.en.md", "firefox-3.ko.md", "ko", "mozilla/firefox/releases/3/index.md") == []
    assert _uncovered("firefox-3.en.md", "firefox-3.cut.ko.md", "ko", "mozilla/firefox/releases/3/index.md") == [
        (8, ["While it doesn't necessarily cover every little change, it will help you learn about the major "
             "improvements."])]


def test_a_clause_inside_a_sentence_is_not_left_out_by_a_translated_name_alone():
    """fastapi-docs uk/docs/editor-support.md, line 24: one sentence of ten clauses,
    translated whole and tersely ("you can check out the extension walkthrough" folded
    into "виберіть «Welcome: Open walkthrough...»"); its "Command Palette" is "Палітру
    команд". Reading its first four clauses as left out, by the length and that name alone,
    was a false finding: a name lost tells of a sentence's end left out, not of clauses
    inside a sentence whose end the translation renders."""
    assert _uncovered("editor-support.en.md", "editor-support.uk.md", "uk", "editor-support.md") == []


def test_the_document_ratio_is_that_of_its_translated_blocks():
    """mdn-firefox zh-tw/5/index.md, line 7: most of the page's blocks are left in English,
    which made the document's ratio English's (1.0), and its Chinese introduction, whole,
    read as leaving out its second sentence. The ratio comes from the blocks translated; a
    block left in upstream's words is judged against upstream's length."""
    assert _uncovered("firefox-5.en.md", "firefox-5.zh-tw.md", "zh_TW", "mozilla/firefox/releases/5/index.md") == []


def test_names_written_alike_count_for_no_length():
    """fastapi-docs zh/docs/advanced/wsgi.md, line 28: "建议改用 `a2wsgi` 包，使用方式保持不变。"
    renders both sentences; read at a ratio inflated by the names the page writes in Latin
    letters (WSGI, Flask, FastAPI), its second sentence looked left out."""
    assert _uncovered("wsgi.en.md", "wsgi.zh.md", "zh_CN", "advanced/wsgi.md") == []


def test_a_short_clause_holding_code_is_a_clause_of_its_own():
    """mdn-firefox ru/65/index.md, line 158: the `keypress` item stops at "за исключением
    клавиши" (except for the key), upstream going on with "the `Enter` key, and the `Shift` +
    `Enter` and `Ctrl` + `Enter` key combinations (...)". "and the `Shift` + `Enter`", under
    15 characters, was joined to the clause before it, which the translation begins, and
    the quote said only the `Ctrl` + `Enter` combination was left out. (`Enter`, held by
    three clauses of one sentence, is that sentence's own: the translation lost it.)"""
    found = dict(_uncovered("firefox-65.en.md", "firefox-65.ru.md", "ru", "mozilla/firefox/releases/65/index.md"))
    assert found[158][0].startswith("for the Enter key, and the Shift + Enter and Ctrl + Enter key combinations")


def test_code_held_by_clauses_of_one_sentence_is_that_sentences_own():
    """vue-docs zh/tutorial/src/step-4/description.md, line 58, its last sentence cut: the
    Chinese keeps `data`, which upstream's second sentence holds in two of its clauses ("the
    data properties declared" and "by `data`"). Counted as held by two units, it told
    nothing, and the two last sentences, as long as each other, were both readings of what
    is left out."""
    assert _uncovered("step-4.en.md", "step-4.cut.zh.md", "zh_CN", "tutorial/src/step-4/description.md") == [
        (58, ["We can update the component state by mutating these properties."])]


def test_a_block_of_names_in_a_translation_of_another_script_counts_them_for_no_length():
    """fastapi-docs zh/docs/project-generation.md, line 18 cut to "🎨 [Tailwind CSS](…)。"
    (upstream: "… and [shadcn/ui](…) for the frontend components."): a block with no Chinese
    letter was read as one in Latin letters, its names counting as translated text, so it
    looked as long as upstream predicts; and "and [shadcn/ui](…)", under 15 characters, was
    part of the clause the translation keeps."""
    assert _uncovered("project-generation.en.md", "project-generation.cut.zh.md", "zh", "project-generation.md") == [
        (18, ["and shadcn/ui for the frontend components."])]


def test_a_translation_far_shorter_than_any_reading_of_its_upstream_is_found():
    """fastapi-docs ja/docs/tutorial/request-files.md, line 84 cut to "一度 `await
    myfile.read()` を。" (once `await myfile.read()`): upstream says it is especially useful
    if you run `await myfile.read()` once and need to read the contents again. The
    translation is nine standard deviations shorter than predicted; the reading that leaves
    out the two clauses without the code is the cheapest, but the clause it keeps does not
    fit either (the translation cut that one too), and a reading that fits nothing was no
    finding. Far shorter than predicted, the parts no reading can give a counterpart are."""
    assert _uncovered("request-files.en.md", "request-files.cut.ja.md", "ja", "tutorial/request-files.md") == [
        (84, ["This is especially useful", "to read the contents again."])]


def test_a_short_document_is_judged_at_its_languages_measured_ratio():
    """tauri-docs es/start/frontend/nuxt.mdx, line 8: "Aprende más sobre Nuxt en
    https://nuxt.com. Esta guía es precisa a partir de Nuxt 3.7." for upstream's "Nuxt is a
    meta framework for Vue. Learn more about Nuxt at https://nuxt.com. This guide is accurate
    as of Nuxt 3.11.": the first sentence is not there. The page has too few paragraphs for a
    ratio of its own; judged at a guess for every Latin language (1.1, spread 0.3) it
    was not short enough. Spanish's ratio measured on the corpora is 1.08 (spread 0.10)."""
    found = dict(_uncovered("nuxt.en.mdx", "nuxt.es.mdx", "es", "start/frontend/nuxt.mdx"))
    assert found[8] == ["Nuxt is a meta framework for Vue."]


def test_a_code_span_of_words_in_another_script_is_prose():
    """fastapi-docs ja/docs/advanced/testing-events.md, line 8: the Japanese writes the link
    text it translates in a code span ("[`公式 Starlette ドキュメントサイトの「テストでの
    lifespan の実行」`](…) についての詳細を読むことができます。"). Held as code, the words
    counted for no length and the paragraph looked far shorter than upstream's; they are
    prose a reader reads."""
    assert _uncovered("testing-events.en.md", "testing-events.ja.md", "ja", "advanced/testing-events.md") == []


def test_two_sentences_alike_are_both_quoted_for_a_block_two_deviations_short():
    """vue-docs zh/tutorial/src/step-10/description.md, line 39, its middle sentence ("当
    `count` 改变时，侦听回调将被调用，并且接收新值作为参数。") cut: the first two upstream
    sentences both name `watch` and `count`, so either could be the one left out, and the
    block, 2.3 standard deviations shorter than predicted, was not short enough (2.5) to say
    so. Both are quoted, the cheaper reading first."""
    found = relsync.check((FIXTURES / "step-10.en.md").read_text(encoding="utf-8"),
                          (FIXTURES / "step-10.cut.zh.md").read_text(encoding="utf-8"), locale="zh_CN",
                          name="tutorial/src/step-10/description.md")
    details = [dict(f.details) for f in found if f.slug == "omission" and f.translation.line == 39]
    assert details == [{"uncovered": ["The watch callback is called when count changes, and receives the new value "
                                      "as the argument."],
                        "or": ["Here, we are using the watch option to watch changes to the count property."]}]


def test_a_part_left_out_starts_where_the_parenthesis_it_closes_opens():
    """vue-docs zh/guide/typescript/composition-api.md, lines 9-57 (its section on typing
    props): line 57 says it also works when `Props` is imported from another file, not "such
    as a relative import, a path alias (e.g., `@/types`), or an external dependency (e.g.,
    `node_modules`)". Clauses are cut at the comma of "(e.g.," and the cheapest reading
    left out from "`@/types`)," on: a quote that began inside a parenthesis, without what it
    gives an example of."""
    assert _uncovered("composition-api.en.md", "composition-api.zh.md", "zh_CN", "guide/typescript/composition-api.md") == [
        (49, ["as a relative import, a path alias (e.g., @/types), or an external dependency (e.g., node_modules)."])]


def test_a_part_left_out_that_a_block_pairing_with_nothing_may_be_is_told_one_level_lower():
    """mdn-firefox fr/2/index.md, line 121: the French splits the Textbox description in two
    paragraphs, its second sentence ("Support d'une propriété `editor` …", line 123) pairing
    with nothing. The first paragraph was reported as leaving out the `editor` sentence, a
    warning a reader finds false two lines below. The part left out may be that paragraph (in
    the same section, as long by the document's ratio, the same numbers): said so, at info."""
    en = (FIXTURES / "firefox-2.en.md").read_text(encoding="utf-8")
    fr = (FIXTURES / "firefox-2.fr.md").read_text(encoding="utf-8")
    found = [f for f in relsync.check(en, fr, locale="fr", name="mozilla/firefox/releases/2/index.md")
             if f.slug == "omission" and f.translation.line == 121]
    assert [(f.severity.name, dict(f.details).get("perhaps_at")) for f in found] == [("INFO", 123)]
    assert found[0].message.endswith("the translation's paragraph at line 123, which pairs with nothing and is as "
                                     "long, may be it")


def test_a_part_of_no_text_may_be_no_block():
    """`part_elsewhere` divides by the part's length: a part of no text (nothing but spaces)
    is no block's, not a division by zero."""
    from relsync.checks.moved import part_elsewhere
    cases = FIXTURES.parent / "align-cases"
    al = align(parse((cases / "mdn-note.en.md").read_text(encoding="utf-8")),
               parse((cases / "mdn-note.ru.md").read_text(encoding="utf-8"), locales=("en", "ru")))
    tr = next(b for b in al.translation.blocks if b.start == 8)
    assert any(not p.upstream for p in al.pairs)  # the translators' note, line 10, pairs with nothing
    assert part_elsewhere(al, tr, [" "], 1.07) is None
    assert part_elsewhere(al, tr, ["Want to help document Firefox 28? Look at the list of bugs to fix and go!"],
                          1.07).start == 10


def test_a_sentence_whose_code_is_all_lost_is_left_out_whatever_the_length():
    """tauri-docs zh-cn/plugin/cli.mdx, line 186, its middle sentence ("例如，`git` CLI 有 `git
    branch`、`git commit` 和 `git push`。") cut: the page's Chinese is terse (ratio 0.28), and
    the two sentences left are as long as the whole paragraph predicts. Only the code tells:
    every code span of the middle sentence is gone, none of the others'."""
    found = dict(_uncovered("cli.en.mdx", "cli.cut.zh-cn.mdx", "zh_CN", "plugin/cli.mdx"))
    assert found[186] == ["For instance, the git CLI has git branch, git commit and git push."]


def test_a_lead_in_bold_both_keep_is_not_the_part_left_out():
    """mdn-firefox zh-cn/3/index.md, line 137 cut after "有超过" (over): "**更少的内存占用。**
    Firefox 3 的内存使用比以往任何时候都有效，有超过。". Upstream's lead in bold ("**Memory use
    reduced.**") and the translation's are units of their own, and the cheapest reading left
    out the lead, which the translation renders, rather than the end it does not."""
    found = dict(_uncovered("firefox-3.en.md", "firefox-3.cut.zh-cn.md", "zh_CN", "mozilla/firefox/releases/3/index.md"))
    assert found[137] == ["and new features to help automatically locate and dispose of leaked memory blocks."]


def test_two_paragraphs_that_link_nowhere_are_no_split_of_one_that_links():
    """tauri-docs es/start/frontend/index.mdx, line 37 ("Conceptualmente Tauri desempeña el rol
    de un servidor web estático.") cut after its first sentence. The Spanish sets the
    "Configuration Checklist" section after the framework lists; its two paragraphs, the cut
    one shorter, were paired as one with upstream's tip at the page's end, which links to
    that checklist, and the cut was never judged. A split or merge whose one side links and
    whose other side links nowhere is another text."""
    found = dict(_uncovered("frontend.en.mdx", "frontend.cut.es.mdx", "es", "start/frontend/index.mdx"))
    assert found[37] == ["You need to provide Tauri with a folder containing some mix of HTML, CSS, Javascript and possibly "
                         "WASM that can be served to the webview Tauri provides."]


def test_a_quote_is_not_widened_to_a_clause_whose_link_the_translation_keeps():
    """`opening` widens a part that closes a parenthesis to the clause that opens it, unless
    that clause holds what the translation keeps; a link is held by its URL (its anchor key
    carries a prefix the translation's text has not)."""
    from relsync.checks.units import LINK_KEY, Unit, opening
    tr = parse("见[指南](/guide/intro)。\n").blocks[0]
    ups = [Unit("See the guide (for example,", 20, frozenset({LINK_KEY + "/guide/intro"}), 0),
           Unit("the setup section).", 15, frozenset(), 0)]
    assert opening(ups, [1], tr) == [1]
    assert opening([Unit(ups[0].text, 20, frozenset(), 0), ups[1]], [1], tr) == [0, 1]


def test_a_block_that_lost_two_numbers_of_a_sentence_is_looked_at_as_one_that_lost_two_code_spans():
    """fastapi-docs ko/docs/deployment/concepts.md, line 304, its middle sentence ("예를 들어
    **50%에서 90% 사이**처럼요.") cut, on a page whose ratio makes the rest as long as upstream
    predicts (half a standard deviation longer): upstream's "something between 50% to 90% of
    resource utilization" is its first sentence's clause holding both numbers. A block longer
    than predicted was looked at for a sentence whose anchors are all lost when it lost two
    code spans, not two numbers, though a sentence of two numbers counts as one of two code
    spans."""
    import math
    from relsync.checks.lengths import Ratio, lengths
    from relsync.checks.omission import omitted
    up = parse("You could put an **arbitrary number** to target, for example, something **between 50% to 90%** of "
               "resource utilization. The point is that those are probably the main things you will want to measure "
               "and use to tweak your deployments.\n").blocks[0]
    tr = parse("리소스 활용률 목표로 **임의의 수치**를 정할 수 있습니다. 요점은, 이런 것들이 배포를 조정할 때 측정하고 튜닝하는 "
               "주요 지표가 될 가능성이 크다는 것입니다.\n", locales=("en", "ko")).blocks[0]
    up_length, tr_length = lengths({}, up, tr)
    ratio = Ratio(math.log(tr_length / up_length) - 0.5 * 0.22, 0.22)
    found = omitted(up, tr, ratio, {})
    assert found is not None and found.parts == ["something between 50% to 90% of resource utilization."]


def test_words_a_block_left_in_upstreams_words_leaves_out_are_quoted():
    """mdn-firefox ru/28/index.md keeps some items in English. Line 33 is an older upstream's
    ("Support for the {{cssxref("background-blend-mode")}} property has been added"): it
    leaves out "but is disabled by default", one clause of upstream's one sentence with no
    anchor, which only a comparison of the words finds. Line 18 cut inside its one clause
    ("App Manager: a new.") leaves out "Manifest Editor was added"; a word reworded
    ("Experimental" dropped, one word) is no part left out."""
    en = (FIXTURES / "firefox-28.en.md").read_text(encoding="utf-8")
    ru = (FIXTURES / "firefox-28.ru.md").read_text(encoding="utf-8")
    ru = ru.replace("- App Manager: a new Manifest Editor was added.", "- App Manager: a new.")
    found = {f.translation.line: dict(f.details)["uncovered"]
             for f in relsync.check(en, ru, locale="ru", name="mozilla/firefox/releases/28/index.md")
             if f.slug == "omission"}
    assert found[33] == ["but is disabled by default"]
    assert found[18] == ["Manifest Editor was added"]


def test_references_before_the_items_a_block_introduces_cite_the_whole_block():
    """mdn-firefox ru/65/index.md, line 63: "Реализована поддержка свойств break-* (Firefox
    bug 775618):" for "The break-* properties have been implemented, and the legacy
    page-break-* properties have been aliased to them (Firefox bug 775618):". The bug link
    before the colon cites the whole entry, as one before a full stop does; read as the
    last clause's own, it held that clause translated and the clause between, with its
    `page-break-*`, could not be left out."""
    found = dict(_uncovered("firefox-65.en.md", "firefox-65.ru.md", "ru", "mozilla/firefox/releases/65/index.md"))
    assert found[63] == ["and the legacy page-break-* properties have been aliased to them"]


def test_texts_of_thousands_of_words_are_not_compared_word_for_word():
    from relsync.checks.units import LEFT_OUT_MAX_WORDS, words_left_out
    words = " ".join(f"word{k % 7}" for k in range(LEFT_OUT_MAX_WORDS + 1))
    assert words_left_out((words, ()), ("word0 word1", ())) == []
    assert words_left_out(("word0 word1 word2 word3", ()), ("word0 word1", ())) != []


def test_code_the_translation_writes_almost_alike_is_no_part_left_out():
    """vue-docs year-old zh api/composition-api-lifecycle.md, line 213, against the English
    of a year later: "你可以在 `errorCaptured()` 中更改组件状态来为用户显示一个错误状态。" translates
    "You can modify component state in `onErrorCaptured()` to display an error state to the
    user." with another name of the hook (code-mismatch's finding). Read as lost, the code
    span made its sentence the part left out."""
    assert 213 not in dict(_uncovered("lifecycle.en.md", "lifecycle.year-old.zh.md", "zh_CN",
                                      "api/composition-api-lifecycle.md"))
    en = (FIXTURES / "lifecycle.en.md").read_text(encoding="utf-8")
    zh = (FIXTURES / "lifecycle.year-old.zh.md").read_text(encoding="utf-8")
    slugs = {f.slug for f in relsync.check(en, zh, locale="zh_CN", name="api/composition-api-lifecycle.md")
             if f.translation and f.translation.line == 213}
    assert "code-mismatch" in slugs


_TERSE_EN = """# Title

## Section

The first paragraph explains how the reactivity system tracks every dependency of a component.

The second paragraph explains how updates are batched and applied in the next tick of the loop.

The third paragraph explains that watchers run after the component has been updated by Vue.

The fourth paragraph explains the difference between shallow and deep reactive objects here.

The fifth paragraph explains how computed properties cache their value until a dependency changes.

The sixth paragraph explains how to opt out of reactivity with markRaw for large objects.

Component state can be modified in the error hook to display an error state to the user. It is important that the error state does not render the content that caused the error.

```js
onErrorCaptured(() => {})
```
"""
_TERSE_ZH = """# 标题

## 章节

第一段解释了响应式系统如何追踪组件的每一个依赖。

第二段解释了更新如何被批量处理并在下一个时钟周期应用。

第三段解释了侦听器会在组件被 Vue 更新之后运行。

第四段解释了浅层响应式对象和深层响应式对象之间的区别。

第五段解释了计算属性如何缓存其值直到某个依赖发生变化。

第六段解释了如何使用 markRaw 让大型对象跳过响应式。

Component state can be modified in the error hook to display an error state to the user.

```js
onErrorCaptured(() => {})
```

It is important that the error state does not render the content that caused the error.
"""


def test_the_part_a_block_left_in_english_leaves_out_is_looked_for_at_upstreams_length():
    """A Chinese page (its ratio about 0.4) with one paragraph left in English that split off
    its second sentence below the code it speaks of (the sentences of vue's
    `onErrorCaptured()`): the part and the English paragraph pairing with nothing are as long
    as each other, as English is; read at the page's Chinese ratio they were not, and the
    finding did not name the paragraph."""
    found = [f for f in relsync.check(_TERSE_EN, _TERSE_ZH, locale="zh_CN", name="x.md") if f.slug == "omission"]
    assert [(f.translation.line, dict(f.details).get("perhaps_at")) for f in found] == [(17, 23)]


def test_a_translation_far_shorter_than_any_reading_is_found_by_its_length():
    """mdn-firefox ru/62/index.md, line 82, cut after "может быть вызван" (the bug reference
    gone too): the item keeps its macro and nothing of "now must only be called from a
    secure context", a clause with no boundary before it and no anchor of its own. Far
    shorter than predicted, as far as a block of one clause is reported at, it is found, the
    part quoted by the length the translation covers, as an estimate."""
    found = {line: parts for line, parts in _uncovered("firefox-62.en.md", "firefox-62.cut.ru.md", "ru",
                                                        "mozilla/firefox/releases/62/index.md")}
    assert found[82] == ["from a secure context (1460506)."]
    en = (FIXTURES / "firefox-62.en.md").read_text(encoding="utf-8")
    ru = (FIXTURES / "firefox-62.cut.ru.md").read_text(encoding="utf-8")
    finding = next(f for f in relsync.check(en, ru, locale="ru", name="mozilla/firefox/releases/62/index.md")
                   if f.slug == "omission" and f.translation.line == 82)
    assert dict(finding.details)["estimated"] is True
    assert "by its length the part left out is about" in finding.message


def test_references_a_far_short_translation_keeps_are_not_quoted():
    """mdn-firefox ru/63/index.md, line 106 (untouched): "Узлы ConstantSourceNode отныне имеют
    не один, а два канала ({{bug(1413283)}})." for an item that also says "for Web Audio
    API" and "in order to match the specification": the bug reference it keeps cites the
    whole item and is no part left out."""
    found = dict(_uncovered("firefox-63.en.md", "firefox-63.ru.md", "ru", "mozilla/firefox/releases/63/index.md"))
    assert found[106] == ["channel count of 2 rather than 1, in order to match the specification"]


def test_a_macros_text_that_names_code_is_no_prose():
    """mdn-firefox ru/65/index.md, line 140: upstream writes
    {{domxref("ServiceWorkerGlobalScope.messageerror_event", "ServiceWorkerGlobalScope.onmessageerror")}},
    the translation {{domxref("ServiceWorkerGlobalScope.onmessageerror")}}: both show the same
    name as code. Counted as prose on upstream's side only, the item read as far too short."""
    from relsync.checks.masking import masked, prose_length
    up = parse('- The {{domxref("A.messageerror_event", "A.onmessageerror")}} handler.\n').blocks[0]
    tr = parse('- The {{domxref("A.onmessageerror")}} handler.\n').blocks[0]
    assert prose_length(masked(up)[0]) == prose_length(masked(tr)[0])
    assert "A.onmessageerror" in masked(up)[1]
    prose = parse('- Use {{domxref("Node.textContent", "the text of a node")}} here.\n').blocks[0]
    assert "the text of a node" in masked(prose)[0]
    assert 140 not in dict(_uncovered("firefox-65.en.md", "firefox-65.ru.md", "ru",
                                      "mozilla/firefox/releases/65/index.md"))


def test_a_reference_macro_the_translation_names_nowhere_is_lost():
    """mdn-firefox fr/43/index.md, line 31, writes upstream's {{cssxref("font-stretch")}} as
    {{CSSxRef("font-stretch")}}: a macro written another way is no loss. Cut after "les
    valeurs de", the translation names `font-stretch` nowhere: the clause that held it is the
    part left out, though the French is long enough for the whole item by the page's ratio."""
    en = (FIXTURES / "firefox-43.en.md").read_text(encoding="utf-8")
    fr = (FIXTURES / "firefox-43.fr.md").read_text(encoding="utf-8")
    name = "mozilla/firefox/releases/43/index.md"
    assert [f for f in relsync.check(en, fr, locale="fr", name=name) if f.slug == "omission"] == []
    line = next(k for k, text in enumerate(fr.split("\n"), 1) if "font-stretch" in text)
    cut = fr.split("\n")
    cut[line - 1] = cut[line - 1].split(" {{CSSxRef(\"font-stretch\")}}")[0] + "."
    found = {f.translation.line: dict(f.details)["uncovered"]
             for f in relsync.check(en, "\n".join(cut), locale="fr", name=name) if f.slug == "omission"}
    assert line == 31
    assert found == {31: ['to accept {{cssxref("font-stretch")}} values (1057680).']}


def test_a_name_the_translation_translates_is_no_misfit_of_the_reading_that_skips():
    """tauri-docs zh-cn develop/Plugins/index.mdx, line 43, with its last sentence cut ("如果你
    想要初始化一个支持 Android 和/或 iOS 的插件，请使用 `--android` 和/或 `--ios` 命令行标志。"):
    the reading that leaves it out fits the rest but for upstream's `CLI`, which the
    translation writes 命令行 in the sentence it keeps. A lost name weighs in that reading's
    cost, not in how well its lengths fit (a name is often translated)."""
    en = (FIXTURES / "plugins.en.mdx").read_text(encoding="utf-8")
    zh = (FIXTURES / "plugins.zh-cn.mdx").read_text(encoding="utf-8")
    kept = "请使用 `--no-api` 命令行标志。"
    lines = zh.split("\n")
    assert lines[42].count(kept) == 1
    lines[42] = lines[42].split(kept)[0] + kept
    found = {f.translation.line: dict(f.details)["uncovered"]
             for f in relsync.check(en, "\n".join(lines), locale="zh_CN", name="develop/Plugins/index.mdx")
             if f.slug == "omission"}
    assert found == {43: ["use the --android and/or --ios flags."]}


def test_a_number_lost_is_a_misfit_of_the_reading_that_skips():
    """mdn-firefox ja/147/index.md, line 84, says that no experimental feature was added in
    this release, for upstream's template "These features are shipping in Firefox 147 but are
    disabled by default. To experiment with them, search … `about:config` …": a paragraph
    the translator wrote for the page as it is. The reading that leaves out upstream's last
    sentences keeps the first, whose "147" the translation has not: it fits no better than
    reading the paragraph as translated, and nothing is reported."""
    assert _uncovered("firefox-147.en.md", "firefox-147.ja.md", "ja", "mozilla/firefox/releases/147/index.md") == []


def test_a_translation_without_the_references_upstream_ends_with_stops_before_them():
    """mdn-firefox es/61/index.md, line 104, cut to "El constructor no-estandar `SVGNumber()`
    ha sido." for "The non-standard `SVGNumber()` constructor has been removed ([Firefox bug
    1455940](…)).": one clause, 2.7 standard deviations short, no clause boundary to tell
    where it stops; the bug it ends with, which it cites nowhere, says it stops before the
    end: the end is quoted as an estimate."""
    en = (FIXTURES / "firefox-61.en.md").read_text(encoding="utf-8")
    es = (FIXTURES / "firefox-61.es.md").read_text(encoding="utf-8")
    name = "mozilla/firefox/releases/61/index.md"
    item = "- El constructor no-estandar `SVGNumber()` ha sido eliminado ([Error 1455940 en Firefox](https://bugzil.la/1455940))."
    lines = es.split("\n")
    assert lines[103] == item
    assert [f for f in relsync.check(en, es, locale="es", name=name) if f.slug == "omission"] == []
    lines[103] = "- El constructor no-estandar `SVGNumber()` ha sido."
    found = [f for f in relsync.check(en, "\n".join(lines), locale="es", name=name) if f.slug == "omission"]
    assert [(f.translation.line, dict(f.details)) for f in found] == [
        (104, {"uncovered": ["has been removed (1455940)."], "estimated": True})]
    assert "without the references it ends with" in found[0].message


def test_the_references_a_page_keeps_everywhere_else_lost_need_a_deviation_short():
    """mdn-firefox ja/78/index.md, line 31, cut at its middle as ``bench_omissions.py`` cuts a
    list item: "キャッチされていない promise エラーについて、名前やスタックを含む詳細情報。" for
    "Uncaught promise errors now provide all details in the Console, including their name and
    stack. ([Firefox bug 1636590](…))", 1.4 standard deviations short, no code or name lost.
    The page's translation writes the references upstream ends a block with
    (``{{bug("…")}}``) in each of its other blocks: one that writes none stopped before its
    end. The same block left whole, or on a page that drops its references, is not reported."""
    en = (FIXTURES / "firefox-78.en.md").read_text(encoding="utf-8")
    ja = (FIXTURES / "firefox-78.ja.md").read_text(encoding="utf-8")
    name = "mozilla/firefox/releases/78/index.md"
    end = "をコンソールに表示するようになりました ({{bug(\"1636590\")}})"
    assert end in ja
    assert 31 not in [f.translation.line for f in relsync.check(en, ja, locale="ja", name=name) if f.slug == "omission"]
    cut = ja.replace(end, "", 1)
    found = [f for f in relsync.check(en, cut, locale="ja", name=name) if f.slug == "omission" and f.translation.line == 31]
    assert len(found) == 1 and dict(found[0].details)["estimated"] is True
    assert "without the references it ends with" in found[0].message
    # a page whose translation drops its references: the same cut says nothing
    uncited = re.sub(r"\{\{bug\(\"?\d+\"?\)\}\}", "", cut)
    uncited = re.sub(r"\s*[(（][\s,、]*[)）]", "", uncited)
    assert "{{bug(" not in uncited
    assert 31 not in [f.translation.line for f in relsync.check(en, uncited, locale="ja", name=name)
                      if f.slug == "omission"]


def test_a_short_block_that_lost_the_references_its_page_keeps_is_judged():
    """mdn-firefox zh-cn/65/index.md, line 70, cut at its middle as ``bench_omissions.py``
    cuts a list item: "[Mutation events](…) 在." for "[Mutation events](…) have been disabled
    in shadow trees ([Firefox bug 1489858](…))." Its link's text written alike left out,
    upstream has 36 characters of prose, under the 40 a block needs to be judged by its
    length alone; the page's translation writes the references in its other blocks, this
    one none: it is judged from 30."""
    found = _found_when_cut("firefox-65.en.md", "firefox-65.zh-cn.md", "zh_CN", "mozilla/firefox/releases/65/index.md",
                            " shadow trees 上已经被禁用 ([Firefox bug 1489858](https://bugzil.la/1489858))", 70)
    assert found == ["have been disabled in shadow trees (1489858)."]


def test_a_name_lost_where_a_translation_in_another_script_keeps_other_latin_words():
    """vue-docs zh tutorial/src/step-10/description.md, line 43, with its sentence
    "该组件被挂载时，会从模拟 API 中抓取 todo 数据，同时还有一个按钮可以改变要抓取的 todo 的 ID。"
    cut as ``bench_omissions.py`` cuts a middle sentence: upstream's "The code we have is
    fetching todos data from a mock API on component mount." holds "API" alone, which the
    translation now writes nowhere. It writes no other name of the block as it is ("ID" is a
    common English word), but it writes upstream's Latin words "ID" and "todo" as they are: a
    translator who keeps them keeps names, and the name lost tells the sentence left out."""
    found = _found_when_cut("watchers-step.en.md", "watchers-step.zh.md", "zh_CN", "tutorial/src/step-10/description.md",
                            "该组件被挂载时，会从模拟 API 中抓取 todo 数据，同时还有一个按钮可以改变要抓取的 todo 的 ID。", 43)
    assert found == ["The code we have is fetching todos data from a mock API on component mount."]


def test_a_short_list_item_that_stops_unfinished_is_judged():
    """fastapi-docs uk/docs/tutorial/path-params.md, line 247, cut at its middle as
    ``bench_omissions.py`` cuts a list item: "* Анотацію API та" for "* API annotation and
    automatic documentation". The item has no full stop, but a list item is whole: one that
    ends on "та" ("and") stops unfinished. The name written alike left out, upstream has 37
    characters of prose, under the 40 a block needs to be judged by its length alone: one that
    stops unfinished is judged from 30."""
    found = _findings_when_cut("path-params.en.md", "path-params.uk.md", "uk", "tutorial/path-params.md",
                               " автоматичну документацію", 247)  # (once in the page)
    assert [dict(f.details)["uncovered"] for f in found] == [["and automatic documentation"]]
    assert "stops unfinished" in found[0].message


def test_the_start_is_not_quoted_when_the_anchors_kept_stop_before_upstreams_end():
    """mdn-firefox ru/65/index.md, line 55, cut at its middle as ``bench_omissions.py`` cuts a
    list item: "… то есть элементы {{htmlelement("button")}}, {{htmlelement("fieldset")}}."
    keeps the first two of upstream's five elements and writes none of the others, nor
    `disabled`, nor the bug it ends with. What it leaves out is upstream's end, after the
    anchors it keeps; its start ("Events are now dispatched on disabled HTML elements"),
    which it translates, is no part left out (as it is for a language that writes upstream's
    last clause first, when the anchors it keeps reach upstream's end)."""
    en = (FIXTURES / "firefox-65.en.md").read_text(encoding="utf-8")
    ru = (FIXTURES / "firefox-65.ru.md").read_text(encoding="utf-8")
    name = "mozilla/firefox/releases/65/index.md"
    end = (', {{htmlelement("input")}}, {{htmlelement("select")}} и {{htmlelement("textarea")}} с установленными '
           'атрибутами `disabled` ([Firefox bug 329509](https://bugzil.la/329509))')
    assert end in ru
    found = [dict(f.details)["uncovered"] for f in relsync.check(en, ru.replace(end, "", 1), locale="ru", name=name)
             if f.slug == "omission" and f.translation.line == 55]
    assert found and not any("Events are now dispatched" in part for part in found[0])


def test_code_in_parentheses_the_translation_keeps_is_no_reference_lost():
    """fastapi-docs ja/docs/tutorial/background-tasks.md, line 45: "タスク関数に順番に渡す必要の
    ある引数の列 (`email`)。" for "Any sequence of arguments that should be passed to the task
    function in order (`email`).": terse, but the code in parentheses the item ends with is
    there; nothing is reported."""
    assert _uncovered("background-tasks.en.md", "background-tasks.ja.md", "ja", "tutorial/background-tasks.md") == []


def test_a_part_estimated_that_closes_a_parenthesis_starts_where_it_opens():
    """mdn-firefox ja/147/index.md, line 51, cut after "すべてのバージョンの macOS": by its length
    the part left out starts inside upstream's "(previously only macOS Tahoe support was
    enabled)"; the estimate quotes it from the parenthesis, not from "only"."""
    en = (FIXTURES / "firefox-147.en.md").read_text(encoding="utf-8")
    ja = (FIXTURES / "firefox-147.ja.md").read_text(encoding="utf-8")
    lines = ja.split("\n")
    kept = "すべてのバージョンの macOS"
    assert lines[50].count(kept) == 1
    lines[50] = lines[50].split(kept)[0] + kept
    found = {f.translation.line: dict(f.details)
             for f in relsync.check(en, "\n".join(lines), locale="ja", name="mozilla/firefox/releases/147/index.md")
             if f.slug == "omission"}
    assert found[51]["estimated"] is True
    assert found[51]["uncovered"] == ["(previously only macOS Tahoe support was enabled). (1993341)."]


def test_a_translation_that_keeps_upstreams_last_clause_first_leaves_out_its_start():
    """mdn-firefox ja/121/index.md, line 84, cut after "…宣言が含まれているとき、バ" (as
    bench_omissions.py cuts the second half of a list item), its bug reference gone: Japanese
    writes upstream's "when a manifest.json `background` key contains `service_worker` and
    `scripts` declarations" first and keeps its code spans, to upstream's end; by its length
    the part left out is upstream's start, the main clause, quoted as an estimate."""
    en = (FIXTURES / "firefox-121.en.md").read_text(encoding="utf-8")
    ja = (FIXTURES / "firefox-121.ja.md").read_text(encoding="utf-8")
    name = "mozilla/firefox/releases/121/index.md"
    lines = ja.split("\n")
    kept = "宣言が含まれているとき、バ"
    assert lines[83].count(kept) == 1
    assert [f for f in relsync.check(en, ja, locale="ja", name=name) if f.slug == "omission" and f.translation.line == 84] == []
    lines[83] = lines[83].split(kept)[0] + kept + "。"
    found = {f.translation.line: dict(f.details)
             for f in relsync.check(en, "\n".join(lines), locale="ja", name=name) if f.slug == "omission"}
    assert found[84] == {"uncovered": ["Fixed a bug that resulted in background pages not starting"], "estimated": True}


def test_a_one_clause_item_cut_to_its_first_words_is_reported():
    """mdn-firefox fr/2/index.md, line 25, cut as bench_omissions.py cuts a list item: "Un
    tutoriel sur la création." for "A tutorial on creating a microsummary generator." One
    clause, nothing lost but words: only the length tells, about 3.2 spreads of the page's
    ratio short. (fastapi-docs uk advanced/openapi-callbacks.md line 143, "з JSON-тілом на
    кшталт:" for "with a JSON body containing something like:", terse and whole, is 2.5.)"""
    en = (FIXTURES / "firefox-2.en.md").read_text(encoding="utf-8")
    fr = (FIXTURES / "firefox-2.fr.md").read_text(encoding="utf-8")
    whole = "  - : Un tutoriel sur la création d'un générateur de microrésumés."
    assert whole in fr
    found = [(f.translation.line, dict(f.details)["uncovered"])
             for f in relsync.check(en, fr.replace(whole, "  - : Un tutoriel sur la création."), locale="fr",
                                    name="mozilla/firefox/releases/2/index.md") if f.slug == "omission"]
    assert (25, ["A tutorial on creating a microsummary generator."]) in found
    assert not [f for f in relsync.check(en, fr, locale="fr", name="mozilla/firefox/releases/2/index.md")
                if f.slug == "omission" and f.translation.line == 25]


def test_a_translation_short_without_the_code_upstream_ends_with_is_reported():
    """mdn-firefox de/1.5/index.md, line 49, cut as bench_omissions.py cuts a list item: "Die
    Schnittstellen zum Zugriff auf." for "The interfaces for accessing XUL `<tree>` elements
    have changed." One clause, 1.5 spreads short or more, and the code span upstream ends
    with is nowhere in it: as when the references it ends with are lost, the length says
    about which part is left out. A translation that writes other numbers (ru/32's "ECMAScript
    6" for "ECMAScript 2015", a page kept at an older version) is number-mismatch's."""
    en = (FIXTURES / "firefox-1.5.en.md").read_text(encoding="utf-8")
    de = (FIXTURES / "firefox-1.5.de.md").read_text(encoding="utf-8")
    whole = "  - : Die Schnittstellen zum Zugriff auf XUL `<tree>`-Elemente haben sich geändert."
    assert whole in de
    name = "mozilla/firefox/releases/1.5/index.md"
    found = [f for f in relsync.check(en, de.replace(whole, "  - : Die Schnittstellen zum Zugriff auf."),
                                      locale="de", name=name) if f.slug == "omission" and f.translation.line == 49]
    assert len(found) == 1 and "without the code it ends with" in found[0].message
    assert dict(found[0].details)["uncovered"] == ["<tree> elements have changed."]
    assert not [f for f in relsync.check(en, de, locale="de", name=name)
                if f.slug == "omission" and f.translation.line == 49]


def test_a_sentence_whose_code_the_translation_writes_once_less_is_left_out():
    """real-fixes-vue 3f0dde3 (guide/built-ins/suspense.md, line 98): "The `<Suspense>`
    component emits 3 events: `pending`, `resolve` and `fallback`. The `pending` event occurs
    when entering a pending state. …", translated "除了 `pending` 事件之外，…" (besides the
    `pending` event): the second sentence is left out, and its translators added it later.
    Its one code span is the first sentence's too; the translation writes it once, upstream
    twice, and that sentence alone holds nothing else."""
    found = dict(_uncovered("suspense.en.md", "suspense.zh.md", "zh_CN", "guide/built-ins/suspense.md"))
    assert found[98] == ["The pending event occurs when entering a pending state."]


@pytest.mark.parametrize(("locale", "line"), [("es", 46), ("fr", 47)])
def test_a_clause_holding_a_term_the_document_keeps_is_left_out_without_it(locale, line):
    """tauri-docs {es,fr}/start/frontend/index.mdx: the translators write "frontend" as
    upstream does wherever upstream has it; the list item on mobile development cut after
    its first words ("un servidor de.") writes it nowhere, so the clause that held it is the
    part left out, though the item is not far enough short for its length alone to say it."""
    whole = dict(_uncovered("frontend.en.mdx", f"frontend.{locale}.mdx", locale, "start/frontend/index.mdx"))
    assert line not in whole  # (the item before it leaves out its "multi-page apps (MPA)", as it is)
    found = dict(_uncovered("frontend.en.mdx", f"frontend.item.{locale}.mdx", locale, "start/frontend/index.mdx"))
    assert found == {**whole, line: ["that can host the frontend on your internal IP."]}


def test_kept_terms_are_jargon_the_other_blocks_keep():
    """The terms of tauri-docs es/start/frontend/index.mdx: "frontend" (kept in each of its
    blocks), not "framework" (kept too, but a common English word: a translator may write
    its own), nor a word seen in one block."""
    from relsync.checks.terms import KeptTerms, kept_terms

    en = (FIXTURES / "frontend.en.mdx").read_text(encoding="utf-8")
    tr = (FIXTURES / "frontend.es.mdx").read_text(encoding="utf-8")
    al = align(parse(en, "frontend.en.mdx"), parse(tr, "frontend.es.mdx"))
    terms = kept_terms(al, {})
    assert "frontend" in terms and "tauri" in terms
    assert "framework" not in terms and "ip" not in terms
    # asked of a block that writes it nowhere: kept in the two others that hold it
    assert "frontend" in KeptTerms(al, {})
    cut = (FIXTURES / "frontend.item.es.mdx").read_text(encoding="utf-8")
    assert "frontend" in KeptTerms(align(parse(en, "frontend.en.mdx"), parse(cut, "frontend.item.es.mdx")), {})


def test_a_sentence_left_out_with_its_date_is_judged_though_the_block_is_not_far_short():
    """mdn-firefox zh-cn/65 line 8 cut after its first sentence, as `bench_omissions.py` cuts
    it: "Firefox 65 was released on January 29, 2019." is gone with its date, while the
    Chinese of the first sentence is as long as the page's ratio nearly predicts for both (a
    block that keeps every code span and number was judged only when 1.5 deviations short;
    the date was not among what it must keep)."""
    whole = dict(_uncovered("firefox-65.en.md", "firefox-65.zh-cn.md", "zh-CN", "65/index.md"))
    assert 8 not in whole
    found = dict(_uncovered("firefox-65.en.md", "firefox-65.cut.zh-cn.md", "zh-CN", "65/index.md"))
    assert found == {**whole, 8: ["Firefox 65 was released on January 29, 2019."]}


def test_a_block_a_little_short_that_writes_a_name_of_upstream_nowhere_is_judged():
    """tauri-docs zh-cn/start/frontend/index.mdx line 45 renders "Use static site generation
    (SSG)." and the sentence after it, not "single-page applications (SPA), or classic
    multi-page apps (MPA)": 1.2 deviations short, every code span and number kept, the names
    SPA and MPA written nowhere (as the Spanish and French pages of the same revision)."""
    found = dict(_uncovered("frontend.en.mdx", "frontend.zh-cn.mdx", "zh-CN", "start/frontend/index.mdx"))
    assert found.get(45) == ["single-page applications (SPA), or classic multi-page apps (MPA)."]


def _slugs_at(upstream: str, translation: str, locale: str, name: str, text: str | None = None) -> dict[int, list[str]]:
    """The findings of the English rules on two fixture files (or ``text`` for the
    translation), by translation line."""
    en = (FIXTURES / upstream).read_text(encoding="utf-8")
    tr = text if text is not None else (FIXTURES / translation).read_text(encoding="utf-8")
    found: dict[int, list[str]] = {}
    for f in relsync.check(en, tr, locale=locale, name=name):
        if f.slug in ("untranslated", "untranslated-clause"):
            found.setdefault(f.translation.line, []).append(f.slug)
    return found


def test_a_page_that_mixes_english_phrases_into_its_sentences_keeps_them_as_its_style():
    """fastapi-docs hi/docs/tutorial/server-sent-events.md writes Hindi around English
    phrases throughout ("FastAPI कुछ SSE best practices को out of the box implement करता है।",
    line 114), as the Hindi pages do: "out of the box implement" is the page's style, not a
    clause left untranslated; a whole sentence of upstream's English left in a translated
    paragraph still is one."""
    page = ("server-sent-events.en.md", "server-sent-events.hi.md", "hi", "tutorial/server-sent-events.md")
    assert 114 not in _slugs_at(*page)
    tr = (FIXTURES / "server-sent-events.hi.md").read_text(encoding="utf-8")
    left = tr.replace("`data` field हमेशा JSON के रूप में encode किया जाता है।",
                      "The `data` field is always encoded as JSON.")
    assert left != tr
    assert _slugs_at(*page, text=left).get(80) == ["untranslated-clause"]


def test_a_page_that_mixes_english_phrases_keeps_headings_in_english():
    """fastapi-docs hi/docs/features.md keeps technical headings in English among Hindi ones
    ("### Automatic docs", line 14, beside "### सिर्फ़ आधुनिक Python"), as its sentences keep
    English phrases: the page's style, not headings left untranslated."""
    from relsync.checks.terms import mixes_english

    assert 14 not in _slugs_at("features.en.md", "features.hi.md", "hi", "features.md")
    en = (FIXTURES / "features.en.md").read_text(encoding="utf-8")
    for locale, mixes in (("hi", True), ("es", False)):
        tr = (FIXTURES / f"features.{locale}.md").read_text(encoding="utf-8")
        assert mixes_english(align(parse(en, "features.en.md"), parse(tr, f"features.{locale}.md"))) is mixes


def test_a_heading_with_a_word_of_the_translations_own_language_is_translated():
    """fastapi-docs tr/docs/tutorial/frontend.md line 133, "## Dependencies ve Middleware":
    Turkish "ve" (and), which the page writes in its other blocks and its upstream nowhere,
    joins upstream's terms; not a heading left in English, though the language identifier
    reads its words as English. A sentence with such a word but a clause of upstream's words
    left beside it is still English left (mdn-firefox es/3 line 94, "Firefox 3 ofrece la
    nueva interface `nsIJSON`, which offers high-performance encoding and decoding of JSON
    strings.")."""
    assert 133 not in _slugs_at("frontend-fastapi.en.md", "frontend-fastapi.tr.md", "tr", "tutorial/frontend.md")
    # (reported by `untranslated-clause`, which quotes the clause, and which supersedes
    # `untranslated` on its line)
    assert _slugs_at("firefox-3.en.md", "firefox-3.es.md", "es", "3/index.md").get(94) == ["untranslated-clause"]


def test_the_words_of_a_translations_own_language_are_no_english_words():
    """Of the words the Turkish page writes in two blocks or more and its upstream nowhere,
    "ve" (short, and a word of Turkish by wordfreq's lists, though English writes it too)
    and "nedir" are its own; an English word upstream does not write is not."""
    from relsync.checks.terms import page_own_words

    en = "# Title\n\nUse dependencies here.\n\nAnd middleware there.\n"
    tr = ("# Başlık\n\nDependencies ve middleware nedir?\n\nBurada dependencies ve middleware nedir.\n\n"
          "Another sentence, another sentence.\n")
    own = page_own_words({}, align(parse(en, "en.md"), parse(tr, "tr.md")), "tr")
    assert {"ve", "nedir"} <= own
    assert "another" not in own and "sentence" not in own and "dependencies" not in own


def test_vowel_signs_are_letters_of_the_translations_script():
    """fastapi-docs hi/docs/tutorial/server-sent-events.md line 92 with its second sentence
    left in upstream's English: "`data` और `raw_data` mutually exclusive हैं। You can only set
    one of them on each `ServerSentEvent`." Its Hindi words are two, "और" and "हैं", five
    letters with the vowel signs of "हैं" (three without: the block was read as English as a
    whole, and the sentence went unreported)."""
    tr = (FIXTURES / "server-sent-events.hi.md").read_text(encoding="utf-8")
    left = tr.replace("आप हर `ServerSentEvent` पर उनमें से केवल एक ही set कर सकते हैं।",
                      "You can only set one of them on each `ServerSentEvent`.")
    found = _slugs_at("server-sent-events.en.md", "", "hi", "tutorial/server-sent-events.md", text=left)
    assert found.get(92) == ["untranslated-clause"]


def test_a_one_letter_code_span_is_not_kept_inside_a_word():
    """mdn-firefox ru/62 line 69 cut after "… входной параметр типа.": the translation lost
    `DOMPointInit` and the `x`, `y`, `z`, `w` parameters upstream ends with, 3.9 deviations
    short. `y` was read as kept (it is inside "DOMPointReadOnly"), so the part left out was
    taken to start after it and was too short to report."""
    whole = dict(_uncovered("firefox-62.en.md", "firefox-62.ru.md", "ru", "62/index.md"))
    assert 69 not in whole
    found = dict(_uncovered("firefox-62.en.md", "firefox-62.item.ru.md", "ru", "62/index.md"))
    assert set(found) == set(whole) | {69}
    assert "the values of the properties must be specified using the x, y, z, and w parameters" in found[69][0]


def test_a_code_span_is_held_where_the_text_writes_it_whole():
    """A code span's text is held where the text writes it as a token, not inside a word of
    Latin letters (`y` is no part of "ReadOnly"), and beside letters of another script
    ("`docstring`に")."""
    from relsync.checks.masking import masked

    up = parse("The `DOMPointReadOnly` constructor takes `x`, `y`, `z` and `w` (yes).\n", "en.md").blocks[0]
    text, anchors = masked(up)
    assert sorted(anchors) == ["DOMPointReadOnly", "w", "x", "y", "z"]
    assert "(yes)" in text
    ja = parse("`docstring`にMarkdownを記述できます。\n", "ja.md").blocks[0]
    assert masked(ja)[1] == ("docstring",)
    from relsync.checks.masking import hold, unmask

    from relsync.checks.masking import written_whole

    assert written_whole("docstringに記述", "docstring") and not written_whole("DOMPointReadOnly", "y")
    held, values = hold("The ReadOnly view takes y and x.", ("y", "x"))
    assert held.startswith("The ReadOnly view takes ") and unmask(held, values) == "The ReadOnly view takes y and x."



def test_the_references_a_translation_ends_with_are_no_sentence_of_its_own():
    """mdn-firefox fr/150, line 114 without its middle sentence ("Cela améliore
    l'interopérabilité…", as `benchmarks/bench_omissions.py` cuts it): upstream's "([Firefox
    bug 2018797](…))." is no sentence, the translation's "([bogue Firefox 2018797
    <sup>(angl.)</sup>](…))." was counted as one, and a block with as many sentences as
    upstream needs a far larger shortfall to be reported."""
    name = "mozilla/firefox/releases/150/index.md"
    assert [line for line, _ in _uncovered("firefox-150.en.md", "firefox-150.fr.md", "fr", name)] == []
    found = _uncovered("firefox-150.en.md", "firefox-150.cut.fr.md", "fr", name)
    assert [line for line, _ in found] == [114]
    assert found[0][1][0].startswith("This improves interoperability with other browsers")


def test_a_block_that_may_stop_short_is_judged_as_one_that_does():
    """mdn-firefox fr/3, line 250 cut after "informe les logiciels" (as
    `benchmarks/bench_omissions.py` cuts a list item): upstream's sentence has two clauses of
    about one length, and leaving out either explains the translation as well by length. One
    of the two readings is a translation that stops short, which is reported 2.5 deviations
    short (the block is 3.4). "Firefox", a term the French page keeps, is in the first clause
    alone, and the translation writes it: the clause left out is the second (it was quoted
    as the first before the page's kept terms told which clause is rendered)."""
    name = "mozilla/firefox/releases/3/index.md"
    assert 250 not in [line for line, _ in _uncovered("firefox-3.en.md", "firefox-3.fr.md", "fr", name)]
    found = dict(_uncovered("firefox-3.en.md", "firefox-3.cut.fr.md", "fr", name))
    assert found[250] == ["when executable files are downloaded."]


def test_a_sentence_left_out_whole_is_told_by_the_sentences_the_translation_has():
    """tauri-docs es plugin/index.mdx, line 10 without its second sentence ("En esta página
    encontrarás:", as `benchmarks/bench_omissions.py` cuts it): the reading that renders
    "Tauri comes with extensibility in mind. On this page you'll find:" as one sentence costs
    2.0 more than the one that leaves the second out; with a sentence fewer than upstream and
    a whole sentence left out, 1.5 is enough."""
    assert _uncovered("plugin-index.en.mdx", "plugin-index.es.mdx", "es", "plugin/index.mdx") == []
    found = _uncovered("plugin-index.en.mdx", "plugin-index.cut.es.mdx", "es", "plugin/index.mdx")
    assert found == [(10, ["On this page you'll find:"])]


def test_a_latin_word_of_one_sentence_in_a_chinese_translation_keeps_that_sentence():
    """naive-ui's changelog, releases 2.41.0 to 2.38.3: "修复 `n-date-picker` 默认 `weekFormat` 中
    year 和 week 标准不同，现在使用 local year 和 local week" renders both of upstream's sentences
    in one; "local", a word of upstream's second sentence alone (in both of its clauses),
    says it is there, though the Latin letters of the translation's terms outnumber its
    Chinese ones (the locale says which script the translation is written in)."""
    found = _uncovered("changelog-2.40.en.md", "changelog-2.40.zh-CN.md", "zh_CN", "CHANGELOG.md")
    assert 83 not in [line for line, _ in found]


def test_a_lead_in_bold_ending_with_a_colon_is_a_sentence_of_its_own():
    """vue-docs guide/essentials/event-handling.md, line 11 cut at its middle ("2.
    **方法事件处理器**：一个指向。", as `benchmarks/bench_omissions.py` cuts a list item): the
    translation's lead in bold is a sentence of its own, upstream's "**Method handlers:**" was
    not, so the item stopping short had as many sentences as upstream and needed 3.5
    deviations of shortfall (3.4)."""
    name = "guide/essentials/event-handling.md"
    assert 11 not in [line for line, _ in _uncovered("event-handling.en.md", "event-handling.zh.md", "zh_CN", name)]
    found = dict(_uncovered("event-handling.en.md", "event-handling.cut.zh.md", "zh_CN", name))
    assert found[11] == ["to a method defined on the component."]


def test_a_block_left_in_upstreams_words_counts_a_hyphenated_word_as_one():
    """mdn-firefox zh-cn/65 line 71, an item the Chinese page keeps in English, cut as
    `bench_omissions.py` cuts a list item: "The non-standard {{domxref("MediaStream")}}
    property `currentTime`." keeps three of upstream's words, "non-standard" one of them. Its
    hyphenated words were no words at all, so the block fell short of the three words a block
    left in upstream's words needs and was read at the page's Chinese ratio, as long as
    predicted. The part quoted closes the parenthesis it opens."""
    en = (FIXTURES / "firefox-65.en.md").read_text(encoding="utf-8")
    zh = (FIXTURES / "firefox-65.zh-cn.md").read_text(encoding="utf-8")
    whole = "property `currentTime` has been removed ([Firefox bug 1502927](https://bugzil.la/1502927))."
    assert whole in zh
    findings = relsync.check(en, zh.replace(whole, "property `currentTime`.", 1), locale="zh-CN", name="65/index.md")
    found = {f.translation.line: dict(f.details)["uncovered"] for f in findings if f.slug == "omission"}
    assert found.get(71) == ["has been removed (1502927)"]


@pytest.mark.parametrize("locale, line, written", [
    ("ja", 89, "**Document Picture-in-Picture API** (Nightly): `dom.documentpip.enabled`"),
    ("fr", 101, "**L'API Document Picture-in-Picture** (Nightly)&nbsp;: `dom.documentpip.enabled`"),
])
def test_a_block_left_in_upstreams_words_that_lost_the_code_it_ends_with_is_judged_by_its_words(
        locale, line, written):
    """mdn-firefox {ja,fr}/148, the experimental feature's item, which both pages keep in
    upstream's words, cut after its name as `bench_omissions.py` cuts a list item: "(Nightly):
    `dom.documentpip.enabled`" is gone. Its prose is 1.4 deviations short of upstream's,
    less than a block is judged at by its length alone; having lost the code upstream ends
    with, the words it leaves out of upstream's are what is told, the parenthesis opened."""
    en = (FIXTURES / "firefox-148.en.md").read_text(encoding="utf-8")
    tr = (FIXTURES / f"firefox-148.{locale}.md").read_text(encoding="utf-8")
    name = "mozilla/firefox/releases/148/index.md"
    assert written in tr
    assert line not in {f.translation.line for f in relsync.check(en, tr, locale=locale, name=name)
                        if f.slug == "omission"}
    cut = tr.replace(written, written.split(" (Nightly)")[0], 1)
    found = {f.translation.line: dict(f.details)["uncovered"]
             for f in relsync.check(en, cut, locale=locale, name=name) if f.slug == "omission"}
    assert found[line][0].endswith("(Nightly): dom.documentpip.enabled")  # (fr: "API (Nightly): …", "L'API" moved)


def test_a_whole_sentence_left_out_with_the_address_it_gives_needs_a_smaller_margin():
    """tauri-docs es/start/frontend/trunk.mdx line 6 without its middle sentence, as
    `bench_omissions.py` cuts it: "Learn more about Trunk at https://trunkrs.dev." is gone,
    and with it the address, which the translation has nowhere. The Spanish is wordy, so
    reading the two sentences left as the three of upstream cost only 1.4 more than
    leaving one out: less than the margin a whole sentence needs (1.5). An address, unlike
    code, is never translated: a whole sentence that holds one needs a margin of 1.0. Only
    a whole sentence of a translation with fewer sentences: mdn-firefox es/1.5 line 21,
    the extensions item translated whole without its FireBug link, a sentence of one, is
    no finding."""
    en = (FIXTURES / "trunk.en.mdx").read_text(encoding="utf-8")
    es = (FIXTURES / "trunk.es.mdx").read_text(encoding="utf-8")
    sentence = " Obtén más información sobre Trunk en https://trunkrs.dev."
    assert sentence in es
    name = "start/frontend/trunk.mdx"
    assert [f for f in relsync.check(en, es, locale="es", name=name) if f.slug == "omission"] == []
    found = {f.translation.line: dict(f.details)["uncovered"]
             for f in relsync.check(en, es.replace(sentence, "", 1), locale="es", name=name) if f.slug == "omission"}
    assert found == {6: ["Learn more about Trunk at https://trunkrs.dev."]}
    lines = [f.translation.line for f in relsync.check(
        (FIXTURES / "firefox-1.5.en.md").read_text(encoding="utf-8"),
        (FIXTURES / "firefox-1.5.es.md").read_text(encoding="utf-8"), locale="es",
        name="mozilla/firefox/releases/1.5/index.md") if f.slug == "omission"]
    assert 21 not in lines


def test_a_term_the_page_keeps_tells_which_sentence_a_latin_translation_renders():
    """fastapi-docs tr/docs/alternatives.md line 410 without its middle sentence, as
    `bench_omissions.py` cuts it: "Although it's faster than Marshmallow in benchmarks." is
    gone. By length alone the two sentences left read as well as upstream's first and
    second as its first and third, and the block was silent. "Python", a term the Turkish
    page writes as upstream does block after block (`terms.KeptTerms`), is in upstream's
    third sentence alone and in the translation's second: that sentence is rendered, as a
    translation in another script tells by the names it writes in Latin letters."""
    en = (FIXTURES / "alternatives.en.md").read_text(encoding="utf-8")
    tr = (FIXTURES / "alternatives.tr.md").read_text(encoding="utf-8")
    sentence = " Kıyaslamalarda Marshmallow’dan daha hızlıdır."
    assert sentence in tr
    name = "alternatives.md"
    assert 410 not in {f.translation.line for f in relsync.check(en, tr, locale="tr", name=name) if f.slug == "omission"}
    found = {f.translation.line: dict(f.details)["uncovered"]
             for f in relsync.check(en, tr.replace(sentence, "", 1), locale="tr", name=name) if f.slug == "omission"}
    assert found.get(410) == ["Although it's faster than Marshmallow in benchmarks."]


@pytest.mark.parametrize(("upstream", "translation", "locale", "name", "line", "why", "part"), [
    # "Las sesiones del lado cliente y el almacenamiento continuo permiten que." (allow that):
    # 2.1 deviations short, one clause, no anchor: only its last word tells it stops
    ("firefox-2.en.md", "firefox-2.cut.es.md", "es", "mozilla/firefox/releases/2/index.md", 29,
     "its last word “que” ends no sentence", "store structured data on the client side."),
    # "在安装过程中，选中“使用。" opens a quote it never closes: the part starts at upstream's
    # own quote
    ("prerequisites.en.mdx", "prerequisites.cut.zh-cn.mdx", "zh_CN", "start/prerequisites.mdx", 150,
     "it opens “ and does not close it", '"Desktop development with C++" option.'),
    # "Pendant l'installation, cochez l'option "Développement.": 1.3 deviations short only (the
    # French is wordy), as an unfinished end needs (1.0)
    ("prerequisites.en.mdx", "prerequisites.cut.fr.mdx", "fr", "start/prerequisites.mdx", 149,
     'it opens " and does not close it', '"Desktop development with C++" option.'),
    # "Firefox 2 支援 O。": "OpenSearch" cut after its first letter
    ("firefox-2.en.md", "firefox-2.cut.zh-tw.md", "zh_TW", "mozilla/firefox/releases/2/index.md", 21,
     "its last word “O” is a letter of a word cut", "search engine format."),
])
def test_a_translation_that_stops_unfinished_left_its_end_out(upstream, translation, locale, name, line, why, part):
    """A block shorter than predicted (a deviation at least) whose end is unfinished, where no
    sentence, clause or anchor tells the part left out: its end, as far as its length tells
    (the cuts `bench_omissions.py` makes of the real pages)."""
    en = (FIXTURES / upstream).read_text(encoding="utf-8")
    tr = (FIXTURES / translation).read_text(encoding="utf-8")
    found = {f.translation.line: f for f in relsync.check(en, tr, locale=locale, name=name) if f.slug == "omission"}
    assert why in found[line].message
    assert dict(found[line].details) == {"uncovered": [part], "estimated": True}


def test_a_whole_sentence_left_out_with_the_url_it_writes_out_needs_only_to_be_cheaper():
    """tauri-docs zh-cn/start/frontend/trunk.mdx line 11 without its middle sentence, as
    `bench_omissions.py` cuts it: "Trunk 是一个用于 Rust 的 WASM 网络应用程序打包工具。本指南适用于
    Trunk 0.17.5 版本。" The Chinese is wordy (0.7 deviations longer than the page's ratio
    predicts even without the sentence), and leaving out "Learn more about Trunk at
    https://trunkrs.dev." was only 0.24 cheaper than reading the two sentences as three. A URL
    written out is text a reader sees and no translator translates: a whole sentence of
    a translation with fewer sentences, holding one the translation writes nowhere, needs
    only to be the cheaper reading. The page as it is, which writes the URL, is no finding."""
    assert _found_when_cut("trunk.en.mdx", "trunk.zh-cn.mdx", "zh_CN", "start/frontend/trunk.mdx",
                           "要了解更多关于 Trunk 的信息，请访问 https://trunkrs.dev 。", 11) == [
        "Learn more about Trunk at https://trunkrs.dev."]


def test_the_end_of_a_block_of_one_sentence_left_out_clearly_is_found():
    """mdn-firefox es/2 line 58 without its second sentence ("Con mejoras de seguridad para que
    tu experiencia en línea sea más segura y práctica que nunca."), as `bench_omissions.py`
    cuts it: upstream is one sentence of five clauses, the translation renders the first two,
    3.3 deviations short, and leaving out the last three is 6 squared deviations cheaper than
    any reading that renders them, with no other part alike. The end of a block of several
    sentences needs 2.5 deviations; of one sentence, only when so clear (by 4: terse
    renderings of one sentence are often as short, their other parts about as likely)."""
    cut = " Con mejoras de seguridad para que tu experiencia en línea sea más segura y práctica que nunca."
    assert _found_when_cut("firefox-2.en.md", "firefox-2.cut.es.md", "es", "mozilla/firefox/releases/2/index.md",
                           cut, 58) == ["with improved security features to make your online experience safer and more "
                                        "convenient than ever."]


def test_only_a_url_written_out_is_written_lost():
    """`units.written_lost`: a URL the text writes out (tauri-docs trunk.mdx "Learn more about
    Trunk at https://trunkrs.dev.") that the translation writes nowhere; not the destination
    of a link with its own text, which `address_lost` judges by the page it leads to."""
    from relsync.checks.units import LINK_KEY, written_lost
    tr = parse("Trunk 是一个用于 Rust 的 WASM 网络应用程序打包工具。请访问 [官网](https://example.org/trunk)。\n").blocks[0]
    assert written_lost("https://trunkrs.dev", tr)
    assert not written_lost("https://example.org/trunk/", tr)
    assert not written_lost(LINK_KEY + "https://trunkrs.dev/guide", tr)


def test_a_code_span_is_not_kept_by_the_url_of_a_link_both_have():
    """fastapi-docs de/tutorial/index.md line 93 without its second sentence ("`uv` erledigt
    dies automatisch, wenn Sie ein Package hinzufügen."), as `bench_omissions.py` cuts it: the
    sentence's code span `uv` is in the URL of the link both keep
    (`https://docs.astral.sh/uv/concepts/projects/sync/`), and was read as kept, so the
    sentence could not be the part left out. A code span written inside a link both have is
    no code span the translation keeps."""
    assert _found_when_cut("tutorial-index.en.md", "tutorial-index.de.md", "de", "tutorial/index.md",
                           " `uv` erledigt dies automatisch, wenn Sie ein Package hinzufügen.", 93) == [
        "uv does this automatically when you add a package."]


def test_a_sentence_of_one_word_is_counted_alike_on_both_sides():
    """fastapi-docs pt/tutorial/security/get-current-user.md line 71 without its last sentence
    ("Você pode usar essas mesmas ferramentas."), as `bench_omissions.py` cuts it: upstream's
    "Sure." is no sentence that says something (one word), and was not counted, while the
    translation's "Claro." was: two sentences each, where the translation has one fewer, and
    the whole sentence left out needed the margin of a part. A sentence of one word in a
    script that spaces its words is counted on neither side."""
    assert _found_when_cut("get-current-user.en.md", "get-current-user.pt.md", "pt",
                           "tutorial/security/get-current-user.md", " Você pode usar essas mesmas ferramentas.", 71) == [
        "You can use these same tools."]


def test_a_translation_linking_a_name_upstream_writes_as_code_is_judged():
    """mdn-firefox zh-tw/1.5 line 54, an item the page keeps in English, cut after "including"
    (as `bench_omissions.py` cuts a list item): the translation links the interface upstream
    writes as code ("[nsIInterfaceRequestor](…)::GetInterface" for
    "`nsIInterfaceRequestor::GetInterface`"). A translation that links where upstream links
    nothing was taken for another item paired with it, and never judged; a link whose text
    upstream writes is the same item."""
    en = (FIXTURES / "firefox-1.5.en.md").read_text(encoding="utf-8")
    tr = (FIXTURES / "firefox-1.5.cut.zh-tw.md").read_text(encoding="utf-8")
    found = {f.translation.line: dict(f.details)["uncovered"]
             for f in relsync.check(en, tr, locale="zh_TW", name="mozilla/firefox/releases/1.5/index.md")
             if f.slug == "omission"}
    assert found[54][-1] == "Useful interfaces here include nsIChannelEventSink and nsIBadCertListener."
