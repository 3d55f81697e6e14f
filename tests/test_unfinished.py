"""What tells a translated text stops unfinished (:mod:`relsync.checks.unfinished`): lines of the
corpora's real translations, as they are and as `bench_omissions.py` cuts them."""

from __future__ import annotations

import pytest

from relsync.checks.unfinished import unfinished

PREREQUISITES = 'During installation check the "Desktop development with C++" option.'


@pytest.mark.parametrize(("up", "tr", "locale", "why"), [
    # tauri-docs es/start/prerequisites.mdx line 147, cut at its middle
    (PREREQUISITES, "Durante la instalación marque la.", "es", "its last word “la” ends no sentence"),
    # tauri-docs zh-cn/start/prerequisites.mdx line 150, cut inside its quote
    (PREREQUISITES, "在安装过程中，选中“使用。", "zh_CN", "it opens “ and does not close it"),
    # tauri-docs fr/start/prerequisites.mdx line 149, cut inside its quote
    (PREREQUISITES, "Pendant l'installation, cochez l'option \"Développement.", "fr", 'it opens " and does not close it'),
    # German opens „ where upstream opens “: each text's marks read by its own convention
    ("During installation check the “Desktop development with C++” option.",
     "Während der Installation die Option „Desktopentwicklung.", "de", "it opens „ and does not close it"),
    # mdn-firefox fr/1.5 line 62, cut
    ("Learn about the new widgets that allow you to create Options windows easier using less JavaScript code.",
     "Apprenez à utiliser les nouveaux composants graphiques qui vous permettront de.", "fr",
     "its last word “de” ends no sentence"),
    # mdn-firefox ru/32 line 32, cut
    ("Allowed flex-grow and flex-shrink to transition between zero and nonzero values.",
     "Реализация flex-grow/flex-shrink для преобразования между нулевыми и.", "ru", "its last word “и” ends no sentence"),
    # mdn-firefox es/66 line 114, as the page has it: the rest of the item is missing
    ("Extension menu items will also appear in the Bookmarks sidebar (\ue000 + \ue001) and Library window.",
     "Los elementos del menú también aparecerán en la barra lateral de Marcadores (", "es",
     "it opens ( and does not close it"),
    # fastapi-docs ja/benchmarks.md line 27, cut: "な" joins an adjective to the noun it left out
    ("But it provides you the tools to build simple web applications, with routing based on paths, etc.",
     "しかし、パスに基づくルーティングなどを使って、シンプルな。", "ja", "its last word “な” ends no sentence"),
    # vue-docs head/zh/api/options-state.md line 22, cut after "或" ("or")
    ("If the desired value of a property is not yet available then an empty value such as `undefined` or `null` "
     "should be included as a placeholder to ensure that Vue knows that the property exists.",
     "如果一个属性的值在一开始还获取不到，应当先用 `undefined` 或。", "zh_CN", "its last word “或” ends no sentence"),
    # fastapi-docs uk/docs/tutorial/path-params.md line 75, cut after "та" ("and")
    ("This is incredibly helpful while developing and debugging code that interacts with your API.",
     "Це неймовірно корисно під час розробки та.", "uk", "its last word “та” ends no sentence"),
    # mdn-firefox ja/28 line 20, cut inside "カラーピッカー"
    ("Inspector: added a color picker in rules view and various tooltips.", "インスペクター: ルールビューでのカラーピッ。",
     "ja", "its last word “ッ” ends no sentence"),
    # mdn-firefox ja/28 line 17, cut: "の" joins a noun to the one it left out
    ("Web Console: added a dark theme for the output.", "ウェブコンソール: 出力エリア用の。", "ja",
     "its last word “の” ends no sentence"),
    # mdn-firefox zh-tw/2 line 21 and ja/28 line 16, cut inside a name: one Latin letter ends
    # a sentence of a language written without spaces
    ("Firefox 2 supports the OpenSearch search engine format.", "Firefox 2 支援 O。", "zh_TW",
     "its last word “O” is a letter of a word cut"),
    ('Web Console: added a "split console" mode - press Escape to quickly open the console in any other tool.',
     'ウェブコンソール: "スプリットコンソール" モードを追加しました。E。', "ja", "its last word “E” is a letter of a word cut"),
])
def test_a_text_cut_short_stops_unfinished(up, tr, locale, why):
    assert unfinished(up, tr, locale) == why


