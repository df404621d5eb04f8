/* The how-to-play page: its texts in the language of its address, for the family of the
   preset its address names (?rules=tripeaks), its pictures drawn with the game's own cards. */

import { LANGS, loadTexts, t } from "./shared/texts.js";
import { request } from "./shared/api.js";
import { cardElement, cardName, cardOfText, installSuits } from "./shared/cards.js";

/* Each layout's texts, part by part (keys under web.howto.); Golf's are the page's own. */
const GOLF = {
  title: "title", goal: "goal", play: "play", chain: "chain",
  "draw-title": "draw_title", draw: "draw", score: "score", controls: "controls",
};
const NO_STOCK = { chain: "chain_wrap", "draw-title": "no_stock_title", draw: "no_stock", score: "no_stock_score" };
const PEAKS = { chain: "chain_wrap", controls: "covering.controls" };
const FAMILIES = {
  golf: GOLF,
  double_golf: {
    ...GOLF, title: "double_golf.title", goal: "double_golf.goal", chain: "double_golf.chain",
    controls: "double_golf.controls",
  },
  black_hole: {
    ...GOLF, ...NO_STOCK, title: "black_hole.title", goal: "black_hole.goal",
    play: "black_hole.play", controls: "black_hole.controls",
  },
  all_in_a_row: {
    ...GOLF, ...NO_STOCK, title: "all_in_a_row.title", goal: "all_in_a_row.goal",
    play: "all_in_a_row.play", controls: "all_in_a_row.controls",
  },
  tri_peaks: { ...GOLF, ...PEAKS, title: "tri_peaks.title", goal: "tri_peaks.goal", play: "covering.play" },
  elevator: { ...GOLF, ...PEAKS, title: "elevator.title", goal: "elevator.goal", play: "covering.play" },
  escalator: { ...GOLF, ...PEAKS, title: "escalator.title", goal: "escalator.goal", play: "escalator.play" },
};

/* The preset the address names (its name, as the game's menu gives it), or null. */
async function askedPreset() {
  const name = new URLSearchParams(location.search).get("rules");
  if (!name) return null;
  const presets = await request("GET", "/api/meta/presets").catch(() => []);
  return presets.find((preset) => preset.name === name) || null;
}

/* The texts of the preset's family in every part of the page, and a line naming the preset. */
function describe(preset) {
  const family = FAMILIES[preset ? preset.options.layout : "golf"] || GOLF;
  for (const [part, key] of Object.entries(family)) {
    const node = document.getElementById(`howto-${part}`);
    node.dataset.i18n = `web.howto.${key}`;
    node.textContent = t(node.dataset.i18n);
  }
  document.body.dataset.family = preset ? preset.options.layout : "golf";
  const note = document.getElementById("howto-preset");
  note.hidden = !preset;
  if (preset) note.textContent = t("web.howto.preset", { title: preset.title, summary: preset.summary });
}

/* A figure's cards from its data: the waste card, the cards beside it, the playable ones
   ringed in gold as on the table. */
function draw(figure) {
  const row = document.createElement("div");
  row.className = "howto-cards";
  const playable = new Set((figure.dataset.playable || "").split(" "));
  const codes = figure.dataset.cards.split(" ");
  if (figure.dataset.waste) {
    const waste = cardElement(cardOfText(figure.dataset.waste));
    waste.classList.add("howto-waste");
    const label = document.createElement("span");
    label.className = "howto-label";
    label.textContent = t("word.waste");
    const pile = document.createElement("div");
    pile.className = "howto-pile";
    pile.append(waste, label);
    row.append(pile);
  }
  codes.forEach((code, index) => {
    if (index && figure.dataset.arrows) {
      const arrow = document.createElement("span");
      arrow.className = "howto-arrow";
      arrow.textContent = "→";
      arrow.setAttribute("aria-hidden", "true");
      row.append(arrow);
    }
    const card = cardOfText(code);
    const element = cardElement(card);
    element.classList.add("exposed");
    element.classList.toggle("playable", playable.has(code));
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", cardName(card));
    row.append(element);
  });
  figure.prepend(row);
}

async function main() {
  const asked = location.pathname.split("/").pop();
  const code = LANGS.includes(asked) ? asked : "en";
  document.getElementById("back").href = `/?lang=${code}`;
  document.getElementById("rule-book").href = `/rules/${code}`;
  await loadTexts(code, `/api/meta/translations/${code}`);
  describe(await askedPreset());
  document.title = document.getElementById("howto-title").textContent;
  const names = { en: "English", it: "Italiano", nl: "Nederlands", es: "Español", fr: "Français" };
  document.getElementById("languages").replaceChildren(...LANGS.map((other) => {
    const link = document.createElement("a");
    link.href = `/how-to-play/${other}${location.search}`;
    link.lang = other;
    link.textContent = names[other];
    return link;
  }));
  installSuits();
  for (const figure of document.querySelectorAll(".howto-figure")) draw(figure);
  document.body.classList.add("ready");
}

main();
