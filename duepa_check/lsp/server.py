"""The protocol side of the language server: pygls' server, its handlers, and nothing else.

Every answer is worked out by the plain modules of this package (``session`` and what it calls); a
handler reads the request, calls them, and turns what they return into lsprotocol's types, every
column through the negotiated position encoding (``positions``). Documents are kept by
``documents`` rather than pygls' workspace: pygls splits lines as ``str.splitlines`` does (at form
feeds and U+2028 too), which puts every later line off by one. Logs go to stderr and
``window/logMessage``; stdout carries only the protocol.

Checks run on the event loop, one at a time, so a published result is always for the version the
document has; a check is put off while more messages wait on stdin (``input.WaitingInput``), so a
burst of changes is one check, of the last version.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import BinaryIO, cast

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from .. import __version__
from ..messages import Msg, msg, text
from .actions import FIX_ALL
from .completion import OPENERS
from .diagnostics import ERROR, WARNING, Diagnostic
from .input import WaitingInput
from .logs import log_to_stderr
from .positions import UTF16, Span, choose_encoding, client_range, from_client, line_starts, position_at
from .session import CHANGE, Session
from .settings import SECTION

NAME = "duepa-check"
log = logging.getLogger("duepa_check.lsp")
_SEVERITY = {ERROR: types.DiagnosticSeverity.Error, WARNING: types.DiagnosticSeverity.Warning}
RELOAD, CARD = "duepa-check.reload", "duepa-check.card"
MAX_DEFERRALS = 50  # x 2 ms: how long a check waits for a client that keeps sending
WATCHED = ("**/.duepa-check.yaml", "**/.duepa-check.yml", "**/pyproject.toml")


class DeckServer(LanguageServer):
    """pygls' server plus what a run keeps between messages."""

    def __init__(self, session: Session, stdin: WaitingInput | None = None) -> None:
        super().__init__(NAME, __version__)
        self.session = session
        self.stdin = stdin
        self.encoding = UTF16
        self.pull = False  # the client asks for diagnostics (textDocument/diagnostic) instead of being sent them
        self.pending: set[str] = set()  # the documents to check once no more messages wait
        self.flushing = False
        self.last_said = ""  # the last failure logged (said once, not on every keystroke)
        self.shut_down = False
        self.exited = False

    def say(self, notes: list[Msg], kind=types.MessageType.Warning) -> None:
        """Log each message on stderr and to the client (window/logMessage), in the session's language."""
        for note in notes:
            words = text(note, self.session.lang)
            log.warning("%s", words)
            self.window_log_message(types.LogMessageParams(type=kind, message=words))


def _lsp_diagnostic(found: Diagnostic, lines: list[str], encoding: str) -> types.Diagnostic:
    line, start, end_line, end = client_range(lines, found.span, encoding)
    return types.Diagnostic(
        range=types.Range(types.Position(line, start), types.Position(end_line, end)),
        message=found.message,
        severity=_SEVERITY.get(found.severity, types.DiagnosticSeverity.Information),
        code=found.code,
        source=NAME,
        data=found.data,
    )


def schedule(ls: DeckServer, uri: str) -> None:
    """Check ``uri`` soon: once no more messages wait (a burst of changes is one check)."""
    if ls.pull:
        return  # the client asks when it wants them
    ls.pending.add(uri)
    if not ls.flushing:
        ls.flushing = True
        asyncio.get_running_loop().call_soon(flush, ls, 0)


def flush(ls: DeckServer, deferred: int) -> None:
    """Check what is pending, unless more messages wait (then again in 2 ms; after 100 ms of a
    client that never stops sending, check anyway). A check runs on the event loop: no message is
    handled meanwhile, so what it publishes is for the version the document has."""
    if ls.stdin is not None and ls.stdin.waiting() and deferred < MAX_DEFERRALS:
        asyncio.get_running_loop().call_later(0.002, flush, ls, deferred + 1)
        return
    ls.flushing = False
    pending, ls.pending = ls.pending, set()
    for uri in pending:
        document = ls.session.documents.get(uri)
        if document is not None:
            found = check_now(ls, document)
            if found is not None:
                publish(ls, document, found)
    say_notes(ls)


def say_notes(ls: DeckServer) -> None:
    """What the session had to say since (a data folder named that holds no data), in the log."""
    notes, ls.session.notes = ls.session.notes, []
    ls.say(notes)