@pytest.mark.parametrize(("up", "tr", "locale"), [
    # fastapi-docs es/advanced/strict-content-type.md line 23: a paragraph that leads into the
    # code block after it, as upstream's does ("It provides an API at")
    ("It provides an API at", "Provee un API en", "es"),
    # fastapi-docs de/tutorial/query-params.md line 86: "or" between two code blocks
    ("or", "oder", "de"),
    # fastapi-docs pt/deployment/docker.md line 92: "para" is also a verb (the container stops)
    ("If the main process stops, the container stops.",
     "Se o processo principal parar, o contêiner também para.", "pt"),
    # fastapi-docs pt/tutorial/response-status-code.md line 61: "um" is also a pronoun
    ("304, \"Not Modified\", which must not have one.", "exceto 304, \"Não modificado\", que não deve ter um.", "pt"),
    # fastapi-docs de/tutorial/bigger-applications.md line 460: German quotes open with „
    ('The APIRouters are not "mounted", they are not isolated from the rest of the application.',
     "Die APIRouter sind nicht „gemountet“, sie sind nicht vom Rest der Anwendung isoliert.", "de"),
    # mdn-firefox ja/3 line 99: a bracket opened in full width, closed in half width
    ("A new component of the plugin system is now available to measure how long it takes plugins "
     "(e.g., Macromedia Flash) to execute their calls.",
     "プラグイン（例えば、Macromedia Flash) がどのくらい実行されているかを調べることができるコンポーネントが利用可能になりました。",
     "ja"),
    # fastapi-docs es/_llm-test.md line 200: "I/O" is no word "O"
    ("That is I/O.", "Eso es I/O.", "es"),
    # fastapi-docs ja/alternatives.md line 390 and ja/tutorial/body-updates.md line 51: "の" ends
    # "もの", and a Japanese item may end on "に" ("…のように。")
    ("Existence itself.", "存在そのもの。", "ja"),
    ("Like `item.model_dump(exclude_unset=True)`.", "\ue000のように。", "ja"),
    # a language's name upstream ends with too; fastapi-docs ja/_llm-test.md line 459, an
    # item with no full stop ("フェイクの X" for "fake X": upstream ends no sentence, and the
    # letter ends none either)
    ("Write it in C.", "用 C 编写。也支持 C。", "zh_CN"),
    ("fake X", "フェイクの X", "ja"),
    ("Use a fake X.", "フェイクの X", "ja"),
    # Chinese words ending on a character that also stands alone before what it governs:
    # vue-docs head/zh/guide/extras/web-components.md line 5, its last sentence ("方便", handy)
    ("Whether you are integrating custom elements into an existing Vue application, or using Vue to build and "
     "distribute custom elements, you are in good company.",
     "无论你是将自定义元素集成到现有的 Vue 应用中，还是使用 Vue 来构建和分发自定义元素都很方便。", "zh_CN"),
    # a question may end on a word a statement does not
    ("What?", "А?", "ru"),
    # a clitic joined by a hyphen ends a French imperative
    ("Take it.", "Prends-la.", "fr"),
    # a translation that leads into a list with a colon
    ("More information is on these pages.", "Más información en:", "es"),
    # fastapi-docs ru/_llm-test.md line 441: "ПО" (программное обеспечение, "software") is an
    # abbreviation in capitals, not the preposition "по"; so is French "LA" (Los Angeles)
    ("The software development kit.", "Набор средств разработки ПО.", "ru"),
    ("It was founded in LA.", "Elle a été fondée à LA.", "fr"),
    # one capital letter upstream writes as a word too: a name, not the conjunction "o"
    ("Use plan O.", "Usa el plan O.", "es"),
])
def test_a_finished_text_is_not_unfinished(up, tr, locale):
    assert unfinished(up, tr, locale) is None


@pytest.mark.parametrize(("up", "tr", "locale", "why"), [
    # fastapi-docs uk/docs/tutorial/path-params.md line 247, an item with no full stop, cut at
    # its middle: a list item is whole, its end is an end
    ("API annotation and automatic documentation", "Анотацію API та", "uk", "its last word “та” ends no sentence"),
    # the same item whole
    ("API annotation and automatic documentation", "Анотацію API та автоматичну документацію", "uk", None),
    # fastapi-docs de/docs/tutorial/dependencies/dependencies-with-yield.md line 17: an item that
    # leads into the next as upstream's does ("`@contextlib.contextmanager` or")
    ("\ue000 or", "\ue000 oder", "de", None),
    # fastapi-docs fr/docs/_llm-test.md line 252: a glossary item, one word
    ("your", "votre", "fr", None),
    # an item that leads into what is nested under it
    ("Install it with:", "Installez-le avec", "fr", None),
])
def test_a_list_item_ends_where_it_ends(up, tr, locale, why):
    assert unfinished(up, tr, locale, item=True) == why
    assert unfinished(up, tr, locale) is None  # (a paragraph without a full stop leads into what follows)
