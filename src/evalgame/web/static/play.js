// Play e-Valuate against the engine. The server is stateless: every request sends the
// whole list of moves so far, and the answer is the game after the engine's reply.
import { $, api, el, exact, expressionChecker, NAMES, radio, showError } from "./common.js";

let game = null; // the last answer of /api/evaluate/play, with the request that made it

export function setupPlay() {
  expressionChecker({
    input: $("play-expression"),
    domain: $("play-domain"),
    echo: $("play-echo"),
    domainError: $("play-domain-error"),
    button: $("play-start"),
  });
  $("play-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const request = {
      expression: $("play-expression").value,
      domain: $("play-domain").value,
      role: radio("play-role"),
      moves: [],
    };
    send(request);
  });
  $("play-hint").addEventListener("click", hint);
  $("play-undo").addEventListener("click", undo);
}

async function send(request) {
  showError($("play-error"), null);
  setBusy(true);
  try {
    const state = await api("/api/evaluate/play", request);
    game = { request, state };
    render();
  } catch (error) {
    showError($("play-error"), error);
  } finally {
    setBusy(false);
  }
}

function setBusy(busy) {
  document.body.classList.toggle("busy", busy);
  for (const button of $("play-options").querySelectorAll("button")) {
    if (busy) button.disabled = true;
  }
}

function play(move) {
  send({ ...game.request, moves: [...game.state.moves, move] });
}

/** Take back the person's last move and the engine's answer to it. */
function undo() {
  const { state, request } = game;
  const last = state.players.lastIndexOf(state.role);
  if (last < 0) return;
  send({ ...request, moves: state.moves.slice(0, last) });
}

async function hint() {
  showError($("play-error"), null);
  try {
    const answer = await api("/api/evaluate/hint", { ...game.request, moves: game.state.moves });
    const byMove = new Map(answer.options.map((option) => [option.move, option]));
    for (const button of $("play-options").querySelectorAll("button")) {
      const option = byMove.get(button.dataset.move);
      if (!option) continue;
      button.querySelector(".hint-value")?.remove();
      button.append(el("span", { class: "hint-value", text: option.value ?? "—" }));
      button.classList.toggle("best", option.best);
    }
    const mover = NAMES[game.state.to_move];
    $("play-hints").hidden = false;
    $("play-hints").textContent =
      `Under each choice: the value of the game after it, with best play from then on. ` +
      `${mover} wants it ${mover === "MAX" ? "large" : "small"}; the best choices are outlined.`;
  } catch (error) {
    showError($("play-error"), error);
  }
}

function render() {
  const { state } = game;
  $("play-game").hidden = false;
  $("play-hints").hidden = true;
  $("play-text").textContent = state.text;
  $("play-status").replaceChildren(...statusLine(state));
  renderOptions(state);
  renderHistory(state);
  $("play-undo").disabled = state.players.lastIndexOf(state.role) < 0;
  $("play-hint").disabled = state.over;
  renderResult(state);
}

function statusLine(state) {
  const parts = [];
  const engineMoves = state.engine.map((index) => describe(state, index));
  if (engineMoves.length) parts.push(`The engine ${engineMoves.join(", then ")}. `);
  if (state.over) {
    parts.push("The game is over.");
  } else {
    const who = el("span", { class: state.to_move, text: `You (${NAMES[state.to_move]})` });
    parts.push(who);
    parts.push(
      state.proposal === null
        ? ": propose a value."
        : `: put ${state.proposal} on a variable.`,
    );
  }
  return parts;
}

function describe(state, index) {
  const move = state.moves[index];
  const player = NAMES[state.players[index]];
  if (index % 2 === 0) return `(${player}) proposed ${move}`;
  return `(${player}) put ${state.moves[index - 1]} on ${move}`;
}

function renderOptions(state) {
  const box = $("play-options");
  box.replaceChildren();
  if (state.over) return;
  for (const option of state.options) {
    box.append(
      el(
        "button",
        {
          type: "button",
          "data-move": option.move,
          disabled: !option.playable,
          title: option.playable ? null : "every completion after this divides by zero",
          onclick: () => play(option.move),
        },
        el("span", { text: option.move }),
      ),
    );
  }
}

function renderHistory(state) {
  const list = $("play-history");
  list.replaceChildren();
  for (let i = 0; i + 1 < state.moves.length; i += 2) {
    const proposer = state.players[i] === state.role ? "you" : "engine";
    const placer = state.players[i + 1] === state.role ? "you" : "engine";
    list.append(
      el(
        "li",
        {},
        `${state.moves[i]} → ${state.moves[i + 1]}`,
        el("span", { class: "by", text: `  (proposed by ${proposer}, placed by ${placer})` }),
      ),
    );
  }
}

function renderResult(state) {
  const box = $("play-result");
  const result = state.result;
  box.hidden = !result;
  box.className = "result";
  if (!result) return;
  const personWon = result.winner === state.role;
  const engineWon = result.winner !== null && !personWon;
  box.classList.toggle("won", personWon);
  box.classList.toggle("lost", engineWon);
  const headline = result.winner === null ? "A draw" : personWon ? "You win" : "The engine wins";
  const rows = [];
  const count = Math.max(result.played.length, result.optimal.length);
  for (let i = 0; i < count; i += 1) {
    const mine = result.played[i];
    const best = result.optimal[i];
    rows.push(
      el(
        "tr",
        {},
        el("td", { text: String(i + 1) }),
        el("td", { class: "mono", text: mine ? `${mine.value} → ${mine.variable}` : "" }),
        el("td", { class: "mono", text: mine ? exact(mine.after) : "" }),
        el("td", { class: "mono", text: best ? `${best.value} → ${best.variable}` : "" }),
      ),
    );
  }
  box.replaceChildren(
    el("p", { class: "verdict", id: "play-verdict", text: `${headline}: ${result.verdict}` }),
    el(
      "div",
      { class: "numbers" },
      el("span", {}, "val(E) = ", el("b", { id: "play-final", text: exact(result.final) })),
      el("span", {}, "minimax(E) = ", el("b", { id: "play-minimax", text: exact(result.minimax) })),
    ),
    el(
      "table",
      {},
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", { text: "round" }),
          el("th", { text: "your game" }),
          el("th", { text: "value after it" }),
          el("th", { text: "an optimal line" }),
        ),
      ),
      el("tbody", {}, ...rows),
    ),
    el("p", {
      class: "report",
      text: "“Value after it”: minimax of the position after each round. It changes only " +
        "when someone leaves the optimal path.",
    }),
  );
}
