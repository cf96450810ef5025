//! `bench`: training steps per second of the toy preset, one line per backend.
//!
//! The workload is [`lab_train::bench::steps_per_second`]; the wasm half of
//! the comparison runs the same function in Node (`cargo xtask bench`) and
//! prints lines of the same form. `--d-model` and `--batch-size` time the
//! same workload at other sizes (`cargo xtask sweep`).

use lab_protocol::Settings;
use lab_train::bench::{
    steps_per_second, steps_per_second_two_threads, steps_per_second_with, WARMUP_STEPS,
};
use lab_train::Backend;

/// Sizes that replace the toy preset's in `bench` and `dump-batches`.
#[derive(clap::Args, Debug, Default, Clone, Copy)]
pub struct Size {
    /// d_model (the preset's n_heads and d_ff stay).
    #[arg(long)]
    pub d_model: Option<usize>,
    /// Sentence pairs per batch.
    #[arg(long)]
    pub batch_size: Option<usize>,
}

impl Size {
    /// `settings` with these sizes, checked by `Settings::validate`.
    pub fn apply(self, mut settings: Settings) -> Result<Settings, String> {
        settings.d_model = self.d_model.unwrap_or(settings.d_model);
        settings.batch_size = self.batch_size.unwrap_or(settings.batch_size);
        settings.validate().map_err(|e| e.to_string())?;
        Ok(settings)
    }

    fn is_preset(self) -> bool {
        self.d_model.is_none() && self.batch_size.is_none()
    }
}

/// The benchmark workload, or with `task` the toy preset of that task (the
/// pretrained models' recipe): what `bench` times and `dump-batches` writes.
pub fn workload(task: Option<&str>) -> Result<Settings, String> {
    Ok(match task {
        None => lab_train::bench::settings(),
        Some(task) => Settings::toy(task.parse()?),
    })
}

/// `bench [--steps N] [--backend NAME] [--d-model D] [--batch-size B] [--threads T] [--task T]`.
/// With 2 threads a backend is named `<backend>-2-threads`.
pub fn run(
    steps: usize,
    backend: Option<&str>,
    size: Size,
    threads: u8,
    task: Option<&str>,
) -> Result<(), String> {
    let steps = u32::try_from(steps).map_err(|_| format!("{steps} steps is too many"))?;
    let chosen = chosen(backend)?;
    let settings = size.apply(workload(task)?)?;
    for backend in chosen {
        let (per_s, name) = if threads == 2 {
            let per_s = steps_per_second_two_threads(&settings, backend, WARMUP_STEPS, steps)?;
            (per_s, format!("{}-2-threads", backend.name()))
        } else if size.is_preset() && task.is_none() {
            let per_s = steps_per_second(backend, WARMUP_STEPS, steps)?;
            (per_s, backend.name().to_string())
        } else {
            let per_s = steps_per_second_with(&settings, backend, WARMUP_STEPS, steps)?;
            (per_s, backend.name().to_string())
        };
        println!("bench {name} native steps_per_s={per_s:.2}");
    }
    Ok(())
}

/// The compiled-in backends named `name`, or all of them.
fn chosen(name: Option<&str>) -> Result<Vec<Backend>, String> {
    let all = Backend::available();
    let Some(name) = name else { return Ok(all) };
    let names: Vec<&str> = all.iter().map(|b| b.name()).collect();
    let picked: Vec<Backend> = all.into_iter().filter(|b| b.name() == name).collect();
    if picked.is_empty() {
        return Err(format!(
            "--backend {name} is not compiled in (available: {})",
            names.join(", ")
        ));
    }
    Ok(picked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_tasks::TaskKind;

    #[test]
    fn sizes_replace_the_presets_and_are_validated() {
        let toy = Settings::toy(TaskKind::EnJa);
        let size = Size {
            d_model: Some(128),
            batch_size: Some(16),
        };
        let sized = size.apply(toy.clone()).expect("valid sizes");
        assert_eq!((sized.d_model, sized.batch_size), (128, 16));
        assert_eq!((sized.n_heads, sized.d_ff), (toy.n_heads, toy.d_ff));
        assert_eq!(Size::default().apply(toy.clone()), Ok(toy.clone()));
        let odd = Size {
            d_model: Some(66),
            batch_size: None,
        };
        assert!(odd.apply(toy).is_err(), "4 heads do not divide 66");
    }

    #[test]
    fn a_task_names_its_toy_preset_and_no_task_the_bench_workload() {
        assert_eq!(workload(None), Ok(lab_train::bench::settings()));
        assert_eq!(
            workload(Some("real-en-ja")),
            Ok(Settings::toy(TaskKind::RealEnJa))
        );
        assert!(workload(Some("klingon")).is_err());
    }

    #[test]
    fn a_backend_is_picked_by_name() {
        assert_eq!(chosen(Some("flex")), Ok(vec![Backend::Flex]));
        assert_eq!(chosen(None), Ok(Backend::available()));
        assert!(chosen(Some("cuda")).is_err_and(|e| e.contains("flex")));
    }
}
