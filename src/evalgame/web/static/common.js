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
    throw new ApiError(0, { message: "The server does not answer: check the connection, then try again." });
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

// Every tab keeps the link of what it shows (its game and step), even while hidden: going
// back to a tab puts its link back in the address. A new view (another tab, a game shown
// anew) is a new history entry, so Back returns to it; a step only rewrites the address.

/** The tab and the parameters in the address's fragment. */
export function readLink() {
  const [tab, query = ""] = location.hash.slice(1).split("?");
  return { tab, params: new URLSearchParams(query) };
}

const links = new Map(); // tab → the query of what it shows
const views = new Set(); // tabs whose next link is a new view (a new history entry)

/** The address of `tab` as it stands: "#dag?g=…&s=13" (the page's own query kept). */
export function addressOf(tab) {
  const query = links.get(tab);
  return `${location.search}#${tab}${query ? `?${query}` : ""}`;
}

/** The query `tab` last put in the address ("" if none). */
export const linkOf = (tab) => links.get(tab) ?? "";

/** The tab the address names, as `readLink` reads it. */
const shownTab = () => readLink().tab;

/**
 * Put the game of `tab` into the address (no reload). The tab remembers it, and when it is
 * the tab shown the address says it: as a new history entry after `newView(tab)`, else
 * rewritten in place (a step, a move).
 */
export function writeLink(tab, params) {
  const query = new URLSearchParams(params).toString();
  links.set(tab, query);
  if (shownTab() !== tab) return;
  const address = addressOf(tab);
  if (views.delete(tab) && address !== `${location.search}${location.hash}`) {
    history.pushState(null, "", address);
  } else {
    history.replaceState(null, "", address);
  }
}

/** The next link `tab` writes is a new view (the person asked for another game): Back will
 * come back to the one before. */
export function newView(tab) {
  if (links.has(tab)) views.add(tab);
}

/** Remember the link the address gave `tab` (it is shown from it). */
export function rememberLink(tab, query) {
  links.set(tab, query);
  views.delete(tab);
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
      // the validation route answers a bad field with 200 and "ok": false, so that a
      // keystroke the check refuses logs no failed request in the console
      answer = await api("/api/evaluate/validate", { expression, domain: domain.value || "0..9" });
      if (!answer.ok) [answer, error] = [null, new ApiError(400, answer)];
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
          `${limit.play_variables}.`,
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

// ------------------------------------------------------------------ a lecture room

/**
 * The header's presenter toggle: large type for the back row and the page fullscreen (the
 * Fullscreen API; Esc leaves fullscreen, the large type stays until toggled off). The mode
 * is kept in the address's query (`/?present#dag…`), so a reload or a copied link keeps it.
 */
export function setupPresenter() {
  const button = $("presenter");
  const apply = (on) => {
    document.body.classList.toggle("presenter", on);
    button.setAttribute("aria-pressed", String(on));
    const search = on ? "?present" : "";
    if (location.search !== search) {
      history.replaceState(history.state, "", `${location.pathname}${search}${location.hash}`);
    }
  };
  apply(new URLSearchParams(location.search).has("present"));
  button.addEventListener("click", () => {
    const on = !document.body.classList.contains("presenter");
    apply(on);
    const root = document.documentElement;
    if (on && !document.fullscreenElement && root.requestFullscreen) {
      root.requestFullscreen().catch(() => {}); // refused (no permission): large type only
    } else if (!on && document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
    }
  });
  // Back and Forward keep the mode: it belongs to the room, not to a view
  window.addEventListener("popstate", () => apply(document.body.classList.contains("presenter")));
}

/** The step speeds of a replay that plays itself, in ms per step. */
const SPEEDS = [
  [2000, "slow: 2 s a step"],
  [1000, "1 s a step"],
  [700, "0.7 s a step"],
  [350, "0.35 s a step"],
  [120, "fast: 0.12 s"],
];

/**
 * A replay's step-speed choice (its value: ms per step, `initial` at first); `onChange`
 * runs when it changes, so that a replay that plays goes on at the new speed.
 */
export function speedControl(id, onChange, initial = 700) {
  const select = el(
    "select",
    { id, class: "speed", "aria-label": "speed of play", title: "the speed of ▶ play" },
    ...SPEEDS.map(([ms, text]) => el("option", { value: String(ms), text })),
  );
  select.value = String(initial);
  select.addEventListener("change", onChange);
  return select;
}

/**
 * Fold the set-up of panel `id` away once a view is shown (its intro and form), leaving a
 * line that says what is shown and a button that unfolds it again: the controls, the step
 * text and the drawing then fit one projector screen.
 */
export function fold(id, what) {
  const panel = $(id);
  let bar = panel.querySelector(":scope > .folded-bar");
  if (!bar) {
    const unfold = el("button", {
      type: "button",
      class: "unfold",
      id: `${id}-unfold`,
      "aria-expanded": "false",
      text: "✎ change",
      onclick: () => {
        const open = !panel.classList.contains("unfolded");
        panel.classList.toggle("unfolded", open);
        unfold.setAttribute("aria-expanded", String(open));
        unfold.textContent = open ? "▴ fold away" : "✎ change";
        if (open) panel.querySelector(".setup input, .setup textarea, .setup select")?.focus();
      },
    });
    bar = el("div", { class: "folded-bar" }, el("span", { class: "folded-what" }), unfold);
    panel.prepend(bar);
  }
  bar.querySelector(".folded-what").textContent = what;
  panel.classList.add("folded");
  panel.classList.remove("unfolded");
  const unfold = bar.querySelector(".unfold");
  unfold.setAttribute("aria-expanded", "false");
  unfold.textContent = "✎ change";
}

/** Show panel `id`'s set-up again (the view it folded for is gone). */
export function unfold(id) {
  $(id).classList.remove("folded", "unfolded");
}
