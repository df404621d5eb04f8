/* Golf Solitaire, the browser client: draws what the server shows and sends the player's moves.
   The server owns the game; this file never knows the stock order. No build step: the
   browser loads the shared modules (texts, server calls, card drawing) itself. */

import { lang, loadTexts, pickLanguage, t } from "./shared/texts.js";
import { request } from "./shared/api.js";
import { blockedKey, cardElement, cardName, cardPretty, installSuits, lifted, pileKind } from "./shared/cards.js";
import { backElement, isCovering, peaksBox, widthInCards } from "./shared/peaks.js";
import { PHONE, placeFans } from "./shared/fans.js";

const store = window.localStorage;

const ui = {
  token: null,
  game: null,
  presets: [],
  round: null,
  timer: null,
  busy: false,
  drag: null,
};

const $ = (id) => document.getElementById(id);

/* Texts ------------------------------------------------------------------------------ */

async function loadLanguage(code) {
  await loadTexts(code, `/api/meta/translations/${code}`);
  document.title = t("web.title");
  $("select-lang").value = code;
  howToPlayLink();
  ui.presets = await api("GET", "/api/meta/presets");
  const select = $("select-rules");
  select.replaceChildren(
    ...ui.presets.map((preset) => {
      const option = document.createElement("option");
      option.value = preset.name;
      option.textContent = preset.title;
      option.title = presetNote(preset);
      return option;
    }),
  );
  if (ui.game) select.value = basePreset(ui.game.rules);
}

const WINNABLE = "+winnable_only";

/* The how-to-play link: in the language chosen, for the family of the preset in play. */
function howToPlayLink() {
  const rules = ui.game ? `?rules=${encodeURIComponent(basePreset(ui.game.rules))}` : "";
  $("link-rules").href = `/how-to-play/${lang()}${rules}`;
}

function basePreset(rules) {
  return rules.endsWith(WINNABLE) ? rules.slice(0, -WINNABLE.length) : rules;
}

function presetNote(preset) {
  return `${preset.summary} ${preset.elsewhere}`;
}

/* Server ----------------------------------------------------------------------------- */

function api(method, path, body) {
  return request(method, path, body, ui.token);
}

/* The player of this browser, made on the first visit; true when just made (no games yet). */
async function ensurePlayer() {
  ui.token = store.getItem("golf.token");
  if (ui.token) {
    try {
      await api("GET", "/api/players/me");
      return false;
    } catch (error) {
      if (error.status !== 401) throw error;
    }
  }
  const player = await api("POST", "/api/players");
  ui.token = player.token;
  store.setItem("golf.token", player.token);
  return true;
}

/* Starting games ---------------------------------------------------------------------- */

function showGame(game) {
  ui.game = game;
  store.setItem("golf.game", game.id);
  const query = new URLSearchParams({ deal: String(game.deal), rules: game.rules });
  if (new URLSearchParams(location.search).get("lang")) query.set("lang", lang());
  history.replaceState(null, "", `/?${query}`);
  render();
}

/* With winnable deals only, or a level, the server has the solver find the deal: say so
   meanwhile. */
async function solverFinds(rules, request, level) {
  const finding = level ? `web.menu.finding_${level}` : rules && rules.endsWith(WINNABLE) ? "web.menu.finding_winnable" : "";
  if (finding) say(t(finding));
  const answer = await request();
  if (finding) say("");
  return answer;
}

/* Whether the hand in play may end: at once when no move is made or it is over, else only if
   the player says so (an abandoned hand counts as a loss). */
function mayLeaveHand() {
  const game = ui.game;
  if (!game || game.is_over || game.move_count === 0) return Promise.resolve(true);
  const dialog = $("leave-dialog");
  $("leave-text").textContent = t("web.leave.text", { deal: game.deal, moves: game.move_count });
  dialog.returnValue = "keep";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "leave"), { once: true });
    dialog.showModal();
  });
}

/* A new game from `body`, once the hand in play may end (`asked`: the player has said so). */
async function newGame(body, asked = false) {
  if (!asked && !(await mayLeaveHand())) {
    render();
    return;
  }
  const round = ui.round;
  ui.round = null;
  store.removeItem("golf.round");
  if (round) $("scorecard").hidden = true;
  const game = await solverFinds(body.rules, () => api("POST", "/api/games", body), body.level);
  say("");
  showGame(game);
}

/* A new deal from a number on: of the chosen level, when one is chosen. */
function nextDeal(deal, rules) {
  const level = $("select-level").value;
  return newGame(level ? { deal, rules, level } : { deal, rules });
}

