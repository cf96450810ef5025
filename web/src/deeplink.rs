//! Deep links: the page's state as a URL query, and back.
//!
//! A link holds the language, the task and every training setting with the
//! seed, how the model starts (the pretrained checkpoint, or from scratch),
//! the view, the attention kind / layer / head / query in focus, the typed
//! sentence and presentation mode. Opening it restores all of them; two
//! pages opened from one `start=scratch` link train bit-identically (the run
//! follows its seed).
//!
//! Settings from a URL pass the same `Settings::validate` as the form, the
//! CLI and a checkpoint, before anything is built; every unreadable value is
//! reported, never guessed.
//!
//! Layer, head and query are 1-based in the URL, as on the page.

use crate::i18n::Locale;
use lab_math::norm::NormPlacement;
use lab_math::search::{Beam, Sampling, Strategy};
use lab_protocol::{AttentionKind, Settings, SettingsField};
use lab_tasks::TaskKind;

/// The longest typed sentence a link carries, in characters (the worker's
/// own word limit applies when it is translated).
pub const MAX_LINK_TEXT: usize = 500;

/// How the linked model starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The task's pretrained checkpoint (the settings fill the form only).
    Pretrained,
    /// Fresh weights from the settings and seed.
    Scratch,
}

/// Everything a link restores. `None` means "the link does not say".
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DeepLink {
    pub lang: Option<Locale>,
    pub task: Option<TaskKind>,
    /// The full settings, validated; only when the link names a task.
    pub settings: Option<Settings>,
    pub start: Option<Start>,
    /// A panel id (`app::panels`).
    pub view: Option<String>,
    pub kind: Option<AttentionKind>,
    /// 0-based here, 1-based in the URL.
    pub layer: Option<usize>,
    pub head: Option<usize>,
    pub query: Option<usize>,
    /// The sentence typed in Translate; the head view traces it.
    pub text: Option<String>,
    /// How the step-through decodes: `decode=greedy|beam|sample`, with
    /// `beam` and `alpha`, or `temperature`, `top_k`, `top_p` and
    /// `sample_seed` (`seed` is the run's).
    pub decode: Option<Strategy>,
    pub present: bool,
    /// `embed=VIEW`: the page is that one view alone, for a slide or a
    /// course page's `<iframe>` (a panel id, `app::panels`).
    pub embed: Option<String>,
    /// `hide=settings,controls,questions`: parts an embedded view leaves out.
    pub hide: Hidden,
}

/// The parts of an embedded view a link can hide (`hide=` takes a comma list
/// of [`Hidden::PARTS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Hidden {
    /// The run's settings form (the training view, the two runs compared).
    pub settings: bool,
    /// Train, pause, step and reset, with the step and loss readouts.
    pub controls: bool,
    /// The predict-then-reveal questions.
    pub questions: bool,
}

impl Hidden {
    /// The names `hide=` accepts, in the order a link writes them.
    pub const PARTS: [&'static str; 3] = ["settings", "controls", "questions"];

    fn flags(&self) -> [bool; 3] {
        [self.settings, self.controls, self.questions]
    }

    /// Each part's name and whether it is hidden (the page's `hide-NAME` classes).
    pub fn parts(&self) -> impl Iterator<Item = (&'static str, bool)> {
        Self::PARTS.into_iter().zip(self.flags())
    }

    /// Whether nothing is hidden.
    pub fn is_empty(&self) -> bool {
        !self.flags().contains(&true)
    }

    /// The comma list a link writes.
    pub fn to_list(&self) -> String {
        let names: Vec<&str> = self.parts().filter(|(_, on)| *on).map(|(n, _)| n).collect();
        names.join(",")
    }

    /// Read a comma list; the names it does not know are returned.
    pub fn parse(list: &str) -> (Hidden, Vec<String>) {
        let mut hidden = Hidden::default();
        let mut unknown = vec![];
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "settings" => hidden.settings = true,
                "controls" => hidden.controls = true,
                "questions" => hidden.questions = true,
                _ => unknown.push(name.to_string()),
            }
        }
        (hidden, unknown)
    }
}

/// A value of the link that could not be used, with its parameter name.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkProblem {
    pub param: String,
    pub value: String,
}

/// An on/off setting in a link: `1` or `0`.
fn flag(on: bool) -> &'static str {
    if on {
        "1"
    } else {
        "0"
    }
}

/// The inverse of [`flag`]; anything else is a problem with the link.
fn parse_flag(value: &str) -> Option<bool> {
    match value.trim() {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    }
}

