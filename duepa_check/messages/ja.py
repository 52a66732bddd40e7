"""日本語のメッセージ: キー → ``str.format`` のテンプレート（名前付きの差し込み）。

用語はカードと公式ルールの書き方に合わせる（パートナー、文明、無色、殿堂入り、プレミアム殿堂、
超次元ゾーン、〜枚、〜行目）。キーと差し込みの名前は en.py と同じでなければならない
（tests/contracts/test_messages.py）。単数・複数の ``.one``/``.other`` には同じ文を書く。
"""

MESSAGES: dict[str, str] = {
    # ------------------------------------------------------------ あちこちで使う言葉
    "sep.names": "、",
    "sep.lines": "、",
    "list.more": "{shown}…（ほか{count}）",
    "sep.civilizations": "・",
    "sep.civilizations.words": "・",
    "sep.clauses": "。",
    "sep.and": "と",
    "civilization.unknown": "文明不明（カードデータ未収録）",
    "civilization.colorless": "無色",
    "card.kind-unknown": "カード",
    "zone.main": "メインデッキ",
    "zone.hyperspatial": "超次元ゾーンのカード（サイキック、ドラグハート、ルール・プラス）",
    "zone.super_gr": "超GRゾーンのカード（GRクリーチャー）",
    "zone.starts_in_battle_zone": "ゲーム開始時にバトルゾーンに置くカード",
    "status.unrestricted": "無制限",
    "status.hall_of_fame": "殿堂入り",
    "status.premium_hall_of_fame": "プレミアム殿堂",
    "status.prohibited": "使用禁止",
    "hint.remove-it": "このカードを抜いてください",
    # ------------------------------------------------------------ ルール（ルール名ごと）
    "hint.remove-it.replace": "別のカードと入れ替えてください",
    "deck-size.count.one": "デッキが{count}枚です。デュエパーティーのデッキはパートナーを含めてちょうど{wanted}枚です",
    "deck-size.count.other": "デッキが{count}枚です。デュエパーティーのデッキはパートナーを含めてちょうど{wanted}枚です",
    "deck-size.add.one": "あと{difference}枚入れてください",
    "deck-size.add.other": "あと{difference}枚入れてください",
    "deck-size.remove.one": "{difference}枚抜いてください",
    "deck-size.remove.other": "{difference}枚抜いてください",
    "deck-size.add.more.one": "パートナーの行とは別に、あと{difference}枚入れてください",
    "deck-size.add.more.other": "パートナーの行とは別に、あと{difference}枚入れてください",
    "deck-size.remove.more.one": "ほかのヒントで抜くカードとは別に、あと{difference}枚抜いてください",
    "deck-size.remove.more.other": "ほかのヒントで抜くカードとは別に、あと{difference}枚抜いてください",
    "deck-size.others": "ほかのヒントどおりに直せば{wanted}枚になります。これ以上の追加や削除はいりません",
    "deck-size.unknown.one": "先に{lines}行目を直してください。カード名になっていません（見つかったカードは{known}枚）",
    "deck-size.unknown.other": "先に{lines}行目を直してください。カード名になっていません（見つかったカードは{known}枚）",
    "deck-size.unknown.even.one": "{lines}行目はカード名になっていません。ほかのヒントどおりに直せばほかのカードで{wanted}枚そろうので、カードでなければその行を消してください",
    "deck-size.unknown.even.other": "{lines}行目はカード名になっていません。ほかのヒントどおりに直せばほかのカードで{wanted}枚そろうので、カードでなければその行を消してください",
    "singleton.copies.one": "《{card}》がデッキに{total}枚入っています（{lines}行目）。同じ名前のカードは1枚までです",
    "singleton.copies.other": "《{card}》がデッキに{total}枚入っています（{lines}行目）。同じ名前のカードは1枚までです",
    "singleton.hint.count": "{line}行目の枚数を1にしてください",
    "singleton.hint.partner": "パートナーも60枚のうちの1枚に数えます。{line}行目を消してください",
    "singleton.hint.remove": "1枚だけ残して、{line}行目を消してください",
    "singleton.hint.count.replace": "{line}行目の枚数を1にして、減った分は別のカードを入れてください",
    "singleton.hint.partner.replace": "パートナーも60枚のうちの1枚に数えます。{line}行目を別のカードにしてください",
    "singleton.hint.remove.replace": "1枚だけ残して、{line}行目を別のカードにしてください",
    "partner-designation.none": "パートナーが指定されていません",
    "partner-designation.none.hint": "「パートナー: カード名」の行を書く（{size}枚に数えます）か、--partner カード名 を指定してください。{advice}",
    "partner-designation.none.hint.mark": "デッキを率いるカードの名前の前に「パートナー: 」と書いてください。{advice}",
    "partner-designation.none.hint.replace": "{count}枚から1枚を抜き、「パートナー: カード名」の行を書いてください。{advice}",
    "partner-designation.listed": "《{card}》（{line}行目）",
    "partner-designation.listed.outside": "《{card}》（パートナー欄）",
    "partner-designation.many": "パートナーが{count}枚指定されています: {partners}。パートナーは1枚だけです",
    "partner-designation.many.hint": "パートナーの行を1つだけ残し、ほかのカードは通常のカードとして書いてください",
    "partner-eligibility.not-eligible": (
        "《{card}》はパートナーにできません: {problem}。デッキの文明は、条件を満たすパートナーを選んでから確かめます"
    ),
    "partner-eligibility.no-data": (
        "《{card}》のカードデータがまだありません。パートナーにできるかも、デッキに使える文明も確かめられません"
    ),
    "partner-eligibility.no-data.hint": "duepa-check update でカードのデータを取得するか、別のパートナーを選んでください（--partner カード名）",
    "partner-eligibility.hint": "コスト{minimum}以上のクリーチャーを選んでください。{advice}",
    "partner-eligibility.hint.move": "{line}行目を「1 {card}」に直し、コスト{minimum}以上のクリーチャーをパートナーにしてください。{advice}",
    "partner-advice.working": "例: {candidates}",
    "partner-advice.none-in-deck": "デッキには候補がありません",
    "partner-advice.pool": "カードプールの候補: {candidates}",
    "partner-advice.fewest": "最も近いのは{candidates}",
    "partner-advice.off-count.one": "《{card}》（文明外{count}枚）",
    "partner-advice.off-count.other": "《{card}》（文明外{count}枚）",
    "partner-problem.no-data": "このカードのデータがまだありません（タイプとコストが分かりません）",
    "partner-problem.not-main-deck": "メインデッキに入れられないカードです: {zone}",
    "partner-problem.not-creature": "クリーチャーではありません（タイプ: {type}）",
    "partner-problem.cost": "コストが{cost}で、{minimum}より小さいです",
    "partner-problem.cost.twinpact": "クリーチャー側のコストが{cost}で、{minimum}より小さいです",
    "civilization.outside": "《{card}》は{civilizations}文明ですが、パートナー《{partner}》は{outside}文明を持っていません",
    "civilization.outside.hint": (
        "このカードを抜くか、{outside}文明を持つパートナーを選んでください（使える文明: {allowed}・無色）"
    ),
    "civilization.outside.hint.colorless-partner": (
        "このカードを抜くか、{outside}文明を持つパートナーを選んでください（使える文明: 無色のみ）"
    ),
    "civilization.outside.hint.replace": (
        "このカードを使える文明のカードと入れ替えるか、{outside}文明を持つパートナーを選んでください（使える文明: {allowed}・無色）"
    ),
    "civilization.outside.hint.colorless-partner.replace": (
        "このカードを無色のカードと入れ替えるか、{outside}文明を持つパートナーを選んでください（使える文明: 無色のみ）"
    ),
    "not-main-deck.card": "《{card}》（{kind}）はメインデッキのカードではありません: {zone}",
    "not-main-deck.side": "《{card}》は{cards}の片面で、どれもメインデッキのカードではありません（{zone}）",
    "not-main-deck.hint": "このカードを抜いてください。デュエパーティーで使うのは60枚のメインデッキだけです",
    "not-main-deck.hint.replace": "メインデッキのカードと入れ替えてください。デュエパーティーで使うのは60枚のメインデッキだけです",
    "premium-hall-of-fame.since": "《{card}》は{since}からプレミアム殿堂です。{as_of}時点のデッキには入れられません",
    "premium-hall-of-fame.unconfirmed": (
        "《{card}》は未確認の次の改定でプレミアム殿堂になります。{as_of}時点のデッキには入れられません"
    ),
    "premium-combo.both": (
        "《{card}》と《{other}》（{other_line}行目）は{since}からプレミアム殿堂コンビです。同じデッキには入れられません"
    ),
    "premium-combo.both.hint": "どちらか1枚を抜いてください",
    "premium-combo.both.hint.replace": "どちらか1枚を別のカードと入れ替えてください",
    "hall-of-fame.copies": "《{card}》は殿堂入りで1枚までですが、デッキに{count}枚入っています",
    "hall-of-fame.copies.hint": "1枚だけ残してください",
    "hall-of-fame.copies.hint.replace": "1枚だけ残して、減った分は別のカードを入れてください",
    "prohibited.house-rules": "《{card}》はハウスルール（{source}）で使用禁止です",
    "prohibited.official": "《{card}》は使用禁止です",
    "prohibited.official.reason": "《{card}》は使用禁止です: {reason}",
    "english-tcg-only.printed": "《{card}》は英語版TCGだけのカードで、日本では発売されていません（日本のカードプールにありません）",
    "english-tcg-only.hint": "抜いてください。デュエパーティーのデッキには日本で発売されたカードだけを使います",
    "english-tcg-only.hint.replace": "日本で発売されたカードと入れ替えてください。デュエパーティーのデッキには日本で発売されたカードだけを使います",
    "unknown-card.none": "《{card}》に一致するカードがありません",
    "unknown-card.hint": "カード名の書き方を確かめてください",
    "unknown-card.hint.suggestions": "もしかして: {suggestions}",
    "unknown-card.hint.not-searched": "カード名の書き方を確かめてください（近い名前を探すのは、一致しない名前の最初の{limit}個だけです）",
    "unknown-card.hint.not-searched.run": "カード名の書き方を確かめてください（近い名前を探すのは、1回の実行で一致しない名前の最初の{limit}個だけです）",
    "unknown-card.run-limit": "近い名前を探したのは、この実行で一致しない名前の最初の{limit}個だけです（残りの{count}個は探していません）",
    "ambiguous-card.matches": "《{card}》は{count}枚のカードに一致します: {names}",
    "ambiguous-card.matches.hint": "正式なカード名で書いてください（例: 《{first}》）",
    "unparsable-line.line": "{line}行目: {problem}",
    "unparsable-line.line.hint": "「1 カード名」の形で書くか、# を付けてコメントにするか、行を消してください",
    "incomplete-card-data.no-data": "《{card}》は実在するカードですが、まだデータがないため文明とタイプを確かめていません",
    "incomplete-card-data.no-data.hint": "duepa-check update を実行してデータを取得してください",
    "stale-regulation.old": "レギュレーションのデータは{data_date}までで、チェック日{as_of}より6か月以上前です",
    "stale-regulation.old.hint": (
        "--as-of で大会の日付を指定してください。duepa-check update で消えるのは、公式サイトに新しい改定があるときだけです"
    ),
    "unconfirmed-change.would": "未確認の次の改定で《{card}》は{after}になります（現在は{before}）",
    "unconfirmed-change.would.hint": (
        "公式の一覧がまだないので適用していません（出どころは duepa-check rules DP203）。--include-unconfirmed で適用できます"
    ),
    "unconfirmed-change.would.hint.source": (
        "未確認: ファンのカードデータベースの改定（{source}）で、公式の一覧はありません。--include-unconfirmed で適用できます"
    ),
    # ------------------------------------------------------------ デッキリストの行がカードにならない理由（DP102）
    "parse.unknown-key": "知らないキー {key!r} です（使えるのは partner と cards）",
    "parse.not-a-name-or-mapping": "{where}: カード名か {{name, count}} を書いてください",
    "parse.count-too-large": "{count}はカードの枚数として大きすぎます",
    "parse.count-ten-digits": "10桁以上の数はカードの枚数になりません",
    "parse.not-a-card-line": "カード名でも、コメント（# か //）でも、見出しでもありません",
    "parse.name-too-long": "どのカード名よりも長すぎます（{length}文字）",
    "parse.control-characters": "制御文字が入っています",
    "parse.lone-surrogate": "文字にならないサロゲートのエスケープ（\\ud800-\\udfff）が入っています",
    "parse.table-no-name": "カード名の列にカード名がありません",
    "parse.table-bad-count": "枚数の列が {count!r} で、カードの枚数になりません",
    "parse.row-names-several-cards": "1つの行のセルに{count}枚のカード（{cards}）が書かれていて、どれのことか分かりません",
    "parse.cell-of-lines": "行のセルが{lines}行あり、1枚のカードではありません。フォームの回答シートは、見出しがデッキリストの列を示すとき（または --deck-column を付けたとき）シートとして読みます",
    "parse.table-which-count": "行に数が2つ以上あります。どれが枚数か分かるよう、見出しの行（カード名, 枚数）を付けてください",
    "parse.csv-error": "CSV の行として読めません（{error}）",
    "parse.count-zero": "枚数が0です。1枚も入っていないので、このカードはデッキに入りません",
    "parse.duplicate-key": "キー {key!r} が2回書かれています。前の値は使われません",
    # ------------------------------------------------------------ チェック結果
    "report.header": "{path}  パートナー {partner}  {count}枚",
    "report.header.house-rules": "{header}  ハウスルール {config}",
    "report.not-read.one": "{lines}行目はカードではなくメモ（タイトル・注記・リンク）として読みました",
    "report.not-read.other": "{lines}行目はカードではなくメモ（タイトル・注記・リンク）として読みました",
    "report.omitted.one": "ほかに{count}件の問題があります（表示したのは最初の{shown}件です）。直してからもう一度実行してください",
    "report.omitted.other": "ほかに{count}件の問題があります（表示したのは最初の{shown}件です）。直してからもう一度実行してください",
    "report.partner": "《{name}》 {civilizations}",
    "report.no-partner": "なし",
    "report.verdict": "{verdict}（{counts}）",
    "report.verdict.legal": "✔ 使用可能",
    "report.verdict.not-legal": "✘ 使用不可",
    "report.counts": "{errors}、{warnings}",
    "count.error.one": "エラー{count}件",
    "count.error.other": "エラー{count}件",
    "count.warning.one": "警告{count}件",
    "count.warning.other": "警告{count}件",
    "count.deck.one": "{count}デッキ",
    "count.deck.other": "{count}デッキ",
    "summary.legal": "使用可能",
    "summary.not-legal": "使用不可",
    "summary.unreadable": "読めません",
    "summary.unchecked": "確認できません",
    "report.summary-title": "まとめ",
    "report.totals": "{decks}: 使用可能{legal}件、{errors}、{warnings}",
    "report.totals.unreadable": "{decks}: 使用可能{legal}件、{errors}、{warnings}、読めないファイル{unreadable}件",
    "report.totals.unchecked": "{decks}: 使用可能{legal}件、{errors}、{warnings}、確認できないデッキ{unchecked}件",
    "report.totals.both": "{decks}: 使用可能{legal}件、{errors}、{warnings}、読めないファイル{unreadable}件、確認できないデッキ{unchecked}件",
    "report.data": "{as_of}時点のレギュレーション（データは{data_date}まで、{source}）",
    "data.embedded": "内蔵データ",
    "report.with-hint": "{message}（ヒント: {hint}）",
    "report.stacked.line": "{line}行目",
    "report.stacked.hint": "ヒント: {hint}",
    "column.rule": "ルール",
    "column.line": "行",
    "column.card": "カード",
    "column.problem": "問題",
    "column.hint": "ヒント",
    "column.deck": "デッキ",
    "column.partner": "パートナー",
    "column.civilizations": "文明",
    "column.verdict": "判定",
    "column.errors": "エラー",
    "column.warnings": "警告",
    "column.number": "#",
    "column.cost": "コスト",
    "column.off-colour": "文明から外れるカード",
    # ------------------------------------------------------------ duepa-check partners
    "partners.needs": "必要な文明",
    "partners.rule": "（パートナー: コスト{minimum}以上のクリーチャー、{as_of}時点のレギュレーション）",
    "partners.not-counted": "{line}行目: {text!r} は{why}。この行の文明は数えていません",
    "partners.not-counted.more": "{deck}: ほかに {count} 行の文明を数えていません",
    "partners.not-counted.note": "{deck}:{line}: {text!r} は{why}。この行の文明は数えていません",
    "partners.no-cards": "{path}: カードを書いた行がありません（カードと読めない行 {lines}）。パートナーを選ぶ対象がありません",
    "partners.why.unreadable": "カードとして読めません",
    "partners.why.no-match": "どのカードにも一致しません",
    "partners.why.ambiguous": "{count}枚のカードに一致します",
    "partners.why.no-data": "まだカードデータがありません",
    "partners.group.in-deck": "デッキの中のパートナー候補: {count}件",
    "partners.group.pool": "カードプールのパートナー候補: {count}件",
    "partners.group.in-deck.empty": "デッキの中: パートナーにできるカードはありません",
    "partners.group.pool.empty": "カードプールから: パートナーにできるカードはありません",
    "partners.more": "… ほかに{count}枚（--format json ですべて表示します）",
    "partners.working": "✔ {where}なら、すべてのカードの文明が条件を満たします",
    "partners.working.in-deck": "デッキの中の{count}枚",
    "partners.working.pool": "カードプールの{count}枚",
    "partners.none.deck": "✘ デッキの中にパートナーにできるカードはありません",
    "partners.none.deck-or-pool": "✘ デッキの中にもカードプールにも、パートナーにできるカードはありません",
    "partners.none-working": "✘ どの候補でも、文明から外れるカードが残ります",
    "partners.try-pool": "{line}。--pool を付けるとカードプール全体からも探します",
}

