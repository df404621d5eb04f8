/* Black Hole's 17 fans around the hole, placed the same on the game and the how-to-play page:
   a grid 5 fans wide and 4 high with the hole in the middle of rows 2 and 3, in PySolFC's
   order (five across the top, two each side of the hole on the next two rows, four across
   the bottom); on a phone 3 fans wide and 7 high, the hole in the middle of rows 3 and 4. */

const CELLS = [
  [1, 1], [1, 2], [1, 3], [1, 4], [1, 5],
  [2, 1], [2, 2], [2, 4], [2, 5],
  [3, 1], [3, 2], [3, 4], [3, 5],
  [4, 1], [4, 2], [4, 3], [4, 4],
];

const PHONE_CELLS = [
  [1, 1], [1, 2], [1, 3],
  [2, 1], [2, 2], [2, 3],
  [3, 1], [3, 3],
  [4, 1], [4, 3],
  [5, 1], [5, 2], [5, 3],
  [6, 1], [6, 2], [6, 3],
  [7, 2],
];

/* The width at which a page lays itself out for a phone (style.css's media query). */
export const PHONE = window.matchMedia("(max-width: 600px)");

/* Put each fan (an element, in the deal's order) in its cell of the grid its parent is
   (style.css's .fans places the hole). */
export function placeFans(fans) {
  const cells = PHONE.matches ? PHONE_CELLS : CELLS;
  fans.forEach((fan, index) => {
    const [row, column] = cells[index];
    fan.style.gridRow = String(row);
    fan.style.gridColumn = String(column);
  });
}
