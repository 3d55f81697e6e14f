from __future__ import annotations

from relsync import align, parse
from relsync.pipeline import load_document

from .conftest import EXAMPLE_TR, EXAMPLE_UP, ROOT


def example():
    return align(load_document(EXAMPLE_UP), load_document(EXAMPLE_TR, "zh_CN"))


def covered_once(al):
    up = [i for p in al.pairs for i in p.upstream]
    tr = [i for p in al.pairs for i in p.translation]
    return sorted(up) == list(range(len(al.upstream.blocks))) and sorted(tr) == list(
        range(len(al.translation.blocks))
    )


def by_upstream_line(al, line):
    for p in al.pairs:
        span = al.span(p, "upstream")
        if span and span[0] == line:
            return p
    raise AssertionError(f"no pair at upstream line {line}")


def test_example_covers_every_block_once_with_scores_in_range():
    al = example()
    assert covered_once(al)
    assert all(0.0 <= p.score <= 1.0 for p in al.pairs)


def test_example_title_in_front_matter_pairs_with_the_h1():
    al = example()
    title = by_upstream_line(al, 6)
    assert [al.translation.blocks[i].kind for i in title.translation] == ["title"]


def test_example_split_paragraph_and_extra_credit_line():
    al = example()
    split = by_upstream_line(al, 38)  # one upstream paragraph, two in the translation
    assert al.span(split, "translation") == (37, 39) and len(split.translation) == 2
    extras = [al.translation_blocks(p)[0].text for p in al.pairs if not p.upstream]
    assert extras == ["译者：@片刻"]
    assert not [p for p in al.pairs if not p.translation and al.upstream.blocks[p.upstream[0]].kind != "front_matter"]


def test_example_headings_all_pair_in_order():
    al = example()
    pairs = [(al.upstream_blocks(p)[0].text, al.translation_blocks(p)[0].text)
             for p in al.pairs if p.is_match and p.kind == "heading"]
    assert pairs[1] == ("BETA FEATURES", "测试版功能")
    assert ("PROTOTYPE FEATURES", "原型特点") in pairs
    assert len(pairs) == 14


UP = """# Release 3.1

Intro with `api.call()` and 3.1 and [docs](https://d.example/x).

## Part A

Alpha uses `alpha()` and 12 steps.

Beta uses `beta()` with https://b.example/y.

## Part B

Gamma has `gamma()` and 40 items.

Delta has `delta()` and 50 items.

| Name | Value |
|---|---|
| `one` | 1.5 |
| `two` | 2.5 |
| `three` | 3.5 |
"""


def test_dropped_section_is_missing_and_the_rest_still_pairs():
    tr = """# 发布 3.1

介绍 `api.call()` 和 3.1，[文档](https://d.example/x)。

## B 部分

Gamma 有 `gamma()` 和 40 项。

Delta 有 `delta()` 和 50 项。

| 名称 | 值 |
|---|---|
| `one` | 1.5 |
| `two` | 2.5 |
| `three` | 3.5 |
"""
    al = align(parse(UP), parse(tr))
    assert covered_once(al)
    missing = [al.upstream_blocks(p)[0].text for p in al.pairs if not p.translation]
    assert missing == ["Part A", "Alpha uses alpha() and 12 steps.", "Beta uses beta() with https://b.example/y."]
    assert all(p.is_match for p in al.pairs if p.upstream and al.upstream.blocks[p.upstream[0]].start >= 11)


def test_merged_paragraphs_and_translator_note_and_reordered_rows():
    tr = """# 发布 3.1

介绍 `api.call()` 和 3.1，[文档](https://d.example/x)。

## A 部分

Alpha 使用 `alpha()`，共 12 步；Beta 使用 `beta()`，见 https://b.example/y。

> 译者注：这一节很重要。

## B 部分

Gamma 有 `gamma()` 和 40 项。

Delta 有 `delta()` 和 50 项。

<table>
<tr><th>名称</th><th>值</th></tr>
<tr><td>three</td><td>3.5</td></tr>
<tr><td>one</td><td>1.5</td></tr>
<tr><td>two</td><td>2.5</td></tr>
</table>
"""
    al = align(parse(UP), parse(tr))
    assert covered_once(al)
    merged = [p for p in al.pairs if len(p.upstream) == 2]
    assert len(merged) == 1 and al.span(merged[0], "translation") == (7, 7)
    extra = [al.translation_blocks(p)[0].text for p in al.pairs if not p.upstream]
    assert extra == ["译者注：这一节很重要。"]
    rows = {al.upstream_blocks(p)[0].cells[0].text: al.translation_blocks(p)[0].cells[0].text
            for p in al.pairs if p.kind == "table_row" and p.is_match}
    assert rows == {"Name": "名称", "one": "one", "two": "two", "three": "three"}