MESSAGES.update(
    {
        # ------------------------------------------------------------ コマンドライン
        "cli.error": "duepa-check: {message}",
        "cli.completion-takes-nothing": (
            "{option} にはシェルの名前などを付けません。実行したシェル（bash、zsh、fish、"
            "PowerShell）を自分で調べます。そのシェルで 'duepa-check {option}' だけを実行してください"
        ),
        "cli.interrupted": "中断しました",
        "cli.terminated": "SIGTERM を受けて止まりました",
        "error.lang-variable": "${variable}={value!r}: ja か en を指定してください",
    }
)

MESSAGES.update(
    {
        "error.stdin-twice": "- が {count} 回指定されています。標準入力は一度しか読めません（- という名前のファイルは ./- と書いてください）",
        "error.output-is-input": "{option} {path}: 読み込むデッキリストそのものです。何も書き込みません（別のファイルを指定してください）",
        "error.empty-deck-argument": "DECK の引数（{count}個中{number}番目）が空です（変数が未設定？）。デッキリストのファイルかフォルダを指定してください",
        "error.partner-split": "{path}: ファイルがありません。スペースを含むパートナー名は引用符で囲んでください: --partner '{partner}'",
        "error.as-of": "--as-of {value!r}: 日付は YYYY-MM-DD の形で書いてください（YYYY/MM/DD、YYYY.MM.DD も使えます）",
        # ------------------------------------------------------------ --help
        "help.app": "デュエパーティーのデッキリストをチェックします: 60枚、パートナー1枚、同名カード1枚まで、文明、殿堂。",
        "help.command.check": "デッキリストをチェックします（`duepa-check デッキ...` と同じです）。",
        "help.command.card": "カードを調べます: 面、文明、コスト、ゾーン、パートナーにできるか、殿堂の状態。",
        "help.command.rules": "ルールの一覧と ID、ハウスルールで変えられることを表示します。",
        "help.command.update": (
            "カードデータとレギュレーションを公式サイト（https://dm.takaratomy.co.jp か --source"
            "）から、データフォルダ（--data-dir、$DUEPA_CHECK_DATA、なければ OS の既定）に更新します。初回は数分かかります（1秒に1リクエスト。データにまだないカードだけを取得します）。"
        ),
        "help.command.stats": "デッキの形を表示します: マナカーブ、文明、カードタイプ、パートナー。",
        "help.option.version": "バージョンを表示します。",
        "help.option.decks": "デッキリストのファイルかフォルダ。- なら標準入力から読みます。",
        "help.option.partner": "パートナーを指定します（デッキリストの指定より優先）。",
        "help.option.output_format": (
            "出力形式（既定は text: 端末では表、それ以外では1つの問題を1行。lines か table でどこでも"
            "どちらかを選べます。GitHub Actions では github）。"
        ),
        "help.card.output_format": "出力形式: text か json。",
        "help.rules.output_format": "出力形式: text か json。",
        "help.stats.output_format": "出力形式: text か json。",
        "help.option.as_of": "この日付（YYYY-MM-DD か YYYY/MM/DD）のレギュレーションでチェックします。",
        "help.option.config": "ハウスルールのファイル（既定: いちばん近い .duepa-check.yaml）。",
        "help.option.strict": "デッキについての警告でも失敗にします（データの古さの DP202 は除きます）。",
        "help.option.exit_zero": "使用不可のデッキがあっても終了コード 0 で終わります。",
        "help.option.quiet": "問題だけを表示します。",
        "help.option.no_color": "色を付けません。",
        "help.option.include_unconfirmed": "未確認の次の殿堂改定を適用します。",
        "help.option.data_dir": "更新したカードデータの場所（既定: $DUEPA_CHECK_DATA かユーザーデータのフォルダ）。",
        "help.option.stdin_filename": "- から読んだデッキの名前。形式（拡張子）とハウスルールの場所に使います。",
        "help.option.skip_non_decklists": "渡したファイルがデッキリストでなければ（文章、ほかのツールの YAML など）、チェックせずに読み飛ばしたと表示します（pre-commit のフック用）。",
        "help.option.lang": "メッセージの言語: ja か en（指定がなければ $DUEPA_CHECK_LANG、ハウスルールの lang:、ロケールの順）。",
        "help.option.name": "カード名（どんな書き方でも構いません）。",
        "help.option.rule": "1つのルールを詳しく表示します（ID か名前）。",
        "help.option.source": "公式サイトかそのミラー（同じパス）。",
        "help.option.full": "新しいカードだけでなく、すべてのカードを取り直します。",
        "help.option.delay": "リクエストの間隔（秒、1以上）。",
        "help.option.max_time": "この秒数が過ぎたら止めます。次の update で続きから再開します。",
        "help.option.deck": "デッキリストのファイル1つ。- なら標準入力から読みます。",
        "help.option.svg": "表示をSVG画像としてこのファイルにも書き出します。",
        "help.command.partners": "このデッキのパートナーにできるカードを、よい順に表示します（すべてのカードの文明を満たす候補がなければ終了コード 1）。",
        "help.option.search_pool": "デッキのすべてのカードに合う、カードプール全体のカードも表示します。",
        "help.partners.output_format": "出力形式: text か json。",
        "help.command.lsp": "デッキリストの言語サーバー（標準入出力の LSP）です。エディタが `duepa-check lsp` を起動します。設定は docs/editors.md を見てください。",
        "help.option.stdio": "受け付けて無視します（通信は標準入出力だけです）。",
        "help.option.client_process_id": "受け付けて無視します（エディタが付け加えます）。",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ デッキリストとして読めないファイル（終了コード 2）
        "input.no-such-file": "{path}: ファイルがありません",
        "input.is-folder": "{path}: フォルダです。デッキリストのファイルを指定してください",
        "input.cannot-read": "{path}: 読めません（{why}）",
        "input.no-stdin": "{path}: 読み込む標準入力がありません",
        "input.changed-while-read": "{path}: 読んでいる間にファイルが変わりました（まだ書き込み中？）。書き終わってからもう一度チェックしてください",
        "input.too-large": "{path}: {megabytes} MBより大きいファイルです。デッキリストではありません",
        "input.binary-nul": "{path}: バイナリファイルです（NULバイトを含みます）。テキストのデッキリストを指定してください",
        "input.binary-control": "{path}: バイナリファイルです（制御文字を含みます）。テキストのデッキリストを指定してください",
        "input.empty": "{path}: 空のファイルです。デッキリストを書いてください",
        "input.cannot-decode": "{path}: 文字コードが読めません（UTF-8、BOM付きUTF-16、CP932/Shift_JIS のどれでもありません）",
        "input.not-a-mapping": "{path}: 'partner' と 'cards' を持つマッピングを書いてください",
        "input.cards-not-a-list": "{path}: 'cards' はカード名か {{name, count}} のリストにしてください",
        "input.invalid-yaml": "{path}: YAMLとして正しくありません（{why}）",
        "input.yaml-too-deep": "{path}: YAMLとして正しくありません（リストやマッピングの入れ子が{limit}段を超えています）",
        "input.invalid-json": "{path}: JSONとして正しくありません（{why}）",
        "input.json-too-deep": "{path}: JSONとして正しくありません（配列やオブジェクトの入れ子が{limit}段を超えています）",
        "input.folder-without-decks": "{path}: フォルダにデッキリストのファイル（{suffixes}）がありません",
        "input.not-a-file": "{path}: {kind}。デッキリストのファイルではありません",
        "skipped": "{path}: {reason}",
        "error.cannot-check": "{path}: このデッキをチェックできませんでした（{why}）。不具合として報告してください",
        "skipped.cannot-read": "読めません（{why}）",
        "skipped.folder-unlisted": "フォルダの中を一覧できません（{why}）",
        "skipped.folder-unlisted.decks": "フォルダの中を一覧できません（{why}）。中のデッキはチェックしていません",
        "skipped.symlink-folder": "チェックするフォルダの外のフォルダへのシンボリックリンクです。たどりません",
        "skipped.symlink-file": "チェックするフォルダの外のファイルへのシンボリックリンクです。たどりません",
        "skipped.not-a-decklist": "{path}: デッキリストではないので読み飛ばしました",
        "input.kind.folder": "フォルダです",
        "input.kind.fifo": "名前付きパイプです（パイプから読むには - を指定して標準入力にリダイレクトしてください）",
        "input.kind.device": "デバイスです",
        "input.kind.not-regular": "通常のファイルではありません",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ stats --svg と check --format html のグラフ
        "chart.title": "{deck}: マナカーブ、文明、カードタイプ",
        "chart.partner": "パートナー {partner}",
        "chart.no-partner": "パートナーなし",
        "chart.cards.one": "{count}枚",
        "chart.cards.other": "{count}枚",
        "chart.curve": "マナカーブ",
        "chart.civilizations": "文明",
        "chart.types": "カードタイプ",
        "chart.cost-bar": "コスト{bucket}: {cards}",
        "chart.row-bar": "{label}: {cards}",
        "chart.unknown": "不明",
        "chart.totals": "平均コスト {average} · ツインパクト {twinpacts} · 多色 {multicolor}",
        # ------------------------------------------------------------ check --format html
        "html.lang": "ja",
        "html.heading": "デュエパーティー デッキチェック",
        "html.title": "{heading}（{totals}）",
        "html.counts": "集計",
        "html.tile.decks.one": "デッキ",
        "html.tile.decks.other": "デッキ",
        "html.tile.legal": "使用可能",
        "html.tile.not-legal": "使用不可",
        "html.tile.errors.one": "エラー",
        "html.tile.errors.other": "エラー",
        "html.tile.warnings.one": "警告",
        "html.tile.warnings.other": "警告",
        "html.tile.unreadable": "読めないファイル",
        "html.tile.unchecked": "確認できないデッキ",
        "html.table": "デッキ一覧（使用不可のデッキが先）",
        "column.cards": "枚数",
        "html.partner": "パートナー《{name}》",
        "html.no-partner": "パートナーなし",
        "html.house-rules": "ハウスルール {config}",
        "html.cards.one": "{count}枚",
        "html.cards.other": "{count}枚",
        "html.problems": "問題",
        "html.no-problems": "問題はありません。",
        "html.shape": "デッキの形",
        "html.no-chart.one": "グラフはありません: カード1枚に決まらない行が{count}行あります（DP100〜DP102）。すべての行がカードになれば描きます",
        "html.no-chart.other": "グラフはありません: カード1枚に決まらない行が{count}行あります（DP100〜DP102）。すべての行がカードになれば描きます",
        "html.unreadable": "このファイルはデッキリストとして読めませんでした: {error}",
        "html.back": "一覧に戻る",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ 見出しの枚数（DP204）
        "heading-count.group": "見出しには{stated}枚とありますが、その下のカードは{counted}枚です",
        "heading-count.total": "見出しには{stated}枚とありますが、リスト全体のカードは{counted}枚です",
        "heading-count.hint": "コピーの途中で抜けたカードや2回入ったカードがないか確かめるか、見出しの枚数を直してください",
        "heading-count.hint.unknown.one": "先に{lines}行目を直してください。カード名になっていません",
        "heading-count.hint.unknown.other": "先に{lines}行目を直してください。カード名になっていません",
        # ------------------------------------------------------------ duepa-check rules
        "severity.error": "エラー",
        "severity.warning": "警告",
        "rules.unknown": "ルール {rule!r} はありません。ID は {ids} です",
        "rules.house-rules": "ハウスルール: {keys}",
        "rules.column.id": "ID",
        "rules.column.name": "名前",
        "rules.column.severity": "重大度",
        "rules.column.what": "内容",
        "rules.column.house-rules": "ハウスルール",
        "rules.keys-title": "ハウスルール（.duepa-check.yaml か [tool.duepa-check]）",
        "rules.column.key": "キー",
        "rules.column.changes": "変えること",
        "rules.column.default": "既定値",
        "rules.default-none": "（なし）",
        "config.deck_size": "デッキの枚数（パートナーを含む）",
        "config.partner_min_cost": "パートナーにできるクリーチャーの最低コスト",
        "config.singleton": "同じ名前のカードは1枚まで（false で DP002 を外す。そのとき DP009 が殿堂入りを1枚までにする）",
        "config.banned": "追加で使用禁止にするカード（DP010 として報告）",
        "config.allowed": "DP006、DP007、DP008、DP010 に反しても使えるカード",
        "config.disable": "使わないルールのID",
        "config.severity": "ルールID → error か warning",
        "config.include_unconfirmed": "未確認の次の殿堂改定を適用する",
        "config.regulation": (
            "データに加えて、日付から適用する殿堂の変更: {{date, card, status}} か {{date, combo: [A, B]}}"
        ),
        "config.lang": "メッセージとレポートの言語: ja か en（--lang と $DUEPA_CHECK_LANG が優先）",
        # ------------------------------------------------------------ duepa-check card
        "card.label.civilizations": "文明",
        "card.label.face": "面",
        "card.label.data": "データ",
        "card.label.zone": "ゾーン",
        "card.label.partner": "パートナー",
        "card.label.copies": "枚数",
        "card.label.status": "殿堂",
        "card.label.unconfirmed": "未確認の改定",
        "card.label.also": "別の表記",
        "card.label.printing": "別名で収録",
        "card.printing": "「{name}」（{id}）",
        "card.label.ids": "カード番号",
        "card.face": "{type}  コスト{cost}",
        "card.face.power": "{type}  コスト{cost}  パワー{power}",
        "card.no-data": "実在するカードですが、まだデータがありません（duepa-check update を実行してください）",
        "card.label.provenance": "データの出典",
        "card.provenance.fan_transcription": "ファンによる書き起こしのデータで、まだ公式サイトにありません（公式サイトに載ったら duepa-check update を実行してください）",
        "card.eligible": "パートナーにできます",
        "card.not-eligible": "パートナーにできません",
        "card.partner-reason.eligible": "メインデッキに入るコスト5以上のクリーチャーです",
        "card.may-exceed-four": "デッキに5枚以上入れられます（デュエパーティーでも何枚でも入れられます）",
        "card.status": "{status}（{as_of}時点）",
        "card.status.since": "{since}から{status}（{as_of}時点）",
        "card.unconfirmed": "次の改定で{status}になります",
        "card.matches": "{typed!r} は{count}枚のカードに一致します: {names}",
        "card.not-found": "{typed!r} という名前のカードはありません",
        "card.not-found.suggestions": "{typed!r} という名前のカードはありません。もしかして: {names}",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check stats
        "stats.curve": "マナカーブ",
        "stats.civilizations": "文明",
        "stats.types": "カードタイプ",
        "stats.totals": "ツインパクト {twinpacts}  多色 {multicolor}  平均コスト {average}",
        "stats.unreadable": "{path}: どの行も1枚のカードの名前になるまで、デッキの形は表示できません",
        "error.svg-write": "--svg {path}: 書き込めません（{why}）",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check update
        "sep.update-names": "、",
        "update.names.more": "{shown} … ほか{count}件",
        "update.done": "{source} から {data_dir} のカードデータを更新しました",
        "update.fetched": "カード{cards}枚を取得、一覧ページを{pages}ページ読みました",
        "update.fetched.resumed": "カード{cards}枚を取得、一覧ページを{pages}ページ読みました（中断した更新の続きから）",
        "update.new-cards": "新しいカード {count}枚",
        "update.new-cards.list": "新しいカード {count}枚: {names}",
        "update.changed-cards": "変わったカード {count}枚: {names}",
        "update.data-date": "{date}時点の殿堂データ: 状態の変更 {count}件",
        "update.status-change": "{date} {card}: {old} → {new}",
        "update.more-changes": "… ほか{count}件",
        "update.not-for-official-play": "「公式大会では使えません」（デュエパーティーでは使えます）: {names}",
        "update.note": "注: {note}",
        "update.note.cleaned": "中断した更新が残したものを消しました: {names}",
        "update.note.missing": "一覧にあった{count}枚のカードが 404 を返したので飛ばしました: {names}",
        "update.note.no-date": "レギュレーションのページに日付のある「■…より」の見出しがないため、殿堂データはそのままにしました",
        "update.progress.done": "完了",
        "update.progress.list-page": "一覧ページ {page}",
        "update.progress.regulation": "レギュレーション",
        "update.progress.updating": "更新中",
        "progress.checking": "チェック中",
    }
)

