// The DAG & trees lab (seeds 002 and 004): a game typed in or loaded, drawn, and a search
// stepped through it — the DFS of backward induction (white, grey, black), minimax,
// alpha-beta with its (α, β) window at every node and its cut-offs, expectiminimax — with
// the node counts side by side. The searches run on the server (POST /api/dag).
import {
  $, api, Cancelled, el, exact, fold, newView, showError, speedControl, svg, typing,
  unfold, whileBusy, writeLink,
} from "./common.js";
import { editableTree, editPanel } from "./dagedit.js";

const TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]";
/** a search's time budget: the most a request may have (MAX_SECONDS in web/models.py) */
const DAG_SECONDS = 10;
const EXAMPLES = {
  textbook: { label: "the textbook tree", game: TEXTBOOK },
  deep: { label: "a deeper tree", game: "[[[5,6],[7,4,5]],[[3]],[[6],[6,9]],[[7],[5,4]]]" },
  dice: {
    label: "a DAG with dice",
    game: JSON.stringify({
      start: "door",
      positions: {
        door: { player: "max", moves: ["left", "dice", "right"] },
        left: { player: "min", moves: ["gold", "coins"] },
        dice: { player: "chance", moves: ["coins", "chest"], probabilities: ["1/3", "2/3"] },
        right: { player: "min", moves: ["chest", "trap"] },
        gold: { value: 3 },
        coins: { value: "1/2" },
        chest: { value: 6 },
        trap: { value: -1 },
      },
    }),
  },
  shared: {
    label: "positions reached twice",
    game: JSON.stringify({
      start: "a",
      positions: {
        a: { player: "max", moves: ["b", "c"] },
        b: { player: "min", moves: ["d", "e"] },
        c: { player: "min", moves: ["d", "f"] },
        d: { player: "max", moves: ["g", "h"] },
        e: { value: 4 },
        f: { value: 1 },
        g: { value: 2 },
        h: { value: 5 },
      },
    }),
  },
  horizon: {
    label: "the horizon effect (cut off at depth 2)",
    options: { algorithm: "alphabeta", depth: "2", evaluation: "estimate" },
    game: JSON.stringify({
      start: "trapped",
      positions: {
        trapped: { player: "max", moves: ["sac", "check"], estimate: 0 },
        sac: { player: "min", moves: ["taken"], estimate: -3 },
        taken: { player: "max", moves: ["end"], estimate: -3 },
        end: { value: -3 },
        check: { player: "min", moves: ["xpawn", "block"], estimate: 0 },
        xpawn: { player: "max", moves: ["free"], estimate: -1 },
        free: { player: "min", moves: ["falls"], estimate: -1 },
        falls: { player: "max", moves: ["lost"], estimate: -4 },
        lost: { value: -4 },
        block: { value: 0 },
      },
    }),
  },
  coin: {
    label: "a coin Star2 cuts after one probe",
    options: { algorithm: "star2" },
    game: JSON.stringify({
      start: "r",
      positions: {
        r: { player: "max", moves: ["a", "coin"] },
        a: { value: 5 },
        coin: { player: "chance", moves: ["m1", "m2"], probabilities: ["1/2", "1/2"] },
        m1: { player: "min", moves: ["x1", "x2"] },
        m2: { player: "min", moves: ["y1", "y2"] },
        x1: { value: 1 }, x2: { value: 9 }, y1: { value: 9 }, y2: { value: 0 },
      },
    }),
  },
  cycle: {
    label: "a game that can repeat (a cycle)",
    game: JSON.stringify({
      start: "a",
      positions: {
        a: { player: "max", moves: ["b", "x"] },
        b: { player: "min", moves: ["c", "y"] },
        c: { player: "max", moves: ["a", "z"] },
        x: { value: -1 },
        y: { value: 2 },
        z: { value: 0 },
      },
    }),
  },
};
const SEARCHES = {
  dfs: "DFS (backward induction)",
  alphabeta: "alpha-beta",
  minimax: "minimax",
  expectiminimax: "expectiminimax",
  star1: "Star1 (*-minimax: prunes at chance nodes)",
  star2: "Star2 (Star1 with probes)",
  retrograde: "retrograde (positions repeat)",
};
const ORDERS = { given: "as given", best: "best move first", worst: "worst move first" };
const EVALUATIONS = {
  estimate: "each position's estimate",
  zero: "0 everywhere",
  mean: "the mean of the leaves below",
  first: "a first-move playout",
};
/** Which searches take which option (the others' fields are disabled). */
const TAKES = {
  order: ["alphabeta", "star1", "star2"], // minimax enters every node whatever the order
  table: ["alphabeta"],
  depth: ["minimax", "alphabeta"],
  bounds: ["star1", "star2"],
};
const OUTCOMES = { win: "MAX wins", loss: "MIN wins", draw: "a draw" };
const WHO = { max: "MAX", min: "MIN", chance: "chance", leaf: "leaf" };

let lab = null; // the server's answer and what is derived from it (see load)
let step = 0; // steps applied: 0 = before the search
let timer = null;
/** Click-to-edit: on or off, the tree as a model, the name of the node being edited. */
const editing = { on: false, model: null, selected: null };

/** Fill the tab and set it up; returns the function that opens a shared link's game. */
export function setupDag() {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/dag.css" }));
  $("dag").append(...panel());
  // a wider or narrower box (a phone turned, presenter mode, fullscreen) refits the drawing
  new ResizeObserver(() => fit($("dag-svg"))).observe($("dag-svg").parentElement);
  $("dag-game").value = TEXTBOOK;
  $("dag-example").addEventListener("change", (event) => {
    const example = EXAMPLES[event.target.value];
    if (!example) return;
    $("dag-game").value = example.game;
    const chance = ["dice", "coin"].includes(event.target.value);
    if (event.target.value === "dice") $("dag-algorithm").value = "expectiminimax";
    else if (!chance && ["expectiminimax", "star1", "star2"].includes($("dag-algorithm").value)) {
      $("dag-algorithm").value = "alphabeta";
    }
    $("dag-depth").value = example.options?.depth ?? "";
    if (example.options?.algorithm) $("dag-algorithm").value = example.options.algorithm;
    if (example.options?.evaluation) $("dag-evaluation").value = example.options.evaluation;
    syncOptions();
    event.target.value = "";
  });
  $("dag-algorithm").addEventListener("change", syncOptions);
  syncOptions();
  $("dag-edit").addEventListener("click", () => {
    editing.on = !editing.on;
    $("dag-edit").setAttribute("aria-pressed", String(editing.on));
    $("dag-edit").textContent = editing.on ? "✓ done editing" : "✎ edit the tree";
    editing.selected = editing.on ? editing.selected : null;
    editorPanel();
    if (lab) setStep(step);
  });
  const pick = (event) => {
    const node = event.target.closest?.("g.node[data-node]");
    if (!editing.on || !node || !editing.model) return;
    event.preventDefault();
    editing.selected = editing.model[Number(node.dataset.node)].name;
    editorPanel();
    setStep(step);
    $("dag-edit-panel").querySelector("input, select")?.focus();
  };
  $("dag-svg").addEventListener("click", pick);
  $("dag-svg").addEventListener("keydown", (event) => { // the keyboard edits too
    if (event.key === "Enter" || event.key === " ") pick(event);
  });
  $("dag-random").addEventListener("click", () => {
    newView("dag");
    show(0, randomSpec());
  });
  $("dag-reseed").addEventListener("click", () => {
    $("dag-r-seed").value = String(Math.floor(Math.random() * 100000));
    newView("dag");
    show(0, randomSpec());
  });
  $("dag-form").addEventListener("submit", (event) => {
    event.preventDefault();
    newView("dag"); // another game: Back returns to the one before
    show();
  });
  $("dag-first").addEventListener("click", () => setStep(0));
  $("dag-back").addEventListener("click", () => setStep(step - 1));
  $("dag-next").addEventListener("click", () => setStep(step + 1));
  $("dag-last").addEventListener("click", () => setStep(lab.steps.length));
  $("dag-play").addEventListener("click", togglePlay);
  $("dag-step").addEventListener("input", (event) => setStep(Number(event.target.value)));
  document.addEventListener("keydown", stepKeys);
  return (params) => {
    $("dag-game").value = params.get("g") ?? TEXTBOOK;
    const algorithm = params.get("a");
    if (algorithm in SEARCHES) $("dag-algorithm").value = algorithm;
    $("dag-order").value = params.get("o") in ORDERS ? params.get("o") : "given";
    $("dag-table").checked = params.get("t") === "1";
    $("dag-depth").value = params.get("d") ?? "";
    $("dag-evaluation").value = params.get("e") in EVALUATIONS ? params.get("e") : "estimate";
    $("dag-bounds").value = params.get("b") ?? "";
    syncOptions();
    const random = params.get("r")?.split(",");
    if (random?.length === 6) {
      ["branching", "depth", "low", "high"].forEach((key, i) => { $(`dag-r-${key}`).value = random[i]; });
      $("dag-r-chance").checked = random[4] === "1";
      $("dag-r-seed").value = random[5];
    }
    const at = Number.parseInt(params.get("s") ?? "", 10);
    show(Number.isNaN(at) ? 0 : at, random?.length === 6 ? randomSpec() : null);
  };
}

