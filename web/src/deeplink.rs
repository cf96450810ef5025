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
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let mut r = QueryReader {
            pairs: &pairs,
            problems: vec![],
        };
        let mut link = DeepLink {
            lang: r.read("lang", Locale::parse),
            task: r.read("task", TaskKind::parse),
            ..DeepLink::default()
        };
        link.settings = link.task.and_then(|task| read_settings(&mut r, task));
        link.start = r.read("start", |v| match v {
            "pretrained" => Some(Start::Pretrained),
            "scratch" => Some(Start::Scratch),
            _ => None,
        });
        link.view = r.read("view", known_panel);
        link.kind = r.read("kind", AttentionKind::from_name);
        link.layer = r.one_based("layer");
        link.head = r.one_based("head");
        link.query = r.one_based("query");
        link.text = r.read("text", |v| {
            (v.chars().count() <= MAX_LINK_TEXT).then(|| v.to_string())
        });
        if let Some(v) = r.get("decode") {
            link.decode = read_decode(&mut r, v);
        }
        link.present = r.get("present").is_some_and(|v| v == "1" || v == "true");
        if let Some(view) = r.read("embed", known_panel) {
            link.embed = Some(view);
            // One view alone: there are no panels to step through.
            link.present = false;
        }
        if let Some(v) = r.get("hide") {
            let (hide, unknown) = Hidden::parse(v);
            link.hide = hide;
            for name in unknown {
                r.bad("hide", &name);
            }
        }
        (link, r.problems)
    }
}

/// A link's parameters being read, with the problems found so far.
struct QueryReader<'q> {
    pairs: &'q [(String, String)],
    problems: Vec<LinkProblem>,
}

impl<'q> QueryReader<'q> {
    /// The value of parameter `name`; when a link repeats it, the last one.
    fn get(&self, name: &str) -> Option<&'q String> {
        let pairs = self.pairs;
        pairs.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// Report `value` of `param` as unusable (its first 40 characters).
    fn bad(&mut self, param: &str, value: &str) {
        self.problems.push(LinkProblem {
            param: param.to_string(),
            value: value.chars().take(40).collect(),
        });
    }

    /// Parameter `name` read by `parse`: `None` if the link does not give it,
    /// or gives a value `parse` rejects (then reported).
    fn read<T>(&mut self, name: &str, parse: impl FnOnce(&str) -> Option<T>) -> Option<T> {
        let v = self.get(name)?;
        let read = parse(v);
        if read.is_none() {
            self.bad(name, v);
        }
        read
    }

    /// Parameter `name` parsed into `slot`, if the link gives it. False when
    /// the value is unreadable (reported, and `slot` left as it was).
    fn read_into<T: std::str::FromStr>(&mut self, name: &str, slot: &mut T) -> bool {
        let Some(v) = self.get(name) else {
            return true;
        };
        match v.trim().parse() {
            Ok(x) => {
                *slot = x;
                true
            }
            Err(_) => {
                self.bad(name, v);
                false
            }
        }
    }

    /// A layer, head or query number: 1-based in the link, 0-based here.
    fn one_based(&mut self, name: &str) -> Option<usize> {
        self.read(name, |v| match v.trim().parse::<usize>() {
            Ok(n) if n >= 1 => Some(n - 1),
            _ => None,
        })
    }
}

/// `id`, if it names a panel of the page (`app::panels`).
fn known_panel(id: &str) -> Option<String> {
    crate::panels::index_of(id).map(|_| id.to_string())
}

/// The settings a link gives for `task`, over the task's toy settings:
/// `None` when any value is unreadable or they fail `Settings::validate`
/// (every problem is reported).
fn read_settings(r: &mut QueryReader, task: TaskKind) -> Option<Settings> {
    let mut s = Settings::toy(task);
    let mut ok = read_numeric_settings(r, &mut s);
    if let Some(v) = r.get(SettingsField::Norm.name()) {
        match v.as_str() {
            "post" => s.norm = NormPlacement::Post,
            "pre" => s.norm = NormPlacement::Pre,
            _ => {
                r.bad(SettingsField::Norm.name(), v);
                ok = false;
            }
        }
    }
    for (name, setting) in [
        ("pe", &mut s.positional_encoding),
        ("tie", &mut s.tie_weights),
    ] {
        if let Some(v) = r.get(name) {
            match parse_flag(v) {
                Some(on) => *setting = on,
                None => {
                    r.bad(name, v);
                    ok = false;
                }
            }
        }
    }
    if let Err(e) = s.validate() {
        for p in e.problems {
            let value = r.get(p.field.name()).cloned().unwrap_or_default();
            r.bad(p.field.name(), &value);
        }
        ok = false;
    }
    ok.then_some(s)
}

/// The numeric settings a link gives, read into `s`, in the order
/// [`DeepLink::to_query`] writes them; false if any was unreadable.
fn read_numeric_settings(r: &mut QueryReader, s: &mut Settings) -> bool {
    // `&=` rather than `&&`: every field is read, so every problem is reported.
    let mut ok = r.read_into(SettingsField::Seed.name(), &mut s.seed);
    ok &= r.read_into(SettingsField::DModel.name(), &mut s.d_model);
    ok &= r.read_into(SettingsField::NHeads.name(), &mut s.n_heads);
    ok &= r.read_into(SettingsField::NLayers.name(), &mut s.n_layers);
    ok &= r.read_into(SettingsField::DFf.name(), &mut s.d_ff);
    ok &= r.read_into(SettingsField::Dropout.name(), &mut s.dropout);
    ok &= r.read_into(SettingsField::WarmupSteps.name(), &mut s.warmup_steps);
    ok &= r.read_into(SettingsField::LrFactor.name(), &mut s.lr_factor);
    ok &= r.read_into(SettingsField::LabelSmoothing.name(), &mut s.label_smoothing);
    ok &= r.read_into(SettingsField::BatchSize.name(), &mut s.batch_size);
    ok
}

/// The decoding strategy `decode=NAME` with its knobs (`beam`, `alpha`, or
/// `temperature`, `top_k`, `top_p`, `sample_seed`): `None` when the name or
/// a knob is unreadable, or the strategy fails its own check.
fn read_decode(r: &mut QueryReader, name: &str) -> Option<Strategy> {
    let mut ok = true;
    let strategy = match name {
        "greedy" => Some(Strategy::Greedy),
        "beam" => {
            let mut b = Beam::default();
            ok &= r.read_into("beam", &mut b.size);
            ok &= r.read_into("alpha", &mut b.alpha);
            Some(Strategy::Beam(b))
        }
        "sample" => {
            let mut s = Sampling::default();
            ok &= r.read_into("temperature", &mut s.temperature);
            ok &= r.read_into("top_k", &mut s.top_k);
            ok &= r.read_into("top_p", &mut s.top_p);
            ok &= r.read_into("sample_seed", &mut s.seed);
            Some(Strategy::Sample(s))
        }
        _ => {
            r.bad("decode", name);
            None
        }
    };
    strategy.filter(|s| {
        let checked = s.check().is_ok();
        if !checked {
            r.bad("decode", name);
        }
        ok && checked
    })
}

#[cfg(test)]
mod tests;
