// Click-to-edit trees for the DAG & trees tab: the drawn tree as an editable model, the
// panel that edits the node clicked (its value, player, probabilities, estimate; a move
// added, the node removed), and the model written back as the game's text — nested lists
// when MAX and MIN simply alternate, else the docs/dag.md format.
import { el } from "./common.js";

const PLAYERS = { max: "MAX", min: "MIN", chance: "chance", leaf: "leaf" };

/**
 * The tree of a search's answer as a model the editor changes: one entry per node of the
 * unfolded tree (null: the game shares positions, so a node is not a position — edit its
 * JSON instead).
 */
export function editableTree(lab) {
  if (!lab?.tree || lab.tree.length !== lab.positions.size) return null;
  return lab.tree.map((node, id) => {
    const position = lab.positions.get(node.position);
    return {
      name: node.position,
      player: position.player,
      value: position.player === "leaf" ? String(position.value) : null,
      probabilities: position.probabilities ? [...position.probabilities] : null,
      estimate: position.estimate === undefined ? null : String(position.estimate),
      kids: [...lab.children[id]],
      parent: node.parent,
    };
  });
}

/** The game's text: nested lists if they say it all, else a DAG object as JSON. */
export function gameText(model) {
  const alternate = model.every((node, id) => node.player === "leaf" || (
    node.player === (depthOf(model, id) % 2 ? "min" : "max") && node.estimate === null));
  if (alternate && model[0].name === "root" && model.every((node, id) => node.name === pathName(model, id))) {
    const write = (id) => (model[id].player === "leaf" ? model[id].value : `[${model[id].kids.map(write).join(",")}]`);
    return write(0);
  }
  const positions = {};
  for (const node of model) {
    if (node.player === "leaf") {
      positions[node.name] = { value: node.value };
      continue;
    }
    const moves = node.kids.map((kid) => model[kid].name);
    positions[node.name] = { player: node.player, moves };
    if (node.player === "chance") positions[node.name].probabilities = node.probabilities;
    if (node.estimate !== null) positions[node.name].estimate = node.estimate;
  }
  return JSON.stringify({ start: model[0].name, positions });
}

function depthOf(model, id) {
  let depth = 0;
  for (let node = model[id].parent; node !== null; node = model[node].parent) depth += 1;
  return depth;
}

/** The name a nested-list tree gives the node: root, 1, 1.2, … */
function pathName(model, id) {
  const parent = model[id].parent;
  if (parent === null) return "root";
  const number = model[parent].kids.indexOf(id) + 1;
  return parent === 0 ? String(number) : `${pathName(model, parent)}.${number}`;
}

/** A name no node has yet, below `parent`. */
function freshName(model, parent) {
  const names = new Set(model.map((node) => node.name));
  const base = model[parent].name === "root" ? "" : `${model[parent].name}.`;
  for (let k = model[parent].kids.length + 1; ; k += 1) if (!names.has(`${base}${k}`)) return `${base}${k}`;
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)(\/\d+)?$/;

/** An exact number's [numerator, denominator] as BigInts (null if it is not one). */
function fraction(text) {
  if (!NUMBER.test(text)) return null;
  const [top, bottom = "1"] = text.split("/");
  const [whole, decimals = ""] = top.split(".");
  const den = BigInt(bottom) * 10n ** BigInt(decimals.length);
  if (den === 0n) return null;
  return [BigInt(`${whole.replace("-", "") || "0"}${decimals}`) * (top.startsWith("-") ? -1n : 1n), den];
}

/** Why `texts` are not probabilities of a chance position (null: they are). */
export function badProbabilities(texts, moves) {
  if (texts.length !== moves) return `give ${moves} probabilities, one per move`;
  let [num, den] = [0n, 1n];
  for (const text of texts) {
    const p = fraction(text);
    if (!p || p[0] < 0n) return `'${text}' is not an exact probability (such as 1/3 or 0.25)`;
    [num, den] = [num * p[1] + p[0] * den, den * p[1]];
  }
  return num === den ? null : "the probabilities must add up to exactly 1";
}

/** Equal probabilities for `count` moves, as fractions. */
const even = (count) => Array.from({ length: count }, () => (count === 1 ? "1" : `1/${count}`));

/** The player below `parent` when MAX and MIN alternate (chance passes the turn on). */
function nextPlayer(model, parent) {
  for (let node = parent; node !== null; node = model[node].parent) {
    if (model[node].player === "max") return "min";
    if (model[node].player === "min") return "max";
  }
  return "max";
}

