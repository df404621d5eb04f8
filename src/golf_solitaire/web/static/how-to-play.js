/* The how-to-play page: its texts in the language of its address, for the family of the
   preset its address names (?rules=tripeaks), its pictures drawn with the game's own cards. */

import { LANGS, loadTexts, t } from "./shared/texts.js";
import { request } from "./shared/api.js";
import { blockedKey, cardElement, cardName, cardOfText, installSuits, pileKind } from "./shared/cards.js";
import { backElement, peaksBox, widthInCards } from "./shared/peaks.js";
import { PHONE, placeFans } from "./shared/fans.js";
import { EXAMPLES, coveringPicture } from "./examples.js";

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

/* The presets the game offers, as its menu gives them (none when the server cannot say). */
function presets() {
  return request("GET", "/api/meta/presets").catch(() => []);
}

/* The preset the address names (?rules=tripeaks), or null. */
function askedPreset(offered) {
  const name = new URLSearchParams(location.search).get("rules");
  return (name && offered.find((preset) => preset.name === name)) || null;
}

/* The texts of the preset's family in every part of the page, and a line naming the preset;
   returns the family's name. */
function describe(preset) {
  const name = preset && FAMILIES[preset.options.layout] ? preset.options.layout : "golf";
  for (const [part, key] of Object.entries(FAMILIES[name])) {
    const node = document.getElementById(`howto-${part}`);
    node.dataset.i18n = `web.howto.${key}`;
    node.textContent = t(node.dataset.i18n);
  }
  document.body.dataset.family = name;
  const note = document.getElementById("howto-preset");
  note.hidden = !preset;
  if (preset) note.textContent = t("web.howto.preset", { title: preset.title, summary: preset.summary });
  return name;
}

/* The chain figure's cards: up and down, or across the King where King and Ace wrap. */
const CHAINS = { plain: "7H 8S 9D 8C 7S", wrap: "JH QS KD AC 2H" };

/* A figure's row of cards from its data (the chain): arrows between them. */
function drawRow(figure) {
  const row = document.createElement("div");
  row.className = "howto-cards";
  figure.dataset.cards.split(" ").forEach((code, index) => {
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
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", cardName(card));
    row.append(element);
  });
  figure.prepend(row);
}

/* The pile with its top card (or empty), named under it as the family names it. */
function pileElement(family, top) {
  const kind = pileKind(family);
  const holder = document.createElement("div");
  holder.className = "howto-pile";
  holder.dataset.pile = kind;
  const pile = document.createElement("div");
  pile.className = "pile";
  const card = top ? cardOfText(top) : null;
  const shown = card ? cardElement(card) : document.createElement("div");
  if (!card) shown.className = "slot empty";
  shown.setAttribute("role", "img");
  shown.setAttribute("aria-label", card ? t(`web.pile.${kind}`, { card: cardName(card) }) : t(`web.pile.${kind}_empty`));
  pile.append(shown);
  const label = document.createElement("span");
  label.className = "howto-label";
  label.setAttribute("aria-hidden", "true");
  label.textContent = t(`pile.${kind}`);
  holder.append(pile, label);
  return holder;
}

/* A free card's state in words, as the game says it: playable, or not on this pile now. */
function freeCard(element, family, playable) {
  element.classList.add("exposed");
  element.classList.toggle("playable", playable);
  return t(playable ? "web.card.playable" : blockedKey(pileKind(family)));
}

/* A layout of columns (Golf, two decks, All in a Row) or fans (Black Hole): the game's own
   columns, each one's last card free. */