fn norm_name(norm: NormPlacement) -> &'static str {
    match norm {
        NormPlacement::Post => "post",
        NormPlacement::Pre => "pre",
    }
}

impl DeepLink {
    /// The query string (without `?`), in a fixed order.
    pub fn to_query(&self) -> String {
        let mut q = form_urlencoded::Serializer::new(String::new());
        if let Some(lang) = self.lang {
            q.append_pair("lang", lang.code());
        }
        if let Some(task) = self.task {
            q.append_pair("task", task.name());
        }
        if let Some(s) = &self.settings {
            q.append_pair(SettingsField::Seed.name(), &s.seed.to_string());
            q.append_pair(SettingsField::DModel.name(), &s.d_model.to_string());
            q.append_pair(SettingsField::NHeads.name(), &s.n_heads.to_string());
            q.append_pair(SettingsField::NLayers.name(), &s.n_layers.to_string());
            q.append_pair(SettingsField::DFf.name(), &s.d_ff.to_string());
            q.append_pair(SettingsField::Dropout.name(), &s.dropout.to_string());
            q.append_pair(
                SettingsField::WarmupSteps.name(),
                &s.warmup_steps.to_string(),
            );
            q.append_pair(SettingsField::LrFactor.name(), &s.lr_factor.to_string());
            q.append_pair(
                SettingsField::LabelSmoothing.name(),
                &s.label_smoothing.to_string(),
            );
            q.append_pair(SettingsField::Norm.name(), norm_name(s.norm));
            q.append_pair(SettingsField::BatchSize.name(), &s.batch_size.to_string());
            q.append_pair("pe", flag(s.positional_encoding));
            q.append_pair("tie", flag(s.tie_weights));
        }
        if let Some(start) = self.start {
            let name = match start {
                Start::Pretrained => "pretrained",
                Start::Scratch => "scratch",
            };
            q.append_pair("start", name);
        }
        if let Some(view) = &self.view {
            q.append_pair("view", view);
        }
        if let Some(kind) = self.kind {
            q.append_pair("kind", kind.name());
        }
        for (name, value) in [
            ("layer", self.layer),
            ("head", self.head),
            ("query", self.query),
        ] {
            if let Some(v) = value {
                q.append_pair(name, &(v + 1).to_string());
            }
        }
        if let Some(text) = &self.text {
            q.append_pair("text", text);
        }
        if let Some(strategy) = &self.decode {
            q.append_pair("decode", strategy.name());
            match strategy {
                Strategy::Greedy => {}
                Strategy::Beam(b) => {
                    q.append_pair("beam", &b.size.to_string());
                    q.append_pair("alpha", &b.alpha.to_string());
                }
                Strategy::Sample(s) => {
                    q.append_pair("temperature", &s.temperature.to_string());
                    q.append_pair("top_k", &s.top_k.to_string());
                    q.append_pair("top_p", &s.top_p.to_string());
                    q.append_pair("sample_seed", &s.seed.to_string());
                }
            }
        }
        if self.present {
            q.append_pair("present", "1");
        }
        if let Some(view) = &self.embed {
            q.append_pair("embed", view);
        }
        if !self.hide.is_empty() {
            q.append_pair("hide", &self.hide.to_list());
        }
        q.finish()
    }

