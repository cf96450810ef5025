//! The page's panels, in page order: the one list that presentation mode
//! steps through, deep links name (`view=`) and the self-study guide links to.

/// Each panel's id: its `<section id>` and its `view=` value in a deep link.
pub mod ids {
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
}

pub const PANELS: [Panel; 10] = [
    Panel {
        id: ids::PE,
        title: "pe-title",
    },
    Panel {
        id: ids::ATTENTION,
        title: "attention-title",
    },
    Panel {
        id: ids::INSIDE_HEAD,
        title: "head-title",
    },
    Panel {
        id: ids::MASKS,
        title: "mask-title",
    },
    Panel {
        id: ids::TRAINING,
        title: "training-title",
    },
    Panel {
        id: ids::NOAM,
        title: "noam-title",
    },
    Panel {
        id: ids::SMOOTHING,
        title: "smoothing-title",
    },
    Panel {
        id: ids::COMPARE,
        title: "compare-title",
    },
    Panel {
        id: ids::TRANSLATE,
        title: "translate-title",
    },
    Panel {
        id: ids::COMPLEXITY,
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
