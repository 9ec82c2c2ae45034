// The Classic tab: tic-tac-toe, connect-four on small boards, take-away, Kayles, Nim, Pig
// (dice) against the exact engine, every legal move labelled with its exact value on
// request. The server replays the moves and answers (POST /api/classic).
// Link: #classic?g=tictactoe&r=max&m=5,1&v=1
import {
  $,
  api,
  Cancelled,
  el,
  exact,
  isBusy,
  onFirstShow,
  showError,
  typing,
  whileBusy,
  writeLink,
} from "./common.js";

const EXAMPLES = [
  "tictactoe", "connect4:4x4", "connect4:4x5", "takeaway:12", "kayles:6", "nim:3,4,5",
  "kayles:3+nim:4", "dawson:9", "grundy:9", "pig:10", "pig:20:6:6",
];
const SIDES = { max: "first (MAX)", min: "second (MIN)", chance: "the dice" };

let game = null; // {request, state}

/** Build the tab; returns the function that opens a shared link. */
export function setupClassic() {
  $("classic").append(...layout());
  $("classic-form").addEventListener("submit", (event) => {
    event.preventDefault();
    horizonLine = null;
    $("horizon-out").replaceChildren();
    send(formRequest([]));
  });
  $("classic-values").addEventListener("click", () => {
    if (game) send({ ...game.request, moves: game.state.moves, values: !game.request.values });
  });
  $("classic-undo").addEventListener("click", undo);
  $("cutoff-estimate").addEventListener("click", estimate);
  $("cutoff-find").addEventListener("click", () => findHorizon());
  document.addEventListener("keydown", keyboard);
  let opened = false; // by a link, or by the first look at the tab
  onFirstShow("classic", () => {
    if (!opened) send(formRequest([]));
    opened = true;
  });
  return (params) => {
    opened = true;
    $("classic-game-name").value = params.get("g") || "tictactoe";
    const role = ["max", "min", "both"].includes(params.get("r")) ? params.get("r") : "max";
    document.querySelector(`input[name="classic-role"][value="${role}"]`).checked = true;
    const moves = (params.get("m") ?? "").split(",").filter(Boolean);
    const horizon = params.get("hd") && params.get("he");
    send({ ...formRequest(moves), values: params.get("v") === "1" }).then(() => {
      if (!horizon || !game) return;
      $("classic-cutoff-box").open = true;
      $("cutoff-depth").value = params.get("hd");
      $("cutoff-evaluation").value = params.get("he");
      findHorizon(Number(params.get("hs")) || 0);
    });
  };
}

function layout() {
  return [
    el("p", { class: "intro", text:
      "Classic games against a perfect engine: it searches each game to the end (alpha-beta " +
      "with a transposition table; Pig's dice by expectiminimax) and never plays a worse " +
      "move than needed. Ask for the values to see what every legal move is worth, exactly: " +
      "+1 the first player wins, 0 a draw, −1 the second wins; with dice, the chance of " +
      "winning minus the chance of losing." }),
    el("form", { id: "classic-form", class: "setup row", novalidate: true },
      el("div", { class: "field" },
        el("label", { for: "classic-game-name", text: "Game" }),
        el("input", { id: "classic-game-name", value: "tictactoe", list: "classic-examples",
          size: 16, autocomplete: "off", spellcheck: "false" }),
        el("datalist", { id: "classic-examples" }, ...EXAMPLES.map((value) => el("option", { value })))),
      el("fieldset", { class: "field roles" },
        el("legend", { text: "You play" }),
        ...[["max", "first"], ["min", "second"], ["both", "both sides"]].map(([value, text]) =>
          el("label", {}, el("input", { type: "radio", name: "classic-role", value,
            checked: value === "max" }), ` ${text}`))),
      el("button", { id: "classic-start", type: "submit", class: "primary", text: "New game" })),
    el("div", { id: "classic-busy", class: "busy-bar", role: "status", hidden: true },
      el("progress", { max: "1", "aria-label": "time spent" }),
      el("span", { class: "busy-text" }),
      el("button", { type: "button", class: "cancel", text: "Cancel" })),
    el("div", { id: "classic-game", class: "game", hidden: true },
      el("p", { id: "classic-status", class: "status", "aria-live": "polite" }),
      el("div", { id: "classic-board-box" }),
      el("div", { id: "classic-options", class: "options", role: "group", "aria-label": "Your moves" }),
      el("p", { id: "classic-text", class: "report mono-text" }),
      el("p", { id: "classic-meaning", class: "report" }),
      el("div", { class: "actions" },
        el("button", { id: "classic-values", type: "button", "aria-pressed": "false",
          text: "Show values (?)" }),
        el("button", { id: "classic-undo", type: "button", text: "Undo" })),
      el("ol", { id: "classic-history", class: "history" }),
      el("div", { id: "classic-result", class: "result", tabindex: "-1", hidden: true }),
      cutoffPanel(),
      el("p", { class: "keys" }, "Keys: on a board the digits play a cell (tic-tac-toe, 1–9 " +
        "from the top left) or a column (connect-four); Tab reaches every move, Enter plays " +
        "it; ", el("kbd", { text: "?" }), " shows or hides the values, ",
        el("kbd", { text: "Backspace" }), " undoes, ", el("kbd", { text: "," }), " and ",
        el("kbd", { text: "." }), " step along a horizon line. The address of the page is a " +
        "link to this game (and the horizon line's step).")),
    el("p", { id: "classic-error", class: "error", role: "alert" }),
  ];
}

