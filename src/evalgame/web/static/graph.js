// The graph game game(G, A, B, [k]): MAX proposes a colour, MIN puts it on an element of A.
import {
  $,
  api,
  Cancelled,
  el,
  exact,
  isBusy,
  radio,
  showError,
  svg,
  typing,
  verdictLine,
  whileBusy,
  writeLink,
} from "./common.js";

const PAINT = ["#ffffff", "#f4c542", "#42a5f5", "#66bb6a", "#ab47bc", "#ff7043", "#26c6da", "#8d6e63", "#ec407a"];
const OWNER = { max: "#1f4e9c", min: "#c62828", open: "#bdbdbd", none: "#e0e0e0" };
const TINT = { max: "#d3e2f7", min: "#f8d9d6", open: "#f6f6f6", none: "#fafafa" };
const KIND = { V: "vertex", E: "edge", R: "face" };
const SIZE = 440;
const MARGIN = 44;

let game = null; // {request, state}

/** Set the tab up; returns the function that opens a shared link's game. */
export function setupGraph() {
  $("graph-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send(formRequest([]));
  });
  $("graph-undo").addEventListener("click", undo);
  $("graph-hint").addEventListener("click", hint);
  document.addEventListener("keydown", keyboard);
  return (params) => {
    const choose = (id, value) => {
      if (value !== null && [...$(id).options].some((option) => option.value === value)) {
        $(id).value = value;
      }
    };
    choose("graph-spec", params.get("g"));
    choose("graph-pair", params.get("p"));
    choose("graph-rule", params.get("rule"));
    if (params.get("k")) $("graph-colours").value = params.get("k");
    const role = params.get("r") === "min" ? "min" : "max";
    document.querySelector(`input[name="graph-role"][value="${role}"]`).checked = true;
    const moves = (params.get("m") ?? "").split(",").filter(Boolean).map(Number);
    send(formRequest(moves));
  };
}

function formRequest(moves) {
  const [colour, share] = $("graph-pair").value.split(",");
  return {
    graph: $("graph-spec").value,
    colour,
    share,
    colours: Number($("graph-colours").value),
    rule: $("graph-rule").value,
    role: radio("graph-role"),
    moves,
  };
}

async function send(request) {
  showError($("graph-error"), null);
  try {
    const state = await whileBusy("graph", "The engine is thinking", 3, (signal) =>
      api("/api/graph/play", request, signal),
    );
    game = { request, state };
    writeLink("graph", {
      g: request.graph,
      p: `${request.colour},${request.share}`,
      k: request.colours,
      rule: request.rule,
      r: request.role,
      m: state.moves.join(","),
    });
    render();
  } catch (error) {
    const cancelled = error instanceof Cancelled;
    showError($("graph-error"), cancelled ? new Error("Cancelled: the game is as it was.") : error);
  }
}

function undo() {
  const { state, request } = game;
  const last = state.players.lastIndexOf(state.role);
  if (last >= 0) send({ ...request, moves: state.moves.slice(0, last) });
}

/** A colour's number proposes it; Backspace undoes. */
function keyboard(event) {
  if ($("graph").hidden || !game || game.state.over || isBusy("graph") || typing(event)) return;
  const colour = $("graph-palette").querySelector(`button[data-colour="${CSS.escape(event.key)}"]`);
  if (colour) colour.click();
  else if (event.key === "?" && !$("graph-hint").disabled) hint();
  else if (event.key === "Backspace" && !$("graph-undo").disabled) undo();
  else return;
  event.preventDefault();
}

/** Every legal move with MAX's final share after it, the best outlined, and a best line. */
async function hint() {
  showError($("graph-error"), null);
  const { request, state } = game;
  let answer;
  try {
    answer = await whileBusy("graph", "Working out the value of every move", 3, (signal) =>
      api("/api/graph/hint", { ...request, moves: state.moves }, signal),
    );
  } catch (error) {
    if (!(error instanceof Cancelled)) showError($("graph-error"), error);
    return;
  }
  $("graph-hints").hidden = false;
  if (!answer.exact) {
    $("graph-hints").textContent = "The search ran out of time: it proved only " +
      `${exact(answer.lower)} ≤ MAX's final share ≤ ${exact(answer.upper)}.`;
    return;
  }
  const placing = state.proposal !== null;
  const name = (move) => (placing ? state.a[move] : `colour ${move}`);
  const byMove = new Map(answer.moves.map((option) => [option.move, option]));
  // the values go under the colours, and beside the elements in the list below
  for (const button of $("graph-palette").querySelectorAll("button")) {
    const option = byMove.get(Number(button.dataset.colour));
    if (!option) continue;
    button.querySelector(".hint-value")?.remove();
    button.append(el("span", { class: "hint-value", text: exact(option.value) }));
    button.classList.toggle("best", option.best);
    button.setAttribute("aria-label",
      `propose colour ${option.move}: MAX's share ${exact(option.value)} after it${option.best ? ", a best move" : ""}`);
  }
  const mover = placing ? "MIN" : "MAX";
  const list = el("ul", { class: "hint-list" }, ...answer.moves.map((option) =>
    el("li", { class: option.best ? "best" : null },
      `${name(option.move)} → `, el("span", { class: "hint-value", text: exact(option.value) }),
      option.best ? " (best)" : ""),
  ));
  $("graph-hints").replaceChildren(
    el("p", { text: `After each move, MAX's share with best play from then on; ${mover} wants it ` +
      `${mover === "MAX" ? "large" : "small"}. With best play from here MAX ends with ` +
      `${exact(answer.value)}.` }),
    list,
    el("p", { class: "optimal-line", text: `An optimal line from here: ${answer.pv.join(", ")}.` }),
  );
}

