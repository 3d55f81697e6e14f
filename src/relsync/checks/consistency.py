"""Consistency of each aligned pair: what translation must keep exactly."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Iterator

from rapidfuzz import fuzz

from .. import dialects
from ..anchors import code_skeleton, english_reading, prose_free_skeleton
from ..languages import latin_token
from ..model import Anchors, Block, Pair, Severity
from ..parse import merge_anchors
from . import examples, rendered, repairs
from .registry import Context, Problem, Scope, check, code

#: Integers up to this value are often written as words ("two", "两个"): one that is only
#: absent on one side is not compared; one replaced by another small integer is.
SMALL_INTEGER = 10


def _anchors(blocks: list[Block]) -> Anchors:
    return blocks[0].anchors if len(blocks) == 1 else merge_anchors(b.anchors for b in blocks)


def matched_sides(pair: Pair, ctx: Context) -> tuple[list[Block], list[Block]] | None:
    """The blocks of a matched pair on each side (shared by the rules of one pair)."""
    if not pair.is_match:
        return None
    memo = ctx.memo
    if memo.get("sides_of") is not pair:
        al = ctx.alignment
        memo["sides_of"] = pair
        memo["sides"] = (al.upstream_blocks(pair), al.translation_blocks(pair))
    return memo["sides"]


def _significant_number(n: str) -> bool:
    if "." in n:
        return True
    try:
        return int(n) > SMALL_INTEGER
    except ValueError:
        return True


def _fmt(values) -> str:
    return ", ".join(sorted(values, key=lambda v: (len(v), v)))


def _diff(up: Counter[str], tr: Counter[str]) -> tuple[set[str], set[str]]:
    """Values upstream has that the translation lacks, and the reverse (by presence)."""
    return set(up) - set(tr), set(tr) - set(up)


@check("RS201", "consistency.number-mismatch", Severity.ERROR, fixable=True)
def number_mismatch(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A number or version in the translation differs from the upstream block.

    Numbers are compared by value, each side read in its own locale: `3892`, `3,892`,
    full-width `３８９２` and `0.39 万` are one number, German `1,5` is `1.5`, French `12 000`
    is `12000`, Bengali `১২` is `12`; `1,500` copied from English into German is 1500, as its
    writer meant. A small integer (up to 10) that is only absent may be written as a word;
    one replaced by another small integer (`3` upstream, `4` in the translation, neither
    elsewhere in the pair) is a finding. Numbers inside code, links and
    dates are left to their own rules; a number of the text that the other side writes in
    its code is not lost (`长度超过 1000` for `length > 1000`), unless that code holds it
    only as upstream's own code does and the text gives another number in its place
    ("version 1.3" for "version 1.2" beside `pip install demo==1.2` on both sides); a number
    of the link text that the other side keeps in the link target is not lost, unless the
    translation's text gives another number once more than upstream's in its place
    (`Firefox 31 and Firefox 32` written `Firefox 32 и Firefox 32`).

    `relsync fix` repairs one substitution: one value lost and one added, each written once
    and plainly, of the same shape, every other number of the block kept.

    Fails: "PyTorch 2.6 is out" / "PyTorch 2.5 发布"; "3 retries" / "重试 4 次". Passes:
    "3,892 commits" / "3892 次提交"; "3 ways" / "三种方法".
    """
    sides = matched_sides(pair, ctx)
    if sides is None:
        return
    up, tr = _anchors(sides[0]), _anchors(sides[1])
    if up.numbers == tr.numbers:
        return
    lost, added = _diff(Counter(up.numbers), Counter(tr.numbers))
    for n in list(added):
        # "1,500" copied from English into a comma-decimal translation
        alt = english_reading(n, ctx.locale)
        if alt in lost:
            added.discard(n)
            lost.discard(alt)
    small_lost = {n for n in lost if not _significant_number(n)}
    small_added = {n for n in added if not _significant_number(n)}
    if not (small_lost and small_added):
        lost -= small_lost
        added -= small_added
    # "`length > 1000`" may become "长度超过 1000": a number may move between code and prose,
    # and "[issue 4512](.../issues/4512)" may become "[这个问题](.../issues/4512)".
    kept_in_link = {n for n in lost if _in_code(n, tr.links) and not _in_code(n, tr.code)}
    # ... but code that holds it only as upstream's own code does ("version 1.2" beside
    # `pip install demo==1.2` on both sides) does not hold the text's number
    replaced = {n for n in lost if _count(n, tr.links) <= _count(n, up.links) and _count(n, tr.code) <= _count(n, up.code)}
    lost = {n for n in lost if not _in_code(n, tr.code) and not _in_code(n, tr.links)}
    added = {n for n in added if not _in_code(n, up.code) and not _in_code(n, up.links)}
    if added and not lost:
        lost = replaced  # another number given in its place: replaced, not moved into code
    if kept_in_link and not lost and not added:
        lost, added = _substituted(Counter(up.numbers), Counter(tr.numbers), kept_in_link)
    if not lost and not added:
        return
    if lost and added:
        msg = f"translation has {_fmt(added)} where upstream has {_fmt(lost)}"
    elif lost:
        msg = f"upstream number {_fmt(lost)} is missing from the translation"
    else:
        msg = f"translation has {_fmt(added)}, which upstream does not"
    fix = None
    if len(lost) == 1 and len(added) == 1 and repairs.confident(pair, ctx) \
            and not repairs.translated_from_older(ctx) and _one_substitution(Counter(up.numbers), Counter(tr.numbers), next(iter(lost)), next(iter(added))):
        fix = repairs.number_fix(ctx, sides[1], next(iter(added)), next(iter(lost)))
    yield ctx.pair_finding(pair, msg, details={"upstream": sorted(lost), "translation": sorted(added)},
                           minor=not (lost and added), fix=fix)