function panel() {
  const options = (entries) => entries.map(([value, text]) => el("option", { value, text }));
  return [
    el("p", {
      class: "intro",
      text:
        "A game given by hand: a tree as nested lists — MAX moves at the root, MIN below, " +
        "and so on, leaves are exact numbers — or a DAG of named positions (the docs/dag.md " +
        "format, with MIN, MAX and chance positions). The DFS of backward induction colours " +
        "each position white (not reached), grey (entered: its moves examined) and black " +
        "(finished: its VALUE set from its successors'), and touches each position and each " +
        "edge once, Θ(V + E). The tree searches walk the tree the DAG unfolds to; alpha-beta " +
        "shows the (α, β) window it brings to every node and greys the subtrees its cut-offs " +
        "prune; Star1 and Star2 (Ballard's *-minimax) prune at chance nodes too, with bounds " +
        "L ≤ every leaf ≤ U. Type a game, load an example, draw a random tree, or edit the " +
        "drawing by clicking it.",
    }),
    el(
      "form",
      { id: "dag-form", class: "setup", novalidate: true },
      el(
        "div",
        { class: "field wide" },
        el("label", { for: "dag-game", text: "Game (nested lists, or a DAG as JSON)" }),
        el("textarea", { id: "dag-game", rows: "4", spellcheck: "false", autocomplete: "off" }),
        el("div", { id: "dag-echo", class: "echo", "aria-live": "polite" }),
      ),
      el(
        "div",
        { class: "field" },
        el("label", { for: "dag-example", text: "Load an example" }),
        el(
          "select",
          { id: "dag-example" },
          el("option", { value: "", text: "choose…" }),
          ...options(Object.entries(EXAMPLES).map(([key, example]) => [key, example.label])),
        ),
      ),
      el(
        "div",
        { class: "field" },
        el("label", { for: "dag-algorithm", text: "Search" }),
        el("select", { id: "dag-algorithm" }, ...options(Object.entries(SEARCHES))),
      ),
      el("button", { id: "dag-start", type: "submit", class: "primary", text: "Show the search" }),
      optionsRow(),
      randomRow(),
    ),
    el(
      "div",
      { id: "dag-busy", class: "busy-bar", role: "status", hidden: true },
      el("progress", { max: "1", "aria-label": "time spent" }),
      el("span", { class: "busy-text" }),
      el("button", { type: "button", class: "cancel", text: "Cancel" }),
    ),
    el(
      "div",
      { id: "dag-view", class: "game", hidden: true },
      el("p", { id: "dag-summary", class: "status" }),
      el("p", { id: "dag-horizon", class: "horizon", hidden: true }),
      el(
        "div",
        { id: "dag-replay", class: "replay", role: "group", "aria-label": "Step through the search" },
        el("button", { id: "dag-first", type: "button", title: "to the start", text: "« start" }),
        el("button", { id: "dag-back", type: "button", title: "one step back", text: "‹ back" }),
        el("button", { id: "dag-play", type: "button", title: "play", text: "▶ play" }),
        el("button", { id: "dag-next", type: "button", title: "one step on", text: "next ›" }),
        el("button", { id: "dag-last", type: "button", title: "to the end", text: "end »" }),
        el("input", { id: "dag-step", type: "range", min: "0", value: "0", "aria-label": "step" }),
        el("span", { id: "dag-step-label", class: "step-label" }),
        speedControl("dag-speed", restartPlay),
      ),
      el("p", { id: "dag-event", class: "event", "aria-live": "polite" }),
      el("div", { class: "dag-box" }, svg("svg", { id: "dag-svg", class: "dag", role: "img" })),
      el(
        "div",
        { id: "dag-editbar", class: "editbar" },
        el("button", { id: "dag-edit", type: "button", "aria-pressed": "false", text: "✎ edit the tree" }),
        el("div", { id: "dag-edit-panel", class: "edit-panel", "aria-live": "polite" }),
      ),
      el("ul", { id: "dag-legend", class: "legend", "aria-label": "legend" }),
      el("div", { class: "table-box" }, el("table", { id: "dag-counts", class: "counts" })),
      el("p", {
        class: "keys",
        text:
          "Keys: , and . step back and on (or the arrows on the slider). The address of the " +
          "page is a link to this game and this step.",
      }),
    ),
    el("p", { id: "dag-error", class: "error", role: "alert" }),
  ];
}

/** The search's options: move order, table, depth cut-off and evaluation, Star's bounds. */
function optionsRow() {
  const options = (entries) => entries.map(([value, text]) => el("option", { value, text }));
  const field = (id, label, control) => el("div", { class: "field" }, el("label", { for: id, text: label }), control);
  return el(
    "fieldset",
    { id: "dag-options", class: "setup-row" },
    el("legend", { text: "Search options" }),
    field("dag-order", "Move order", el("select", { id: "dag-order" }, ...options(Object.entries(ORDERS)))),
    el("div", { class: "field check" },
      el("label", {}, el("input", { id: "dag-table", type: "checkbox" }), " transposition table")),
    field("dag-depth", "Cut off at depth", el("input", { id: "dag-depth", type: "number", min: "1", max: "30", placeholder: "none", inputmode: "numeric" })),
    field("dag-evaluation", "Evaluation at the cut-off", el("select", { id: "dag-evaluation" }, ...options(Object.entries(EVALUATIONS)))),
    field("dag-bounds", "Star bounds L, U", el("input", { id: "dag-bounds", type: "text", placeholder: "the leaves' range", spellcheck: "false", autocomplete: "off" })),
  );
}

