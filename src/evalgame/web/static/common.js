// Shared helpers: the JSON API, busy states, shareable links, the expression checker,
// small DOM and number utilities.

/** An answer of the API that is not 2xx: `status` and the server's JSON body. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `the server answered ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

/** A request the person cancelled. */
export class Cancelled extends Error {}

/**
 * POST `body` as JSON to `path`; resolves to the JSON answer, rejects with ApiError (or
 * Cancelled when `signal` aborts it).
 */
export async function api(path, body, signal = undefined) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal && signal.aborted) throw new Cancelled("cancelled");
    throw new ApiError(0, { message: "The server cannot be reached: is `evalgame serve` running?" });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** `document.getElementById`. */
export const $ = (id) => document.getElementById(id);

/** A new element with attributes (`class`, `text`, `on…` handlers, others as attributes). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/** An SVG element with attributes. */
export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** An exact number ("16/3") with its decimal value when it is a fraction ("16/3 ≈ 5.333"). */
export function exact(text) {
  if (text === null || text === undefined) return "—";
  const match = /^(-?\d+)\/(\d+)$/.exec(text);
  if (!match) return text;
  const value = Number(match[1]) / Number(match[2]);
  let denominator = Number(match[2]);
  for (const p of [2, 5]) while (denominator % p === 0) denominator /= p;
  const sign = denominator === 1 ? "=" : "≈";
  return `${text} ${sign} ${Number(value.toFixed(4))}`;
}

/** The name of a player. */
export const NAMES = { max: "MAX", min: "MIN" };

/**
 * The verdict said once: the page's own headline ("You win") and the comparison behind it
 * ("val(E) = 20 > minimax(E) = 18"); without a verdict (value unknown), the whole sentence.
 */
export function verdictLine(headline, result) {
  return result.reason ? `${headline}: ${result.reason}` : `${headline}: ${result.verdict}`;
}

/** The checked radio button of group `name`. */
export function radio(name) {
  return document.querySelector(`input[name="${name}"]:checked`).value;
}

/** Show `error` (an ApiError or any Error) in the element `target`. */
export function showError(target, error) {
  target.textContent = error ? error.message || String(error) : "";
}

/** Whether the panel `name` is waiting for the server. */
export const isBusy = (name) => $(name).getAttribute("aria-busy") === "true";

/** How long the busy bar waits before it shows (quick answers do not flicker), in ms. */
const BUSY_DELAY = 250;

/**
 * Run `work(signal)` with the panel `name` busy: its buttons disabled at once, and after a
 * moment a progress bar of the time spent against the request's budget (`seconds`) with
 * a Cancel button that aborts the request. Resolves to work's answer, or rejects with
 * Cancelled (the panel then says so) or the request's error.
 */
export async function whileBusy(name, label, seconds, work) {
  const panel = $(name);
  const bar = $(`${name}-busy`);
  const progress = bar.querySelector("progress");
  const text = bar.querySelector(".busy-text");
  const cancel = bar.querySelector("button");
  const controller = new AbortController();
  const frozen = [...panel.querySelectorAll("button:not(.cancel)")].filter((b) => !b.disabled);
  for (const button of frozen) button.disabled = true;
  panel.setAttribute("aria-busy", "true");
  const start = performance.now();
  const tick = () => {
    const spent = (performance.now() - start) / 1000;
    if (spent < seconds) progress.value = spent / seconds;
    else progress.removeAttribute("value"); // past the budget: the answer is on its way
    text.textContent = `${label}… ${spent.toFixed(1)} s (at most about ${seconds} s)`;
  };
  progress.value = 0;
  tick();
  const shower = setTimeout(() => {
    bar.hidden = false;
  }, BUSY_DELAY);
  const ticker = setInterval(tick, 100);
  const onCancel = () => controller.abort();
  cancel.addEventListener("click", onCancel);
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(shower);
    clearInterval(ticker);
    cancel.removeEventListener("click", onCancel);
    bar.hidden = true;
    panel.removeAttribute("aria-busy");
    // give back what was clickable, except what the expression check refuses meanwhile
    for (const button of frozen) button.disabled = Boolean(button.dataset.refused);
  }
}

// ------------------------------------------------------------------ shareable links
// A game lives in the address: #play?e=X*(Y-Z)&d=0..9&r=max&m=9,Z reopens it.

/** The tab and the parameters in the address's fragment. */
export function readLink() {
  const [tab, query = ""] = location.hash.slice(1).split("?");
  return { tab, params: new URLSearchParams(query) };
}

/** Put the game of `tab` into the address (no new history entry, no reload). */
export function writeLink(tab, params) {
  const query = new URLSearchParams(params).toString();
  history.replaceState(null, "", `#${tab}${query ? `?${query}` : ""}`);
}

// ------------------------------------------------------------------ keyboard

/** Whether a key press belongs to a text field (and must not become a move). */
export function typing(event) {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") {
    return true;
  }
  return target.tagName === "INPUT" && !["radio", "checkbox", "range", "button"].includes(target.type);
}

/**
 * Arrow keys move the focus over `items` (roving tabindex: only one of them is in the Tab
 * order). `next(index, key)` gives the index to move to, or null to leave the key alone.
 */
