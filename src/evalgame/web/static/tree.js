// The game-tree explorer: the whole tree of a small expression as a search walked it,
// nodes expandable, and the order of evaluation replayable step by step.
import {
  $,
  api,
  Cancelled,
  el,
  exact,
  expressionChecker,
  fold,
  newView,
  rove,
  showError,
  speedControl,
  typing,
  unfold,
  whileBusy,
  writeLink,
} from "./common.js";
import { drawPicture, fitPicture } from "./treepicture.js";

let tree = null; // the server's answer, decoded (see load)
let step = 0; // events applied so far: 0 = before the search, tree.steps = after it
let expanded = new Set([0]);
let timer = null;
let focused = 0; // the row that holds the keyboard focus in the tree (roving tabindex)

const WHO = { max: "MAX", min: "MIN", leaf: "leaf" };

/** Set the tab up; returns the function that opens a shared link's tree. */
export function setupTree() {
  const check = expressionChecker({
    input: $("tree-expression"),
    domain: $("tree-domain"),
    echo: $("tree-echo"),
    domainError: $("tree-domain-error"),
    button: $("tree-start"),
    use: "tree",
    onChange: (answer) => {
      if (!answer) forget(); // a refused expression leaves no stale tree on the screen
    },
  });
  $("tree-form").addEventListener("submit", (event) => {
    event.preventDefault();
    newView("tree"); // another tree: Back returns to the one before
    if (!$("tree-start").disabled) show();
  });
  $("tree-first").addEventListener("click", () => setStep(0));
  $("tree-back").addEventListener("click", () => setStep(step - 1));
  $("tree-next").addEventListener("click", () => setStep(step + 1));
  $("tree-last").addEventListener("click", () => setStep(tree.steps));
  $("tree-next-hit").addEventListener("click", nextHit);
  $("tree-play").addEventListener("click", togglePlay);
  $("tree-step").addEventListener("input", (event) => setStep(Number(event.target.value)));
  $("tree-picture-box").addEventListener("toggle", loadPicture);
  $("tree-step-label").after(speedControl("tree-speed", restartPlay, 350));
  // a wider or narrower box (a phone turned, presenter mode, fullscreen) refits the picture
  new ResizeObserver(() => fitPicture($("tree-svg"))).observe($("tree-svg").parentElement);
  document.addEventListener("keydown", stepKeys);
  rove($("tree-nodes"), "[role='treeitem']", moveInTree);
  $("tree-nodes").addEventListener("keydown", toggleKeys);
  return (params) => {
    // what a link leaves out is the page's example (X*(Y-Z) over 0..2, the paper's table)
    $("tree-expression").value = params.get("e") ?? $("tree-expression").defaultValue;
    $("tree-domain").value = params.get("d") ?? $("tree-domain").defaultValue;
    const options = [...$("tree-algorithm").options];
    const chosen = options.find((option) => option.value === params.get("a"));
    $("tree-algorithm").value = (chosen ?? options.find((option) => option.defaultSelected)).value;
    check();
    const at = Number.parseInt(params.get("s") ?? "", 10);
    show(Number.isNaN(at) ? null : at);
  };
}

/** `,` and `.` step back and on wherever the focus is in the tab (except in a text field). */
function stepKeys(event) {
  if ($("tree").hidden || !tree || typing(event)) return;
  const by = { ",": -1, "<": -1, ".": 1, ">": 1 }[event.key];
  if (!by) return;
  event.preventDefault();
  setStep(step + by);
}

async function show(at = null) {
  stopPlay();
  showError($("tree-error"), null);
  const request = {
    expression: $("tree-expression").value,
    domain: $("tree-domain").value,
    algorithm: $("tree-algorithm").value,
  };
  try {
    const answer = await whileBusy("tree", "Searching the whole tree", 10, (signal) =>
      api("/api/tree", request, signal),
    );
    load(answer, request, at);
  } catch (error) {
    const cancelled = error instanceof Cancelled;
    if (!cancelled) forget();
    showError($("tree-error"), cancelled ? new Error("Cancelled.") : error);
  }
}