/** A random tree: branching, depth, values, chance levels, the seed (kept in the address). */
function randomRow() {
  const number = (key, label, value, min, max) => el("div", { class: "field" },
    el("label", { for: `dag-r-${key}`, text: label }),
    el("input", { id: `dag-r-${key}`, type: "number", min, max, value, inputmode: "numeric" }));
  return el(
    "fieldset",
    { id: "dag-random-tree", class: "setup-row" },
    el("legend", { text: "Or a random tree" }),
    number("branching", "Branching", "3", "1", "10"),
    number("depth", "Depth", "3", "1", "12"),
    number("low", "Lowest value", "0", "-1000000", "1000000"),
    number("high", "Highest value", "9", "-1000000", "1000000"),
    el("div", { class: "field check" },
      el("label", {}, el("input", { id: "dag-r-chance", type: "checkbox" }), " chance levels")),
    number("seed", "Seed", "1", "0", "2147483648"),
    el("button", { id: "dag-random", type: "button", text: "Random tree" }),
    el("button", { id: "dag-reseed", type: "button", title: "a new seed", text: "another seed" }),
  );
}

/** The random tree the fields ask for. */
function randomSpec() {
  const whole = (key) => Number.parseInt($(`dag-r-${key}`).value, 10);
  return {
    branching: whole("branching"), depth: whole("depth"), low: whole("low"), high: whole("high"),
    chance: $("dag-r-chance").checked, seed: whole("seed"),
  };
}

/** Only the options the chosen search takes can be set. */
function syncOptions() {
  const algorithm = $("dag-algorithm").value;
  for (const [option, ids] of Object.entries({ order: ["dag-order"], table: ["dag-table"], depth: ["dag-depth", "dag-evaluation"], bounds: ["dag-bounds"] })) {
    for (const id of ids) $(id).disabled = !TAKES[option].includes(algorithm);
  }
}

/** The options as sent to the server, and as kept in the address. */
function chosenOptions() {
  const body = {};
  const link = {};
  if (!$("dag-order").disabled && $("dag-order").value !== "given") link.o = body.order = $("dag-order").value;
  if (!$("dag-table").disabled && $("dag-table").checked) [body.table, link.t] = [true, "1"];
  const depth = $("dag-depth").value.trim();
  if (!$("dag-depth").disabled && depth) {
    const d = Number(depth);
    if (!Number.isInteger(d) || d < 1 || d > 30) throw new Error("The depth cut-off is a whole number from 1 to 30, or empty for none.");
    [body.depth, link.d] = [d, String(d)];
    link.e = body.evaluation = $("dag-evaluation").value;
  }
  const bounds = $("dag-bounds").value.trim();
  if (!$("dag-bounds").disabled && bounds) {
    const parts = bounds.split(/[\s,;]+/).filter(Boolean);
    if (parts.length !== 2) throw new Error("Star's bounds are two numbers, L and U, such as -9, 9 — or empty for the leaves' range.");
    body.bounds = parts;
    link.b = parts.join(",");
  }
  return { body, link };
}

/** `,` and `.` step back and on anywhere in the tab (except in a text field). */
function stepKeys(event) {
  if ($("dag").hidden || !lab || typing(event)) return;
  const by = { ",": -1, "<": -1, ".": 1, ">": 1 }[event.key];
  if (!by) return;
  event.preventDefault();
  setStep(step + by);
}

/** The game as sent: a DAG object when the text is one, else the nested-list text. */
function gameOf(text) {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return trimmed;
  try {
    return JSON.parse(trimmed);
  } catch (error) {
    throw new Error(`The DAG is not valid JSON: ${error.message}`);
  }
}

async function show(at = 0, random = null, keep = false) {
  stopPlay();
  showError($("dag-error"), null);
  $("dag-echo").replaceChildren();
  const text = $("dag-game").value;
  const algorithm = $("dag-algorithm").value;
  let game;
  let chosen;
  try {
    game = random ? null : gameOf(text);
    chosen = chosenOptions();
  } catch (error) {
    forget();
    showError($("dag-error"), error);
    return;
  }
  // the link holds the game (compactly, or the random tree's numbers), the options and the
  // step, so a copied address reopens all three
  const link = random ? null : typeof game === "string" ? game : JSON.stringify(game);
  const source = random
    ? { r: ["branching", "depth", "low", "high", "chance", "seed"].map((key) => (key === "chance" ? (random.chance ? 1 : 0) : random[key])).join(",") }
    : { g: link };
  // the server's longest budget: a lab tree has at most 5,000 positions, which a slow
  // projector laptop may take a few seconds to walk with every count beside it
  const request = { ...(random ? { random } : { game }), algorithm, ...chosen.body, seconds: DAG_SECONDS };
  try {
    const answer = await whileBusy("dag", "Searching", DAG_SECONDS + 1, (signal) => api("/api/dag", request, signal));
    if (random) {
      $("dag-game").value = typeof answer.game === "string" ? answer.game : JSON.stringify(answer.game);
    }
    load(answer, link ?? $("dag-game").value, { ...source, ...chosen.link });
    setStep(at);
  } catch (error) {
    if (error instanceof Cancelled) {
      showError($("dag-error"), new Error("Cancelled."));
      return;
    }
    if (keep) { // an edit the server refused: the last drawing stays, the message says why
      showError($("dag-error"), error);
      return;
    }
    forget();
    refused(error, game);
  }
}

/** Take the last search off the screen. */
function forget() {
  stopPlay();
  lab = null;
  $("dag-view").hidden = true;
  unfold("dag"); // what was typed stays in sight beside the error
}

/** Say what is wrong with the game; a cycle is drawn with its positions highlighted. */
function refused(error, game) {
  const body = error.body ?? {};
  if (typeof body.position === "number" && typeof game === "string") {
    const at = body.position;
    $("dag-echo").dataset.state = "error";
    $("dag-echo").replaceChildren(
      game.slice(0, at),
      el("mark", { title: body.message, text: game.slice(at, at + 1) || " " }),
      game.slice(at + 1),
      el("span", { class: "message", text: `${body.message} (character ${at + 1})` }),
    );
  }
  showError($("dag-error"), error);
  if (!body.cycle || typeof game !== "object") return;
  const positions = new Map(
    Object.entries(game.positions ?? {}).map(([name, raw]) => [name, describe(name, raw)]),
  );
  $("dag-view").hidden = false;
  $("dag-summary").textContent = `Refused: the game can come back to ${body.cycle[0]}, so it ` +
    `need not end and has no value by backward induction. The cycle is marked in red; ` +
    `retrograde analysis labels such a game's positions win, loss or draw.`;
  $("dag-replay").hidden = true;
  $("dag-event").textContent = `the cycle: ${[...body.cycle, body.cycle[0]].join(" → ")}`;
  $("dag-counts").replaceChildren();
  const inCycle = new Set(body.cycle);
  const cycleEdges = new Set(body.cycle.map((name, i) => `${name}→${body.cycle[(i + 1) % body.cycle.length]}`));
  // the cycle is drawn even where the start does not reach it
  drawGraph(game.start, positions, (name) => (inCycle.has(name) ? "cycle" : "white"), cycleEdges, null, [body.cycle[0]]);
  legend([["cycle", "on the cycle"]]);
}

/** A position of the game as the page uses it, from the server's list or the typed JSON. */
function describe(name, raw) {
  if (raw && "value" in raw) return { name, player: "leaf", value: String(raw.value), moves: [] };
  const moves = Array.isArray(raw?.moves) ? raw.moves.map(String) : [];
  return { name, player: raw?.player ?? "max", moves, probabilities: raw?.probabilities, estimate: raw?.estimate };
}

