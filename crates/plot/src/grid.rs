//! Where each cell of a heatmap sits on its canvas, and which cell the pointer is over.
//!
//! A heatmap canvas holds only the cells (token labels are HTML around it), so a
//! cell is a plain `cell_w × cell_h` rectangle. Row = query, column = key.

/// The cells of a `[rows, cols]` heatmap laid over a canvas of `width × height` pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub width: f64,
    pub height: f64,
}

impl Grid {
    pub fn new(rows: usize, cols: usize, width: f64, height: f64) -> Self {
        Self {
            rows,
            cols,
            width,
            height,
        }
    }

    pub fn cell_w(&self) -> f64 {
        self.width / self.cols.max(1) as f64
    }

    pub fn cell_h(&self) -> f64 {
        self.height / self.rows.max(1) as f64
    }

    /// The `(row, col)` under the point `(x, y)` in canvas pixels, if any.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<(usize, usize)> {
        if self.rows == 0
            || self.cols == 0
            || !(0.0..self.width).contains(&x)
            || !(0.0..self.height).contains(&y)
        {
            return None;
        }
        let col = ((x / self.cell_w()) as usize).min(self.cols - 1);
        let row = ((y / self.cell_h()) as usize).min(self.rows - 1);
        Some((row, col))
    }
}

/// Map a pointer position in CSS pixels (`offsetX`, `offsetY`) to canvas pixels,
/// for a canvas whose drawing buffer is `canvas_w × canvas_h` but is shown at
/// `css_w × css_h`.
pub fn css_to_canvas(
    x: f64,
    y: f64,
    css_w: f64,
    css_h: f64,
    canvas_w: f64,
    canvas_h: f64,
) -> (f64, f64) {
    let sx = if css_w > 0.0 { canvas_w / css_w } else { 1.0 };
    let sy = if css_h > 0.0 { canvas_h / css_h } else { 1.0 };
    (x * sx, y * sy)
}

/// A square-ish cell size so a `[rows, cols]` map fits in `max_px` on its longer side.
pub fn cell_size(rows: usize, cols: usize, max_px: f64, min_cell: f64, max_cell: f64) -> f64 {
    let longest = rows.max(cols).max(1) as f64;
    (max_px / longest).clamp(min_cell, max_cell).floor()
}

/// A keyboard move of a heatmap's cell cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Left,
    Right,
    Up,
    Down,
    /// Home: the first cell of the row.
    RowStart,
    /// End: the last cell of the row.
    RowEnd,
    /// Ctrl+Home: the top-left cell.
    First,
    /// Ctrl+End: the bottom-right cell.
    Last,
    /// Page Up: [`Move::PAGE_ROWS`] rows up.
    PageUp,
    /// Page Down: [`Move::PAGE_ROWS`] rows down.
    PageDown,
}

impl Move {
    /// How many rows Page Up and Page Down move.
    pub const PAGE_ROWS: usize = 10;

    /// The move of a key (`KeyboardEvent.key`), with Ctrl (or ⌘) held or not.
    pub fn of_key(key: &str, ctrl: bool) -> Option<Move> {
        Some(match (key, ctrl) {
            ("ArrowLeft", _) => Move::Left,
            ("ArrowRight", _) => Move::Right,
            ("ArrowUp", _) => Move::Up,
            ("ArrowDown", _) => Move::Down,
            ("Home", false) => Move::RowStart,
            ("End", false) => Move::RowEnd,
            ("Home", true) => Move::First,
            ("End", true) => Move::Last,
            ("PageUp", _) => Move::PageUp,
            ("PageDown", _) => Move::PageDown,
            _ => return None,
        })
    }

