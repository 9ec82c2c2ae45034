// The tiling game: pick two adjacent free squares to place a domino; the engine answers.
// The board is a grid of buttons: the arrows move over it, Enter picks a square.
import {
  $,
  api,
  Cancelled,
  el,
  isBusy,
  NAMES,
  radio,
  rove,
  showError,
  typing,
  verdictLine,
  whileBusy,
  writeLink,
} from "./common.js";

let game = null; // {request, state}
let selected = null; // [row, col] of the first square picked
let cursor = [0, 0]; // the square that holds the keyboard focus on the board
let why = false; // the "why" view is open: it follows every position shown

/** Set the tab up; returns the function that opens a shared link's game. */
export function setupTiling() {
  $("tiling-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const request = {
      rows: Number($("tiling-rows").value),
      cols: Number($("tiling-cols").value),
      role: radio("tiling-role"),
      moves: [],
      seconds: Number($("tiling-seconds").value),
    };
    const problem = formProblem(request);
    if (problem) {
      showError($("tiling-error"), new Error(problem));
      return;
    }
    cursor = [0, 0];
    send(request);
  });
  $("tiling-undo").addEventListener("click", undo);
  $("tiling-hint").addEventListener("click", hint);
  setupWhy();
  rove($("tiling-board"), ".cell", (index, key) => {
    const cols = game.state.cols;
    const rows = game.state.rows;
    const [r, c] = [Math.floor(index / cols), index % cols];
    const moves = {
      ArrowUp: [Math.max(0, r - 1), c],
      ArrowDown: [Math.min(rows - 1, r + 1), c],
      ArrowLeft: [r, Math.max(0, c - 1)],
      ArrowRight: [r, Math.min(cols - 1, c + 1)],
      Home: [r, 0],
      End: [r, cols - 1],
    };
    if (!moves[key]) return null;
    cursor = moves[key];
    return cursor[0] * cols + cursor[1];
  });
  document.addEventListener("keydown", (event) => {
    if ($("tiling").hidden || !game || game.state.over || isBusy("tiling") || typing(event)) return;
    if (event.key === "?" && !$("tiling-hint").disabled) hint();
    else if (event.key === "Backspace" && !$("tiling-undo").disabled) undo();
    else if (event.key === "w") toggleWhy();
    else return;
    event.preventDefault();
  });
  return (params) => {
    const number = (key, fallback) => params.get(key) ?? String(fallback);
    $("tiling-rows").value = number("rows", 4);
    $("tiling-cols").value = number("cols", 4);
    $("tiling-seconds").value = number("s", 2);
    const role = params.get("r") === "min" ? "min" : "max";
    document.querySelector(`input[name="tiling-role"][value="${role}"]`).checked = true;
    const request = {
      rows: Number($("tiling-rows").value),
      cols: Number($("tiling-cols").value),
      role,
      moves: parseDominoes(params.get("m") ?? ""),
      seconds: Number($("tiling-seconds").value),
    };
    const problem = formProblem(request);
    showWhy(params.get("why") === "1");
    if (problem) showError($("tiling-error"), new Error(`The link is broken: ${problem}`));
    else send(request);
  };
}

/** What is wrong with the form's numbers, in plain words (or null). */
function formProblem(request) {
  for (const [name, value] of [["rows", request.rows], ["columns", request.cols]]) {
    if (!Number.isInteger(value) || value < 1 || value > 8) {
      return `The number of ${name} must be a whole number from 1 to 8.`;
    }
  }
  if (!(request.seconds > 0 && request.seconds <= 10)) {
    return "The engine's time must be more than 0 and at most 10 seconds.";
  }
  return null;
}

/** The game shown (and whether the why view is open) in the address. */
function tilingLink() {
  const { request, state } = game;
  writeLink("tiling", {
    rows: request.rows,
    cols: request.cols,
    r: request.role,
    s: request.seconds,
    m: formatDominoes(state.dominoes),
    ...(why ? { why: "1" } : {}),
  });
}

/** Dominoes in a link: "1.1-1.2,0.0-1.0" (row.column of each half). */
function parseDominoes(text) {
  return text
    .split(",")
    .filter(Boolean)
    .map((domino) => domino.split("-").map((cell) => cell.split(".").map(Number)));
}

const formatDominoes = (dominoes) =>
  dominoes.map((domino) => domino.map(([r, c]) => `${r}.${c}`).join("-")).join(",");