def test_partly_english_translation_still_aligns():
    tr = UP.replace("Gamma has", "Gamma 有").replace("## Part A", "## A 部分")
    al = align(parse(UP), parse(tr))
    assert all(p.is_match for p in al.pairs)
    same = [p for p in al.pairs if al.upstream_blocks(p)[0].text == al.translation_blocks(p)[0].text]
    assert len(same) == len(al.pairs) - 2
    assert all(p.score >= 0.9 for p in same)


def test_long_documents_align_in_order():
    sections = "".join(f"## S{i}\n\nText `f{i}()` with {i + 100} things.\n\n" for i in range(400))
    tr = "".join(f"## 第 {i} 节\n\n文字 `f{i}()` 有 {i + 100} 个。\n\n" for i in range(400) if i != 200)
    al = align(parse(sections), parse(tr))
    assert covered_once(al)
    missing = [al.upstream_blocks(p)[0].text for p in al.pairs if not p.translation]
    assert missing == ["S200", "Text f200() with 300 things."]


def test_lis_takes_one_point_per_row():
    from relsync.similarity import increasing_chain

    chain = increasing_chain([(0, 0), (1, 1), (1, 2), (2, 3)])
    assert chain == [(0, 0), (1, 2), (2, 3)] or chain == [(0, 0), (1, 1), (2, 3)]
    assert len({x for x, _ in chain}) == len(chain)


def test_split_paragraph_whose_halves_share_unique_anchors_is_one_pair():
    up = "# T\n\nFirst `alpha()` sentence, then `beta()` sentence, and more words here.\n\nTail `gamma()`.\n"
    tr = "# T\n\n第一句 `alpha()`。\n\n然后 `beta()` 句子。\n\n结尾 `gamma()`。\n"
    al = align(parse(up), parse(tr))
    assert covered_once(al)
    split = [p for p in al.pairs if len(p.translation) == 2]
    assert len(split) == 1 and al.span(split[0], "translation") == (3, 5)


def test_translator_notes_in_short_documents_stay_extra():
    up = "# Notes 1.2\n\nThe `run()` call is faster now.\n\nUse `stop()` to end it.\n"
    for note in ("> 译者注：这里的说明很重要。", "译者：@片刻"):
        tr = f"# 说明 1.2\n\n`run()` 调用现在更快了。\n\n{note}\n\n用 `stop()` 结束它。\n"
        al = align(parse(up), parse(tr))
        assert covered_once(al)
        extra = [al.translation_blocks(p)[0].text for p in al.pairs if not p.upstream]
        assert extra == [note.lstrip("> ")], note
        assert all(len(p.translation) <= 1 for p in al.pairs)


def test_table_rows_pair_by_the_cells_they_keep():
    # Real rows whose English words are no anchors: the kept first cells tell them apart.
    cases = ROOT / "tests" / "fixtures" / "align-cases"
    up = parse((cases / "landmarks.en.md").read_text(encoding="utf-8"))
    tr = parse((cases / "landmarks.zh_CN.md").read_text(encoding="utf-8"))
    al = align(up, tr)
    pairs = [(al.upstream_blocks(p)[0].cells[0].text, al.translation_blocks(p)[0].cells[0].text)
             for p in al.pairs if p.is_match]
    assert len(pairs) == 9 and all(a == b for a, b in pairs[1:])


def test_a_new_upstream_section_at_the_end_leaves_the_old_one_paired():
    # Upstream added `isShallow()` after `isReadonly()`; its near-identical code block must not
    # pull the translation's `isReadonly()` block away from its own upstream.
    cases = ROOT / "tests" / "fixtures" / "align-cases"
    al = align(parse((cases / "new-section.en.md").read_text(encoding="utf-8")),
               parse((cases / "new-section.zh_CN.md").read_text(encoding="utf-8")))
    assert covered_once(al)
    missing = [al.upstream_blocks(p)[0] for p in al.pairs if not p.translation]
    assert missing and missing[0].kind == "heading" and missing[0].text == "isShallow()"
    assert all(b.start >= missing[0].start for b in missing)


def _moved(al, upstream_line: int) -> list[bool]:
    """Whether each pair of the upstream block at that line is a moved pair."""
    return [p.moved for p in al.pairs if p.is_match and al.upstream.blocks[p.upstream[0]].start == upstream_line]


def _case(name: str, locale: str, upstream: str | None = None):
    cases = ROOT / "tests" / "fixtures" / "align-cases"
    up = parse((cases / f"{upstream or name}.en.md").read_text(encoding="utf-8"))
    tr = parse((cases / f"{name}.{locale}.md").read_text(encoding="utf-8"), locales=("en", locale))
    al = align(up, tr)
    assert covered_once(al)
    return al, {al.upstream.blocks[p.upstream[0]].start: al.translation.blocks[p.translation[0]].start
                for p in al.pairs if p.is_match}