def check_now(ls: DeckServer, document) -> list[Diagnostic] | None:
    """The document's diagnostics, checked now; None when the data cannot be loaded (said once)."""
    try:
        return ls.session.check(document)
    except Exception as error:  # the data or house rules failed: one message, the server goes on
        from ..errors import DuepaError

        if isinstance(error, DuepaError):
            from .diagnostics import information

            found = [information(text(error.message, ls.session.lang), document.lines)]
            found[0] = found[0]._replace(severity=ERROR)
            return found
        log.exception("check failed")
        return None


def safely(ls: DeckServer, work, *args):
    """``work(*args)``, or None when the card data or house rules cannot be used: said in the log
    (once per message), never an internal error for the client."""
    from ..errors import DuepaError

    try:
        return work(*args)
    except DuepaError as error:
        said = text(error.message, ls.session.lang)
        if said != ls.last_said:
            ls.last_said = said
            ls.say([msg("lsp.data-failed", why=said)])
        return None


def publish(ls: DeckServer, document, found: list[Diagnostic]) -> None:
    lines = document.lines
    ls.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(
            uri=document.uri,
            version=document.version,
            diagnostics=[_lsp_diagnostic(item, lines, ls.encoding) for item in found],
        )
    )


def recheck_all(ls: DeckServer) -> None:
    """Settings, house rules or data changed: every open document again."""
    if ls.pull:
        if _declares(ls, "workspace.diagnostics.refresh_support"):
            ls.workspace_diagnostic_refresh(None)
        for document in ls.session.documents.by_uri.values():
            document.dirty = True
        return
    for uri in ls.session.documents.by_uri:
        schedule(ls, uri)


def _capability(ls: DeckServer, path: str) -> object:
    """The client's capability at a dotted path (lsprotocol's names), or None."""
    found: object = ls.client_capabilities
    for name in path.split("."):
        found = getattr(found, name, None)
        if found is None:
            return None
    return found


def _declares(ls: DeckServer, path: str) -> bool:
    return bool(_capability(ls, path))


def _change_range(change) -> tuple[int, int, int, int] | None:
    where = getattr(change, "range", None)
    if where is None:
        return None
    return where.start.line, where.start.character, where.end.line, where.end.character


def register_lifecycle(server: DeckServer) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(ls: DeckServer, params: types.InitializeParams) -> None:
        general = params.capabilities.general
        ls.encoding = choose_encoding(general.position_encodings if general else None)
        ls.pull = _declares(ls, "text_document.diagnostic")
        ls.say(ls.session.configure(params.initialization_options))

    @server.feature(types.INITIALIZED)
    async def initialized(ls: DeckServer, params) -> None:
        if _declares(ls, "workspace.did_change_watched_files.dynamic_registration"):
            watchers = [types.FileSystemWatcher(glob_pattern=pattern) for pattern in WATCHED]
            registration = types.Registration(
                id="duepa-check-house-rules",
                method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
            )
            ls.client_register_capability(types.RegistrationParams(registrations=[registration]))
        await read_configuration(ls)
        prepare(ls)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: DeckServer, *args) -> None:
        ls.shut_down = True

    @server.feature(types.EXIT)
    def exit_(ls: DeckServer, *args) -> None:
        ls.exited = True


def prepare(ls: DeckServer) -> None:
    """Load the data and build completion's name search in a worker thread, once the client is
    initialized: the first completion then answers at once (the search takes ~250 ms to build)."""

    def build() -> None:
        try:
            ls.session.name_search()
        except Exception as error:  # the first check says what is wrong with the data
            log.warning("the card data could not be loaded: %s", error)

    asyncio.get_running_loop().run_in_executor(None, build)


async def read_configuration(ls: DeckServer) -> None:
    """The section ``duepaCheck`` by workspace/configuration, when the client offers it."""
    if not _declares(ls, "workspace.configuration"):
        return
    try:
        answer = await ls.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
        )
    except Exception as error:  # a client that fails the request: the settings so far stand
        log.warning("workspace/configuration failed: %s", error)
        return
    before = ls.session.settings
    ls.say(ls.session.configure(answer[0] if answer else None))
    if ls.session.settings != before:
        recheck_all(ls)


