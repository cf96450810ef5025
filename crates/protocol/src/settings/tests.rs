use super::*;

#[test]
fn the_learning_rate_is_the_noam_rate_of_the_settings_and_never_panics() {
    let s = Settings::toy(TaskKind::Copy);
    for step in [1, 2, s.warmup_steps, 10 * s.warmup_steps] {
        let by_hand = lab_math::noam_rate(step, s.d_model, s.warmup_steps, f64::from(s.lr_factor));
        assert_eq!(s.learning_rate(step), by_hand);
    }
    let zero = Settings {
        d_model: 0,
        warmup_steps: 0,
        ..s
    };
    assert!(zero.learning_rate(1).is_finite());
}

#[test]
fn the_heaviest_settings_the_form_allows_are_refused_for_memory_with_the_number() {
    let shape = TaskShape::of(&Dataset::build(TaskKind::EnJa, 1));
    let toy = Settings::toy(TaskKind::EnJa);
    assert_eq!(toy.check_memory(&shape), Ok(()));
    let heaviest = Settings {
        d_model: MAX_D_MODEL,
        n_heads: 8,
        n_layers: MAX_LAYERS,
        d_ff: MAX_D_FF,
        batch_size: MAX_BATCH,
        ..toy.clone()
    };
    assert_eq!(heaviest.validate(), Ok(()), "the form accepts it");
    let refused = heaviest
        .check_memory(&shape)
        .expect_err("too big for a worker");
    let Rule::Memory {
        needed: Some(needed),
        max,
    } = refused.problems[0].rule
    else {
        panic!("{refused:?}")
    };
    assert_eq!(max, MAX_WORKER_BYTES);
    assert!(needed > max, "{needed}");
    assert!(refused.to_string().contains(&max.to_string()), "{refused}");
    // The same model with a small batch fits.
    let small_batch = Settings {
        batch_size: 8,
        ..heaviest
    };
    assert_eq!(small_batch.check_memory(&shape), Ok(()));
    assert_eq!(
        small_batch.workload(&shape).sentences,
        4,
        "a shard of the batch"
    );
}

#[test]
fn toy_preset_is_valid() {
    for task in TaskKind::ALL {
        assert_eq!(Settings::toy(task).validate(), Ok(()));
    }
}

#[test]
fn d_model_not_divisible_by_heads_is_explained() {
    let s = Settings {
        n_heads: 3,
        ..Settings::toy(TaskKind::Copy)
    };
    let err = s.validate().expect_err("64 is not divisible by 3");
    assert_eq!(err.problems[0].field, SettingsField::NHeads);
    assert!(err.to_string().contains("divisible"), "{err}");
}

#[test]
fn each_problem_names_its_rule_with_the_numbers_and_travels_as_data() {
    let s = Settings {
        d_model: 63,
        n_heads: 4,
        lr_factor: f32::NAN,
        dropout: 1.0,
        ..Settings::toy(TaskKind::Copy)
    };
    let err = s.validate().expect_err("four problems");
    let rules: Vec<(&str, &Rule)> = err
        .problems
        .iter()
        .map(|p| (p.field.name(), &p.rule))
        .collect();
    assert_eq!(
        rules,
        [
            ("d_model", &Rule::Even { got: 63 }),
            (
                "n_heads",
                &Rule::Divisible {
                    d_model: 63,
                    n_heads: 4
                }
            ),
            ("dropout", &Rule::fraction(1.0)),
            (
                "lr_factor",
                &Rule::Factor {
                    max: MAX_LR_FACTOR,
                    got: "NaN".into()
                }
            ),
        ]
    );
    let json = serde_json::to_string(&err).expect("no number is NaN in the text");
    assert_eq!(
        serde_json::from_str::<SettingsError>(&json).ok(),
        Some(err.clone())
    );
    assert!(
        err.problems[3].message.contains("(0, 10]"),
        "{}",
        err.problems[3].message
    );
}

#[test]
fn every_bad_field_is_reported_at_once() {
    let s = Settings {
        d_model: 0,
        dropout: 1.5,
        batch_size: 0,
        ..Settings::toy(TaskKind::Copy)
    };
    let fields: Vec<SettingsField> = s
        .validate()
        .expect_err("three problems")
        .problems
        .into_iter()
        .map(|p| p.field)
        .collect();
    assert!(
        [
            SettingsField::DModel,
            SettingsField::Dropout,
            SettingsField::BatchSize
        ]
        .iter()
        .all(|f| fields.contains(f)),
        "{fields:?}"
    );
}

#[test]
fn every_field_is_named_as_the_settings_serialise() {
    let json = serde_json::to_value(Settings::toy(TaskKind::Copy)).expect("plain data");
    let keys: Vec<&str> = json
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    let mut names: Vec<&str> = SettingsField::ALL.iter().map(|f| f.name()).collect();
    let mut keys = keys;
    keys.sort();
    names.sort();
    assert_eq!(names, keys, "one SettingsField per field of Settings");
    for field in SettingsField::ALL {
        assert_eq!(
            serde_json::to_value(field).expect("a name"),
            serde_json::Value::String(field.name().into()),
            "a refused setting names its field on the wire as the settings do"
        );
    }
}
