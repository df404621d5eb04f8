/* Competitions in the browser: create, join, play the holes, watch the board live.
   The server owns every game; this page only sends moves and draws what it is told.
   Every name from the server is escaped before it goes into the page. Texts, server calls and
   card drawing are the game's own (the shared modules). */

import { lang, loadTexts, t } from "./shared/texts.js";
import { request } from "./shared/api.js";
import { blockedKey, cardElement, cardName, cardOfText, installSuits, pileKind } from "./shared/cards.js";
import { backElement, isCovering, peaksBox, widthInCards } from "./shared/peaks.js";
import { PHONE, placeFans } from "./shared/fans.js";

const TOKEN_KEY = "golf.competition.token";
const PRESETS = ["strict", "putt-putt", "queens-on-kings", "pysolfc-golf", "jokers", "empty-start", "black-hole", "tripeaks", "elevator", "escalator"];
const state = { view: null, code: null, board: null, game: null, hole: null,
  source: null, day: null, busy: false };

const $ = (id) => document.getElementById(id);

function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function token() { return localStorage.getItem(TOKEN_KEY); }

/* A call to the server; a refusal in the page's words when it has some for the reason. */
async function api(method, path, body) {
  try {
    return await request(method, path, body, token());
  } catch (error) {
    const words = t(`competition.error.${error.reason}`);
    if (error.reason && words !== `competition.error.${error.reason}`) error.message = words;
    throw error;
  }
}

function say(text) { $("message").textContent = text || ""; }

async function loadLanguage(code) {
  await loadTexts(code, `/api/competition-texts/${code}`);
  painted.clear();
  for (const select of [$("create-rules"), $("daily-rules")]) {
    const chosen = select.value || "strict";
    select.innerHTML = PRESETS.map((name) =>
      `<option value="${esc(name)}">${esc(t(`preset.${name}.title`))}</option>`).join("");
    select.value = chosen;
  }
}

/* Cards ------------------------------------------------------------------------------- */

/* Put `build()`'s elements into the element `id` only if `key` changed. A board event redraws
   the game at any moment; rebuilding the same cards would lose a click in progress (pressed on
   one element, released on its replacement) and the keyboard focus on a card. */
const painted = new Map();
function paint(id, key, build) {
  if (painted.get(id) === key) return;
  painted.set(id, key);
  $(id).replaceChildren(...build());
}

/* After the cards are redrawn, put the keyboard focus back where it was: on the exposed card
   of the same column, or the nearest column that still has one, or the stock. */
function keepFocus(column) {
  const exposed = [...$("tableau").querySelectorAll("button[data-column]")];
  const distance = (card) => Math.abs(Number(card.dataset.column) - column);
  const nearest = exposed.sort((a, b) => distance(a) - distance(b))[0];
  (nearest || $("stock")).focus();
}

