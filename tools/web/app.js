// duepa-check in the page: the package itself runs in Pyodide; this file only moves text between
// the page and duepa_check.report.in_memory (the check, its findings, hints and --fix's fixes all
// come from the package; the page's own words come from the message catalogues, words.json).
// window.duepaReady resolves when the checker is loaded; window.duepaCheck(text, {name, asOf,
// lang, format, includeUnconfirmed}) gives {exit, output} as `duepa-check NAME --format FORMAT
// --as-of ASOF --lang LANG` prints for a file NAME holding that text.

const $ = (id) => document.getElementById(id);
const wordsLoaded = fetch("words.json").then((response) => response.json());
let WORDS = null; // the page's words by language (set before anything is shown)
let lang = "ja";
let python = null; // Pyodide's Python functions, once loaded

// Defined before anything is awaited: a script may ask for them as soon as the page has loaded.
window.duepaReady = new Promise((resolve, reject) => queueMicrotask(() => load().then(resolve, reject)));

window.duepaCheck = async (text, options = {}) => {
  const { exit, output } = await checkText(text, options);
  return { exit, output };
};

// The check and, for the page, where each deck starts in the text (a sheet's row: its deck cell).
async function checkText(text, options) {
  await window.duepaReady;
  const { name = "deck.txt", asOf = null, lang: language = "ja", format = "json", includeUnconfirmed = false } = options;
  const answer = python.run(text, name, asOf, language, format, includeUnconfirmed);
  const [exit, output, starts, notes] = answer.toJs();
  answer.destroy();
  return { exit, output, starts, notes };
}


async function words() {
  const loaded = await wordsLoaded;
  if (WORDS === null) {
    WORDS = loaded;
    lang = pickLanguage();
  }
}

function pickLanguage() {
  const asked = new URLSearchParams(location.hash.slice(1)).get("lang");
  if (asked && WORDS[asked]) return asked;
  const browser = (navigator.languages && navigator.languages[0]) || navigator.language || "ja";
  return browser.toLowerCase().startsWith("ja") || !browser.toLowerCase().startsWith("en") ? "ja" : "en";
}

function word(key, args = {}) {
  const template = WORDS[lang][key] ?? WORDS[lang][`${key}.${args.count === 1 ? "one" : "other"}`];
  return template.replace(/\{(\w+)\}/g, (_, name) => String(args[name] ?? ""));
}

function showWords() {
  document.documentElement.lang = lang;
  document.title = word("web.title");
  for (const element of document.querySelectorAll("[data-w]")) element.textContent = word(element.dataset.w);
  $("lang").value = lang;
}

function progress(key, args) {
  $("progress").hidden = false;
  $("progress").dataset.w = key;
  $("progress").textContent = word(key, args);
}

// ------------------------------------------------------------------ loading

async function serviceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register("sw.js");
    const installing = registration.installing || registration.waiting;
    if (navigator.serviceWorker.controller || !installing) return;
    // First visit: the worker takes this page before the runtime is fetched, and keeps each file.
    await new Promise((done) => {
      navigator.serviceWorker.addEventListener("controllerchange", done, { once: true });
      installing.addEventListener("statechange", () => installing.state === "redundant" && done());
    });
  } catch (error) {
    console.warn("no service worker:", error);
  }
}

const BOOT = `
from datetime import date

from duepa_check.data.dates import parse_day
from duepa_check.messages import text as message_text
from duepa_check.reading.decklist import DeckInputError
from duepa_check.reading.sheet import decode_whole
from duepa_check.report.in_memory import TextChecks

_checks = TextChecks()


def duepa_run(text, name, as_of, lang, output_format, unconfirmed):
    day = date.today() if not as_of else parse_day(as_of)
    if day is None:
        raise ValueError(f"not a date: {as_of!r}")
    found = _checks.report(
        text, name, as_of=day, lang=lang, output_format=output_format, include_unconfirmed=bool(unconfirmed)
    )
    return [found.exit, found.output, found.starts, [message_text(note, lang) for note in found.notes]]


def duepa_fix(text, name, lang):
    fixed, fixes = _checks.fix(text, name)
    refused = _checks.refused(text, name)  # a submission sheet: never rewritten, as --fix says
    return [fixed, len(fixes), None if refused is None else message_text(refused, lang)]


def duepa_decode(data, name, lang):
    try:
        return [decode_whole(bytes(data), name), None]
    except DeckInputError as error:
        return [None, error.text(lang)]
`;

