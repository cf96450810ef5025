//! A plotters backend that measures each label once.
//!
//! In the browser, plotters measures a text by adding a `<span>` to the page
//! and reading its `offsetHeight`: a forced layout of the whole page, for
//! every tick label of every chart, with every snapshot while a run trains
//! (BENCHMARKS.md, "Main-thread long tasks"). [`Measured`] wraps a backend
//! and keeps each (font, size, rotation, text)'s size after the first
//! measurement; everything else goes straight to the wrapped backend.

use plotters::prelude::DrawingBackend;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform,
};
use std::cell::RefCell;
use std::collections::HashMap;

/// Sizes kept at most; the cache starts over when it is full (tick labels
/// are numbers, so a long run keeps meeting new ones).
pub const MAX_MEASURED: usize = 4096;

/// Font family and style, size in pixels (as bits), quarter turns, text.
type Key = (String, u64, u8, String);

/// A rotation as quarter turns clockwise.
fn quarter_turns(transform: FontTransform) -> u8 {
    match transform {
        FontTransform::None => 0,
        FontTransform::Rotate90 => 1,
        FontTransform::Rotate180 => 2,
        FontTransform::Rotate270 => 3,
    }
}

thread_local! {
    static SIZES: RefCell<HashMap<Key, (u32, u32)>> = RefCell::new(HashMap::new());
}

/// `B`, with [`DrawingBackend::estimate_text_size`] remembered.
pub struct Measured<B>(pub B);

impl<B: DrawingBackend> DrawingBackend for Measured<B> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_text(text, style, pos)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        let key = (
            format!("{} {}", style.family().as_str(), style.style().as_str()),
            style.size().to_bits(),
            quarter_turns(style.transform()),
            text.to_string(),
        );
        if let Some(size) = SIZES.with(|s| s.borrow().get(&key).copied()) {
            return Ok(size);
        }
        let size = self.0.estimate_text_size(text, style)?;
        SIZES.with(|s| {
            let mut sizes = s.borrow_mut();
            if sizes.len() >= MAX_MEASURED {
                sizes.clear();
            }
            sizes.insert(key, size);
        });
        Ok(size)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.blit_bitmap(pos, size, src)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::style::{IntoFont, TextStyle};
    use std::cell::Cell;
    use std::convert::Infallible;

    /// A backend that only counts its measurements (each label is 7 px per character).
    struct Counting<'a>(&'a Cell<usize>);

    impl DrawingBackend for Counting<'_> {
        type ErrorType = Infallible;
        fn get_size(&self) -> (u32, u32) {
            (100, 100)
        }
        fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
            Ok(())
        }
        fn present(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
            Ok(())
        }
        fn draw_pixel(
            &mut self,
            _: BackendCoord,
            _: BackendColor,
        ) -> Result<(), DrawingErrorKind<Infallible>> {
            Ok(())
        }
        fn estimate_text_size<S: BackendTextStyle>(
            &self,
            text: &str,
            style: &S,
        ) -> Result<(u32, u32), DrawingErrorKind<Infallible>> {
            self.0.set(self.0.get() + 1);
            Ok((7 * text.chars().count() as u32, style.size() as u32))
        }
    }

    #[test]
    fn each_label_is_measured_once_per_font_and_size() {
        let count = Cell::new(0);
        let backend = Measured(Counting(&count));
        let small: TextStyle = ("measured-test-font", 12).into_font().into();
        let large: TextStyle = ("measured-test-font", 24).into_font().into();
        assert_eq!(
            backend.estimate_text_size("0.25", &small).unwrap(),
            (28, 12)
        );
        assert_eq!(
            backend.estimate_text_size("0.25", &small).unwrap(),
            (28, 12)
        );
        assert_eq!(count.get(), 1, "the second time comes from the cache");
        assert_eq!(
            backend.estimate_text_size("0.25", &large).unwrap(),
            (28, 24)
        );
        assert_eq!(backend.estimate_text_size("0.5", &small).unwrap(), (21, 12));
        assert_eq!(count.get(), 3, "another size or text is measured");
    }
}