/** Take the tree off the screen: it no longer belongs to the expression in the field. */
function forget() {
  stopPlay();
  tree = null;
  $("tree-view").hidden = true;
  unfold("tree"); // the expression stays in sight beside the error
}

/** Decode the columns, link children, and lay out the events of the walk. */
function load(answer, request, at) {
  const columns = answer.nodes;
  const count = columns.parent.length;
  const children = Array.from({ length: count }, () => []);
  for (let id = 1; id < count; id += 1) children[columns.parent[id]].push(id);
  const size = new Array(count).fill(1);
  for (let id = count - 1; id > 0; id -= 1) size[columns.parent[id]] += size[id];
  const events = new Array(answer.steps);
  for (let id = 0; id < count; id += 1) {
    if (columns.enter[id] >= 0) events[columns.enter[id]] = { id, kind: "enter" };
    if (columns.leave[id] >= 0) events[columns.leave[id]] = { id, kind: "leave" };
  }
  tree = { ...answer, columns, count, children, size, events, request, names: new Map() };
  // the steps that leave a position the table answered, for "next TT hit ›"
  tree.hits = events.flatMap((event, at) =>
    event.kind === "leave" && status(event.id) === "table" ? [at + 1] : [],
  );
  $("tree-next-hit").hidden = tree.hits.length === 0;
  expanded = new Set([0, ...children[0]]);
  focused = 0;
  $("tree-view").hidden = false;
  $("tree-step").max = String(tree.steps);
  $("tree-summary").textContent = summary(answer);
  const search = $("tree-algorithm").selectedOptions[0]?.textContent ?? request.algorithm;
  fold("tree", `${request.expression} over ${request.domain} · ${search}`);
  $("tree-picture").removeAttribute("src");
  if ($("tree-picture-box").open) loadPicture();
  setStep(at ?? 0); // at the start, so that "next ›" walks the search from its first step
}

function summary(answer) {
  const stats = answer.stats;
  const parts = [
    `minimax(E) = ${exact(answer.value)}`,
    `visited ${stats.nodes.toLocaleString("en")} of ${answer.nodes.parent.length.toLocaleString("en")} nodes`,
    `${count(stats.alpha_cutoffs, "α cut-off")} (${stats.alpha_pruned.toLocaleString("en")} nodes pruned)`,
    `${count(stats.beta_cutoffs, "β cut-off")} (${stats.beta_pruned.toLocaleString("en")} pruned)`,
  ];
  if (answer.table) {
    parts.push(`${count(stats.table_hits, "table hit")} (${stats.table_pruned.toLocaleString("en")} spared)`);
    parts.push(`values tried in the order ${answer.order.join(", ")}`);
  }
  if (answer.pv.length) parts.push(`principal variation ${line(answer.pv)}`);
  return parts.join(" · ");
}

/** "1 table hit", "3 table hits". */
function count(number, noun) {
  return `${number.toLocaleString("en")} ${noun}${number === 1 ? "" : "s"}`;
}

function line(moves) {
  const rounds = [];
  for (let i = 0; i + 1 < moves.length; i += 2) rounds.push(`${moves[i]}→${moves[i + 1]}`);
  return rounds.join(", ");
}

// ------------------------------------------------------------------ node facts

const column = (name, id) => tree.columns[name][id];
const number = (index) => (index < 0 ? null : tree.numbers[index]);
const player = (id) => tree.players[column("player", id)];
const status = (id) => tree.statuses[column("status", id)];
const entered = (id) => column("enter", id) >= 0 && column("enter", id) < step;
const left = (id) => column("leave", id) >= 0 && column("leave", id) < step;

/** The paper's name of a node: {5→X, 3}. */
function name(id) {
  if (tree.names.has(id)) return tree.names.get(id);
  const moves = [];
  for (let node = id; node > 0; node = column("parent", node)) {
    moves.push(tree.labels[column("move", node)]);
  }
  moves.reverse();
  const parts = [];
  for (let i = 0; i + 1 < moves.length; i += 2) parts.push(`${moves[i]}→${moves[i + 1]}`);
  if (moves.length % 2) parts.push(moves[moves.length - 1]);
  const text = `{${parts.join(", ")}}`;
  tree.names.set(id, text);
  return text;
}

