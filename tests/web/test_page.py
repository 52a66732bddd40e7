"""The web page in a real browser (issue 53): Debian's Chromium, headless, through Playwright, on
the site tools/build_site.py builds, served on 127.0.0.1. One browser and one page load serve
every test here (the second load is the offline visit)."""

from __future__ import annotations

import json

from support import BD4, deck_lines
from web_support import AS_OF, cli_output, oracle_cases

CHECK = "([text, options]) => window.duepaCheck(text, options)"


def _check(page, text: str, **options) -> tuple[int, str]:
    found = page.evaluate(CHECK, [text, {"asOf": AS_OF, **options}])
    return found["exit"], found["output"]


def test_duepa_check_is_the_cli_on_every_fixture(page, tmp_path):
    differ = []
    for case, name, text in oracle_cases():
        folder = tmp_path / case.replace("/", "-")
        folder.mkdir()
        if _check(page, text, name=name, lang="ja") != cli_output(folder, name, text, "json", "ja"):
            differ.append(case)
    assert differ == []


def test_duepa_check_is_the_cli_in_every_format(page, tmp_path):
    lines = deck_lines(BD4)
    lines[30] = "1 ボルシャック・ドラゴソ"
    text = "\n".join(lines) + "\n"
    for output_format in ("text", "sarif", "html", "github"):
        for lang in ("en", "ja"):
            expected = cli_output(tmp_path, "deck.txt", text, output_format, lang)
            assert _check(page, text, name="deck.txt", lang=lang, format=output_format) == expected, (
                output_format,
                lang,
            )


def _settled(page) -> dict:
    """The report once the last edit's check is shown."""
    page.wait_for_function("document.querySelector('#report').dataset.text === document.querySelector('#deck').value")
    return page.evaluate(
        "({verdict: document.querySelector('.verdict')?.textContent, shown: window.duepaShown,"
        " rules: [...document.querySelectorAll('table.findings tbody tr td:first-child')].map(c => c.textContent)})"
    )


def test_typing_shows_the_last_texts_findings_and_never_a_stale_one(page):
    lines = deck_lines(BD4)
    page.fill("#deck", "\n".join(lines[:-1]) + "\n")
    page.focus("#deck")
    page.keyboard.press("End")
    page.evaluate("document.querySelector('#deck').setSelectionRange(1e9, 1e9)")
    page.keyboard.type(lines[-1], delay=5)
    shown = _settled(page)
    _, output = _check(page, page.input_value("#deck"), name="deck.txt", lang="ja")
    expected = [v["rule"] for v in json.loads(output)["decks"][0]["violations"]]
    assert sorted(shown["rules"]) == sorted(expected)
    assert shown["verdict"] and shown["verdict"].startswith("✔")
    assert shown["shown"] and all(entry["checked"] == entry["shown"] for entry in shown["shown"])


def test_a_dropped_file_is_read_as_the_cli_reads_it(page):
    lines = deck_lines(BD4)
    lines[30] = "1 ボルシャック・ドラゴソ"
    data = list(("\r\n".join(lines) + "\r\n").encode("cp932"))  # a Windows notepad file
    page.evaluate(
        """([bytes]) => {
            const transfer = new DataTransfer();
            transfer.items.add(new File([new Uint8Array(bytes)], "大会.txt"));
            const drop = new DragEvent('drop', {dataTransfer: transfer, bubbles: true, cancelable: true});
            document.querySelector('#deck').dispatchEvent(drop);
        }""",
        [data],
    )
    page.wait_for_function("document.querySelector('#deck').value.includes('ドラゴソ')")
    shown = _settled(page)
    assert page.input_value("#name") == "大会.txt"
    assert "DP100" in shown["rules"]
    assert page.input_value("#deck").splitlines() == lines


def test_the_fix_button_writes_what_fix_writes_and_undoes(page, tmp_path, capsys):
    from duepa_check.cli import main

    lines = deck_lines(BD4)
    lines[40] = lines[40].replace("・", "･")
    text = "\n".join(lines) + "\n"
    (tmp_path / "deck.txt").write_text(text, encoding="utf-8")
    main([str(tmp_path / "deck.txt"), "--fix", "--format", "json", "--as-of", AS_OF])
    capsys.readouterr()
    page.fill("#name", "deck.txt")
    page.fill("#deck", text)
    _settled(page)
    page.click("#fix")
    page.wait_for_function("document.querySelector('#deck').value !== " + json.dumps(text))
    assert page.input_value("#deck") == (tmp_path / "deck.txt").read_text(encoding="utf-8")
    page.click("#undo")
    assert page.input_value("#deck") == text


