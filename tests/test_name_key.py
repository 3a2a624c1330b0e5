"""engarde.known.name_key: how the reader compares names (no accents, case, apostrophes or extra
spaces); its plain-ASCII shortcut reads every text as the Unicode decomposition does."""

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from engarde.known import name_key


def _decomposed(text: str) -> str:
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = plain.casefold().replace("\u2019", "'").replace("'", "").replace("-", " ").replace(".", " ")
    return " ".join(plain.split())


def test_one_name_however_written():
    assert name_key("D\u2019Artagnan") == name_key("d'artagnan") == name_key("DArtagnan") == "dartagnan"
    assert name_key("  Jean-Fran\u00e7ois  de   la Tour ") == "jean francois de la tour"
    assert name_key("\ufb01ne") == "fine"  # a ligature decomposed


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=30) | st.text(
    alphabet="abcXYZ '-.\u2019\u00e9\u00c0\u00a0\ufb01 ", max_size=20))
def test_the_ascii_shortcut_reads_as_the_decomposition(text):
    assert name_key.__wrapped__(text) == _decomposed(text)
