// The DAG & trees lab (seeds 002 and 004): a game typed in or loaded, drawn, and a search
// stepped through it — the DFS of backward induction (white, grey, black), minimax,
// alpha-beta with its (α, β) window at every node and its cut-offs, expectiminimax — with
// the node counts side by side. The searches run on the server (POST /api/dag).
import {
  $, api, Cancelled, el, exact, fold, newView, showError, speedControl, svg, typing,
  unfold, whileBusy, writeLink,
} from "./common.js";

const TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]";
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
  retrograde: "retrograde (positions repeat)",
};
const OUTCOMES = { win: "MAX wins", loss: "MIN wins", draw: "a draw" };
const WHO = { max: "MAX", min: "MIN", chance: "chance", leaf: "leaf" };

let lab = null; // the server's answer and what is derived from it (see load)
let step = 0; // steps applied: 0 = before the search
let timer = null;

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
    if (event.target.value === "dice") $("dag-algorithm").value = "expectiminimax";
    else if ($("dag-algorithm").value === "expectiminimax") $("dag-algorithm").value = "alphabeta";
    event.target.value = "";
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
    const at = Number.parseInt(params.get("s") ?? "", 10);
    show(Number.isNaN(at) ? 0 : at);
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
        "prune.",
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

async function show(at = 0) {
  stopPlay();
  showError($("dag-error"), null);
  $("dag-echo").replaceChildren();
  const text = $("dag-game").value;
  const algorithm = $("dag-algorithm").value;
  let game;
  try {
    game = gameOf(text);
  } catch (error) {
    forget();
    showError($("dag-error"), error);
    return;
  }
  // the link holds the game (compactly) and the step, so a copied address reopens both
  const link = typeof game === "string" ? game : JSON.stringify(game);
  try {
    const answer = await whileBusy("dag", "Searching", 4, (signal) =>
      api("/api/dag", { game, algorithm }, signal),
    );
    load(answer, link);
    setStep(at);
  } catch (error) {
    if (error instanceof Cancelled) {
      showError($("dag-error"), new Error("Cancelled."));
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
  return { name, player: raw?.player ?? "max", moves, probabilities: raw?.probabilities };
}

function load(answer, link) {
  const positions = new Map(answer.positions.map((p) => [p.name, describe(p.name, p)]));
  const tree = answer.tree;
  const children = tree ? tree.map(() => []) : null;
  if (tree) tree.forEach((node, id) => node.parent !== null && children[node.parent].push(id));
  lab = { ...answer, positions, children, link };
  $("dag-view").hidden = false;
  $("dag-replay").hidden = false;
  $("dag-step").max = String(answer.steps.length);
  $("dag-summary").textContent = summary(answer);
  renderCounts(answer);
  const given = link.length > 90 ? `${link.slice(0, 88)}…` : link;
  fold("dag", `${SEARCHES[answer.algorithm] ?? answer.algorithm} on ${given}`);
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
    const cuts = answer.stats.alpha_cutoffs + answer.stats.beta_cutoffs;
    parts.push(`${cuts} cut-off${cuts === 1 ? "" : "s"}, ${answer.stats.nodes} of ${answer.tree.length} nodes entered`);
  }
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
  const rows = [
    ["dfs", "DFS on the DAG (backward induction)", `${counts.vertices} vertices + ${counts.edges} edges`],
    ["tree", "the tree the DAG unfolds to", counts.tree ?? "—"],
    ["minimax", "minimax", counts.minimax ?? none],
    ["alphabeta", "alpha-beta, moves as given", counts.alphabeta ?? none],
    ["alphabeta_best", "alpha-beta, best move first", counts.alphabeta_best ?? none],
    ["alphabeta_worst", "alpha-beta, worst move first", counts.alphabeta_worst ?? none],
    ["expectiminimax", "expectiminimax", counts.expectiminimax ?? "—"],
  ];
  $("dag-counts").replaceChildren(
    el("caption", { text: "Nodes each search enters" }),
    ...rows.map(([key, what, count]) =>
      el("tr", { "data-search": key }, el("th", { text: what }), el("td", { class: "mono", text: String(count) }))),
  );
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
  writeLink("dag", { g: lab.link, a: lab.algorithm, s: String(step) });
  if (lab.tree) drawTree(state);
  else if (lab.algorithm === "retrograde") {
    drawGraph(lab.start, lab.positions, (name) => state.colour.get(name) ?? "white", new Set(), state);
    legend([["win", "MAX wins (W: moves to the win)"], ["loss", "MIN wins (L)"], ["draw", "a draw (D)"], ["white", "not labelled yet"]]);
  } else {
    const colour = (name) => state.colour.get(name) ?? "white";
    drawGraph(lab.start, lab.positions, colour, new Set(), state);
    legend([["white", "white: not reached"], ["grey", "grey: entered"], ["black", "black: VALUE set"]]);
  }
}

/** What the first `count` steps have done: colours, values, windows, cut-offs. */
function replay(count) {
  const state = {
    colour: new Map(), // DFS: position → grey | black; tree: node → open | done
    value: new Map(), // position (DFS) or node (tree) → { value, bound }
    window: new Map(), // node → [α, β] it was entered with
    pruned: new Set(), // nodes cut off (their subtrees are greyed)
    cuts: new Map(), // node → its cut step
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
      state.value.set(key, { value: s.value, bound: s.bound ?? "exact" });
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
  if (s.step === "enter") {
    const window = s.alpha === undefined ? "" : ` with (α, β) = (${infinity(s.alpha)}, ${infinity(s.beta)})`;
    return [`enter ${name} (${who})${window}`];
  }
  if (s.step === "leave") {
    const bound = { lower: " (a lower bound: the search stopped early)", upper: " (an upper bound: the search stopped early)" };
    return [`leave ${name} (${who}): returns ${shown({ value: s.value, bound: s.bound })}${bound[s.bound] ?? ""}`];
  }
  const [alpha, beta] = state.window.get(s.node).map(infinity);
  const found = [...lab.children[s.node]].filter((child) => state.value.has(child)).map((child) => state.value.get(child).value);
  const best = found[found.length - 1];
  const names = s.pruned.map((node) => lab.tree[node].position).join(", ");
  const why = s.kind === "alpha"
    ? `α cut-off at ${name}: MIN can hold MAX to ${best} ≤ α = ${alpha}, and MAX already has ${alpha} elsewhere`
    : `β cut-off at ${name}: MAX can reach ${best} ≥ β = ${beta}, and MIN already holds MAX to ${beta} elsewhere`;
  return [why, el("span", { class: "why", text: `so ${name}'s other moves cannot matter: pruned ${names}.` })];
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
  const widest = Math.max(...rows.map((row) => row.length));
  const width = Math.max(widest * SLOT + 20, 200);
  const where = new Map();
  rows.forEach((row, depth) => row.forEach((name, i) => {
    where.set(name, [((i + 0.5) * width) / row.length, 30 + depth * ROW]);
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
      if (position.probabilities) {
        edges.push(svg("text", { x: (x1 + x2) / 2 + 4, y: (y1 + y2) / 2, class: "probability", text: position.probabilities[i] }));
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
        ? svg("text", { x, y: y + R + 13, class: "name", text: name })
        : svg("text", { x: x - R - 5, y: y + 4, class: "name left", text: name }),
      value !== undefined && (position.player === "leaf" || paint !== "white")
        ? svg("text", { x: x + R + 3, y: y - R + 4, class: "value side", text: value })
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

/** The unfolded tree: leaves side by side, each inner node above the middle of its children. */
function drawTree(state) {
  const tree = lab.tree;
  const x = new Array(tree.length);
  const depth = new Array(tree.length).fill(0);
  let next = 0;
  const place = (id) => { // post-order by an explicit stack: deep trees are fine
    const stack = [[id, false]];
    while (stack.length) {
      const [node, done] = stack.pop();
      const kids = lab.children[node];
      if (!kids.length) x[node] = next++;
      else if (done) x[node] = (x[kids[0]] + x[kids[kids.length - 1]]) / 2;
      else {
        stack.push([node, true]);
        for (const kid of [...kids].reverse()) {
          depth[kid] = depth[node] + 1;
          stack.push([kid, false]);
        }
      }
    }
  };
  place(0);
  const width = Math.max(next * SLOT + 20, 200);
  const height = (Math.max(...depth) + 1) * ROW + 30;
  const at = (id) => [10 + (x[id] + 0.5) * SLOT, 30 + depth[id] * ROW];
  const greyed = new Set();
  tree.forEach((node, id) => { // a node below a pruned one is pruned too (parents come first)
    if (state.pruned.has(id) || (node.parent !== null && greyed.has(node.parent))) greyed.add(id);
  });
  const edges = [];
  const nodes = [];
  tree.forEach((node, id) => {
    const [cx, cy] = at(id);
    const position = lab.positions.get(node.position);
    if (node.parent !== null) {
      const [px, py] = at(node.parent);
      const cut = state.pruned.has(id);
      edges.push(svg("line", { x1: px, y1: py + R, x2: cx, y2: cy - R, class: `edge${greyed.has(id) ? " pruned" : ""}` }));
      if (cut) {
        const kind = state.cuts.get(node.parent).kind;
        edges.push(svg("text", { x: (px + cx) / 2, y: (py + cy) / 2 + 4, class: `cut ${kind}`, text: kind === "alpha" ? "✂α" : "✂β" }));
      }
    }
    const paint = greyed.has(id) ? "pruned" : state.colour.get(id) ?? "unvisited";
    const result = state.value.get(id);
    const window = state.window.get(id);
    const labels = [];
    if (position.player === "leaf") labels.push(svg("text", { x: cx, y: cy + 5, class: "payoff", text: position.value }));
    else if (result && paint === "done") labels.push(svg("text", { x: cx + R + 3, y: cy + 4, class: "value side", text: shown(result) }));
    else if (window && paint === "open") {
      const text = `(${infinity(window[0])}, ${infinity(window[1])})`;
      labels.push(svg("text", { x: cx + R + 3, y: cy + 4, class: "window side", text }));
    }
    if (depth[id] === 0) {
      labels.push(svg("text", { x: cx, y: cy - R - 5, class: "name", text: node.position }));
    }
    const current = state.current === id ? " current" : "";
    nodes.push(svg("g", { class: `node ${paint}${current}`, "data-node": String(id), "data-name": node.position, "data-colour": paint },
      shape(position.player, cx, cy, { class: "shape" }),
      svg("title", { text: `${node.position} (${WHO[position.player]})${result ? `: ${shown(result)}` : ""}` }),
      ...labels,
    ));
  });
  const canvas = $("dag-svg");
  size(canvas, width, height);
  canvas.setAttribute("aria-label", `the game tree: ${tree.length} nodes`);
  canvas.replaceChildren(...edges, ...nodes);
  const items = [["open", "entered (its (α, β) window beside it)"], ["done", "left (its value beside it; ≥ or ≤: a bound)"], ["pruned", "pruned by a cut-off"]];
  legend(lab.algorithm === "alphabeta" ? items : items.filter(([kind]) => kind !== "pruned"));
  if (state.current !== null) follow(at(state.current)[0]);
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
