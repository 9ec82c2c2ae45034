// The DAG & trees lab (seeds 002 and 004): a game typed in or loaded, drawn, and a search
// stepped through it — the DFS of backward induction (white, grey, black), minimax,
// alpha-beta with its (α, β) window at every node and its cut-offs, expectiminimax — with
// the node counts side by side. The searches run on the server (POST /api/dag).
//
// This module holds the tab's state and wires it up; the form and the address are in
// dagform.js, the steps (the player, the words, the counts) in dagstep.js, the drawings
// in dagdraw.js, click-to-edit in dagedit.js.
import {
  $, api, Cancelled, el, fold, newView, showError, typing, unfold, whileBusy, writeLink,
} from "./common.js";
import { COLLAPSE, drawGraph, drawTree, fit, legend } from "./dagdraw.js";
import { editableTree, editPanel } from "./dagedit.js";
import {
  chosenOptions, DAG_SECONDS, fillForm, gameOf, loadExample, panel, randomSpec, SEARCHES,
  syncOptions, TEXTBOOK,
} from "./dagform.js";
import {
  explain, horizonText, nearby, renderCounts, replay, stepPlayer, summary,
} from "./dagstep.js";

let lab = null; // the server's answer and what is derived from it (see load)
/** The step shown (player.step, 0: before the search) and the play of the steps. */
const player = stepPlayer(() => (lab ? lab.steps.length : null), drawStep);
/** Click-to-edit: on or off, the tree as a model, the name of the node being edited. */
const editing = { on: false, model: null, selected: null };

/** Fill the tab and set it up; returns the function that opens a shared link's game. */
export function setupDag() {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/dag.css" }));
  $("dag").append(...panel(() => player.restart()));
  // a wider or narrower box (a phone turned, presenter mode, fullscreen) refits the drawing
  new ResizeObserver(() => fit($("dag-svg"))).observe($("dag-svg").parentElement);
  $("dag-game").value = TEXTBOOK;
  $("dag-example").addEventListener("change", loadExample);
  $("dag-algorithm").addEventListener("change", syncOptions);
  syncOptions();
  $("dag-edit").addEventListener("click", () => {
    editing.on = !editing.on;
    $("dag-edit").setAttribute("aria-pressed", String(editing.on));
    $("dag-edit").textContent = editing.on ? "✓ done editing" : "✎ edit the tree";
    editing.selected = editing.on ? editing.selected : null;
    editorPanel();
    if (lab) player.go(player.step);
  });
  const pick = (event) => {
    const node = event.target.closest?.("g.node[data-node]");
    if (!editing.on || !node || !editing.model) return;
    event.preventDefault();
    editing.selected = editing.model[Number(node.dataset.node)].name;
    editorPanel();
    player.go(player.step);
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
  $("dag-first").addEventListener("click", () => player.go(0));
  $("dag-back").addEventListener("click", () => player.go(player.step - 1));
  $("dag-next").addEventListener("click", () => player.go(player.step + 1));
  $("dag-last").addEventListener("click", () => player.go(lab.steps.length));
  $("dag-play").addEventListener("click", () => player.toggle());
  $("dag-step").addEventListener("input", (event) => player.go(Number(event.target.value)));
  document.addEventListener("keydown", stepKeys);
  return (params) => {
    const { at, random } = fillForm(params);
    show(at, random ? randomSpec() : null);
  };
}

/** `,` and `.` step back and on anywhere in the tab (except in a text field). */
function stepKeys(event) {
  if ($("dag").hidden || !lab || typing(event)) return;
  const by = { ",": -1, "<": -1, ".": 1, ">": 1 }[event.key];
  if (!by) return;
  event.preventDefault();
  player.go(player.step + by);
}

async function show(at = 0, random = null, keep = false) {
  player.stop();
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
    player.go(at);
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
  player.stop();
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
  renderCounts(answer, stepOther);
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

/** The same game (and options) stepped with another search, from its start. */
function stepOther(algorithm, order) {
  $("dag-algorithm").value = algorithm;
  syncOptions();
  if (!$("dag-order").disabled) $("dag-order").value = order;
  newView("dag");
  show(0, lab.address.r ? randomSpec() : null);
}

/** Show step `step` of the search: the slider, the step in words, the address, the drawing. */
function drawStep(step) {
  $("dag-step").value = String(step);
  $("dag-step-label").textContent = `step ${step} of ${lab.steps.length}`;
  const state = replay(lab, step);
  $("dag-event").replaceChildren(...(step ? explain(lab, lab.steps[step - 1], state) : ["before the search: every position is white"]));
  writeLink("dag", { ...lab.address, a: lab.algorithm, s: String(step) });
  if (lab.tree) drawTree(lab, state, step === lab.steps.length, editing);
  else if (lab.algorithm === "retrograde") {
    drawGraph(lab.start, lab.positions, (name) => state.colour.get(name) ?? "white", new Set(), state, [], lab.values);
    legend([["win", "MAX wins (W: moves to the win)"], ["loss", "MIN wins (L)"], ["draw", "a draw (D)"], ["white", "not labelled yet"]]);
  } else {
    const colour = (name) => state.colour.get(name) ?? "white";
    const shown = lab.positions.size > COLLAPSE ? nearby(lab, state) : lab.positions;
    drawGraph(lab.start, shown, colour, new Set(), state, [], lab.values);
    legend([["white", "white: not reached"], ["grey", "grey: entered"], ["black", "black: VALUE set"]]);
    if (shown !== lab.positions) {
      $("dag-legend").append(el("li", { text: `only the positions on the DFS's path and their moves (${shown.size} of ${lab.positions.size}) are drawn` }));
    }
  }
}

