// The DAG & trees tab's form: the game typed or loaded from an example, the search and its
// options, a random tree; the options as sent to the server and as kept in the address,
// and the fields filled back from a shared link.
import { $, el, speedControl, svg } from "./common.js";

export const TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]";
/** a search's time budget: the most a request may have (MAX_SECONDS in web/models.py) */
export const DAG_SECONDS = 10;
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
export const SEARCHES = {
  dfs: "DFS (backward induction)",
  alphabeta: "alpha-beta",
  minimax: "minimax",
  expectiminimax: "expectiminimax",
  star1: "Star1 (*-minimax: prunes at chance nodes)",
  star2: "Star2 (Star1 with probes)",
  retrograde: "retrograde (positions repeat)",
};
const ORDERS = { given: "as given", best: "best move first", worst: "worst move first" };
export const EVALUATIONS = {
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

/** The tab's elements: the form, the busy bar, the view (the step player, the drawing, the
 * legend, the counts) and the error line; `onSpeed` is called when the speed changes. */
export function panel(onSpeed) {
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
        speedControl("dag-speed", onSpeed),
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
export function randomSpec() {
  const whole = (key) => Number.parseInt($(`dag-r-${key}`).value, 10);
  return {
    branching: whole("branching"), depth: whole("depth"), low: whole("low"), high: whole("high"),
    chance: $("dag-r-chance").checked, seed: whole("seed"),
  };
}

/** Only the options the chosen search takes can be set. */
export function syncOptions() {
  const algorithm = $("dag-algorithm").value;
  for (const [option, ids] of Object.entries({ order: ["dag-order"], table: ["dag-table"], depth: ["dag-depth", "dag-evaluation"], bounds: ["dag-bounds"] })) {
    for (const id of ids) $(id).disabled = !TAKES[option].includes(algorithm);
  }
}

/** The options as sent to the server, and as kept in the address. */
export function chosenOptions() {
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


/** The game as sent: a DAG object when the text is one, else the nested-list text. */
export function gameOf(text) {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return trimmed;
  try {
    return JSON.parse(trimmed);
  } catch (error) {
    throw new Error(`The DAG is not valid JSON: ${error.message}`);
  }
}


/** Load the example chosen in the list (and the search and options it is shown with). */
export function loadExample(event) {
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
}

/** The form filled from a shared link's parameters; returns the step to show and whether
 * the game is a random tree. */
export function fillForm(params) {
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
  return { at: Number.isNaN(at) ? 0 : at, random: random?.length === 6 };
}