function load(answer, link, address) {
  const positions = new Map(answer.positions.map((p) => [p.name, describe(p.name, p)]));
  const tree = answer.tree;
  const children = tree ? tree.map(() => []) : null;
  if (tree) tree.forEach((node, id) => node.parent !== null && children[node.parent].push(id));
  const sizes = tree ? tree.map(() => 1) : null;
  if (tree) for (let id = tree.length - 1; id > 0; id -= 1) sizes[tree[id].parent] += sizes[id]; // pre-order ids
  lab = { ...answer, positions, children, sizes, link, address };
  editing.model = editableTree(lab);
  if (editing.model && !editing.model.some((node) => node.name === editing.selected)) editing.selected = null;
  editorPanel();
  $("dag-view").hidden = false;
  $("dag-replay").hidden = false;
  $("dag-step").max = String(answer.steps.length);
  $("dag-summary").textContent = summary(answer);
  $("dag-horizon").hidden = !answer.horizon;
  $("dag-horizon").textContent = answer.horizon ? horizonText(answer) : "";
  renderCounts(answer);
  const given = link.length > 90 ? `${link.slice(0, 88)}…` : link;
  fold("dag", `${SEARCHES[answer.algorithm] ?? answer.algorithm} on ${given}`);
}

/** The editing panel: what to click, or the node clicked with what can be changed. */
function editorPanel() {
  const panel = $("dag-edit-panel");
  if (!editing.on) {
    panel.replaceChildren();
    return;
  }
  if (!editing.model) {
    panel.replaceChildren(lab?.tree
      ? "This game reaches a position along two paths: edit its JSON in the form (✎ change)."
      : "Choose a tree search (minimax, alpha-beta, …) to edit the tree by clicking it.");
    return;
  }
  const id = editing.model.findIndex((node) => node.name === editing.selected);
  if (id < 0) {
    panel.replaceChildren("Click a node to change it: a leaf's value, who moves, the probabilities, an estimate; add a move or remove one.");
    return;
  }
  panel.replaceChildren(...editPanel(editing.model, id, (text) => {
    $("dag-game").value = text;
    const chance = editing.model.some((node) => node.player === "chance");
    if (chance && ["minimax", "alphabeta"].includes($("dag-algorithm").value)) {
      $("dag-algorithm").value = "expectiminimax"; // alpha-beta takes no chance positions
      syncOptions();
    }
    show(0, null, true);
  }));
}

/** What the search cut off at a depth chose, against the exact values. */
function horizonText(answer) {
  const h = answer.horizon;
  const how = EVALUATIONS[answer.options.evaluation];
  const chose = `Cut off at depth ${h.depth} (${how} at the horizon), the search plays ${h.chosen}, ` +
    `estimated ${h.estimate}. Exactly, ${h.chosen} is worth ${h.chosen_exact} and the best move, ` +
    `${h.best.join(" or ")}, ${h.exact}`;
  return h.effect
    ? `${chose} — the horizon effect: a loss the search could not see past depth ${h.depth} ` +
      `made the worse move look better. A deeper cut-off sees it.`
    : `${chose} — the cut-off plays a best move here.`;
}

function summary(answer) {
  if (answer.algorithm === "retrograde") {
    const distance = answer.distances[answer.start];
    const moves = distance === undefined ? "" : ` in ${distance} move${distance === 1 ? "" : "s"}`;
    return `${answer.start}: ${OUTCOMES[answer.outcome]}${moves} · ` +
      `${answer.counts.vertices} positions, ${answer.counts.edges} moves`;
  }
  const parts = [`value of ${answer.start} = ${exact(answer.value)}`];
  if (answer.pv.length) {
    parts.push(`best line ${[answer.start, ...answer.pv].join(" → ")}`);
  }
  const counts = answer.counts;
  parts.push(`${counts.vertices} positions, ${counts.edges} moves`);
  if (answer.stats) {
    const cuts = answer.stats.alpha_cutoffs + answer.stats.beta_cutoffs + (answer.stats.chance_cutoffs ?? 0);
    parts.push(`${cuts} cut-off${cuts === 1 ? "" : "s"}, ${answer.stats.nodes} of ${answer.tree.length} nodes entered`);
    if (answer.stats.table_hits) parts.push(`${answer.stats.table_hits} table hit${answer.stats.table_hits === 1 ? "" : "s"}`);
  }
  if (answer.algorithm.startsWith("star")) parts.push(`bounds L = ${answer.bounds[0]}, U = ${answer.bounds[1]}`);
  return parts.join(" · ");
}

function renderCounts(answer) {
  const counts = answer.counts;
  if (answer.algorithm === "retrograde") {
    $("dag-counts").replaceChildren(
      el("caption", { text: "What the analysis touches" }),
      el("tr", { "data-search": "retrograde" }, el("th", { text: "retrograde analysis (two passes)" }),
        el("td", { class: "mono", text: `${counts.vertices} vertices + ${counts.edges} edges` })),
    );
    return;
  }
  const none = counts.tree === null ? "— (the tree is too large)" : "— (chance positions)";
  const cut = counts.tree === null ? none : "— (not with a depth cut-off)";
  const star2 = counts.star2 !== null && counts.star2_visits > counts.star2
    ? `${counts.star2} (${counts.star2_visits} visits with the re-searches)` : counts.star2;
  const rows = [
    ["dfs", "DFS on the DAG (backward induction)", `${counts.vertices} vertices + ${counts.edges} edges`],
    ["tree", "the tree the DAG unfolds to", counts.tree ?? "—"],
    ["minimax", "minimax", counts.minimax ?? none],
    ["alphabeta", "alpha-beta, moves as given", counts.alphabeta ?? none],
    ["alphabeta_best", "alpha-beta, best move first", counts.alphabeta_best ?? none],
    ["alphabeta_worst", "alpha-beta, worst move first", counts.alphabeta_worst ?? none],
    ["expectiminimax", "expectiminimax", counts.expectiminimax ?? cut],
    ["star1", `Star1, bounds [${answer.bounds?.join(", ") ?? "L, U"}]`, counts.star1 ?? cut],
    ["star2", "Star2 (probes first)", star2 ?? cut],
  ];
  const order = answer.options?.order ?? "given";
  const shownKey = answer.algorithm === "alphabeta" && order !== "given" ? `alphabeta_${order}` : answer.algorithm;
  $("dag-counts").replaceChildren(
    el("caption", { text: "Nodes each search enters (▶: step that search on this game)" }),
    ...rows.map(([key, what, count]) => {
      const [algorithm, by = "given"] = key.split("_");
      const runnable = algorithm in SEARCHES && typeof count === "number" && key !== shownKey;
      const here = key === shownKey ? { "aria-current": "true" } : {};
      return el("tr", { "data-search": key, ...here },
        el("th", {}, what, runnable
          ? el("button", { type: "button", class: "step-it", title: `step ${what} on this game`, "aria-label": `step ${what}`, text: "▶", onclick: () => stepOther(algorithm, by) })
          : null),
        el("td", { class: "mono", text: String(count) }));
    }),
  );
}

/** The same game (and options) stepped with another search, from its start. */
function stepOther(algorithm, order) {
  $("dag-algorithm").value = algorithm;
  syncOptions();
  if (!$("dag-order").disabled) $("dag-order").value = order;
  newView("dag");
  show(0, lab.address.r ? randomSpec() : null);
}

// ------------------------------------------------------------------ stepping