def test_items_that_cite_other_bugs_and_apis_do_not_pair():
    # The translation has an item upstream removed (BasicCardRequest) where
    # upstream has three new ones (prefs, the `text` event, keypress): length and position
    # alone paired the last of them with it, and the checks reported another bug and other
    # code. Each of the two shares nothing with the other and holds code and a bug link.
    al, pairs = _case("mdn-removals", "zh_CN")
    assert pairs == {1: 1, 3: 3, 4: 4}


def test_an_added_item_is_not_left_over_for_an_upstream_item_it_shares_nothing_with():
    # The translation has an item upstream lacks (the accessibility inspector) where
    # upstream has one the translation lacks (the new Console UI, two pages and two bugs):
    # the two unmatched items are no translation of each other, and the upstream one is
    # reported missing.
    al, pairs = _case("mdn-unshared-items", "ja")
    assert pairs == {1: 1, 4: 4}
    missing = [al.upstream_blocks(p)[0].start for p in al.pairs if not p.translation]
    extra = [al.translation_blocks(p)[0].start for p in al.pairs if not p.upstream]
    assert missing == [3] and extra == [3]


def test_a_dated_paragraph_does_not_pair_with_one_without_a_date():
    # The translation lacks upstream's release paragraph ("released on March 18, 2014") and
    # keeps its own call for help: the same version and length, but a translation keeps the
    # release date, so the dated paragraph is missing and the other one extra.
    al, pairs = _case("mdn-dated", "ru")
    missing = [al.upstream_blocks(p)[0].start for p in al.pairs if not p.translation]
    extra = [al.translation_blocks(p)[0].start for p in al.pairs if not p.upstream]
    assert missing == [1] and extra == [1]
    assert pairs == {3: 3, 5: 5, 7: 7, 8: 8}


def test_a_word_kept_once_on_each_side_does_not_pull_a_block_from_its_neighbour():
    # The translation lacks the first guide link of the list; its paragraph above keeps
    # "API" as the lacking item does (and upstream's paragraph says "APIs"), so the word is
    # unique on both sides, but the paragraph is the paragraph's translation.
    al, pairs = _case("vue-unique-word", "zh_CN")
    missing = [al.upstream_blocks(p)[0].start for p in al.pairs if not p.translation]
    assert missing == [6]
    assert pairs[4] == 4 and pairs[7] == 6


def test_a_term_and_a_description_are_not_one_list_item():
    # A stub translation (a fifth of upstream's length, so every short translated block fits
    # a long upstream one by the documents' length ratio) lacking its first description:
    # that description kept the translated term's words ("web application"), but MDN's
    # `- : description` is never the translation of a term.
    al, pairs = _case("mdn-stub", "zh_TW")
    for p in al.pairs:
        if p.is_match and al.upstream_blocks(p)[0].kind == "list_item":
            up_kinds = {b.text.startswith(": ") for b in al.upstream_blocks(p)}
            tr_kinds = {b.text.startswith(": ") for b in al.translation_blocks(p)}
            assert up_kinds == tr_kinds, (al.upstream_blocks(p)[0].text, al.translation_blocks(p)[0].text)
    missing = [b.text[:30] for p in al.pairs if not p.translation for b in al.upstream_blocks(p)]
    assert ": Provides information about c" in missing


def test_headings_written_a_level_deeper_throughout_pair_by_what_they_stand_for():
    # MDN's Russian Firefox 3 page writes every section a level deeper than upstream (`###`
    # for `##`), the headings it left in English say so (`#### For XUL and extension
    # developers` for `### ...`). Compared level for level, "## New developer features in
    # Firefox 3" was missing and the first `###` paired with the Russian `###` under it, and
    # "## New features for end users" was missing while its English twin paired with
    # "### User experience".
    al, pairs = _case("mdn-levels", "ru", upstream="mdn-stub")
    heading_lines = {b.start for b in al.upstream.blocks if b.is_heading}
    headings = {a: b for a, b in pairs.items() if a in heading_lines}
    assert headings == {5: 6, 7: 8, 82: 55, 84: 57, 139: 92, 199: 130, 204: 135, 206: 137,
                        233: 164, 244: 175, 250: 181}


def test_links_within_the_page_pair_by_the_heading_they_lead_to():
    # Tauri's dialog page lists its sections as links (`[Create Message Dialog](#create-
    # message-dialog)`); the Spanish page links its own headings' ids (`#crear-un-diálogo-
    # de-mensaje`). Told apart by length and position alone, "Create Message Dialog" was
    # missing and "Abrir un diálogo de selección de archivos" extra; the ids lead to
    # headings the alignment pairs, so the items are one link each.
    al, pairs = _case("tauri-dialog", "es")
    assert {a: pairs.get(a) for a in (82, 83, 84, 85, 86, 90, 91, 92)} == {
        82: 74, 83: 75, 84: 76, 85: 77, 86: 78, 90: 82, 91: 83, 92: 84}


