// The DAG & trees tab's steps: the step player (which step is shown, the timer that plays
// them), what the first steps have done (replay), each step in words with the formula or
// the cut-off behind it, and the summary and the table of node counts beside the drawing.
import { $, el, exact } from "./common.js";
import { hat, infinity, shown, WHO } from "./dagdraw.js";
import { EVALUATIONS, SEARCHES } from "./dagform.js";

const OUTCOMES = { win: "MAX wins", loss: "MIN wins", draw: "a draw" };

/**
 * The step player: the step shown (0: before the search) and the timer that plays the steps
 * on at the speed chosen. `count()` is the number of steps (null: no search to step),
 * `draw(step)` shows a step.
 */
export function stepPlayer(count, draw) {
  let timer = null;
  const tick = () => setInterval(() => player.go(player.step + 1), Number($("dag-speed").value));
  const player = {
    step: 0,
    /** Show step `value`, kept within the search's; at the end, the play stops. */
    go(value) {
      const steps = count();
      if (steps === null) return;
      player.step = Math.max(0, Math.min(steps, value));
      if (player.step === steps) player.stop();
      draw(player.step);
    },
    toggle() {
      if (timer) {
        player.stop();
        return;
      }
      if (player.step >= count()) player.go(0);
      $("dag-play").textContent = "⏸ pause";
      timer = tick();
    },
    /** A new speed: a replay that plays goes on at it. */
    restart() {
      if (!timer) return;
      clearInterval(timer);
      timer = tick();
    },
    stop() {
      clearInterval(timer);
      timer = null;
      if ($("dag-play")) $("dag-play").textContent = "▶ play";
    },
  };
  return player;
}

/** A large game's positions near the DFS: the start, the grey ones (the search's path), the
 * current one, and their moves. */
export function nearby(lab, state) {
  const keep = new Set([lab.start]);
  const near = [lab.start, ...[...state.colour].filter(([, c]) => c === "grey").map(([name]) => name)];
  if (state.current !== null) near.push(state.current);
  for (const name of near) {
    keep.add(name);
    for (const move of lab.positions.get(name).moves) keep.add(move);
  }
  return new Map([...keep].map((name) => {
    const position = lab.positions.get(name);
    const kept = position.moves.map((move, i) => [move, i]).filter(([move]) => keep.has(move));
    return [name, {
      ...position,
      moves: kept.map(([move]) => move),
      probabilities: position.probabilities && kept.map(([, i]) => position.probabilities[i]),
    }];
  }));
}

/** What the first `count` steps have done: colours, values, windows, cut-offs. */
export function replay(lab, count) {
  const state = {
    colour: new Map(), // DFS: position → grey | black; tree: node → open | done
    value: new Map(), // position (DFS) or node (tree) → { value, bound }
    window: new Map(), // node → [α, β] it was entered with
    pruned: new Set(), // nodes cut off (their subtrees are greyed)
    cuts: new Map(), // node → its cut step
    last: new Map(), // node → the value its child returned last (what a cut-off compares)
    current: null,
    vertices: 0,
    edges: 0,
  };
  for (const s of lab.steps.slice(0, count)) {
    const key = lab.tree ? s.node : s.position;
    state.current = key;
    if (s.step === "enter") {
      state.colour.set(key, lab.tree ? "open" : "grey");
      if (s.alpha !== undefined) state.window.set(key, [s.alpha, s.beta]);
      if (s.vertices !== undefined) [state.vertices, state.edges] = [s.vertices, s.edges];
    } else if (s.step === "leave") {
      state.colour.set(key, lab.tree ? "done" : "black");
      state.value.set(key, { value: s.value, bound: s.bound ?? "exact", table: s.table });
      const parent = lab.tree?.[key]?.parent;
      if (parent !== null && parent !== undefined) state.last.set(parent, { value: s.value, bound: s.bound ?? "exact" });
    } else if (s.step === "probe") {
      state.colour.set(key, "probed");
      state.value.set(key, { value: s.value, bound: s.bound, probe: true });
    } else if (s.step === "reuse") {
      state.colour.set(key, "done");
      state.value.set(key, { value: s.value, bound: "exact", reused: true });
    } else if (s.step === "label") {
      state.colour.set(key, s.outcome);
      const letter = { win: "W", loss: "L", draw: "D" }[s.outcome];
      state.value.set(key, { value: `${letter}${s.distance ?? ""}`, bound: "exact" });
    } else if (s.step === "cut") {
      for (const node of s.pruned) state.pruned.add(node);
      state.cuts.set(key, s);
    }
  }
  return state;
}


