// The DAG & trees tab's drawings: the DAG of positions (levels by the longest path, a cycle
// marked in red) and the tree it unfolds to (leaves side by side, parents over their
// children, a large tree folded to the path of the step), each coloured by a step's state;
// the legend; the drawing fitted to its box.
import { $, el, svg } from "./common.js";

export const WHO = { max: "MAX", min: "MIN", chance: "chance", leaf: "leaf" };

/** A window's end, a bound and an estimate as the labels write them: −∞, ≥ 3, ≈3. */
export const infinity = (bound) => ({ "-inf": "−∞", "+inf": "+∞" })[bound] ?? bound;
export const shown = ({ value, bound }) => `${{ lower: "≥ ", upper: "≤ " }[bound] ?? ""}${value}`;
export const hat = ({ value, bound }) => (bound === "estimate" ? `≈${value}` : shown({ value, bound }));

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

/** The DAG of positions, each coloured by `colour(name)`; `marked` edges in red; `values`:
 * the search's values by position (their room is kept beside the positions). */
export function drawGraph(start, positions, colour, marked, state = null, also = [], values = undefined) {
  const { order, level } = levels(start, positions, also);
  const rows = [];
  for (const name of order) (rows[level.get(name)] ??= []).push(name);
  // room: an inner position has its name on its left and its value on its right, a leaf its
  // name below; the first and last of a row keep theirs inside the drawing
  const leaf = (name) => positions.get(name).player === "leaf";
  const nameWidth = Math.max(0, ...order.filter((name) => !leaf(name)).map((name) => name.length)) * CHAR * 0.9;
  const valueWidth = Math.max(3, ...(values ? Object.values(values).map((v) => v.length) : [3])) * CHAR;
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
export const COLLAPSE = 120;
const CHAR = 7.3; // the width of a character of the labels (12px mono)

/** Which nodes show their children: every one in a small tree; in a large one the root,
 * the path to `focus` and, at the end, the best line. */
function openNodes(lab, focus, end) {
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

/** The unfolded tree of the search `lab` at a step's `state` (`end`: the last step): leaves
 * side by side, each inner node above the middle of its children; every node named, chance
 * edges with their probabilities, labels kept apart; `editing`: click-to-edit's state. */
export function drawTree(lab, state, end, editing) {
  const tree = lab.tree;
  const open = openNodes(lab, state.current, end);
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
  const sideWidth = labelChars(lab) * CHAR;
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
function labelChars(lab) {
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

export function fit(canvas) {
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

export function legend(items) {
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