def test_a_kept_word_matches_the_longer_upstream_word_it_opens():
    # The translation lacks the paragraph about render functions; the paragraph before it
    # keeps "tree-shake" of upstream's "tree-shakeable", which pairs it with its upstream
    # paragraph rather than the one after (both have no other anchor, and similar lengths).
    al, pairs = _case("vue-kept-stem", "zh_CN")
    missing = [al.upstream_blocks(p)[0].start for p in al.pairs if not p.translation]
    assert missing == [10]
    assert pairs[8] == 8


def test_moved_pages_pair_by_page_name_and_fragment():
    # Upstream's devtools pages moved to firefox-source-docs (`page_inspector/index.html
    # #rules-view`), the translation links the old MDN pages (`/ja/docs/Tools/Page_Inspector
    # #Rules_view`): the same page name and fragment. The item the translation lacks is the
    # one reported missing, not the one after it.
    al, pairs = _case("mdn-moved-pages", "ja")
    assert pairs == {1: 1, 3: 3, 5: 4, 6: 5, 7: 6, 8: 7}


def test_different_english_sentences_are_not_one_text():
    # A translation that kept upstream's English in an older revision: two English sentences
    # of a similar length about other things (other bugs, other properties) score 45-50 by
    # rapidfuzz, which is no sign of one text.
    al, pairs = _case("mdn-english-left", "zh_CN")
    assert 5 not in pairs and 7 not in pairs


def test_an_emoji_the_translation_keeps_tells_two_entries_apart():
    # 2.30.0's "🌟 All components' close buttons ..." has no translation here (the Chinese
    # keeps it in another release); the next entry, "All components' select menu ...",
    # names nothing either, and is as long: the 🌟 the Chinese entries keep says which of
    # the two the Chinese one is.
    al, pairs = _case("changelog-emoji", "zh_CN")
    assert 30 not in pairs and pairs[31] == 30
    assert [al.upstream.blocks[p.upstream[0]].start for p in al.pairs if not p.translation] == [30]


def test_an_item_moved_pairs_by_its_words_when_its_only_number_is_the_page_version():
    # Firefox 3's "Out-of-date add-on protection" item, which the Korean page keeps in
    # English, moved from "Security and privacy" to "User experience": "Firefox 3", the
    # version every item of the page names, is no evidence, the words the item keeps are.
    al, pairs = _case("mdn-version-number", "ko")
    assert pairs[36] == 16
    assert _moved(al, 36) == [True]


def test_an_item_that_moved_away_leaves_its_place_to_its_neighbour():
    # ja/3's "Windows Vista parental controls" item put before "タグ", in another section:
    # the ordered alignment paired upstream's Vista item with the translation of its
    # neighbour, "Anti-virus integration" (both name only "Firefox 3", and score alike),
    # which was then reported missing. The kept words "Windows Vista" pair the item where
    # it went, and the neighbour gets its translation back.
    al, pairs = _case("mdn-tied", "ja", upstream="mdn-version-number")
    assert pairs[38] == 39 and pairs[39] == 20
    assert _moved(al, 39) == [True]


def test_a_moved_section_pairs_under_headings_a_level_deeper():
    # de/3 writes every heading a level deeper than upstream (`#####` for `####`); its "Neue
    # Komponenten und Funktionalitäten" section put before "Wesentliche Änderungen und
    # Verbesserungen": the ordered alignment keeps the first in order and pairs a few blocks
    # of the second across the gap by position (`Using content preferences` with `Verwendung
    # von nsILoginManager`, other links); the heading of the section that stands elsewhere
    # still pairs, by the links its items share, and so do its items.
    al, pairs = _case("mdn-section-moved", "de", upstream="mdn-stub")
    assert pairs[84] == 65  # Notable changes and improvements / Wesentliche Änderungen ...
    moved_items = [s for s in range(86, 138) if s in pairs and 65 < pairs[s] < 90]
    assert len(moved_items) == 22  # every item of the section
    missing = [al.upstream.blocks[p.upstream[0]].start for p in al.pairs if not p.translation
               and al.upstream.blocks[p.upstream[0]].kind == "list_item"]
    assert not [s for s in missing if 84 <= s <= 137]
    # The last items of the section that stayed, which the ordered alignment had paired with
    # the moved section's, are aligned again with their own translations.
    assert (pairs[192], pairs[196], pairs[197]) == (61, 62, 63)


def test_an_entry_moved_next_to_a_neighbours_place_does_not_hold_the_others_out():
    # es/3's "Mejoras DOM en Firefox 3" item put before "Hojas de estilo alternativas", at
    # the start of the items upstream lists before it: the ordered alignment paired it in
    # order (its anchor is unique), which left every item between its two places without a
    # partner on both sides. Aligned again without it, those items pair, and it is moved.
    al, pairs = _case("mdn-crossed", "es")
    assert pairs[55] == 17 and pairs[56] == 18
    assert _moved(al, 55) == [True]
    assert pairs[40] == 24 and pairs[41] == 25 and pairs[50] == 28 and pairs[51] == 29