async function load() {
  await words();
  await serviceWorker();
  progress("web.loading.runtime", { step: 1 });
  // The wheels come while the runtime boots.
  const wheelsLoaded = fetch("site.json")
    .then((response) => response.json())
    .then((site) => Promise.all(site.wheels.map(async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()))));
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  progress("web.loading.wheels", { step: 2 });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const data of await wheelsLoaded) pyodide.unpackArchive(data, "wheel", { extractDir: sitePackages });
  progress("web.loading.start", { step: 3 });
  await new Promise((done) => setTimeout(done)); // let the line show before the import holds the page
  pyodide.runPython(BOOT);
  const globals = pyodide.globals;
  python = {
    run: globals.get("duepa_run"),
    fix: globals.get("duepa_fix"),
    decode: globals.get("duepa_decode"),
  };
  return pyodide;
}

function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

// ------------------------------------------------------------------ the page

const deck = $("deck");
window.duepaShown = [];
let generation = 0; // bumped on every change: a result for an older text is never shown
let timer = null;
let beforeFix = null;

function options() {
  return {
    name: $("name").value.trim() || "deck.txt",
    asOf: $("as-of").value || null,
    includeUnconfirmed: $("unconfirmed").checked,
    lang,
  };
}

function changed() {
  refused = null;
  generation += 1;
  clearTimeout(timer);
  timer = setTimeout(checkNow, 150);
}

async function checkNow() {
  const mine = generation;
  const text = deck.value;
  if (!python) return; // checked once loaded
  if (!text.trim()) {
    $("report").replaceChildren(paragraph(word("web.empty")));
    $("fix").disabled = true;
    return;
  }
  const { exit, output, starts, notes } = await checkText(text, { ...options(), format: "json" });
  if (mine !== generation || text !== deck.value) return; // the text changed meanwhile: its own check comes
  show(JSON.parse(output), exit, starts, notes);
  window.duepaShown.push({ checked: text, shown: deck.value }); // what each result shown was for
  $("fix").disabled = false;
}

function paragraph(text, className) {
  const p = document.createElement("p");
  p.textContent = text;
  if (className) p.className = className;
  return p;
}

// One section a deck: a decklist is one, a submission sheet one a row (named by its row and player);
// above them, the warnings the CLI says on stderr (a sheet's date order, close names not searched).
function show(document_, exit, starts, notes = []) {
  const report = $("report");
  const decks = document_.decks;
  const many = decks.length > 1 || decks.some((result) => result.submission);
  const parts = notes.map((note) => paragraph(note, "note"));
  parts.push(...decks.map((result, index) => deckSection(result, exit, starts[index] ?? 1, many)));
  report.replaceChildren(...parts);
  // Said once per result (the table itself is not read out on every keystroke).
  $("verdict-status").textContent = many ? word("web.decks-status", document_.summary) : verdictSaid(decks[0]);
  report.dataset.generation = String(generation);
  report.dataset.text = deck.value; // what the report shown is for
}

function verdictSaid(result) {
  if (result.error) return result.error;
  const violations = result.violations || [];
  const counts = ["error", "warning"].map((kind) => violations.filter((v) => v.severity === kind).length);
  return `${word(result.legal ? "report.verdict.legal" : "report.verdict.not-legal")} ${word("web.errors")} ${counts[0]} ${word("web.warnings")} ${counts[1]}`;
}

