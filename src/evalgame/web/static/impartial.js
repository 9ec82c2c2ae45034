// The Impartial tab: heaps of Nim, subtraction games, Kayles, Grundy's game and Dawson's
// Kayles (one game for all heaps, or one per heap: a sum of different games), their Grundy
// values, the XOR in binary, every move with the value it leaves, misère play, the Grundy
// tables, and a game against the perfect engine. The server analyses every position
// (POST /api/impartial); the page only draws it and applies the move chosen.
// Link: #impartial?h=kayles:3+nim:4&mis=1&you=first&m=1.3_0.1
import {
  $,
  api,
  Cancelled,
  el,
  isBusy,
  onFirstShow,
  showError,
  typing,
  whileBusy,
  writeLink,
} from "./common.js";

const GAMES = {
  nim: "Nim: take any number from one heap",
  takeaway: "Take-away 1-2-3",
  kayles: "Kayles: knock down one pin or two adjacent ones",
  dawson: "Dawson's Kayles: knock down two adjacent pins",
  grundy: "Grundy's game: split a heap into two unequal ones",
  subtraction: "Subtraction game S (below)",
};
const EXAMPLES = {
  "Nim 3 4 5": { game: "nim", heaps: "3 4 5" },
  "Take-away 1-2-3 on 10": { game: "takeaway", heaps: "10" },
  "Kayles: rows of 3 and 4": { game: "kayles", heaps: "3 4" },
  "Grundy's game on 7 pennies": { game: "grundy", heaps: "7" },
  "Dawson's Kayles on 9": { game: "dawson", heaps: "9" },
  "A sum: kayles 3 + nim 4 + grundy 7": { game: "nim", heaps: "kayles:3 4 grundy:7" },
};
const NAMES = { nim: "Nim", takeaway: "take-away", kayles: "Kayles", dawson: "Dawson's Kayles", grundy: "Grundy's game" };
/** The page draws heaps up to this size as counters (the API takes up to 1000). */
const DRAWN = 40;
const MOST_HEAPS = 12;
/** A heap with more moves than this shows them folded (its winning ones in view). */
const MANY_MOVES = 24;
/** The largest heap the API takes. */
const LARGEST = 1000;
const GAME_WORDS = "nim, takeaway, kayles, dawson, grundy or subtraction:1,2,3 (any set)";

let game = null; // {start: {games, heaps}, misere, you, moves, analysis, showValues}

/** Build the tab; returns the function that opens a shared link. */
export function setupImpartial() {
  const panel = $("impartial");
  panel.append(...layout());
  $("impartial-game-kind").addEventListener("change", () => {
    $("impartial-set-field").hidden = $("impartial-game-kind").value !== "subtraction";
  });
  $("impartial-form").addEventListener("submit", (event) => {
    event.preventDefault();
    start(readForm());
  });
  $("impartial-example").addEventListener("change", () => {
    const chosen = EXAMPLES[$("impartial-example").value];
    if (!chosen) return;
    $("impartial-game-kind").value = chosen.game;
    $("impartial-heaps").value = chosen.heaps;
    $("impartial-set-field").hidden = true;
    start(readForm());
  });
  $("impartial-undo").addEventListener("click", undo);
  $("impartial-values").addEventListener("click", toggleValues);
  document.addEventListener("keydown", keyboard);
  onFirstShow("impartial", () => {
    if (!game) start(readForm());
  });
  return (params) => {
    const tokens = (params.get("h") ?? "3 4 5").split(/[\s+]+/).filter(Boolean);
    $("impartial-heaps").value = tokens.join(" ");
    $("impartial-game-kind").value = "nim";
    $("impartial-misere").checked = params.get("mis") === "1";
    const you = ["first", "second"].includes(params.get("you")) ? params.get("you") : "both";
    document.querySelector(`input[name="impartial-you"][value="${you}"]`).checked = true;
    const moves = (params.get("m") ?? "").split("_").filter(Boolean).map((m) => m.split(".").map(Number));
    const request = readForm();
    if (request) start(request, moves, params.get("v") === "1");
  };
}