def _substituted(up: Counter[str], tr: Counter[str], kept_in_link: set[str]) -> tuple[set[str], set[str]]:
    """A number of upstream's text that the translation keeps only in a link target is not
    lost, unless the translation's text gives another number once more than upstream's in
    its place (``Firefox 31 and Firefox 32`` written ``Firefox 32 и Firefox 32`` beside
    ``compare/firefox31...firefox32``): then it was replaced, not moved."""
    gained = {n for n in tr if tr[n] > up[n] and _significant_number(n)}
    if len(kept_in_link) == 1 and len(gained) == 1:
        return set(kept_in_link), gained
    return set(), set()


def _one_substitution(up: Counter[str], tr: Counter[str], lost: str, added: str) -> bool:
    """Whether the two sides differ by one value written once on each side, every other
    value being the same: then the translation's value is a copy error, not a sentence
    that says something else."""
    if up[lost] != 1 or tr[added] != 1:
        return False
    rest_up, rest_tr = Counter(up), Counter(tr)
    del rest_up[lost], rest_tr[added]
    return rest_up == rest_tr


_DIGITS_RE = re.compile(r"\d+(?:\.\d+)*")


def _in_code(number: str, code: tuple[str, ...]) -> bool:
    return any(number in _DIGITS_RE.findall(c) for c in code)


def _count(number: str, code: tuple[str, ...]) -> int:
    return sum(_DIGITS_RE.findall(c).count(number) for c in code)


def _bounds(value: str) -> tuple[str, str]:
    """The first and last day a date value may name, as comparable strings (``2025-01`` is
    ``2025-01-00`` to ``2025-01-99``; a range ``A/B`` is A's first to B's last)."""
    first, _, last = value.partition("/")
    last = last or first
    return (first if len(first) == 10 else first + "-00", last if len(last) == 10 else last + "-99")


def _dates_equal(a: str, b: str) -> bool:
    """Whether date ``a`` is found as ``b``: equal, a month that holds the day, a day that is
    an end of the range ``b`` (the translation may state only the start), a month and a
    range that overlap; two ranges must have the same ends."""
    if a == b or a.startswith(b + "-") or b.startswith(a + "-"):
        return True
    if "/" in a and "/" in b:
        (a0, a1), (b0, b1) = a.split("/"), b.split("/")
        return _dates_equal(a0, b0) and _dates_equal(a1, b1)
    if "/" in a and "/" not in b:
        a, b = b, a
        if len(a) != 7:
            return False
    if "/" in b:
        if len(a) == 7:
            lo, hi = _bounds(b)
            return lo <= a + "-99" and a + "-00" <= hi
        return any(_dates_equal(a, end) for end in b.split("/"))
    return False