async function startRound(holes) {
  if (!(await mayLeaveHand())) return;
  const rules = currentRules();
  const card = await solverFinds(rules, () => api("POST", "/api/rounds", { holes, rules }));
  ui.round = card;
  store.setItem("golf.round", card.id);
  const game = await api("GET", `/api/games/${card.current_game_id}`);
  say("");
  showGame(game);
  renderScorecard();
}

async function nextHole() {
  const card = await solverFinds(ui.game && ui.game.rules, () =>
    api("POST", `/api/rounds/${ui.round.id}/holes`),
  );
  ui.round = card;
  showGame(await api("GET", `/api/games/${card.current_game_id}`));
  renderScorecard();
}

function selectedPreset() {
  return $("select-rules").value || (ui.game ? basePreset(ui.game.rules) : "strict");
}

function currentRules() {
  return $("check-winnable").checked ? selectedPreset() + WINNABLE : selectedPreset();
}

async function openFirstGame(newPlayer) {
  const params = new URLSearchParams(location.search);
  const wantedDeal = params.get("deal");
  // A "+" typed into an address arrives as a space.
  const wantedRules = (params.get("rules") || "strict").replaceAll(" ", "+");
  // A new player has no game to resume: asking would only fetch a 404.
  const savedId = newPlayer ? null : store.getItem("golf.game");
  let saved = null;
  if (savedId) {
    try {
      saved = await api("GET", `/api/games/${encodeURIComponent(savedId)}`);
    } catch (error) {
      // Gone, or a competition's game (played on the competition page): resume another.
      if (error.status !== 404 && error.reason !== "competition_game") throw error;
    }
  }
  if (!saved && !newPlayer) {
    try {
      saved = await api("GET", "/api/games/latest");
    } catch (error) {
      if (error.status !== 404) throw error;
    }
  }
  const roundId = store.getItem("golf.round");
  if (roundId && saved && saved.round_id === roundId) {
    try {
      ui.round = await api("GET", `/api/rounds/${encodeURIComponent(roundId)}`);
    } catch (error) {
      ui.round = null;
    }
  }
  const matches = saved && String(saved.deal) === wantedDeal && saved.rules === wantedRules;
  // A bad link changes nothing: the hand in play (or a new deal) stays, and the page says why.
  const problem = linkProblem(wantedDeal, wantedRules);
  if (saved) {
    showGame(saved);
    if (ui.round) renderScorecard();
  }
  if (problem) {
    if (!saved) await nextDeal(undefined, "strict");
    say(problem, true);
    return;
  }
  if (wantedDeal && !matches) {
    if (!(await mayLeaveHand())) return;
    try {
      await newGame({ deal: Number(wantedDeal), rules: wantedRules }, true);
    } catch (error) {
      if (!saved) await nextDeal(undefined, "strict");
      say(error.message, true);
    }
    return;
  }
  if (!saved) await nextDeal(undefined, wantedRules);
}

/* What is wrong with a link's deal number or rules, in the player's words; "" if nothing. */
function linkProblem(deal, rules) {
  if (deal !== null && !/^[1-9][0-9]{0,15}$/.test(deal)) return t("web.message.bad_deal", { deal });
  if (!ui.presets.some((preset) => preset.name === basePreset(rules))) return t("web.message.bad_rules", { rules });
  return "";
}

/* Moves ------------------------------------------------------------------------------- */

function send(path, makeBody, onRefused) {
  ui.queue = (ui.queue || Promise.resolve()).then(() => sendNow(path, makeBody, onRefused));
  return ui.queue;
}

async function sendNow(path, makeBody, onRefused) {
  if (!ui.game) return;
  ui.busy = true;
  try {
    const game = await api("POST", `/api/games/${ui.game.id}/${path}`, makeBody(ui.game));
    const wasOver = ui.game.is_over;
    ui.game = game;
    say("");
    render();
    if (game.is_over && !wasOver) finish();
  } catch (error) {
    say(error.message, true);
    if (onRefused) onRefused();
    if (error.status === 409) ui.game = await api("GET", `/api/games/${ui.game.id}`).catch(() => ui.game);
    render();
  } finally {
    ui.busy = false;
  }
}

function playColumn(column) {
  if (!ui.game || column >= ui.game.columns.length) return;
  if (!ui.game.columns[column].length) {
    const covering = isCovering(ui.game);
    say(t(covering ? "reason.gone" : "reason.empty_column", { column: column + 1 }), true);
    return;
  }
  send("moves", (game) => ({ move: String(column), index: game.move_count }), () => shake(column));
}