function layout() {
  const kinds = el("select", { id: "impartial-game-kind" },
    ...Object.entries(GAMES).map(([value, text]) => el("option", { value, text })));
  const examples = el("select", { id: "impartial-example" },
    el("option", { value: "", text: "— choose one —" }),
    ...Object.keys(EXAMPLES).map((name) => el("option", { value: name, text: name })));
  return [
    el("p", { class: "intro", text:
      "Impartial games: both players have the same moves, and whoever cannot move loses " +
      "(normal play) — or wins (misère play). Each heap has a Grundy value (nimber); by the " +
      "Sprague–Grundy theorem a row of heaps, even of different games, is worth the XOR of " +
      "their values, and the player to move wins exactly when it is not 0. A heap's value is " +
      "the mex (least excluded number) of its options' values: G(n) = mex{G(n′) : n → n′}. " +
      "Under misère play the XOR no longer decides. Misère Nim has its own rule (Bouton's): " +
      "while some heap has 2 or more, play as in normal Nim; once every heap has 0 or 1, the " +
      "player to move wins exactly when the number of 1s is even. Other misère games are " +
      "searched, up to a limit of positions, and the page says which." }),
    el("form", { id: "impartial-form", class: "setup row", novalidate: true },
      el("div", { class: "field" },
        el("label", { for: "impartial-example", text: "Example" }), examples),
      el("div", { class: "field" },
        el("label", { for: "impartial-game-kind", text: "Game" }), kinds),
      el("div", { class: "field", id: "impartial-set-field", hidden: true },
        el("label", { for: "impartial-set", text: "Subtraction set S" }),
        el("input", { id: "impartial-set", value: "1,3,4", size: 8, autocomplete: "off" })),
      el("div", { class: "field" },
        el("label", { for: "impartial-heaps", text: "Heaps (kayles:3 for another game)" }),
        el("input", { id: "impartial-heaps", value: "3 4 5", size: 22, autocomplete: "off",
          spellcheck: "false", "aria-describedby": "impartial-heaps-error" }),
        el("div", { id: "impartial-heaps-error", class: "field-error", "aria-live": "polite" })),
      el("label", { class: "check" },
        el("input", { type: "checkbox", id: "impartial-misere" }), " misère play"),
      el("fieldset", { class: "field roles" },
        el("legend", { text: "You play" }),
        ...[["both", "both sides"], ["first", "first, against the engine"], ["second", "second"]]
          .map(([value, text]) => el("label", {},
            el("input", { type: "radio", name: "impartial-you", value, checked: value === "both" }),
            ` ${text}`))),
      el("button", { id: "impartial-start", type: "submit", class: "primary", text: "Show" }),
      el("p", { id: "impartial-error", class: "error form-error", role: "alert" })),
    el("div", { id: "impartial-busy", class: "busy-bar", role: "status", hidden: true },
      el("progress", { max: "1", "aria-label": "time spent" }),
      el("span", { class: "busy-text" }),
      el("button", { type: "button", class: "cancel", text: "Cancel" })),
    el("div", { id: "impartial-game", class: "game", hidden: true },
      el("p", { id: "impartial-status", class: "status", "aria-live": "polite" }),
      el("p", { id: "impartial-legend", class: "report" }),
      el("div", { id: "impartial-heap-rows", class: "heap-rows" }),
      el("div", { class: "actions" },
        el("button", { id: "impartial-values", type: "button", "aria-pressed": "false",
          text: "Show values (?)" }),
        el("button", { id: "impartial-undo", type: "button", text: "Undo" })),
      el("div", { id: "impartial-xor", class: "xor-box" }),
      el("p", { id: "impartial-winning", class: "report" }),
      el("ol", { id: "impartial-history", class: "history" }),
      el("details", { id: "impartial-tables-box" },
        el("summary", { text: "Grundy tables" }),
        el("div", { id: "impartial-tables" })),
      el("p", { class: "keys" },
        "Keys: Tab reaches the moves under each heap, Enter plays one; ",
        el("kbd", { text: "?" }), " shows or hides the values, ",
        el("kbd", { text: "Backspace" }), " undoes. The address of the page is a link to " +
        "this position.")),
  ];
}

