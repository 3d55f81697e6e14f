"""Tooltips a translation keeps in upstream's English (:mod:`relsync.checks.tooltips`)."""

from __future__ import annotations

from relsync import parse
from relsync.checks.english import FUNCTION_WORDS
from relsync.checks.tooltips import english_tooltips, tooltips

# vue-docs guide/components/props.md lines 235-240 and the translation's lines 231-236
VUE_UP = """```vue-html
<!-- Dynamically assign the value of a variable -->
<BlogPost :title="post.title" />

<!-- Dynamically assign the value of a complex expression -->
<BlogPost :title="post.title + ' by ' + post.author.name" />
```
"""
VUE_TR = VUE_UP.replace("Dynamically assign the value of a variable", "根据一个变量的值动态传入").replace(
    "Dynamically assign the value of a complex expression", "根据一个更复杂表达式的值动态传入")
PAGE_WORDS = {"post", "title", "by", "author", "name", "the", "value", "of"}


def test_a_bound_attribute_of_a_code_block_is_no_tooltip():
    up, tr = parse(VUE_UP).blocks[0], parse(VUE_TR, locales=("en", "zh_CN")).blocks[0]
    assert english_tooltips(up, tr, PAGE_WORDS, FUNCTION_WORDS) == []


def test_a_dfn_title_is_a_tooltip_and_an_abbr_title_is_not():
    block = parse('A <dfn title="This is another joke.">cookie</dfn> and <abbr title="greater than">gt</abbr>.').blocks[0]
    assert tooltips(block) == ["This is another joke."]


def test_a_sentence_of_upstreams_tooltip_kept_is_found_and_a_translated_one_is_not():
    # fastapi-docs docs/uk/docs/tutorial/cookie-param-models.md line 57
    up = parse('Poor cookie banners with all their effort to get your consent for the <dfn title="This is '
               'another joke. Have some coffee for your cookie. ☕">API to reject it</dfn>.').blocks[0]
    kept = parse('Бідні банери cookie, які так старанно намагаються отримати вашу згоду, щоб <dfn title="Це ще '
                 'один жарт. Have some coffee for your cookie. ☕">API її відхилила</dfn>.').blocks[0]
    ours = parse('Бідні банери cookie, які так старанно намагаються отримати вашу згоду, щоб <dfn title="Це ще '
                 'один жарт. Випийте трохи кави до свого печива. ☕">API її відхилила</dfn>.').blocks[0]
    words = {"have", "some", "coffee", "for", "your", "cookie", "this", "is", "another", "joke"}
    assert english_tooltips(up, kept, words, FUNCTION_WORDS) == ["Have some coffee for your cookie."]
    assert english_tooltips(up, ours, words, FUNCTION_WORDS) == []