function renderGame() {
  const view = state.game;
  const section = $("play");
  if (!view) { section.hidden = true; return; }
  section.hidden = false;
  const table = view.table;
  const legal = new Set(table.legal_moves);
  const holes = state.board ? state.board.competition.holes : 1;
  const label = state.view === "daily" ? t("competition.daily.title")
    : state.hole > holes ? t("competition.play.playoff", { number: state.hole - holes })
    : t("competition.play.hole", { hole: state.hole, holes });
  $("play-hole").textContent = label;
  $("play-moves").textContent = table.move_count;
  $("play-strokes").textContent = table.score;
  const tableau = $("tableau");
  const focused = tableau.contains(document.activeElement) ? document.activeElement.dataset.column : undefined;
  const finished = view.finished;
  const covering = isCovering(table);
  // Black Hole's hole and All in a Row's foundation are named as such, not as a waste.
  const kind = pileKind(table.layout);
  const blocked = blockedKey(kind);
  const fans = table.layout === "black_hole";
  tableau.classList.toggle("covering", covering);
  tableau.classList.toggle("fans", fans);
  tableau.style.setProperty("--columns", String(covering ? widthInCards(table) : table.columns.length));
  // Black Hole's fans lie around the hole, as in the game: the waste goes into their grid
  // (out of it while the cards are redrawn).
  const hole = $("waste");
  if (hole.parentElement === tableau) $("stock").after(hole);
  paint("tableau", JSON.stringify([table.columns, table.face_down, table.legal_moves, finished, lang()]), () =>
    covering ? [peaksBox(table, (position, how) => {
      if (how === "face_down") return backElement(t("web.card.face_down", { column: position + 1 }));
      const card = cardOfText(table.columns[position][0]);
      const free = how === "free";
      const playable = free && legal.has(String(position)) && !finished;
      const condition = !free ? "web.card.covered" : playable ? "web.card.playable" : blocked;
      const element = cardElement(card, free ? "button" : "div");
      if (free) {
        element.type = "button";
        element.classList.add("exposed");
        element.classList.toggle("playable", playable);
      } else {
        element.setAttribute("role", "img");
      }
      element.setAttribute("aria-label", `${t("web.card.label_position", { name: cardName(card), column: position + 1 })}, ${t(condition)}`);
      return element;
    })] : table.columns.map((column, index) => {
      const pile = document.createElement("div");
      pile.className = "column";
      pile.dataset.index = String(index);
      column.forEach((text, row) => {
        const card = cardOfText(text);
        const top = row === column.length - 1;
        const playable = top && legal.has(String(index)) && !finished;
        const condition = !top ? "web.card.covered" : playable ? "web.card.playable" : blocked;
        const element = cardElement(card, top ? "button" : "div");
        element.style.setProperty("--row", String(row));
        if (top) {
          element.type = "button";
          element.dataset.column = String(index);
          element.classList.add("exposed");
          element.classList.toggle("playable", playable);
        } else {
          element.setAttribute("role", "img");
        }
        element.setAttribute("aria-label", `${t("web.card.label", { name: cardName(card), column: index + 1 })}, ${t(condition)}`);
        pile.append(element);
      });
      return pile;
    }));
  if (fans) {
    placeFans([...tableau.querySelectorAll(".column")]);
    tableau.append(hole);
  }
  $("stock").hidden = !table.has_stock;
  if (focused !== undefined && !tableau.contains(document.activeElement)) keepFocus(Number(focused));
  const waste = table.waste;
  const shown = waste[waste.length - 1];
  paint("waste", shown || "", () => {
    if (!shown) return [];
    const element = cardElement(cardOfText(shown));
    element.setAttribute("aria-hidden", "true");
    return [element];
  });
  const empty = kind === "foundation" ? "web.pile.foundation_empty" : "web.pile.waste_empty";
  $("waste").setAttribute("aria-label", shown ? t(`web.pile.${kind}`, { card: cardName(cardOfText(shown)) }) : t(empty));
  $("stock-count").textContent = table.stock_count;
  $("stock").setAttribute("aria-label", table.stock_count ? t("web.pile.stock", { count: table.stock_count })
    : t("web.pile.stock_empty"));
  $("stock").disabled = !legal.has("d") || view.finished;
  $("btn-undo").disabled = !view.can_undo || view.finished;
  const next = view.finished && state.view === "competition" ? nextHole() : null;
  $("btn-next").hidden = !next;
  $("play-note").textContent = !view.finished ? ""
    : [t("competition.play.finished_hole", { strokes: view.strokes }), next ? "" : afterLastHole()].join(" ").trim();
}

/* Whether the player has another hole to play now (a round hole, or a playoff they are in). */
function nextHole() {
  const board = state.board;
  if (!board) return false;
  if (state.hole < board.competition.holes) return true;
  return board.phase === "playoff" && board.playoff.player_ids.includes(me()) && board.playoff.hole > state.hole;
}

function afterLastHole() {
  if (state.view !== "competition" || !state.board) return "";
  return state.board.phase === "finished" ? t("competition.play.over") : t("competition.play.waiting");
}

async function move(text) {
  if (!state.game || state.busy || state.game.finished) return;
  state.busy = true;
  try {
    state.game = await api("POST", `/api/competition-games/${state.game.game_id}/moves`,
      { move: text, index: state.game.index });
    say("");
  } catch (error) {
    say(error.message);
    if (error.status === 409) await refreshGame();
  } finally {
    state.busy = false;
    renderGame();
  }
}