def _date_found(value: str, others: tuple[str, ...]) -> bool:
    """A range written as its two ends on the other side (``February 10, 2025 and February
    28, 2025`` / ``2025年2月10日至2025年2月28日``) is found too."""
    if any(_dates_equal(value, o) for o in others):
        return True
    return "/" in value and all(any(_dates_equal(end, o) for o in others) for end in value.split("/"))


@check("RS202", "consistency.date-mismatch", Severity.ERROR, fixable=True)
def date_mismatch(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A date in the translation is not the date upstream gives.

    Dates are compared by value across locale formats (babel's CLDR data): "January 29,
    2025", "29 January 2025", "2025-01-29", "2025年1月29日", "29. Januar 2025" are equal, and
    so are the ranges "August 21-23, 2024" and "2024年8月21日-23日". A date one side gives and
    the other side does not (or writes in a form not read, such as words) is a warning; a
    date both sides give that differs is an error. A post's publication date (front matter
    `date:`, or the date a Jekyll or Hugo post's file name starts with) is upstream's date
    too: the translation's `date:` and dateline must give it.

    `relsync fix` writes upstream's date in the translation's own style and locale (the CLDR
    pattern that reproduces the old date exactly) when one date differs.

    Fails: "Published: January 29, 2025" / "发布: 2024年10月17日". Passes: "Published: January
    29, 2025" / "发布: 2025年1月29日".
    """
    sides = matched_sides(pair, ctx)
    if sides is None:
        return
    up, tr = _anchors(sides[0]), _anchors(sides[1])
    if up.dates == tr.dates:
        return
    lost = [d for d in up.dates if not _date_found(d, tr.dates)]
    added = [d for d in tr.dates if not _date_found(d, up.dates)]
    if not lost and not added:
        return
    if lost and added:
        msg = f"translation says {_fmt(set(added))} where upstream says {_fmt(set(lost))}"
    elif lost:
        msg = f"upstream date {_fmt(set(lost))} is missing from the translation"
    else:
        msg = f"translation has date {_fmt(set(added))}, which upstream does not"
    fix = None
    if len(lost) == 1 and len(added) == 1 and "/" not in lost[0] + added[0] \
            and repairs.confident(pair, ctx) and up.dates.count(lost[0]) == 1 \
            and tr.dates.count(added[0]) == 1 and len(up.dates) == len(tr.dates):
        fix = repairs.date_fix(ctx, sides[1], added[0], lost[0])
    yield ctx.pair_finding(pair, msg, details={"upstream": lost, "translation": added},
                           minor=not (lost and added), fix=fix)


@check("RS203", "consistency.code-mismatch", Severity.ERROR, fixable=True)
def code_mismatch(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """Inline code or a code block differs between upstream and translation.

    Inline code must be kept verbatim, up to the spaces inside its backticks (a code span may
    lose its backticks as long as the code itself is there; `` `X.y` `` may be written as the
    cross-reference macro of `X` and `` `.y` ``, which renders as the same name; a
    cross-reference macro whose target differs only in letter case or call parentheses,
    `{{domxref("console.timeLog()")}}` for `{{domxref("Console.timeLog()")}}`, links the same
    page: a warning; a placeholder may be translated, `<项目根目录>/src`, `BENUTZERNAME` for
    `USER_NAME`, `@algo` for `@something`, `Ctrl+Espacio` for `Ctrl+Space`). In code blocks,
    comments and string literals may be translated; the rest must be the same, and a block that differs
    only in a prose placeholder (`<value is the content of file ...>`) or other non-ASCII
    text is a warning. A Markdown or YAML example (```md, ```mdx, ```markdoc, ```yaml) is
    compared by its structure: its markup and code are kept, its prose and example values
    may be translated (`:::tip[Wusstest du schon?]` for `:::tip[Did you know?]`).

    `relsync fix` repairs a single inline code span replaced by another.

    Fails: "`weights_only` of `torch.load`" / "`torch.save` 的 `weights_only`". Passes:
    "`weights_only`" / "`weights_only` 参数"; `# load the model` / `# 加载模型` in a code block.
    """
    sides = matched_sides(pair, ctx)
    if sides is None:
        return
    ups, trs = sides
    if ups[0].kind == "code" and trs[0].kind == "code":
        yield from _code_block_mismatch(ups[0], trs[0], ctx)
        return
    if ups[0].kind == "code" or trs[0].kind == "code":
        return
    if not any(b.anchors.code for b in ups):
        return  # code the translator added is not a finding
    up_text = " ".join(b.text for b in ups)
    tr_text = " ".join(b.text for b in trs)
    up_code = {c.strip() for b in ups for c in b.anchors.code}
    tr_code = {c.strip() for b in trs for c in b.anchors.code}
    lost = sorted(c for c in up_code - tr_code if not _has_token(tr_text, c))
    # A span upstream's lost one ends or starts with (`.local` for `*.local`) is no prose.
    added = sorted(c for c in tr_code - up_code
                   if not _has_token(up_text, c) or any(_affix(c, d) for d in lost))
    twins = _drop_twins(lost, added)
    _drop_split_names(lost, added)
    _drop_split_names(added, lost)
    same_pages = _drop_same_pages(lost, added)
    if same_pages and not lost and not added:
        yield _same_page_finding(pair, ctx, same_pages)
        return
    minor = not added
    if not lost and added:
        # One of two mentions replaced: `CXX11_ABI=1` twice upstream, once and
        # `CXX11_ABI=0` in the translation.
        up_counts = Counter(c.strip() for b in ups for c in b.anchors.code)
        tr_counts = Counter(c.strip() for b in trs for c in b.anchors.code)
        # Another span that is no variant of it (`cls-prefix` beside one of two
        # `n-config-provider`) names what upstream's prose says: a paraphrase.
        lost = sorted(c for c in up_counts if tr_counts[c] < up_counts[c] and c not in twins
                      and len(latin_token(c, "-", "-").findall(tr_text)) < up_counts[c]
                      and any(code_variant(d, c) for d in added))
        if not lost:
            # A name extended into another (`setup()` -> `setup_old()`) while the name stays
            # elsewhere in the text: less certain, one level down.
            lost = sorted(c for c in up_counts if any(_extends(d, c) for d in added))
            minor = True
    if not lost:
        # Code the translator added (backticks on a name upstream writes plainly) is fine.
        return
    if added and all(any(_affix(c, d) and not set(d.replace(c, "", 1)) & set("{}[]()<>") for d in lost)
                     for c in added):
        minor = True  # `.vue` for `*.vue` may be reworded around it ("the .vue extension")
    if added:
        msg = f"translation has {', '.join(map(code, added))} where upstream has {', '.join(map(code, lost))}"
    else:
        msg = "upstream code " + ", ".join(map(code, lost)) + " not in translation"
    fix = None
    if len(lost) == 1 and len(added) == 1 and not minor and repairs.confident(pair, ctx) \
            and not _upstream_has_code(ctx, added[0]):
        fix = repairs.code_fix(ctx, trs, added[0], lost[0])
    yield ctx.pair_finding(pair, msg, details={"upstream": lost, "translation": added}, minor=minor,
                           fix=fix)


def _drop_twins(lost: list[str], added: list[str]) -> set[str]:
    """Remove from ``lost`` and ``added`` the code spans that are one code translated: prose
    inside code (`` `Object (without argument)` `` -> `` `Object (不带参数)` ``), a placeholder
    (``<PROJECT ROOT>`` / ``<项目根目录>``), an example's name in translated words
    (``Ctrl+Espacio`` / ``Ctrl+Space``) or a space; return the lost ones of the last three
    kinds, which no other mention of upstream's code may stand for."""
    twins = set()
    for c in list(lost):
        twin = next((d for d in added if examples.same_but_placeholders(c, d)
                     or examples.named_in_translated_words(c, d)), None)
        if twin is not None:
            twins.add(c)
        else:
            # full-width punctuation typed in code (`defineProps（）`) is no prose
            twin = next((d for d in added if _code_core(c) == _code_core(d)
                         and unicodedata.normalize("NFKC", d) != c), None)
        if twin is not None:
            lost.remove(c)
            added.remove(twin)
    return twins


def _upstream_has_code(ctx: Context, code: str) -> bool:
    """Whether upstream gives ``code`` elsewhere, in a code span or a code block: then the
    translation's sentence is an older wording (``Run `cargo add x` `` where upstream now
    says ``Run the following command in the `src-tauri` folder`` above the command), not a
    copy error to repair."""
    words = ctx.memo.get("upstream_code")
    if words is None:
        words = ctx.memo["upstream_code"] = "\n".join(
            b.text if b.kind == "code" else "\n".join(b.anchors.code) for b in ctx.alignment.upstream.blocks)
    return _has_token(words, code)


def _code_block_mismatch(up: Block, tr: Block, ctx: Context) -> Iterator[Problem]:
    if up.text == tr.text:
        return
    info = up.info or tr.info
    if examples.language(info) in examples.MARKDOWN_INFO | examples.YAML_INFO:
        yield from _example_mismatch(up, tr, ctx, info)
        return
    if code_skeleton(up.text, info) != code_skeleton(tr.text, info):
        i, k, theirs, ours = examples.first_difference(up.text, tr.text, info)
        prose = prose_free_skeleton(up.text, info) == prose_free_skeleton(tr.text, info)
        where = "only in text of a placeholder or in prose" if prose else "outside comments and strings"
        yield ctx.finding(f"code block differs from upstream {where} (at block line {k + 1})"
                          f"{_what_differs(theirs, ours)}", upstream_line=up.start + 1 + i if theirs else up.start,
                          translation_line=tr.start + 1 + k if ours else tr.start, minor=prose)


def _what_differs(theirs: str, ours: str, width: int = 80) -> str:
    """``: `ours` where upstream has `theirs` `` (or what one side lacks); nothing when no one
    line differs."""
    theirs, ours = (x if len(x) <= width else x[:width - 1] + "\u2026" for x in (theirs, ours))
    return f": {code(ours)} where upstream has {code(theirs)}" if ours and theirs else \
        f": upstream's {code(theirs)} left out" if theirs else f": {code(ours)} added" if ours else ""


def _example_mismatch(up: Block, tr: Block, ctx: Context, info: str) -> Iterator[Problem]:
    """A Markdown or YAML example: compared by its structure (:mod:`.examples`)."""
    if examples.skeleton(up.text, info) != examples.skeleton(tr.text, info):
        i, k, theirs, ours = examples.first_difference(up.text, tr.text, info)
        yield ctx.finding(f"code block differs from upstream outside its prose and example values "
                          f"({examples.language(info)} compared by its structure){_what_differs(theirs, ours)}",
                          upstream_line=up.start + 1 + i if theirs else up.start,
                          translation_line=tr.start + 1 + k if ours else tr.start)


def _drop_same_pages(lost: list[str], added: list[str]) -> list[tuple[str, str]]:
    """Remove from ``lost`` and ``added`` the cross-reference macros that link the same page
    (``{{domxref("console.timeLog()")}}`` and ``{{domxref("Console.timeLog()")}}``,
    ``{{cssxref("calc")}}`` and ``{{cssxref("calc()")}}``); return them as pairs."""
    pairs = []
    for c in list(lost):
        page = dialects.macro_page(c)
        twin = next((d for d in added if page is not None and dialects.macro_page(d) == page), None)
        if twin is not None:
            lost.remove(c)
            added.remove(twin)
            pairs.append((c, twin))
    return pairs


def _same_page_finding(pair: Pair, ctx: Context, same_pages: list[tuple[str, str]]) -> Problem:
    up = ", ".join(f"`{a}`" for a, _ in same_pages)
    tr = ", ".join(f"`{b}`" for _, b in same_pages)
    return ctx.pair_finding(pair, f"translation has {tr} where upstream has {up} (the same page: the "
                            "target differs only in case or call parentheses)",
                            details={"upstream": [a for a, _ in same_pages],
                                     "translation": [b for _, b in same_pages]}, minor=True)


def _drop_split_names(names: list[str], parts: list[str]) -> None:
    """Remove from ``names`` and ``parts`` a member name written as a macro and a code span
    (``{{domxref("SVGViewElement")}}`` then `` `.viewTarget` `` for `` `SVGViewElement.viewTarget` ``):
    the rendered text is the same name."""
    for name in list(names):
        for macro in parts:
            target = dialects.macro_target(macro)
            if not target or not name.startswith(target):
                continue
            rest = name[len(target):]
            if rest[:1] in ".#" and rest in parts:
                names.remove(name)
                parts.remove(macro)
                parts.remove(rest)
                break


def _affix(part: str, whole: str) -> bool:
    """``part`` is ``whole`` without a short prefix or suffix of symbols (``.local`` of
    ``*.local``, a macro that lost a brace): a code span copied short. Letters are no such
    affix (``WeakMap`` for ``WeakMaps``: a plural the language does not mark), nor call
    parentheses (``setup`` for ``setup()`` names the same function)."""
    if len(part) < 2 or part == whole or len(whole) - len(part) > 2:
        return False
    rest = whole[:-len(part)] if whole.endswith(part) else whole[len(part):] if whole.startswith(part) else ""
    return bool(rest) and rest != "()" and not any(c.isalnum() for c in rest)


#: Two code spans of which rapidfuzz rates the likeness at least this are one name or
#: setting with another value (`CXX11_ABI=0`, `CXX11_ABI=1`: 91; `torch.save`,
#: `torch.load`: 70); other names rate below 50 (`cls-prefix`, `n-config-provider`: 37).
VARIANT_MIN = 60


def code_variant(new: str, old: str) -> bool:
    """Whether ``new`` is ``old`` with another value or member: alike as text, or
    ``old`` extended (see :data:`VARIANT_MIN` and :func:`_extends`)."""
    return fuzz.ratio(new, old, score_cutoff=VARIANT_MIN) > 0 or _extends(new, old)


def _extends(new: str, old: str) -> bool:
    """``setup_old()`` extends ``setup()``: the old name, without its call parentheses and
    of two characters or more (``$0`` -> ``$0_old``), opens the new one, which the upstream
    text does not have."""
    core = old[:-2] if old.endswith("()") else old
    return len(core) >= 2 and new != old and new.startswith(core) and new[len(core):len(core) + 1] in ("_", ".", "-")


def _has_token(text: str, code: str) -> bool:
    """``code`` occurs in ``text`` as a whole: `weights_only` is not in "weights_only_v2"."""
    return latin_token(code, "-", "-").search(text) is not None


_PAREN_RE = re.compile(r"\([^()]*\)|（[^（）]*）")
_NON_CODE_RE = re.compile(r"[^\x21-\x7e]+")


#: Attributes of a Hugo or Liquid shortcode whose values are text a translation translates.
SHORTCODE_PROSE_ATTRIBUTES = ("alt", "title", "caption", "text", "label", "header", "description",
                              "summary", "attr")
_SHORTCODE_PROSE_RE = re.compile(
    r"\b(" + "|".join(SHORTCODE_PROSE_ATTRIBUTES) + r")(\s*=\s*)(?:\"[^\"]*\"|'[^']*')")


def _code_core(code: str) -> str:
    """Code with parenthesized remarks, text between tags, the prose attributes of a
    shortcode (``alt``, ``caption``, ``title``, ...) and non-ASCII text removed."""
    if code.startswith(("{{<", "{{%", "{%")):
        code = _SHORTCODE_PROSE_RE.sub(r'\1\2""', code)
    code = _PAREN_RE.sub("", code)
    code = re.sub(r">[^<>]*<", "><", code)
    return _NON_CODE_RE.sub("", code)


_MARKUP_COMPARED = ("image", "footnote_ref")
#: Inline HTML that explains a word with a tooltip (its meaning, the English term): a
#: translator may add it where upstream has none.
_EXPLANATION_TAGS = ("html:abbr", "html:dfn")


@check("RS205", "consistency.markup-mismatch", Severity.WARNING)
def markup_mismatch(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """Images, footnote references, inline HTML tags or emphasis differ in number or kind, or
    HTML blocks do not nest where upstream's do.

    Emphasis style may change (`*a*` vs `_a_`, `<strong>` and `<i>` for `**` and `_`, which
    CJK text often needs to render) and CJK typography may drop italics, so
    emphasis is compared by presence, and bold a translation renders as quotation marks
    around as many terms (`「伺服器」` for `**server**`, `«optional»`) is kept, and a page
    that leaves out the bold of three blocks or more and keeps it in a quarter at most has
    a style of its own; images,
    footnote references and HTML tags by count. A language note a translator adds to a link
    (`<sup>(angl.)</sup>`, a short parenthesized word in superscript) is no markup of the
    text, nor is a footnote mark linking within the page (`<sup>[[1]](#footnote-1)</sup>`),
    nor an explanation a translator adds
    (`<abbr title="Abfrage">Query</abbr>`, `<dfn title="...">`) where upstream has fewer,
    nor a line break (`<br>`) in a heading, which breaks a title for its length.

    Fails: "see ![diagram](d.png)[^1]" / "见下图". Passes: "a *new* API" / "一个_新的_ API".
    """
    sides = matched_sides(pair, ctx)
    if sides is None:
        return
    ups, trs = sides
    if len(ups) == len(trs) == 1 and ups[0].markup == trs[0].markup:
        return
    a: Counter[str] = Counter()
    b: Counter[str] = Counter()
    for blk in ups:
        a.update(blk.markup.as_dict())
    for blk in trs:
        b.update(blk.markup.as_dict())
    rendered.fold_html_emphasis(a)
    rendered.fold_html_emphasis(b)
    problems = []
    heading = all(blk.is_heading for blk in ups + trs)
    for kind in sorted(set(a) | set(b)):
        compared = kind in _MARKUP_COMPARED or (kind.startswith("html:") and not (heading and kind == "html:br"))
        if kind in _EXPLANATION_TAGS and b[kind] > a[kind]:
            continue
        if compared and a[kind] != b[kind]:
            problems.append(f"{kind} {a[kind]} upstream vs {b[kind]} translation")
        elif kind == "strong" and a[kind] and not b[kind] and not rendered.shows_more_strong(
                ctx.alignment.upstream, ups, ctx.alignment.translation, trs) \
                and not rendered.quoted_instead(ups, trs, a[kind]) and not rendered.drops_bold(ctx.alignment, ctx.memo):
            problems.append("bold text dropped")  # bold shown as `**` is unrendered-markup's
    if problems:
        yield ctx.pair_finding(pair, "markup differs: " + "; ".join(problems))


def _table_sizes(doc) -> tuple[Counter[int], dict[int, int]]:
    """Rows and widest row of every table of a document, by table id, in one pass."""
    rows: Counter[int] = Counter()
    width: dict[int, int] = {}
    for b in doc.blocks:
        if b.kind == "table_row":
            rows[b.table] += 1
            width[b.table] = max(width.get(b.table, 0), len(b.cells))
    return rows, width


@check("RS207", "consistency.table-shape", Severity.WARNING, scope=Scope.DOCUMENT)
def table_shape(al, ctx: Context) -> Iterator[Problem]:
    """A translated table has a different number of rows or columns than its upstream table.

    Fails: a 3-column upstream table translated with 2 columns. Passes: the same rows and
    columns, whatever the order of rows and whether either side is an HTML `<table>`.
    """
    tables: dict[int, dict[int, int]] = {}
    for pair in al.pairs:
        if pair.kind != "table_row" or not pair.upstream:
            continue
        up = al.upstream.blocks[pair.upstream[0]]
        counts = tables.setdefault(up.table, Counter())
        if pair.translation:
            counts[al.translation.blocks[pair.translation[0]].table] += 1
    up_rows, up_width = _table_sizes(al.upstream)
    tr_rows, tr_width = _table_sizes(al.translation)
    for up_table, counts in tables.items():
        if not counts:
            continue
        tr_table = counts.most_common(1)[0][0]
        up_cols, tr_cols = up_width[up_table], tr_width[tr_table]
        problems = []
        if up_rows[up_table] != tr_rows[tr_table]:
            problems.append(f"{tr_rows[tr_table]} rows in translation, {up_rows[up_table]} upstream")
        if up_cols != tr_cols:
            problems.append(f"{tr_cols} columns in translation, {up_cols} upstream")
        if problems:
            yield ctx.finding(
                "table shape differs: " + "; ".join(problems),
                upstream_line=up_table,
                translation_line=tr_table,
            )