function setStep(value) {
  if (!lab) return;
  step = Math.max(0, Math.min(lab.steps.length, value));
  if (step === lab.steps.length) stopPlay();
  $("dag-step").value = String(step);
  $("dag-step-label").textContent = `step ${step} of ${lab.steps.length}`;
  const state = replay(step);
  $("dag-event").replaceChildren(...(step ? explain(lab.steps[step - 1], state) : ["before the search: every position is white"]));
  writeLink("dag", { ...lab.address, a: lab.algorithm, s: String(step) });
  if (lab.tree) drawTree(state);
  else if (lab.algorithm === "retrograde") {
    drawGraph(lab.start, lab.positions, (name) => state.colour.get(name) ?? "white", new Set(), state);
    legend([["win", "MAX wins (W: moves to the win)"], ["loss", "MIN wins (L)"], ["draw", "a draw (D)"], ["white", "not labelled yet"]]);
  } else {
    const colour = (name) => state.colour.get(name) ?? "white";
    const shown = lab.positions.size > COLLAPSE ? nearby(state) : lab.positions;
    drawGraph(lab.start, shown, colour, new Set(), state);
    legend([["white", "white: not reached"], ["grey", "grey: entered"], ["black", "black: VALUE set"]]);
    if (shown !== lab.positions) {
      $("dag-legend").append(el("li", { text: `only the positions on the DFS's path and their moves (${shown.size} of ${lab.positions.size}) are drawn` }));
    }
  }
}

/** A large game's positions near the DFS: the start, the grey ones (the search's path), the
 * current one, and their moves. */
function nearby(state) {
  const keep = new Set([lab.start]);
  const near = [lab.start, ...[...state.colour].filter(([, c]) => c === "grey").map(([name]) => name)];
  if (state.current !== null) near.push(state.current);
  for (const name of near) {
    keep.add(name);
    for (const move of lab.positions.get(name).moves) keep.add(move);
  }
  return new Map([...keep].map((name) => {
    const position = lab.positions.get(name);
    const kept = position.moves.map((move, i) => [move, i]).filter(([move]) => keep.has(move));
    return [name, {
      ...position,
      moves: kept.map(([move]) => move),
      probabilities: position.probabilities && kept.map(([, i]) => position.probabilities[i]),
    }];
  }));
}

/** What the first `count` steps have done: colours, values, windows, cut-offs. */
function replay(count) {
  const state = {
    colour: new Map(), // DFS: position → grey | black; tree: node → open | done
    value: new Map(), // position (DFS) or node (tree) → { value, bound }
    window: new Map(), // node → [α, β] it was entered with
    pruned: new Set(), // nodes cut off (their subtrees are greyed)
    cuts: new Map(), // node → its cut step
    last: new Map(), // node → the value its child returned last (what a cut-off compares)
    current: null,
    vertices: 0,
    edges: 0,
  };
  for (const s of lab.steps.slice(0, count)) {
    const key = lab.tree ? s.node : s.position;
    state.current = key;
    if (s.step === "enter") {
      state.colour.set(key, lab.tree ? "open" : "grey");
      if (s.alpha !== undefined) state.window.set(key, [s.alpha, s.beta]);
      if (s.vertices !== undefined) [state.vertices, state.edges] = [s.vertices, s.edges];
    } else if (s.step === "leave") {
      state.colour.set(key, lab.tree ? "done" : "black");
      state.value.set(key, { value: s.value, bound: s.bound ?? "exact", table: s.table });
      const parent = lab.tree?.[key]?.parent;
      if (parent !== null && parent !== undefined) state.last.set(parent, { value: s.value, bound: s.bound ?? "exact" });
    } else if (s.step === "probe") {
      state.colour.set(key, "probed");
      state.value.set(key, { value: s.value, bound: s.bound, probe: true });
    } else if (s.step === "reuse") {
      state.colour.set(key, "done");
      state.value.set(key, { value: s.value, bound: "exact", reused: true });
    } else if (s.step === "label") {
      state.colour.set(key, s.outcome);
      const letter = { win: "W", loss: "L", draw: "D" }[s.outcome];
      state.value.set(key, { value: `${letter}${s.distance ?? ""}`, bound: "exact" });
    } else if (s.step === "cut") {
      for (const node of s.pruned) state.pruned.add(node);
      state.cuts.set(key, s);
    }
  }
  return state;
}

const infinity = (bound) => ({ "-inf": "−∞", "+inf": "+∞" })[bound] ?? bound;
const shown = ({ value, bound }) => `${{ lower: "≥ ", upper: "≤ " }[bound] ?? ""}${value}`;
const hat = ({ value, bound }) => (bound === "estimate" ? `≈${value}` : shown({ value, bound }));

/** The step in words (and why, for a cut-off). */
function explain(s, state) {
  const name = s.position;
  const who = WHO[lab.positions.get(name).player];
  if (s.step === "label") return [labelled(s, who)];
  if (!lab.tree) {
    if (s.step === "enter") {
      const moves = lab.positions.get(name).moves.length;
      const examined = moves ? `${who}: ${moves} move${moves === 1 ? "" : "s"} examined` : "a leaf: no moves";
      // a successor already black is not searched again: its VALUE is simply read
      const reused = lab.positions.get(name).moves.filter((move) => state.colour.get(move) === "black");
      const note = reused.length ? ` · already black, VALUE reused: ${reused.join(", ")}` : "";
      return [`${name} turns grey (${examined})${note} · so far V = ${s.vertices}, E = ${s.edges}`];
    }
    return [`${name} turns black: VALUE(${name}) = ${formula(name, state)}`];
  }
  return explainTree(s, state, name, who);
}

/** A step of a tree search in words: the window, the formula a node's value comes from,
 * why a cut-off prunes — with the names the drawing shows. */