async function undo() {
  if (!state.game || state.busy) return;
  state.busy = true;
  try {
    state.game = await api("POST", `/api/competition-games/${state.game.game_id}/undo`, { index: state.game.index });
    say("");
  } catch (error) {
    say(error.message);
  } finally {
    state.busy = false;
    renderGame();
  }
}

async function refreshGame() {
  if (state.game) state.game = await api("GET", `/api/competition-games/${state.game.game_id}`);
}

/* Boards ------------------------------------------------------------------------------- */

function me() { return localStorage.getItem(`${TOKEN_KEY}.id`); }

function phaseText(board) {
  if (board.phase === "playoff") return t("competition.phase.playoff", { players: board.playoff.players.join(", ") });
  if (board.phase !== "finished") return "";
  if (board.decided === "match") {
    return board.winner === null ? t("competition.match.halved") : t("competition.phase.match", { winner: board.winner });
  }
  if (board.decided === "playoff") return t("competition.phase.playoff_won", { winner: board.winner, count: board.playoff_holes });
  return t("competition.phase.total", { winner: board.winner });
}

function matchText(match) {
  const params = { leader: match.leader, lead: match.lead, to_play: match.to_play };
  if (match.code === "all_square" && match.to_play) return t("competition.match.all_square_to_play", params);
  return t(`competition.match.${match.code}`, params);
}

function renderBoard() {
  const board = state.board;
  if (!board) return;
  const c = board.competition;
  $("comp-name").textContent = c.name;
  const deals = t(`competition.deals.${c.deals}`);
  $("comp-facts").textContent = [t("competition.facts.holes", { holes: c.holes }), t(`preset.${c.rules}.title`), deals,
    c.match_play ? t("competition.create.match_play") : ""].filter(Boolean).join(" · ");
  renderDeals(c.hole_deals);
  $("comp-code").textContent = c.code;
  const link = `${location.origin}/c/${c.code}`;
  $("comp-link").href = link;
  $("comp-link").textContent = link;
  $("phase").textContent = phaseText(board);
  const match = $("match");
  match.hidden = !board.match;
  if (board.match) match.textContent = matchText(board.match);
  const holes = Array.from({ length: c.holes }, (_, i) => i + 1);
  const head = `<thead><tr><th>${esc(t("competition.board.position"))}</th><th class="name">${esc(t("competition.board.name"))}</th>`
    + `<th>${esc(t("competition.board.holes"))}</th><th>${esc(t("competition.board.total"))}</th>`
    + `<th>${esc(t("competition.board.to_par"))}</th>${holes.map((h) => `<th class="card-holes">${h}</th>`).join("")}`
    + `<th class="card-holes">${esc(t("competition.board.playoff"))}</th></tr></thead>`;
  const rows = board.standings.map((line) => {
    const cells = holes.map((h) => `<td class="card-holes">${h <= line.card.length ? line.card[h - 1] : ""}</td>`).join("");
    const playing = line.playing_hole ? ` <small>${esc(t("competition.board.playing", { hole: line.playing_hole }))}</small>` : "";
    return `<tr class="${line.player_id === me() ? "me" : ""}" data-player="${esc(line.name)}"><td>${esc(line.position_text)}</td>`
      + `<td class="name">${esc(line.name)}${playing}</td><td class="holes">${line.holes_played}</td>`
      + `<td class="total">${line.total}</td><td>${esc(line.to_par_text)}</td>${cells}`
      + `<td class="card-holes">${esc(line.playoff.join(" · "))}</td></tr>`;
  }).join("");
  const empty = board.standings.length ? "" : `<tr><td colspan="${6 + c.holes}">${esc(t("competition.board.empty"))}</td></tr>`;
  $("board-table").innerHTML = head + `<tbody>${rows}${empty}</tbody>`;
  const joined = board.standings.some((line) => line.player_id === me());
  $("join-form").hidden = joined || board.phase === "finished";
}

