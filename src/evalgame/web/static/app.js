// The page: one tab per idea, each set up by its own module. Plain ES modules, no build step.
// The address's fragment names the tab and, for a shared link, the game: #tree?e=(10-X)*Y
import { addressOf, linkOf, readLink, rememberLink, rove, setupPresenter } from "./common.js";
import { setupClassic } from "./classic.js";
import { setupDag } from "./dag.js";
import { setupGraph } from "./graph.js";
import { setupImpartial } from "./impartial.js";
import { setupPlay } from "./play.js";
import { setupTiling } from "./tiling.js";
import { setupTree } from "./tree.js";

const TABS = ["play", "tree", "tiling", "graph", "dag", "impartial", "classic"];

function selectTab(name) {
  const chosen = TABS.includes(name) ? name : "play";
  for (const tab of TABS) {
    const button = document.getElementById(`tab-${tab}`);
    document.getElementById(tab).hidden = tab !== chosen;
    button.setAttribute("aria-selected", String(tab === chosen));
    button.tabIndex = tab === chosen ? 0 : -1; // one tab in the Tab order; arrows move along
  }
  return chosen;
}

const tablist = document.querySelector("nav[role='tablist']");
for (const button of tablist.querySelectorAll("[data-tab]")) {
  button.addEventListener("click", () => {
    // another tab is another view: a history entry, with the tab's game and step
    if (button.getAttribute("aria-selected") !== "true" || readLink().tab !== button.dataset.tab) {
      history.pushState(null, "", addressOf(button.dataset.tab));
    }
    selectTab(button.dataset.tab);
  });
  // the focus follows the arrows and the tab follows the focus (automatic activation)
  button.addEventListener("focus", () => {
    if (button.getAttribute("aria-selected") !== "true") button.click();
  });
}
rove(tablist, "[role='tab']", (index, key, count) => {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
});

const openers = {
  play: setupPlay(),
  tree: setupTree(),
  tiling: setupTiling(),
  graph: setupGraph(),
  dag: setupDag(),
  impartial: setupImpartial(),
  classic: setupClassic(),
};

/**
 * Show the tab of the address, and reopen the game a link carries unless the tab shows it
 * already (Back and Forward between tabs keep each tab's game; a tab named bare gets its
 * link back in the address). Called again for one navigation, it does nothing more.
 */
function follow() {
  const { tab, params } = readLink();
  const chosen = selectTab(tab);
  const query = params.toString();
  if (query && query !== linkOf(chosen)) {
    rememberLink(chosen, query);
    openers[chosen](params);
  } else if (!query && linkOf(chosen)) {
    history.replaceState(null, "", addressOf(chosen));
  }
}
window.addEventListener("popstate", follow);
window.addEventListener("hashchange", follow);
setupPresenter();
follow();
document.body.dataset.ready = "true";