/* Digit key N: column N, or on a covering layout the Nth uncovered card from the left. */
function playKey(number) {
  if (!ui.game) return;
  if (!isCovering(ui.game)) {
    playColumn(number - 1);
    return;
  }
  const free = [...document.querySelectorAll(".peaks button.exposed")].sort(
    (a, b) => ui.game.offsets[Number(a.dataset.column)] - ui.game.offsets[Number(b.dataset.column)],
  );
  if (free[number - 1]) playColumn(Number(free[number - 1].dataset.column));
}

function draw() {
  if (ui.game) send("moves", (game) => ({ move: "d", index: game.move_count }));
}

function undo() {
  if (ui.game) send("undo", (game) => ({ index: game.move_count }));
}

function redo() {
  if (ui.game) send("redo", (game) => ({ index: game.move_count }));
}

async function hint() {
  if (!ui.game) return;
  try {
    const answer = await api("GET", `/api/games/${ui.game.id}/hint`);
    if (!answer.available) {
      say(answer.detail, false);
      return;
    }
    say(answer.data.move ? t("web.hint.prefix", { text: answer.detail }) : answer.detail, false);
    const move = answer.data.move;
    const target = move === "d" ? $("stock") : document.querySelector(`.card.exposed[data-column="${move}"]`);
    if (target) {
      target.classList.remove("hinted");
      void target.offsetWidth;
      target.classList.add("hinted");
    }
  } catch (error) {
    say(error.message, true);
  }
}

function shake(column) {
  const card = document.querySelector(`.card.exposed[data-column="${column}"]`);
  if (!card) return;
  card.classList.remove("refused");
  void card.offsetWidth;
  card.classList.add("refused");
}

function say(text, isError) {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("error", Boolean(isError && text));
}

/* Drawing ----------------------------------------------------------------------------- */

/* After the cards are redrawn, put the keyboard focus back where it was: on the exposed card
   of the same column, or the nearest column that still has one, or the stock. */
function keepFocus(tableau, column) {
  const exposed = [...tableau.querySelectorAll("button[data-column]")];
  const distance = (card) => Math.abs(Number(card.dataset.column) - column);
  const nearest = exposed.sort((a, b) => distance(a) - distance(b))[0];
  (nearest || $("stock")).focus();
}

/* An exposed card (a column's last, or a covering layout's free card): a button that plays
   its column by click or drag, marked when playable; returns its state in words. */
function makePlayable(element, column, legal) {
  element.type = "button";
  element.classList.add("exposed");
  const playable = legal.has(String(column));
  element.classList.toggle("playable", playable);
  element.addEventListener("pointerdown", (event) => startDrag(event, element, column));
  element.addEventListener("click", (event) => {
    if (ui.drag && ui.drag.moved) return;
    event.preventDefault();
    playColumn(column);
  });
  return playable ? t("web.card.playable") : t(blockedKey(pileKind(ui.game.rules_options.layout)));
}

/* A covering layout (TriPeaks, Elevator, Escalator): the shared picture (shared/peaks.js),
   its free cards played as the columns' exposed cards are. */
function peaks(game, legal) {
  return peaksBox(game, (position, how) => {
    const place = position + 1;
    if (how === "face_down") {
      const element = backElement(t("web.card.face_down", { column: place }));
      element.addEventListener("click", () => say(t("reason.face_down", { column: place }), true));
      return element;
    }
    const card = game.columns[position][0];
    const element = cardElement(card, how === "covered" ? "div" : "button");
    let state = t("web.card.covered");
    if (how === "covered") {
      element.setAttribute("role", "img");
      element.addEventListener("click", () => say(t("reason.lies_under", { card: cardPretty(card) }), true));
    } else {
      state = makePlayable(element, position, legal);
    }
    element.setAttribute("aria-label", `${t("web.card.label_position", { name: cardName(card), column: place })}, ${state}`);
    return element;
  });
}

/* The key bar's text: the columns the digit keys reach, and the draw key only with a stock. */
function keyHelp(game) {
  if (game.rules_options.layout === "black_hole") return "web.keys_fans";
  if (!game.has_stock) return "web.keys_columns";
  return game.columns.length > 7 ? "web.keys_nine" : "web.keys";
}

