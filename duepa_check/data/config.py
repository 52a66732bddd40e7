"""House rules: a playgroup's changes to the recommended デュエパーティー rules.

Read from ``--config PATH``, else the nearest ``.duepa-check.yaml`` in the deck's folder or
a parent, else ``[tool.duepa-check]`` in the nearest ``pyproject.toml``. A ``--config`` file
ending ``.toml`` is TOML: a ``pyproject.toml`` without that table is an error (its reports
would name it as the house rules while applying none), any other ``.toml`` holds the keys at
its top level (or under ``[tool.duepa-check]``). Every key is
validated; a problem names the file, the key and (for card names) the closest cards, and is
a ``ConfigError`` (exit code 2): a tournament must never run on a half-read config.
"""

from __future__ import annotations

import difflib
import functools
import os
from collections.abc import Callable, Mapping
from datetime import date, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from ..errors import DuepaError
from ..messages import Listed, msg
from .nesting import MAX_NESTING, parser_refused_depth, too_deep
from .regulation import HALL_OF_FAME, PREMIUM, UNRESTRICTED, Announcement

CONFIG_FILE = ".duepa-check.yaml"
SEVERITIES = ("error", "warning")

ANNOUNCEMENT_STATUSES = (PREMIUM, HALL_OF_FAME, UNRESTRICTED)


class ConfigError(DuepaError):
    """A config file is unreadable or has a bad key or value (exit code 2)."""


# What a house-rules file's card name means (pool.resolve_name), and the error a value's check raises
_Resolve = Callable[[str], tuple[str | None, list[str]]]
_Fail = Callable[..., ConfigError]


class FormatConfig(NamedTuple):
    """The deck-building rules in force: the recommended ones, or a playgroup's house rules."""

    deck_size: int = 60
    partner_min_cost: int = 5
    singleton: bool = True
    banned: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()
    disable: tuple[str, ...] = ()
    severity: Mapping[str, str] = MappingProxyType({})  # rule id → error | warning
    include_unconfirmed: bool = False
    regulation: tuple[Announcement, ...] = ()  # applied on top of the data's regulation
    lang: str | None = None  # None: the locale decides
    source: str = ""  # the file it came from, for messages; "" for the defaults


def _shown_default(value: Any) -> Any:
    """A default as `duepa-check rules` and the README show it: as written in YAML ([] and {})."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


def find_config(start: Path) -> Path | None:
    """The nearest .duepa-check.yaml, or a pyproject.toml with [tool.duepa-check], upwards."""
    try:
        folder = (start if start.is_dir() else start.parent).resolve()
        found = _find_config_from(folder)
    except OSError as error:  # a folder on the way that cannot be searched (no execute permission)
        where = shown_path(Path(error.filename)) if error.filename else start
        raise ConfigError(msg("house-rules.cannot-look", where=where, why=str(error.strerror or error))) from None
    return shown_path(found) if found is not None else None


def shown_path(path: Path) -> Path:
    """A file found by searching, as the run names it: relative to the working folder when it lies
    below it (every message, and the report, says ``decks/.duepa-check.yaml``, never this machine's
    absolute path); else as it is."""
    if not path.is_absolute():
        return path
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path
    return path if relative == os.pardir or relative.startswith(os.pardir + os.sep) else Path(relative)


@functools.lru_cache(maxsize=256)
def _find_config_from(folder: Path) -> Path | None:
    """Cached per folder: a thousand decks in one folder walk up once."""
    found = folder / CONFIG_FILE
    if _exists(found):  # a link that leads nowhere, a FIFO, a loop: an error, never "no house rules"
        _refuse_link_out(found, folder)
        return found
    pyproject = folder / "pyproject.toml"
    if _exists(pyproject):
        _refuse_link_out(pyproject, folder)
        if "[tool.duepa-check]" in _read(pyproject):
            return pyproject
    return None if folder.parent == folder else _find_config_from(folder.parent)


def forget_found_configs() -> None:
    """Forget every house-rules file found so far, so that the next search looks at the files again.

    The search is cached for the process (a thousand decks in one folder walk up once), so one run
    never needs this. A caller that runs many checks in one process and changes house-rules files
    between them (the tests, through ``main(argv)``) calls it first."""
    _find_config_from.cache_clear()


def _exists(path: Path) -> bool:
    """Whether anything at all is at ``path`` (a dangling link too). Not os.path.lexists: it says
    False when the folder cannot be searched, which would skip house rules in silence."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    return True