/**
 * The best value node `id` had found before step `before`: a MAX node's maxval, a MIN
 * node's minval (null: none yet, the paper's ∓∞).
 */
function best(id, before = step) {
  let found = null;
  for (const child of tree.children[id]) {
    const leave = column("leave", child);
    const result = number(column("result", child));
    if (leave < 0 || leave >= before || result === null) continue;
    if (found === null || compare(result, found) * (player(id) === "max" ? 1 : -1) > 0) {
      found = result;
    }
  }
  return found;
}

/**
 * The (α, β) window of node `id` at this step. Algorithm 1 passes a node its parent's
 * value at the moment of the call — the bound on the other side of the window — and the
 * node's own best so far is the bound on its side: at a MAX node α = its maxval and
 * β = the MIN parent's minval, at a MIN node the other way round.
 */
function windowOf(id) {
  const parent = column("parent", id);
  const given = parent >= 0 ? best(parent, column("enter", id)) : null;
  const own = best(id);
  const [alpha, beta] = player(id) === "max" ? [own, given] : [given, own];
  return { alpha: alpha ?? "−∞", beta: beta ?? "+∞", given };
}

const searchesWithWindows = () => tree.request.algorithm !== "minimax";

/** Compare two exact numbers written as "p" or "p/q". */
function compare(a, b) {
  const [an, ad] = fraction(a);
  const [bn, bd] = fraction(b);
  const difference = an * bd - bn * ad;
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

function fraction(text) {
  const [numerator, denominator = "1"] = text.split("/");
  return [BigInt(numerator), BigInt(denominator)];
}

function pruned(id) {
  return tree.children[id].filter((child) => ["alpha", "beta"].includes(status(child)));
}

// ------------------------------------------------------------------ replay

function setStep(value) {
  if (!tree) return;
  step = Math.max(0, Math.min(tree.steps, value));
  if (step === tree.steps) stopPlay();
  const event = step > 0 ? tree.events[step - 1] : null;
  if (event) {
    for (let node = column("parent", event.id); node >= 0; node = column("parent", node)) {
      expanded.add(node);
    }
  }
  $("tree-step").value = String(step);
  $("tree-step-label").textContent = `step ${step} of ${tree.steps}`;
  $("tree-event").replaceChildren(...(event ? [describeEvent(event)].flat() : ["before the search"]));
  const { expression, domain, algorithm } = tree.request;
  writeLink("tree", { e: expression, d: domain, a: algorithm, s: String(step) });
  render(timer !== null);
  picture(event);
}

/** The picture follows the step: the path to the node it is at (at the end, the best line). */
function picture(event) {
  let focus = event ? event.id : null;
  if (step === tree.steps) {
    for (let node = 0; ; ) {
      focus = node;
      const next = tree.children[node].find((child) => column("pv", child));
      if (next === undefined) break;
      node = next;
    }
  }
  drawPicture($("tree-svg"), {
    children: tree.children,
    size: tree.size,
    parent: (id) => column("parent", id),
    player,
    status,
    entered,
    left,
    move: (id) => tree.labels[column("move", id)],
    result: (id) => number(column("result", id)),
    window: (id) => (player(id) !== "leaf" && searchesWithWindows() ? windowOf(id) : null),
    bound: (id) => (pruned(id).length ? bound(id) : ""),
    name,
    focus,
    pv: (id) => Boolean(column("pv", id)) && step === tree.steps,
  });
}

function describeEvent(event) {
  const id = event.id;
  const kind = WHO[player(id)];
  if (event.kind === "enter") {
    const window = player(id) !== "leaf" && searchesWithWindows() ? windowOf(id) : null;
    const called = window ? ` with (α, β) = (${window.alpha}, ${window.beta})` : "";
    return `enter ${name(id)} (${kind})${called}: ${nodeText(id)}`;
  }
  const result = number(column("result", id));
  const cut = pruned(id);
  const returned = result === null ? "nothing (no valid leaf)" : `${cut.length ? bound(id) : ""}${result}`;
  const text = [`leave ${name(id)} (${kind}): returns ${returned}`];
  if (status(id) === "table") text.push(`, answered by the transposition table${stored(id)}`);
  if (cut.length) {
    const nodes = cut.reduce((total, child) => total + tree.size[child], 0);
    const moves = `${cut.length} move${cut.length > 1 ? "s" : ""} (${nodes.toLocaleString("en")} nodes)`;
    text.push(el("span", { class: "why", text: `${cutOff(id, result)} — ${moves} pruned.` }));
  }
  return text;
}

/** Where the table learnt the value of node `id`: the same position (the same expression,
 * the same proposal) reached earlier by another order of play, if the tree shows it. */
function stored(id) {
  const text = column("text", id);
  const proposal = column("proposal", id);
  const leave = column("leave", id);
  for (let other = 0; other < tree.count; other += 1) {
    const earlier = column("leave", other) >= 0 && column("leave", other) < leave;
    if (other !== id && earlier && column("text", other) === text &&
        column("proposal", other) === proposal && status(other) !== "table") {
      return ` — the same position as ${name(other)}, left at step ${column("leave", other) + 1}`;
    }
  }
  return "";
}

/** "≥ " at a MAX node left by a cut-off (its value is at least that), "≤ " at a MIN node. */
const bound = (id) => (player(id) === "max" ? "≥ " : "≤ ");

/** Why the search stopped at node `id`: the cut-off's inequality, in words. */
function cutOff(id, result) {
  const parent = column("parent", id);
  const given = best(parent, column("enter", id));
  const where = name(parent);
  if (player(id) === "max") {
    return `β cut-off: ${result} ≥ β = ${given}, so MIN will never let MAX reach this node — ` +
      `at ${where} MIN already holds MAX to ${given} with an earlier move`;
  }
  return `α cut-off: ${result} ≤ α = ${given}, so MAX will never let MIN reach this node — ` +
    `at ${where} MAX already has ${given} with an earlier proposal`;
}

/** To the next step where the table answers a position (round to the first after the last). */
function nextHit() {
  setStep(tree.hits.find((at) => at > step) ?? tree.hits[0]);
}

function togglePlay() {
  if (timer) {
    stopPlay();
    return;
  }
  if (step >= tree.steps) setStep(0);
  $("tree-play").textContent = "⏸ pause";
  timer = setInterval(() => setStep(step + 1), Number($("tree-speed").value));
}

/** A new speed: a replay that plays goes on at it. */
function restartPlay() {
  if (!timer) return;
  clearInterval(timer);
  timer = setInterval(() => setStep(step + 1), Number($("tree-speed").value));
}

function stopPlay() {
  clearInterval(timer);
  timer = null;
  $("tree-play").textContent = "▶ play";
}

// ------------------------------------------------------------------ drawing

function render(scroll = false) {
  const box = $("tree-nodes");
  const hadFocus = box.contains(document.activeElement);
  box.replaceChildren(renderNode(0, 1));
  let row = box.querySelector(`[data-id="${focused}"]`);
  if (!row) {
    focused = 0;
    row = box.querySelector("[data-id='0']");
  }
  row.tabIndex = 0;
  if (hadFocus) row.focus();
  if (scroll) box.querySelector(".node.current")?.scrollIntoView({ block: "nearest" });
}

/** Arrow keys in the tree (a WAI-ARIA treeview): the next row to focus, or null. */
function moveInTree(index, key, count) {
  const rows = [...$("tree-nodes").querySelectorAll("[role='treeitem']")];
  const id = Number(rows[index].dataset.id);
  let target = null;
  if (key === "ArrowDown") target = index + 1;
  else if (key === "ArrowUp") target = index - 1;
  else if (key === "Home") target = 0;
  else if (key === "End") target = count - 1;
  else if (key === "ArrowRight" && tree.children[id].length) {
    if (!expanded.has(id)) {
      expanded.add(id);
      render();
      return null;
    }
    target = index + 1;
  } else if (key === "ArrowLeft") {
    if (expanded.has(id) && tree.children[id].length) {
      expanded.delete(id);
      render();
      return null;
    }
    const parent = column("parent", id);
    if (parent >= 0) target = rows.findIndex((row) => Number(row.dataset.id) === parent);
  }
  if (target !== null) focused = Number(rows[Math.max(0, Math.min(count - 1, target))].dataset.id);
  return target;
}

/** Enter and Space open or close the focused row. */
function toggleKeys(event) {
  const row = event.target.closest?.("[role='treeitem']");
  if (!row || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  focused = Number(row.dataset.id);
  if (tree.children[focused].length) toggle(focused);
}

function renderNode(id, level) {
  const kids = tree.children[id];
  const open = expanded.has(id);
  const row = el(
    "div",
    {
      class: rowClass(id),
      role: "treeitem",
      tabindex: "-1",
      "aria-level": String(level),
      "data-id": String(id),
      "data-status": status(id),
      "aria-expanded": kids.length ? String(open) : null,
      onclick: () => {
        focused = id;
        if (kids.length) toggle(id);
      },
    },
    el("span", { class: "toggle", text: kids.length ? (open ? "▾" : "▸") : "" }),
    el("span", { class: `who ${player(id)}`, text: WHO[player(id)] }),
    el("span", { class: "name", text: name(id) }),
    el("span", { class: "text", text: nodeText(id) }),
    ...facts(id),
  );
  const wrapper = el("div", {}, row);
  if (open && kids.length) {
    wrapper.append(el("div", { class: "children", role: "group" }, ...kids.map((kid) => renderNode(kid, level + 1))));
  }
  return wrapper;
}

/** A MAX node's expression as filled in so far; a MIN node's also names the proposal. */
function nodeText(id) {
  const proposal = number(column("proposal", id));
  const text = tree.texts[column("text", id)];
  return proposal === null ? text : `${text}  ← ${proposal}`;
}

function rowClass(id) {
  const classes = ["node"];
  if (tree.children[id].length) classes.push("expandable");
  if (!entered(id)) classes.push("unvisited");
  else if (!left(id)) classes.push("open");
  const event = step > 0 ? tree.events[step - 1] : null;
  if (event && event.id === id) classes.push("current");
  if (column("pv", id) && step === tree.steps) classes.push("pv");
  return classes.join(" ");
}

/** What the search knows of a node at this step: its α/β, its result, how it was skipped. */
function facts(id) {
  const shown = [];
  const parent = column("parent", id);
  const kind = status(id);
  if (entered(id) && !left(id) && player(id) !== "leaf") {
    if (searchesWithWindows()) {
      const { alpha, beta } = windowOf(id);
      shown.push(el("span", { class: "window", title: "the window the node searches in", text: `(α, β) = (${alpha}, ${beta})` }));
    } else {
      const letter = player(id) === "max" ? "max so far" : "min so far";
      shown.push(el("span", { class: "bound", text: `${letter} ${best(id) ?? "—"}` }));
    }
  }
  if (left(id)) {
    const result = number(column("result", id));
    const cut = result !== null && pruned(id).length;
    shown.push(el("span", {
      class: "returned",
      title: cut ? "left by a cut-off: only a bound on the node's value" : null,
      text: `returned ${result === null ? "—" : `${cut ? bound(id) : ""}${result}`}`,
    }));
  }
  if ((kind === "alpha" || kind === "beta") && parent >= 0 && left(parent)) {
    const text = kind === "alpha" ? "α cut" : "β cut";
    shown.push(el("span", { class: `badge ${kind}`, title: `pruned by ${text}-off at its parent`, text }));
  } else if (kind === "table" && left(id)) {
    shown.push(el("span", { class: "badge table", title: "answered by the table", text: "TT" }));
  } else if (kind === "skipped" && step === tree.steps) {
    shown.push(el("span", { class: "badge skipped", text: "not visited" }));
  }
  return shown;
}

function toggle(id) {
  if (expanded.has(id)) expanded.delete(id);
  else expanded.add(id);
  render();
}

function loadPicture() {
  if (!tree || !$("tree-picture-box").open || $("tree-picture").getAttribute("src")) return;
  const query = new URLSearchParams(tree.request);
  $("tree-picture").src = `/api/tree/picture?${query}`;
}
