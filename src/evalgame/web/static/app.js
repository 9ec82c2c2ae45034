// The page: four tabs, each set up by its own module. Plain ES modules, no build step.
import { setupGraph } from "./graph.js";
import { setupPlay } from "./play.js";
import { setupTiling } from "./tiling.js";
import { setupTree } from "./tree.js";

const TABS = ["play", "tree", "tiling", "graph"];

function selectTab(name) {
  const chosen = TABS.includes(name) ? name : "play";
  for (const tab of TABS) {
    document.getElementById(tab).hidden = tab !== chosen;
    document.getElementById(`tab-${tab}`).setAttribute("aria-selected", String(tab === chosen));
  }
}

for (const button of document.querySelectorAll("nav [data-tab]")) {
  button.addEventListener("click", () => {
    history.replaceState(null, "", `#${button.dataset.tab}`);
    selectTab(button.dataset.tab);
  });
}
window.addEventListener("hashchange", () => selectTab(location.hash.slice(1)));
selectTab(location.hash.slice(1));
setupPlay();
setupTree();
setupTiling();
setupGraph();
document.body.dataset.ready = "true";