function formRequest(moves) {
  return {
    game: $("classic-game-name").value.trim(),
    role: document.querySelector("input[name='classic-role']:checked").value,
    moves,
    values: game ? game.request.values : false,
  };
}

async function send(request) {
  showError($("classic-error"), null);
  try {
    const state = await whileBusy("classic", "The engine is thinking", 5, (signal) =>
      api("/api/classic", request, signal),
    );
    game = { request, state };
    link();
    render();
  } catch (error) {
    const cancelled = error instanceof Cancelled;
    showError($("classic-error"), cancelled ? new Error("Cancelled: the game is as it was.") : error);
  }
}

/** The game, and the horizon line shown with its step, in the address. */
function link() {
  const { request, state } = game;
  const params = { g: request.game, r: request.role, m: state.moves.join(","), v: request.values ? "1" : "0" };
  if (horizonLine) {
    Object.assign(params, { hd: horizonLine.depth, he: horizonLine.evaluation, hs: horizonLine.step });
  }
  writeLink("classic", params);
}

function play(move) {
  send({ ...game.request, moves: [...game.state.moves, move] });
}

function undo() {
  if (!game) return;
  const { players, moves } = game.state;
  const mine = game.request.role === "both" ? ["max", "min"] : [game.request.role];
  let last = -1;
  players.forEach((who, i) => {
    if (mine.includes(who)) last = i;
  });
  if (last >= 0) send({ ...game.request, moves: moves.slice(0, last) });
}

function keyboard(event) {
  if ($("classic").hidden || !game || isBusy("classic") || typing(event)) return;
  if (event.key === "?") $("classic-values").click();
  else if (event.key === "Backspace" && !$("classic-undo").disabled) undo();
  else if ((event.key === "," || event.key === ".") && horizonLine) stepHorizon(event.key === "," ? -1 : 1);
  else if (/^[1-9]$/.test(event.key) && ["tictactoe", "connect4"].includes(game.state.kind)) {
    const target = document.querySelector(`#classic [data-move="${event.key}"]:not([disabled])`);
    if (!target) return;
    target.click();
  } else return;
  event.preventDefault();
}

// ------------------------------------------------------------------ drawing

function myTurn(state) {
  if (state.over || state.to_move === "chance") return false;
  return game.request.role === "both" || state.to_move === game.request.role;
}

function render() {
  const { state, request } = game;
  $("classic-game").hidden = false;
  $("classic-values").setAttribute("aria-pressed", String(request.values));
  $("classic-values").textContent = request.values ? "Hide values (?)" : "Show values (?)";
  $("classic-undo").disabled = !state.players.some((who) => who !== "chance");
  $("classic-status").textContent = status(state);
  const values = new Map(state.legal.map((entry) => [entry.move, entry]));
  $("classic-board-box").replaceChildren(...board(state, values));
  const onBoard = ["tictactoe", "connect4"].includes(state.kind);
  $("classic-options").replaceChildren(...(onBoard ? [] : state.legal.map((entry) => option(state, entry))));
  $("classic-text").textContent = onBoard ? "" : state.text;
  const value = readable(state.value);
  $("classic-meaning").textContent = request.values || state.over
    ? `Value of the position: ${value.title ? value.text : exact(state.value)} — ${state.value_means}.`
    : "";
  $("classic-meaning").title = request.values && value.title ? value.title : "";
  $("classic-history").replaceChildren(...state.moves.map((move, i) =>
    el("li", {}, `${move} `, el("span", { class: "by", text: `(${SIDES[state.players[i]]})` }))));
  renderCutoffBox(state);
  const result = $("classic-result");
  result.hidden = !state.over;
  if (state.over) result.replaceChildren(el("p", { class: "verdict", id: "classic-verdict", text: verdict(state) }));
}