def test_two_sibling_sections_in_the_other_order_pair_crossed():
    # zh-cn/3 with its "安全和隐私" section put before "用户体验": neither heading names
    # anything, so position paired "User experience" with "安全和隐私" and the other two
    # with each other, and their items were reported missing by the dozen. Compared by what
    # is under them (anchors, length), positions aside, the other pairing is far better:
    # one pair stays in order and the other is made out of order, with its items.
    al, pairs = _case("mdn-swapped", "zh_CN", upstream="mdn-stub")
    assert pairs[206] == 97 and pairs[233] == 85
    missing = [al.upstream.blocks[p.upstream[0]].start for p in al.pairs if not p.translation]
    assert not [s for s in missing if 204 <= s < 250]


def test_the_description_nested_under_a_moved_entry_moves_with_it():
    # ja/3 with seven of its entries put in other places (bench_moves.py's items at 10%):
    # "SVG improvements" pairs where it went by its link; the description indented under it
    # names only "Firefox 3" and was reported missing. Under two list items paired out of
    # order, what is nested pairs in order, as under two headings of a moved section.
    al, pairs = _case("mdn-nested", "ja", upstream="mdn-stub")
    assert pairs[74] == 118 and pairs[75] == 119
    missing = [al.upstream.blocks[p.upstream[0]].start for p in al.pairs if not p.translation]
    assert 75 not in missing and 202 not in missing


def test_a_gap_with_more_blocks_on_one_side_pairs_only_by_evidence():
    # zh-cn/3 as it stands: its "本地化扩展描述" item keeps only the second sentence of its
    # description (line 55), and it lacks the "New components and functionality" section.
    # Once the "Securing updates" entry pairs out of order, the gap after the localization
    # item holds that partial description against eight upstream blocks: nothing shared,
    # so it does not pair with FUEL's description, the one as long. (That description pairs
    # with its translation, which zh-cn/3 keeps under another term, line 47, by their words.)
    al, pairs = _case("mdn-partial", "zh_CN", upstream="mdn-stub")
    assert pairs.get(142) == 47
    assert [al.translation.blocks[p.translation[0]].start for p in al.pairs if not p.upstream].count(55) == 1


def test_a_gap_pairs_the_blocks_right_after_the_same_pair_in_order():
    # tauri-docs start/frontend/index.mdx, es, its paragraph "Si un framework no aparece..."
    # cut after its first sentence (as bench_omissions.py cuts): upstream moved its
    # "Configuration Checklist" section after the translation was made, so the gap after
    # the paragraphs both keep in order holds one upstream paragraph and three translated
    # blocks; the one right after the same pair on both sides is its translation, the
    # paragraph the omission rule reads.
    cases = ROOT / "tests" / "fixtures" / "align-cases"
    up = parse((cases / "tauri-frontend.en.mdx").read_text(encoding="utf-8"), "index.mdx")
    tr = parse((cases / "tauri-frontend.es.mdx").read_text(encoding="utf-8"), "es/index.mdx", locales=("en", "es"))
    al = align(up, tr)
    assert covered_once(al)
    pairs = {up.blocks[p.upstream[0]].start: tr.blocks[p.translation[0]].start for p in al.pairs if p.is_match}
    assert pairs[13] == 10 and pairs[11] == 8


def test_a_code_name_pairs_with_the_link_to_its_page():
    # de/3's "Das nsIParentalControlsService Interface" item (a link to the interface's
    # page, no code span) put in the "User Experience" list, as bench_moves.py moves items:
    # upstream writes the name as code, `nsIParentalControlsService`, and links nothing. The
    # page name of a link is the code name it holds; the item and its description pair where
    # they went instead of being reported missing.
    al, pairs = _case("mdn-link-name", "de", upstream="mdn-stub")
    assert pairs[186] == 98 and pairs[187] == 99
    assert _moved(al, 186) == [True]


def test_prose_in_parentheses_inside_code_is_not_the_code():
    # vue's `- **Expects:** `any (with argument) | Object (without argument)`` is
    # `any (带参数) | Object (不带参数)` in Chinese: the words in parentheses are prose the
    # translator translates. With the v-bind section's "Shorthand" item put after it (as
    # bench_moves.py moves items), the item pairs by its code, not by position, and is
    # not reported missing.
    al, pairs = _case("vue-code-prose", "zh_CN")
    assert pairs[9] == 5 and pairs[5] == 7 and pairs[11] == 11
    missing = [al.upstream.blocks[p.upstream[0]].start for p in al.pairs if not p.translation]
    assert not [s for s in missing if 5 <= s <= 11]


def test_code_keys_leave_out_prose_in_parentheses():
    from relsync.parse import parse as parse_md
    from relsync.keys import anchor_keys
    up = parse_md("- **Expects:** `any (with argument) | Object (without argument)` and `foo(a, b)`\n")
    tr = parse_md("- **期望：**`any (带参数) | Object (不带参数)` 和 `foo(a, b)`\n")
    assert set(anchor_keys(up.blocks[0].anchors)) == set(anchor_keys(tr.blocks[0].anchors)) == {
        "c:any | object", "c:foo(a, b"}


