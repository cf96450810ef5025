//! The page's panels, in page order: the one list that presentation mode
//! steps through, deep links name (`view=`) and the self-study guide links to.

/// One view of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panel {
    /// The `<section id>` of the view, and its `view=` value in a deep link.
    pub id: &'static str,
    /// The message id of its title (`h2`).
    pub title: &'static str,
}

pub const PANELS: [Panel; 10] = [
    Panel {
        id: "pe",
        title: "pe-title",
    },
    Panel {
        id: "attention",
        title: "attention-title",
    },
    Panel {
        id: "inside-head",
        title: "head-title",
    },
    Panel {
        id: "masks",
        title: "mask-title",
    },
    Panel {
        id: "training",
        title: "training-title",
    },
    Panel {
        id: "noam",
        title: "noam-title",
    },
    Panel {
        id: "smoothing",
        title: "smoothing-title",
    },
    Panel {
        id: "compare",
        title: "compare-title",
    },
    Panel {
        id: "translate",
        title: "translate-title",
    },
    Panel {
        id: "complexity",
        title: "complexity-title",
    },
];

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
}