function status(state) {
  if (state.over) return `Game over: ${verdict(state)}.`;
  const who = SIDES[state.to_move];
  if (game.request.role === "both") return `${who[0].toUpperCase()}${who.slice(1)} to move (you play both sides).`;
  if (myTurn(state)) return `Your move: you play ${who}.`;
  return `${who[0].toUpperCase()}${who.slice(1)} to move.`;
}

function verdict(state) {
  if (game.request.role === "both" || !state.verdict || state.verdict === "draw") return state.verdict;
  const youWin = (state.verdict.startsWith("first") ? "max" : "min") === game.request.role;
  return `${youWin ? "You win" : "The engine wins"} (${state.verdict})`;
}

/** An exact number for a lecture room: a fraction (Pig's chances run to 36 digits) as its
 * decimal, the exact fraction a hover away (the title); a whole number as it is. */
function readable(text) {
  if (text === null || text === undefined) return { text: "—" };
  if (!text.includes("/")) return { text };
  const written = exact(text); // "a/b ≈ 0.5828", or "a/b = 0.25" for a decimal fraction
  const decimal = written.split(/ [≈=] /)[1];
  return { text: `${written.includes(" = ") ? "" : "≈ "}${decimal}`, title: `exactly ${text}` };
}

/** A move's value, as `readable` writes it. */
function valueLabel(entry) {
  if (entry.value === undefined) return null;
  return el("span", { class: "hint-value exact", ...readable(entry.value) });
}

/** A throw's probability as a decimal ("p ≈ 0.1667"), the exact fraction a hover away. */
function probability(text) {
  const shown = readable(text);
  return { ...shown, text: `p ${shown.text.startsWith("≈") ? "" : "= "}${shown.text}` };
}

function option(state, entry) {
  const enabled = myTurn(state);
  return el("button", {
    type: "button",
    "data-move": entry.move,
    class: entry.best ? "best" : undefined,
    disabled: !enabled,
    onclick: () => play(entry.move),
  }, entry.move, entry.probability ? el("span", { class: "hint-value", ...probability(entry.probability) }) : null,
  valueLabel(entry));
}

function board(state, values) {
  if (!state.board) return [];
  const rows = state.board.length;
  const cols = state.board[0].length;
  const grid = el("div", { class: "classic-board", role: "grid", "aria-label": "board",
    style: `--cols: ${cols}; grid-template-columns: repeat(${cols}, auto)` });
  const enabled = myTurn(state);
  if (state.kind === "connect4") {
    // one button per column on top (its value under it), then the cells
    for (let c = 0; c < cols; c++) {
      const entry = values.get(String(c + 1));
      grid.append(el("button", {
        type: "button", class: `cell-button drop${entry && entry.best ? " best" : ""}`,
        "data-move": String(c + 1), disabled: !(enabled && entry),
        "aria-label": `drop in column ${c + 1}${entry && entry.value !== undefined ? `, value ${entry.value}` : ""}`,
        onclick: () => play(String(c + 1)),
      }, "↓", entry ? valueLabel(entry) : null));
    }
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const mark = state.board[r][c];
        grid.append(el("div", { class: "cell-button", role: "gridcell", "aria-label": mark || "empty" },
          mark ? el("span", { class: `disc ${mark}` }) : null));
      }
    }
    return [grid];
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const move = String(r * cols + c + 1);
      const mark = state.board[r][c];
      const entry = values.get(move);
      grid.append(el("button", {
        type: "button", class: `cell-button ${mark}${entry && entry.best ? " best" : ""}`,
        "data-move": move, disabled: !(enabled && entry),
        "aria-label": `cell ${move}: ${mark || "empty"}${entry && entry.value !== undefined ? `, value ${entry.value}` : ""}`,
        onclick: () => play(move),
      }, mark, entry ? valueLabel(entry) : null));
    }
  }
  return [grid];
}

// ------------------------------------------------------------------ cut-offs and evaluation
// Depth-limited search on the position shown: each move's estimate beside its exact value,
// what each depth would play, and a horizon effect found by search, step by step.

const EVALUATION_NAMES = {
  tictactoe: ["lines", "centre", "zero"],
  connect4: ["windows", "centre", "zero"],
};
let horizonLine = null; // {found, step}