def test_an_acronym_the_translation_keeps_pairs_a_moved_item():
    # zh-cn/3's "更容易理解的 SSL 错误" item put among the developer features (as
    # bench_moves.py moves items): it names nothing upstream links or codes, and the only
    # word the Chinese keeps is "SSL", three letters, in capitals: an acronym, which no other
    # block without a partner holds.
    al, pairs = _case("mdn-acronym", "zh_CN", upstream="mdn-stub")
    assert pairs[238] == 31
    assert _moved(al, 238) == [True]


def test_markup_without_text_pairs_by_its_markup():
    # real-fixes-vue 8d86dc4 (guide/essentials/computed.md before the fix): the Chinese
    # lacks upstream's `<p class="options-api">` paragraph and writes the Composition API
    # one without its `<p class="composition-api">`. Markup alone scored 0.8 with any HTML
    # block, so `<p class="composition-api">` and its text paired with the translation's
    # empty `<div class="options-api">` and the upstream `<div>` was left alone. Markup
    # without text is compared as code, and never pairs with a block of text: one of the two
    # upstream paragraphs (as long as each other) is left without a partner.
    al, pairs = _case("vue-markup", "zh_CN")
    assert pairs[19] == 11  # <div class="options-api"> with its twin
    assert (9 in pairs) != (14 in pairs)


def test_two_neighbouring_entries_in_the_other_order_pair_crossed():
    # fr/2 lists "Création de plugins MozSearch" before "Création de plugins OpenSearch pour
    # Firefox", upstream the other way round; their links are localized page names and
    # their descriptions about as long, so the ordered alignment paired each with the
    # other's translation (0.33 and 0.38), and `omission` quoted MozSearch's description as
    # left out of OpenSearch's. Each pairs far better with the other's partner (0.80 and
    # 0.70): they pair crossed, with their descriptions.
    al, pairs = _case("mdn-swapped-items", "fr")
    assert (pairs[20], pairs[21], pairs[22], pairs[23]) == (39, 40, 34, 35)


def test_a_name_pairs_a_moved_item_among_the_nouns_of_a_latin_translation():
    # de/3's "Lokalisierung und Mehrzahlen" item put in the "User Experience" list (as
    # bench_moves.py moves items): its description keeps the name `PluralForm`, which no other
    # block without a partner holds, but German capitalizes its nouns ("Modul", "Werkzeug"),
    # and a kept word pairs only blocks whose translation writes no Latin word upstream lacks.
    # A capitalized word upstream's block lacks is a word of the translation's language, not
    # a name; the description pairs where it went.
    al, pairs = _case("mdn-own-words", "de", upstream="mdn-stub")
    assert pairs[132] == 106
    assert _moved(al, 132) == [True]


def test_an_item_whose_link_names_a_localized_page_pairs_by_what_is_nested_under_it():
    # The same move: the item "[Lokalisierung und Mehrzahlen](/de/Lokalisierung_und_Mehrzahlen)"
    # names only its page, in German, which no upstream link names; once its description
    # pairs out of order by its own evidence, the item pairs with the one upstream holds it
    # under, as an item naming nothing does.
    al, pairs = _case("mdn-own-words", "de", upstream="mdn-stub")
    assert pairs[131] == 105
    assert _moved(al, 131) == [True]


def test_an_item_whose_link_names_a_localized_page_does_not_follow_a_description_paired_by_place():
    # zh-tw/3 keeps the "<a ping>" item upstream removed; the ordered alignment pairs its
    # description with the last upstream description by place alone, and the item, which
    # names its own page, must not follow it to "Using content preferences".
    al, pairs = _case("mdn-stub", "zh_TW")
    assert 38 not in pairs.values()
    assert 191 not in pairs


def test_an_entry_left_in_english_pairs_by_its_text_where_it_moved():
    # ru/3 leaves the "Speed." item in English; put among the developer entries (as
    # bench_moves.py moves items), it names only "Firefox 3", the page's own version, and no
    # word it keeps is its own; but it is the one block left without a partner with upstream's
    # text.
    al, pairs = _case("mdn-same-text", "ru", upstream="mdn-stub")
    assert pairs[247] == 79
    assert _moved(al, 247) == [True]


def test_a_pair_sharing_only_the_pages_version_is_disputed_by_a_link_it_lacks():
    # zh-cn/3's "上线与离线事件" entry put after the SVG one (as bench_moves.py moves items): the
    # ordered alignment paired upstream's WHATWG description with the translation's
    # description of the cross-site XMLHttpRequest entry, which shares only "Firefox 3" with
    # it and links to the W3C draft and XMLHttpRequest upstream's lacks. Such a pair is
    # disputed, and the description pairs with the one that kept "WHATWG", where it went.
    al, pairs = _case("mdn-dispute", "zh_CN", upstream="mdn-stub")
    assert pairs[15] == 36
    assert _moved(al, 15) == [True]


