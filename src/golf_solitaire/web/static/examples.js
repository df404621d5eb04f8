/* The how-to-play page's example of each layout family: a real deal as it is dealt (the
   numbered deal of `rules`), with the card on its pile and the columns (or, on a covering
   layout, the positions) whose card may go there first. The tests check each one against the
   game. A covering layout's cards are listed by position, "--" for a face-down card: the page
   never knows what a face-down card is. */

export const EXAMPLES = {
  golf: {
    rules: "strict", deal: 9, top: "5D", playable: [0, 4],
    columns: ["5C AC 6S AD 4H", "8S JH QD 2S QH", "7D 2H 4S 4C 5H", "2D 8C 7S TS KS", "6H AH KD 3H 6C", "9H 7C JD QC 3S", "6D 8H AS 9D TH"],
  },
  double_golf: {
    rules: "double-golf", deal: 12, top: "4S", playable: [1, 5, 6],
    columns: [
      "KS 8D KS 5H 9C 8D KH", "2S JH QS 8H 9S QC 5C", "JC AH JD 5H 8S 4H TC",
      "AS TD 4C AD 2D 4S AH", "7C 7D 8C TH TC JS 4D", "2S AD 7H 5S 6D 7S 5C",
      "QC 9D AS 6S 2D 5S 3S", "QD 2C 8H KC 3C 4D QH", "KD 4C 2C 6H KC TH JS",
    ],
  },
  black_hole: {
    rules: "black-hole", deal: 5, top: "AS", playable: [1, 5],
    columns: [
      "AH KC 9D", "8S 3H KS", "2D KD QD", "QS 5H 4H", "4C 6S AC", "9H 8D 2H", "2S TD TC", "3D 7S TH", "5C JD 6D",
      "9C 7H 6H", "KH 8H 6C", "4D JH QC", "2C JC JS", "3C 7D 9S", "4S 5S AD", "3S QH 7C", "5D 8C TS",
    ],
  },
  all_in_a_row: {
    rules: "all-in-a-row", deal: 1, top: null, playable: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    columns: [
      "JD QC QH 6D", "2D KH 4H 8S", "9H 3H AC 8D", "JC 2S 4D QS", "5D KS 7S 6C", "7H 9D 3S 3D", "7C QD TD 8C",
      "5H JS 4S TC", "KD AH TH 6S", "KC 3C 8H 9C", "9S 4C 2C 2H", "5S 5C JH 6H", "AD TS 7D AS",
    ],
  },
  tri_peaks: {
    rules: "tripeaks", deal: 4, top: "8D", playable: [23, 24],
    cards: "-- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- QS 4D 4H 2S QH 7S 9S 5S AS 8H",
  },
  elevator: {
    rules: "elevator", deal: 28, top: "AC", playable: [21, 22],
    cards: "-- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- KH 2H 4D QH JC 5C 3C",
  },
  escalator: {
    rules: "escalator", deal: 4, top: "8D", playable: [23, 24],
    cards: "KS QC 3D JS 5D KD 6S 3S 2C AC KH 8C AH 9D 6C 5C 6D TS QS 4D 4H 2S QH 7S 9S 5S AS 8H",
  },
};

/* The picture of a covering layout as the game's server describes it (shared/peaks.js):
   TriPeaks' three peaks of rows 3, 6, 9 on a bottom row of 10, or a pyramid of rows 1 to 7;
   positions numbered as PySolFC deals them (layouts.py). */
export function coveringPicture(family) {
  const rows = [];
  const offsets = [];
  if (family === "tri_peaks") {
    rows.push([], [], [], []);
    const shape = [[3, 0], [2, 1], [4, 1], [1, 2], [3, 2], [5, 2]];
    for (let peak = 0; peak < 3; peak++) {
      shape.forEach(([offset, row], index) => {
        offsets.push(6 * peak + offset);
        rows[row].push(6 * peak + index);
      });
    }
    for (let index = 0; index < 10; index++) {
      offsets.push(2 * index);
      rows[3].push(18 + index);
    }
  } else {
    for (let row = 0; row < 7; row++) {
      const first = (row * (row + 1)) / 2;
      rows.push([]);
      for (let index = 0; index <= row; index++) {
        offsets.push(6 - row + 2 * index);
        rows[row].push(first + index);
      }
    }
  }
  return { rows, offsets };
}