function render() {
  const game = ui.game;
  if (!game) return;
  const layout = game.rules_options.layout;
  howToPlayLink();
  document.body.classList.toggle("black-hole", layout === "black_hole");
  document.body.classList.toggle("all-in-a-row", layout === "all_in_a_row");
  const keys = document.querySelector(".keys");
  keys.dataset.i18n = isCovering(game) ? "web.keys_peaks" : keyHelp(game);
  keys.textContent = t(keys.dataset.i18n);
  const legal = new Set(game.legal_moves);
  const tableau = $("tableau");
  const covering = isCovering(game);
  tableau.classList.toggle("covering", covering);
  tableau.classList.toggle("fans", layout === "black_hole");
  // A covering layout's rows and width size the stock and waste too (style.css).
  const table = $("table");
  table.classList.toggle("covering-layout", covering);
  for (const [name, value] of [["--columns", covering && widthInCards(game)], ["--peak-rows", covering && game.rows.length]]) {
    if (value) table.style.setProperty(name, String(value));
    else table.style.removeProperty(name);
  }
  tableau.style.setProperty("--columns", String(covering ? widthInCards(game) : game.columns.length));
  // Room for the layout's deepest column as dealt, so the cards keep their size as it empties.
  const depth = Math.max(...game.columns.map((column) => column.length), game.depth);
  tableau.style.setProperty("--depth", String(depth));
  const columns = covering ? [peaks(game, legal)] : game.columns.map((cards, column) => {
    const pile = document.createElement("div");
    pile.className = "column";
    pile.setAttribute("role", "group");
    pile.setAttribute("aria-label", t("word.column", { column: column + 1 }));
    if (!cards.length) {
      const empty = document.createElement("div");
      empty.className = "slot empty";
      pile.append(empty);
    }
    cards.forEach((card, row) => {
      const exposed = row === cards.length - 1;
      const element = cardElement(card, exposed ? "button" : "div");
      element.style.setProperty("--row", String(row));
      element.dataset.column = String(column);
      element.dataset.row = String(row);
      let state = t("web.card.covered");
      if (exposed) {
        state = makePlayable(element, column, legal);
      } else {
        element.setAttribute("role", "img");
        element.addEventListener("click", () => {
          say(t("reason.covered", { card: cardPretty(card) }), true);
        });
      }
      element.setAttribute("aria-label", `${t("web.card.label", { name: cardName(card), column: column + 1 })}, ${state}`);
      pile.append(element);
    });
    return pile;
  });
  const focused = tableau.contains(document.activeElement) ? document.activeElement.dataset.column : undefined;
  const hole = $("waste");
  if (layout === "black_hole") {
    // The fans around the hole, as PySolFC lays them out: the waste is the hole in the middle.
    placeFans(columns);
    tableau.replaceChildren(...columns, hole);
  } else {
    tableau.replaceChildren(...columns);
    if (hole.parentElement !== $("piles")) $("piles").insertBefore(hole, $("piles").querySelector(".controls"));
  }
  if (focused !== undefined) keepFocus(tableau, Number(focused));

  const stock = $("stock");
  stock.hidden = !game.has_stock;
  stock.classList.toggle("empty", game.stock_count === 0);
  stock.disabled = game.stock_count === 0 || game.is_over;
  $("stock-count").textContent = String(game.stock_count);
  stock.setAttribute("aria-label", game.stock_count ? t("web.pile.stock", { count: game.stock_count }) : t("web.pile.stock_empty"));

  const waste = $("waste");
  const shown = game.waste.slice(-4);
  waste.replaceChildren(
    ...shown.map((card, index) => {
      const element = cardElement(card);
      element.classList.add("in-waste");
      element.style.setProperty("--fan", String(index - shown.length + 1));
      return element;
    }),
  );
  if (!shown.length) {
    const empty = document.createElement("div");
    empty.className = "slot empty";
    waste.append(empty);
  }
  const top = game.waste[game.waste.length - 1];
  // Black Hole's hole and All in a Row's foundation are named, on the table and in words.
  const kind = pileKind(layout);
  if (kind !== "waste") {
    const label = document.createElement("span");
    label.className = "pile-label";
    label.setAttribute("aria-hidden", "true");
    label.textContent = t(`pile.${kind}`);
    waste.append(label);
  }
  const empty = kind === "foundation" ? "web.pile.foundation_empty" : "web.pile.waste_empty";
  waste.setAttribute("aria-label", top ? t(`web.pile.${kind}`, { card: cardName(top) }) : t(empty));
  waste.classList.toggle("dead-end", game.dead_end);

  const dealText = game.daily ? dailyLabel(game) : t("web.status.deal", { number: game.deal });
  $("status-deal").textContent = game.hole ? `${t("web.status.hole", { hole: game.hole, holes: ui.round ? ui.round.holes : "?" })} · ${dealText}` : dealText;
  const preset = ui.presets.find((entry) => entry.name === basePreset(game.rules));
  $("status-rules").textContent = presetTitle(game.rules);
  $("status-rules").title = preset ? presetNote(preset) : "";
  $("select-rules").value = basePreset(game.rules);
  $("check-winnable").checked = game.rules.endsWith(WINNABLE);
  $("status-moves").textContent = String(game.move_count);
  $("status-strokes").textContent = String(game.score);
  $("btn-undo").disabled = !game.can_undo;
  $("btn-redo").disabled = !game.can_redo;
  $("btn-hint").disabled = game.is_over;
  document.body.classList.toggle("over", game.is_over);
  tick();
}