async function send(request) {
  showError($("tiling-error"), null);
  selected = null;
  try {
    const state = await whileBusy("tiling", "The engine is thinking", request.seconds + 1, (signal) =>
      api("/api/tiling/play", request, signal),
    );
    game = { request, state };
    tilingLink();
  } catch (error) {
    const cancelled = error instanceof Cancelled;
    showError($("tiling-error"), cancelled ? new Error("Cancelled: the board is as it was.") : error);
  }
  if (game) render(true);
  if (game && why) explain();
}

function undo() {
  const { state, request } = game;
  const last = state.players.lastIndexOf(state.role);
  if (last >= 0) send({ ...request, moves: state.dominoes.slice(0, last) });
}

/** The best dominoes for the person, outlined on the board. */
async function hint() {
  showError($("tiling-error"), null);
  const { state, request } = game;
  let answer;
  try {
    answer = await whileBusy("tiling", "Looking for the best dominoes", request.seconds + 1, (signal) =>
      api("/api/tiling/hint", { ...request, moves: state.dominoes }, signal),
    );
  } catch (error) {
    if (!(error instanceof Cancelled)) showError($("tiling-error"), error);
    return;
  }
  render(true, answer);
}

function click(r, c) {
  cursor = [r, c];
  if (!selected) {
    selected = [r, c];
    render(true);
    return;
  }
  const [r0, c0] = selected;
  if (r0 === r && c0 === c) {
    selected = null;
    render(true);
    return;
  }
  if (Math.abs(r0 - r) + Math.abs(c0 - c) !== 1) {
    selected = [r, c];
    render(true);
    showError($("tiling-error"), new Error("A domino covers two squares side by side: pick a neighbour."));
    return;
  }
  const domino = [[r0, c0], [r, c]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  send({ ...game.request, moves: [...game.state.dominoes, domino] });
}

function render(focus = false, hints = null) {
  const { state } = game;
  $("tiling-game").hidden = false;
  const owner = new Map();
  state.dominoes.forEach((domino, index) => {
    for (const [r, c] of domino) owner.set(`${r},${c}`, index);
  });
  // the best dominoes are outlined unless every domino is best: the words say it then
  const hinted = new Set();
  const outlined = hints && !everyMoveIsBest(hints) ? hints.best : [];
  for (const domino of outlined) for (const [r, c] of domino) hinted.add(`${r},${c}`);
  const board = $("tiling-board");
  board.style.setProperty("--cols", String(state.cols));
  board.replaceChildren();
  const myTurn = !state.over && state.to_move === state.role;
  const free = (rr, cc) =>
    rr >= 0 && cc >= 0 && rr < state.rows && cc < state.cols && !owner.has(`${rr},${cc}`);
  if (cursor[0] >= state.rows || cursor[1] >= state.cols) cursor = [0, 0];
  for (let r = 0; r < state.rows; r += 1) {
    const row = el("div", { role: "row", style: "display: contents" });
    for (let c = 0; c < state.cols; c += 1) {
      const index = owner.get(`${r},${c}`);
      const taken = index !== undefined;
      const dead = !taken && ![[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].some(([a, b]) => free(a, b));
      const classes = ["cell"];
      if (taken) classes.push(state.players[index], join(state.dominoes[index], r, c));
      else if (dead) classes.push("dead");
      const isSelected = selected && selected[0] === r && selected[1] === c;
      if (isSelected) classes.push("selected");
      if (hinted.has(`${r},${c}`)) classes.push("hinted");
      const what = taken
        ? `${NAMES[state.players[index]]}'s domino ${index + 1}`
        : dead
          ? "free, no free neighbour"
          : `free${isSelected ? ", picked" : ""}${hinted.has(`${r},${c}`) ? ", part of a best move" : ""}`;
      const usable = !taken && !dead && myTurn;
      row.append(
        el("button", {
          type: "button",
          role: "gridcell",
          class: classes.join(" "),
          "data-r": String(r),
          "data-c": String(c),
          "aria-label": `row ${r + 1}, column ${c + 1}: ${what}`,
          // unusable squares stay focusable, so the arrows can cross them
          "aria-disabled": usable ? null : "true",
          tabindex: r === cursor[0] && c === cursor[1] ? "0" : "-1",
          text: taken ? String(index + 1) : "",
          onclick: () => {
            if (usable) click(r, c);
          },
        }),
      );
    }
    board.append(row);
  }
  $("tiling-status").textContent = state.over
    ? `Game over: ${state.count} domino${state.count === 1 ? "" : "es"} on the board.`
    : `${state.count} domino${state.count === 1 ? "" : "es"} placed. Your turn (${NAMES[state.role]}): ` +
      (selected ? "now pick a neighbouring square." : "pick a free square, then a neighbour.");
  $("tiling-report").textContent = report(state);
  $("tiling-undo").disabled = state.players.lastIndexOf(state.role) < 0;
  $("tiling-hint").disabled = !myTurn;
  $("tiling-hints").hidden = !hints;
  if (hints) $("tiling-hints").textContent = hintText(hints);
  renderResult(state);
  if (!focus) return;
  if (state.over) $("tiling-result").focus();
  else board.querySelector("[tabindex='0']").focus();
}

const everyMoveIsBest = (hints) => hints.exact && hints.best.length === hints.moves.length;

/** The best dominoes and what each legal domino leads to: "4 dominoes → 8, 20 → 7". */
function hintText(hints) {
  const count = hints.best.length;
  const where = hints.best.map(([a, b]) => `(${a[0] + 1},${a[1] + 1})–(${b[0] + 1},${b[1] + 1})`);
  const shown = where.slice(0, 6).join(", ") + (count > 6 ? `, and ${count - 6} more` : "");
  if (!hints.exact) {
    return `Outlined: the engine's choice by its heuristic (${shown}); within its time it proved ` +
      `only ${hints.lower} ≤ final dominoes ≤ ${hints.upper}.`;
  }
  if (everyMoveIsBest(hints)) {
    return `Every free domino is a best move here (${plural(count, "domino", "dominoes")}): ` +
      `after any of them, with best play, the game ends with ${hints.value} dominoes.`;
  }
  const groups = new Map(); // final count → how many dominoes lead to it, best first
  for (const move of hints.moves) groups.set(move.value, (groups.get(move.value) ?? 0) + 1);
  const others = [...groups].slice(1).map(([value, n]) => `${plural(n, "domino", "dominoes")} → ${value}`);
  return `Outlined: the ${count === 1 ? "best domino" : `${count} best dominoes`} (${shown}); ` +
    `with best play after it the game ends with ${hints.value} dominoes. ` +
    `The other moves end with: ${others.join(", ")}.`;
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** Which side of square (r, c) its domino's other half lies on. */
function join(domino, r, c) {
  const [other] = domino.filter(([rr, cc]) => rr !== r || cc !== c);
  if (other[0] > r) return "join-down";
  if (other[0] < r) return "join-up";
  return other[1] > c ? "join-right" : "join-left";
}

function report(state) {
  if (!state.report) return "";
  const [first, second] = state.dominoes[state.engine[state.engine.length - 1]];
  const where = `(${first[0] + 1},${first[1] + 1})–(${second[0] + 1},${second[1] + 1})`;
  const info = state.report;
  if (info.exact) {
    return `The engine placed ${where}, an optimal move: with best play from there the game ends with ${info.value} dominoes.`;
  }
  return `The engine placed ${where} by its heuristic: within its time it proved only ` +
    `${info.lower} ≤ final dominoes ≤ ${info.upper} under best play.`;
}

function renderResult(state) {
  const box = $("tiling-result");
  const result = state.result;
  box.hidden = !result;
  box.className = "result";
  if (!result) return;
  const won = result.decided && result.winner === state.role;
  const lost = result.decided && result.winner !== null && result.winner !== state.role;
  box.classList.toggle("won", won);
  box.classList.toggle("lost", lost);
  const headline = !result.decided ? "Game over" : won ? "You win" : lost ? "The engine wins" : "A draw";
  box.replaceChildren(
    el("p", { class: "verdict", id: "tiling-verdict", text: verdictLine(headline, result) }),
    el("p", {
      text: result.decided
        ? `Under optimal play from the empty board the game ends with ${result.value} dominoes.`
        : `The value of the empty board lies between ${result.lower} and ${result.upper}.`,
    }),
  );
}

// ------------------------------------------------------------------ why: regions and the sum rule
// The free squares fall apart into regions; each has a (moves to come with MAX to move)
// and b (with MIN). Tame regions are cold (a = b) or hot (a = b + 1), and a sum of tame
// regions is worth N − ⌊h/2⌋ more dominoes with MAX to move, N − ⌈h/2⌉ with MIN (N = Σ a,
// h the hot ones): the sum rule, proven in docs/tiling_search.md. The server computes
// it all (POST /api/tiling/why); the page draws it.

const KINDS = {
  cold: "cold: tame, a = b",
  hot: "hot: tame, a = b + 1",
  wild: "wild: not tame",
  large: "large: too many squares to value without search",
};
const letter = (index) => (index < 26 ? String.fromCharCode(65 + index) : `R${index + 1}`);
const square = ([r, c]) => `(${r + 1},${c + 1})`;
const dominoText = ([a, b]) => `${square(a)}–${square(b)}`;

function setupWhy() {
  const button = el("button", { id: "tiling-why-button", type: "button", "aria-pressed": "false",
    "aria-controls": "tiling-why", text: "Why? (regions)", onclick: toggleWhy });
  $("tiling-hint").after(button);
  $("tiling-hints").after(el("section", { id: "tiling-why", class: "why", hidden: true,
    "aria-label": "why: regions and the sum rule" }));
}

function toggleWhy() {
  if (!game) return;
  showWhy(!why);
  tilingLink();
  if (why) explain();
}

/** Open or close the why view (its content follows the next position explained). */
function showWhy(open) {
  why = open;
  $("tiling-why-button").setAttribute("aria-pressed", String(why));
  $("tiling-why-button").textContent = why ? "Hide why" : "Why? (regions)";
  $("tiling-why").hidden = !why;
}

async function explain() {
  const { state } = game;
  const request = { rows: state.rows, cols: state.cols, moves: state.dominoes };
  try {
    const found = await whileBusy("tiling", "Finding the regions", 2, (signal) =>
      api("/api/tiling/why", request, signal));
    if (game.state !== state) return; // another position came meanwhile: its own view follows
    $("tiling-why").replaceChildren(...whyView(found));
  } catch (error) {
    if (!(error instanceof Cancelled)) showError($("tiling-error"), error);
  }
}

function whyView(found) {
  const mover = found.to_move === "max" ? "MAX" : "MIN";
  const regions = found.regions;
  if (!regions.length) {
    return [el("p", { class: "report", id: "tiling-why-rule", text:
      `No region is left: no domino fits, and the game ends with ${found.placed} dominoes.` })];
  }
  return [
    el("h3", { text: `Why: the regions of this position (${mover} to move)` }),
    el("div", { class: "why-row" }, whyBoard(found), whyTable(found)),
    whyLegend(found),
    el("p", { class: "report why-rule", id: "tiling-why-rule" }, ...ruleText(found, mover)),
    el("p", { class: "report why-theorem", text:
      "The sum rule (proven in docs/tiling_search.md): when every region is tame, with " +
      "N = Σ a over the regions and h the number of hot ones, N − ⌊h/2⌋ more dominoes come " +
      "with MAX to move and N − ⌈h/2⌉ with MIN — whatever the regions look like." }),
    movesView(found, mover),
  ];
}

/** The board, each free square coloured by its region's kind and lettered. */
function whyBoard(found) {
  const region = new Map();
  found.regions.forEach((entry, index) => {
    for (const [r, c] of entry.cells) region.set(`${r},${c}`, index);
  });
  const dead = new Set(found.dead.map(([r, c]) => `${r},${c}`));
  const grid = el("div", { class: "why-board", role: "img", id: "tiling-why-board",
    "aria-label": `the regions: ${found.regions.map((entry, i) => `${letter(i)} ${entry.kind}`).join(", ")}`,
    style: `--cols: ${found.cols}` });
  for (let r = 0; r < found.rows; r += 1) {
    for (let c = 0; c < found.cols; c += 1) {
      const index = region.get(`${r},${c}`);
      if (index !== undefined) {
        const kind = found.regions[index].kind;
        grid.append(el("span", { class: `why-cell ${kind}`, "data-region": letter(index), text: letter(index) }));
      } else {
        grid.append(el("span", { class: `why-cell ${dead.has(`${r},${c}`) ? "dead" : "covered"}` }));
      }
    }
  }
  return grid;
}

function whyTable(found) {
  const value = (n) => (n === null ? "—" : String(n));
  return el("div", { class: "table-box" },
    el("table", { class: "classic-values why-table", id: "tiling-why-table" },
      el("caption", { text: "a, b: the dominoes still to come in the region alone, MAX or MIN to move" }),
      el("thead", {}, el("tr", {}, ...["region", "squares", "a", "b", "kind"]
        .map((text) => el("th", { text })))),
      el("tbody", {}, ...found.regions.map((entry, index) => el("tr", { "data-kind": entry.kind },
        el("th", {}, el("span", { class: `why-swatch ${entry.kind}`, text: letter(index) })),
        el("td", { class: "mono", text: String(entry.cells.length) }),
        el("td", { class: "mono", text: value(entry.a) }),
        el("td", { class: "mono", text: value(entry.b) }),
        el("td", { text: entry.kind }))))));
}

function whyLegend(found) {
  const kinds = [...new Set(found.regions.map((entry) => entry.kind))];
  const large = `large: more than ${found.size_limit} squares, not valued without search`;
  return el("ul", { class: "legend why-legend", "aria-label": "the kinds of region" },
    ...kinds.map((kind) => el("li", {}, el("span", { class: `sample why-swatch ${kind}` }),
      kind === "large" ? large : KINDS[kind])),
    ...(found.dead.length ? [el("li", {}, el("span", { class: "sample why-swatch dead" }),
      "no free neighbour: in no region")] : []));
}

/** The sum rule's arithmetic, or why it does not apply. */
function ruleText(found, mover) {
  const rule = found.sum_rule;
  if (!rule) {
    const blocking = found.regions.map((entry, i) => [entry, letter(i)])
      .filter(([entry]) => entry.kind === "wild" || entry.kind === "large")
      .map(([entry, name]) => `${name} is ${entry.kind} (${entry.cells.length} squares)`);
    return [`The sum rule needs every region tame, and ${blocking.join(", ")}: `,
      "only a search values this position (Hint asks the engine)."];
  }
  const terms = found.regions.map((entry) => String(entry.a)).join(" + ");
  const half = mover === "MAX" ? Math.floor(rule.h / 2) : Math.ceil(rule.h / 2);
  const rounding = mover === "MAX" ? "⌊h/2⌋" : "⌈h/2⌉";
  return [
    "Every region is tame: ",
    el("span", { class: "mono" }, `N = ${terms} = ${rule.N}`), ", ",
    el("span", { class: "mono" }, `h = ${rule.h}`), ` hot region${rule.h === 1 ? "" : "s"}; ${mover} to move: `,
    el("span", { class: "mono" }, `N − ${rounding} = ${rule.N} − ${half} = ${rule.moves_to_come}`),
    " more dominoes. With ", el("span", { class: "mono" }, String(rule.placed)), " placed, the value is ",
    el("strong", { class: "mono", id: "tiling-why-value", text: rule.value }),
    " dominoes at the end under best play.",
  ];
}

/** Each legal domino's value by the rule, best first for the player to move. */
function movesView(found, mover) {
  const groups = new Map();
  const unknown = [];
  for (const move of found.moves) {
    if (move.value === null) unknown.push(move);
    else groups.set(move.value, [...(groups.get(move.value) ?? []), move]);
  }
  const order = [...groups.keys()].sort((x, y) => (mover === "MAX" ? y - x : x - y));
  const leaves = (move) => move.leaves.length
    ? move.leaves.map((part) => `${part.kind}, ${part.size} squares`).join(" + ")
    : "nothing";
  const items = order.map((value, rank) => {
    const moves = groups.get(value);
    const shown = moves.slice(0, 8).map((move) =>
      `${dominoText(move.domino)} (region ${letter(move.region)} → ${leaves(move)})`);
    const more = moves.length > 8 ? `, and ${moves.length - 8} more` : "";
    return el("li", { class: rank === 0 ? "best" : undefined, "data-value": value },
      el("strong", { class: "mono", text: `→ ${value}` }),
      ` by ${moves.length} move${moves.length === 1 ? "" : "s"}${rank === 0 ? ` (best for ${mover})` : ""}: `,
      `${shown.join("; ")}${more}`);
  });
  if (unknown.length) {
    items.push(el("li", {}, el("strong", { text: "→ ?" }),
      ` ${unknown.length} move${unknown.length === 1 ? "" : "s"} leave a wild or large region: the rule does not value them.`));
  }
  return el("div", {},
    el("h4", { text: "Each move's value (the dominoes at the end after it, best play)" }),
    el("ul", { class: "why-moves", id: "tiling-why-moves" }, ...items));
}