def register_documents(server: DeckServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: DeckServer, params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        ls.session.documents.open(item.uri, item.text, item.version)
        schedule(ls, item.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: DeckServer, params: types.DidChangeTextDocumentParams) -> None:
        document = ls.session.documents.get(params.text_document.uri)
        if document is None:
            log.warning("didChange for a document not open: %s", params.text_document.uri[:200])
            return
        changes = [(_change_range(change), change.text) for change in params.content_changes]
        document.change(params.text_document.version, changes, ls.encoding)
        if ls.session.wants_check(document, CHANGE):
            schedule(ls, document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: DeckServer, params: types.DidSaveTextDocumentParams) -> None:
        if ls.session.documents.get(params.text_document.uri) is not None:
            schedule(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: DeckServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.session.documents.close(uri)
        ls.pending.discard(uri)
        if not ls.pull:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(identifier=NAME, inter_file_dependencies=False, workspace_diagnostics=False),
    )
    def pull_diagnostics(ls: DeckServer, params: types.DocumentDiagnosticParams):
        document = ls.session.documents.get(params.text_document.uri)
        if document is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        checked = document.checked
        if checked is not None and (not document.dirty or not ls.session.wants_check(document, CHANGE)):
            found = checked[3]
        else:
            found = check_now(ls, document) or []
        lines = document.lines
        return types.RelatedFullDocumentDiagnosticReport(
            items=[_lsp_diagnostic(item, lines, ls.encoding) for item in found]
        )

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls: DeckServer, params: types.DidChangeConfigurationParams) -> None:
        before = ls.session.settings
        if isinstance(params.settings, dict) and params.settings:
            ls.say(ls.session.configure(params.settings))
        await read_configuration(ls)
        if ls.session.settings != before:
            recheck_all(ls)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: DeckServer, params: types.DidChangeWatchedFilesParams) -> None:
        ls.session.house_rules_changed()
        recheck_all(ls)


def _position(ls: DeckServer, params: types.HoverParams | types.CompletionParams):
    """(document, line, column in code points) a hover or a completion asks about; None when the
    document is not open or the line is past its end."""
    document = ls.session.documents.get(params.text_document.uri)
    line = params.position.line
    if document is None or not 0 <= line < len(document.lines):
        return None
    return document, line, from_client(document.lines[line], params.position.character, ls.encoding)


def register_features(server: DeckServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: DeckServer, params: types.HoverParams) -> types.Hover | None:
        at = _position(ls, params)
        if at is None:
            return None
        document, line, column = at
        found = safely(ls, ls.session.hover, document, line, column)
        if found is None:
            return None
        markdown, (start, end) = found
        _, first, _, last = client_range(document.lines, Span(line, start, line, end), ls.encoding)
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=markdown),
            range=types.Range(types.Position(line, first), types.Position(line, last)),
        )


def register_completion(server: DeckServer) -> None:
    options = types.CompletionOptions(trigger_characters=list(OPENERS), resolve_provider=True)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, options)
    def completion(ls: DeckServer, params: types.CompletionParams) -> types.CompletionList | None:
        at = _position(ls, params)
        if at is None:
            return None
        document, line, column = at
        found = safely(ls, ls.session.completion, document, line, column)
        if found is None:
            return None
        start, typed, offered = found
        _, first, _, last = client_range(document.lines, Span(line, start, line, column), ls.encoding)
        where = types.Range(types.Position(line, first), types.Position(line, last))
        return types.CompletionList(
            is_incomplete=True,
            items=[
                types.CompletionItem(
                    label=item.label,
                    label_details=types.CompletionItemLabelDetails(description=item.matched)
                    if item.matched != item.label
                    else None,
                    kind=types.CompletionItemKind.Value,
                    text_edit=types.TextEdit(where, item.label),
                    filter_text=typed,
                    sort_text=f"{rank:03d}",
                    data={"card": item.card},
                )
                for rank, item in enumerate(offered)
            ],
        )

    @server.feature(types.COMPLETION_ITEM_RESOLVE)
    def resolve(ls: DeckServer, item: types.CompletionItem) -> types.CompletionItem:
        name = item.data.get("card") if isinstance(item.data, dict) else None
        facts = safely(ls, ls.session.card_facts, name) if isinstance(name, str) else None
        if facts is not None:
            formats = _capability(ls, "text_document.completion.completion_item.documentation_format")
            markdown = isinstance(formats, list | tuple) and types.MarkupKind.Markdown in formats
            item.documentation = types.MarkupContent(kind=types.MarkupKind.Markdown, value=facts) if markdown else facts
        return item


