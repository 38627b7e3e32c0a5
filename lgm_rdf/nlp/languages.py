"""Names of languages and of writing or romanisation systems.

Encyclopaedic prose gives a thing's name in another language inside brackets, labelled with the
language ("Boxing (Armenian: ...)", "Beijing (Chinese: 北京; pinyin: Běijīng)"). These words
are how such a label is recognised: general knowledge of languages, no lexicon of concepts.
"""

from __future__ import annotations

from lgm_rdf.nlp.wordlists import words

# lower-case names of languages (a label may add a qualifier before them: "Old English",
# "Ancient Greek", "Standard Chinese", "Scottish Gaelic", "Brazilian Portuguese")
LANGUAGES = words(
    "afrikaans akan albanian amharic arabic aramaic armenian assamese azerbaijani azeri basque "
    "belarusian bengali bosnian breton bulgarian burmese cantonese catalan cebuano chechen "
    "cherokee chinese cornish corsican croatian czech danish dari dutch dzongkha english "
    "esperanto estonian faroese farsi fijian filipino finnish flemish french frisian friulian "
    "gaelic galician georgian german greek greenlandic guarani gujarati haitian hausa hawaiian "
    "hebrew hindi hmong hungarian icelandic igbo ilocano indonesian inuktitut irish italian "
    "japanese javanese kannada kashmiri kazakh khmer kinyarwanda korean kurdish kyrgyz lao "
    "latin latvian lithuanian luxembourgish macedonian malagasy malay malayalam maltese "
    "mandarin manx maori māori marathi mongolian montenegrin nahuatl navajo nepali norse "
    "norwegian occitan odia oriya ossetian pashto persian polish portuguese punjabi quechua "
    "romanian romansh russian sami samoan sanskrit sardinian scots serbian serbo-croatian "
    "shona sicilian silesian sindhi sinhala sinhalese slovak slovene slovenian somali sorbian "
    "spanish sundanese swahili swedish syriac tagalog tahitian tajik tamil tatar telugu thai "
    "tibetan tigrinya tongan tswana turkish turkmen twi ukrainian urdu uyghur uzbek venetian "
    "vietnamese walloon welsh wolof xhosa yiddish yoruba zulu"
)
# a capitalised qualifier and "dialect" label a language ("Qihai dialect"); "language" only
# after a language's name ("Old Norse language"; not "Programming language: Rust")
DIALECT = "dialect"
# scripts and romanisations, also labels of another form of the same name ("pinyin: Běijīng",
# "Hangul: 에이핑크", "translit. Zlatoust", "IAST: Suśāsan Divas")
SCRIPTS = words(
    "hangul hanja kanji kana hiragana katakana romaji rōmaji pinyin jyutping wade-giles hepburn "
    "rr mr iast translit translit. transliteration transliterated romanized romanised "
    "romanization romanisation cyrillic devanagari latin"
)

# abbreviations that introduce a romanisation after a foreign name and a comma: "(Russian:
# Москва, tr. Moskva)" (the sentence splitter keeps their period; ``learn.patterns.foreign``
# reads the name after them)
ROMANISATION_ABBREVIATIONS = words("translit tr")


def names_a_language(label: str) -> bool:
    """Whether ``label`` (the words before a colon in brackets) is a language, a script or a
    romanisation: "Armenian", "Old English", "Qihai dialect", "pinyin", "translit."."""
    parts = label.split()
    if not parts or len(parts) > 3:
        return False
    last = parts[-1].lower()
    if len(parts) == 1 and last in SCRIPTS:
        return True
    if not all(p[:1].isupper() for p in parts[:-1]):
        return False  # "the official name": no label
    if last == DIALECT:
        return len(parts) > 1
    if last == "language" and len(parts) > 1:
        return parts[-2].lower() in LANGUAGES
    return parts[-1][:1].isupper() and last in LANGUAGES