def _refuse_link_out(path: Path, folder: Path) -> None:
    """A house-rules file found by searching that is a symlink leading out of its folder is refused,
    as a deck that links out of the folder checked is: a submitted link to a runner's secret file
    would otherwise be read, and its values quoted in the errors. Nothing of it is read."""
    if not os.path.islink(path):
        return
    target = os.path.realpath(path)
    inside = os.fspath(folder).rstrip(os.sep) + os.sep
    if not target.startswith(inside):
        raise ConfigError(msg("house-rules.symlink-out", path=shown_path(path)))


MAX_CONFIG_BYTES = 1_000_000  # the decklist limit: house rules are a few lines


def _read(path: Path) -> str:
    """The file's text; a config larger than MAX_CONFIG_BYTES, or not a regular file, is refused."""
    import stat

    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO must not hang
        with open(descriptor, "rb") as handle:
            mode = os.fstat(handle.fileno()).st_mode
            if not stat.S_ISREG(mode):
                kind = (
                    "fifo"
                    if stat.S_ISFIFO(mode)
                    else "device"
                    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                    else "socket"
                    if stat.S_ISSOCK(mode)
                    else "folder"
                    if stat.S_ISDIR(mode)
                    else "special"
                )
                raise ConfigError(msg("house-rules.not-regular", path=path, kind=msg(f"house-rules.kind.{kind}")))
            data = handle.read(MAX_CONFIG_BYTES + 1)
        if len(data) > MAX_CONFIG_BYTES:
            raise ConfigError(msg("house-rules.too-large", path=path, megabytes=MAX_CONFIG_BYTES // 1_000_000))
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ConfigError(msg("house-rules.cannot-read", path=path, why=str(why))) from None


def _load_yaml(text: str, path: Path) -> Any:
    """The YAML document, with a key given twice in one mapping an error (as DP102 in a decklist):
    ``deck_size: 29`` then ``deck_size: 60`` must not silently mean 60."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _no_duplicate_keys(node, path)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _no_duplicate_keys(node: Any, path: Path) -> None:
    import yaml

    waiting, seen_nodes = [node], set()
    while waiting:
        current = waiting.pop()
        if id(current) in seen_nodes:  # an alias shares its node: walk it once
            continue
        seen_nodes.add(id(current))
        if isinstance(current, yaml.MappingNode):
            keys: set[str] = set()
            for key_node, value_node in current.value:
                if isinstance(key_node, yaml.ScalarNode):
                    key = str(key_node.value).replace("-", "_")
                    if key in keys:
                        raise ConfigError(
                            msg(
                                "house-rules.duplicate-key",
                                path=f"{path}:{key_node.start_mark.line + 1}",
                                key=_shown(str(key_node.value)),
                            )
                        )
                    keys.add(key)
                waiting.extend((key_node, value_node))
        elif isinstance(current, yaml.SequenceNode):
            waiting.extend(current.value)


def _shown(value: Any) -> str:
    """A short repr of a config value for a message: a YAML alias bomb expands to gigabytes in full."""
    import reprlib

    shortener = reprlib.Repr()
    shortener.maxstring = shortener.maxother = 60
    shortener.maxlevel = 2
    text = shortener.repr(value)
    return text if len(text) <= 80 else text[:79] + "…"


def load_config(path: Path, resolve_card: _Resolve, rule_ids: dict[str, str]) -> FormatConfig:
    """Parse and validate a config file.

    ``resolve_card(name)`` returns (official name or None, suggestions); ``rule_ids`` maps
    what `disable` and `severity` may name (an id or a rule name, upper case) to the id.
    """
    text = _read(path)
    if path.suffix.lower() == ".toml":  # pyproject.toml's [tool.duepa-check], or a TOML file of house rules
        import tomllib

        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(msg("house-rules.invalid-toml", path=path, why=str(error))) from None
        except RecursionError:  # nested far past MAX_NESTING: the parser's own limit came first
            raise ConfigError(msg("house-rules.toml-too-deep", path=path, limit=MAX_NESTING)) from None
        if too_deep(document):
            raise ConfigError(msg("house-rules.toml-too-deep", path=path, limit=MAX_NESTING))
        tool = document.get("tool", {})
        if not isinstance(tool, dict):
            raise ConfigError(msg("house-rules.tool-not-table", path=path))
        if "duepa-check" in tool or path.name == "pyproject.toml":
            if "duepa-check" not in tool:  # the default rules, while every report names this file: never in silence
                raise ConfigError(msg("house-rules.no-tool-table", path=path))
            data = tool["duepa-check"]
            where = f"{path} [tool.duepa-check]"
        else:  # rules.toml: its top-level keys, as a .duepa-check.yaml's
            data, where = document, str(path)
    else:
        import yaml

        try:
            data = _load_yaml(text, path)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            at = f":{mark.line + 1}" if mark else ""
            why = getattr(error, "problem", None) or str(error).splitlines()[0]  # one line, never several
            if parser_refused_depth(why):
                raise ConfigError(msg("house-rules.yaml-too-deep", path=path, limit=MAX_NESTING)) from None
            raise ConfigError(msg("house-rules.invalid-yaml", path=f"{path}{at}", why=why)) from None
        except RecursionError:  # nested far past MAX_NESTING: the parser's own limit came first
            raise ConfigError(msg("house-rules.yaml-too-deep", path=path, limit=MAX_NESTING)) from None
        except (ValueError, TypeError, OverflowError) as error:  # e.g. a date 2026-13-45: PyYAML's date fails
            raise ConfigError(msg("house-rules.yaml-value", path=path, why=_shown(str(error)))) from None
        if too_deep(data):
            raise ConfigError(msg("house-rules.yaml-too-deep", path=path, limit=MAX_NESTING))
        where = str(path)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(msg("house-rules.not-a-mapping", where=where))
    try:
        return validate(data, where, resolve_card, rule_ids)
    except RecursionError:  # a value nested thousands deep (a message's repr would recurse)
        raise ConfigError(msg("house-rules.too-deep", where=where)) from None


def validate(data: dict[str, Any], where: str, resolve_card: _Resolve, rule_ids: dict[str, str]) -> FormatConfig:
    values: dict[str, Any] = {"source": where}
    for raw_key, value in data.items():
        key = str(raw_key).replace("-", "_")
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = (
                msg("house-rules.hint.did-you-mean", close=close[0])
                if close
                else msg("house-rules.hint.known-keys", keys=", ".join(KEYS))
            )
            raise ConfigError(msg("house-rules.unknown-key", where=where, key=_shown(raw_key), hint=hint))
        values[key] = _check_value(key, value, where, resolve_card, rule_ids)
    return FormatConfig(**values)


def _check_value(key: str, value: object, where: str, resolve_card: _Resolve, rule_ids: dict[str, str]) -> Any:
    def fail(expected: str, **args: Any) -> ConfigError:
        return ConfigError(
            msg(
                "house-rules.expected",
                where=where,
                key=key,
                expected=msg(f"house-rules.expected.{expected}", **args),
                got=_shown(value),
            )
        )

    return CHECKS[key](value, fail, key, where, resolve_card, rule_ids)


def _whole_number(value: object, fail: _Fail, *_: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
        raise fail("whole-number")
    return value


def _boolean(value: object, fail: _Fail, *_: object) -> bool:
    if not isinstance(value, bool):
        raise fail("boolean")
    return value


def _card_names(
    value: object, fail: _Fail, key: str, where: str, resolve_card: _Resolve, *_: object
) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise fail("card-names")
    names = []
    for index, typed in enumerate(value):
        name, close = resolve_card(typed)
        if name is None:
            hint = (
                msg("house-rules.hint.did-you-mean-cards", cards=Listed(tuple(f"《{c}》" for c in close), "sep.names"))
                if close
                else ""
            )
            raise ConfigError(
                msg("house-rules.no-card", where=f"{where}: {key}[{index}]", typed=_shown(typed), hint=hint)
            )
        names.append(name)
    return tuple(names)


def _rule_ids(value: object, fail: _Fail, key: str, where: str, _: object, rule_ids: dict[str, str]) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise fail("rule-ids")
    return tuple(_rule_id(v, key, where, rule_ids) for v in value)


def _severities(
    value: object, fail: _Fail, key: str, where: str, _: object, rule_ids: dict[str, str]
) -> dict[str, str]:
    if not isinstance(value, dict):
        raise fail("severity")
    result: dict[str, str] = {}
    for rule, level in value.items():
        rule = _rule_id(rule, key, where, rule_ids)
        if level not in SEVERITIES:
            raise ConfigError(msg("house-rules.severity-level", where=where, rule=rule, got=_shown(level)))
        result[rule] = level
    return result


def _announcements(
    value: object, fail: _Fail, key: str, where: str, resolve_card: _Resolve, *_: object
) -> tuple[Announcement, ...]:
    if not isinstance(value, list):
        raise fail("announcements")
    found = tuple(
        _announcement(item, f"{where}: regulation[{index}]", resolve_card) for index, item in enumerate(value)
    )
    _no_contradiction(found, where)
    return found


def _no_contradiction(found: tuple[Announcement, ...], where: str) -> None:
    """Two entries for one card on one date that disagree (a ban and a release): which one holds
    would be the order of the lines, so neither does: one line names both (exit 2)."""
    first: dict[tuple[str | None, date], int] = {}
    for index, entry in enumerate(found):
        seen = first.setdefault((entry.card, entry.on), index) if entry.card else index
        if found[seen].status != entry.status:
            args = {"first": seen, "second": index, "card": entry.card, "date": entry.on.isoformat()}
            one, other = found[seen].status, entry.status
            raise ConfigError(msg("house-rules.announcements-disagree", where=where, one=one, other=other, **args))


def _language(value: object, fail: _Fail, *_: object) -> str:
    from ..messages import LANGUAGES

    if value not in LANGUAGES:
        raise fail("lang", languages=Listed(LANGUAGES, "sep.or"))
    return str(value)


# The house-rule keys: each FormatConfig field (its default) with how its value is checked. What a key
# changes is the catalogues' ``config.<key>``. A new key: its FormatConfig field, its row here, and
# config.<key> in both catalogues; `rules`, the README and validation follow.
CHECKS: dict[str, Callable[..., Any]] = {
    "deck_size": _whole_number,
    "partner_min_cost": _whole_number,
    "singleton": _boolean,
    "banned": _card_names,
    "allowed": _card_names,
    "disable": _rule_ids,
    "severity": _severities,
    "include_unconfirmed": _boolean,
    "regulation": _announcements,
    "lang": _language,
}
# key → its default as shown (`duepa-check rules`, the README), in FormatConfig's order
KEYS: dict[str, Any] = {
    key: _shown_default(FormatConfig._field_defaults[key]) for key in FormatConfig._fields if key in CHECKS
}


def _announcement(item: Any, where: str, resolve_card: _Resolve) -> Announcement:
    """One house-rule 殿堂 change, checked like the data's: a real date, known cards, a known status."""
    if not isinstance(item, dict):
        raise ConfigError(msg("house-rules.announcement-shape", where=where, got=_shown(item)))
    fields = {str(key) for key in item}
    shape = ("date", "combo") if "combo" in fields else ("date", "card", "status")
    for field in sorted(fields - set(shape)):
        close = difflib.get_close_matches(field, shape, n=1)
        hint = (
            msg("house-rules.hint.did-you-mean", close=close[0])
            if close
            else msg("house-rules.hint.expected", fields=", ".join(shape))
        )
        raise ConfigError(msg("house-rules.unknown-key", where=where, key=_shown(field), hint=hint))
    for field in shape:
        if field not in fields:
            raise ConfigError(msg("house-rules.field-missing", where=where, field=field, fields=", ".join(shape)))
    on = _date(item["date"], f"{where}.date")
    if "combo" in fields:
        pair = item["combo"]
        if not isinstance(pair, list) or len(pair) != 2:
            raise ConfigError(msg("house-rules.combo-pair", where=f"{where}.combo", got=_shown(pair)))
        first, second = (_card(typed, f"{where}.combo[{n}]", resolve_card) for n, typed in enumerate(pair))
        if first == second:
            raise ConfigError(msg("house-rules.combo-same", where=f"{where}.combo", card=first))
        return Announcement(on=on, combo=(first, second))
    card = _card(item["card"], f"{where}.card", resolve_card)
    status = item["status"]
    if status not in ANNOUNCEMENT_STATUSES:
        typed = str(status)
        close = [s for s in ANNOUNCEMENT_STATUSES if typed and s.startswith(typed)] or difflib.get_close_matches(
            typed, ANNOUNCEMENT_STATUSES, n=1
        )
        hint = (
            msg("house-rules.hint.did-you-mean", close=close[0])
            if close
            else msg("house-rules.hint.expected", fields=", ".join(ANNOUNCEMENT_STATUSES))
        )
        raise ConfigError(msg("house-rules.unknown-status", where=f"{where}.status", status=_shown(status), hint=hint))
    return Announcement(on=on, card=card, status=status)


def _date(value: Any, where: str) -> date:
    """A date as YAML or TOML gives it (a date) or as a string: YYYY-MM-DD, YYYY/MM/DD, YYYY.MM.DD."""
    from .dates import parse_day

    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    day = parse_day(value) if isinstance(value, str) else None
    if day is None:
        shown = str(value) if isinstance(value, datetime) else value  # YAML's 2026-07-01 10:00: no Python repr
        raise ConfigError(msg("house-rules.date", where=where, got=_shown(shown)))
    return day


def _card(typed: Any, where: str, resolve_card: _Resolve) -> str:
    if not isinstance(typed, str):
        raise ConfigError(msg("house-rules.card-name", where=where, got=_shown(typed)))
    name, close = resolve_card(typed)
    if name is None:
        hint = (
            msg("house-rules.hint.did-you-mean-cards", cards=Listed(tuple(f"《{c}》" for c in close), "sep.names"))
            if close
            else ""
        )
        raise ConfigError(msg("house-rules.no-card", where=where, typed=_shown(typed), hint=hint))
    return name


def _rule_id(value: Any, key: str, where: str, rule_ids: dict[str, str]) -> str:
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise ConfigError(msg("house-rules.rule-id", where=where, key=key, got=_shown(value)))
    text = str(value).upper()
    if text not in rule_ids:
        close = difflib.get_close_matches(text, sorted(rule_ids), n=1)
        hint = msg("house-rules.hint.did-you-mean-rule", rule=close[0]) if close else ""
        raise ConfigError(msg("house-rules.unknown-rule", where=where, key=key, rule=_shown(value), hint=hint))
    return rule_ids[text]