function explainTree(s, state, name, who) {
  const window = s.alpha === undefined ? "" : ` with (α, β) = (${infinity(s.alpha)}, ${infinity(s.beta)})`;
  const parent = lab.tree[s.node].parent;
  const parentName = parent === null ? "" : lab.tree[parent].position;
  if (s.step === "enter") {
    if (s.probe) {
      return [`Star2 probes ${parentName} through its first move: enter ${name} (${who})${window}`];
    }
    return [`enter ${name} (${who})${window}`];
  }
  if (s.step === "probe") {
    const through = lab.tree[s.through].position;
    const side = s.bound === "lower" ? "at least" : "at most";
    const mover = s.bound === "lower" ? "MAX" : "MIN";
    return [`probe of ${name} (${who}): its first move ${through} returns ${s.value}, ` +
      `so ${name} is worth ${side} ${s.value} (${mover} can always play that move)`];
  }
  if (s.step === "reuse") {
    return [`${name}: the probe's result ${s.value} still decides it with this window — not searched again`];
  }
  if (s.step === "leave") {
    const result = shown({ value: s.value, bound: s.bound });
    if (s.table) return [`${name} (${who}) is in the transposition table: returns ${result}, no move searched`];
    if (s.bound === "estimate") {
      return [`${name} (${who}) is at the depth cut-off: the evaluation function estimates it at ${s.value}`];
    }
    const position = lab.positions.get(name);
    if (position.player === "leaf") return [`leave ${name} (leaf): returns ${s.value}`];
    const cut = state.cuts.get(s.node);
    if (cut?.terms) {
      const side = cut.kind === "star-low" ? "an upper bound: it cannot reach α" : "a lower bound: it reaches β";
      return [`leave ${name} (chance): returns ${result}, its cut-off's bound — ${side}`];
    }
    const bound = { lower: " — a lower bound: the search stopped early", upper: " — an upper bound: the search stopped early" };
    return [`leave ${name} (${who}): ${treeFormula(s, state, position)}${bound[s.bound] ?? ""}`];
  }
  const names = s.pruned.map((node) => lab.tree[node].position).join(", ");
  if (s.kind === "star-low" || s.kind === "star-high") {
    const low = s.kind === "star-low";
    const terms = s.terms.map((t) => `${t.p}·${t.lo === t.hi ? t.lo : low ? t.hi : t.lo}`).join(" + ");
    const [alpha, beta] = (state.window.get(s.node) ?? ["-inf", "+inf"]).map(infinity);
    const [L, U] = lab.bounds ?? ["L", "U"];
    const why = low
      ? `Star cut-off at ${name}: with every outcome not yet known at U = ${U} (or its probe's bound), ${name} is worth at most ${terms} = ${s.value} ≤ α = ${alpha}`
      : `Star cut-off at ${name}: with every outcome not yet known at L = ${L} (or its probe's bound), ${name} is worth at least ${terms} = ${s.value} ≥ β = ${beta}`;
    return [why, el("span", { class: "why", text: ` — so its other outcomes cannot matter: pruned ${names}.` })];
  }
  const [alpha, beta] = state.window.get(s.node).map(infinity);
  const best = state.last.get(s.node)?.value;
  const why = s.kind === "alpha"
    ? `α cut-off at ${name}: MIN can hold MAX to ${best} ≤ α = ${alpha}, and MAX already has ${alpha} elsewhere`
    : `β cut-off at ${name}: MAX can reach ${best} ≥ β = ${beta}, and MIN already holds MAX to ${beta} elsewhere`;
  return [why, el("span", { class: "why", text: ` so ${name}'s other moves cannot matter: pruned ${names}.` })];
}

/** How a node's value comes from its children's: "min(3, 12, 8) = 3", "1/3·1/2 + 2/3·6 =
 * 25/6", "min(2, ✂, ✂) = ≤ 2" (✂: pruned), with the children as they stand now. */
function treeFormula(s, state, position) {
  const values = lab.children[s.node].map((child) => {
    const found = state.value.get(child);
    if (found && !found.probe) return hat(found);
    return state.pruned.has(child) ? "✂" : "?";
  });
  const result = shown({ value: s.value, bound: s.bound });
  if (position.player === "chance") {
    const terms = values.map((value, i) => `${position.probabilities[i]}·${value}`);
    return `${terms.join(" + ")} = ${result}`;
  }
  return `${position.player}(${values.join(", ")}) = ${result}`;
}

/** Why retrograde analysis labels a position as it does. */
function labelled(s, who) {
  const position = lab.positions.get(s.position);
  const moves = s.distance === 1 ? "1 move" : `${s.distance} moves`;
  if (position.player === "leaf") {
    return `${s.position} is a leaf worth ${position.value}: ${OUTCOMES[s.outcome]}`;
  }
  if (s.outcome === "draw") {
    return `${s.position} (${who}) is a draw: neither side can force a win from it — with ` +
      `best play the game ends level or goes on for ever`;
  }
  const winner = s.outcome === "win" ? "max" : "min";
  if (position.player === winner) {
    return `${s.position} (${who}): ${who} has a move to a position it wins, so ` +
      `${OUTCOMES[s.outcome]} in ${moves}`;
  }
  return `${s.position} (${who}): every move of ${who} leads to a position it loses, so ` +
    `${OUTCOMES[s.outcome]} in ${moves} (${who} delaying as long as it can)`;
}

/** VALUE of a black position from its successors': "max(3, 1/2) = 3", "1/3·1/2 + 2/3·6 = 25/6". */
function formula(name, state) {
  const position = lab.positions.get(name);
  const value = state.value.get(name).value;
  if (position.player === "leaf") return `${value} (a leaf: its payoff)`;
  const values = position.moves.map((move) => state.value.get(move)?.value ?? "?");
  if (position.player === "chance") {
    const terms = position.moves.map((_, i) => `${position.probabilities[i]}·${values[i]}`);
    return `${terms.join(" + ")} = ${value}`;
  }
  return `${position.player}(${values.join(", ")}) = ${value}`;
}

function togglePlay() {
  if (timer) {
    stopPlay();
    return;
  }
  if (step >= lab.steps.length) setStep(0);
  $("dag-play").textContent = "⏸ pause";
  timer = setInterval(() => setStep(step + 1), Number($("dag-speed").value));
}

/** A new speed: a replay that plays goes on at it. */
function restartPlay() {
  if (!timer) return;
  clearInterval(timer);
  timer = setInterval(() => setStep(step + 1), Number($("dag-speed").value));
}

function stopPlay() {
  clearInterval(timer);
  timer = null;
  if ($("dag-play")) $("dag-play").textContent = "▶ play";
}

// ------------------------------------------------------------------ drawing

const SLOT = 58; // horizontal room per node
const ROW = 78; // vertical room per level
const R = 15; // the size of a node's shape

/** A node's shape: MAX ▲, MIN ▼, chance ●, leaf ■. */
function shape(player, x, y, attributes) {
  if (player === "chance") return svg("circle", { cx: x, cy: y, r: R, ...attributes });
  if (player === "leaf") return svg("rect", { x: x - R, y: y - R + 2, width: 2 * R, height: 2 * R - 4, rx: 4, ...attributes });
  const d = player === "max"
    ? `M${x},${y - R} L${x + R * 1.15},${y + R * 0.8} L${x - R * 1.15},${y + R * 0.8} Z`
    : `M${x},${y + R} L${x + R * 1.15},${y - R * 0.8} L${x - R * 1.15},${y - R * 0.8} Z`;
  return svg("path", { d, ...attributes });
}

/**
 * Levels by the longest path from the start (breadth-first levels if there is a cycle); the
 * positions the start does not reach are left out unless `also` names one of them.
 */
function levels(start, positions, also = []) {
  const order = []; // depth-first discovery, moves in the file's order
  const seen = new Set();
  const stack = [...also].reverse().concat([start]);
  while (stack.length) {
    const name = stack.pop();
    if (seen.has(name) || !positions.has(name)) continue;
    seen.add(name);
    order.push(name);
    stack.push(...[...positions.get(name).moves].reverse());
  }
  const level = new Map([start, ...also].map((name) => [name, 0]));
  for (let round = 0; round <= order.length; round += 1) {
    let changed = false;
    for (const name of order) {
      for (const move of positions.get(name).moves) {
        if (!seen.has(move)) continue;
        const deeper = level.get(name) + 1;
        if (!level.has(move) || (level.get(move) < deeper && round < order.length)) {
          level.set(move, deeper);
          changed = true;
        }
      }
    }
    if (!changed) break;
    if (round === order.length - 1) return bfs([start, ...also], positions, order); // a cycle
  }
  return { order, level };
}

function bfs(starts, positions, order) {
  const level = new Map(starts.map((name) => [name, 0]));
  const queue = [...starts];
  while (queue.length) {
    const name = queue.shift();
    for (const move of positions.get(name).moves) {
      if (positions.has(move) && !level.has(move)) {
        level.set(move, level.get(name) + 1);
        queue.push(move);
      }
    }
  }
  return { order, level };
}