    /// Read a query string (with or without `?`). Unknown parameters are
    /// ignored; unusable values are returned as problems and left out.
    pub fn parse(query: &str) -> (DeepLink, Vec<LinkProblem>) {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut link = DeepLink::default();
        let mut problems = vec![];
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let get = |name: &str| pairs.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v);
        let mut bad = |param: &str, value: &str| {
            problems.push(LinkProblem {
                param: param.to_string(),
                value: value.chars().take(40).collect(),
            })
        };
        if let Some(v) = get("lang") {
            link.lang = Locale::parse(v);
            if link.lang.is_none() {
                bad("lang", v);
            }
        }
        if let Some(v) = get("task") {
            link.task = TaskKind::parse(v);
            if link.task.is_none() {
                bad("task", v);
            }
        }
        if let Some(task) = link.task {
            let mut s = Settings::toy(task);
            let mut ok = true;
            macro_rules! field {
                ($name:expr, $field:expr) => {
                    if let Some(v) = get(SettingsField::name($name)) {
                        match v.trim().parse() {
                            Ok(x) => $field = x,
                            Err(_) => {
                                bad(SettingsField::name($name), v);
                                ok = false;
                            }
                        }
                    }
                };
            }
            field!(SettingsField::Seed, s.seed);
            field!(SettingsField::DModel, s.d_model);
            field!(SettingsField::NHeads, s.n_heads);
            field!(SettingsField::NLayers, s.n_layers);
            field!(SettingsField::DFf, s.d_ff);
            field!(SettingsField::Dropout, s.dropout);
            field!(SettingsField::WarmupSteps, s.warmup_steps);
            field!(SettingsField::LrFactor, s.lr_factor);
            field!(SettingsField::LabelSmoothing, s.label_smoothing);
            field!(SettingsField::BatchSize, s.batch_size);
            if let Some(v) = get(SettingsField::Norm.name()) {
                match v.as_str() {
                    "post" => s.norm = NormPlacement::Post,
                    "pre" => s.norm = NormPlacement::Pre,
                    _ => {
                        bad(SettingsField::Norm.name(), v);
                        ok = false;
                    }
                }
            }
            for (name, setting) in [
                ("pe", &mut s.positional_encoding),
                ("tie", &mut s.tie_weights),
            ] {
                if let Some(v) = get(name) {
                    match parse_flag(v) {
                        Some(on) => *setting = on,
                        None => {
                            bad(name, v);
                            ok = false;
                        }
                    }
                }
            }
            if let Err(e) = s.validate() {
                for p in e.problems {
                    let value = get(p.field.name()).cloned().unwrap_or_default();
                    bad(p.field.name(), &value);
                }
                ok = false;
            }
            link.settings = ok.then_some(s);
        }
        if let Some(v) = get("start") {
            link.start = match v.as_str() {
                "pretrained" => Some(Start::Pretrained),
                "scratch" => Some(Start::Scratch),
                _ => {
                    bad("start", v);
                    None
                }
            };
        }
        if let Some(v) = get("view") {
            if crate::panels::index_of(v).is_some() {
                link.view = Some(v.clone());
            } else {
                bad("view", v);
            }
        }
        if let Some(v) = get("kind") {
            link.kind = AttentionKind::from_name(v);
            if link.kind.is_none() {
                bad("kind", v);
            }
        }
        let mut one_based = |name: &str| -> Option<usize> {
            let v = get(name)?;
            match v.trim().parse::<usize>() {
                Ok(n) if n >= 1 => Some(n - 1),
                _ => {
                    bad(name, v);
                    None
                }
            }
        };
        link.layer = one_based("layer");
        link.head = one_based("head");
        link.query = one_based("query");
        if let Some(v) = get("text") {
            if v.chars().count() <= MAX_LINK_TEXT {
                link.text = Some(v.clone());
            } else {
                bad("text", v);
            }
        }
        if let Some(v) = get("decode") {
            macro_rules! knob {
                ($name:literal, $field:expr, $ok:ident) => {
                    if let Some(v) = get($name) {
                        match v.trim().parse() {
                            Ok(x) => $field = x,
                            Err(_) => {
                                bad($name, v);
                                $ok = false;
                            }
                        }
                    }
                };
            }
            let mut ok = true;
            let strategy = match v.as_str() {
                "greedy" => Some(Strategy::Greedy),
                "beam" => {
                    let mut b = Beam::default();
                    knob!("beam", b.size, ok);
                    knob!("alpha", b.alpha, ok);
                    Some(Strategy::Beam(b))
                }
                "sample" => {
                    let mut s = Sampling::default();
                    knob!("temperature", s.temperature, ok);
                    knob!("top_k", s.top_k, ok);
                    knob!("top_p", s.top_p, ok);
                    knob!("sample_seed", s.seed, ok);
                    Some(Strategy::Sample(s))
                }
                _ => {
                    bad("decode", v);
                    None
                }
            };
            link.decode = strategy.filter(|s| {
                let checked = s.check().is_ok();
                if !checked {
                    bad("decode", v);
                }
                ok && checked
            });
        }
        link.present = get("present").is_some_and(|v| v == "1" || v == "true");
        if let Some(v) = get("embed") {
            if crate::panels::index_of(v).is_some() {
                link.embed = Some(v.clone());
                // One view alone: there are no panels to step through.
                link.present = false;
            } else {
                bad("embed", v);
            }
        }
        if let Some(v) = get("hide") {
            let (hide, unknown) = Hidden::parse(v);
            link.hide = hide;
            for name in unknown {
                bad("hide", &name);
            }
        }
        (link, problems)
    }
}

#[cfg(test)]
mod tests;