/** The step in words (and why, for a cut-off). */
export function explain(lab, s, state) {
  const name = s.position;
  const who = WHO[lab.positions.get(name).player];
  if (s.step === "label") return [labelled(lab, s, who)];
  if (!lab.tree) {
    if (s.step === "enter") {
      const moves = lab.positions.get(name).moves.length;
      const examined = moves ? `${who}: ${moves} move${moves === 1 ? "" : "s"} examined` : "a leaf: no moves";
      // a successor already black is not searched again: its VALUE is simply read
      const reused = lab.positions.get(name).moves.filter((move) => state.colour.get(move) === "black");
      const note = reused.length ? ` · already black, VALUE reused: ${reused.join(", ")}` : "";
      return [`${name} turns grey (${examined})${note} · so far V = ${s.vertices}, E = ${s.edges}`];
    }
    return [`${name} turns black: VALUE(${name}) = ${formula(lab, name, state)}`];
  }
  return explainTree(lab, s, state, name, who);
}

/** A step of a tree search in words: the window, the formula a node's value comes from,
 * why a cut-off prunes — with the names the drawing shows. */
function explainTree(lab, s, state, name, who) {
  const window = s.alpha === undefined ? "" : ` with (α, β) = (${infinity(s.alpha)}, ${infinity(s.beta)})`;
  const parent = lab.tree[s.node].parent;
  const parentName = parent === null ? "" : lab.tree[parent].position;
  if (s.step === "enter") {
    if (s.probe) {
      return [`Star2 probes ${parentName} through its first move: enter ${name} (${who})${window}`];
    }
    return [`enter ${name} (${who})${window}`];
  }
  if (s.step === "probe") {
    const through = lab.tree[s.through].position;
    const side = s.bound === "lower" ? "at least" : "at most";
    const mover = s.bound === "lower" ? "MAX" : "MIN";
    return [`probe of ${name} (${who}): its first move ${through} returns ${s.value}, ` +
      `so ${name} is worth ${side} ${s.value} (${mover} can always play that move)`];
  }
  if (s.step === "reuse") {
    return [`${name}: the probe's result ${s.value} still decides it with this window — not searched again`];
  }
  if (s.step === "leave") {
    const result = shown({ value: s.value, bound: s.bound });
    if (s.table) return [`${name} (${who}) is in the transposition table: returns ${result}, no move searched`];
    if (s.bound === "estimate") {
      return [`${name} (${who}) is at the depth cut-off: the evaluation function estimates it at ${s.value}`];
    }
    const position = lab.positions.get(name);
    if (position.player === "leaf") return [`leave ${name} (leaf): returns ${s.value}`];
    const cut = state.cuts.get(s.node);
    if (cut?.terms) {
      const side = cut.kind === "star-low" ? "an upper bound: it cannot reach α" : "a lower bound: it reaches β";
      return [`leave ${name} (chance): returns ${result}, its cut-off's bound — ${side}`];
    }
    const bound = { lower: " — a lower bound: the search stopped early", upper: " — an upper bound: the search stopped early" };
    return [`leave ${name} (${who}): ${treeFormula(lab, s, state, position)}${bound[s.bound] ?? ""}`];
  }
  const names = s.pruned.map((node) => lab.tree[node].position).join(", ");
  if (s.kind === "star-low" || s.kind === "star-high") {
    const low = s.kind === "star-low";
    const terms = s.terms.map((t) => `${t.p}·${t.lo === t.hi ? t.lo : low ? t.hi : t.lo}`).join(" + ");
    const [alpha, beta] = (state.window.get(s.node) ?? ["-inf", "+inf"]).map(infinity);
    const [L, U] = lab.bounds ?? ["L", "U"];
    const why = low
      ? `Star cut-off at ${name}: with every outcome not yet known at U = ${U} (or its probe's bound), ${name} is worth at most ${terms} = ${s.value} ≤ α = ${alpha}`
      : `Star cut-off at ${name}: with every outcome not yet known at L = ${L} (or its probe's bound), ${name} is worth at least ${terms} = ${s.value} ≥ β = ${beta}`;
    return [why, el("span", { class: "why", text: ` — so its other outcomes cannot matter: pruned ${names}.` })];
  }
  const [alpha, beta] = state.window.get(s.node).map(infinity);
  const best = state.last.get(s.node)?.value;
  const why = s.kind === "alpha"
    ? `α cut-off at ${name}: MIN can hold MAX to ${best} ≤ α = ${alpha}, and MAX already has ${alpha} elsewhere`
    : `β cut-off at ${name}: MAX can reach ${best} ≥ β = ${beta}, and MIN already holds MAX to ${beta} elsewhere`;
  return [why, el("span", { class: "why", text: ` so ${name}'s other moves cannot matter: pruned ${names}.` })];
}

