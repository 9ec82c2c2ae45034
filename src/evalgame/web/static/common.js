// Shared helpers: the JSON API, the expression checker, small DOM and number utilities.

/** An answer of the API that is not 2xx: `status` and the server's JSON body. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `the server answered ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

/** POST `body` as JSON to `path`; resolves to the JSON answer, rejects with ApiError. */
export async function api(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, { message: "the server cannot be reached" });
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

/** The checked radio button of group `name`. */
export function radio(name) {
  return document.querySelector(`input[name="${name}"]:checked`).value;
}

/** Show `error` (an ApiError or any Error) in the element `target`. */
export function showError(target, error) {
  target.textContent = error ? error.message || String(error) : "";
}

/**
 * Check an expression as it is typed: after each pause in typing, ask the server and
 * echo the expression under the input with the offending character marked. `onChange`
 * receives the check's answer (or null while the expression is invalid).
 */
export function expressionChecker({ input, domain, echo, domainError, button, onChange }) {
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
    renderEcho(echo, expression, answer, error);
    const domainMessage = error && error.body.field === "domain" ? error.message : "";
    domainError.textContent = domainMessage;
    input.classList.toggle("invalid", Boolean(error && error.body.field !== "domain"));
    button.disabled = Boolean(error);
    if (onChange) onChange(answer);
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

function renderEcho(echo, expression, answer, error) {
  echo.replaceChildren();
  if (!error) {
    const variables = answer.variables.length;
    echo.append(
      el("span", { class: "ok-text", text: "✓ " + answer.expression }),
      el("span", {
        class: "info",
        text: `${variables} variable${variables === 1 ? "" : "s"}, ` +
          `${BigInt(answer.tree_size).toLocaleString("en")} nodes in the game tree`,
      }),
    );
    echo.dataset.state = "ok";
    delete echo.dataset.position;
    return;
  }
  echo.dataset.state = "error";
  const body = error.body;
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
  } else if (body.field !== "domain") {
    delete echo.dataset.position;
    echo.append(expression, el("span", { class: "message", text: error.message }));
  }
}