function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

function dailyLabel(game) {
  const label = t("web.status.daily_on", { date: game.daily_date });
  return game.daily_date < todayUtc() ? `${label} · ${t("web.status.unranked")}` : label;
}

function tick() {
  const game = ui.game;
  if (!game) return;
  const start = Date.parse(game.started_at);
  const end = game.is_over && game.last_move_at ? Date.parse(game.last_move_at) : Date.now();
  const seconds = Math.max(0, Math.floor((end - start) / 1000));
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const clock = `${minutes % 60}:${String(seconds % 60).padStart(2, "0")}`;
  $("status-time").textContent = hours ? `${hours}:${String(minutes % 60).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}` : clock;
}

/* Dragging ---------------------------------------------------------------------------- */

function startDrag(event, element, column) {
  if (event.button !== 0 || ui.game.is_over) return;
  ui.drag = { element, column, x: event.clientX, y: event.clientY, copy: null, moved: false };
  window.addEventListener("pointermove", moveDrag);
  window.addEventListener("pointerup", endDrag, { once: true });
  window.addEventListener("pointercancel", endDrag, { once: true });
}

function moveDrag(event) {
  const drag = ui.drag;
  if (!drag) return;
  const distance = Math.hypot(event.clientX - drag.x, event.clientY - drag.y);
  if (!drag.moved && distance < 6) return;
  if (!drag.moved) {
    drag.moved = true;
    drag.copy = lifted(drag.element);
    drag.element.classList.add("left-behind");
  }
  drag.copy.style.transform = `translate(${event.clientX - drag.x}px, ${event.clientY - drag.y}px)`;
  $("waste").classList.toggle("drop-target", overWaste(event));
}

function overWaste(event) {
  const box = $("waste").getBoundingClientRect();
  const pad = 24;
  return event.clientX >= box.left - pad && event.clientX <= box.right + pad && event.clientY >= box.top - pad && event.clientY <= box.bottom + pad;
}

function endDrag(event) {
  window.removeEventListener("pointermove", moveDrag);
  window.removeEventListener("pointerup", endDrag);
  window.removeEventListener("pointercancel", endDrag);
  const drag = ui.drag;
  $("waste").classList.remove("drop-target");
  if (!drag) return;
  if (drag.moved) {
    drag.copy.remove();
    drag.element.classList.remove("left-behind");
    if (event.type === "pointerup" && overWaste(event)) playColumn(drag.column);
    setTimeout(() => {
      ui.drag = null;
    }, 0);
  } else {
    ui.drag = null;
  }
}

/* End of the hand ---------------------------------------------------------------------- */

async function finish() {
  const game = ui.game;
  const dialog = $("end-dialog");
  const cleared = game.outcome.termination === "cleared";
  $("end-title").textContent = t(cleared ? "web.end.cleared" : "web.end.stuck", { strokes: game.outcome.strokes });
  dialog.classList.toggle("won", cleared);
  $("end-verdict").textContent = t("web.end.verdict_loading");
  $("end-review").replaceChildren();
  $("end-review-btn").hidden = false;
  const inRound = Boolean(ui.round && game.round_id === ui.round.id);
  let roundNote = "";
  if (inRound) {
    ui.round = await api("GET", `/api/rounds/${ui.round.id}`);
    renderScorecard();
    if (ui.round.finished) roundNote = t("web.round.over", { total: ui.round.total, par: ui.round.par });
  }
  $("end-round").textContent = roundNote;
  $("end-next-hole").hidden = !inRound || ui.round.finished;
  $("end-new").hidden = inRound && !ui.round.finished;
  if (!dialog.open) dialog.showModal();
  try {
    const verdict = await api("GET", `/api/games/${game.id}/verdict`);
    $("end-verdict").textContent = verdict.detail;
    $("end-verdict").classList.toggle("unavailable", !verdict.available);
  } catch (error) {
    $("end-verdict").textContent = error.message;
  }
}

