"""Reading the literal part of JavaScript/TypeScript site configs without running them: the
shapes real Docusaurus, VitePress and Starlight configs take, and never an exception."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from relsync.project.jsconfig import UNKNOWN, JsConfig


def test_a_comment_mentioning_another_locale_is_not_read():
    js = JsConfig("""
      // you may want to replace "en" with "zh-Hans".
      /* i18n: { defaultLocale: 'fr' } */
      export default { i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } };
    """)
    assert js.export_default() == {"i18n": {"defaultLocale": "en", "locales": ["en", "fr"]}}


def test_environment_ternaries_take_what_a_plain_build_takes():
    js = JsConfig("""
      const isDeployPreview = !!process.env.NETLIFY && process.env.CONTEXT === 'deploy-preview';
      const isI18nStaging = process.env.I18N_STAGING === 'true';
      const defaultLocale = 'en';
      export default async function createConfigAsync(): Promise<Config> {
        return { i18n: { defaultLocale,
          locales: isDeployPreview ? [defaultLocale] : isI18nStaging ? [defaultLocale, 'ja']
                 : [defaultLocale, 'pt-BR', 'zh-CN'] } };
      }
    """)
    assert js.export_default() is UNKNOWN  # an exported function
    assert js.find_property("i18n") == {"defaultLocale": "en", "locales": ["en", "pt-BR", "zh-CN"]}


def test_typescript_wrappers_and_values_that_are_code():
    js = JsConfig("""
      import { defineConfig } from 'vitepress'
      export default defineConfig({
        srcDir: 'src' as const,
        locales: { root: { lang: 'en-US' }, fr: { lang: 'fr', link: '/fr/' } },
        themeConfig: { search: { options: { locales: { zh: {} } } } },
        transformHead: ({ pageData }) => [['meta', {}]],
        markdown: { config(md) { md.use(plugin) } },
      } satisfies UserConfig)
    """)
    top = js.export_default()
    assert top["srcDir"] == "src"
    assert top["locales"] == {"root": {"lang": "en-US"}, "fr": {"lang": "fr", "link": "/fr/"}}
    assert top["transformHead"] is UNKNOWN and top["markdown"]["config"] is UNKNOWN


def test_a_split_config_is_followed_into_its_relative_imports(tmp_path):
    (tmp_path / "en.ts").write_text("export const en = defineConfig({ lang: 'en-US' })\n", encoding="utf-8")
    (tmp_path / "zh.ts").write_text("export const zh = defineConfig({ lang: 'zh-Hans' })\n", encoding="utf-8")
    index = tmp_path / "index.ts"
    index.write_text("import { en } from './en'\nimport { zh as chinese } from './zh'\n"
                     "export default defineConfig({ locales: { root: { ...en }, zh: { ...chinese } } })\n",
                     encoding="utf-8")
    top = JsConfig.from_file(index).export_default()
    assert top == {"locales": {"root": {"lang": "en-US"}, "zh": {"lang": "zh-Hans"}}}


def test_a_default_import_of_a_json_module_or_of_a_default_export(tmp_path):
    """tauri-apps/tauri-docs' astro.config.mjs: `import locales from './locales.json'` and
    `starlight({ locales })`; its locales were taken from the directories (and the retired
    `it/` read as a locale)."""
    (tmp_path / "locales.json").write_text('{"root": {"label": "English", "lang": "en"}, '
                                          '"zh-cn": {"label": "简体中文", "lang": "zh-cn"}}', encoding="utf-8")
    (tmp_path / "sidebar.mjs").write_text("export default [{ label: 'Guides' }]\n", encoding="utf-8")
    config = tmp_path / "astro.config.mjs"
    config.write_text("import starlight from '@astrojs/starlight';\nimport locales from './locales.json';\n"
                      "import sidebar from './sidebar.mjs';\n"
                      "export default defineConfig({ integrations: [starlight({ sidebar, locales })] });\n",
                      encoding="utf-8")
    assert JsConfig.from_file(config).find_call_arg("starlight") == {
        "sidebar": [{"label": "Guides"}],
        "locales": {"root": {"label": "English", "lang": "en"}, "zh-cn": {"label": "简体中文", "lang": "zh-cn"}}}


def test_starlight_options_are_the_first_argument_of_its_call():
    js = JsConfig("export default defineConfig({ integrations: [starlight({ defaultLocale: 'en', "
                  "locales: { en: { label: 'English' }, 'pt-br': { label: 'Português' } } })] });")
    assert js.find_call_arg("starlight") == {"defaultLocale": "en", "locales": {
        "en": {"label": "English"}, "pt-br": {"label": "Português"}}}


def test_computed_locales_are_unknown_with_a_warning():
    js = JsConfig("const langs = ['en', 'fr'];\n"
                  "export default { locales: Object.fromEntries(langs.map((l) => [l, {}])) };")
    assert js.export_default()["locales"] is UNKNOWN
    assert js.warnings


def test_numbers_beyond_python_int_limits_are_unknown():
    assert JsConfig("export default { n: " + "9" * 5000 + " };").export_default()["n"] is UNKNOWN


@given(st.text(alphabet=st.sampled_from(list("{}[]()'\"`,:;.=!?&|<>/*-+ \n\\$ab1")), max_size=200))
def test_any_text_is_read_without_an_exception(text):
    js = JsConfig(text)
    js.export_default()
    js.find_property("i18n")
    js.find_call_arg("starlight")
