/* The covering layouts (TriPeaks, Elevator, Escalator), drawn the same on the game and the
   competition page: rows of overlapping cards, each half a card below the row above and
   lying on two of its cards. `table` holds columns (one card or none per position),
   face_down, rows and offsets as the server sends them; a face-down card's column is empty
   (its card never reaches the page). makeCard(position, how) returns the element of a
   position, `how` being "face_down", "covered" or "free"; positions played are left out. */

export function isCovering(table) {
  return Boolean(table.rows && table.rows.length);
}

/* The picture's width in cards (for the card size). */
export function widthInCards(table) {
  return (Math.max(...table.offsets) + 2) / 2;
}

export function peaksBox(table, makeCard) {
  const hidden = new Set(table.face_down);
  const present = (position) => hidden.has(position) || table.columns[position].length > 0;
  const box = document.createElement("div");
  box.className = "peaks";
  box.style.setProperty("--half-columns", String(Math.max(...table.offsets) + 2));
  box.style.setProperty("--peak-rows", String(table.rows.length));
  table.rows.forEach((row, depth) => {
    const below = table.rows[depth + 1] || [];
    row.forEach((position) => {
      if (!present(position)) return;
      const covered = below.some((other) => present(other) && Math.abs(table.offsets[other] - table.offsets[position]) === 1);
      const element = makeCard(position, hidden.has(position) ? "face_down" : covered ? "covered" : "free");
      element.dataset.column = String(position);
      element.style.setProperty("--offset", String(table.offsets[position]));
      element.style.setProperty("--peak-row", String(depth));
      box.append(element);
    });
  });
  return box;
}

/* A face-down card: a back, with its position for screen readers. */
export function backElement(label) {
  const element = document.createElement("div");
  element.className = "card back";
  element.setAttribute("role", "img");
  element.setAttribute("aria-label", label);
  return element;
}