/* A reviewed move in words: "draw J♥", "A♥ from column 5", or "A♥ (card 24)" on a covering layout. */
function moveText(move, card) {
  const play = ui.game && isCovering(ui.game) ? "web.review.play_position" : "web.review.play";
  return move === "d" ? t("web.review.draw", { card }) : t(play, { card, column: Number(move) + 1 });
}

function reviewList(className, entries) {
  const list = document.createElement("ol");
  list.className = className;
  list.append(...entries.map((entry) => {
    const item = document.createElement("li");
    const before = entry.best_score_before;
    const after = entry.best_score_after;
    const move = moveText(entry.move, entry.card);
    // A partial review's entries have no best scores: only the move, and whether it lost the clear.
    const scored = before !== undefined;
    item.textContent = scored
      ? t("web.review.entry", { number: entry.number, move, before, after })
      : t("web.review.entry_partial", { number: entry.number, move });
    if (entry.is_fair_mistake) {
      item.className = "fair-mistake";
      item.append(` — ${t("web.review.fair_lost")}`);
    } else if (scored && after > before) {
      item.className = "mistake";
      item.append(` — ${t("web.review.lost")}`);
    }
    if (entry.lost_the_clear) {
      item.classList.add("lost-clear");
      item.append(` — ${t("web.review.lost_clear")}`);
    }
    return item;
  }));
  return list;
}

/* The solver's review: the summary, the moves that threw strokes away, the better line from
   the first of them, and every move folded away. A partial review (best scores not proved in
   time) has no mistakes by score: it marks the move that lost the last clear, if settled. */
async function showReview() {
  const box = $("end-review");
  const button = $("end-review-btn");
  button.disabled = true;
  box.textContent = t("web.end.review_loading");
  try {
    const review = await api("GET", `/api/games/${ui.game.id}/review`);
    button.hidden = true;
    const summary = document.createElement("p");
    summary.textContent = review.detail;
    box.replaceChildren(summary);
    const data = review.data || {};
    if (data.hindsight) {
      const hindsight = document.createElement("p");
      hindsight.className = "hindsight";
      hindsight.textContent = data.hindsight;
      box.append(hindsight);
    }
    const entries = data.entries || [];
    const mistakes = entries.filter((entry) => entry.best_score_after > entry.best_score_before);
    if (mistakes.length) {
      const title = document.createElement("h3");
      title.textContent = t("web.review.mistakes");
      const first = document.createElement("p");
      first.textContent = data.mistake || "";
      box.append(title, first, reviewList("mistakes", mistakes));
    }
    const line = data.better_line || [];
    if (line.length) {
      const title = document.createElement("h3");
      title.textContent = t("web.review.better", { number: mistakes[0].number });
      const list = document.createElement("ol");
      list.className = "better-line";
      list.start = mistakes[0].number;
      list.append(...line.map((step) => {
        const item = document.createElement("li");
        item.textContent = moveText(step.move, step.card);
        return item;
      }));
      box.append(title, list);
    }
    if (entries.length) {
      const all = document.createElement("details");
      all.className = "review-all";
      const fold = document.createElement("summary");
      fold.textContent = t("web.review.all", { count: entries.length });
      all.append(fold, reviewList("moves", entries));
      box.append(all);
    }
  } catch (error) {
    box.textContent = error.message;
  } finally {
    button.disabled = false;
  }
}

/* Round and statistics ---------------------------------------------------------------- */

function renderScorecard() {
  const card = ui.round;
  const section = $("scorecard");
  section.hidden = !card;
  if (!card) return;
  const table = $("scorecard-table");
  const row = (label, cells, className) => {
    const tr = document.createElement("tr");
    if (className) tr.className = className;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = label;
    tr.append(th, ...cells.map((text) => {
      const td = document.createElement("td");
      td.textContent = text;
      return td;
    }));
    return tr;
  };
  table.replaceChildren(
    row(t("web.round.hole"), [...card.card.map((hole) => String(hole.hole)), t("web.round.total")], "holes"),
    row(t("web.round.par"), [...card.card.map(() => "5"), String(card.par)]),
    row(t("web.round.strokes"), [...card.card.map((hole) => (hole.finished ? String(hole.strokes) : "·")), String(card.total)], "strokes"),
  );
  const current = card.card.findIndex((hole) => hole.game_id === (ui.game && ui.game.id));
  if (current >= 0) for (const tr of table.rows) tr.cells[current + 1].classList.add("current");
}

function table(className, headings, rows) {
  const element = document.createElement("table");
  element.className = className;
  const head = document.createElement("tr");
  head.append(...headings.map((text) => {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    return th;
  }));
  element.append(head);
  for (const cells of rows) {
    const tr = document.createElement("tr");
    tr.append(...cells.map((cell) => {
      const td = document.createElement("td");
      td.append(cell);
      return td;
    }));
    element.append(tr);
  }
  return element;
}