def test_an_item_paired_by_the_pages_version_alone_follows_what_is_nested_under_it():
    # The same move: the entry's link item, "上线与离线事件" (a localized page name), stayed
    # paired by place with upstream's XMLHttpRequest item, sharing "Firefox 3" alone; once its
    # description pairs out of order by evidence, the item follows it.
    al, pairs = _case("mdn-dispute", "zh_CN", upstream="mdn-stub")
    assert pairs[14] == 35


def test_a_heading_naming_something_pairs_by_its_text_wherever_its_section_went():
    # ru/63 with its CSSOM section ("Без изменений.") put after the WebDriver one (as
    # bench_moves.py moves sections, with its HTTP section moved too): the section holds
    # nothing with evidence, but its heading, "CSSOM", is written alike on both sides and is
    # the one heading left over with that text; it pairs, and its paragraph with it.
    al, pairs = _case("mdn-heading-name", "ru")
    assert pairs[116] == 165 and pairs[118] == 167


def test_a_heading_written_alike_elsewhere_outweighs_a_pair_written_otherwise():
    # vue-docs api/application.md with its `app.directive()` and `app.mixin()` sections put
    # elsewhere (as bench_moves.py moves 10% of its sections): the ordered alignment paired
    # upstream's `app.mixin()` heading with the translation's `app.directive()` one, and the
    # translation's `app.mixin()` heading was left over. A heading naming code that the
    # translation writes alike, once, pairs with it, and its section's blocks with it.
    al, pairs = _case("vue-heading-code", "zh_CN")
    assert pairs[209] == 610
    assert _moved(al, 209) == [True]
    assert pairs[211] == 612


def test_a_kept_name_in_the_singular_is_upstreams_plural():
    # vue-docs api/component-instance.md with its `$forceUpdate()` "Details" item put in the
    # `$nextTick()` entry (as bench_moves.py moves 5% of its items): the Chinese keeps "API"
    # where upstream writes "advanced reactivity APIs", and a kept word pairs only blocks whose
    # translation writes no Latin word upstream lacks; "API" is upstream's "APIs".
    al, pairs = _case("vue-plural", "zh_CN")
    assert pairs[306] == 169 and pairs[308] == 171
    assert _moved(al, 308) == [True]


def test_a_note_that_links_where_upstream_links_nowhere_is_no_part_of_a_merged_pair():
    """mdn-firefox ru/28, its introduction (line 8) cut after its first sentence ("Firefox 28
    был выпущен 18 марта 2014 года."), followed by the translators' note asking for help with
    its link to the doc tracker. The two together are as long as upstream's introduction and
    the note names Firefox 28 too: the paragraph and the note were paired with it as one,
    and the omission rule, which judges one-to-one pairs, said nothing. Upstream's
    paragraph links nowhere; a part of a split or merge that links is another text."""
    al, pairs = _case("mdn-note", "ru")
    assert pairs[9] == 8
    assert [al.translation.blocks[p.translation[0]].start for p in al.pairs if not p.upstream] == [10]


def test_a_compound_with_hyphens_keeps_the_words_and_names_it_is_made_of():
    # German writes "mehreren Browser-Tabs" for "several browser tabs" and "die
    # SQLModel-Dokumentation" for "the SQLModel docs": as compounds they matched nothing, and
    # the item after each, whose "Tabs" or "API" matched, took its place (a list of three or
    # five items paired one off: one "missing", one "extra").
    al, pairs = _case("fastapi-compounds", "de")
    assert pairs[9] == 9 and pairs[10] == 10 and pairs[11] == 11
    assert all(pairs[k] == k for k in range(19, 24))


def test_a_half_that_cites_other_bugs_and_code_is_no_part_of_a_merge():
    # mdn zh-cn/127's `filter` item cut to "为 {{WebExtAPIRef(...getDynamicRules)}} 和。": too
    # short for its upstream item alone, it was joined with the next item, one upstream has
    # not (host_permissions and two other bugs), as one translation of the upstream item, and
    # the checks compared their numbers, code and links. A half of a merge whose code,
    # numbers and links the other side has none of is another text.
    al, pairs = _case("mdn-127-cut", "zh_CN")
    assert pairs[72] == 71
    added = next(p for p in al.pairs if 72 in [al.translation.blocks[j].start for j in p.translation])
    assert not added.upstream


def test_short_items_in_the_same_order_pair_one_for_one():
    # fastapi-docs _llm-test.md (de), lines 280-287 (50-57 here): eight short items and their German,
    # "case-sensitive" and "case-insensitive" as "Groß-/Kleinschreibung ist (nicht) relevant",
    # twice as long as the length ratio predicts. The DP paired "case-insensitive" with the
    # first of them (0.30, length and position alone) and left "case-sensitive" and the
    # second unpaired: a false missing error. A pair that weak takes part in the run of
    # unmatched blocks around it, which pairs in order when both sides hold as many.
    al, pairs = _case("fastapi-short-items", "de")
    assert [pairs.get(line) for line in range(50, 58)] == list(range(50, 58))