/** The form as a request ({games, heaps, misere, you}), or null (the field says why). */
function readForm() {
  let kind = $("impartial-game-kind").value;
  if (kind === "subtraction") kind = `subtraction:${$("impartial-set").value.replace(/\s+/g, "")}`;
  const games = [];
  const heaps = [];
  let problem = "";
  const tokens = $("impartial-heaps").value.split(/[\s+]+/).filter(Boolean);
  for (const [index, token] of tokens.entries()) {
    const cut = token.lastIndexOf(":");
    const name = cut < 0 ? kind : token.slice(0, cut).toLowerCase();
    const size = cut < 0 ? token : token.slice(cut + 1);
    if (!/^\d+$/.test(size)) {
      problem = `heap ${index + 1}: "${token}" is not a heap size (a whole number, or game:size)`;
      break;
    }
    if (Number(size) > LARGEST) {
      problem = `heap ${index + 1} has ${size}: a heap must be at most ${LARGEST}`;
      break;
    }
    if (!(name in GAMES) || name === "subtraction") {
      if (!name.startsWith("subtraction:")) {
        problem = `heap ${index + 1}: unknown game "${name}"; choose ${GAME_WORDS}`;
        break;
      }
    }
    games.push(name);
    heaps.push(Number(size));
  }
  if (!problem && heaps.length > MOST_HEAPS) problem = `at most ${MOST_HEAPS} heaps`;
  $("impartial-heaps-error").textContent = problem;
  $("impartial-heaps").classList.toggle("invalid", Boolean(problem));
  $("impartial-heaps").setAttribute("aria-invalid", String(Boolean(problem)));
  if (problem) {
    clearResult();
    showError($("impartial-error"), new Error(`Heaps: ${problem}.`));
    $("impartial-error").scrollIntoView({ block: "nearest" });
    return null;
  }
  return {
    games,
    heaps,
    misere: $("impartial-misere").checked,
    you: document.querySelector("input[name='impartial-you']:checked").value,
  };
}

function start(request, moves = [], showValues = false) {
  if (!request) return;
  game = {
    start: { games: request.games, heaps: request.heaps },
    misere: request.misere,
    you: request.you,
    moves: [],
    analysis: null,
    showValues: showValues || request.you === "both",
  };
  update(moves);
}

/** The position after `moves`: a move is [heap, what is left...] (see the API). */
function positionAfter(moves) {
  let { games, heaps } = game.start;
  for (const [index, ...left] of moves) {
    heaps = [...heaps.slice(0, index), ...left, ...heaps.slice(index + 1)];
    games = [...games.slice(0, index), ...left.map(() => games[index]), ...games.slice(index + 1)];
  }
  return { games, heaps };
}

async function analyse(moves, signal) {
  const { games, heaps } = positionAfter(moves);
  return api("/api/impartial", { games, heaps, misere: game.misere, table: 20 }, signal);
}

/** Whether it is the engine's turn after `count` moves. */
function enginesTurn(count) {
  if (game.you === "both") return false;
  const firstToMove = count % 2 === 0;
  return game.you === "first" ? !firstToMove : firstToMove;
}

