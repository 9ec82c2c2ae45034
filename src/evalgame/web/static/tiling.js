// The tiling game: click two adjacent free squares to place a domino; the engine answers.
import { $, api, el, NAMES, radio, showError } from "./common.js";

let game = null; // {request, state}
let selected = null; // [row, col] of the first square clicked

export function setupTiling() {
  $("tiling-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const request = {
      rows: Number($("tiling-rows").value),
      cols: Number($("tiling-cols").value),
      role: radio("tiling-role"),
      moves: [],
      seconds: Number($("tiling-seconds").value),
    };
    if (!Number.isInteger(request.rows) || !Number.isInteger(request.cols)) {
      showError($("tiling-error"), new Error("rows and columns must be whole numbers"));
      return;
    }
    send(request);
  });
  $("tiling-undo").addEventListener("click", () => {
    const { state, request } = game;
    const last = state.players.lastIndexOf(state.role);
    if (last >= 0) send({ ...request, moves: state.dominoes.slice(0, last) });
  });
}

async function send(request) {
  showError($("tiling-error"), null);
  selected = null;
  $("tiling-status").textContent = game ? "The engine is thinking…" : "";
  for (const cell of $("tiling-board").querySelectorAll("button")) cell.disabled = true;
  try {
    const state = await api("/api/tiling/play", request);
    game = { request, state };
  } catch (error) {
    showError($("tiling-error"), error);
  }
  if (game) render();
}

function click(r, c) {
  if (!selected) {
    selected = [r, c];
    render();
    return;
  }
  const [r0, c0] = selected;
  if (r0 === r && c0 === c) {
    selected = null;
    render();
    return;
  }
  if (Math.abs(r0 - r) + Math.abs(c0 - c) !== 1) {
    selected = [r, c];
    render();
    showError($("tiling-error"), new Error("a domino covers two squares side by side: pick a neighbour"));
    return;
  }
  const domino = [[r0, c0], [r, c]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  send({ ...game.request, moves: [...game.state.dominoes, domino] });
}

function render() {
  const { state } = game;
  $("tiling-game").hidden = false;
  const owner = new Map();
  state.dominoes.forEach((domino, index) => {
    for (const [r, c] of domino) owner.set(`${r},${c}`, index);
  });
  const board = $("tiling-board");
  board.style.gridTemplateColumns = `repeat(${state.cols}, 3rem)`;
  board.replaceChildren();
  const myTurn = !state.over && state.to_move === state.role;
  for (let r = 0; r < state.rows; r += 1) {
    for (let c = 0; c < state.cols; c += 1) {
      const index = owner.get(`${r},${c}`);
      const taken = index !== undefined;
      const free = (rr, cc) =>
        rr >= 0 && cc >= 0 && rr < state.rows && cc < state.cols && !owner.has(`${rr},${cc}`);
      const dead = !taken && ![[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].some(([a, b]) => free(a, b));
      const classes = ["cell"];
      if (taken) classes.push(state.players[index], join(state.dominoes[index], r, c));
      else if (dead) classes.push("dead");
      if (selected && selected[0] === r && selected[1] === c) classes.push("selected");
      board.append(
        el("button", {
          type: "button",
          class: classes.join(" "),
          "data-r": String(r),
          "data-c": String(c),
          "aria-label": taken ? `row ${r + 1}, column ${c + 1}: domino ${index + 1}` : `row ${r + 1}, column ${c + 1}`,
          disabled: taken || dead || !myTurn,
          text: taken ? String(index + 1) : "",
          onclick: () => click(r, c),
        }),
      );
    }
  }
  $("tiling-status").textContent = state.over
    ? `Game over: ${state.count} domino${state.count === 1 ? "" : "es"} on the board.`
    : `${state.count} domino${state.count === 1 ? "" : "es"} placed. Your turn (${NAMES[state.role]}): ` +
      (selected ? "now click a neighbouring square." : "click a free square, then a neighbour.");
  $("tiling-report").textContent = report(state);
  $("tiling-undo").disabled = state.players.lastIndexOf(state.role) < 0;
  renderResult(state);
}

/** Which side of square (r, c) its domino's other half lies on. */
function join(domino, r, c) {
  const [other] = domino.filter(([rr, cc]) => rr !== r || cc !== c);
  if (other[0] > r) return "join-down";
  if (other[0] < r) return "join-up";
  return other[1] > c ? "join-right" : "join-left";
}

function report(state) {
  if (!state.report) return "";
  const [first, second] = state.dominoes[state.engine[state.engine.length - 1]];
  const where = `(${first[0] + 1},${first[1] + 1})–(${second[0] + 1},${second[1] + 1})`;
  const info = state.report;
  if (info.exact) {
    return `The engine placed ${where}, an optimal move: with best play from there the game ends with ${info.value} dominoes.`;
  }
  return `The engine placed ${where} by its heuristic: within its time it proved only ` +
    `${info.lower} ≤ final dominoes ≤ ${info.upper} under best play.`;
}

function renderResult(state) {
  const box = $("tiling-result");
  const result = state.result;
  box.hidden = !result;
  box.className = "result";
  if (!result) return;
  const won = result.decided && result.winner === state.role;
  const lost = result.decided && result.winner !== null && result.winner !== state.role;
  box.classList.toggle("won", won);
  box.classList.toggle("lost", lost);
  const headline = !result.decided ? "Game over" : won ? "You win" : lost ? "The engine wins" : "A draw";
  box.replaceChildren(
    el("p", { class: "verdict", id: "tiling-verdict", text: `${headline}: ${result.verdict}` }),
    el("p", {
      text: result.decided
        ? `Under optimal play from the empty board the game ends with ${result.value} dominoes.`
        : `The value of the empty board lies between ${result.lower} and ${result.upper}.`,
    }),
  );
}
