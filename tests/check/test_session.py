"""What a command or the language server reads once (check.session.Session, data.loading): the
card data with its warning handed back (the CLI prints it, the server logs it), each deck's house
rules, and the language they choose."""

from __future__ import annotations

from datetime import date

from duepa_check.check.checker import CheckOptions
from duepa_check.check.session import Session
from duepa_check.data.loading import load_card_data


def test_a_named_data_dir_without_data_is_a_warning_handed_back(tmp_path):
    data = load_card_data(tmp_path / "nothing-here")
    assert data.warning is not None and data.warning.key
    assert data.pool.lookup("ボルシャック・ドラゴ大王").card is not None  # the embedded data, as the CLI goes on
    assert load_card_data(None).warning is None


def test_the_language_follows_the_house_rules_of_the_deck_unless_chosen(tmp_path):
    (tmp_path / "ja").mkdir()
    (tmp_path / "ja" / ".duepa-check.yaml").write_text("lang: ja\n", encoding="utf-8")
    session = Session()
    assert session.language(None, tmp_path / "ja" / "deck.txt", environ={}) == "ja"
    assert session.language(None, tmp_path / "deck.txt", environ={"LANG": "C.UTF-8"}) == "en"
    assert session.language("en", tmp_path / "ja" / "deck.txt", environ={}) == "en"
    assert session.language(None, tmp_path / "ja" / "deck.txt", environ={"DUEPA_CHECK_LANG": "en"}) == "en"


def test_the_checker_of_a_session_shares_its_house_rules(tmp_path):
    (tmp_path / ".duepa-check.yaml").write_text("deck_size: 40\n", encoding="utf-8")
    session = Session()
    checker = session.checker(CheckOptions(as_of=date(2026, 3, 16)))
    assert checker.house_rules is session.house_rules and checker.pool is session.data.pool
    assert checker.config_for(tmp_path / "deck.txt") is session.rules_at(tmp_path / "other.txt")
    assert session.rules_at(tmp_path / "deck.txt").deck_size == 40


def test_a_session_of_the_embedded_data_asks_no_data_dir(monkeypatch, tmp_path):
    """The web page's session (report.in_memory): no data dir is looked for, none is warned about."""
    import duepa_check.data.userdata as userdata

    def no_data_dir(*_args):
        raise AssertionError("the data dir was asked")

    monkeypatch.setenv("DUEPA_CHECK_DATA", str(tmp_path / "nothing-here"))
    monkeypatch.setattr(userdata, "resolve_data_dir", no_data_dir)
    session = Session(embedded=True)
    assert (session.data.source, session.data.warning) == ("embedded", None)
    assert session.data.pool.lookup("ボルシャック・ドラゴ大王").card is not None
    other = session.sibling(include_unconfirmed=True)
    assert other.data is session.data and other.embedded and other.include_unconfirmed
    assert other.house_rules is not session.house_rules
