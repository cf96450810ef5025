//! The page's panels, in page order: the one list that presentation mode
//! steps through, deep links name (`view=`) and the self-study guide links to.
//! The first is the model's figure (the paper's Figure 1), the map of the
//! views after it; the views are numbered from 1 ([`number`]).

/// Each panel's id: its `<section id>` and its `view=` value in a deep link.
pub mod ids {
    pub const MODEL: &str = "model";
    pub const PE: &str = "pe";
    pub const ATTENTION: &str = "attention";
    pub const INSIDE_HEAD: &str = "inside-head";
    pub const MASKS: &str = "masks";
    pub const TRAINING: &str = "training";
    pub const NOAM: &str = "noam";
    pub const SMOOTHING: &str = "smoothing";
    pub const COMPARE: &str = "compare";
    pub const TRANSLATE: &str = "translate";
    pub const COMPLEXITY: &str = "complexity";
}

/// One view of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panel {
    /// The `<section id>` of the view, and its `view=` value in a deep link.
    pub id: &'static str,
    /// The message id of its title (`h2`).
    pub title: &'static str,
    /// A CSS selector of its main figure, inside the view: what presentation
    /// mode shows on the panel's first screen, right under the title.
    pub figure: &'static str,
}

pub const PANELS: [Panel; 11] = [
    Panel {
        id: ids::MODEL,
        title: "arch-title",
        figure: ".fig-stacks",
    },
    Panel {
        id: ids::PE,
        title: "pe-title",
        figure: "[data-testid=pe-heatmap]",
    },
    Panel {
        id: ids::ATTENTION,
        title: "attention-title",
        figure: "[data-testid=attention-map]",
    },
    Panel {
        id: ids::INSIDE_HEAD,
        title: "head-title",
        figure: ".head-stage[data-stage=\"0\"]",
    },
    Panel {
        id: ids::MASKS,
        title: "mask-title",
        figure: "[data-testid=mask-causal]",
    },
    Panel {
        id: ids::TRAINING,
        title: "training-title",
        figure: "[data-testid=loss-chart]",
    },
    Panel {
        id: ids::NOAM,
        title: "noam-title",
        figure: "[data-testid=noam-chart]",
    },
    Panel {
        id: ids::SMOOTHING,
        title: "smoothing-title",
        figure: "[data-testid=smoothing-chart]",
    },
    Panel {
        id: ids::COMPARE,
        title: "compare-title",
        figure: "[data-testid=compare-chart]",
    },
    Panel {
        id: ids::TRANSLATE,
        title: "translate-title",
        figure: "[data-testid=decode-stepper]",
    },
    Panel {
        id: ids::COMPLEXITY,
        title: "complexity-title",
        figure: "[data-testid=complexity-chart]",
    },
];

/// The index of the model's figure in [`PANELS`]: the first panel, where
/// presentation mode starts and the Home key returns.
pub const FIGURE: usize = 0;

/// How many views are numbered: every panel but the figure.
pub const NUMBERED: usize = PANELS.len() - 1;

/// A panel's number, the one its title starts with and presentation mode's
/// counter shows: the views count from 1 after the figure, which has none.
pub fn number(panel: usize) -> Option<usize> {
    (panel != FIGURE).then_some(panel)
}

/// The index of the panel whose id is `id`.
pub fn index_of(id: &str) -> Option<usize> {
    PANELS.iter().position(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panel_ids_are_unique_and_found_by_id() {
        for (i, panel) in PANELS.iter().enumerate() {
            assert_eq!(index_of(panel.id), Some(i));
        }
        assert_eq!(index_of("nowhere"), None);
    }

    #[test]
    fn the_figure_comes_first_unnumbered_and_the_views_count_from_one() {
        assert_eq!(PANELS[FIGURE].id, ids::MODEL);
        assert_eq!(number(FIGURE), None);
        let numbers: Vec<usize> = (0..PANELS.len()).filter_map(number).collect();
        assert_eq!(numbers, (1..=NUMBERED).collect::<Vec<_>>());
        assert_eq!(number(index_of(ids::PE).expect("a panel")), Some(1));
    }
}