/** Go to the position after `moves` (the engine answering while it is its turn). */
async function update(moves) {
  showError($("impartial-error"), null);
  try {
    const found = await whileBusy("impartial", "The engine is thinking", 2, async (signal) => {
      let line = moves;
      let analysis = await analyse(line, signal);
      while (enginesTurn(line.length) && analysis.engine_move) {
        line = [...line, analysis.engine_move];
        analysis = await analyse(line, signal);
      }
      return { line, analysis };
    });
    game.moves = found.line;
    game.analysis = found.analysis;
    writeLink("impartial", {
      h: game.start.heaps.map((size, i) => `${game.start.games[i]}:${size}`).join(" "),
      mis: game.misere ? "1" : "0",
      you: game.you,
      m: game.moves.map((move) => move.join(".")).join("_"),
      v: game.showValues ? "1" : "0",
    });
    render();
  } catch (error) {
    const cancelled = error instanceof Cancelled;
    // a refusal leaves no result on screen that is not the answer to the form
    if (!cancelled) clearResult();
    showError($("impartial-error"), cancelled ? new Error("Cancelled: the game is as it was.") : error);
    $("impartial-error").scrollIntoView({ block: "nearest" });
  }
}

/** No result on screen: after an error the old one must not pass for the answer. */
function clearResult() {
  $("impartial-game").hidden = true;
  $("impartial").classList.remove("folded", "unfolded"); // the form, and the error in it, shown
  $("impartial-heap-rows").replaceChildren();
  $("impartial-xor").replaceChildren();
  $("impartial-winning").textContent = "";
  if (game) game.analysis = null;
}

function play(move) {
  update([...game.moves, move]);
}

function undo() {
  if (!game || !game.moves.length) return;
  let moves = game.moves.slice(0, -1);
  while (moves.length && enginesTurn(moves.length)) moves = moves.slice(0, -1);
  update(moves);
}

function toggleValues() {
  if (!game) return;
  game.showValues = !game.showValues;
  update(game.moves);
}

function keyboard(event) {
  if ($("impartial").hidden || !game || !game.analysis || isBusy("impartial") || typing(event)) return;
  if (event.key === "?") toggleValues();
  else if (event.key === "Backspace" && game.moves.length) undo();
  else return;
  event.preventDefault();
}

// ------------------------------------------------------------------ drawing

function render() {
  const { analysis: a, showValues } = game;
  $("impartial-game").hidden = false;
  $("impartial-values").setAttribute("aria-pressed", String(showValues));
  $("impartial-values").textContent = showValues ? "Hide values (?)" : "Show values (?)";
  $("impartial-undo").disabled = !game.moves.length;
  $("impartial-status").textContent = statusLine(a);
  $("impartial-legend").textContent = showValues && !a.over ? legend(a) : "";
  $("impartial-heap-rows").replaceChildren(...a.heaps.map((heap, index) => heapRow(a, heap, index)));
  $("impartial-xor").replaceChildren(...(showValues ? xorTable(a) : []));
  $("impartial-winning").textContent = showValues ? winningLine(a) : "";
  $("impartial-history").replaceChildren(...game.moves.map((move, i) => historyItem(move, i)));
  $("impartial-tables").replaceChildren(...Object.entries(a.tables).map(([name, values]) => table(name, values)));
}

function player(count) {
  if (game.you === "both") return count % 2 === 0 ? "the first player" : "the second player";
  return enginesTurn(count) ? "the engine" : "you";
}

function statusLine(a) {
  const mover = player(game.moves.length);
  const play = a.play === "misere" ? "misère play" : "normal play";
  if (a.over) {
    const moverWins = a.play === "misere";
    const winner = moverWins ? mover : player(game.moves.length + 1);
    return `No move left (${play}): ${winner} ${winner === "you" ? "win" : "wins"}.`;
  }
  const whose = mover === "you" ? "Your move" : `${mover[0].toUpperCase()}${mover.slice(1)} to move`;
  return `${whose} — ${play}, ${a.game}.`;
}