function deckSection(result, exit, start, many) {
  const section = document.createElement("section");
  section.className = "deck";
  const parts = [];
  if (many) {
    const submission = result.submission;
    const title = document.createElement("h2");
    title.textContent = submission
      ? word(submission.player === null ? "sheet.place" : "sheet.place.player", { path: result.path, ...submission })
      : result.path;
    parts.push(title);
    if (submission && submission.superseded) parts.push(paragraph(word("html.superseded"), "superseded"));
  }
  if (result.error) {
    parts.push(paragraph(result.error, "error-line"));
  } else {
    const verdict = paragraph(word(result.legal ? "report.verdict.legal" : "report.verdict.not-legal"));
    verdict.className = `verdict ${result.legal ? "legal" : "not-legal"}`;
    verdict.dataset.exit = String(exit);
    parts.push(verdict);
    const facts = document.createElement("dl");
    facts.className = "facts";
    const partner = result.partner
      ? `《${result.partner.name}》 ${result.partner.civilizations.join("・")}`
      : word("report.no-partner");
    for (const [key, value] of [["web.partner", partner], ["web.cards", String(result.card_count)]]) {
      const term = document.createElement("dt");
      term.textContent = word(key);
      const detail = document.createElement("dd");
      detail.textContent = value;
      facts.append(term, detail);
    }
    parts.push(facts);
  }
  const violations = result.violations || [];
  for (const [severity, title, none] of [["error", "web.errors", "web.no-errors"], ["warning", "web.warnings", "web.no-warnings"]]) {
    const found = violations.filter((v) => v.severity === severity);
    const heading = document.createElement(many ? "h3" : "h2");
    heading.textContent = `${word(title)} (${found.length})`;
    parts.push(heading);
    parts.push(found.length ? table(found, severity, start) : paragraph(word(none)));
  }
  section.append(...parts);
  return section;
}

const COLUMNS = ["rule", "line", "card", "problem", "hint"];

function table(violations, severity, start) {
  const wrap = document.createElement("div");
  wrap.className = "table";
  const element = document.createElement("table");
  element.className = `findings ${severity}`;
  const head = element.createTHead().insertRow();
  for (const column of COLUMNS) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = word(`column.${column}`);
    head.append(th);
  }
  const body = element.createTBody();
  for (const v of violations) {
    const row = body.insertRow();
    const values = [v.rule, v.line, v.card ?? "", v.message, v.hint ?? ""];
    COLUMNS.forEach((column, index) => {
      const cell = row.insertCell();
      cell.dataset.label = word(`column.${column}`);
      if (column === "line" && v.line) {
        cell.className = "line";
        const go = document.createElement("button");
        const line = start + v.line - 1; // the line in the box (a sheet row's deck cell starts lower)
        go.type = "button";
        go.textContent = String(v.line);
        go.setAttribute("aria-label", word("web.go-to-line", { line }));
        go.addEventListener("click", () => goToLine(line));
        cell.append(go);
      } else {
        cell.textContent = values[index] ?? "";
      }
    });
  }
  wrap.append(element);
  return wrap;
}

function goToLine(line) {
  const lines = deck.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
  deck.focus();
  deck.setSelectionRange(start, start + (lines[line - 1] ?? "").length);
  const height = deck.scrollHeight / Math.max(lines.length, 1);
  deck.scrollTop = Math.max(0, height * (line - 3));
}

function replaceText(text) {
  // Through the editing commands where they work, so the browser's own undo (Ctrl+Z) undoes it too.
  deck.focus();
  deck.select();
  if (!document.execCommand || !document.execCommand("insertText", false, text)) deck.value = text;
  if (deck.value !== text) deck.value = text;
  changed();
}

function say(text) {
  $("said").textContent = text;
}

async function fixSpellings() {
  await window.duepaReady;
  const answer = python.fix(deck.value, options().name, lang);
  const [fixed, count, refused] = answer.toJs();
  answer.destroy();
  if (refused) return say(refused);
  if (!count) return say(word("web.nothing-to-fix"));
  beforeFix = deck.value;
  replaceText(fixed);
  $("undo").hidden = false;
  say(word("web.fixed", { count }));
}