function play(move) {
  send({ ...game.request, moves: [...game.state.moves, move] });
}

function render() {
  const { state } = game;
  $("graph-game").hidden = false;
  $("graph-formula").textContent = `${state.title}: ${state.formula}`;
  $("graph-why").hidden = !state.why_over;
  $("graph-why").textContent = state.why_over ? `Over before it starts. ${state.why_over}` : "";
  const myTurn = !state.over && state.to_move === state.role;
  const placing = myTurn && state.proposal !== null;
  $("graph-status").replaceChildren(...status(state, myTurn));
  renderPalette(state, myTurn && state.proposal === null);
  draw(state, placing);
  $("graph-share").textContent =
    `MAX's share so far: ${exact(state.won)} of ${exact(state.total)} ` +
    `(${exact(state.pending)} still open). Outlines: blue MAX's, red MIN's, grey undecided.`;
  $("graph-undo").disabled = state.players.lastIndexOf(state.role) < 0;
  $("graph-hint").disabled = !myTurn;
  $("graph-hints").hidden = true;
  renderResult(state);
  // the keyboard stays in the game: on the first colour, the first element, or the verdict
  const next = state.over
    ? $("graph-result")
    : $("graph-game").querySelector("#graph-palette button, [data-a][tabindex='0'], #graph-outer button:not(:disabled)");
  next?.focus();
}

function status(state, myTurn) {
  const parts = [];
  for (const index of state.engine) {
    const move = state.moves[index];
    parts.push(
      index % 2 === 0
        ? `The engine (MAX) proposed colour ${move}. `
        : `The engine (MIN) put colour ${state.moves[index - 1]} on ${state.a[move]}. `,
    );
  }
  if (state.over) parts.push("The game is over.");
  else if (myTurn && state.proposal === null) parts.push("Your turn (MAX): propose a colour.");
  else if (myTurn) {
    parts.push(`Your turn (MIN): pick an uncoloured ${KIND[state.colour]} to give it colour `);
    parts.push(el("span", { class: "swatch", style: `background:${PAINT[state.proposal]}` }));
    parts.push(` ${state.proposal}.`);
  }
  return parts;
}

function renderPalette(state, active) {
  const box = $("graph-palette");
  box.replaceChildren();
  if (!active) return;
  for (const colour of state.options) {
    box.append(
      el(
        "button",
        {
          type: "button",
          "data-colour": String(colour),
          "aria-label": `propose colour ${colour}`,
          onclick: () => play(colour),
        },
        el("span", { class: "swatch", style: `background:${PAINT[colour]}` }),
        ` ${colour}`,
      ),
    );
  }
}

/** Scale the graph's coordinates into the picture (y upwards, as drawn in the plane). */
function projector(points) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = (SIZE - 2 * MARGIN) / Math.max(x1 - x0, y1 - y0, 1e-9);
  const dx = (SIZE - scale * (x1 - x0)) / 2;
  const dy = (SIZE - scale * (y1 - y0)) / 2;
  return ([x, y]) => [dx + scale * (x - x0), SIZE - (dy + scale * (y - y0))];
}