function cutoffPanel() {
  return el("details", { id: "classic-cutoff-box", class: "cutoff" },
    el("summary", { text: "Cut-offs and evaluation functions" }),
    el("p", { class: "report", text:
      "A depth-limited search stops at a horizon and scores the positions there with an " +
      "evaluation function. Compare its estimate of every move with the exact value, see " +
      "what each depth 1..d would play (iterative deepening), or let the engine search for " +
      "a position where the horizon hides the truth." }),
    el("div", { class: "setup row" },
      el("div", { class: "field" },
        el("label", { for: "cutoff-depth", text: "Depth (plies)" }),
        el("input", { id: "cutoff-depth", type: "number", min: "1", max: "8", value: "2" })),
      el("div", { class: "field" },
        el("label", { for: "cutoff-evaluation", text: "Evaluation" }),
        el("select", { id: "cutoff-evaluation" })),
      el("button", { id: "cutoff-estimate", type: "button", text: "Estimate every move" }),
      el("button", { id: "cutoff-find", type: "button", text: "Find a horizon effect" })),
    el("p", { id: "cutoff-what", class: "report" }),
    el("div", { id: "cutoff-out" }),
    el("div", { id: "horizon-out" }));
}

function renderCutoffBox(state) {
  const box = $("classic-cutoff-box");
  const names = EVALUATION_NAMES[state.kind];
  box.hidden = !names;
  if (!names) return;
  const select = $("cutoff-evaluation");
  if (select.dataset.kind !== state.kind) {
    select.replaceChildren(...names.map((name) => el("option", { value: name, text: name })));
    select.dataset.kind = state.kind;
  }
  $("cutoff-out").replaceChildren();
}

function cutoffRequest() {
  return {
    game: game.request.game,
    moves: game.state.moves,
    depth: Number($("cutoff-depth").value),
    evaluation: $("cutoff-evaluation").value,
  };
}

async function estimate() {
  showError($("classic-error"), null);
  try {
    const found = await whileBusy("classic", "Searching", 5, (signal) =>
      api("/api/classic/cutoff", cutoffRequest(), signal));
    $("cutoff-what").textContent = `${found.evaluations[$("cutoff-evaluation").value]}.`;
    $("cutoff-out").replaceChildren(...estimates(found));
    if (horizonLine) { // one table on screen, of the position on the board above it
      horizonLine = null;
      $("horizon-out").replaceChildren();
      link();
    }
  } catch (error) {
    showError($("classic-error"), error instanceof Cancelled ? new Error("Cancelled.") : error);
  }
}

function estimates(found) {
  if (found.over) return [el("p", { class: "report", text: "The game is over: nothing to search." })];
  const depth = found.iterations.length;
  const rows = found.rows.map((row) => el("tr", {
    class: [row.move === found.chosen.move ? "chosen" : "", row.exact === found.best.exact ? "exact-best" : ""].join(" ").trim() || undefined,
  },
  el("td", { class: "mono", text: row.move }),
  el("td", { class: "mono", text: row.estimate }),
  el("td", { class: "mono", text: row.exact })));
  const table = el("table", { class: "classic-values", id: "cutoff-table" },
    el("thead", {}, el("tr", {}, el("th", { text: "move" }),
      el("th", { text: `estimate (depth ${depth})` }), el("th", { text: "exact value" }))),
    el("tbody", {}, ...rows));
  const same = found.chosen.exact === found.best.exact;
  const verdict = el("p", { class: "report", id: "cutoff-verdict", text: same
    ? `The depth-${depth} search plays ${found.chosen.move}, and it is a best move (exact value ${found.chosen.exact}).`
    : `The depth-${depth} search plays ${found.chosen.move} (exact value ${found.chosen.exact}), but ${found.best.move} is worth ${found.best.exact}: the horizon hides the difference.` });
  const iterations = el("table", { class: "classic-values", id: "cutoff-iterations" },
    el("caption", { text: "Iterative deepening: depth by depth" }),
    el("thead", {}, el("tr", {}, ...["depth", "value", "move", "nodes"].map((t) => el("th", { text: t })))),
    el("tbody", {}, ...found.iterations.map((it) => el("tr", {},
      el("td", { text: String(it.depth) }),
      el("td", { class: "mono", text: `${it.value}${it.exact ? " (exact)" : ""}` }),
      el("td", { class: "mono", text: it.move ?? "—" }),
      el("td", { class: "mono", text: it.nodes.toLocaleString("en") })))));
  return [el("div", { class: "table-box" }, table), verdict, el("div", { class: "table-box" }, iterations)];
}