function renderDeals(holes) {
  // A finished competition shows its deals, each a link to replay it; none before.
  const shown = $("comp-deals");
  shown.hidden = !holes;
  if (!holes) return;
  const items = holes.map((hole) => (hole.number === null
    ? esc(t("competition.revealed.later", { hole: hole.hole, day: hole.shown_from }))
    : `<a href="${esc(hole.link)}">${esc(t("competition.revealed.hole", { hole: hole.hole, number: hole.number }))}</a>`));
  shown.innerHTML = `${esc(t("competition.revealed.title"))} ${items.join(" · ")}`;
}

function renderDaily(board) {
  const facts = $("daily-facts");
  if (board.deal_number === null) {
    facts.textContent = t("competition.daily.facts_hidden", { day: board.day, shown_from: board.shown_from });
  } else {
    const link = `<a href="${esc(board.deal_link)}">${esc(String(board.deal_number))}</a>`;
    facts.innerHTML = esc(t("competition.daily.facts", { day: board.day, number: "\u0000" })).replace("\u0000", link);
  }
  const head = `<thead><tr><th>${esc(t("competition.board.position"))}</th><th class="name">${esc(t("competition.board.name"))}</th>`
    + `<th>${esc(t("competition.play.strokes"))}</th><th>${esc(t("competition.board.to_par"))}</th></tr></thead>`;
  const rows = board.standings.map((line) => `<tr class="${line.player_id === me() ? "me" : ""}" data-player="${esc(line.name)}">`
    + `<td>${line.tied ? "T" : ""}${line.position}</td><td class="name">${esc(line.name)}</td>`
    + `<td class="total">${line.strokes}</td><td>${esc(line.to_par_text)}</td></tr>`).join("");
  const playing = board.playing.map((line) => `<tr><td></td><td class="name">${esc(line.name)} <small>${esc(t("competition.daily.playing"))}</small></td><td></td><td></td></tr>`).join("");
  const empty = rows || playing ? "" : `<tr><td colspan="4">${esc(t("competition.board.empty"))}</td></tr>`;
  $("board-table").innerHTML = head + `<tbody>${rows}${playing}${empty}</tbody>`;
  $("phase").textContent = "";
}

function listen(url, onBoard) {
  if (state.source) state.source.close();
  const source = new EventSource(url);
  state.source = source;
  source.addEventListener("board", (event) => {
    $("live").textContent = t("competition.live");
    onBoard(JSON.parse(event.data));
  });
  source.onerror = () => { $("live").textContent = t("competition.reconnecting"); };
}

/* Competition flow ------------------------------------------------------------------- */

async function nextGame() {
  try {
    const reply = await api("POST", `/api/competitions/${state.code}/play`);
    if (reply.state === "playing") {
      state.game = reply.game;
      state.hole = reply.hole;
      say("");
    } else {
      state.game = null;
      say(reply.state === "waiting" ? t("competition.play.waiting") : t("competition.play.over"));
    }
  } catch (error) {
    if (error.status !== 404 && error.status !== 401) say(error.message);
  }
  renderGame();
}

async function openCompetition(code) {
  state.view = "competition";
  state.code = code.toUpperCase();
  $("competition").hidden = false;
  try {
    state.board = await api("GET", `/api/competitions/${state.code}`);
  } catch (error) {
    say(error.message);
    $("competition").hidden = true;
    return;
  }
  renderBoard();
  listen(`/api/competitions/${state.code}/events`, (board) => {
    const before = state.board;
    state.board = board;
    renderBoard();
    renderGame();
    if (!state.game && before && board.standings.some((line) => line.player_id === me())) nextGame();
  });
  if (state.board.standings.some((line) => line.player_id === me())) await nextGame();
}

async function join(event) {
  event.preventDefault();
  try {
    const reply = await api("POST", `/api/competitions/${state.code}/players`, { name: $("join-name").value });
    remember(reply);
    state.board = await api("GET", `/api/competitions/${state.code}`);
    renderBoard();
    await nextGame();
  } catch (error) {
    if (error.status === 401) localStorage.removeItem(TOKEN_KEY);
    say(error.message);
  }
}