/** Add a move to `id` (a leaf becomes the other player's position with one move). */
function addMove(model, id) {
  const node = model[id];
  if (node.player === "leaf") {
    node.player = id === 0 ? "max" : nextPlayer(model, node.parent);
    node.value = null;
  }
  const kid = { name: freshName(model, id), player: "leaf", value: "0", probabilities: null, estimate: null, kids: [], parent: id };
  model.push(kid);
  node.kids.push(model.length - 1);
  if (node.player === "chance") node.probabilities = even(node.kids.length);
}

/** Remove `id` and what is below it (its parent keeps at least one move). */
function remove(model, id) {
  const parent = model[id].parent;
  const kids = model[parent].kids;
  kids.splice(kids.indexOf(id), 1);
  if (model[parent].player === "chance") model[parent].probabilities = even(kids.length);
  compact(model);
}

/** Keep only the nodes still reachable from the root, renumbered in pre-order. */
function compact(model) {
  const order = [];
  const stack = [0];
  while (stack.length) {
    const node = stack.pop();
    order.push(node);
    stack.push(...[...model[node].kids].reverse());
  }
  const index = new Map(order.map((old, i) => [old, i]));
  const kept = order.map((old) => ({
    ...model[old],
    kids: model[old].kids.map((kid) => index.get(kid)),
    parent: model[old].parent === null ? null : index.get(model[old].parent),
  }));
  model.splice(0, model.length, ...kept);
}

/**
 * The panel that edits node `id` of `model`; `apply(text)` runs the search on the new game.
 * Every change is checked by the server when the search runs again.
 */
export function editPanel(model, id, apply) {
  const node = model[id];
  const done = () => apply(gameText(model));
  const message = el("span", { id: "dag-edit-error", class: "field-error", role: "alert" });
  const refuse = (text) => { message.textContent = text; };
  const parts = [el("strong", { text: `${node.name} (${PLAYERS[node.player]})` })];
  if (node.player === "leaf") {
    const value = el("input", { id: "dag-edit-value", type: "text", value: node.value, size: "8", "aria-label": `the value of ${node.name}`, spellcheck: "false" });
    const set = () => {
      const text = value.value.trim();
      if (!fraction(text)) return refuse(`'${text}' is not an exact number (such as 3, -1/2 or 0.25)`);
      node.value = text;
      return done();
    };
    value.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); set(); } });
    parts.push(el("label", { for: "dag-edit-value", text: "value" }), value,
      el("button", { type: "button", id: "dag-edit-set", text: "set", onclick: set }));
  } else {
    const player = el("select", { id: "dag-edit-player", "aria-label": `who moves at ${node.name}` },
      ...["max", "min", "chance"].map((p) => el("option", { value: p, text: PLAYERS[p] })));
    player.value = node.player;
    player.addEventListener("change", () => {
      node.player = player.value;
      node.probabilities = node.player === "chance" ? even(node.kids.length) : null;
      done();
    });
    parts.push(player);
    if (node.player === "chance") {
      const odds = el("input", { id: "dag-edit-odds", type: "text", value: node.probabilities.join(", "), size: "16", "aria-label": `the probabilities of ${node.name}'s moves`, spellcheck: "false" });
      const set = () => {
        const texts = odds.value.split(/[\s,;]+/).filter(Boolean);
        const bad = badProbabilities(texts, node.kids.length);
        if (bad) return refuse(bad);
        node.probabilities = texts;
        return done();
      };
      odds.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); set(); } });
      parts.push(el("label", { for: "dag-edit-odds", text: "probabilities" }), odds,
        el("button", { type: "button", text: "set", onclick: set }));
    }
    const estimate = el("input", { id: "dag-edit-estimate", type: "text", value: node.estimate ?? "", size: "6", placeholder: "none", "aria-label": `the estimate of ${node.name}`, spellcheck: "false" });
    const setEstimate = () => {
      const text = estimate.value.trim();
      if (text && !fraction(text)) return refuse(`'${text}' is not an exact number (such as 3, -1/2 or 0.25)`);
      node.estimate = text || null;
      return done();
    };
    estimate.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); setEstimate(); } });
    parts.push(el("label", { for: "dag-edit-estimate", text: "estimate" }), estimate,
      el("button", { type: "button", text: "set", onclick: setEstimate }),
      el("button", { type: "button", id: "dag-edit-leaf", text: "make a leaf", onclick: () => {
        Object.assign(node, { player: "leaf", value: "0", probabilities: null, estimate: null, kids: [] });
        compact(model);
        done();
      } }));
  }
  parts.push(el("button", { type: "button", id: "dag-edit-add", text: "+ move", onclick: () => { addMove(model, id); done(); } }));
  if (id !== 0 && model[node.parent].kids.length > 1) {
    parts.push(el("button", { type: "button", id: "dag-edit-remove", text: "remove", onclick: () => { remove(model, id); done(); } }));
  }
  parts.push(message);
  return parts;
}
