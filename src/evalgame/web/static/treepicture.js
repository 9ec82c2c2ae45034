// The game tree's picture at a step: the path from the root to the node the step is at,
// with every move around it, each node drawn as the search knows it then — not entered,
// open with its (α, β) window, left with its value (≥ or ≤ where a cut-off stopped it),
// pruned, answered by the table. The rest of the tree is folded into triangles with their
// sizes, so the picture stays readable at any step (the game tree tab's outline holds all).
import { svg } from "./common.js";

const SLOT = 76; // horizontal room per node (a window's label fits beside it)
const ROW = 62; // vertical room per level
const R = 13; // the size of a node's shape

/**
 * Draw into `canvas` (an <svg>) the tree that `view` describes at its step:
 * `children[id]`, `size[id]`, `player(id)` (max | min | leaf), `status(id)`, `entered(id)`,
 * `left(id)`, `move(id)` (the move into the node), `result(id)`, `window(id)` (null or
 * {alpha, beta}), `bound(id)` ("≥ ", "≤ " or ""), `name(id)`, `focus` (the node the step is
 * at, or null) and `pv(id)` (on the best line, shown at the end).
 */
export function drawPicture(canvas, view) {
  const shown = new Set([0]); // nodes whose children are drawn: the path to the focus
  const path = [];
  for (let node = view.focus ?? 0; node !== null && node !== undefined && node >= 0; node = view.parent(node)) {
    path.push(node);
  }
  for (const node of path) if (view.children[node].length) shown.add(node);
  const x = new Map();
  const depth = new Map([[0, 0]]);
  let slots = 0;
  const place = (id) => { // at most 2·variables + 1 levels deep: recursion is fine
    const kids = shown.has(id) ? view.children[id] : [];
    if (!kids.length) {
      x.set(id, slots++);
      return;
    }
    for (const kid of kids) {
      depth.set(kid, depth.get(id) + 1);
      place(kid);
    }
    x.set(id, (x.get(kids[0]) + x.get(kids[kids.length - 1])) / 2);
  };
  place(0);
  const levels = Math.max(...depth.values()) + 1;
  const width = Math.max(slots * SLOT + 30, 220);
  const height = levels * ROW + 34;
  const at = (id) => [15 + (x.get(id) + 0.5) * SLOT, 24 + depth.get(id) * ROW];
  const edges = [];
  const nodes = [];
  for (const id of x.keys()) {
    const [cx, cy] = at(id);
    const player = view.player(id);
    const parent = view.parent(id);
    const status = view.status(id);
    const cut = (status === "alpha" || status === "beta") && parent >= 0 && view.left(parent);
    if (parent >= 0) {
      const [px, py] = at(parent);
      edges.push(svg("line", { x1: px, y1: py + R, x2: cx, y2: cy - R, class: `edge${cut ? " pruned" : ""}` }));
      const [mx, my] = [(px + cx) / 2, (py + cy) / 2];
      edges.push(svg("text", { x: mx + (cx >= px ? 5 : -5), y: my, class: `move ${cx >= px ? "side" : "left"}`, text: view.move(id) }));
      if (cut) {
        edges.push(svg("text", { x: mx, y: my + 14, class: `cut ${status}`, text: status === "alpha" ? "✂α" : "✂β" }));
      }
    }
    let paint = "unvisited";
    if (cut) paint = "pruned";
    else if (view.left(id)) paint = "done";
    else if (view.entered(id)) paint = "open";
    const labels = [];
    const result = view.left(id) ? view.result(id) : null;
    if (player === "leaf") {
      if (result !== null) labels.push(svg("text", { x: cx, y: cy + 4, class: "payoff", text: result }));
    } else if (paint === "done") {
      labels.push(svg("text", { x: cx + R + 3, y: cy + 4, class: "value side", text: result === null ? "—" : `${view.bound(id)}${result}` }));
    } else if (paint === "open") {
      const window = view.window(id);
      if (window) labels.push(svg("text", { x: cx + R + 3, y: cy + 4, class: "window side", text: `(${window.alpha}, ${window.beta})` }));
    }
    if (status === "table" && view.left(id)) {
      labels.push(svg("text", { x: cx, y: cy - R - 3, class: "tt", text: "TT" }));
    }
    const hidden = !shown.has(id) && view.children[id].length;
    if (hidden) { // a folded subtree: a triangle and its number of nodes
      const top = cy + R + 4;
      labels.push(
        svg("path", { d: `M${cx},${top} L${cx + 9},${top + 14} L${cx - 9},${top + 14} Z`, class: "folded" }),
        svg("text", { x: cx, y: top + 25, class: "folded-size", text: `${view.size[id] - 1}` }),
      );
    }
    const current = view.focus === id ? " current" : "";
    const pv = view.pv(id) ? " pv" : "";
    nodes.push(svg("g", { class: `node ${paint}${current}${pv}`, "data-id": String(id), "data-colour": paint },
      shape(player, cx, cy),
      svg("title", { text: `${view.name(id)}${result !== null ? `: ${view.bound(id)}${result}` : ""}${hidden ? ` (${view.size[id] - 1} nodes below, folded)` : ""}` }),
      ...labels,
    ));
  }
  canvas.setAttribute("viewBox", `0 0 ${width} ${height}`);
  canvas.setAttribute("aria-label", `the game tree at this step: the path to ${view.name(view.focus ?? 0)} and the moves around it`);
  canvas.replaceChildren(...edges, ...nodes);
  fitPicture(canvas);
  const focus = canvas.querySelector(".node.current");
  if (focus) { // a wide picture scrolls sideways to the step
    const box = canvas.parentElement;
    const fx = (at(view.focus)[0] * canvas.clientWidth) / width;
    if (fx < box.scrollLeft || fx > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, fx - box.clientWidth / 2);
    }
  }
}

/** Scaled to its box's width and the screen's height, up to 1.4 times its size (on a
 * projector at least half of it: a wider picture scrolls sideways). */
export function fitPicture(canvas) {
  const view = canvas.viewBox.baseVal;
  if (!view || !view.width) return;
  const room = (canvas.parentElement.clientWidth || view.width) - 2;
  // the screen's height below the box's top (the page scrolled to the top): the controls,
  // the step text and the picture are seen together
  const top = canvas.parentElement.getBoundingClientRect().top + window.scrollY;
  const tall = Math.max(220, window.innerHeight - top - 12);
  const least = room < 600 ? 0 : 0.5; // a phone shows it whole (its screen zooms in)
  const scale = Math.max(least, Math.min(1.4, room / view.width, tall / view.height));
  canvas.style.width = `${Math.floor(view.width * scale)}px`;
}

/** MAX ▲, MIN ▼, leaf ■. */
function shape(player, x, y) {
  if (player === "leaf") {
    return svg("rect", { x: x - R, y: y - R + 2, width: 2 * R, height: 2 * R - 4, rx: 4, class: "shape" });
  }
  const d = player === "max"
    ? `M${x},${y - R} L${x + R * 1.15},${y + R * 0.8} L${x - R * 1.15},${y + R * 0.8} Z`
    : `M${x},${y + R} L${x + R * 1.15},${y - R * 0.8} L${x - R * 1.15},${y - R * 0.8} Z`;
  return svg("path", { d, class: "shape" });
}
