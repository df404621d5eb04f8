/* Texts shared by the game and the competition page: the chosen language, its catalog and
   the lookup that fills in {names}. */

export const LANGS = ["en", "it", "nl", "es", "fr"];

const loaded = { lang: "en", texts: {} };

export function lang() {
  return loaded.lang;
}

/* The text of `key` with its {names} filled in; the key itself when the catalog lacks it. */
export function t(key, params) {
  const text = loaded.texts[key];
  if (text === undefined) return key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/* The language asked for in the address, else the one chosen before, else the browser's. */
export function pickLanguage() {
  const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem("golf.lang");
  if (asked && LANGS.includes(asked)) return asked;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = tag.slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

/* Fetch the catalog of `code` from `url` and translate every [data-i18n] element. */
export async function loadTexts(code, url) {
  const texts = await (await fetch(url)).json();
  loaded.lang = code;
  loaded.texts = texts;
  document.documentElement.lang = code;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
}