def test_a_description_pairs_with_the_one_under_the_term_its_term_pairs_with():
    # zh-cn/3 (real): under "Notable bugs fixed in Firefox 3" the translation's description
    # "文章中所提供的相关 Bug 信息…" is the upstream one; the next translated entry, "Firefox 3
    # 的界面改动", is an entry upstream has in another section, its description left in
    # English. The ordered alignment paired upstream's description with that English one
    # (they share "information" and the page's "Firefox 3") and left the true one extra.
    al, pairs = _case("mdn-description", "zh_CN", upstream="mdn-stub")
    assert pairs[201] == 78 and pairs[202] == 79
    extra = [al.translation.blocks[p.translation[0]].start for p in al.pairs if not p.upstream]
    assert 79 not in extra
    # and the entry it held, left in upstream's words, is the one upstream has in another
    # section ("Theme changes in Firefox 3"): it pairs there, moved, with its term
    assert pairs[137] == 81 and pairs[136] == 80 and _moved(al, 136) == [True]


def test_descriptions_under_two_paired_terms_pair_in_order():
    # es/3 with its "Mejoras CSS" entry moved to the end of the page (as
    # `benchmarks/bench_moves.py` moves 5% of its items): the ordered alignment paired
    # the "Offline resources" description with the moved entry's place, CSS's upstream
    # description ("Firefox 3 features a number of improvements in its CSS support", the "3"
    # they share), and left "Firefox now lets web applications request…" without a partner.
    text = (ROOT / "tests" / "fixtures" / "align-cases" / "mdn-crossed.es.md").read_text(encoding="utf-8")
    lines = text.split("\n")
    at = next(k for k, line in enumerate(lines) if "Mejoras CSS" in line)
    entry = lines[at:at + 2]
    del lines[at:at + 2]
    lines += ["", *entry]
    up = parse((ROOT / "tests" / "fixtures" / "align-cases" / "mdn-crossed.en.md").read_text(encoding="utf-8"))
    tr = parse("\n".join(lines), locales=("en", "es"))
    al = align(up, tr)
    assert covered_once(al)
    pairs = {al.upstream.blocks[p.upstream[0]].start: al.translation.blocks[p.translation[0]].start
             for p in al.pairs if p.is_match}
    offline = next(k for k, line in enumerate(lines, 1) if "Recursos en modo desconectado" in line)
    up_offline = next(b.start for b in up.blocks if b.text.startswith("Offline resources"))
    assert pairs[up_offline] == offline and pairs[up_offline + 1] == offline + 1


def test_a_block_paired_into_a_section_the_translation_has_not_pairs_in_its_own():
    # vue-docs' glossary before its translators added "cache static" (real-fixes-vue
    # d21655d): the last paragraph of "hoisting", an older text ("在 Vue 上下文中，模板编译器
    # 应用了静态变量提升…"), was paired with the two paragraphs of "cache static", and
    # "hoisting"'s own last paragraph reported missing with that section.
    al, pairs = _case("vue-glossary", "zh_CN")
    ours = next(b.start for b in al.upstream.blocks if b.text.startswith("In a Vue context"))
    theirs = next(b.start for b in al.translation.blocks if b.text.startswith("在 Vue 上下文中"))
    assert pairs[ours] == theirs
    cache = [b.start for b in al.upstream.blocks if b.start > ours][:3]
    assert not [line for line in cache if line in pairs]  # the heading and its two paragraphs


def test_two_paragraphs_the_translation_writes_as_one_pair_with_it():
    # The translator joined upstream's two short paragraphs of "First Steps" into one: the
    # DP left the second missing, the merge gaining less than its penalty.
    al, _ = _case("fastapi-joined", "zh_Hant")
    joined = [p for p in al.pairs if len(p.upstream) == 2]
    assert [(al.upstream.blocks[p.upstream[1]].start, al.translation.blocks[p.translation[0]].start)
            for p in joined] == [(26, 24)]
    assert all(p.translation for p in al.pairs)


def test_a_paragraph_beside_a_longer_translation_is_not_joined_on_length_alone():
    # The same translation without the bold it shares with upstream's second paragraph: as
    # long, but nothing in it says that paragraph is there; it stays missing.
    cases = ROOT / "tests" / "fixtures" / "align-cases"
    up = parse((cases / "fastapi-joined.en.md").read_text(encoding="utf-8"))
    text = (cases / "fastapi-joined.zh_Hant.md").read_text(encoding="utf-8")
    assert "**依賴注入**" in text
    tr = parse(text.replace("**依賴注入**", "依賴注入"), locales=("en", "zh_Hant"))
    al = align(up, tr)
    assert covered_once(al)
    assert [al.upstream.blocks[p.upstream[0]].start for p in al.pairs if not p.translation] == [26]
