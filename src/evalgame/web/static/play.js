// Play e-Valuate against the engine. The server is stateless: every request sends the
// whole list of moves so far, and the answer is the game after the engine's reply.
import {
  $,
  api,
  Cancelled,
  el,
  exact,
  expressionChecker,
  isBusy,
  NAMES,
  radio,
  showError,
  typing,
  verdictLine,
  whileBusy,
  writeLink,
} from "./common.js";

let game = null; // the last answer of /api/evaluate/play, with the request that made it
let typed = ""; // the keys typed so far towards a move (a move may be "10" or "-1/2")

/** Set the tab up; returns the function that opens a shared link's game. */
export function setupPlay() {
  const check = expressionChecker({
    input: $("play-expression"),
    domain: $("play-domain"),
    echo: $("play-echo"),
    domainError: $("play-domain-error"),
    button: $("play-start"),
    use: "play",
  });
  $("play-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if ($("play-start").disabled) return;
    send(
      {
        expression: $("play-expression").value,
        domain: $("play-domain").value,
        role: radio("play-role"),
        moves: [],
      },
      "The engine is setting up the game",
    );
  });
  $("play-hint").addEventListener("click", hint);
  $("play-undo").addEventListener("click", undo);
  document.addEventListener("keydown", keyboard);
  return (params) => {
    $("play-expression").value = params.get("e") ?? "X*(Y-Z)";
    $("play-domain").value = params.get("d") ?? "0..9";
    const role = params.get("r") === "min" ? "min" : "max";
    document.querySelector(`input[name="play-role"][value="${role}"]`).checked = true;
    check();
    const moves = (params.get("m") ?? "").split(",").filter(Boolean);
    send(
      { expression: $("play-expression").value, domain: $("play-domain").value, role, moves },
      "Replaying the game of the link",
    );
  };
}

/** Seconds the server may think per request (the API's default budget). */
const SECONDS = 5;

async function send(request, label = "The engine is thinking") {
  showError($("play-error"), null);
  try {
    const state = await whileBusy("play", label, SECONDS, (signal) =>
      api("/api/evaluate/play", request, signal),
    );
    game = { request, state };
    writeLink("play", {
      e: request.expression,
      d: request.domain,
      r: request.role,
      m: state.moves.join(","),
    });
    render();
  } catch (error) {
    if (error instanceof Cancelled) {
      showError($("play-error"), new Error("Cancelled: the game is as it was before."));
    } else {
      showError($("play-error"), error);
    }
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
  send({ ...request, moves: state.moves.slice(0, last) }, "Taking back");
}

async function hint() {
  showError($("play-error"), null);
  let answer;
  try {
    answer = await whileBusy("play", "Working out the value of every choice", SECONDS, (signal) =>
      api("/api/evaluate/hint", { ...game.request, moves: game.state.moves }, signal),
    );
  } catch (error) {
    if (!(error instanceof Cancelled)) showError($("play-error"), error);
    return;
  }
  const byMove = new Map(answer.options.map((option) => [option.move, option]));
  for (const button of $("play-options").querySelectorAll("button")) {
    const option = byMove.get(button.dataset.move);
    if (!option) continue;
    button.querySelector(".hint-value")?.remove();
    button.append(el("span", { class: "hint-value", text: option.value ?? "—" }));
    button.classList.toggle("best", option.best);
    button.setAttribute(
      "aria-label",
      `${button.dataset.move}: value ${option.value ?? "none"} after it${option.best ? ", a best choice" : ""}`,
    );
  }
  const mover = NAMES[game.state.to_move];
  $("play-hints").hidden = false;
  $("play-hints").textContent =
    `Under each choice: the value of the game after it, with best play from then on. ` +
    `${mover} wants it ${mover === "MAX" ? "large" : "small"}; the best choices are outlined.`;
}

/**
 * Keys play: a value or a variable typed is played as soon as it names one move only;
 * when it is also the start of another (1 and 10), its button takes the focus and Enter
 * plays it. `?` asks for a hint, Backspace undoes.
 */
function keyboard(event) {
  if ($("play").hidden || !game || game.state.over || isBusy("play") || typing(event)) return;
  if (event.key === "?") {
    event.preventDefault();
    if (!$("play-hint").disabled) hint();
    return;
  }
  if (event.key === "Backspace") {
    event.preventDefault();
    if (!$("play-undo").disabled) undo();
    return;
  }
  if (event.key.length !== 1 || event.key === " ") return;
  const buttons = [...$("play-options").querySelectorAll("button:not(:disabled)")];
  const starting = (text) => buttons.filter((button) => button.dataset.move.startsWith(text));
  typed += event.key;
  if (!starting(typed).length) typed = event.key;
  const candidates = starting(typed);
  if (!candidates.length) {
    typed = "";
    return;
  }
  event.preventDefault();
  const exactly = candidates.find((button) => button.dataset.move === typed);
  if (exactly && candidates.length === 1) {
    typed = "";
    exactly.click();
  } else {
    (exactly ?? candidates[0]).focus();
  }
}

function render() {
  const { state } = game;
  typed = "";
  $("play-game").hidden = false;
  $("play-hints").hidden = true;
  $("play-text").textContent = state.text;
  $("play-status").replaceChildren(...statusLine(state));
  renderOptions(state);
  renderHistory(state);
  $("play-undo").disabled = state.players.lastIndexOf(state.role) < 0;
  $("play-hint").disabled = state.over;
  renderResult(state);
  // the keyboard stays in the game: on the first choice, or on the verdict at the end
  const next = state.over ? $("play-result") : $("play-options").querySelector("button:not(:disabled)");
  next?.focus();
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
  const placing = state.proposal !== null;
  for (const option of state.options) {
    box.append(
      el(
        "button",
        {
          type: "button",
          "data-move": option.move,
          disabled: !option.playable,
          "aria-label": placing ? `put ${state.proposal} on ${option.move}` : `propose ${option.move}`,
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
    el("p", { class: "verdict", id: "play-verdict", text: verdictLine(headline, result) }),
    el(
      "div",
      { class: "numbers" },
      el("span", {}, "val(E) = ", el("b", { id: "play-final", text: exact(result.final) })),
      el("span", {}, "minimax(E) = ", el("b", { id: "play-minimax", text: exact(result.value) })),
    ),
    el(
      "div",
      { class: "table-box" },
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
    ),
    el("p", {
      class: "report",
      text: "“Value after it”: minimax of the position after each round. It changes only " +
        "when someone leaves the optimal path.",
    }),
  );
}