MESSAGES.update(
    {
        "unparsable-line.count-zero.hint": "デッキに入れるなら枚数（1）を書き、入れないなら行を消してください",
        "unparsable-line.row-names-several-cards.hint": "1行に1枚: カードごとに行を分け、それぞれに枚数を書いてください",
        "unparsable-line.duplicate-key.hint": "1つにまとめてください: 2つの値を1つのキーの下に書きます",
        "unparsable-line.lone-surrogate.hint": "文字そのもの（または \\uXXXX\\uXXXX の組）を書くか、消してください",
    }
)

MESSAGES.update(
    {
        "cli.cannot-write-output": "レポートを標準出力に書き込めません（{why}）",
        "cli.version": "duepa-check {version}（レギュレーションのデータは{data_date}まで、{source}）",
        "cli.stdout-closed": "標準出力が閉じられています。レポートを書き出す先がありません",
        "cli.version.unusable": "duepa-check {version}（カードデータが使えません: {error}）",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ ハウスルール（設定ファイル）
        "sep.or": " か ",
        "house-rules.no-such-file": "{path}: 設定ファイルがありません",
        "house-rules.cannot-look": "{where}: ハウスルールの設定ファイルを探せません（{why}）",
        "house-rules.not-regular": "{path}: {kind}で、通常のファイルではありません。ハウスルールの設定ファイルを指定してください",
        "house-rules.kind.fifo": "FIFO（名前付きパイプ）",
        "house-rules.kind.device": "デバイス",
        "house-rules.kind.socket": "ソケット",
        "house-rules.kind.folder": "フォルダー",
        "house-rules.kind.special": "特殊ファイル",
        "house-rules.symlink-out": "{path}: フォルダーの外のファイルへのシンボリックリンクです。ハウスルールは読みません（フォルダー内のファイルを指すか、--config で指定してください）",
        "house-rules.duplicate-key": "{path}: キー {key} が2回書かれています。1つにしてください（前の値は使われません）",
        "house-rules.too-large": "{path}: {megabytes} MBより大きいファイルです。ハウスルールの設定ファイルではありません",
        "house-rules.cannot-read": "{path}: 設定ファイルを読めません（{why}）",
        "house-rules.invalid-toml": "{path}: TOMLとして正しくありません（{why}）",
        "house-rules.no-tool-table": "{path}: [tool.duepa-check] の表がないため、ハウスルールがありません。表を書き足すか、ハウスルールのあるファイルを指定してください",
        "house-rules.toml-too-deep": "{path}: TOMLとして正しくありません（テーブルや配列の入れ子が{limit}段を超えています）",
        "house-rules.tool-not-table": "{path}: 'tool' がテーブルではないので、[tool.duepa-check] がありません",
        "house-rules.invalid-yaml": "{path}: YAMLとして正しくありません（{why}）",
        "house-rules.yaml-too-deep": "{path}: YAMLとして正しくありません（リストやマッピングの入れ子が{limit}段を超えています）",
        "house-rules.yaml-value": "{path}: YAMLの値が正しくありません（{why}）",
        "house-rules.not-a-mapping": "{where}: ハウスルールのキーと値のマッピングを書いてください",
        "house-rules.too-deep": "{where}: 値の入れ子が深すぎます",
        "house-rules.unknown-key": "{where}: 不明なキー {key}{hint}",
        "house-rules.hint.did-you-mean": "（もしかして {close!r}？）",
        "house-rules.hint.did-you-mean-cards": "（もしかして {cards}？）",
        "house-rules.hint.did-you-mean-rule": "（もしかして {rule}？）",
        "house-rules.hint.known-keys": "（使えるキー: {keys}）",
        "house-rules.hint.expected": "（使えるもの: {fields}）",
        "house-rules.expected": "{where}: {key}: {expected}を書いてください（書かれている値: {got}）",
        "house-rules.expected.whole-number": "0から1000までの整数",
        "house-rules.expected.boolean": "true か false",
        "house-rules.expected.card-names": "カード名のリスト",
        "house-rules.expected.rule-ids": "ルールIDのリスト",
        "house-rules.expected.severity": "ルールIDから error か warning へのマッピング",
        "house-rules.expected.announcements": "{{date, card, status}} か {{date, combo: [A, B]}} のリスト",
        "house-rules.expected.lang": "{languages}",
        "house-rules.expected.known": "使える値",
        "house-rules.no-card": "{where}: {typed} に当たるカードがありません{hint}",
        "house-rules.severity-level": "{where}: severity.{rule}: error か warning を書いてください（書かれている値: {got}）",
        "house-rules.announcement-shape": (
            "{where}: {{date, card, status}} か {{date, combo: [A, B]}} を書いてください（書かれている値: {got}）"
        ),
        "house-rules.field-missing": "{where}: {field} がありません（必要なもの: {fields}）",
        "house-rules.combo-pair": "{where}: カード名を2つ書いてください（書かれている値: {got}）",
        "house-rules.announcements-disagree": "{where}: regulation[{first}] と regulation[{second}] が食い違っています: 《{card}》 の {date} が {one} と {other} の両方です。どちらか一つにしてください",
        "house-rules.combo-same": "{where}: 同じカードが2回書かれています（《{card}》）",
        "house-rules.unknown-status": "{where}: 不明な殿堂の区分 {status}{hint}",
        "house-rules.date": "{where}: 日付を YYYY-MM-DD（または YYYY/MM/DD、YYYY.MM.DD）で書いてください（書かれている値: {got}）",
        "house-rules.card-name": "{where}: カード名を書いてください（書かれている値: {got}）",
        "house-rules.rule-id": "{where}: {key}: DP002 のようなルールIDを書いてください（書かれている値: {got}）",
        "house-rules.unknown-rule": "{where}: {key}: 不明なルールID {rule}{hint}",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ 殿堂レギュレーションのデータ（regulation.yaml）
        "regulation-data.date": "{where}: {value} は日付（YYYY-MM-DD）ではありません",
        "regulation-data.list": "{where}: {key} はリストにしてください（書かれている値: {value}）",
        "regulation-data.card-name": "{where}: {value} はカード名ではありません",
        "regulation-data.not-ours": "{where}: duepa-check のレギュレーションファイルではありません（format: 1 がありません）",
        "regulation-data.event-fields": "{at} には date、card、status が必要です",
        "regulation-data.unknown-status": "{at}: 不明な区分 {status}（使えるもの: {known}）",
        "regulation-data.combo-fields": "{at} にはカード2枚と since の日付が必要です",
        "regulation-data.unknown-kind": "{at}: 不明な種類 {kind}（使えるもの: {known}）",
        "regulation-data.prohibited-fields": "{at} には card（と reason）が必要です",
        "regulation-data.unconfirmed": "{where}: unconfirmed は source と changes を持つマッピングにしてください",
        "regulation-data.change-fields": "{at} には card と正しい status が必要です",
        "regulation-data.cannot-read": "{path}: 殿堂レギュレーションのデータを読めません（{why}）",
        "regulation-data.too-large": "{path}: {megabytes} MBより大きいファイルです。レギュレーションのファイルではありません",
        "regulation-data.invalid-yaml": "{path}: YAMLとして正しくありません（{why}）",
        "regulation-data.yaml-value": "{path}: YAMLの値が正しくありません（{why}）",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ カードデータ（cards.jsonl、index.tsv）
        "card-data.cannot-read": "{path}: カードデータを読めません（{why}）",
        "card-data.no-header": "{path}: 1行目がカードデータのヘッダーではありません",
        "card-data.cut-short": (
            "{path}: {cards}枚分のカードに対して{rows}行しかありません（途中で切れていませんか）。"
            "'duepa-check update' をもう一度実行するか、データのフォルダを削除してください"
        ),
        "card-data.malformed-row": "{path}: {row}行目の形式が正しくありません",
        "card-data.not-a-record": "カードのレコードではありません",
        "card-data.bad-record": "{path}: {offset}バイト目のレコードが正しくありません（{problem}）",
        "card-data.no-directory": "カードデータのフォルダが指定されていません",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check update のエラー
        "update.error.source-spaces": "update: --source {source} に空白か制御文字が含まれています",
        "update.error.source-invalid": "update: --source {source} は正しいURLではありません（{why}）",
        "update.error.source-not-http": "update: --source {source} はホスト名のある http(s) のURLではありません",
        "update.error.source-query": "update: --source {source}: ?クエリや #フラグメントを付けずにサイトのアドレスを指定してください",
        "update.error.delay": "update: --delay {delay}: 1から{most}までの秒数を指定してください",
        "update.error.max-time": "update: --max-time {max_time}: 0より大きい秒数を指定してください",
        "update.error.not-a-directory": "update: {path} はフォルダではありません。何も変更していません",
        "update.error.embedded-dir": "update: {path} は duepa-check に同梱のカードデータです。別の --data-dir を指定してください",
        "update.error.cannot-read-dir": "update: {path} を読めません（{why}）。何も変更していません",
        "update.error.foreign-files": (
            "update: {path} に duepa-check のデータではないファイルがあります（{name}）。"
            "空のフォルダか新しい --data-dir を指定してください。何も変更していません"
        ),
        "update.error.cannot-create": "update: {path} を作成できません（{why}）。何も変更していません",
        "update.error.cannot-lock": "update: {path} をロックできません（{why}）。何も変更していません",
        "update.error.locked": (
            "update: {path} で別の update が実行中です{who}。終わるのを待ってから、もう一度 update を実行してください。"
            "何も変更していません"
        ),
        "update.error.locked.process": "（プロセス {process}）",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check update: サイトの応答
        "update.error.status": "update: {url} が {status} を返しました",
        "update.error.at": "update: {url}: {problem}",
        "update.error.tried": "update: {url}: {problem}（{attempts}回試しました）",
        "update.problem.timed-out": "時間切れになりました",
        "update.problem.no-answer": "{seconds}秒以内に応答が揃いませんでした",
        "update.problem.unreachable": (
            "{host} につながりません（ネットワークがないか、サイトが止まっています）。チェックはこれまでのカードデータを"
            "使い続けます。時間をおいて試すか、--source でミラーを指定してください"
        ),
        "update.error.other-site": (
            "update: {url} は別のサイト（{target}）へリダイレクトしています。たどりません"
            "（そちらが今の公式サイトなら、--source に指定してください）"
        ),
        "update.error.redirects": "update: {url}: リダイレクトが{most}回を超えました",
        "update.error.encoding": "update: {url} は Content-Encoding {coding!r} で応答しました。duepa-check はこの形式を読めません",
        "update.error.damaged": "update: {url}: {coding} で圧縮された本文が壊れています（{why}）",
        "update.error.too-big": "update: {url}: ページが展開すると{size} MBを超えるため、読みませんでした",
        "update.error.time-limit": "update: {url} で実行の制限時間（{limit}、--max-time）に達しました",
        "update.error.come-back-later": (
            "update: {url} が {status} を返し、{wait}後に来るよう求めています。時間をおいてから update をもう一度実行してください"
        ),
        "update.error.robots-disallows": "update: {source}/robots.txt が {path} の取得を禁止しています",
        "update.error.robots-unreadable": "update: {url} を読み取れません（{why}）",
        "update.error.crawl-delay": (
            "update: {url} はリクエストの間隔として{wait}を求めています（Crawl-delay）。"
            "duepa-check が待つのは最大{most}秒なので、このサイトは読みません"
        ),
        "update.error.charset": "update: {url} の文字コード {charset!r} は既知のテキストの文字コードではありません",
        "duration.seconds": "{value}秒",
        "duration.minutes": "{value}分",
        "duration.hours": "{value}時間",
        # ------------------------------------------------------------ duepa-check update: ページの読み取り
        "update.error.list-page": "update: {url} の{number}ページ目: {error}",
        "update.error.list-endless": "update: {url}: カード一覧が{most}ページを過ぎても終わりませんでした",
        "update.error.markup": "update: {url}: {error}（サイトのHTMLの構造が変わったのかもしれません）",
        # ------------------------------------------------------------ duepa-check update: データの書き込みと確認
        "update.error.cannot-write-to": "update: {path} に書き込めません（{why}）。何も変更していません",
        "update.error.cannot-write": "update: {path} を書き込めません（{why}）。何も変更していません",
        "update.error.none-listed": "update: サイトにカードが1枚も載っていません（一覧ページ {pages}）。何も変更していません（サイトが止まっているか、検索が変わったのかもしれません）",
        "update.error.none-fetched": "update: カードを1枚も取得できませんでした（一覧の {count} 枚のページがどれもありません）。何も変更していません",
        "update.error.stopped": "{error}。更新を中止しました。何も変更していません{resume}",
        "update.error.resume": "（ここまでに取得したカード{count}枚は {path} に残してあります。update をもう一度実行すると続きから再開します）",
        "update.error.then-nothing-changed": "{error}。何も変更していません",
        "update.error.nothing-changed": "update: {error}。何も変更していません",
        "update.reason.cannot-write": "{path} を書き込めません（{why}）",
        "update.reason.the-new-data": "新しいデータ",
        "update.error.card-count": "update: 新しいカードデータが{count}枚です（{expected}枚のはずです）",
        "update.error.pool-shrinks": "update: カードの総数が{before}枚から{after}枚に減ってしまいます",
        "update.error.regulation-unreadable": "update: 新しいレギュレーションデータを読み込めません（{error}）",
        "update.error.existing-broken": "update: 今あるデータが壊れています（{error}）。{path} を削除してから、もう一度 update を実行してください",
        "update.error.embedded-broken": "update: 同梱のカードデータが壊れています（{error}）。duepa-check を入れ直してください",
        "update.error.few-restricted": (
            "update: {url} には、制限のあるカード{restricted}枚のうち{listed}枚しか載っていません"
            "（ページのHTMLの構造が変わったのかもしれません）。何も変更していません"
        ),
        "update.error.not-ours": (
            "update: {path} は{what}です。duepa-check はこれをたどることも上書きすることもしません（削除してから、もう一度実行してください）"
        ),
        "update.file.symlink": "シンボリックリンク",
        "update.file.not-regular": "通常のファイルではないもの",
        "update.file.hard-link": "ハードリンク",
        "update.error.cannot-read": "update: {path} を読めません（{why}）",
        "update.interrupted.installed": "update を中断しました。新しいデータは {path} に入れ終わっています。次の update で後片付けをします",
        "update.interrupted": "update を中断しました。{path} のカードデータは変更していません{kept}。update をもう一度実行すると続きから再開します",
        "update.interrupted.kept": "（ここまでに取得したカード{count}枚は {path} に残してあります）",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ 公式サイトのページを読み取れないとき
        "page.regulation.no-cards": "レギュレーションのページの「{label}」にカードがありません",
        "page.list.no-cards": "カード一覧のページに、カードへのリンクも #cardlist もカードの枚数もありません",
        "page.unknown-civilization": "不明な文明 {name!r}",
        "page.detail.name-swallowed": "カード {card_id}: カード名がページの続きまで含んでいます（{name!r}…）。ページの形が壊れています",
        "page.detail.no-name": "カード {card_id}: カード名がありません（h1〜h3 の見出しも h3.card-name も title もありません）",
        "page.detail.same-name": "カード {card_id}: {count}つの面が同じ名前 {name!r} です",
        "page.detail.no-block": "カード {card_id}: カードの欄がありません（カードの種類のある div.cardDetail も「カードの種類」の欄もありません）",
        "page.side-without-type": "カードの面に値がありますが、「カードの種類」がありません",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ データフォルダ（--data-dir、$DUEPA_CHECK_DATA）
        "cli.completion-failed": "--install-completion: {path} に書き込めません（{why}）。補完は設定されていません",
        "cli.warning": "duepa-check: 警告: {message}",
        "data-dir.fetch": "'duepa-check update --data-dir {path}' を実行すると取得できます",
        "data-dir.default-unusable": "ユーザーのデータフォルダ {path} にはカードデータを置けません（{why}）。内蔵のデータで確かめます",
        "data-dir.missing": "データフォルダ {path} がありません（{fetch}）。duepa-check に同梱のカードデータを使います",
        "data-dir.empty": "データフォルダ {path} にカードデータがありません（{fetch}）。duepa-check に同梱のカードデータを使います",
        "data-dir.mend": "'duepa-check update --data-dir {path}' をもう一度実行するか、{path} を削除してください",
        "data-dir.pointer-unreadable": "{path}: データの参照ファイルを読めません（{why}）。{mend}",
        "data-dir.not-a-pointer": "{path}: duepa-check のデータの参照ファイルではありません。{mend}",
        "data-dir.unreadable": "{path}: データフォルダを読めません（{why}）",
        "data-dir.not-a-directory": "{path}: フォルダではありません（--data-dir には 'duepa-check update' が書き込むフォルダを指定します）",
        "data-dir.no-folder": "{pointer} が指す {name} はそこにあるフォルダではありません。{mend}",
        "data-dir.file-unreadable": "{path}: 読めません（{why}）。{mend}",
        "data-dir.wrong-size": "{path}: {found}バイトですが、update が書いたのは{size}バイトです（途中で切れたか、手で編集されています）。{mend}",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ cards.jsonl のレコードの問題
        "card-data.problem.no-name": "カード名がありません",
        "card-data.problem.faces-not-a-list": "faces がリストではありません",
        "card-data.problem.face": "名前かカードの種類のない面があります",
        "card-data.problem.civilizations": "不明な文明 {value} があります",
        "card-data.problem.cost-power": "コストかパワーが数値でも印刷どおりの文字でもありません",
        "card-data.problem.races": "種族が名前のリストではありません",
        "card-data.problem.layout": "layout {value} は不明です（{known} のどれかです）",
        "card-data.problem.zone": "zone {value} は不明です（{known} のどれかです）",
        "card-data.problem.provenance": "provenance {value} は不明です（{known} のどれかです）",
        "card-data.problem.not-text-list": "{field} が文字列のリストではありません",
        "card-data.problem.not-a-flag": "{field} が true でも false でもありません",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ --partner NAME
        "partner-option.none": "--partner {typed!r} に当たるカードがありません{hint}",
        "partner-option.several": "--partner {typed!r} に当たるカードが複数あります{hint}",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ データの出どころ（カードとレギュレーションが別のとき）
        "data.source.cards-only": "{path}（カード）、内蔵データ（レギュレーション、こちらが新しい）",
        "data.source.regulation-only": "内蔵データ（カード）、{path}（レギュレーション）",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ YAML のデッキリスト
        "input.alias-loop": "エイリアスが自分自身のアンカーを参照しています",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ その他
        "cli.stdout-closed.why": "標準出力が閉じられています",
        "card-data.duplicates": "カード名が重複しています: {names}",
    }
)

