//! Room for the run's controls in the presenter's bar.
//!
//! In presentation mode the run's controls (Train, Step, Reset and their
//! read-outs, `.run-controls`) are fixed at the right end of the presenter's
//! bar, over it. How wide they are depends on the language and on what they
//! read out, so no fixed margin fits every case: at 1024 px the English
//! controls covered the → button. The bar keeps as much room at its right
//! end as the controls take, `--run-controls-width` on `<html>`, measured
//! whenever their size changes; the panel's title in the bar gives way.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The CSS property that holds the controls' width, read by `style.css`.
const PROPERTY: &str = "--run-controls-width";

/// Keep [`PROPERTY`] equal to the run controls' width, for the page's life.
/// Does nothing where the browser has no `ResizeObserver` or the page no
/// run controls.
pub fn keep_room_for_the_run_controls() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let (Ok(Some(controls)), Some(root)) = (
        document.query_selector(".run-controls"),
        document.document_element(),
    ) else {
        return;
    };
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    let measured = controls.clone();
    let measure = Closure::<dyn FnMut()>::new(move || {
        let width = measured.get_bounding_client_rect().width();
        let _ = root
            .style()
            .set_property(PROPERTY, &format!("{}px", width.ceil()));
    });
    let Ok(observer) = web_sys::ResizeObserver::new(measure.as_ref().unchecked_ref()) else {
        return;
    };
    observer.observe(&controls);
    // The observer and its callback live as long as the page.
    measure.forget();
    std::mem::forget(observer);
}