export function rove(container, selector, next) {
  container.addEventListener("keydown", (event) => {
    const items = [...container.querySelectorAll(selector)];
    const index = items.indexOf(document.activeElement);
    if (index < 0) return;
    const target = next(index, event.key, items.length);
    if (target === null || target === undefined) return;
    event.preventDefault();
    const chosen = items[Math.max(0, Math.min(items.length - 1, target))];
    for (const item of items) item.tabIndex = item === chosen ? 0 : -1;
    chosen.focus();
  });
}

/**
 * Check an expression as it is typed: after each pause in typing, ask the server and
 * echo the expression under the input with the offending character marked. What the page
 * cannot do with a well-formed expression (too many variables for `use`, "play" or
 * "tree"; too many values) is said before the click, under the field at fault, and the
 * `button` stays disabled. `onChange` receives the check's answer (null while refused).
 */
export function expressionChecker({ input, domain, echo, domainError, button, use, onChange }) {
  let timer = null;
  let asked = 0;
  const check = async () => {
    const number = ++asked;
    const expression = input.value;
    let answer = null;
    let error = null;
    try {
      answer = await api("/api/evaluate/check", { expression, domain: domain.value || "0..9" });
    } catch (caught) {
      error = caught;
    }
    if (number !== asked) return; // a newer check is on its way
    const refusal = error ? refusalOf(error) : limits(answer, use);
    renderEcho(echo, expression, answer, error, refusal.expression);
    domainError.textContent = refusal.domain || "";
    input.classList.toggle("invalid", Boolean(refusal.expression));
    input.setAttribute("aria-invalid", String(Boolean(refusal.expression)));
    domain.classList.toggle("invalid", Boolean(refusal.domain));
    domain.setAttribute("aria-invalid", String(Boolean(refusal.domain)));
    const refused = refusal.expression || refusal.domain || "";
    button.dataset.refused = refused;
    button.title = refused;
    if (!button.closest("[aria-busy='true']")) button.disabled = Boolean(refused);
    if (onChange) onChange(refused ? null : answer);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(check, 120);
  };
  input.addEventListener("input", later);
  domain.addEventListener("input", later);
  check();
  return check;
}

/** The field a refused check blames, and its message. */
function refusalOf(error) {
  return error.body.field === "domain" ? { domain: error.message } : { expression: error.message };
}

/** What the page cannot do with a well-formed expression, said per field. */
function limits(answer, use) {
  const n = answer.variables.length;
  const m = answer.domain.length;
  const limit = answer.limits;
  const plural = (count, noun) => `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;
  if (use === "play") {
    if (n > limit.play_variables) {
      return {
        expression: `${plural(n, "variable")}: the page plays games of at most ` +
          `${limit.play_variables} (the command line \`evalgame play\` has no such limit).`,
      };
    }
    if (m > limit.play_domain) {
      return { domain: `${plural(m, "value")}: the page plays with at most ${limit.play_domain}.` };
    }
  }
  if (use === "tree") {
    if (n > limit.tree_variables) {
      return {
        expression: `${plural(n, "variable")}: the explorer draws trees of at most ` +
          `${limit.tree_variables}.`,
      };
    }
    if (BigInt(answer.tree_size) > BigInt(limit.tree_nodes)) {
      return {
        domain: `${BigInt(answer.tree_size).toLocaleString("en")} nodes: the explorer draws ` +
          `at most ${limit.tree_nodes.toLocaleString("en")}; use fewer values.`,
      };
    }
  }
  return {};
}

function renderEcho(echo, expression, answer, error, refusal) {
  echo.replaceChildren();
  if (!error) {
    const variables = answer.variables.length;
    echo.append(
      el("span", { class: "ok-text", text: `${refusal ? "" : "✓ "}${answer.expression}` }),
      el("span", {
        class: "info",
        text: `${variables} variable${variables === 1 ? "" : "s"}, ` +
          `${BigInt(answer.tree_size).toLocaleString("en")} nodes in the game tree`,
      }),
    );
    if (refusal) echo.append(el("span", { class: "message", text: refusal }));
    echo.dataset.state = refusal ? "refused" : "ok";
    delete echo.dataset.position;
    return;
  }
  const body = error.body;
  if (body.field === "domain") {
    echo.dataset.state = "ok";
    return;
  }
  echo.dataset.state = "error";
  if (body.field === "expression" && typeof body.position === "number") {
    const position = body.position;
    const text = body.expression ?? expression;
    const bad = text.slice(position, position + 1) || " ";
    echo.dataset.position = String(position);
    echo.append(
      text.slice(0, position),
      el("mark", { title: body.message, text: bad }),
      text.slice(position + 1),
      el("span", { class: "message", text: `${body.message} (character ${position + 1})` }),
    );
  } else {
    delete echo.dataset.position;
    echo.append(expression, el("span", { class: "message", text: error.message }));
  }
}

/** Call `open()` the first time the panel `id` is shown (a tab that starts with an example). */
export function onFirstShow(id, open) {
  const panel = $(id);
  const observer = new MutationObserver(() => {
    if (panel.hidden) return;
    observer.disconnect();
    open();
  });
  if (panel.hidden) observer.observe(panel, { attributes: true, attributeFilter: ["hidden"] });
  else open();
}