function remember(reply) {
  if (reply.token) localStorage.setItem(TOKEN_KEY, reply.token);
  if (reply.player_id) localStorage.setItem(`${TOKEN_KEY}.id`, reply.player_id);
}

async function create(event) {
  event.preventDefault();
  const deals = $("create-deals").value;
  const body = { name: $("create-name").value, holes: Number($("create-holes").value), rules: $("create-rules").value,
    deals, match_play: $("create-match").checked };
  try {
    const created = await api("POST", "/api/competitions", body);
    history.pushState({}, "", `/c/${created.code}`);
    $("setup").hidden = true;
    await openCompetition(created.code);
    say(t("competition.created", { code: created.code }));
  } catch (error) {
    say(error.message);
  }
}

/* Daily flow -------------------------------------------------------------------------- */

function openDaily() {
  state.view = "daily";
  $("daily").hidden = false;
  $("competition").hidden = false;
  for (const id of ["comp-name", "comp-facts", "join-form"]) $(id).hidden = true;
  document.querySelector("#competition .share").hidden = true;
  state.day = new Date().toISOString().slice(0, 10);
  const rules = $("daily-rules").value || "strict";
  listen(`/api/daily/${state.day}/events?rules=${encodeURIComponent(rules)}`, renderDaily);
}

async function playDaily(event) {
  event.preventDefault();
  try {
    const reply = await api("POST", "/api/daily/players", { name: $("daily-name").value, rules: $("daily-rules").value });
    remember(reply);
    $("daily-form").hidden = true;
    state.game = reply.game;
    state.hole = 1;
    renderGame();
  } catch (error) {
    say(error.message);
  }
}

/* Start ------------------------------------------------------------------------------- */

function wire() {
  $("tableau").addEventListener("click", (event) => {
    const card = event.target.closest("[data-column]");
    if (card) move(card.dataset.column);
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Space on a focused button or link is that control's own, as buttons do.
    const control = target instanceof Element && target.closest("button, a, [role=button]");
    if (/^[1-9]$/.test(event.key)) move(String(Number(event.key) - 1));
    else if (event.key === "d" || (event.key === " " && !control)) {
      event.preventDefault();
      move("d");
    }
  });
  $("stock").addEventListener("click", () => move("d"));
  $("btn-undo").addEventListener("click", undo);
  $("btn-next").addEventListener("click", nextGame);
  $("join-form").addEventListener("submit", join);
  $("create-form").addEventListener("submit", create);
  $("daily-form").addEventListener("submit", playDaily);
  $("daily-rules").addEventListener("change", () => openDaily());
  PHONE.addEventListener("change", renderGame);
  $("join-code-form").addEventListener("submit", (event) => {
    event.preventDefault();
    location.href = `/c/${encodeURIComponent($("join-code").value.trim().toUpperCase())}`;
  });
  $("select-lang").addEventListener("change", async () => {
    localStorage.setItem("golf.lang", $("select-lang").value);
    await loadLanguage($("select-lang").value);
    renderGame();
    if (state.board && state.view === "competition") renderBoard();
    if (state.view === "daily") openDaily();
  });
}

async function start() {
  const languages = await (await fetch("/api/meta/languages")).json();
  $("select-lang").innerHTML = languages.map(({ code, name }) =>
    `<option value="${esc(code)}" lang="${esc(code)}">${esc(name)}</option>`).join("");
  const params = new URLSearchParams(location.search);
  const wanted = params.get("lang") || localStorage.getItem("golf.lang") || (navigator.language || "en").slice(0, 2);
  const chosen = languages.some(({ code }) => code === wanted) ? wanted : "en";
  $("select-lang").value = chosen;
  await loadLanguage(chosen);
  installSuits();
  wire();
  const path = location.pathname;
  if (path.startsWith("/c/")) await openCompetition(decodeURIComponent(path.slice(3)));
  else if (path.startsWith("/daily")) openDaily();
  else $("setup").hidden = false;
}

start();