    /// Where the cursor goes from `from` on a `[rows, cols]` map; it stops at
    /// the edges. With no cursor yet, the first move lands on the top-left cell.
    pub fn apply(
        self,
        from: Option<(usize, usize)>,
        rows: usize,
        cols: usize,
    ) -> Option<(usize, usize)> {
        if rows == 0 || cols == 0 {
            return None;
        }
        let Some((r, c)) = from else {
            return Some((0, 0));
        };
        let (r, c) = (r.min(rows - 1), c.min(cols - 1));
        let (last_r, last_c) = (rows - 1, cols - 1);
        Some(match self {
            Move::Left => (r, c.saturating_sub(1)),
            Move::Right => (r, (c + 1).min(last_c)),
            Move::Up => (r.saturating_sub(1), c),
            Move::Down => ((r + 1).min(last_r), c),
            Move::RowStart => (r, 0),
            Move::RowEnd => (r, last_c),
            Move::First => (0, 0),
            Move::Last => (last_r, last_c),
            Move::PageUp => (r.saturating_sub(Self::PAGE_ROWS), c),
            Move::PageDown => ((r + Self::PAGE_ROWS).min(last_r), c),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_map_to_corner_cells() {
        let g = Grid::new(4, 5, 100.0, 80.0);
        assert_eq!(g.cell_at(0.0, 0.0), Some((0, 0)));
        assert_eq!(g.cell_at(99.9, 79.9), Some((3, 4)));
        assert_eq!(g.cell_at(20.0, 20.0), Some((1, 1)));
        assert_eq!(g.cell_at(19.9, 19.9), Some((0, 0)));
    }

    #[test]
    fn outside_the_canvas_is_no_cell() {
        let g = Grid::new(4, 5, 100.0, 80.0);
        assert_eq!(g.cell_at(-1.0, 5.0), None);
        assert_eq!(g.cell_at(100.0, 5.0), None);
        assert_eq!(g.cell_at(5.0, 80.0), None);
        assert_eq!(Grid::new(0, 0, 10.0, 10.0).cell_at(1.0, 1.0), None);
    }

    #[test]
    fn css_pixels_scale_to_the_drawing_buffer() {
        assert_eq!(
            css_to_canvas(50.0, 10.0, 100.0, 40.0, 200.0, 80.0),
            (100.0, 20.0)
        );
        assert_eq!(css_to_canvas(5.0, 5.0, 0.0, 0.0, 200.0, 80.0), (5.0, 5.0));
    }

    #[test]
    fn cells_shrink_for_long_sentences_within_bounds() {
        assert_eq!(cell_size(5, 5, 200.0, 6.0, 32.0), 32.0);
        assert_eq!(cell_size(20, 10, 200.0, 6.0, 32.0), 10.0);
        assert_eq!(cell_size(100, 10, 200.0, 6.0, 32.0), 6.0);
    }

    #[test]
    fn the_keyboard_cursor_starts_top_left_and_stops_at_the_edges() {
        assert_eq!(Move::Down.apply(None, 3, 4), Some((0, 0)));
        assert_eq!(Move::Left.apply(Some((1, 0)), 3, 4), Some((1, 0)));
        assert_eq!(Move::Right.apply(Some((1, 3)), 3, 4), Some((1, 3)));
        assert_eq!(Move::Up.apply(Some((0, 2)), 3, 4), Some((0, 2)));
        assert_eq!(Move::Down.apply(Some((1, 2)), 3, 4), Some((2, 2)));
        assert_eq!(Move::RowEnd.apply(Some((1, 1)), 3, 4), Some((1, 3)));
        assert_eq!(Move::RowStart.apply(Some((1, 3)), 3, 4), Some((1, 0)));
        assert_eq!(Move::Last.apply(Some((0, 0)), 3, 4), Some((2, 3)));
        assert_eq!(Move::First.apply(Some((2, 3)), 3, 4), Some((0, 0)));
        assert_eq!(Move::PageDown.apply(Some((5, 1)), 100, 4), Some((15, 1)));
        assert_eq!(Move::PageDown.apply(Some((95, 1)), 100, 4), Some((99, 1)));
        assert_eq!(Move::PageUp.apply(Some((5, 1)), 100, 4), Some((0, 1)));
        assert_eq!(Move::Right.apply(Some((0, 0)), 0, 0), None);
    }

    #[test]
    fn a_cursor_left_outside_a_map_that_shrank_comes_back_inside() {
        assert_eq!(Move::Left.apply(Some((9, 9)), 3, 4), Some((2, 2)));
    }

    #[test]
    fn keys_map_to_moves_and_ctrl_turns_home_and_end_into_corners() {
        assert_eq!(Move::of_key("ArrowUp", false), Some(Move::Up));
        assert_eq!(Move::of_key("Home", false), Some(Move::RowStart));
        assert_eq!(Move::of_key("Home", true), Some(Move::First));
        assert_eq!(Move::of_key("End", true), Some(Move::Last));
        assert_eq!(Move::of_key("PageDown", false), Some(Move::PageDown));
        assert_eq!(Move::of_key("a", false), None);
    }
}