function undoFix() {
  if (beforeFix === null) return;
  replaceText(beforeFix);
  beforeFix = null;
  $("undo").hidden = true;
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const scratch = document.createElement("textarea");
    scratch.value = text;
    document.body.append(scratch);
    scratch.select();
    document.execCommand("copy");
    scratch.remove();
  }
  say(word("web.copied"));
}

// ------------------------------------------------------------------ files and links

// A file that cannot be read (binary, too large) is said as the CLI says it, in the page's language,
// in place of a report; the box is emptied (its old report would be about another list).
let refused = null;

async function readFile(file) {
  await window.duepaReady;
  const data = new Uint8Array(await file.arrayBuffer());
  $("name").value = file.name;
  const [text] = decodeFile(data, file.name);
  if (text === null || text === undefined) {
    refused = { data, name: file.name };
    generation += 1; // a check under way is for the old text: never shown
    clearTimeout(timer);
    deck.value = "";
    showRefusal();
    return;
  }
  replaceText(text);
}

function decodeFile(data, name) {
  const answer = python.decode(data, name, lang);
  const found = answer.toJs();
  answer.destroy();
  return found;
}

function showRefusal() {
  const [, why] = decodeFile(refused.data, refused.name);
  const report = $("report");
  report.replaceChildren(paragraph(why, "error-line"));
  $("verdict-status").textContent = why;
  $("fix").disabled = true;
  report.dataset.generation = String(generation);
  report.dataset.text = deck.value;
}

async function packed(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unpacked(code) {
  const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new TextDecoder().decode(await new Response(stream).arrayBuffer());
}

async function shareLink() {
  const o = options();
  const fragment = new URLSearchParams({ list: await packed(deck.value), name: o.name, lang });
  if (o.asOf) fragment.set("as-of", o.asOf);
  if (o.includeUnconfirmed) fragment.set("unconfirmed", "1");
  const link = `${location.href.split("#")[0]}#${fragment}`;
  history.replaceState(null, "", link);
  await copyText(link);
  return link;
}

async function openLink() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (!fragment.has("list")) return;
  try {
    deck.value = await unpacked(fragment.get("list"));
  } catch (error) {
    console.warn("the link's list could not be read:", error);
    return;
  }
  if (fragment.get("name")) $("name").value = fragment.get("name");
  if (fragment.get("as-of")) $("as-of").value = fragment.get("as-of");
  $("unconfirmed").checked = fragment.get("unconfirmed") === "1";
}

window.duepaShareLink = shareLink;

// ------------------------------------------------------------------ wiring

await words();
showWords();
$("as-of").placeholder = today();
await openLink();
deck.addEventListener("input", changed);
for (const id of ["name", "as-of", "unconfirmed"]) $(id).addEventListener("change", changed);
$("lang").addEventListener("change", () => {
  lang = $("lang").value;
  showWords();
  if (refused) showRefusal();
  else changed();
});
$("fix").addEventListener("click", fixSpellings);
$("undo").addEventListener("click", undoFix);
$("copy").addEventListener("click", () => copyText(deck.value));
$("share").addEventListener("click", shareLink);
$("file").addEventListener("change", () => $("file").files[0] && readFile($("file").files[0]));
deck.addEventListener("dragover", (event) => {
  event.preventDefault();
  deck.classList.add("dragging");
});
deck.addEventListener("dragleave", () => deck.classList.remove("dragging"));
deck.addEventListener("drop", (event) => {
  deck.classList.remove("dragging");
  const file = event.dataTransfer && event.dataTransfer.files[0];
  if (!file) return;
  event.preventDefault();
  readFile(file);
});

window.duepaReady.then(
  () => {
    progress("web.ready");
    changed();
  },
  (error) => progress("web.load-failed", { why: String(error && error.message ? error.message : error) }),
);