def test_findings_link_to_their_lines(page):
    lines = deck_lines(BD4)
    lines[30] = "1 ボルシャック・ドラゴソ"
    page.fill("#deck", "\n".join(lines) + "\n")
    _settled(page)
    page.click("table.findings td.line button >> text='31'")
    selected = page.evaluate(
        "(() => { const d = document.querySelector('#deck');"
        " return d.value.slice(d.selectionStart, d.selectionEnd); })()"
    )
    assert selected == lines[30]
    assert page.evaluate("document.activeElement.id") == "deck"


def test_page_fits_360_and_1280_and_japanese_renders(page, tmp_path):
    page.fill("#deck", "\n".join(deck_lines(BD4)[:20]) + "\n1 ボルシャック・ドラゴソ\n")
    _settled(page)
    try:
        for width in (360, 1280):
            page.set_viewport_size({"width": width, "height": 800})
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{overflow} px wider than {width}"
            page.screenshot(path=str(tmp_path / f"page-{width}.png"), full_page=True)
            assert page.evaluate("document.documentElement.lang") == "ja"
            # a glyph for 火 (a missing font draws every kanji as the same box)
            widths = page.evaluate(
                "(() => { const c = document.createElement('canvas').getContext('2d'); c.font = '20px sans-serif';"
                " return ['火', '水', 'W'].map(t => c.measureText(t).width); })()"
            )
            assert widths[0] > 10 and widths[0] != widths[2]
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_every_request_stays_on_the_pages_origin_without_a_console_error(page, context, server):
    page.evaluate("window.duepaReady")
    outside = [url for url in context.seen["requests"] if not url.startswith((server.origin + "/", "data:", "blob:"))]
    assert outside == []
    assert [text for kind, text in context.seen["console"] if kind == "error"] == []
    assert context.seen["errors"] == []


def test_a_shared_link_reopens_the_list_offline_on_a_second_visit(page, context, server):
    lines = deck_lines(BD4)
    lines[30] = "1 ボルシャック・ドラゴソ"
    text = "\n".join(lines) + "\n"
    page.fill("#deck", text)
    page.fill("#as-of", "2026-04-01")
    page.check("#unconfirmed")
    _settled(page)
    link = page.evaluate("window.duepaShareLink()")
    assert link.startswith(server.origin) and "#" in link and "ドラゴソ" not in link
    server.stop()
    try:
        again = context.new_page()
        again.goto(link)
        again.evaluate("window.duepaReady")
        assert again.input_value("#deck") == text
        assert again.input_value("#as-of") == "2026-04-01"
        assert again.is_checked("#unconfirmed")
        shown = _settled(again)
        assert "DP100" in shown["rules"]
        again.close()
    finally:
        server.start()


def test_every_control_is_labelled_and_findings_have_column_headers(page):
    lines = deck_lines(BD4)
    lines[30] = "1 ボルシャック・ドラゴソ"
    page.fill("#deck", "\n".join(lines) + "\n")
    _settled(page)
    unlabelled = page.evaluate(
        "[...document.querySelectorAll('input, select, textarea')].filter(c => !c.labels.length).map(c => c.id)"
    )
    assert unlabelled == []
    headers = page.evaluate(
        "[...document.querySelectorAll('table.findings')]"
        ".map(t => [...t.querySelectorAll('thead th[scope=col]')].map(h => h.textContent))"
    )
    assert headers and all(row == ["ルール", "行", "カード", "問題", "ヒント"] for row in headers)
    assert "使用不可" in page.text_content("#verdict-status")


def test_a_submission_sheet_shows_each_row_and_its_lines(page):
    from web_support import FIXTURES

    text = (FIXTURES / "sheets" / "responses.csv").read_text(encoding="utf-8")
    page.fill("#name", "responses.csv")
    page.fill("#deck", text)
    try:
        _settled(page)
        _, output = _check(page, text, name="responses.csv", lang="ja")
        decks = json.loads(output)["decks"]
        titles = page.evaluate("[...document.querySelectorAll('#report section.deck > h2')].map(h => h.textContent)")
        assert len(titles) == len(decks) == 6
        first = decks[0]["submission"]
        assert titles[0] == f"responses.csv {first['row']}行目（{first['player']}）"
        superseded = [deck["submission"]["superseded"] for deck in decks]
        shown = page.evaluate(
            "[...document.querySelectorAll('#report section.deck')].map(s => !!s.querySelector('.superseded'))"
        )
        assert shown == superseded and any(superseded)
        # a finding's line is a line of the row's deck cell: its button selects that line of the sheet
        index, violation = next(
            (i, v) for i, deck in enumerate(decks) for v in deck["violations"] if v["line"] and v["card"] and i > 0
        )
        button = page.locator("#report section.deck").nth(index).locator("td.line button").first
        assert button.text_content() == str(violation["line"])
        button.click()
        selected = page.evaluate(
            "(() => { const d = document.querySelector('#deck');"
            " return d.value.slice(d.selectionStart, d.selectionEnd); })()"
        )
        assert violation["card"] in selected
        summary = json.loads(output)["summary"]  # the superseded row is not counted
        assert page.text_content("#verdict-status").startswith(f"チェックしたデッキ {summary['decks']}件、")
        page.click("#fix")  # a sheet is never rewritten: the page says so in --fix's words
        page.wait_for_function("document.querySelector('#said').textContent.includes('--fix')")
        assert page.text_content("#said").startswith("responses.csv: 提出シートは --fix で書き換えません。")
        assert page.input_value("#deck") == text
    finally:
        page.fill("#name", "deck.txt")


