// The game-tree explorer: the whole tree of a small expression as a search walked it,
// nodes expandable, and the order of evaluation replayable step by step.
import { $, api, el, exact, expressionChecker, showError } from "./common.js";

let tree = null; // the server's answer, decoded (see load)
let step = 0; // events applied so far: 0 = before the search, tree.steps = after it
let expanded = new Set([0]);
let timer = null;

const WHO = { max: "MAX", min: "MIN", leaf: "leaf" };

export function setupTree() {
  expressionChecker({
    input: $("tree-expression"),
    domain: $("tree-domain"),
    echo: $("tree-echo"),
    domainError: $("tree-domain-error"),
    button: $("tree-start"),
  });
  $("tree-form").addEventListener("submit", (event) => {
    event.preventDefault();
    show();
  });
  $("tree-first").addEventListener("click", () => setStep(0));
  $("tree-back").addEventListener("click", () => setStep(step - 1));
  $("tree-next").addEventListener("click", () => setStep(step + 1));
  $("tree-last").addEventListener("click", () => setStep(tree.steps));
  $("tree-play").addEventListener("click", togglePlay);
  $("tree-step").addEventListener("input", (event) => setStep(Number(event.target.value)));
  $("tree-picture-box").addEventListener("toggle", loadPicture);
}

async function show() {
  stopPlay();
  showError($("tree-error"), null);
  const request = {
    expression: $("tree-expression").value,
    domain: $("tree-domain").value,
    algorithm: $("tree-algorithm").value,
  };
  $("tree-start").disabled = true;
  try {
    load(await api("/api/tree", request), request);
  } catch (error) {
    showError($("tree-error"), error);
  } finally {
    $("tree-start").disabled = false;
  }
}

/** Decode the columns, link children, and lay out the events of the walk. */
function load(answer, request) {
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
  expanded = new Set([0, ...children[0]]);
  $("tree-view").hidden = false;
  $("tree-step").max = String(tree.steps);
  $("tree-summary").textContent = summary(answer);
  $("tree-picture").removeAttribute("src");
  if ($("tree-picture-box").open) loadPicture();
  setStep(tree.steps);
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

/** The best value found so far at an open node: MAX's α, MIN's β. */
function bound(id) {
  let best = null;
  for (const child of tree.children[id]) {
    const result = number(column("result", child));
    if (!left(child) || result === null) continue;
    if (best === null || compare(result, best) * (player(id) === "max" ? 1 : -1) > 0) {
      best = result;
    }
  }
  return best;
}

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
  $("tree-event").textContent = event ? describeEvent(event) : "before the search";
  render(timer !== null);
}

function describeEvent(event) {
  const id = event.id;
  const kind = WHO[player(id)];
  if (event.kind === "enter") return `enter ${name(id)} (${kind}): ${nodeText(id)}`;
  const result = number(column("result", id));
  let text = `leave ${name(id)} (${kind}): returns ${result ?? "nothing (no valid leaf)"}`;
  if (status(id) === "table") text += ", answered by the transposition table";
  const cut = pruned(id);
  if (cut.length) {
    const nodes = cut.reduce((total, child) => total + tree.size[child], 0);
    const which = player(id) === "max" ? "β" : "α";
    text += ` — ${which} cut-off: ${cut.length} move${cut.length > 1 ? "s" : ""} ` +
      `(${nodes.toLocaleString("en")} nodes) pruned`;
  }
  return text;
}

function togglePlay() {
  if (timer) {
    stopPlay();
    return;
  }
  if (step >= tree.steps) setStep(0);
  $("tree-play").textContent = "⏸ pause";
  timer = setInterval(() => setStep(step + 1), 350);
}

function stopPlay() {
  clearInterval(timer);
  timer = null;
  $("tree-play").textContent = "▶ play";
}

// ------------------------------------------------------------------ drawing

function render(scroll = false) {
  const box = $("tree-nodes");
  box.replaceChildren(renderNode(0));
  if (scroll) box.querySelector(".node.current")?.scrollIntoView({ block: "nearest" });
}

function renderNode(id) {
  const kids = tree.children[id];
  const open = expanded.has(id);
  const row = el(
    "div",
    {
      class: rowClass(id),
      role: "treeitem",
      "data-id": String(id),
      "data-status": status(id),
      "aria-expanded": kids.length ? String(open) : null,
      onclick: kids.length ? () => toggle(id) : null,
    },
    el("span", { class: "toggle", text: kids.length ? (open ? "▾" : "▸") : "" }),
    el("span", { class: `who ${player(id)}`, text: WHO[player(id)] }),
    el("span", { class: "name", text: name(id) }),
    el("span", { class: "text", text: nodeText(id) }),
    el("span", { class: "value", text: `value ${number(column("value", id)) ?? "—"}` }),
    ...facts(id),
  );
  const wrapper = el("div", {}, row);
  if (open && kids.length) {
    wrapper.append(el("div", { class: "children", role: "group" }, ...kids.map(renderNode)));
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
    const best = bound(id);
    const letter = player(id) === "max" ? "α" : "β";
    shown.push(el("span", { class: "bound", text: `${letter} = ${best ?? (letter === "α" ? "−∞" : "+∞")}` }));
  }
  if (left(id)) {
    shown.push(el("span", { class: "returned", text: `returned ${number(column("result", id)) ?? "—"}` }));
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