function heapRow(a, heap, index) {
  const myTurn = !a.over && !enginesTurn(game.moves.length);
  const moves = a.moves.filter((entry) => entry.move[0] === index);
  const counters = heap.size <= DRAWN
    ? el("span", { class: `counters ${heap.game.startsWith("subtraction") ? "nim" : heap.game}`,
      "aria-hidden": "true" }, ...Array.from({ length: heap.size }, () => el("span", { class: "counter" })))
    : el("span", { class: "counters", text: `(${heap.size})` });
  const label = `${NAMES[heap.game] ?? heap.game} ${heap.size}`;
  const value = game.showValues ? mexLine(heap) : null;
  // a large heap's moves fold away (a heap of 100 has 100): its winning ones stay in view
  let shown = el("div", { class: "options moves", role: "group", "aria-label": `moves on heap ${index + 1}` },
    ...moves.map((entry) => moveButton(entry, myTurn)));
  if (moves.length > MANY_MOVES) {
    const winning = game.showValues ? moves.filter((entry) => entry.winning) : [];
    const others = moves.filter((entry) => !winning.includes(entry));
    const group = (label, entries) => el("div", { class: "options moves", role: "group", "aria-label": label },
      ...entries.map((entry) => moveButton(entry, myTurn)));
    shown = el("div", {},
      winning.length ? group(`winning moves on heap ${index + 1}`, winning) : null,
      el("details", { class: "many-moves" },
        el("summary", { text: winning.length
          ? `the other ${others.length} moves on this heap`
          : `all ${moves.length} moves on this heap` }),
        group(`moves on heap ${index + 1}`, others)));
  }
  return el("div", { class: "heap-row", "data-heap": String(index) },
    el("div", { class: "heap-head" },
      el("span", { class: "heap-name", text: `${index + 1}. ${label}` }), value, counters),
    moves.length ? shown : null);
}

/** What the chips under the heaps show, in words. */
function legend(a) {
  const whole = a.play === "misere"
    ? `whether the move wins (${a.decided_by === "misere-nim" ? "by the misère Nim rule" : "by search"})`
    : "the value of the whole row after it (the XOR, ⊕)";
  return `Under each move: the value of what it leaves of its heap (heap G), then ${whole}. ` +
    "The heap's value is the mex of its moves' heap values.";
}

/** The heap's value as the mex of its options' values: "G(4) = mex{0, 2, 3} = 1". */
function mexLine(heap) {
  const values = [...new Set(heap.options)].sort((x, y) => x - y);
  return el("span", { class: "nimber", title: "mex: the least whole number not in the set" },
    `G(${heap.size}) = mex{${runs(values)}} = `, el("strong", { text: String(heap.mex) }));
}

/** Sorted whole numbers, long runs shortened: "0, 1, …, 99, 101". */
function runs(values) {
  const parts = [];
  for (let i = 0; i < values.length;) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j] + 1) j += 1;
    if (j - i >= 3) parts.push(`${values[i]}, ${values[i + 1]}, …, ${values[j]}`);
    else parts.push(...values.slice(i, j + 1).map(String));
    i = j + 1;
  }
  return parts.join(", ");
}

function moveButton(entry, enabled) {
  const left = entry.move.slice(1).join("+");
  const misere = game.analysis.play === "misere";
  const said = misere
    ? `leaves the heap value ${entry.heap_grundy}; ${entry.winning ? "wins" : "loses"}`
    : `leaves the heap value ${entry.heap_grundy} and the row value ${entry.grundy}${entry.winning ? ", winning" : ""}`;
  const button = el("button", {
    type: "button",
    class: game.showValues && entry.winning ? "best" : undefined,
    "data-move": entry.move.join("."),
    disabled: !enabled,
    title: game.showValues ? `${entry.text}: ${said}` : entry.text,
    "aria-label": `${entry.text}${game.showValues ? `, ${said}` : ""}`,
    onclick: () => play(entry.move),
  }, `→${left}`);
  if (game.showValues) {
    const whole = misere ? (entry.winning ? "wins" : "loses") : `⊕ ${entry.grundy}`;
    button.append(el("span", { class: "hint-value", text: `heap G ${entry.heap_grundy} · ${whole}` }));
  }
  return button;
}

