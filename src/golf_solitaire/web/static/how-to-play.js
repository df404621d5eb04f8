/* The how-to-play page: its texts in the language of its address, its pictures drawn with the
   game's own cards. */

import { LANGS, loadTexts, t } from "./shared/texts.js";
import { cardElement, cardName, cardOfText, installSuits } from "./shared/cards.js";

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
  await loadTexts(code, `/api/meta/translations/${code}`);
  document.title = t("web.howto.title");
  document.getElementById("back").href = `/?lang=${code}`;
  document.getElementById("rule-book").href = `/rules/${code}`;
  const names = { en: "English", it: "Italiano", nl: "Nederlands", es: "Español", fr: "Français" };
  document.getElementById("languages").replaceChildren(...LANGS.map((other) => {
    const link = document.createElement("a");
    link.href = `/how-to-play/${other}`;
    link.lang = other;
    link.textContent = names[other];
    return link;
  }));
  installSuits();
  for (const figure of document.querySelectorAll(".howto-figure")) draw(figure);
  document.body.classList.add("ready");
}

main();