MESSAGES.update(
    {
        "help.option.help": "このヘルプを表示して終了します。",
        "help.label.usage": "使い方:",
        "help.label.arguments": "引数",
        "help.label.options": "オプション",
        "help.label.commands": "コマンド",
        "help.label.default": "[既定: {default}]",
        "help.label.required": "[必須]",
        "help.label.choices": "[選択肢: {choices}]",
        "help.option.install_completion": "いま使っているシェルに補完を組み込みます。",
        "help.option.show_completion": "いま使っているシェルの補完スクリプトを表示します（コピーしたり、組み込み方を変えたりするときに）。",
    }
)

MESSAGES.update(
    {
        "prohibited.reason.official-page": "公式サイトのレギュレーションページに載っている使用禁止カード",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ SARIF の説明
        "sarif.unreadable": "デッキリストのファイルを読めないか、文字コードを判別できませんでした。",
        "sarif.not-written": "直す名前がありましたが、--fix はファイルを書き換えませんでした。",
        "sarif.srcroot": "duepa-check を実行したフォルダ。",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ click の使い方のエラー
        "cli.usage": "使い方: {usage}",
        "cli.usage.try": "'{command} {option}' でヘルプを表示します。",
        "cli.usage.error": "エラー: {message}",
        "cli.usage.no-such-option": "{name} というオプションはありません{possible}",
        "cli.usage.possible": "（候補: {options}）",
        "cli.usage.missing-argument": "引数 {name} を指定してください",
        "cli.usage.missing-option": "オプション {name} を指定してください",
        "cli.usage.choice": "{name} の値が正しくありません。{choices} を指定してください",
        "cli.usage.at-least": "{name} の値が正しくありません。{least}以上の数を指定してください",
        "cli.usage.invalid": "{name} の値が正しくありません（{why}）",
    }
)