/** The DAG of positions, each coloured by `colour(name)`; `marked` edges in red. */
function drawGraph(start, positions, colour, marked, state = null, also = []) {
  const { order, level } = levels(start, positions, also);
  const rows = [];
  for (const name of order) (rows[level.get(name)] ??= []).push(name);
  // room: an inner position has its name on its left and its value on its right, a leaf its
  // name below; the first and last of a row keep theirs inside the drawing
  const leaf = (name) => positions.get(name).player === "leaf";
  const nameWidth = Math.max(0, ...order.filter((name) => !leaf(name)).map((name) => name.length)) * CHAR * 0.9;
  const valueWidth = Math.max(3, ...(lab?.values ? Object.values(lab.values).map((v) => v.length) : [3])) * CHAR;
  const leafWidth = Math.max(2 * R, ...order.filter(leaf).map((name) => name.length * CHAR * 0.9));
  const need = (row) => (row.some((name) => !leaf(name)) ? 2.4 * R + 12 + nameWidth + valueWidth : leafWidth + 10);
  const margin = Math.max(nameWidth, valueWidth) + 1.2 * R + 6;
  const inside = Math.max(SLOT * 3, ...rows.map((row) => row.length * need(row)));
  const width = inside + 2 * margin;
  const where = new Map();
  rows.forEach((row, depth) => row.forEach((name, i) => {
    where.set(name, [margin + ((i + 0.5) * inside) / row.length, 30 + depth * ROW]);
  }));
  const height = rows.length * ROW + 10;
  const edges = [];
  const nodes = [];
  for (const name of order) {
    const position = positions.get(name);
    const [x1, y1] = where.get(name);
    position.moves.forEach((move, i) => {
      if (!where.has(move)) return;
      const [x2, y2] = where.get(move);
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [dx, dy] = [(x2 - x1) / length, (y2 - y1) / length];
      const hot = marked.has(`${name}→${move}`);
      edges.push(svg("line", {
        x1: x1 + dx * R, y1: y1 + dy * R, x2: x2 - dx * (R + 3), y2: y2 - dy * (R + 3),
        class: `edge${hot ? " cycle" : ""}`, "marker-end": `url(#dag-arrow${hot ? "-hot" : ""})`,
      }));
      if (position.probabilities) { // a third of the way down, clear of the arrowhead
        const side = x2 >= x1 ? 1 : -1;
        edges.push(svg("text", {
          x: x1 + (x2 - x1) * 0.35 + side * 6, y: y1 + (y2 - y1) * 0.35,
          class: `probability halo ${side > 0 ? "side" : "left"}`, text: position.probabilities[i],
        }));
      }
    });
    const [x, y] = where.get(name);
    const paint = colour(name);
    const value = position.player === "leaf" ? position.value : state?.value.get(name)?.value;
    const current = state && state.current === name ? " current" : "";
    nodes.push(svg("g", { class: `node ${paint}${current}`, "data-name": name, "data-colour": paint },
      shape(position.player, x, y, { class: "shape" }),
      svg("title", { text: `${name} (${WHO[position.player]})` }),
      position.player === "leaf"
        ? svg("text", { x, y: y + R + 13, class: "name halo", text: name })
        : svg("text", { x: x - R * 1.2 - 4, y: y + 4, class: "name left halo", text: name }),
      position.player === "leaf" && value !== undefined
        ? svg("text", { x, y: y + 5, class: "payoff", text: value })
        : null,
      position.player !== "leaf" && value !== undefined && paint !== "white"
        ? svg("text", { x: x + R * 1.2 + 3, y: y + 4, class: "value side halo", text: value })
        : null,
    ));
  }
  const canvas = $("dag-svg");
  size(canvas, width, height);
  canvas.setAttribute("aria-label", `the game's ${order.length} positions`);
  canvas.replaceChildren(arrows(), ...edges, ...nodes);
}