def _drop(page, data: bytes, name: str) -> None:
    page.evaluate(
        """([bytes, name]) => {
            const transfer = new DataTransfer();
            transfer.items.add(new File([new Uint8Array(bytes)], name));
            const drop = new DragEvent('drop', {dataTransfer: transfer, bubbles: true, cancelable: true});
            document.querySelector('#deck').dispatchEvent(drop);
        }""",
        [list(data), name],
    )


def test_a_file_that_cannot_be_read_is_said_in_the_pages_language(page):
    from duepa_check.messages import Msg, text

    page.fill("#deck", "\n".join(deck_lines(BD4)) + "\n")
    _settled(page)
    cases = [
        (b"\x00\x01\x02deck\x00" * 40, "deck.bin", Msg("input.binary-nul", {"path": "deck.bin"})),
        (b"1 a\n" * 300_000, "big.txt", Msg("input.too-large", {"path": "big.txt", "megabytes": 1})),
    ]
    try:
        for data, name, message in cases:
            _drop(page, data, name)
            page.wait_for_function("document.querySelector('#report .error-line') !== null")
            assert page.text_content("#report") == text(message, "ja")
            assert page.input_value("#deck") == "" and page.is_disabled("#fix")
            page.select_option("#lang", "en")
            page.wait_for_function("document.documentElement.lang === 'en'")
            assert page.text_content("#report") == text(message, "en")
            assert page.text_content("#verdict-status") == text(message, "en")
            page.select_option("#lang", "ja")
        page.fill("#name", "deck.txt")
        page.fill("#deck", "\x00\x01binary\x00")  # pasted, not dropped: the check says why, in the page's words
        _settled(page)
        assert page.text_content("#report .error-line") == text(Msg("input.binary-nul", {"path": "deck.txt"}), "ja")
    finally:
        page.select_option("#lang", "ja")
        page.fill("#name", "deck.txt")


def test_the_page_runs_without_compiled_modules_or_platformdirs(page, site):
    """The page's Python has no compiled accelerator (RapidFuzz's, PyYAML's) and no platformdirs:
    unknown names still get their close names, from RapidFuzz's pure-Python fallback."""
    import zipfile

    names = [name for wheel in (site / "wheels").iterdir() for name in zipfile.ZipFile(wheel).namelist()]
    assert [name for name in names if name.endswith((".so", ".pyd")) or name.startswith("platformdirs")] == []
    assert any(name.startswith("rapidfuzz/") for name in names)
    lines = deck_lines(BD4)
    lines[30] = "1 ボルシャック・ドラゴソ"
    _, output = _check(page, "\n".join(lines) + "\n", name="deck.txt", lang="ja")
    hints = [v["hint"] for v in json.loads(output)["decks"][0]["violations"] if v["rule"] == "DP100"]
    assert len(hints) == 1 and "《ボルシャック・ドラゴン》" in hints[0]


def test_a_sheets_date_order_warning_is_shown_above_its_rows(page):
    """What the CLI warns of on stderr (here: dates that read day-first or month-first) is a note
    above the report, in the page's language."""
    from datetime import date

    from duepa_check.messages import text as message_text
    from duepa_check.report.in_memory import TextChecks

    deck = "\n".join(deck_lines(BD4))
    rows = [("02/11/2026 15:00", "たろう"), ("10/01/2026 09:00", "たろう"), ("03/11/2026 15:00", "じろう")]
    text = "Timestamp,Player,Decklist\n" + "".join(f'{when},{who},"{deck}"\n' for when, who in rows)
    notes = TextChecks().report(text, "responses.csv", as_of=date.fromisoformat(AS_OF), lang="ja").notes
    page.fill("#name", "responses.csv")
    page.fill("#deck", text)
    try:
        _settled(page)
        shown = page.evaluate("[...document.querySelectorAll('#report > p.note')].map(p => p.textContent)")
        assert shown == [message_text(note, "ja") for note in notes] and len(shown) == 1
    finally:
        page.fill("#name", "deck.txt")
