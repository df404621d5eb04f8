/* Card drawing shared by the game and the competition page: the suit symbols, a card's face,
   its spoken name and its short text. A card is {rank, suit, code}; rank 0 is a joker. */

import { t } from "./texts.js";

const RANK_LABEL = { 0: "★", 1: "A", 11: "J", 12: "Q", 13: "K" };
const SUIT_SYMBOL = { H: "♥", D: "♦", C: "♣", S: "♠" };
const RANK_OF = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const SVG = "http://www.w3.org/2000/svg";

const SUIT_PATHS = {
  H: '<path d="M50 90 C22 68 4 50 4 30 C4 15 15 5 28 5 C38 5 46 11 50 21 C54 11 62 5 72 5 C85 5 96 15 96 30 C96 50 78 68 50 90 Z"/>',
  D: '<path d="M50 3 L86 50 L50 97 L14 50 Z"/>',
  S: '<path d="M50 4 C64 24 93 38 93 60 C93 74 82 82 71 82 C63 82 57 78 54 72 C55 82 59 90 68 96 L32 96 C41 90 45 82 46 72 C43 78 37 82 29 82 C18 82 7 74 7 60 C7 38 36 24 50 4 Z"/>',
  C: '<circle cx="50" cy="27" r="20"/><circle cx="27" cy="59" r="20"/><circle cx="73" cy="59" r="20"/><circle cx="50" cy="52" r="12"/><path d="M46 58 C46 78 42 88 32 96 L68 96 C58 88 54 78 54 58 Z"/>',
  J: '<path d="M50 4 L62 38 L97 38 L69 59 L80 94 L50 72 L20 94 L31 59 L3 38 L38 38 Z"/>',
};

/* Put the suit symbols the cards use into the page, once. */
export function installSuits() {
  if (document.getElementById("suit-symbols")) return;
  const holder = document.createElementNS(SVG, "svg");
  holder.id = "suit-symbols";
  holder.setAttribute("aria-hidden", "true");
  holder.setAttribute("width", "0");
  holder.setAttribute("height", "0");
  holder.style.position = "absolute";
  holder.innerHTML = `<defs>${Object.entries(SUIT_PATHS)
    .map(([suit, shape]) => `<symbol id="suit-${suit}" viewBox="0 0 100 100">${shape}</symbol>`)
    .join("")}</defs>`;
  document.body.prepend(holder);
}

/* What a layout calls the pile its cards go to: the waste, Black Hole's hole, All in a Row's
   foundation (the texts web.pile.KIND, web.card.blocked_KIND say so). */
export function pileKind(layout) {
  return { black_hole: "hole", all_in_a_row: "foundation" }[layout] || "waste";
}

/* The text that says a free card cannot go on a pile of that kind now. */
export function blockedKey(kind) {
  return kind === "waste" ? "web.card.blocked" : `web.card.blocked_${kind}`;
}

/* The card of a short text: "QD" is the queen of diamonds, "TH" the ten of hearts, "JK" a joker. */
export function cardOfText(text) {
  if (text === "JK") return { rank: 0, suit: null, code: text };
  return { rank: RANK_OF[text[0]] || Number(text[0]), suit: text[1], code: text };
}

/* A card's spoken name in the page's language ("queen of diamonds"). */
export function cardName(card) {
  if (card.rank === 0) return t("card.joker");
  return t("card.name", { rank: t(`rank.${card.rank}`), suit: t(`suit.${card.suit}`) });
}

/* A card's short text with its suit symbol ("Q♦"). */
export function cardPretty(card) {
  if (card.rank === 0) return "★";
  return `${RANK_LABEL[card.rank] || card.rank}${SUIT_SYMBOL[card.suit]}`;
}

export function cardClasses(card) {
  return `card suit-${card.suit || "J"}${card.rank === 0 ? " joker" : ""}`;
}

function suitIcon(suit, size) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", `suit ${size}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("viewBox", "0 0 100 100");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#suit-${suit || "J"}`);
  svg.append(use);
  return svg;
}

/* The face of a card: a rank and suit in two corners, a big suit (with a court letter) in the
   middle. */
export function cardFace(card) {
  const face = document.createDocumentFragment();
  const rank = RANK_LABEL[card.rank] || String(card.rank);
  for (const where of ["corner top", "corner bottom"]) {
    const corner = document.createElement("span");
    corner.className = where;
    const label = document.createElement("span");
    label.className = "rank";
    label.textContent = rank;
    corner.append(label, suitIcon(card.suit, "small"));
    face.append(corner);
  }
  const middle = document.createElement("span");
  middle.className = "pip";
  middle.append(suitIcon(card.suit, "big"));
  if (card.rank >= 11 && card.rank <= 13) {
    const letter = document.createElement("span");
    letter.className = "court";
    letter.textContent = rank;
    middle.append(letter);
  }
  face.append(middle);
  return face;
}

/* A drawn card as an element of `tag` (a button for an exposed card, a div otherwise). */
export function cardElement(card, tag = "div") {
  const element = document.createElement(tag);
  element.className = cardClasses(card);
  element.dataset.code = card.code;
  element.append(cardFace(card));
  return element;
}

/* Where the dragged card follows the pointer: a copy on top of everything, fixed to the window,
   so that no scrolling or clipping box hides it. */
export function lifted(element) {
  const box = element.getBoundingClientRect();
  const copy = element.cloneNode(true);
  copy.removeAttribute("id");
  copy.classList.add("lifted");
  copy.setAttribute("aria-hidden", "true");
  const style = getComputedStyle(element);
  copy.style.setProperty("--cw", style.getPropertyValue("--cw"));
  copy.style.left = `${box.left}px`;
  copy.style.top = `${box.top}px`;
  document.body.append(copy);
  return copy;
}