MESSAGES.update(
    {
        "cli.usage.needs-value": "オプション {name} には値が必要です",
        "cli.usage.takes-no-value": "オプション {name} は値を取りません",
        "cli.usage.extra": "余分な引数があります（{args}）",
    }
)

# 提出シート（reading.sheet.py）: フォームの回答、1行に1デッキ。
MESSAGES.update(
    {
        "sheet.place": "{path} {row}行目",
        "sheet.place.player": "{path} {row}行目（{player}）",
        "sheet.at-line": "{place} デッキ欄の{line}行目: {message}",
        "sheet.at-row": "{place}: {message}",
        "sheet.no-such-column": "{path}: {option} {column}: 見出しにその列がありません（列: {columns}）",
        "sheet.column-twice": "{path}: {option} {column} は {other} と同じ列を指しています。1つの列は1つの役目です",
        "sheet.column-is-deck": "{path}: {option} {column} はデッキリストの列を指しています。別の列を指定してください（デッキの列は --deck-column で指定します）",
        "sheet.no-rows": "{path}: シートに見出しはありますが、提出がありません",
        "sheet.too-many-rows": "{path}: {rows}行を超えています。シートを分けて確認してください",
        "sheet.empty-cell": "{place}: デッキ欄が空です。このデッキは確認できません",
        "sheet.empty-cell.alone": "デッキ欄が空なので、このデッキは確認できませんでした。",
        "sheet.cell-too-large.alone": "デッキ欄が{megabytes} MBより大きいので、このデッキは確認できませんでした。",
        "sheet.cell-binary.alone": "デッキ欄にバイナリデータがあるので、このデッキは確認できませんでした。",
        "sheet.cell-too-large": "{place}: デッキ欄が{megabytes} MBより大きいです。デッキリストではありません",
        "sheet.cell-binary": "{place}: デッキ欄にバイナリデータがあります。デッキリストではありません",
        "sheet.date-order.ambiguous": "{path}: {example} のような日付は日/月とも月/日とも読め、どちらかを示す行がないため、再提出は行の順で判断します",
        "sheet.date-order.disagree": "{path}: 日付の順序が行によって異なります（{day} は日/月、{month} は月/日）。再提出は行の順で判断します",
        "sheet.superseded": "{place}: 同じプレイヤーの後の提出（{by}行目）に置き換えられました。数えません",
        "sheet.superseded.verdict": "{by}行目に置き換え",
        "sheet.superseded.count.one": "置き換えられた以前の提出{count}件は数えていません",
        "sheet.superseded.count.other": "置き換えられた以前の提出{count}件は数えていません",
        "column.player": "プレイヤー",
        "column.row": "行",
        "column.submitted-at": "提出日時",
        "column.superseded-by": "置き換え先",
        "html.unreadable.row": "このデッキは確認できませんでした: {error}",
        "sheet.who.player": "{player}（{row}行目）",
        "sheet.who.row": "{row}行目",
        "html.sheet": "{path} の提出",
        "html.superseded": "置き換えられた提出（数えません）",
        "html.tile.superseded": "置き換え",
        "help.check.deck_column": "提出シート（フォームの回答のCSV/TSV）: デッキリストの列（見出しか列番号）。",
        "help.check.player_column": "提出シート: プレイヤー名の列。",
        "help.check.partner_column": "提出シート: パートナーの列。",
        "help.check.time_column": "提出シート: タイムスタンプの列。",
        "html.no-player": "（名前なし）",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ --fix (check.fix, cli.fixing)
        "fix.done.one": "{path} のカード名を {count} 件直しました",
        "fix.done.other": "{path} のカード名を {count} 件直しました",
        "fix.refused.symlink": "{path}: シンボリックリンクなので --fix では書き換えません（リンク先のファイルを直してください）",
        "fix.refused.outside": "{path}: チェックしたフォルダ（{folder}）の外にあるので --fix では書き換えません",
        "fix.refused.changed": "{path}: --fix で書き換えませんでした: {why}",
        "fix.why.changed": "読んだあとにファイルが変わりました。もう一度 --fix を実行してください",
        "fix.refused.sheet.one": "{path}: 提出シートは --fix で書き換えません。カードリストと違う書き方の名前が {count} 件あります",
        "fix.refused.sheet.other": "{path}: 提出シートは --fix で書き換えません。カードリストと違う書き方の名前が {count} 件あります",
        "fix.diff-format": "--diff は差分を表示します。--format {format} では差分を出せません。--fix --format {format}（書き込んだ修正を出します）を使うか、--format を外してください",
        "fix.unsafe-alone": "--unsafe-fixes は --fix か --diff と一緒でないと何もしません。何も直していません",
        "fix.refused.hard-link": "{path}: {count} 個の名前（ハードリンク）があるので --fix では書き換えません。ほかの名前は古い内容のままになるためです（リンクを切ってから一つの名前で直してください）",
        "fix.refused.too-large": "{path}: --fix で書き換えませんでした。直すと {megabytes} MB を超え、チェックで読めなくなります",
        "fix.refused.metadata": "{path}: --fix で書き換えませんでした。{what} を保てません（{why}）",
        "fix.what.owner": "所有者とグループ",
        "fix.what.flags": "ファイルフラグ",
        "fix.refused.locked": "{path}: --fix で書き換えませんでした。ファイルがロックされています（変更不可か追記のみ）",
        "fix.what.xattr": "拡張属性 {name}",
        "fix.sarif.rule": "公式カードリストと違う書き方のカード名（--fix で直します）",
        "fix.sarif.fixed": "「{written}」を公式の表記《{card}》に直しました",
        "fix.sarif.description": "公式の表記《{card}》に直す",
        "help.option.fix": "カード名をすべて公式カードリストの表記に書き直します（ほかは変えません）。- なら直したリストを出力します。",
        "help.option.diff": "--fix で変わるところを差分で表示し、何も書き込みません。変わるところがあれば終了コード 1。",
        "help.option.unsafe_fixes": "--fix や --diff で、打ち間違いもどのカードか明らかなときは直します。",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ duepa-check lsp（言語サーバー）
        "lsp.settings.not-an-object": "設定: 設定のオブジェクトを書いてください（書かれている値: {value}）。無視します",
        "lsp.settings.unknown-key": "設定: '{key}' というキーはありません（キーは {keys}）。無視します",
        "lsp.settings.wrong-value": "設定: {key}: {value} は使えない値です。無視します",
        "lsp.large-document": "{kilobytes} KBを超える文書です。入力中ではなく、開いたときと保存したときにチェックします",
        "lsp.house-rules-fallback": "{message}。直すまで、この文書は推奨ルールでチェックします",
        "lsp.action.fix": "《{written}》を公式カードリストの表記《{name}》に直す",
        "lsp.action.fix-all": "カード名をすべて公式カードリストの表記に直す（{count}件、--fix と同じ）",
        "lsp.action.did-you-mean": "《{name}》のことですか？",
        "lsp.action.partner": "《{name}》をパートナーにする",
        "lsp.hint.partner": "{civilizations} · {count}/{size}枚 · {verdict}",
        "lsp.hint.problems.one": "エラー{count}件",
        "lsp.hint.problems.other": "エラー{count}件",
        "lsp.hint.heading": "数えると{counted}枚",
        "lsp.data-failed": "カードデータを読み込めませんでした（{why}）。チェックしていません",
    }
)