function arrows() {
  const marker = (id) => svg("marker", { id, viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" },
    svg("path", { d: "M0,0 L10,5 L0,10 Z" }));
  return svg("defs", {}, marker("dag-arrow"), marker("dag-arrow-hot"));
}

/** A tree of more nodes is drawn collapsed: the path to the step's node, with the moves
 * around it (at the end, the best line); a hidden subtree is a "+n" under its root. */
const COLLAPSE = 120;
const CHAR = 7.3; // the width of a character of the labels (12px mono)

/** Which nodes show their children: every one in a small tree; in a large one the root,
 * the path to `focus` and, at the end, the best line. */
function openNodes(focus, end) {
  const tree = lab.tree;
  if (tree.length <= COLLAPSE) return null;
  const open = new Set([0]);
  for (let node = focus; node !== null && node !== undefined; node = tree[node].parent) open.add(node);
  if (end) {
    let node = 0;
    for (const move of lab.pv) {
      node = lab.children[node].find((child) => tree[child].position === move);
      if (node === undefined) break;
      open.add(node);
    }
  }
  return open;
}

/** The unfolded tree: leaves side by side, each inner node above the middle of its children;
 * every node named, chance edges with their probabilities, labels kept apart. */
function drawTree(state) {
  const tree = lab.tree;
  const open = openNodes(state.current, step === lab.steps.length);
  const shownKids = (id) => (open === null || open.has(id) ? lab.children[id] : []);
  const depth = new Map([[0, 0]]);
  const visible = [];
  const post = [];
  const stack = [[0, false]]; // orders by an explicit stack: deep trees are fine
  while (stack.length) {
    const [node, done] = stack.pop();
    if (done) {
      post.push(node);
      continue;
    }
    visible.push(node);
    stack.push([node, true]);
    for (const kid of [...shownKids(node)].reverse()) {
      depth.set(kid, depth.get(node) + 1);
      stack.push([kid, false]);
    }
  }
  // room: a leaf needs its payoff and name; an inner node its name on the left and its value
  // or window on the right. Nodes are placed left to right level by level (post-order),
  // each parent over the middle of its children, a subtree pushed right where a level of it
  // would come too near the nodes already placed on that level.
  const isLeaf = (id) => !lab.children[id].length;
  const nameWidth = Math.max(0, ...visible.filter((id) => !isLeaf(id)).map((id) => tree[id].position.length)) * CHAR * 0.9;
  const sideWidth = labelChars() * CHAR;
  const leafWidth = Math.max(2 * R, ...visible.filter(isLeaf)
    .map((id) => Math.max(tree[id].position.length * 0.9, lab.positions.get(tree[id].position).value.length) * CHAR));
  const half = (id, side) => (isLeaf(id) ? leafWidth / 2 + 5 : 1.2 * R + 5 + (side === "left" ? nameWidth : sideWidth));
  const left = nameWidth + 2 * R;
  const x = new Map();
  const last = []; // per level: the node placed last
  for (const id of post) {
    const kids = shownKids(id);
    const level = depth.get(id);
    const before = last[level];
    const least = before === undefined ? left : x.get(before) + half(before, "right") + half(id, "left");
    let want = kids.length ? (x.get(kids[0]) + x.get(kids[kids.length - 1])) / 2 : least;
    if (want < least) { // push the subtree right
      const by = least - want;
      const todo = [...kids];
      while (todo.length) {
        const node = todo.pop();
        x.set(node, x.get(node) + by);
        todo.push(...shownKids(node));
      }
      want = least;
    }
    x.set(id, want);
    last[level] = id;
  }
  const width = Math.max(Math.max(...x.values()) + sideWidth + 2 * R, 200);
  const height = (Math.max(...depth.values()) + 1) * ROW + 34;
  const at = (id) => [x.get(id), 34 + depth.get(id) * ROW];
  const greyed = new Set();
  for (const id of visible) { // below a pruned node all is pruned (parents come first)
    const parent = tree[id].parent;
    if (state.pruned.has(id) || (parent !== null && greyed.has(parent))) greyed.add(id);
  }
  const edges = [];
  const notes = [];
  const nodes = [];
  for (const id of visible) {
    const node = tree[id];
    const [cx, cy] = at(id);
    const position = lab.positions.get(node.position);
    if (node.parent !== null) {
      const [px, py] = at(node.parent);
      edges.push(svg("line", { x1: px, y1: py + R, x2: cx, y2: cy - R, class: `edge${greyed.has(id) ? " pruned" : ""}` }));
      const parent = lab.positions.get(tree[node.parent].position);
      if (parent.player === "chance") { // the probability where the edge meets its node
        const i = lab.children[node.parent].indexOf(id);
        notes.push(svg("text", { x: cx, y: cy - R - 7, class: "probability halo", text: parent.probabilities[i] }));
      }
      if (state.pruned.has(id)) {
        const kind = state.cuts.get(node.parent).kind;
        const mark = { alpha: "✂α", beta: "✂β" }[kind] ?? "✂*";
        notes.push(svg("text", { x: (px + cx) / 2, y: (py + cy) / 2 - 4, class: `cut halo ${kind}`, text: mark }));
      }
    }
    const paint = greyed.has(id) && !state.colour.has(id) ? "pruned" : state.colour.get(id) ?? "unvisited";
    const result = state.value.get(id);
    const window = state.window.get(id);
    const labels = [];
    const leaf = position.player === "leaf";
    if (leaf) {
      labels.push(svg("text", { x: cx, y: cy + 5, class: "payoff", text: position.value }));
      labels.push(svg("text", { x: cx, y: cy + R + 15, class: "name halo", text: node.position }));
    } else {
      labels.push(svg("text", { x: cx - R * 1.2 - 4, y: cy + 4, class: "name left halo", text: node.position }));
      if (result && (paint === "done" || paint === "probed" || result.bound === "estimate")) {
        labels.push(svg("text", { x: cx + R * 1.2 + 3, y: cy + 4, class: `value side halo${result.probe ? " probe" : ""}`, text: hat(result) }));
      } else if (window && paint === "open") {
        const text = `(${infinity(window[0])}, ${infinity(window[1])})`;
        labels.push(svg("text", { x: cx + R * 1.2 + 3, y: cy + 4, class: "window side halo", text }));
      }
      if (!shownKids(id).length) {
        labels.push(svg("text", { x: cx, y: cy + R + 13, class: "more halo", text: `+${lab.sizes[id] - 1}` }));
      }
    }
    const current = state.current === id ? " current" : "";
    const chosen = editing.on && editing.selected === node.position ? " selected" : "";
    const focusable = editing.on && editing.model ? { tabindex: "0", role: "button", "aria-label": `edit ${node.position}` } : {};
    nodes.push(svg("g", { class: `node ${paint}${current}${chosen}${editing.on ? " editable" : ""}`, "data-node": String(id), "data-name": node.position, "data-colour": paint, ...focusable },
      shape(position.player, cx, cy, { class: "shape" }),
      svg("title", { text: `${node.position} (${WHO[position.player]})${result ? `: ${hat(result)}` : ""}` }),
      ...labels,
    ));
  }
  const canvas = $("dag-svg");
  size(canvas, width, height);
  const hidden = tree.length - visible.length;
  canvas.setAttribute("aria-label", `the game tree: ${tree.length} nodes${hidden ? `, ${hidden} of them folded` : ""}`);
  const horizon = [];
  const cutAt = lab.options?.depth;
  if (cutAt && cutAt <= Math.max(...depth.values())) { // the depth cut-off: nothing below is searched
    const y = 34 + cutAt * ROW + R + 20;
    horizon.push(svg("line", { x1: 4, y1: y, x2: width - 4, y2: y, class: "horizon-line" }),
      svg("text", { x: 8, y: y - 4, class: "horizon-label side halo", text: `depth ${cutAt}: the horizon` }));
  }
  canvas.replaceChildren(...horizon, ...edges, ...nodes, ...notes);
  const items = [["open", "entered (its (α, β) window beside it)"], ["done", "left (its value beside it; ≥ or ≤: a bound; ≈: an estimate)"]];
  if (["star2"].includes(lab.algorithm)) items.push(["probed", "probed: a bound from its first move"]);
  if (["alphabeta", "star1", "star2"].includes(lab.algorithm)) items.push(["pruned", "pruned by a cut-off (✂α, ✂β; ✂*: at a chance node)"]);
  legend(items);
  if (hidden) $("dag-legend").append(el("li", { text: `+n: n nodes folded (the tree has ${tree.length}; the path to the step is unfolded)` }));
  if (state.current !== null) follow(at(state.current)[0]);
}

/** The longest window or value label of the search, in characters (the room a node's right
 * side needs, the same at every step so that the drawing does not jump). */
function labelChars() {
  let most = 3;
  for (const s of lab.steps) {
    if (s.alpha !== undefined) most = Math.max(most, `(${infinity(s.alpha)}, ${infinity(s.beta)})`.length);
    if (s.value !== undefined && s.value !== null) most = Math.max(most, s.value.length + 2);
  }
  return most;
}

/** The drawing scaled to its box's width (up to 1.5 times on a projector, down to fit a
 * phone) and to the screen's height, so that the steps and the tree are seen together. */
function size(canvas, width, height) {
  canvas.setAttribute("viewBox", `0 0 ${width} ${height}`);
  fit(canvas);
}

function fit(canvas) {
  const view = canvas.viewBox.baseVal;
  if (!view || !view.width) return;
  const room = (canvas.parentElement.clientWidth || view.width) - 2;
  // the screen's height below the box's top (the page scrolled to the top): the controls,
  // the step text and the drawing are seen together
  const top = canvas.parentElement.getBoundingClientRect().top + window.scrollY;
  const tall = Math.max(240, window.innerHeight - top - 12);
  // a phone shows the whole drawing (its screen zooms in); elsewhere, below half its
  // size the drawing scrolls sideways instead
  const least = room < 600 ? 0 : 0.5;
  const scale = Math.max(least, Math.min(1.5, room / view.width, tall / view.height));
  canvas.style.width = `${Math.floor(view.width * scale)}px`;
}


/** Scroll a wide drawing sideways so that the point at `x` (in drawing units) is in view. */
function follow(x) {
  const canvas = $("dag-svg");
  const box = canvas.parentElement;
  const at = (x * canvas.clientWidth) / canvas.viewBox.baseVal.width;
  if (at < box.scrollLeft || at > box.scrollLeft + box.clientWidth) {
    box.scrollLeft = Math.max(0, at - box.clientWidth / 2);
  }
}

function legend(items) {
  const shapes = [["max", "MAX"], ["min", "MIN"], ["chance", "chance"], ["leaf", "leaf"]];
  $("dag-legend").replaceChildren(
    ...shapes.map(([player, text]) => el("li", {}, sample(player, "white"), text)),
    ...items.map(([kind, text]) => el("li", {}, sample("chance", kind), text)),
  );
}

function sample(player, kind) {
  return svg("svg", { class: "dag sample-shape", viewBox: "-17 -17 34 34", width: "18", height: "18", "aria-hidden": "true" },
    svg("g", { class: `node ${kind}` }, shape(player, 0, 0, { class: "shape" })));
}