def register_commands(server: DeckServer) -> None:
    @server.command(RELOAD)
    def reload(ls: DeckServer, *args) -> None:
        """After `duepa-check update`: the card data again, and every open document checked with it."""
        ls.session.reload()
        recheck_all(ls)

    @server.command(CARD)
    def card(ls: DeckServer, *args) -> dict | None:
        """A card as `card --format json` shows it (the first argument is its name, typed any way)."""
        if not args or not isinstance(args[0], str):
            return None
        return safely(ls, ls.session.card, args[0][:500])


def register_hints(server: DeckServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))
    def inlay_hint(ls: DeckServer, params: types.InlayHintParams) -> list[types.InlayHint] | None:
        document = ls.session.documents.get(params.text_document.uri)
        if document is None:
            return None
        lines = document.lines
        found = safely(ls, ls.session.hints, document, params.range.start.line, params.range.end.line) or []
        return [
            types.InlayHint(
                position=types.Position(line, client_range(lines, Span(line, column, line, column), ls.encoding)[1]),
                label=label,
                padding_left=True,
            )
            for line, column, label in found
        ]


def _workspace_edit(ls: DeckServer, document, edits: list[tuple[int, int, str]]) -> types.WorkspaceEdit:
    """Edits of the document's text (offsets) as the client counts them, for the document's version."""
    starts = line_starts(document.text)
    changes = []
    for start, end, new in edits:
        first, last = (
            position_at(document.text, starts, start, ls.encoding),
            position_at(document.text, starts, end, ls.encoding),
        )
        changes.append(types.TextEdit(types.Range(types.Position(*first), types.Position(*last)), new))
    if _declares(ls, "workspace.workspace_edit.document_changes"):
        identifier = types.OptionalVersionedTextDocumentIdentifier(uri=document.uri, version=document.version)
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(identifier, changes)])
    return types.WorkspaceEdit(changes={document.uri: changes})


def register_actions(server: DeckServer) -> None:
    kinds = [types.CodeActionKind.QuickFix, FIX_ALL]

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=kinds))
    def code_action(ls: DeckServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        document = ls.session.documents.get(params.text_document.uri)
        if document is None:
            return None
        sent = params.context.diagnostics or []
        unknown = [
            (d.range.start.line, d.data["card"])
            for d in sent
            if d.code == "DP100" and isinstance(d.data, dict) and isinstance(d.data.get("card"), str)
        ]
        first, last = params.range.start.line, params.range.end.line
        answer = []
        for action in safely(ls, ls.session.actions, document, first, last, unknown, params.context.only or []) or []:
            fixed = [
                d
                for d in sent
                if action.rule is not None and d.code == action.rule and d.range.start.line == action.line
            ]
            answer.append(
                types.CodeAction(
                    title=action.title,
                    kind=action.kind,
                    diagnostics=fixed or None,
                    is_preferred=action.preferred or None,
                    edit=_workspace_edit(ls, document, action.edits),
                )
            )
        return answer


def make_server(stdin: WaitingInput | None = None, lang: str = "en", option: str | None = None) -> DeckServer:
    from .data import is_decklist, load

    server = DeckServer(Session(lang, load, is_decklist, option), stdin)
    register_lifecycle(server)
    register_documents(server)
    register_features(server)
    register_actions(server)
    register_hints(server)
    register_commands(server)
    register_completion(server)
    return server


def serve(stdin, stdout, lang: str = "en", option: str | None = None) -> int:
    """Speak LSP on these binary streams until exit or the end of input; the exit code is 0 unless
    the client sent exit without shutdown (1, as the protocol says)."""
    log_to_stderr()
    import os

    reading = WaitingInput(stdin.fileno())
    server = make_server(reading, lang, option)
    # pygls closes its output on exit: its own descriptor, so that the CLI's stdout stays open to flush
    writing = os.fdopen(os.dup(stdout.fileno()), "wb")
    protocol_out, sys.stdout = sys.stdout, sys.stderr  # a stray print must not break the protocol
    try:
        server.start_io(cast(BinaryIO, reading), writing)  # pygls calls only its readline and read
    finally:
        sys.stdout = protocol_out
        if not writing.closed:
            writing.close()
    return 1 if server.exited and not server.shut_down else 0