function draw(state, placing) {
  const graph = state.graph;
  const at = projector(graph.pos);
  const points = graph.pos.map(at);
  const picture = $("graph-svg");
  picture.replaceChildren();
  const clickable = new Set(placing ? state.options : []);
  const paint = (kind, index) => (state.colour === kind ? state.painted[index] : null);
  const owner = (kind, index) => (state.share === kind ? state.owners[index] : null);
  const handler = (kind, index) =>
    state.colour === kind && clickable.has(index) ? () => play(index) : null;
  // an element MIN may colour is a button for the keyboard and for screen readers too
  const pickable = (kind, index, label) => {
    const act = handler(kind, index);
    if (!act) return {};
    return {
      class: "clickable",
      tabindex: "0",
      role: "button",
      "aria-label": `colour ${label} with colour ${state.proposal}`,
      onclick: act,
      onkeydown: (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        act();
      },
    };
  };

  graph.faces.forEach((face, index) => {
    if (face.outer) return;
    const corners = face.walk.map((v) => points[v]);
    const colour = paint("R", index);
    const mine = owner("R", index);
    const fill = colour !== null ? (colour ? PAINT[colour] : "#f7f7f7") : TINT[mine ?? "none"];
    const polygon = svg("polygon", {
      points: corners.map((p) => p.join(",")).join(" "),
      fill,
      "fill-opacity": colour ? 0.75 : 1,
      stroke: mine ? OWNER[mine] : "none",
      "stroke-width": mine ? 3 : 0,
      "stroke-dasharray": mine === "open" ? "4 3" : null,
      "data-a": state.colour === "R" ? String(index) : null,
      ...pickable("R", index, `face ${face.name}`),
    });
    picture.append(polygon);
    const cx = corners.reduce((s, p) => s + p[0], 0) / corners.length;
    const cy = corners.reduce((s, p) => s + p[1], 0) / corners.length;
    picture.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "label", text: face.name }));
  });

  graph.edges.forEach(([u, v], index) => {
    const [a, b] = [points[u], points[v]];
    const mine = owner("E", index);
    if (mine) {
      picture.append(svg("line", {
        x1: a[0], y1: a[1], x2: b[0], y2: b[1],
        stroke: OWNER[mine], "stroke-width": 12, "stroke-linecap": "round", opacity: 0.85,
      }));
    }
    const colour = paint("E", index);
    picture.append(svg("line", {
      x1: a[0], y1: a[1], x2: b[0], y2: b[1],
      stroke: colour === null ? "#444" : colour ? PAINT[colour] : "#d0d0d0",
      "stroke-width": colour === null ? 2 : 6,
      "stroke-dasharray": colour === 0 ? "6 4" : null,
      "stroke-linecap": "round",
    }));
    if (state.colour === "E") {
      picture.append(svg("line", {
        x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "transparent", "stroke-width": 18,
        "data-a": String(index),
        ...pickable("E", index, `edge ${graph.vertices[u]}–${graph.vertices[v]}`),
      }));
    }
  });

  graph.vertices.forEach((vertex, index) => {
    const [x, y] = points[index];
    const colour = paint("V", index);
    const mine = owner("V", index);
    picture.append(svg("circle", {
      cx: x, cy: y, r: 13,
      fill: colour ? PAINT[colour] : "#ffffff",
      stroke: mine ? OWNER[mine] : "#333",
      "stroke-width": mine ? 4 : 1.5,
      "data-a": state.colour === "V" ? String(index) : null,
      ...pickable("V", index, `vertex ${vertex}`),
    }));
    picture.append(svg("text", { x, y: y + 4, "text-anchor": "middle", class: "label", text: vertex }));
  });

  const outer = $("graph-outer");
  outer.replaceChildren();
  graph.faces.forEach((face, index) => {
    if (!face.outer) return;
    const colour = paint("R", index);
    const mine = owner("R", index);
    outer.append(el(
      "button",
      {
        type: "button",
        "data-a": state.colour === "R" ? String(index) : null,
        disabled: !handler("R", index),
        style: mine ? `border:3px solid ${OWNER[mine]}` : null,
        onclick: handler("R", index),
      },
      el("span", { class: "swatch", style: `background:${colour ? PAINT[colour] : "#fff"}` }),
      ` ${face.name}: the outer face`,
    ));
  });
}

function renderResult(state) {
  const box = $("graph-result");
  const result = state.result;
  box.hidden = !result;
  box.className = "result";
  if (!result) return;
  const won = result.winner === state.role;
  const lost = result.winner !== null && !won;
  box.classList.toggle("won", won && result.decided);
  box.classList.toggle("lost", lost);
  const headline = !result.decided ? "Game over" : won ? "You win" : lost ? "The engine wins" : "A draw";
  box.replaceChildren(
    el("p", { class: "verdict", id: "graph-verdict", text: verdictLine(headline, result) }),
    el("p", {
      text: `MAX's share ${exact(result.final)} of ${exact(result.total)}; under optimal play ` +
        `${result.value === null ? "unknown (the search ran out of time)" : exact(result.value)}.`,
    }),
    ...(result.optimal?.length
      ? [el("p", { class: "optimal-line", text: `An optimal line from the start: ${result.optimal.join(", ")}.` })]
      : []),
  );
}