MESSAGES.update(
    {
        # ------------------------------------------------------------ ウェブページ（tools/web/、tools/build_site.py）
        "web.title": "duepa-check: デュエパーティーのデッキチェック",
        "web.intro": "デッキリストを貼り付けるか、ファイルをドロップ・選択してください。チェックはこのページの中で行い、どこにも送りません。",
        "web.deck": "デッキリスト",
        "web.choose-file": "ファイルを選ぶ",
        "web.file-name": "ファイル名（拡張子で書き方を判断します）",
        "web.options": "オプション",
        "web.as-of": "チェック日",
        "web.include-unconfirmed": "未確認の殿堂改定を含める",
        "web.language": "言語",
        "web.fix": "カード名を直す",
        "web.undo": "元に戻す",
        "web.copy": "リストをコピー",
        "web.share": "このリストのリンクをコピー",
        "web.copied": "コピーしました。",
        "web.fixed.one": "カード名を{count}件直しました。",
        "web.fixed.other": "カード名を{count}件直しました。",
        "web.nothing-to-fix": "直せるカード名はありません。",
        "web.loading": "チェッカーを読み込んでいます…",
        "web.loading.runtime": "Python を読み込んでいます（{step}/3）…",
        "web.loading.wheels": "チェッカーとカードデータを読み込んでいます（{step}/3）…",
        "web.loading.start": "チェッカーを起動しています（{step}/3）…",
        "web.ready": "準備ができました。次からはオフラインでも使えます。",
        "web.load-failed": "チェッカーを読み込めませんでした: {why}",
        "web.checking": "チェック中…",
        "web.empty": "デッキリストを貼り付けるかドロップすると、チェックします。",
        "web.cards": "枚数",
        "web.partner": "パートナー",
        "web.errors": "エラー",
        "web.warnings": "警告",
        "web.no-errors": "エラーはありません。",
        "web.no-warnings": "警告はありません。",
        "web.decks-status": "チェックしたデッキ {decks}件、適正 {legal}件、エラー {errors}件、警告 {warnings}件",
        "web.go-to-line": "{line}行目へ移動",
    }
)