async function findHorizon(step = 0) {
  showError($("classic-error"), null);
  try {
    const request = { ...cutoffRequest(), moves: [], seconds: 10 };
    const found = await whileBusy("classic", "Looking for a horizon effect", 10, (signal) =>
      api("/api/classic/horizon", request, signal));
    const last = found.line.length;
    horizonLine = { found, step: Math.max(0, Math.min(last, step)), depth: request.depth, evaluation: request.evaluation };
    $("cutoff-out").replaceChildren(); // its table was of another position
    $("cutoff-what").textContent = "";
    renderHorizon();
    link(); // the line and its step in the address (a link reopened keeps them)
  } catch (error) {
    showError($("classic-error"), error instanceof Cancelled ? new Error("Cancelled.") : error);
  }
}

function renderHorizon() {
  const { found, step } = horizonLine;
  const side = (who) => (who === "max" ? "X (MAX)" : "O (MIN)");
  const mover = side(found.to_move);
  const winner = found.to_move === "max" ? "O (MIN)" : "X (MAX)";
  const open = () => {
    $("classic-game-name").value = found.game;
    send({ game: found.game, role: "both", moves: found.moves, values: true });
  };
  const depth = found.depth;
  const seen = found.rows.filter((row) => row.ends_in <= depth);
  const shown = step === 0 ? { move: null, board: found.board } : found.line[step - 1];
  const back = el("button", { type: "button", id: "horizon-back", text: "‹ back", disabled: step === 0,
    onclick: () => stepHorizon(-1) });
  const next = el("button", { type: "button", id: "horizon-next", text: "next ›",
    disabled: step === found.line.length, onclick: () => stepHorizon(1) });
  const stepText = step === 0
    ? `the position found: ${mover} to move, estimate ${found.estimate} (exact ${found.value})`
    : `${step}/${found.line.length}: ${step === 1 ? "the delaying move" : "then"} ${shown.move} — ` +
      (shown.to_move
        ? `a fresh depth-${depth} search here says ${shown.estimate} (exact ${shown.exact})`
        : `game over: ${winner} wins (${shown.exact})`);
  const rows = found.rows.map((row) => el("tr", {
    class: row.move === found.chosen.move ? "chosen" : undefined },
  el("td", { class: "mono", text: row.move }),
  el("td", { class: "mono", text: row.estimate }),
  el("td", { class: "mono", text: row.exact }),
  el("td", { class: "mono", text: `${row.ends_in}${row.ends_in <= depth ? " (seen)" : " (beyond)"}` })));
  const asked = found.asked !== depth
    ? `At depth ${found.asked} no position shows it; at depth ${depth}: `
    : "";
  $("horizon-out").replaceChildren(
    el("h4", { text: "The horizon effect" }),
    el("p", { class: "report", id: "horizon-summary", text:
      `${asked}${asked ? "after" : "After"} ${found.moves.join(", ") || "no moves"}, ${mover} to move ` +
      "has lost: every move " +
      `loses (exact ${found.value}). After ${seen.map((row) => row.move).join(", ")} the loss comes ` +
      `within ${depth} plies, and the depth-${depth} search sees it. It plays ${found.chosen.move} ` +
      `instead — a threat that ${winner} must answer — which delays the loss to ply ` +
      `${found.chosen.ends_in}, past its horizon: it believes ${found.chosen.estimate}. ` +
      (found.deeper ? `A search to depth ${found.deeper} sees the loss.` : "") }),
    el("div", { class: "table-box" },
      el("table", { class: "classic-values", id: "horizon-table" },
        el("caption", { text: `Every move of the position found (${mover} to move)` }),
        el("thead", {}, el("tr", {}, el("th", { text: "move" }),
          el("th", { text: `estimate (depth ${depth})` }), el("th", { text: "exact value" }),
          el("th", { text: "game ends at ply" }))),
        el("tbody", {}, ...rows))),
    el("p", { class: "report", text: "Plies to the end count the winner hurrying and the loser " +
      "delaying. Step through the delaying line: the loss comes back into view." }),
    el("div", { class: "replay", role: "group", "aria-label": "the line beyond the horizon" },
      back, next,
      el("span", { class: "step-label", id: "horizon-step", text: stepText }),
      el("button", { type: "button", text: "Open this position", onclick: open })),
    miniBoard(shown.board));
}

function stepHorizon(by) {
  const last = horizonLine.found.line.length;
  horizonLine.step = Math.max(0, Math.min(last, horizonLine.step + by));
  renderHorizon();
  link();
}

function miniBoard(cells) {
  const cols = cells[0].length;
  const grid = el("div", { class: "classic-board mini", role: "img", "aria-label": "board",
    style: `--cols: ${cols}; grid-template-columns: repeat(${cols}, auto)` });
  for (const row of cells) {
    for (const mark of row) grid.append(el("div", { class: `cell-button ${mark}`, text: mark }));
  }
  return grid;
}