function presetTitle(name) {
  const preset = ui.presets.find((item) => item.name === basePreset(name));
  if (!preset) return name;
  return name.endsWith(WINNABLE) ? `${preset.title} (${t("web.menu.winnable_short")})` : preset.title;
}

function playDailyButton(date, rules) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t("web.stats.play");
  button.setAttribute("aria-label", `${t("web.stats.play")}: ${t("web.status.daily_on", { date })}`);
  button.addEventListener("click", guard(() => {
    $("stats-dialog").close();
    return newGame({ daily: date, rules });
  }));
  return button;
}

function presetsTable(presets) {
  const keys = ["games", "wins", "win_rate", "best", "average", "current_streak", "best_streak", "abandoned"];
  const names = ["rules", "games", "wins", "win_rate", "best", "average", "streak", "best_streak", "abandoned"];
  const shown = (key, value) => (key === "win_rate" ? `${Math.round(value * 100)}%` : value === null ? "–" : String(value));
  return table("stats", names.map((name) => t(`web.stats.${name}`)),
    presets.map((entry) => [presetTitle(entry.rules), ...keys.map((key) => shown(key, entry[key]))]));
}

function dailiesSection(dailies) {
  const section = document.createElement("section");
  section.className = "dailies";
  const title = document.createElement("h3");
  title.textContent = t("web.stats.dailies");
  const note = document.createElement("p");
  note.textContent = t("web.stats.unranked_note");
  section.append(title, note);
  if (dailies.days.length) {
    const headings = ["date", "rules", "deal", "games", "best", "cleared", "play"].map((name) => t(`web.stats.${name}`));
    section.append(table("stats dailies-table", headings, dailies.days.map((day) => [
      day.date, presetTitle(day.rules), String(day.deal), String(day.games),
      day.best === null ? "–" : String(day.best), t(day.cleared ? "web.stats.yes" : "web.stats.no"),
      playDailyButton(day.date, day.rules),
    ])));
  }
  const form = document.createElement("form");
  form.className = "daily-picker";
  const label = document.createElement("label");
  const input = document.createElement("input");
  input.type = "date";
  input.id = "daily-date";
  input.max = dailies.today;
  input.value = dailies.today;
  input.required = true;
  label.append(`${t("web.stats.play_day")} `, input);
  const play = document.createElement("button");
  play.type = "submit";
  play.textContent = t("web.stats.play");
  form.append(label, play);
  form.addEventListener("submit", guard((event) => {
    event.preventDefault();
    $("stats-dialog").close();
    return newGame({ daily: input.value, rules: selectedPreset() });
  }));
  section.append(form);
  return section;
}

async function showStats() {
  const body = $("stats-body");
  try {
    const [stats, dailies] = await Promise.all([api("GET", "/api/players/me/statistics"), api("GET", "/api/players/me/dailies")]);
    const parts = [];
    if (!stats.presets.length) {
      const none = document.createElement("p");
      none.textContent = t("web.stats.none");
      parts.push(none);
    } else {
      parts.push(presetsTable(stats.presets));
    }
    const fair = document.createElement("p");
    fair.className = "note";
    fair.textContent = t("web.stats.fair");
    parts.push(fair, dailiesSection(dailies));
    body.replaceChildren(...parts);
  } catch (error) {
    body.textContent = error.message;
  }
  $("stats-dialog").showModal();
}

/* Wiring ------------------------------------------------------------------------------ */

function guard(action) {
  return (...args) => Promise.resolve(action(...args)).catch((error) => say(error.message, true));
}

/* The menu folded behind one button: it opens over the table and closes once something in it
   is chosen, on Escape, or on a click outside it. */
function wireMenu() {
  const button = $("btn-menu");
  const panel = $("menu-panel");
  const show = (open) => {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => {
    show(panel.hidden);
    if (!panel.hidden) panel.querySelector("button, a, select, input").focus();
  });
  panel.addEventListener("click", (event) => {
    if (event.target.closest("button, a")) show(false);
  });
  panel.addEventListener("change", () => show(false));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || panel.hidden) return;
    show(false);
    button.focus();
  });
  // Tab past its last control closes it, as a click outside does.
  panel.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !panel.contains(event.relatedTarget) && event.relatedTarget !== button) show(false);
  });
  document.addEventListener("pointerdown", (event) => {
    if (!panel.hidden && !panel.contains(event.target) && !button.contains(event.target)) show(false);
  });
}