/** How a node's value comes from its children's: "min(3, 12, 8) = 3", "1/3·1/2 + 2/3·6 =
 * 25/6", "min(2, ✂, ✂) = ≤ 2" (✂: pruned), with the children as they stand now. */
function treeFormula(lab, s, state, position) {
  const values = lab.children[s.node].map((child) => {
    const found = state.value.get(child);
    if (found && !found.probe) return hat(found);
    return state.pruned.has(child) ? "✂" : "?";
  });
  const result = shown({ value: s.value, bound: s.bound });
  if (position.player === "chance") {
    const terms = values.map((value, i) => `${position.probabilities[i]}·${value}`);
    return `${terms.join(" + ")} = ${result}`;
  }
  return `${position.player}(${values.join(", ")}) = ${result}`;
}

/** Why retrograde analysis labels a position as it does. */
function labelled(lab, s, who) {
  const position = lab.positions.get(s.position);
  const moves = s.distance === 1 ? "1 move" : `${s.distance} moves`;
  if (position.player === "leaf") {
    return `${s.position} is a leaf worth ${position.value}: ${OUTCOMES[s.outcome]}`;
  }
  if (s.outcome === "draw") {
    return `${s.position} (${who}) is a draw: neither side can force a win from it — with ` +
      `best play the game ends level or goes on for ever`;
  }
  const winner = s.outcome === "win" ? "max" : "min";
  if (position.player === winner) {
    return `${s.position} (${who}): ${who} has a move to a position it wins, so ` +
      `${OUTCOMES[s.outcome]} in ${moves}`;
  }
  return `${s.position} (${who}): every move of ${who} leads to a position it loses, so ` +
    `${OUTCOMES[s.outcome]} in ${moves} (${who} delaying as long as it can)`;
}

/** VALUE of a black position from its successors': "max(3, 1/2) = 3", "1/3·1/2 + 2/3·6 = 25/6". */
function formula(lab, name, state) {
  const position = lab.positions.get(name);
  const value = state.value.get(name).value;
  if (position.player === "leaf") return `${value} (a leaf: its payoff)`;
  const values = position.moves.map((move) => state.value.get(move)?.value ?? "?");
  if (position.player === "chance") {
    const terms = position.moves.map((_, i) => `${position.probabilities[i]}·${values[i]}`);
    return `${terms.join(" + ")} = ${value}`;
  }
  return `${position.player}(${values.join(", ")}) = ${value}`;
}


/** What the search cut off at a depth chose, against the exact values. */
export function horizonText(answer) {
  const h = answer.horizon;
  const how = EVALUATIONS[answer.options.evaluation];
  const chose = `Cut off at depth ${h.depth} (${how} at the horizon), the search plays ${h.chosen}, ` +
    `estimated ${h.estimate}. Exactly, ${h.chosen} is worth ${h.chosen_exact} and the best move, ` +
    `${h.best.join(" or ")}, ${h.exact}`;
  return h.effect
    ? `${chose} — the horizon effect: a loss the search could not see past depth ${h.depth} ` +
      `made the worse move look better. A deeper cut-off sees it.`
    : `${chose} — the cut-off plays a best move here.`;
}