/** The heaps' values in binary, one row each, and their XOR: odd columns marked. */
function xorTable(a) {
  const width = Math.max(1, ...a.heaps.map((h) => h.grundy.toString(2).length));
  const bits = (n) => n.toString(2).padStart(width, "0");
  const rows = a.heaps.map((heap, i) => el("tr", {},
    el("th", { text: `heap ${i + 1} (${NAMES[heap.game] ?? heap.game} ${heap.size})` }),
    el("td", { class: "mono", text: String(heap.grundy) }),
    el("td", { class: "mono bits", text: bits(heap.grundy) })));
  const total = el("tr", { class: "xor-total" },
    el("th", { text: "XOR (⊕)" }),
    el("td", { class: "mono", text: String(a.grundy) }),
    el("td", { class: "mono bits", text: bits(a.grundy) }));
  const caption = a.play === "misere"
    ? misereCaption(a)
    : a.grundy === 0
      ? "The XOR is 0: the player to move loses against perfect play."
      : "The XOR is not 0: the player to move wins by moving to a position of XOR 0.";
  return [
    el("div", { class: "table-box" },
      el("table", { class: "xor", id: "impartial-xor-table" },
        el("thead", {}, el("tr", {}, el("th", { text: "" }), el("th", { text: "Grundy value" }),
          el("th", { text: "binary" }))),
        el("tbody", {}, ...rows, total))),
    el("p", { class: "report", text: caption }),
  ];
}

/** Under misère play: the rule that decided, stated and applied, or the search. */
function misereCaption(a) {
  if (a.decided_by !== "misere-nim") {
    return "Under misère play this XOR does not decide who wins; the engine searched the game " +
      "(misère games other than Nim have no such rule here).";
  }
  const big = a.heaps.filter((heap) => heap.size >= 2).length;
  const ones = a.heaps.filter((heap) => heap.size === 1).length;
  const rule = "Misère Nim rule (Bouton): while some heap has 2 or more, the player to move " +
    "wins exactly when the XOR is not 0, as in normal Nim; when every heap has 0 or 1, " +
    "exactly when the number of 1s is even.";
  const applied = big
    ? `Here ${big === 1 ? "a heap has" : `${big} heaps have`} 2 or more and the XOR is ${a.grundy}: ` +
      `the player to move ${a.grundy ? "wins" : "loses"}.`
    : `Here every heap has 0 or 1, and ${ones} ${ones === 1 ? "heap has" : "heaps have"} 1 ` +
      `(${ones % 2 ? "odd" : "even"}): the player to move ${ones % 2 ? "loses" : "wins"}.`;
  return `${rule} ${applied}`;
}

function winningLine(a) {
  if (a.over) return "";
  const who = a.play === "misere"
    ? a.decided_by === "misere-nim" ? "by the misère Nim rule" : "by search (misère play)"
    : "to a position of XOR 0";
  if (!a.winning_moves.length) return `No winning move: every move loses against perfect play.`;
  const texts = a.moves.filter((m) => m.winning).map((m) => m.text);
  return `Winning moves ${who}: ${texts.join("; ")}.`;
}

function historyItem(move, i) {
  return el("li", {}, `heap ${move[0] + 1} → ${move.slice(1).join(" + ")} `,
    el("span", { class: "by", text: `(${player(i)})` }));
}

function table(name, values) {
  return el("div", { class: "table-box" },
    el("table", { class: "grundy-table", "data-game": name },
      el("caption", { text: `${NAMES[name] ?? name}: Grundy value of one heap of size n` }),
      el("tr", {}, el("th", { text: "n" }), ...values.map((_, n) => el("th", { text: String(n) }))),
      el("tr", {}, el("th", { text: "G(n)" }),
        ...values.map((value) => el("td", { class: value === 0 ? "zero" : undefined, text: String(value) })))));
}