function columnsTable(family, example) {
  const table = document.createElement("div");
  const columns = example.columns.map((codes) => codes.split(" "));
  table.className = "tableau howto-table";
  table.classList.toggle("fans", family === "black_hole");
  table.style.setProperty("--columns", String(columns.length));
  table.style.setProperty("--depth", String(Math.max(...columns.map((column) => column.length))));
  const piles = columns.map((codes, column) => {
    const pile = document.createElement("div");
    pile.className = "column";
    pile.setAttribute("role", "group");
    pile.setAttribute("aria-label", t("word.column", { column: column + 1 }));
    codes.forEach((code, row) => {
      const card = cardOfText(code);
      const element = cardElement(card);
      element.style.setProperty("--row", String(row));
      element.dataset.column = String(column);
      element.setAttribute("role", "img");
      const state = row === codes.length - 1 ? freeCard(element, family, example.playable.includes(column)) : t("web.card.covered");
      element.setAttribute("aria-label", `${t("web.card.label", { name: cardName(card), column: column + 1 })}, ${state}`);
      pile.append(element);
    });
    return pile;
  });
  table.append(...piles);
  if (family === "black_hole") {
    placeFans(piles);
    PHONE.addEventListener("change", () => placeFans(piles));
    table.append(pileElement(family, example.top));
  }
  return { table, across: columns.length };
}

/* A covering layout (TriPeaks, Elevator, Escalator): the game's picture of overlapping rows,
   face-down cards drawn as backs. */
function coveringTable(family, example) {
  const codes = example.cards.split(" ");
  const picture = {
    ...coveringPicture(family),
    columns: codes.map((code) => (code === "--" ? [] : [cardOfText(code)])),
    face_down: codes.flatMap((code, position) => (code === "--" ? [position] : [])),
  };
  const table = document.createElement("div");
  table.className = "howto-table";
  table.append(peaksBox(picture, (position, how) => {
    const place = position + 1;
    if (how === "face_down") return backElement(t("web.card.face_down", { column: place }));
    const card = picture.columns[position][0];
    const element = cardElement(card);
    element.setAttribute("role", "img");
    const state = how === "covered" ? t("web.card.covered") : freeCard(element, family, example.playable.includes(position));
    element.setAttribute("aria-label", `${t("web.card.label_position", { name: cardName(card), column: place })}, ${state}`);
    return element;
  }));
  return { table, across: widthInCards(picture) };
}

/* The play figure: the family's example deal as dealt, its pile named as the family names it
   (below the table, or in the middle of Black Hole's fans), and its caption. */
function drawExample(figure, family, title) {
  const example = EXAMPLES[family];
  const { table, across } = example.cards ? coveringTable(family, example) : columnsTable(family, example);
  table.setAttribute("role", "group");
  table.setAttribute("aria-label", t("web.howto.figure", { title, deal: example.deal }));
  const drawn = document.createElement("div");
  drawn.className = "howto-example";
  drawn.classList.toggle("fans", family === "black_hole");
  drawn.classList.toggle("wrapped", family === "all_in_a_row");
  if (family !== "black_hole") drawn.style.setProperty("--across", String(across));
  drawn.append(table);
  if (family !== "black_hole") {
    const piles = document.createElement("div");
    piles.className = "howto-piles";
    piles.append(pileElement(family, example.top));
    drawn.append(piles);
  }
  figure.dataset.rules = example.rules;
  figure.dataset.deal = String(example.deal);
  figure.prepend(drawn);
  const caption = figure.querySelector("figcaption");
  caption.dataset.i18n = family === "golf" ? "web.howto.play_caption" : `web.howto.${family}.caption`;
  caption.textContent = t(caption.dataset.i18n, { title });
}

async function main() {
  const asked = location.pathname.split("/").pop();
  const code = LANGS.includes(asked) ? asked : "en";
  document.getElementById("back").href = `/?lang=${code}`;
  document.getElementById("rule-book").href = `/rules/${code}`;
  await loadTexts(code, `/api/meta/translations/${code}`);
  const offered = await presets();
  const preset = askedPreset(offered);
  const family = describe(preset);
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
  const example = offered.find((entry) => entry.name === EXAMPLES[family].rules);
  drawExample(document.getElementById("figure-play"), family, example ? example.title : EXAMPLES[family].rules);
  const chain = document.getElementById("figure-chain");
  const wrap = preset ? preset.options.wrap : false;
  chain.dataset.cards = CHAINS[wrap ? "wrap" : "plain"];
  const caption = chain.querySelector("figcaption");
  caption.dataset.i18n = wrap ? "web.howto.chain_wrap_caption" : "web.howto.chain_caption";
  caption.textContent = t(caption.dataset.i18n);
  drawRow(chain);
  document.body.classList.add("ready");
}

main();