/** The search's answer in a line: the value, the best line, what it touched. */
export function summary(answer) {
  if (answer.algorithm === "retrograde") {
    const distance = answer.distances[answer.start];
    const moves = distance === undefined ? "" : ` in ${distance} move${distance === 1 ? "" : "s"}`;
    return `${answer.start}: ${OUTCOMES[answer.outcome]}${moves} · ` +
      `${answer.counts.vertices} positions, ${answer.counts.edges} moves`;
  }
  const parts = [`value of ${answer.start} = ${exact(answer.value)}`];
  if (answer.pv.length) {
    parts.push(`best line ${[answer.start, ...answer.pv].join(" → ")}`);
  }
  const counts = answer.counts;
  parts.push(`${counts.vertices} positions, ${counts.edges} moves`);
  if (answer.stats) {
    const cuts = answer.stats.alpha_cutoffs + answer.stats.beta_cutoffs + (answer.stats.chance_cutoffs ?? 0);
    parts.push(`${cuts} cut-off${cuts === 1 ? "" : "s"}, ${answer.stats.nodes} of ${answer.tree.length} nodes entered`);
    if (answer.stats.table_hits) parts.push(`${answer.stats.table_hits} table hit${answer.stats.table_hits === 1 ? "" : "s"}`);
  }
  if (answer.algorithm.startsWith("star")) parts.push(`bounds L = ${answer.bounds[0]}, U = ${answer.bounds[1]}`);
  return parts.join(" · ");
}

/** The table of the nodes each search enters; a row's ▶ steps that search (`stepOther(algorithm,
 * order)`). */
export function renderCounts(answer, stepOther) {
  const counts = answer.counts;
  if (answer.algorithm === "retrograde") {
    $("dag-counts").replaceChildren(
      el("caption", { text: "What the analysis touches" }),
      el("tr", { "data-search": "retrograde" }, el("th", { text: "retrograde analysis (two passes)" }),
        el("td", { class: "mono", text: `${counts.vertices} vertices + ${counts.edges} edges` })),
    );
    return;
  }
  const none = counts.tree === null ? "— (the tree is too large)" : "— (chance positions)";
  const cut = counts.tree === null ? none : "— (not with a depth cut-off)";
  const star2 = counts.star2 !== null && counts.star2_visits > counts.star2
    ? `${counts.star2} (${counts.star2_visits} visits with the re-searches)` : counts.star2;
  const rows = [
    ["dfs", "DFS on the DAG (backward induction)", `${counts.vertices} vertices + ${counts.edges} edges`],
    ["tree", "the tree the DAG unfolds to", counts.tree ?? "—"],
    ["minimax", "minimax", counts.minimax ?? none],
    ["alphabeta", "alpha-beta, moves as given", counts.alphabeta ?? none],
    ["alphabeta_best", "alpha-beta, best move first", counts.alphabeta_best ?? none],
    ["alphabeta_worst", "alpha-beta, worst move first", counts.alphabeta_worst ?? none],
    ["expectiminimax", "expectiminimax", counts.expectiminimax ?? cut],
    ["star1", `Star1, bounds [${answer.bounds?.join(", ") ?? "L, U"}]`, counts.star1 ?? cut],
    ["star2", "Star2 (probes first)", star2 ?? cut],
  ];
  const order = answer.options?.order ?? "given";
  const shownKey = answer.algorithm === "alphabeta" && order !== "given" ? `alphabeta_${order}` : answer.algorithm;
  $("dag-counts").replaceChildren(
    el("caption", { text: "Nodes each search enters (▶: step that search on this game)" }),
    ...rows.map(([key, what, count]) => {
      const [algorithm, by = "given"] = key.split("_");
      const runnable = algorithm in SEARCHES && typeof count === "number" && key !== shownKey;
      const here = key === shownKey ? { "aria-current": "true" } : {};
      return el("tr", { "data-search": key, ...here },
        el("th", {}, what, runnable
          ? el("button", { type: "button", class: "step-it", title: `step ${what} on this game`, "aria-label": `step ${what}`, text: "▶", onclick: () => stepOther(algorithm, by) })
          : null),
        el("td", { class: "mono", text: String(count) }));
    }),
  );
}