function wire() {
  wireMenu();
  $("stock").addEventListener("click", draw);
  $("btn-undo").addEventListener("click", undo);
  $("btn-redo").addEventListener("click", redo);
  $("btn-hint").addEventListener("click", hint);
  $("btn-new").addEventListener("click", guard(() => nextDeal(ui.game && ui.game.deal ? ui.game.deal + 1 : undefined, currentRules())));
  // Before the first game has come (a slow start) there is nothing to replay.
  $("btn-replay").addEventListener("click", guard(() => ui.game && newGame({ deal: ui.game.deal, rules: ui.game.rules })));
  // The daily deal is the same for everyone: never "winnable only".
  $("btn-daily").addEventListener("click", guard(() => newGame({ daily: true, rules: selectedPreset() })));
  $("btn-round9").addEventListener("click", guard(() => startRound(9)));
  $("btn-round18").addEventListener("click", guard(() => startRound(18)));
  $("btn-stats").addEventListener("click", guard(showStats));
  $("stats-close").addEventListener("click", () => $("stats-dialog").close());
  $("end-close").addEventListener("click", () => $("end-dialog").close());
  for (const [id, answer] of [["leave-keep", "keep"], ["leave-give-up", "leave"]]) {
    $(id).addEventListener("click", () => $("leave-dialog").close(answer));
  }
  $("end-review-btn").addEventListener("click", guard(showReview));
  $("end-new").addEventListener("click", guard(() => {
    $("end-dialog").close();
    return nextDeal(ui.game.deal + 1, ui.game.rules);
  }));
  $("end-replay").addEventListener("click", guard(() => {
    $("end-dialog").close();
    return newGame({ deal: ui.game.deal, rules: ui.game.rules });
  }));
  $("end-next-hole").addEventListener("click", guard(() => {
    $("end-dialog").close();
    return nextHole();
  }));
  // The same deal number under the rules now chosen.
  const rulesChanged = guard(() => newGame({ deal: ui.game ? ui.game.deal : undefined, rules: currentRules() }));
  $("select-rules").addEventListener("change", rulesChanged);
  $("check-winnable").addEventListener("change", rulesChanged);
  $("select-lang").addEventListener("change", guard(async () => {
    store.setItem("golf.lang", $("select-lang").value);
    const params = new URLSearchParams(location.search);
    if (params.has("lang")) {
      params.set("lang", $("select-lang").value);
      history.replaceState(null, "", `/?${params}`);
    }
    await loadLanguage($("select-lang").value);
    render();
    if (ui.round) renderScorecard();
  }));
  // The level picks the deals to come (New game, Next deal); the game in hand stays.
  const level = $("select-level");
  level.value = store.getItem("golf.level") || "";
  level.addEventListener("change", () => store.setItem("golf.level", level.value));
  const four = $("check-four");
  four.checked = store.getItem("golf.four") === "1";
  document.body.classList.toggle("four-colour", four.checked);
  four.addEventListener("change", () => {
    store.setItem("golf.four", four.checked ? "1" : "0");
    document.body.classList.toggle("four-colour", four.checked);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
    if (document.querySelector("dialog[open]")) return;
    const key = event.key.toLowerCase();
    // Space and Enter on a focused button, link or card are that control's own, as buttons do.
    const control = event.target instanceof Element && event.target.closest("button, a, [role=button], summary");
    const canUndo = () => !$("btn-undo").disabled;
    const canRedo = () => !$("btn-redo").disabled;
    if ((event.ctrlKey || event.metaKey) && key === "z") {
      event.preventDefault();
      if (event.shiftKey && canRedo()) redo();
      else if (!event.shiftKey && canUndo()) undo();
    } else if ((event.ctrlKey || event.metaKey) && key === "y") {
      event.preventDefault();
      if (canRedo()) redo();
    } else if (event.ctrlKey || event.metaKey || event.altKey) {
      return;
    } else if (/^[1-9]$/.test(key)) {
      event.preventDefault();
      playKey(Number(key));
    } else if (key === " " && control) {
      return;
    } else if (key === " " || key === "d") {
      event.preventDefault();
      draw();
    } else if (key === "u") {
      if (canUndo()) undo();
    } else if (key === "y") {
      if (canRedo()) redo();
    } else if (key === "h") {
      hint();
    }
  });
  setInterval(tick, 1000);
  PHONE.addEventListener("change", render);
}

async function main() {
  installSuits();
  wire();
  try {
    await loadLanguage(pickLanguage());
    await openFirstGame(await ensurePlayer());
    document.body.classList.add("ready");
  } catch (error) {
    say(error.message, true);
  }
}

main();
